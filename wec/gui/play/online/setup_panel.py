"""The set-up of an online game agreed before it starts (docs/PROTOCOL.md, "The set-up"; the
manual's WiFi game): each player wishes a colour (the same wish resolved at random), either
proposes a starting position and the other accepts or refuses, and either starts the game
("Setup Fine") once both are there."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QPushButton)

from wec.gui.play.online.session import OnlineSession
from wec.rules import scenarios


def position_words(scenario: str | None) -> str:
    return scenario.replace("_", " ").capitalize() if scenario else "Standard game"


class SetupPanel(QGroupBox):
    """Shown while the set-up lasts; every change comes back from the server as a `setup`
    event and is shown from it."""

    def __init__(self, session: OnlineSession) -> None:
        super().__init__("Set-up before the game")
        self.setObjectName("online_setup")
        self.session = session
        self.filling = False
        self.people = QLabel("")
        self.people.setWordWrap(True)
        self.wish = QComboBox()
        self.wish.setObjectName("setup_wish")
        self.wish.addItems(["black", "white", "random"])
        self.wish.currentTextChanged.connect(self._picked)
        self.agreed = QLabel("")
        self.position = QComboBox()
        self.position.setObjectName("setup_position")
        self.position.addItem("Standard game", None)
        for name in scenarios.SCENARIOS:
            if name == "standard":
                continue  # the standard game is the first entry
            self.position.addItem(position_words(name), name)
        self.propose = QPushButton("Propose")
        self.propose.setObjectName("setup_propose")
        self.propose.clicked.connect(lambda: session.propose(self.position.currentData()))
        self.proposal = QLabel("")
        self.proposal.setWordWrap(True)
        self.accept = QPushButton("Accept")
        self.accept.setObjectName("setup_accept")
        self.accept.clicked.connect(lambda: session.answer(True))
        self.refuse = QPushButton("Refuse")
        self.refuse.setObjectName("setup_refuse")
        self.refuse.clicked.connect(lambda: session.answer(False))
        self.begin = QPushButton("Start the game")
        self.begin.setObjectName("setup_begin")
        self.begin.clicked.connect(session.begin)
        form = QFormLayout(self)
        form.addRow(self.people)
        form.addRow("Your colour", self.wish)
        form.addRow("Agreed", self.agreed)
        row = QHBoxLayout()
        row.addWidget(self.position, 1)
        row.addWidget(self.propose)
        form.addRow("Position", row)
        answer = QHBoxLayout()
        answer.addWidget(self.proposal, 1)
        answer.addWidget(self.accept)
        answer.addWidget(self.refuse)
        form.addRow(answer)
        form.addRow(self.begin)
        self.hide()

    def _picked(self, side: str) -> None:
        if not self.filling:
            self.session.pick(side)

    def show_setup(self, frame: dict[str, Any]) -> None:
        """Fill the panel from a `setup` event."""
        role = str(frame.get("role"))
        other = "guest" if role == "host" else "host"
        names = frame.get("names") or {}
        presence = frame.get("presence") or {}
        there = presence.get(other) == "connected"
        wishes = frame.get("wishes") or {}
        self.people.setText(f"You: {names.get(role, '?')} ({role}). Opponent: "
                            + (f"{names.get(other)}, wishes {wishes.get(other, 'random')}"
                               if there else "not joined yet") + ".")
        self.filling = True
        self.wish.setCurrentText(str(wishes.get(role, "random")))
        self.filling = False
        agreed = frame.get("agreed") or {}
        self.agreed.setText(position_words(agreed.get("scenario")))
        proposal = frame.get("proposal")
        mine = proposal is not None and proposal.get("by") == role
        if proposal is None:
            self.proposal.setText("")
        else:
            who = "You propose" if mine else "Your opponent proposes"
            self.proposal.setText(f"{who}: {position_words(proposal.get('scenario'))}")
        self.accept.setVisible(proposal is not None and not mine)
        self.refuse.setVisible(proposal is not None and not mine)
        self.begin.setEnabled(there)
        self.show()
