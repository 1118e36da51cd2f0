"""Small dialogs: game status text, colours, game over, errors, Square Select."""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QColorDialog, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QGridLayout, QLabel, QMessageBox, QPushButton, QSpinBox,
                               QTextBrowser, QVBoxLayout, QWidget)

import wec

from wec.gui.drawing import glyphs
from wec.gui.play.interaction import LEVEL_NAMES
from wec.gui.widgets.options_form import label_of


def status_text(game: wec.Game, mode: str, human: str, ai_level: int, *,
                seen: Any = None, side: str | None = None) -> str:
    """View > Game status: how the game is set up, in words. `seen` is what the side at the
    screen reads (its observation; the game when nothing is hidden): pieces are counted there."""
    seen = game if seen is None else seen
    opts = game.options
    who = {"hotseat": "Hotseat: two humans at this computer",
           "human_vs_computer": f"You play {human} against the computer (level {ai_level})",
           "computer_vs_computer": f"Computer vs computer (level {ai_level})"}[mode]
    lines = [f"<h3>Turn {game.turn}, {game.to_move} to move</h3>", f"<p>{who}.</p>"]
    if game.result:
        lines.append(f"<p><b>Game over: {game.result}"
                     f"{' wins' if game.result != 'draw' else ''}.</b></p>")
    lines.append(f"<p>Governments: Black {opts.government_black}, White "
                 f"{opts.government_white}. Competitive: {'yes' if game.competitive else 'no'}."
                 f"</p>")
    changes = opts.changes()
    if changes:
        rows = "".join(f"<tr><td>{label_of(k)}</td><td>{v}</td></tr>" for k, v in changes.items())
        lines.append(f"<p>Options changed from the standard game:</p><table>{rows}</table>")
    else:
        lines.append("<p>Standard game options.</p>")
    where = f"on the board as {side.capitalize()} sees it" if side else "on the board"
    lines.append(f"<p>{game.ply} actions played; {len(seen.pieces('black'))} Black and "
                 f"{len(seen.pieces('white'))} White pieces {where}.</p>")
    return "".join(lines)


class TextDialog(QDialog):
    def __init__(self, title: str, html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("text_dialog")
        lay = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setHtml(html)
        lay.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(520, 420)


class ColoursDialog(QDialog):
    """View > Colours: one button per palette colour; each opens a colour picker."""

    def __init__(self, palette: glyphs.Palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Colours")
        self.setObjectName("colours_dialog")
        self.palette_ = palette.copy()
        self.buttons: dict[str, QPushButton] = {}
        lay = QVBoxLayout(self)
        grid = QGridLayout()
        for i, name in enumerate(self.palette_.names()):
            grid.addWidget(QLabel(name.replace("_", " ").replace(".", ": ").capitalize()), i, 0)
            b = QPushButton()
            b.setObjectName(f"colour_{name}")
            b.setFixedWidth(90)
            b.clicked.connect(lambda _=False, n=name: self.pick(n))
            grid.addWidget(b, i, 1)
            self.buttons[name] = b
            self._show(name)
        lay.addLayout(grid)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel
                               | QDialogButtonBox.StandardButton.RestoreDefaults)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        box.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self.defaults)
        lay.addWidget(box)

    def _show(self, name: str) -> None:
        c = self.palette_.get(name)
        self.buttons[name].setStyleSheet(f"background: {c.name()}; border: 1px solid #444;")
        self.buttons[name].setText(c.name())

    def set_colour(self, name: str, colour: QColor) -> None:
        self.palette_.set(name, colour)
        self._show(name)

    def pick(self, name: str) -> None:
        c = QColorDialog.getColor(self.palette_.get(name), self, f"Colour: {name}",
                                  QColorDialog.ColorDialogOption.ShowAlphaChannel)
        if c.isValid():
            self.set_colour(name, c)

    def defaults(self) -> None:
        self.palette_ = glyphs.DEFAULT_PALETTE.copy()
        for name in self.buttons:
            self._show(name)

    def changed(self) -> dict[str, str]:
        """Colours that differ from the defaults, as #aarrggbb."""
        out = {}
        for name in self.palette_.names():
            c = self.palette_.get(name)
            if c != glyphs.DEFAULT_PALETTE.get(name):
                out[name] = c.name(QColor.NameFormat.HexArgb)
        return out


def game_over_text(game: wec.Game) -> str:
    r = game.result
    if r == "draw":
        return "The game is drawn."
    last = game.actions()[-1] if game.actions() else ""
    how = " on time" if game.flagged else " by resignation" if last.startswith("RESIGN") else ""
    return f"{str(r).capitalize()} wins{how}."


def error_box(parent: QWidget | None, title: str, message: str) -> QMessageBox:
    box = QMessageBox(QMessageBox.Icon.Critical, title, message, QMessageBox.StandardButton.Ok,
                      parent)
    box.setObjectName("error_box")
    return box


class SquareSelectDialog(QDialog):
    """File > Square Select by keyboard: name a square and level, then click it with either
    button (`click(row, col, level, button)`, the board's own click)."""

    def __init__(self, click: Callable[[int, int, str, Qt.MouseButton], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Square select")
        self.setObjectName("square_select")
        self.click = click
        form = QFormLayout(self)
        self.row = QSpinBox()
        self.row.setRange(1, 10)
        self.col = QSpinBox()
        self.col.setRange(1, 10)
        self.level = QComboBox()
        for code, name in LEVEL_NAMES.items():
            self.level.addItem(name, code)
        form.addRow("Row", self.row)
        form.addRow("Column", self.col)
        form.addRow("Level", self.level)
        buttons = QDialogButtonBox()
        self.left = buttons.addButton("Select / Move (left)",
                                      QDialogButtonBox.ButtonRole.AcceptRole)
        self.right = buttons.addButton("Fire (right)", QDialogButtonBox.ButtonRole.ActionRole)
        close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.left.clicked.connect(lambda: self._click(Qt.MouseButton.LeftButton))
        self.right.clicked.connect(lambda: self._click(Qt.MouseButton.RightButton))
        close.clicked.connect(self.reject)
        form.addRow(buttons)

    def _click(self, button: Qt.MouseButton) -> None:
        self.click(self.row.value(), self.col.value(), str(self.level.currentData()), button)
