"""The play window's menus and toolbar, as the manual has them: File, Play, View, Undo, Action,
Help. Each action is named (its object name is the key of `actions_by_name`, which the tests and
the Help window's shortcut list use) and calls the controller of its concern.
"""
from __future__ import annotations

import re
from functools import partial
from typing import Any, Callable, Protocol

from PySide6.QtCore import QSize
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QPushButton, QToolBar

from wec.ai import LEVELS
from wec.gui.play.computer import ComputerPlayer
from wec.gui.play.eval_bar import EvalGauge
from wec.gui.play.game_files import GameFiles
from wec.gui.play.host import PlayWindow
from wec.gui.play.human import HumanPlayer
from wec.gui.play.navigation import Navigation
from wec.gui.play.new_game_dialog import level_words, scenario_title
from wec.gui.play.offers import Offers
from wec.gui.play.paste import PastePosition
from wec.gui.play.preferences_menu import PreferencesMenu
from wec.gui.play.seats import Seats
from wec.gui.play.sounds import Sounds
from wec.gui.play.views import Views
from wec.rules import scenarios

SIDES = (("hotseat", "&Hotseat"), ("human_vs_computer", "Human vs &computer"),
         ("computer_vs_computer", "Computer vs computer (&autoplay)"))
LEFT_MODES = (("move", "&Move (left button)", "M"), ("pickup", "&Pickup", "P"),
              ("drop", "&Drop", "D"), ("exchange", "E&xchange", "X"),
              ("reinforce", "&Reinforce", "R"))
VIEW_SWITCHES = (("&Reinforcements", "reserves", None, "show_reserves"),
                 ("Lettered &discs instead of shapes", "discs", "Ctrl+D", "discs"),
                 ("&Lighting", "lighting", "Ctrl+L", "lighting"),
                 ("&Big board only", "big_board", "Ctrl+B", "big_board"),
                 ("Last-seen &markers", "last_seen", None, "last_seen"),
                 ("Show &possible locations of hidden enemies", "possible_locations", None,
                  "possible_locations"),
                 ("&Animate computer moves", "animate", None, "animate"))


def if_on(fn: Callable[[], Any]) -> Callable[[bool], None]:
    """A slot for a checkable action that calls `fn` when it is switched on."""
    def slot(on: bool) -> None:
        if on:
            fn()
    return slot


class MenuHost(PlayWindow, Protocol):
    """The play window as its menus see it: its controllers, and its own windows."""

    views: Views
    seats: Seats
    computer: ComputerPlayer
    human: HumanPlayer
    offers: Offers
    navigation: Navigation
    files: GameFiles
    preferences: PreferencesMenu
    sounds: Sounds
    eval_gauge: EvalGauge
    paste: PastePosition

    def open_board_editor(self) -> Any: ...

    def open_online(self, tab: str | None = None) -> Any: ...

    def square_select(self) -> Any: ...

    def show_status(self) -> Any: ...

    def show_legend(self) -> Any: ...

    def show_help(self, tab: str = "rules") -> Any: ...


class MenuBuilder:
    """Builds the menus and the toolbar of the play window; each action calls the controller
    of its concern."""

    def __init__(self, window: MenuHost) -> None:
        self.w = window
        self.actions: dict[str, QAction] = {}

    def act(self, menu: QMenu, text: str, slot: Callable[..., Any], shortcut: str | None = None,
            *, checkable: bool = False, checked: bool = False, name: str = "") -> QAction:
        a = QAction(text, self.w.as_widget())
        if shortcut:
            a.setShortcut(QKeySequence(shortcut))
        a.setCheckable(checkable)
        if checkable:
            a.setChecked(checked)
            a.toggled.connect(slot)
        else:
            a.triggered.connect(lambda _=False: slot())
        a.setObjectName(name or re.sub(r"\W+", "_", text.lower()).strip("_"))
        menu.addAction(a)
        self.actions[a.objectName()] = a
        return a

    def group(self, menu: QMenu, items: list[tuple[str, Callable[[], Any], bool, str]],
              shortcuts: tuple[str | None, ...] = ()) -> QActionGroup:
        """Checkable actions of which one is on: (text, slot when switched on, checked, name)."""
        group = QActionGroup(self.w.as_widget())
        for i, (text, fn, checked, name) in enumerate(items):
            key = shortcuts[i] if i < len(shortcuts) else None
            group.addAction(self.act(menu, text, if_on(fn), key, checkable=True,
                                     checked=checked, name=name))
        return group

    def build(self) -> dict[str, QAction]:
        mb = self.w.menuBar()
        self.file_menu(mb.addMenu("&File"))
        self.play_menu(mb.addMenu("&Play"))
        self.view_menu(mb.addMenu("&View"))
        self.undo_menu(mb.addMenu("&Undo"))
        left_group = self.action_menu(mb.addMenu("&Action"))
        self.help_menu(mb.addMenu("&Help"))
        self.toolbar(left_group)
        return self.actions

    def file_menu(self, f: QMenu) -> None:
        w, files = self.w, self.w.files
        self.act(f, "&New", files.new_game, "Ctrl+N", name="new")
        self.act(f, "&Load…", files.load_dialog, "Ctrl+O", name="load")
        scen = f.addMenu("Load s&cenario")
        for sname, about in scenarios.SCENARIOS.items():
            act = self.act(scen, scenario_title(sname), partial(files.load_scenario, sname),
                           name=f"scenario_{sname}")
            act.setToolTip(about)
        scen.setToolTipsVisible(True)
        self.act(f, "&Save", files.save, "Ctrl+S", name="save")
        self.act(f, "Save &As…", files.save_as_dialog, "Ctrl+Shift+S", name="save_as")
        f.addSeparator()
        self.act(f, "&Board Editor…", w.open_board_editor, "Ctrl+E", name="board_editor")
        self.act(f, "&Reopen the last unfinished game", files.continue_after_crash,
                 name="continue")
        self.act(f, "Resume an o&nline game…", partial(w.open_online, "resume"),
                 name="online_resume")
        self.act(f, "&Copy history (text)", w.navigation.copy_history, "Ctrl+Shift+C",
                 name="copy_history")
        self.act(f, "&Paste position (JSON)", w.paste.paste, "Ctrl+Shift+V",
                 name="paste_position")
        self.act(f, "Square Select by &keyboard…", w.square_select, "Ctrl+K",
                 name="square_select")
        f.addSeparator()
        self.act(f, "&Quit", w.as_widget().close, "Ctrl+Q", name="quit")

    def play_menu(self, p: QMenu) -> None:
        w, prefs = self.w, self.w.preferences
        self.act(p, "&Options…", prefs.options_dialog, "Ctrl+P", name="options")
        sides = p.addMenu("&Sides")
        self.group(sides, [(label, partial(w.seats.set_mode, mode), w.prefs.mode == mode,
                            f"mode_{mode}") for mode, label in SIDES])
        sides.addSeparator()
        self.group(sides, [(f"I play {color.capitalize()}", partial(w.seats.set_human, color),
                            w.prefs.human == color, f"human_{color}")
                           for color in ("black", "white")])
        level = p.addMenu("Computer &level")
        self.group(level, [(level_words(n), partial(prefs.set_level, n), w.prefs.ai_level == n,
                            f"level_{n}") for n in sorted(LEVELS)])
        govs = p.addMenu("&Government")
        for color in ("black", "white"):
            current = w.prefs.options.get(f"government_{color}", "monarchy")
            self.group(govs.addMenu(color.capitalize()), [
                (g.capitalize(), partial(prefs.set_option, f"government_{color}", g),
                 current == g, f"gov_{color}_{g}")
                for g in ("monarchy", "dictatorship", "theocracy", "democracy")])
        self.act(p, "&Competitive mode", prefs.set_competitive, checkable=True,
                 checked=bool(w.prefs.options.get("competitive", False)), name="competitive")
        p.addSeparator()
        self.act(p, "Computer: play &now", w.computer.play_now, "Ctrl+M", name="ai_now")
        self.act(p, "&Stop thinking", w.worker.stop, "Ctrl+.", name="ai_stop")
        self.act(p, "&Pause autoplay", w.computer.pause, checkable=True, name="ai_pause")
        p.addSeparator()
        self.act(p, "&Resign", w.offers.resign, name="resign")
        self.act(p, "Offer &draw", w.offers.offer_draw, name="offer_draw")
        self.act(p, "&Hint", w.offers.hint, "Ctrl+Shift+H", name="hint")
        p.addSeparator()
        self.act(p, "&Online…", w.open_online, name="online")
        self.act(p, "&Watch an online game…", partial(w.open_online, "watch"),
                 name="online_watch")
        p.addSeparator()
        self.act(p, "Save current settings as &preferences", prefs.save_preferences,
                 name="save_prefs")
        self.act(p, "Restore original &defaults", prefs.restore_defaults,
                 name="restore_defaults")

    def view_menu(self, v: QMenu) -> None:
        w = self.w
        self.act(v, "Game &status…", w.show_status, "Ctrl+I", name="status")
        self.act(v, "Move &history", w.history.setVisible, "Ctrl+H", checkable=True,
                 checked=True, name="show_history")
        for text, pref, key, name in VIEW_SWITCHES:
            self.act(v, text, partial(w.views.set_view, pref), key, checkable=True,
                     checked=getattr(w.prefs, pref), name=name)
        self.act(v, "&Colours…", w.preferences.colours_dialog, name="colours")
        self.act(v, "&Flip board", partial(w.views.set_view, "flipped"), "Ctrl+F",
                 checkable=True, checked=w.prefs.flipped, name="flip")
        self.act(v, "&Turn the board to the player at the screen (hotseat)",
                 partial(w.views.set_view, "turn_board"), checkable=True,
                 checked=w.prefs.turn_board, name="turn_board")
        self.act(v, "E&valuation bar", w.eval_gauge.set_shown, checkable=True,
                 checked=w.prefs.eval_bar, name="eval_bar")
        self.act(v, "S&ounds", w.sounds.set_sound, checkable=True, checked=not w.sounds.muted,
                 name="sounds")
        self.act(v, "L&egend…", w.show_legend, name="legend")

    def undo_menu(self, u: QMenu) -> None:
        nav = self.w.navigation
        self.act(u, "&Undo", nav.undo, "Ctrl+Z", name="undo")
        self.act(u, "&Redo", nav.redo, "Ctrl+Y", name="redo")
        u.addSeparator()
        for text, where, key, name in (
                ("Go to &start", "first", "Home", "goto_start"),
                ("&Previous turn", "prev", "Left", "prev_turn"),
                ("&Next turn", "next", "Right", "next_turn"),
                ("Go to &end", "last", "End", "goto_end"),
                ("Previous &action", "prev_action", "Ctrl+Left", "prev_action"),
                ("Next a&ction", "next_action", "Ctrl+Right", "next_action")):
            self.act(u, text, partial(nav.navigate, where), key, name=name)

    def action_menu(self, am: QMenu) -> QActionGroup:
        w = self.w
        left_group = self.group(am, [(label, partial(w.human.set_left_mode, mode),
                                      mode == "move", f"left_{mode}")
                                     for mode, label, _ in LEFT_MODES],
                                tuple(key for _, _, key in LEFT_MODES))
        am.addSeparator()
        self.act(am, "Fire: right-click the firing piece", partial(
            w.say, "Right-click a piece of yours to fire, then a yellow square or framed "
                   "target."), name="fire_help")
        self.act(am, "&Cancel selection", w.human.cancel_selection, "Esc", name="cancel")
        self.act(am, "&End Turn", w.human.end_turn, "Ctrl+Return", name="end_turn")
        return left_group

    def help_menu(self, h: QMenu) -> None:
        w = self.w
        self.act(h, "&Rules", partial(w.show_help, "rules"), "F1", name="help_rules")
        self.act(h, "&Keyboard shortcuts", partial(w.show_help, "keys"), name="help_keys")
        self.act(h, "&Legend", partial(w.show_help, "legend"), name="help_legend")
        h.addSeparator()
        self.act(h, "&About WEC", partial(w.show_help, "about"), name="help_about")

    def toolbar(self, left_group: QActionGroup) -> None:
        w = self.w
        tb = QToolBar("Game")
        w.toolbar = tb
        tb.setObjectName("toolbar")
        tb.setIconSize(QSize(16, 16))
        w.as_widget().addToolBar(tb)
        for name in ("new", "load", "save", "undo", "redo"):
            tb.addAction(self.actions[name])
        tb.addSeparator()
        for act in left_group.actions():
            tb.addAction(act)
        tb.addSeparator()
        w.end_turn_button = QPushButton("End Turn")
        w.end_turn_button.setObjectName("end_turn_button")
        w.end_turn_button.setToolTip("End Turn (Ctrl+Return)")
        w.end_turn_button.clicked.connect(w.human.end_turn)
        tb.addWidget(w.end_turn_button)
        tb.addSeparator()
        tb.addAction(self.actions["hint"])
