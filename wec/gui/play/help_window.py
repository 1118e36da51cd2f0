"""Help > Rules, Keyboard shortcuts, Legend, About: one window with a tab each.

The rules are the player's guide (docs/RULES-GUIDE.md), shipped inside the package as
wec/gui/play/help/rules-guide.md so an installed app reads it too (tests/gui/play/test_shell.py checks the
copy equals the guide). The shortcuts are read from the window's own actions, so the list is
never out of date. The legend is the board's (wec/gui/play/legend.py), as View > Legend shows it.
"""
from __future__ import annotations

from importlib import resources
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QTabWidget, QTableWidget,
                               QTableWidgetItem, QTextBrowser, QVBoxLayout, QWidget)

from wec._version import version
from wec.gui.play.legend import LegendWidget

RULES_FILE = "rules-guide.md"
MOUSE = [
    ("Left click a piece, then a yellow square", "Move it (or drag it)"),
    ("Right click a piece, then a yellow square or framed target", "Fire a weapon"),
    ("Click an action in the move list", "Show the position after it"),
]


def rules_text() -> str:
    """The rules guide (Markdown), from the installed package."""
    return resources.files("wec.gui.play").joinpath("help", RULES_FILE).read_text(encoding="utf-8")


def shortcut_rows(actions: list[Any]) -> list[tuple[str, str]]:
    """(keys, what they do) for every action with a shortcut, menus' order."""
    rows = []
    for act in actions:
        keys = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        if keys:
            rows.append((keys, act.text().replace("&", "").rstrip("…")))
    return rows


def about_html() -> str:
    """The About tab: what WEC is, and its version."""
    return (f"<h2>WEC — Weapon Chess</h2><p>Version {version()}.</p>"
            "<p>Weapon Chess on a 10×10 board with three levels per square (Air, Ground, Sub): "
            "pieces move, fire weapons, carry articles and hide (the rules: Help &gt; Rules).</p>"
            "<p>The engine, the computer player and this app are the WEC project; the rules "
            "follow the original game's manual.</p>")


class HelpWindow(QDialog):
    """The help, one tab per topic; `show_tab(name)` opens one ("rules", "keys", "legend",
    "about")."""

    def __init__(self, parent: QWidget | None = None, actions: list[Any] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("WEC help")
        self.setObjectName("help")
        self.resize(820, 700)
        self.tabs = QTabWidget()
        self.pages: dict[str, QWidget] = {}
        self.rules = QTextBrowser()
        self.rules.setObjectName("help_rules")
        self.rules.setOpenExternalLinks(True)
        self.rules.setMarkdown(rules_text())
        self._add("rules", "Rules", self.rules)
        self.keys = QTableWidget()
        self.keys.setObjectName("help_keys")
        rows = shortcut_rows(actions or []) + MOUSE
        self.keys.setColumnCount(2)
        self.keys.setRowCount(len(rows))
        self.keys.setHorizontalHeaderLabels(["Keys / mouse", "Does"])
        for i, (keys, does) in enumerate(rows):
            for j, text in enumerate((keys, does)):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.keys.setItem(i, j, item)
        self.keys.verticalHeader().hide()
        self.keys.resizeColumnsToContents()
        self.keys.horizontalHeader().setStretchLastSection(True)
        self._add("keys", "Keyboard shortcuts", self.keys)
        self._add("legend", "Legend", legend_widget())
        self.about = QTextBrowser()
        self.about.setObjectName("help_about")
        self.about.setHtml(about_html())
        self._add("about", "About", self.about)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.tabs, 1)
        lay.addWidget(buttons)

    def _add(self, name: str, title: str, page: QWidget) -> None:
        self.pages[name] = page
        self.tabs.addTab(page, title)

    def show_tab(self, name: str) -> None:
        page = self.pages.get(name)
        if page is not None:
            self.tabs.setCurrentWidget(page)


def legend_widget() -> QWidget:
    """The board's legend (wec/gui/play/legend.py), as View > Legend shows it."""
    return LegendWidget()
