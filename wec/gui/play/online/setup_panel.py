"""The set-up of an online game agreed before it starts (docs/PROTOCOL.md, "The set-up"; the
manual's WiFi game): each player wishes a colour (the same wish resolved at random), either
proposes a starting position and clocks, or a saved online game (one of the seat's own saves:
the server goes on from its own stored game, with the same players in the same colours), and
the other accepts or refuses; either starts the game ("Setup Fine") once both are there."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (QComboBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout,
                               QLabel, QPushButton)

from wec.gui.play.clocks import ClockChoice
from wec.gui.play.online.session import OnlineSession
from wec.online import saves
from wec.online.clocks import control_of
from wec.rules import scenarios

SAVES_FILTER = f"WEC online saves (*{saves.EXTENSION})"


def position_words(scenario: str | None) -> str:
    return scenario.replace("_", " ").capitalize() if scenario else "Standard game"


def terms_words(terms: dict[str, Any]) -> str:
    """A set-up's terms for people: the position and the clocks, or the saved game."""
    saved = terms.get("saved")
    if saved:
        names = saved.get("names") or {}
        return (f"the saved game of Black {names.get('black', '?')} and White "
                f"{names.get('white', '?')}, turn {saved.get('turn')} (each in the colour "
                f"played there)")
    control = control_of(terms.get("time_control"))
    clocks = f", clocks {control.label()}" if control is not None else ""
    return position_words(terms.get("scenario")) + clocks


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
        self.clock = ClockChoice()
        self.clock.combo.setObjectName("setup_clock")
        self.propose = QPushButton("Propose")
        self.propose.setObjectName("setup_propose")
        self.propose.clicked.connect(self._propose)
        self.propose_saved = QPushButton("Propose saved game…")
        self.propose_saved.setObjectName("setup_propose_saved")
        self.propose_saved.setToolTip("Go on with an unfinished online game of yours on this "
                                      "server, with the same players in the same colours")
        self.propose_saved.clicked.connect(self._propose_saved)
        self.proposal = QLabel("")
        self.proposal.setWordWrap(True)
        self.accept = QPushButton("Accept")
        self.accept.setObjectName("setup_accept")
        self.accept.clicked.connect(self._accept)
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
        form.addRow("Clocks", self.clock)
        form.addRow(self.propose_saved)
        form.addRow(self.proposal)  # a row of its own: a saved game takes a few lines
        answer = QHBoxLayout()
        answer.addStretch(1)
        answer.addWidget(self.accept)
        answer.addWidget(self.refuse)
        form.addRow(answer)
        form.addRow(self.begin)
        self.hide()

    def _propose(self) -> None:
        control = self.clock.time_control()
        self.session.propose(self.position.currentData(), None if control is None else {
            "base_seconds": control.base_seconds,
            "increment_seconds": control.increment_seconds})

    def choose_save(self, title: str) -> str | None:
        """A file chosen among the online saves (tests answer it themselves)."""
        path, _ = QFileDialog.getOpenFileName(self, title, saves.saves_folder(), SAVES_FILTER)
        return path or None

    def _read(self, path: str | None) -> saves.OnlineSave | None:
        if path is None:
            return None
        try:
            return saves.read_save(path)
        except (OSError, ValueError) as e:
            self.proposal.setText(f"Not an online save: {e}")
            return None

    def _propose_saved(self) -> None:
        save = self._read(self.choose_save("Propose a saved online game"))
        if save is not None:
            self.session.propose_saved(save.game, save.token)

    def _accept(self) -> None:
        """Accept the proposal; a saved game with this player's own save of its other side
        (found among the online saves, else chosen)."""
        frame = self.session.last_setup or {}
        saved = (frame.get("proposal") or {}).get("saved")
        if not saved:
            self.session.answer(True)
            return
        theirs = set((saved.get("sides") or {}).values())
        mine = [s for s in saves.saves_of_game(saved["game"]) if s.side not in theirs]
        save = mine[0] if mine else self._read(self.choose_save(
            f"Your save of the game {saved['game']}"))
        if save is not None:
            self.session.answer(True, save.token)

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
        self.agreed.setText(terms_words(agreed))
        proposal = frame.get("proposal")
        mine = proposal is not None and proposal.get("by") == role
        if proposal is None:
            self.proposal.setText("")
        else:
            who = "You propose" if mine else "Your opponent proposes"
            self.proposal.setText(f"{who}: {terms_words(proposal)}")
        saved = (proposal or {}).get("saved") or (agreed.get("saved") or {})
        self.proposal.setToolTip(f"Game {saved['game']}" if saved else "")
        self.agreed.setToolTip(self.proposal.toolTip())
        # a wrapped label in a form does not ask for its lines' height: a saved game's
        # words take three
        lines = 3 if proposal is not None and proposal.get("saved") else 1
        self.proposal.setMinimumHeight(self.proposal.fontMetrics().lineSpacing() * lines + 4)
        self.accept.setVisible(proposal is not None and not mine)
        self.refuse.setVisible(proposal is not None and not mine)
        self.begin.setEnabled(there)
        self.show()
