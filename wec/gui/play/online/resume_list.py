"""The Resume list of Play > Online… (File > Resume an online game… opens it): the seats the
app keeps (`online-seats.json`) beside the seats' own saves (`*.wec-online`, wec.online.saves:
the app's, in the data folder's `online-saves`, and any file chosen with Open a save file…, as
`wec online --save FILE` writes them), one line each, marked online, with the colour, the
opponent, the turn and the server's address when the save holds them. A save of a finished
game is left out; a save whose seat is also kept is one line."""
from __future__ import annotations

import os
from dataclasses import dataclass

from PySide6.QtWidgets import (QFileDialog, QHBoxLayout, QLabel, QListWidget, QPushButton,
                               QVBoxLayout, QWidget)

from wec.gui.play.online.saved_seats import load_seats
from wec.gui.play.online.session import SeatInfo
from wec.online import saves

SAVES_FILTER = f"WEC online saves (*{saves.EXTENSION})"


@dataclass
class Resumable:
    """One seat to reopen: what resuming needs, and its save file if it has one."""
    seat: SeatInfo
    save: saves.OnlineSave | None = None
    path: str | None = None

    def label(self) -> str:
        """One line: online, the colour, the opponent, the turn, the server's address."""
        seat = self.seat
        other = "white" if seat.side == "black" else "black"
        text = f"Online: you play {seat.side.capitalize()}"
        opponent = (self.save.names if self.save else {}).get(other)
        if opponent:
            text += f" against {opponent}"
        view = self.save.view if self.save else None
        if view:
            text += (f" — turn {view.get('turn', '?')}, "
                     f"{str(view.get('to_move', '?')).capitalize()} to move")
        return text + f" — {seat.url}" + (" (hosted here)" if seat.hosted else "")

    def details(self) -> str:
        """The game code and the save file (the line's tool tip)."""
        return f"Game {self.seat.game}" + (f"\nSave: {self.path}" if self.path else "")


def of_save(save: saves.OnlineSave, path: str) -> Resumable:
    return Resumable(SeatInfo(save.url, save.game, save.side, save.token, save.name), save,
                     path)


def read_resumable(path: str) -> Resumable:
    """The seat of an online save file; ValueError or OSError says why not."""
    return of_save(saves.read_save(path), path)


def save_files(folder: str) -> list[str]:
    """The online saves in `folder`, newest first."""
    try:
        names = [n for n in os.listdir(folder) if n.endswith(saves.EXTENSION)]
    except OSError:
        return []
    paths = [os.path.join(folder, n) for n in names]
    return sorted(paths, key=lambda p: (-os.path.getmtime(p), p))


def resumable_seats(folder: str | None = None) -> list[Resumable]:
    """The kept seats (newest first), each with its save when the folder (the app's online
    saves, by default) holds one, then the other unfinished saves of the folder."""
    found = [Resumable(seat) for seat in load_seats()]
    by_key = {(r.seat.game, r.seat.side): r for r in found}
    for path in save_files(folder or saves.saves_folder()):
        try:
            save = saves.read_save(path)
        except (OSError, ValueError):
            continue  # not a save (or unreadable): not offered
        if save.view is not None and save.view.get("result") is not None:
            continue  # a finished game
        kept = by_key.get((save.game, save.side))
        if kept is not None:
            if kept.save is None:
                kept.save, kept.path = save, path
            continue
        by_key[(save.game, save.side)] = of_save(save, path)
        found.append(by_key[(save.game, save.side)])
    return found


class ResumeTab(QWidget):
    """The list, and Open a save file… for a save kept elsewhere."""

    def __init__(self) -> None:
        super().__init__()
        self.entries = resumable_seats()
        self.list = QListWidget()
        self.list.setObjectName("online_resume_list")
        for entry in self.entries:
            self._add(entry)
        if self.entries:
            self.list.setCurrentRow(0)
        self.open_file = QPushButton("Open a save file…")
        self.open_file.setObjectName("online_open_save")
        self.open_file.setToolTip(f"An online save (*{saves.EXTENSION}) kept elsewhere, e.g. "
                                  "written by wec online --save")
        self.open_file.clicked.connect(self._open_file)
        self.note = QLabel("")
        self.note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Your seats in unfinished online games:"))
        layout.addWidget(self.list)
        row = QHBoxLayout()
        row.addWidget(self.open_file)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(self.note)

    def _add(self, entry: Resumable) -> None:
        self.list.addItem(entry.label())
        self.list.item(self.list.count() - 1).setToolTip(entry.details())

    def choose_file(self) -> str | None:
        """A file chosen among the online saves (tests answer it themselves)."""
        path, _ = QFileDialog.getOpenFileName(self, "Open an online save",
                                              saves.saves_folder(), SAVES_FILTER)
        return path or None

    def _open_file(self) -> None:
        path = self.choose_file()
        if path is None:
            return
        try:
            entry = read_resumable(path)
        except (OSError, ValueError) as e:
            self.note.setText(f"Not an online save: {e}")
            return
        same = [i for i, e in enumerate(self.entries)
                if (e.seat.game, e.seat.side) == (entry.seat.game, entry.seat.side)]
        if same:
            entry = self.entries[same[0]] = Resumable(self.entries[same[0]].seat, entry.save,
                                                      path)
            self.list.item(same[0]).setText(entry.label())
            self.list.item(same[0]).setToolTip(entry.details())
            self.list.setCurrentRow(same[0])
        else:
            self.entries.append(entry)
            self._add(entry)
            self.list.setCurrentRow(len(self.entries) - 1)
        self.note.setText("")

    def current(self) -> Resumable | None:
        row = self.list.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None
