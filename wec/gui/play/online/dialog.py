"""Play > Online…: Host a game (a server started in the app), Join one (address and game
code), Resume a seat saved earlier (a kept seat or an online save), Discover the games on the
local network, or Watch one as a spectator (address and game code)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QLabel, QLineEdit, QListWidget, QListWidgetItem, QSpinBox,
                               QTabWidget, QVBoxLayout, QWidget)

from wec.gui.play.clocks import ClockChoice
from wec.gui.play.online import discovery, launch
from wec.gui.play.online.resume_list import ResumeTab
from wec.online import protocol as p
from wec.rules import scenarios

HOST_TEXT = ("Host starts a game server in this app, reachable from your local network, and "
             "opens the game in a new window with its code and address: give both to your "
             "friend, who chooses Join.")


class OnlineDialog(QDialog):
    """The three ways to a seat; the seat opens in a new window (`make_window`)."""

    TABS = ("host", "join", "resume", "discover", "watch")

    def __init__(self, parent: QWidget, make_window: launch.WindowMaker) -> None:
        super().__init__(parent)
        self.setObjectName("online_dialog")
        self.setWindowTitle("Play online")
        self.make_window = make_window
        self.opened: Any = None
        self.tabs = QTabWidget()
        self.name = QLineEdit("Player")
        self.name.setMaxLength(p.MAX_NAME)
        self.side = QComboBox()
        self.side.addItems(["black", "white", "random"])
        host = QWidget()
        hl = QFormLayout(host)
        info = QLabel(HOST_TEXT)
        info.setWordWrap(True)
        hl.addRow(info)
        hl.addRow("Your colour", self.side)
        self.scenario = QComboBox()
        self.scenario.setObjectName("online_scenario")
        self.scenario.addItem("Standard game", None)
        for name in scenarios.SCENARIOS:
            if name == "standard":
                continue  # the standard game is the first entry
            self.scenario.addItem(name.replace("_", " ").capitalize(), name)
        hl.addRow("Starting position", self.scenario)
        self.clock = ClockChoice()
        self.clock.combo.setObjectName("online_clock")
        hl.addRow("Clocks", self.clock)
        self.grace = QSpinBox()
        self.grace.setObjectName("online_grace")
        self.grace.setRange(int(p.MIN_GRACE), int(p.MAX_GRACE))
        self.grace.setValue(int(p.DEFAULT_GRACE))
        self.grace.setSuffix(" s")
        self.grace.setToolTip("How long a player may be gone before the other may claim the "
                              "victory")
        hl.addRow("Claim after", self.grace)
        self.announce = QCheckBox("Announce it on the local network (Discover)")
        self.announce.setObjectName("online_announce")
        self.announce.setToolTip("Until your opponent joins, anyone on this network sees the "
                                 "game, and its code, in Discover")
        self.announce.setChecked(discovery.available())
        self.announce.setEnabled(discovery.available())
        hl.addRow(self.announce)
        self.negotiate = QCheckBox("Agree the colours and the position with your opponent first")
        self.negotiate.setObjectName("online_negotiate")
        hl.addRow(self.negotiate)
        join = QWidget()
        jl = QFormLayout(join)
        self.address = QLineEdit("ws://")
        self.address.setObjectName("online_address")
        self.code = QLineEdit("")
        self.code.setObjectName("online_game_code")
        self.code.setMaxLength(p.MAX_ID)
        jl.addRow("Address", self.address)
        jl.addRow("Game code", self.code)
        self.resume = ResumeTab()
        self.seat_list = self.resume.list
        self.tabs.addTab(host, "Host")
        self.tabs.addTab(join, "Join")
        self.tabs.addTab(self.resume, "Resume")
        self.tabs.addTab(self._discover_tab(), "Discover")
        self.tabs.addTab(self._watch_tab(), "Watch")
        self.note = QLabel("")
        self.note.setWordWrap(True)
        self.note.setObjectName("online_note")
        form = QFormLayout()
        form.addRow("Your name", self.name)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.go)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.tabs)
        layout.addWidget(self.note)
        layout.addWidget(buttons)

    @property
    def seats(self) -> list[Any]:
        """The seats of the Resume list, in its order."""
        return [entry.seat for entry in self.resume.entries]

    def show_tab(self, name: str) -> None:
        self.tabs.setCurrentIndex(self.TABS.index(name))

    def _watch_tab(self) -> QWidget:
        """Watch: a game followed as a spectator, by address and game code."""
        tab = QWidget()
        form = QFormLayout(tab)
        info = QLabel("Watch a game as a spectator: you see what both players see (nothing "
                      "hidden) until the end, then the whole game.")
        info.setWordWrap(True)
        form.addRow(info)
        self.watch_address = QLineEdit("ws://")
        self.watch_address.setObjectName("online_watch_address")
        self.watch_code = QLineEdit("")
        self.watch_code.setObjectName("online_watch_code")
        self.watch_code.setMaxLength(p.MAX_ID)
        form.addRow("Address", self.watch_address)
        form.addRow("Game code", self.watch_code)
        return tab

    def _discover_tab(self) -> QWidget:
        """The games announced on the local network, as they come and go."""
        tab = QWidget()
        layout = QVBoxLayout(tab)
        self.found = QListWidget()
        self.found.setObjectName("online_found")
        self.finder: discovery.Finder | None = None
        if discovery.available():
            layout.addWidget(QLabel("Games waiting for a player on this network:"))
            self.finder = discovery.Finder(self)
            self.finder.found.connect(self._found)
            self.finder.lost.connect(self._lost)
            finder = self.finder
            finder.start()
            self.finished.connect(lambda _result: finder.stop())
        else:
            layout.addWidget(QLabel("Discover needs the zeroconf package: "
                                    "pip install 'wec[online]'."))
        layout.addWidget(self.found)
        return tab

    def _found(self, entry: dict[str, Any]) -> None:
        self._lost(entry["key"])
        item = QListWidgetItem(f"{entry['name']} plays {entry['side'].capitalize()} — "
                               f"{entry['url']}")
        item.setData(Qt.ItemDataRole.UserRole, entry)
        self.found.addItem(item)
        if self.found.currentRow() < 0:
            self.found.setCurrentRow(0)

    def _lost(self, key: str) -> None:
        for row in range(self.found.count()):
            if self.found.item(row).data(Qt.ItemDataRole.UserRole)["key"] == key:
                self.found.takeItem(row)
                return

    def _time_control(self) -> dict[str, float] | None:
        control = self.clock.time_control()
        return None if control is None else {"base_seconds": control.base_seconds,
                                              "increment_seconds": control.increment_seconds}

    def _name(self) -> str:
        return self.name.text().strip()[:p.MAX_NAME] or "Player"

    def _opened(self, play: Any) -> None:
        self.opened = play
        self.accept()

    def _failed(self, message: str) -> None:
        self.note.setText(f"The server could not start: {message}")
        self.ok.setEnabled(True)

    def go(self) -> None:
        tab = self.tabs.currentIndex()
        if tab == 0:
            self.note.setText("Starting the server…")
            self.ok.setEnabled(False)  # one server per Host
            launch.host_game(self.make_window, self._name(), self.side.currentText(),
                             scenario=self.scenario.currentData(),
                             grace=float(self.grace.value()),
                             time_control=self._time_control(),
                             announce=self.announce.isChecked(),
                             setup=self.negotiate.isChecked(), on_started=self._opened,
                             on_failed=self._failed)
        elif tab == 1:
            address, code = self.address.text().strip(), self.code.text().strip()
            if not address.startswith(("ws://", "wss://")) or not code:
                self.note.setText("Give the address (ws://HOST:PORT/ws) and the game code.")
                return
            self._opened(launch.start_seat(self.make_window, address,
                                           first=p.Join(code, self._name())))
        elif tab == 3:
            item = self.found.currentItem()
            if item is None:
                self.note.setText("No game found on this network yet.")
                return
            entry = item.data(Qt.ItemDataRole.UserRole)
            self._opened(launch.start_seat(self.make_window, entry["url"],
                                           first=p.Join(entry["game"], self._name())))
        elif tab == 4:
            address, code = self.watch_address.text().strip(), self.watch_code.text().strip()
            if not address.startswith(("ws://", "wss://")) or not code:
                self.note.setText("Give the address (ws://HOST:PORT/ws) and the game code.")
                return
            self._opened(launch.watch_game(self.make_window, address, code))
        else:
            entry = self.resume.current()
            if entry is None:
                self.note.setText("No saved seat chosen.")
                return
            self.note.setText("Opening…")
            launch.resume_seat(self.make_window, entry.seat, on_started=self._opened,
                               on_failed=self._failed, save=entry.save, save_path=entry.path)
