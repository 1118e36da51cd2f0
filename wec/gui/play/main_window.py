"""The WEC main window: board, level panels, piece panel, history, menus (the manual's GUI chapter).

Menus as the manual: File, Play, View, Undo, Action. The window owns one `wec.Game`; everything it
shows is read through the facade, never the core, and through one `Seat` (wec/gui/play/seat.py), which
decides who is looking: against the computer the human's side; in hotseat with hidden pieces the
side to move, once it has taken down the hand-off cover that fills the whole window between turns
(R10.6); computer vs computer and a finished game show the whole game.

The board editor (package `editor`, another issue) is opened from File > Board Editor through
`editor.open_editor(parent, position, on_play=callback)`; the editor calls
`on_play(position_dict, mode)` to start a game from its position (`mode` one of
`wec.gui.play.settings.MODES` or None to keep the current one).
"""
from __future__ import annotations

import os
import re
import gc
import shutil
from functools import partial
from typing import Any, Callable

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout,
                               QHBoxLayout, QLabel, QMainWindow, QMenu, QMessageBox,
                               QProgressBar, QPushButton, QSpinBox, QSplitter, QStackedWidget,
                               QToolBar, QVBoxLayout, QWidget)

import wec
from wec import Action, IllegalActionError, WecError
from wec.files import autosave as autosaving
from wec.files.save import (AutosaveLock, autosave_at_start, data_dir, default_autosave_path,
                      keep_aside)
from wec.ai import LEVELS

from wec.gui.play import settings as settings_mod
from wec.gui.play.ai_worker import AIWorker
from wec.gui.play.analysis import AnalysisLine, accepts_draw, score_words
from wec.gui.play.board_widget import BoardWidget, Highlights
from wec.gui.play.dialogs import ColoursDialog, TextDialog, error_box, game_over_text, status_text
from wec.gui.play.handoff import HandOff
from wec.gui.play.history_panel import HistoryPanel
from wec.gui.play.interaction import LEVEL_NAMES, Outcome, Picker, cursor_name, describe
from wec.gui.play.last_turn import last_turn_arrows
from wec.gui.play.legend import LegendWidget
from wec.gui.play.move_list import plan_words
from wec.gui.play.new_game_dialog import level_words
from wec.gui.play.level_panels import LevelPanels
from wec.gui.play.orientation import bottom_side, is_flipped
from wec.gui.play.options_dialog import OptionsDialog
from wec.gui.play.piece_panel import PiecePanel
from wec.gui.play.seat import Seat, side_view
from wec.gui.play.settings import MODES, Preferences
from wec.gui.play.snapshot import BoardSnapshot
from wec.gui.play.turn_banner import MAX_FIRES, TurnBanner, fires_used, turn_facts

COMPUTER_WAITS = ("The computer waits (you went back): Redo (Ctrl+Y) replays its action, "
                  "Play > Computer: play now (Ctrl+M) lets it choose.")
RECOVERY_NAME = "recovery.json"
TURN_ENDS = ("END", "DRAW")


def _if_on(fn: Callable[[], Any]) -> Callable[[bool], None]:
    """A slot for a checkable action that calls `fn` when it is switched on."""
    def slot(on: bool) -> None:
        if on:
            fn()
    return slot


def _turn_end(text: str) -> bool:
    return text in TURN_ENDS or text.startswith("RESIGN")


class SquareSelectDialog(QDialog):
    """File > Square Select by keyboard: name a square and level, then click it with either
    button."""

    def __init__(self, parent: "MainWindow") -> None:
        super().__init__(parent)
        self.setWindowTitle("Square select")
        self.setObjectName("square_select")
        self.window_ = parent
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
        self.left = buttons.addButton("Select / Move (left)", QDialogButtonBox.ButtonRole.AcceptRole)
        self.right = buttons.addButton("Fire (right)", QDialogButtonBox.ButtonRole.ActionRole)
        close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.left.clicked.connect(lambda: self._click(Qt.MouseButton.LeftButton))
        self.right.clicked.connect(lambda: self._click(Qt.MouseButton.RightButton))
        close.clicked.connect(self.reject)
        form.addRow(buttons)

    def _click(self, button: Qt.MouseButton) -> None:
        self.window_.on_square_clicked(self.row.value(), self.col.value(),
                                       str(self.level.currentData()), button)


class MainWindow(QMainWindow):
    """The game window."""

    def __init__(self, game: wec.Game | None = None, *, prefs: Preferences | None = None,
                 persist: bool = True, autosave: bool = True, paused: bool = False) -> None:
        super().__init__()
        self.setObjectName("wec_main")
        self.persist = persist
        self.prefs = prefs or (settings_mod.load_preferences() if persist else Preferences())
        self.autosave_path = default_autosave_path() if autosave else None
        self.file_path: str | None = None
        self.left_mode = "move"
        self.picker = Picker()
        self.focus_square: tuple[int, int] | None = None
        self.selected_piece: Any = None
        self.ai_delay_ms = 350
        """Computer vs computer: the pause between turns, so a spectator can follow. A
        computer's turn itself has no pause: its time is the turn's setting."""
        self.ai_nodes: int | None = None
        """A node budget for the computer (tests use a small one)."""
        self.ai_paused = paused
        """Autoplay paused: the computer does not start by itself."""
        self.handoff_pending = False
        self.last_message = ""
        self.last_error = ""
        self.last_game_over = ""
        self.dialogs: list[QWidget] = []
        self.editor_window: QWidget | None = None
        self.choose: Callable[[str, list[str]], int | None] = self._choose_by_menu
        """Asks the player to pick one of several labels (tests replace it)."""
        self.confirm: Callable[[str, str], bool] = self._confirm_by_box
        self.worker = AIWorker(self)
        self.worker.progress.connect(self._ai_progress)
        self.worker.chosen.connect(self._ai_chosen)
        self.worker.failed.connect(self._ai_failed)
        self.worker.evaluated.connect(self._evaluated)
        self.judge_stamp: tuple = ()
        """The position a hint or a draw offer was asked for (a later answer is dropped)."""
        self.last_progress: tuple[int, int, int, str] | None = None
        self._build_widgets()
        self._build_menus()
        self.window_actions: list[QAction] = self.findChildren(QAction)
        """Every action of the window (menus, toolbar, shortcuts): all off under the cover."""
        self._apply_view_prefs()
        self.actions_by_name["ai_pause"].setChecked(paused)
        self.autosave_lock: AutosaveLock | None = None
        self.autosave_note: str | None = None
        """Why autosave is off, or what happened to an unreadable autosave (said at start)."""
        self.recovery_path = self._keep_crashed_autosave()
        self.game: wec.Game = wec.Game.new()
        self.game_serial = 0
        self.bars_shown: list[QWidget] = []
        self.seat = Seat(self.game, None, covered=False)
        self.source: Any = self.game
        self.turns: list[str] = []
        resumed = self._resumable() if game is None else None
        if resumed is not None and persist:
            self.prefs = settings_mod.load_session(self.prefs)
            self._check_menus()
        self.start_game(game or resumed or wec.Game.new(self._new_options()))
        if resumed is not None:
            self.say(f"Resumed your unfinished game (turn {resumed.turn}, "
                     f"{resumed.to_move.capitalize()} to move). File > New starts another.")
        if self.autosave_note:
            self.show_error("Autosave", self.autosave_note)
        self.resize(1280, 860)
        if persist:
            self._restore_layout()
        # everything made so far (Qt's wrappers, the modules, the rule tables) lives as long as
        # the program: out of the collector's full passes, which would otherwise stop the window
        # for 40-70 ms now and then (the passes themselves: wec/gui/play/collector.py)
        gc.freeze()

    # --- construction ----------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self.board = BoardWidget()
        self.board.setObjectName("board")
        self.board.squareClicked.connect(self.on_square_clicked)
        self.board.pieceDragged.connect(self.on_piece_dragged)
        self.board.keyNavigate.connect(self.navigate)
        self.board.drag_destinations = self.picker.destinations_of
        self.banner = TurnBanner()
        self.board_pane = QWidget()
        bl = QVBoxLayout(self.board_pane)
        bl.setContentsMargins(0, 0, 0, 0)
        bl.setSpacing(2)
        bl.addWidget(self.banner, 0)
        bl.addWidget(self.board, 1)
        self.handoff = HandOff()
        self.handoff.ready.connect(self.end_handoff)
        self.levels = LevelPanels()
        self.levels.setObjectName("level_panels")
        self.levels.pieceClicked.connect(self._piece_clicked)
        self.piece_panel = PiecePanel()
        self.piece_panel.setObjectName("piece_panel")
        self.history = HistoryPanel()
        self.history.setObjectName("history_panel")
        self.history.plyChosen.connect(self.goto_ply)
        self.history.navigate.connect(self.navigate)
        self.thinking = QWidget()
        self.thinking.setObjectName("thinking")
        tl = QHBoxLayout(self.thinking)
        tl.setContentsMargins(0, 0, 0, 0)
        self.thinking_bar = QProgressBar()
        self.thinking_bar.setRange(0, 0)
        self.thinking_bar.setMaximumWidth(80)
        self.thinking_label = QLabel("Thinking…")
        self.stop_button = QPushButton("Stop")
        self.stop_button.setObjectName("stop_ai")
        self.stop_button.setToolTip("Play the best action found so far")
        self.stop_button.clicked.connect(self.worker.stop)
        tl.addWidget(self.thinking_bar)
        tl.addWidget(self.thinking_label, 1)
        tl.addWidget(self.stop_button)
        self.thinking.hide()
        self.message = QLabel("")
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #7a2a00;")
        self.side = QWidget()
        sl = QVBoxLayout(self.side)
        sl.setContentsMargins(4, 0, 4, 4)
        sl.addWidget(self.levels, 3)
        sl.addWidget(self.piece_panel, 0)
        sl.addWidget(self.thinking, 0)
        self.analysis = AnalysisLine()
        sl.addWidget(self.analysis, 0)
        sl.addWidget(self.message, 0)
        sl.addWidget(self.history, 4)
        self.side.setMinimumWidth(300)
        self.splitter = QSplitter()
        self.splitter.addWidget(self.board_pane)
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([860, 380])
        # the game and the hand-off cover: while the cover is up it is all the window shows
        self.pages = QStackedWidget()
        self.pages.addWidget(self.splitter)
        self.pages.addWidget(self.handoff)
        self.setCentralWidget(self.pages)
        self.status_label = QLabel("")
        self.status_label.setObjectName("status_label")
        self.statusBar().addPermanentWidget(self.status_label)

    def _act(self, menu: QMenu, text: str, slot: Callable[..., Any], shortcut: str | None = None,
             *, checkable: bool = False, checked: bool = False, name: str = "") -> QAction:
        a = QAction(text, self)
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
        self.actions_by_name[a.objectName()] = a
        return a

    def _build_menus(self) -> None:
        self.actions_by_name: dict[str, QAction] = {}
        mb = self.menuBar()
        f = mb.addMenu("&File")
        self._act(f, "&New", self.new_game, "Ctrl+N", name="new")
        self._act(f, "&Load…", self.load_dialog, "Ctrl+O", name="load")
        scen = f.addMenu("Load s&cenario")
        from wec.rules import scenarios
        from wec.gui.play.new_game_dialog import scenario_title
        for sname, about in scenarios.SCENARIOS.items():
            act = self._act(scen, scenario_title(sname), partial(self.load_scenario, sname),
                            name=f"scenario_{sname}")
            act.setToolTip(about)
        scen.setToolTipsVisible(True)
        self._act(f, "&Save", self.save, "Ctrl+S", name="save")
        self._act(f, "Save &As…", self.save_as_dialog, "Ctrl+Shift+S", name="save_as")
        f.addSeparator()
        self._act(f, "&Board Editor…", self.open_board_editor, "Ctrl+E", name="board_editor")
        self._act(f, "&Reopen the last unfinished game", self.continue_after_crash,
                  name="continue")
        self._act(f, "&Copy history (text)", self.copy_history, "Ctrl+Shift+C",
                  name="copy_history")
        self._act(f, "Square Select by &keyboard…", self.square_select, "Ctrl+K",
                  name="square_select")
        f.addSeparator()
        self._act(f, "&Quit", self.close, "Ctrl+Q", name="quit")

        p = mb.addMenu("&Play")
        self._act(p, "&Options…", self.options_dialog, "Ctrl+P", name="options")
        sides = p.addMenu("&Sides")
        self.mode_group = QActionGroup(self)
        for mode, label in (("hotseat", "&Hotseat"), ("human_vs_computer", "Human vs &computer"),
                            ("computer_vs_computer", "Computer vs computer (&autoplay)")):
            a = self._act(sides, label, _if_on(partial(self.set_mode, mode)),
                          checkable=True, checked=self.prefs.mode == mode, name=f"mode_{mode}")
            self.mode_group.addAction(a)
        sides.addSeparator()
        self.side_group = QActionGroup(self)
        for color in ("black", "white"):
            a = self._act(sides, f"I play {color.capitalize()}",
                          _if_on(partial(self.set_human, color)), checkable=True,
                          checked=self.prefs.human == color, name=f"human_{color}")
            self.side_group.addAction(a)
        level = p.addMenu("Computer &level")
        self.level_group = QActionGroup(self)
        for n in sorted(LEVELS):
            a = self._act(level, level_words(n), _if_on(partial(self.set_level, n)),
                          checkable=True, checked=self.prefs.ai_level == n, name=f"level_{n}")
            self.level_group.addAction(a)
        govs = p.addMenu("&Government")
        for color in ("black", "white"):
            sub = govs.addMenu(color.capitalize())
            group = QActionGroup(self)
            current = self.prefs.options.get(f"government_{color}", "monarchy")
            for g in ("monarchy", "dictatorship", "theocracy", "democracy"):
                a = self._act(sub, g.capitalize(), _if_on(partial(self.set_option, f"government_{color}", g)), checkable=True,
                              checked=current == g, name=f"gov_{color}_{g}")
                group.addAction(a)
        self._act(p, "&Competitive mode", lambda on: self.set_competitive(on), checkable=True,
                  checked=bool(self.prefs.options.get("competitive", False)), name="competitive")
        p.addSeparator()
        self._act(p, "Computer: play &now", self.computer_play_now, "Ctrl+M", name="ai_now")
        self._act(p, "&Stop thinking", self.worker.stop, "Ctrl+.", name="ai_stop")
        self._act(p, "&Pause autoplay", lambda on: self.pause_ai(on), checkable=True,
                  name="ai_pause")
        p.addSeparator()
        self._act(p, "&Resign", self.resign, name="resign")
        self._act(p, "Offer &draw", self.offer_draw, name="offer_draw")
        self._act(p, "&Hint", self.hint, "Ctrl+Shift+H", name="hint")
        p.addSeparator()
        self._act(p, "Save current settings as &preferences", self.save_preferences,
                  name="save_prefs")
        self._act(p, "Restore original &defaults", self.restore_defaults, name="restore_defaults")

        v = mb.addMenu("&View")
        self._act(v, "Game &status…", self.show_status, "Ctrl+I", name="status")
        self._act(v, "Move &history", lambda on: self.history.setVisible(on), "Ctrl+H",
                  checkable=True, checked=True, name="show_history")
        self._act(v, "&Reinforcements", lambda on: self.set_view("reserves", on),
                  checkable=True, checked=self.prefs.reserves, name="show_reserves")
        self._act(v, "&Detailed piece shapes", lambda on: self.set_view("detailed", on),
                  "Ctrl+D", checkable=True, checked=self.prefs.detailed, name="detailed")
        self._act(v, "&Lighting", lambda on: self.set_view("lighting", on), "Ctrl+L",
                  checkable=True, checked=self.prefs.lighting, name="lighting")
        self._act(v, "&Big board only", lambda on: self.set_view("big_board", on), "Ctrl+B",
                  checkable=True, checked=self.prefs.big_board, name="big_board")
        self._act(v, "Last-seen &markers", lambda on: self.set_view("last_seen", on),
                  checkable=True, checked=self.prefs.last_seen, name="last_seen")
        self._act(v, "Show &possible locations of hidden enemies",
                  lambda on: self.set_view("possible_locations", on), checkable=True,
                  checked=self.prefs.possible_locations, name="possible_locations")
        self._act(v, "&Animate computer moves", lambda on: self.set_view("animate", on),
                  checkable=True, checked=self.prefs.animate, name="animate")
        self._act(v, "&Colours…", self.colours_dialog, name="colours")
        self._act(v, "&Flip board", lambda on: self.set_view("flipped", on), "Ctrl+F",
                  checkable=True, checked=self.prefs.flipped, name="flip")
        self._act(v, "&Turn the board to the player at the screen (hotseat)",
                  lambda on: self.set_view("turn_board", on), checkable=True,
                  checked=self.prefs.turn_board, name="turn_board")
        self._act(v, "L&egend…", self.show_legend, name="legend")

        u = mb.addMenu("&Undo")
        self._act(u, "&Undo", self.undo, "Ctrl+Z", name="undo")
        self._act(u, "&Redo", self.redo, "Ctrl+Y", name="redo")
        u.addSeparator()
        self._act(u, "Go to &start", lambda: self.navigate("first"), "Home", name="goto_start")
        self._act(u, "&Previous turn", lambda: self.navigate("prev"), "Left", name="prev_turn")
        self._act(u, "&Next turn", lambda: self.navigate("next"), "Right", name="next_turn")
        self._act(u, "Go to &end", lambda: self.navigate("last"), "End", name="goto_end")
        self._act(u, "Previous &action", lambda: self.navigate("prev_action"), "Ctrl+Left",
                  name="prev_action")
        self._act(u, "Next a&ction", lambda: self.navigate("next_action"), "Ctrl+Right",
                  name="next_action")

        am = mb.addMenu("&Action")
        self.left_group = QActionGroup(self)
        for mode, label, key in (("move", "&Move (left button)", "M"), ("pickup", "&Pickup", "P"),
                                 ("drop", "&Drop", "D"), ("exchange", "E&xchange", "X"),
                                 ("reinforce", "&Reinforce", "R")):
            act = self._act(am, label, _if_on(partial(self.set_left_mode, mode)), key,
                            checkable=True, checked=mode == "move", name=f"left_{mode}")
            self.left_group.addAction(act)
        am.addSeparator()
        self._act(am, "Fire: right-click the firing piece", lambda: self.say(
            "Right-click a piece of yours to fire, then a yellow square or framed target."),
            name="fire_help")
        self._act(am, "&Cancel selection", self.cancel_selection, "Esc", name="cancel")
        self.end_turn_action = self._act(am, "&End Turn", self.end_turn, "Ctrl+Return",
                                         name="end_turn")

        self._build_help_menu(mb.addMenu("&Help"))

        tb = QToolBar("Game")
        self.toolbar = tb
        tb.setObjectName("toolbar")
        tb.setIconSize(QSize(16, 16))
        self.addToolBar(tb)
        for name in ("new", "load", "save", "undo", "redo"):
            tb.addAction(self.actions_by_name[name])
        tb.addSeparator()
        for act in self.left_group.actions():
            tb.addAction(act)
        tb.addSeparator()
        self.end_turn_button = QPushButton("End Turn")
        self.end_turn_button.setObjectName("end_turn_button")
        self.end_turn_button.setToolTip("End Turn (Ctrl+Return)")
        self.end_turn_button.clicked.connect(self.end_turn)
        tb.addWidget(self.end_turn_button)
        tb.addSeparator()
        tb.addAction(self.actions_by_name["hint"])

    def _build_help_menu(self, h: QMenu) -> None:
        self._act(h, "&Rules", lambda: self.show_help("rules"), "F1", name="help_rules")
        self._act(h, "&Keyboard shortcuts", lambda: self.show_help("keys"), name="help_keys")
        self._act(h, "&Legend", lambda: self.show_help("legend"), name="help_legend")
        h.addSeparator()
        self._act(h, "&About WEC", lambda: self.show_help("about"), name="help_about")

    def show_help(self, tab: str = "rules") -> QWidget:
        """Help: the rules guide, the shortcuts, the legend, About (wec/gui/play/help_window.py)."""
        from wec.gui.play.help_window import HelpWindow
        dlg = HelpWindow(self, self.findChildren(QAction))
        dlg.show_tab(tab)
        self._show_dialog(dlg)
        return dlg

    # --- preferences and view --------------------------------------------------------------------

    def _new_options(self) -> wec.Options:
        try:
            return self.prefs.game_options()
        except WecError:
            return wec.Options()

    def _apply_view_prefs(self) -> None:
        p = self.prefs
        self.board.set_view(detailed=p.detailed, lighting=p.lighting, show_last_seen=p.last_seen,
                            show_possible=p.possible_locations, show_reserves=p.reserves,
                            flipped=self.board_flipped(), stretch=p.big_board)
        self.board.set_palette(p.palette())
        self.levels.detailed = p.detailed
        self.levels.lighting = p.lighting
        self.levels.palette_ = p.palette()
        self.side.setVisible(not p.big_board)
        self.levels.update()

    def board_flipped(self) -> bool:
        """Your own side at the bottom (wec/gui/play/orientation.py), turned by View > Flip board."""
        game = getattr(self, "game", None)
        seat = getattr(self, "seat", None)
        to_move = game.to_move if game is not None else "black"
        looking = seat.side if seat is not None else None
        bottom = bottom_side(self.prefs.mode, self.prefs.human, looking, to_move,
                             turn_board=self.prefs.turn_board)
        return is_flipped(bottom, self.prefs.flipped)

    def show_legend(self) -> LegendWidget:
        """View > Legend: every mark of the board, in a window of its own."""
        for shown in self.dialogs:
            if isinstance(shown, LegendWidget) and shown.isVisible():
                shown.raise_()
                return shown
        legend = LegendWidget()
        legend.setWindowTitle("WEC — Legend of the board")
        legend.setParent(self, Qt.WindowType.Window)
        self._show_dialog(legend)
        return legend

    def set_view(self, name: str, on: bool) -> None:
        setattr(self.prefs, name, bool(on))
        self._apply_view_prefs()
        if name == "possible_locations":
            # a view of the board, not a move: a selection or an aimed fire stays, and so
            # does its prompt
            pk = self.picker
            kept = (pk.stage, pk.candidates, pk.selected, self.game.ply)
            self.refresh()
            if kept[0] and kept[3] == self.game.ply and not self.handoff_pending:
                pk.stage, pk.candidates, pk.selected = kept[:3]
                self._update_highlights(self._turns())

    def set_mode(self, mode: str) -> None:
        if mode == self.prefs.mode:
            return
        self.prefs.mode = mode
        if self.persist:
            settings_mod.save_session(self.prefs)
        self.worker.cancel()
        self.thinking.hide()
        self.say(f"Play: {mode.replace('_', ' ')}.")
        self.refresh()
        self.schedule_ai()

    def set_human(self, color: str) -> None:
        if color == self.prefs.human:
            return
        self.prefs.human = color
        if self.persist:
            settings_mod.save_session(self.prefs)
        self.worker.cancel()
        self.thinking.hide()
        self.refresh()
        self.schedule_ai()

    def set_level(self, n: int) -> None:
        self.prefs.ai_level = n

    def set_option(self, name: str, value: Any) -> None:
        """Change one game option for the next new game (and keep it in the preferences)."""
        opts = dict(self.prefs.options)
        opts[name] = value
        try:
            self.prefs.options = wec.Options.from_dict(opts).changes()
        except WecError as e:
            self.show_error("Option not changed", str(e))
            return
        self.say(f"{name.replace('_', ' ')}: {value} — applies from the next New game.")

    def set_competitive(self, on: bool) -> None:
        self.set_option("competitive", bool(on))
        if on and not self.game.competitive and self.game.result is None:
            self.game.set_competitive()
            self.say("Competitive mode (R12.3): no undo, histories hide what a side cannot see.")
            self.refresh()

    def save_preferences(self) -> None:
        if self.persist:
            settings_mod.save_preferences(self.prefs)
        self.say("Current settings saved as your preferences.")

    def restore_defaults(self) -> None:
        self.prefs = Preferences()
        if self.persist:
            settings_mod.clear_preferences()
        self._apply_view_prefs()
        for name, act in self.actions_by_name.items():
            if name == f"mode_{self.prefs.mode}" or name == f"human_{self.prefs.human}" \
                    or name == f"level_{self.prefs.ai_level}" or name == "left_move":
                act.setChecked(True)
        self.say("Original defaults restored; they apply from the next New game.")
        self.refresh()

    # --- the game --------------------------------------------------------------------------------

    def start_game(self, game: wec.Game, path: str | None = None) -> None:
        """Make `game` the game in hand (autosaved after every action)."""
        self.worker.cancel()
        self.thinking.hide()
        self.board.stop_animation()
        if self.game is not None and self.game is not game:
            autosaving.stop(self.game)
        self.game = game
        self.game_serial += 1
        if self.persist:
            settings_mod.save_session(self.prefs)  # a resumed game is played the same way
        self.record_changed_from = 0
        self.first_turn = int(game.initial_position().get("turn", 1) or 1)
        self.file_path = path
        if self.autosave_path:
            autosaving.start(game, self.autosave_path,
                             on_error=lambda message: self.say(f"Autosave is off: {message}"))
        self._lift_cover()
        self.seat = Seat(game, None, covered=False)  # the new game's seat is decided afresh
        self.analysis.clear()
        self.judge_stamp = ()
        self.selected_piece = None
        self.last_game_over = ""
        self.setWindowTitle("WEC — Weapon Chess" + (f" — {os.path.basename(path)}" if path else ""))
        self.refresh()
        if self.needs_handoff():
            self.begin_handoff()
        self.schedule_ai()

    def new_game(self) -> QDialog:
        """File > New: the New Game dialog (wec/gui/play/new_game_dialog.py)."""
        from wec.gui.play.new_game_dialog import NewGameDialog
        dlg = NewGameDialog(self.prefs, self)
        dlg.accepted.connect(lambda: self._new_game_chosen(dlg))
        self._show_dialog(dlg)
        return dlg

    def _new_game_chosen(self, dlg: Any) -> None:
        try:
            game = dlg.result_game()
            prefs = dlg.result_preferences()
        except (WecError, OSError, KeyError) as e:
            self.show_error("Cannot start the game", str(e))
            return
        if not self.may_discard("New game"):
            return
        self.prefs = prefs
        self._check_menus()
        self.start_game(game)
        name = dlg.scenario.currentText() if dlg.scenario.currentData() else "New game"
        self.say(f"{name}: {dlg.mode.currentText().lower()}.")

    def new_game_now(self) -> None:
        """A new standard game with the current settings, at once."""
        self.start_game(wec.Game.new(self._new_options()))
        self.say("New game.")

    def game_in_progress(self) -> bool:
        return self.game.ply > 0 and self.game.result is None

    def may_discard(self, title: str) -> bool:
        """Ask before the game in hand is put away for another (nothing is asked when there is
        nothing to lose)."""
        if not self.game_in_progress() or self.handoff_pending:
            return not self.handoff_pending
        return self.confirm(title, "Abandon the game in progress? (File > Save keeps it.)")

    def load_scenario(self, name: str) -> bool:
        """File > Load scenario: a predefined position (wec/scenarios; the manual's
        "predefined saved games")."""
        from wec.rules import scenarios
        from wec.gui.play.new_game_dialog import scenario_title
        if not self.may_discard("Load scenario"):
            return False
        try:
            game = wec.Game.from_position(scenarios.load(name))
        except (WecError, KeyError, OSError) as e:
            self.show_error("Cannot load the scenario", str(e))
            return False
        self.start_game(game)
        self.say(f"{scenario_title(name)}: {scenarios.SCENARIOS[name]}")
        return True

    def _check_menus(self) -> None:
        """The Play menu's ticks as the preferences say."""
        p = self.prefs
        for name in (f"mode_{p.mode}", f"human_{p.human}", f"level_{p.ai_level}"):
            act = self.actions_by_name.get(name)
            if act is not None:
                act.setChecked(True)

    def _resumable(self) -> wec.Game | None:
        """The unfinished game the last run left in the autosave (a chess GUI resumes it)."""
        if not self.recovery_path:
            return None
        try:
            game = wec.Game.load(self.recovery_path)
        except (WecError, OSError):
            return None
        return game if game.result is None and game.ply > 0 else None

    def _restore_layout(self) -> None:
        geometry, state = settings_mod.window_state()
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self.splitter.restoreState(state)

    def save_layout(self) -> None:
        """The window's geometry and the board / side panel split, for the next start."""
        if self.persist:
            settings_mod.save_window_state(self.saveGeometry(), self.splitter.saveState())

    def decide_seat(self) -> Seat:
        """Who is looking now (the one place that decides it; wec/gui/play/seat.py)."""
        self.seat = Seat.decide(self.game, self.prefs.mode, self.prefs.human,
                                covered=self.handoff_pending)
        return self.seat

    def viewer(self) -> str | None:
        """The side whose observation the views show; None shows the whole game."""
        return self.seat.side

    def is_computer(self, color: str) -> bool:
        mode = self.prefs.mode
        return mode == "computer_vs_computer" or (mode == "human_vs_computer"
                                                  and color != self.prefs.human)

    def human_to_act(self) -> bool:
        g = self.game
        return (g.result is None and not self.is_computer(g.to_move) and not self.handoff_pending
                and not self.worker.busy)

    def refresh(self) -> None:
        """Re-read the game, as the seat may see it, into the board, panels, history, actions
        and status."""
        g = self.game
        previous = self.seat.side
        seat = self.decide_seat()
        if not seat.covered and None not in (seat.side, previous) and seat.side != previous:
            self.begin_handoff()  # another side comes to the screen: only through the cover
            return
        source: Any = seat.source()
        self.source = source
        snap = seat.snapshot(source, possible_locations=self.prefs.possible_locations)
        self.snapshot = snap
        if self.board.flipped != self.board_flipped():
            self.board.set_view(flipped=self.board_flipped())
        self.board.set_snapshot(snap)
        legal = g.legal_actions() if self.human_to_act() else []
        mover = g.to_move
        # the mover's own pieces, read from what the seat sees (the mover is the seat's side
        # whenever a human may act)
        self.picker.reset(legal, moved=g.moved, over=g.result is not None,
                          own=lambda r, c: [p for p in source.pieces_at(r, c)
                                            if p.color == mover])
        turns = seat.history(source)
        self.turns = turns
        self._update_history(turns)
        self._update_highlights(turns)
        self.levels.show_square(snap, self.focus_square)
        if self.selected_piece is not None:
            p = self.selected_piece
            still = [q for q in snap.at(p.row, p.col, p.level) if q.type == p.type
                     and q.color == p.color]
            self.selected_piece = still[0] if still else None
        self.piece_panel.show_piece(self.selected_piece)
        self._update_actions()
        self._update_status()
        self._update_banner(source)
        self._update_cursor()

    def _update_banner(self, source: Any) -> None:
        """The whose-turn banner, from what the seat may read (wec/gui/play/turn_banner.py)."""
        if self.seat.covered:
            self.banner.clear()
            return
        g = self.game
        facts = turn_facts(source, self.seat.side, mode=self.prefs.mode, human=self.prefs.human,
                           level=self.prefs.ai_level,
                           result_text=game_over_text(g) if g.result else None)
        if g.result is None and g.redo_actions() and self.is_computer(g.to_move):
            facts.waiting = " — rewound: redo, or Play > Computer: play now"
        self.banner.show_facts(facts)

    def _update_cursor(self) -> None:
        """The cursor says what the left button does (the manual)."""
        shapes = {"open_hand": Qt.CursorShape.OpenHandCursor,
                  "pointing_hand": Qt.CursorShape.PointingHandCursor,
                  "drag_copy": Qt.CursorShape.DragCopyCursor, "cross": Qt.CursorShape.CrossCursor,
                  "arrow": Qt.CursorShape.ArrowCursor}
        name = cursor_name(self.left_mode, self.picker.stage) if self.human_to_act() else "arrow"
        self.board.setCursor(shapes[name])

    def _update_history(self, turns: list[str]) -> None:
        """The move list, from the actions that changed since the last refresh (wec/gui/play/
        history_panel.py): a new reader (hotseat's next side) reads it afresh."""
        g = self.game
        if self.seat.covered:
            self.history.clear()
            return
        key = (self.game_serial, self.seat.side)
        start = min(self.record_changed_from, len(self.history.notes)) \
            if key == self.history.key else 0
        self.record_changed_from = 1 << 62
        self.history.update_record(
            key, self.seat.notes(self.source, start), start, first_turn=self.first_turn,
            played=g.ply, turn_strings=turns + self.seat.history_ahead(len(turns)),
            rewind=not g.competitive)

    def _update_highlights(self, turns: list[str]) -> None:
        last: set[tuple[int, int]] = set()
        if self.game.moved or not turns:
            pass
        if turns:
            for r, c in re.findall(r"\((\d+),(\d+)\)", turns[-1].split(",RS:")[0]):
                last.add((int(r), int(c)))
        self.board.set_highlights(Highlights(self.picker.destinations(), self.picker.targets(),
                                             self.picker.selected, last,
                                             last_turn_arrows(turns[-1] if turns else None)))

    def _update_actions(self) -> None:
        g = self.game
        if self.handoff_pending:  # the cover: nothing but "I am ready"
            for act in self.window_actions:
                act.setEnabled(False)
            self.end_turn_button.setEnabled(False)
            return
        can_end = self.human_to_act() and g.moved
        self.end_turn_action.setEnabled(can_end)
        self.end_turn_button.setEnabled(can_end)
        back = not g.competitive
        self.actions_by_name["undo"].setEnabled(back and g.ply > 0)
        self.actions_by_name["redo"].setEnabled(back and bool(g.redo_actions()))
        self.actions_by_name["offer_draw"].setEnabled(
            g.result is None and (self.prefs.mode == "hotseat" or self.human_to_act()))
        self.actions_by_name["hint"].setEnabled(self.human_to_act())
        self.actions_by_name["resign"].setEnabled(g.result is None)

    def _update_status(self) -> None:
        g = self.game
        if self.handoff_pending:
            self.status_label.setText("")
            return
        if g.result:
            text = f"Game over: {game_over_text(g)}"
        else:
            who = "computer" if self.is_computer(g.to_move) else "you" if \
                self.prefs.mode == "human_vs_computer" else g.to_move
            if who == "computer" and not self.worker.busy and g.redo_actions():
                who = "the computer waits: Redo or Ctrl+M"  # rewound: it waits (defect 5)
            text = f"Turn {g.turn}: {g.to_move.capitalize()}" + (
                f" ({who})" if who in ("you", "computer") or who.startswith("the computer")
                else "")  # details: the banner
        self.status_label.setText(text)

    def say(self, text: str) -> None:
        """Explain or prompt (status bar and the message line)."""
        self.last_message = text
        self.message.setText(text)
        # the status bar is one line beside the turn label: a long text would be clipped, so
        # it stays in the (wrapping) message line only
        fits = self.statusBar().fontMetrics().horizontalAdvance(text) + \
            self.status_label.sizeHint().width() + 40 <= self.width()
        if fits:
            self.statusBar().showMessage(text, 8000)
        else:
            self.statusBar().clearMessage()

    # --- clicks ----------------------------------------------------------------------------------

    def on_square_clicked(self, row: int, col: int, level: str, button: Any) -> None:
        if self.handoff_pending:  # nothing of the game is shown or played under the cover
            return
        self.focus_square = (row, col)
        here = self.snapshot.at(row, col, level) or [
            p for lvl in ("G", "A", "S") for p in self.snapshot.at(row, col, lvl)]
        self.selected_piece = here[0] if here else None
        self.levels.show_square(self.snapshot, self.focus_square)
        self.piece_panel.show_piece(self.selected_piece)
        if not self.human_to_act():
            if self.worker.busy:
                self.say("The computer is thinking — Stop makes it play now.")
            elif self.game.result:
                self.say("The game is over.")
            elif self.game.redo_actions():
                self.say(COMPUTER_WAITS)
            else:
                self.say(f"It is the computer's turn ({self.game.to_move}).")
            return
        if button == Qt.MouseButton.RightButton and self.picker.stage != "fire" \
                and fires_used(self.source, self.game.to_move) >= MAX_FIRES:
            button = Qt.MouseButton.LeftButton  # two Fires made: the right button acts as the left
        if button == Qt.MouseButton.RightButton:
            out = self.picker.right_click(row, col, level)
        else:
            out = self.picker.left_click(row, col, level, self.left_mode)
        self._handle(out)

    def on_piece_dragged(self, row: int, col: int, level: str, to_row: int, to_col: int) -> None:
        if not self.human_to_act():
            return
        self._handle(self.picker.drag((row, col, level), to_row, to_col))

    def _handle(self, out: Outcome) -> None:
        while out.choices and out.action is None:
            labels = [label for label, _ in out.choices]
            index = self.choose(out.title or "Choose", labels)
            if index is None:
                self.picker.cancel()
                self.say("Cancelled.")
                break
            out = out.choices[index][1]()
        if out.message:
            self.say(out.message)
        if out.action is not None:
            self.play(out.action)
        else:
            self._show_picked()
            self._update_highlights(self._turns())
            self._update_cursor()

    def _show_picked(self) -> None:
        """The piece panel describes the piece the picker selected (the one the message
        names), not merely the first piece of the square."""
        if not self.picker.candidates or self.picker.selected is None:
            return
        a = self.picker.candidates[0]
        r, c, lvl = self.picker.selected
        for p in self.snapshot.at(r, c, lvl):
            if p.type == a.piece and p.hand == a.hand and tuple(p.articles) == tuple(a.articles or ()):
                self.selected_piece = p
                self.piece_panel.show_piece(p)
                return

    def _turns(self) -> list[str]:
        """The turn strings the seat read at the last refresh."""
        return self.turns

    def _choose_by_menu(self, title: str, labels: list[str]) -> int | None:
        menu = QMenu(self)
        menu.setObjectName("chooser")
        head = menu.addAction(title)
        head.setEnabled(False)
        menu.addSeparator()
        acts = [menu.addAction(label) for label in labels]
        from PySide6.QtGui import QCursor
        picked = menu.exec(QCursor.pos())
        return acts.index(picked) if picked in acts else None

    def _confirm_by_box(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def _piece_clicked(self, piece: Any, button: Any = Qt.MouseButton.LeftButton) -> None:
        """A piece clicked in a level panel: that very piece acts (left: the left button's
        action, right: Fire)."""
        if self.handoff_pending:
            return
        self.focus_square = (piece.row, piece.col)
        self.selected_piece = piece
        self.piece_panel.show_piece(piece)
        if not self.human_to_act():
            self.on_square_clicked(piece.row, piece.col, piece.level, button)
            self.selected_piece = piece
            self.piece_panel.show_piece(piece)
            return
        right = button == Qt.MouseButton.RightButton and (
            self.picker.stage == "fire"
            or fires_used(self.source, self.game.to_move) < MAX_FIRES)
        self._handle(self.picker.click_piece(piece, "right" if right else "left",
                                             self.left_mode))

    def set_left_mode(self, mode: str) -> None:
        self.left_mode = mode
        self.picker.cancel()
        self._update_highlights(self._turns())
        self._update_cursor()
        self._update_status()
        self.say({"move": "Left button: select a piece to Move.",
                  "pickup": "Left button: click a piece of yours standing on an article.",
                  "drop": "Left button: click a piece of yours to drop an article.",
                  "exchange": "Left button: click the giving piece, then the receiving one.",
                  "reinforce": "Left button: click an activation square with a reserve."}[mode])

    def cancel_selection(self) -> None:
        self.picker.cancel()
        self._update_highlights(self._turns())

    # --- playing ---------------------------------------------------------------------------------

    def play(self, action: Action | str) -> bool:
        """Apply a human action; an illegal one is explained and changes nothing."""
        if not self.human_to_act():
            self.say("Not your turn to act.")
            return False
        try:
            done = self.game.apply(action)
        except IllegalActionError as e:
            self.say(f"Not allowed: {e}")
            self.refresh()
            return False
        self._after(done, animate=False)
        return True

    def end_turn(self) -> None:
        if not self.human_to_act():
            return
        if not self.game.moved:
            self.say("End Turn is allowed only after the Move (R6.1).")
            return
        self.play(Action("end"))

    def _after(self, done: Action, *, animate: bool) -> None:
        self.record_changed_from = min(self.record_changed_from, self.game.ply - 1)
        mover = self.game.to_move if done.kind != "end" else None
        before = self.snapshot
        if mover is not None:
            # the other side's action in words would name its hidden pieces: the seat reads
            # only what the board and its history show
            mine = self.seat.side is None or mover == self.seat.side
            self.say(describe(done) if mine else f"{mover.capitalize()} is playing its turn.")
        self.refresh()  # a new side at the screen puts up the hand-off cover (refresh)
        if animate and self.prefs.animate and done.kind in ("move", "doze") and done.origin \
                and done.dest and not self.handoff_pending:
            # only a piece the seat saw leave and sees arrive slides
            was = [p for p in before.at(*done.origin) if p.type == done.piece]
            moved = [p for p in self.snapshot.at(*done.dest) if p.type == done.piece]
            if was and moved:
                self.board.animate_piece(moved[0], done.origin, done.dest)
        if self.game.result is not None:
            self.game_over()
            return
        self.schedule_ai()

    def needs_handoff(self) -> bool:
        g = self.game
        return (self.prefs.mode == "hotseat" and g.result is None
                and (g.options.invisible_pieces or g.competitive))

    def begin_handoff(self) -> None:
        """Put up the cover: the window shows it and nothing else until the next player says
        they are ready; every action is off, every view emptied, every dialog closed (they were
        the last player's)."""
        self.handoff_pending = True
        self.board.stop_animation()
        self.board.set_view(hidden=True)
        self.picker.cancel()
        self.selected_piece = None
        self.focus_square = None
        self.message.setText("")  # the last player's own actions stay private
        self.analysis.clear()  # so does the last player's hint
        self.last_message = ""
        self.statusBar().clearMessage()
        for dialog in self.dialogs:
            dialog.close()
        self.dialogs = []
        if self.editor_window is not None:
            self.editor_window.close()
            self.editor_window = None
        self._cover_up(None)
        self.refresh()

    def _cover_up(self, text: str | None, *, ready_button: bool = True) -> None:
        """Show the cover (for the side that looks next, or with `text`) and nothing else."""
        g = self.game
        side = Seat.decide(g, self.prefs.mode, self.prefs.human, covered=True).side or g.to_move
        self.handoff.show_for(side, text, ready_button=ready_button, to_move=g.to_move)
        if self.pages.currentWidget() is not self.handoff:
            self.bars_shown = [bar for bar in (self.menuBar(), self.toolbar, self.statusBar())
                               if not bar.isHidden()]
        self.pages.setCurrentWidget(self.handoff)
        for bar in (self.menuBar(), self.toolbar, self.statusBar()):
            bar.hide()

    def _lift_cover(self) -> None:
        self.handoff_pending = False
        if self.pages.currentWidget() is self.handoff:
            for bar in self.bars_shown:  # as they were (the toolbar may have been hidden)
                bar.show()
        self.pages.setCurrentWidget(self.splitter)
        for act in self.window_actions:
            act.setEnabled(True)
        self.board.set_view(hidden=False)

    def end_handoff(self) -> None:
        """The next player is ready: show their view."""
        if not self.handoff_pending:
            return
        self._lift_cover()
        self.refresh()
        self.board.setFocus()

    def game_over(self) -> None:
        text = game_over_text(self.game)
        self.last_game_over = text
        self.thinking.hide()
        box = QMessageBox(QMessageBox.Icon.Information, "Game over", text,
                          QMessageBox.StandardButton.Ok, self)
        box.setObjectName("game_over")
        box.setInformativeText("Undo or the history take you back; File > New starts again.")
        self._show_dialog(box)

    def resign(self) -> None:
        g = self.game
        if g.result is not None:
            return
        color = self.prefs.human if self.prefs.mode == "human_vs_computer" else g.to_move
        if not self.confirm("Resign", f"{color.capitalize()} resigns?"):
            return
        self.worker.cancel()
        g.resign(color)
        self.record_changed_from = min(self.record_changed_from, g.ply - 1)
        self.refresh()
        self.game_over()

    def offer_draw(self) -> None:
        g = self.game
        if self.prefs.mode == "human_vs_computer" and g.result is None:
            self.offer_draw_to_computer()
            return
        if self.prefs.mode != "hotseat" or g.result is not None:
            self.say("A draw can be offered in hotseat play or to the computer.")
            return
        other = "white" if g.to_move == "black" else "black"
        secret = self.needs_handoff()
        if secret:  # the other player comes to the screen: it shows the cover, not this view
            self._cover_up(f"{g.to_move.capitalize()} offers a draw.\n\nPass the computer to "
                           f"{other.capitalize()} to answer.", ready_button=False)
        accepted = self.confirm("Draw offered", f"{g.to_move.capitalize()} offers a draw. "
                                                f"{other.capitalize()}, do you accept?")
        if secret:
            self._lift_cover()
            if not accepted:  # back to the offering side, through the cover again
                self.begin_handoff()
        if accepted:
            g.agree_draw()
            self.record_changed_from = min(self.record_changed_from, g.ply - 1)
            self.refresh()
            self.game_over()
        else:
            self.say("The draw offer was declined.")

    # --- hint, draw offer to the computer, the analysis line ---------------------------------

    def _judge(self, purpose: str, color: str) -> None:
        g = self.game
        self.judge_stamp = (self.game_serial, g.ply, g.hash)
        self.worker.evaluate(purpose, side_view(g, color), level=self.prefs.ai_level,
                             seconds=min(self.prefs.ai_seconds, 5.0), nodes=self.ai_nodes)

    def hint(self) -> None:
        """Play > Hint: the computer's choice for the human, from the human's observation only
        (seat.side_view), searched in the helper process like the computer's own turns."""
        if not self.human_to_act():
            self.say("A hint is for your own turn.")
            return
        self._judge("hint", self.game.to_move)
        self.say("Looking for a hint…")

    def offer_draw_to_computer(self) -> None:
        """The computer accepts when its evaluation of its own view is about even or worse
        for it (analysis.DRAW_ACCEPT)."""
        g = self.game
        if not self.human_to_act():
            self.say("Offer a draw on your own turn.")
            return
        self._judge("draw", "white" if self.prefs.human == "black" else "black")
        self.say("You offer a draw; the computer considers it…")

    def _evaluated(self, purpose: str, best: str, score: int, depth: int, error: str,
                   plan: list[str] | None = None) -> None:
        g = self.game
        if self.judge_stamp != (self.game_serial, g.ply, g.hash) or self.handoff_pending:
            return  # asked for another position (or another player's): out of date
        self.judge_stamp = ()
        if purpose == "draw":
            # the view searched has the human to move: the computer's score is the opposite
            # no completed search (depth 0): no judgement, no draw
            if not error and depth and g.result is None and accepts_draw(-score):
                g.agree_draw()
                self.record_changed_from = min(self.record_changed_from, g.ply - 1)
                self.refresh()
                self.game_over()
            else:
                self.say("The computer declines the draw.")
            return
        if error or not best:
            self.say(f"No hint now: {error or 'nothing found'}.")
            return
        side = g.to_move
        act = next((a for a in g.legal_actions() if str(a) == best), None)
        words = describe(act) if act is not None else best
        then = plan_words(plan or [])
        then = f" Then: {then}." if then else ""
        if depth:
            for_black = score if side == "black" else -score
            self.analysis.show_line(f"Hint for {side.capitalize()}: {words}.{then} Your view: "
                                    f"{score_words(for_black)} (depth {depth}).", for_black)
        else:  # stopped before its first depth was done: an action, no evaluation
            self.analysis.show_line(f"Hint for {side.capitalize()}: {words} (a quick look).",
                                    keep_score=True)
        self.say(f"Hint: {words}.")
        self._mark_hint(act)

    def _mark_hint(self, act: Action | None) -> None:
        """The hinted piece framed and where it goes (or fires, or the target) marked, until
        the next click or action."""
        if act is None or act.origin is None:
            return
        h = self.board.highlights
        marks = {act.target} if act.target is not None else {act.dest} if act.dest else set()
        self.picker.cancel()
        self.board.set_highlights(Highlights(marks, set(), act.origin, h.last_turn, h.arrows))

    def _show_computer_action(self, done: Action, mover: str) -> None:
        """The computer's last action and its search, kept visible after its move: the
        score and the action only when the seat may see everything."""
        prog = self.last_progress
        if prog is None:  # an action of the turn's plan: no new search
            if self.seat.sees_everything():
                then = plan_words(self.worker.plan)
                self.analysis.show_line(f"{mover.capitalize()} played {describe(done)}, as "
                                        f"planned." + (f" Then: {then}." if then else ""),
                                        keep_score=True)
            return
        depth, nodes, score, _ = prog
        if self.seat.sees_everything():
            for_black = score if mover == "black" else -score
            then = plan_words(self.worker.plan)
            self.analysis.show_line(f"{mover.capitalize()} played {describe(done)} — depth "
                                    f"{depth}, {nodes:,} nodes; its evaluation: "
                                    f"{score_words(for_black)}."
                                    + (f" Its plan: {then}." if then else ""), for_black)
        else:
            self.analysis.show_line(f"{mover.capitalize()} played at depth {depth} "
                                    f"({nodes:,} nodes).", keep_score=True)

    # --- the computer ----------------------------------------------------------------------------

    def schedule_ai(self, *, force: bool = False) -> None:
        g = self.game
        if self.prefs.mode != "hotseat" and not self.ai_paused:
            self.worker.warm_up()  # the computer's first turn does not wait for its process
        if g.result is not None or not self.is_computer(g.to_move) or self.worker.busy:
            return
        if self.ai_paused and not force:
            return
        if g.redo_actions() and not force:
            self.say(COMPUTER_WAITS)
            return
        pause = (self.ai_delay_ms if self.prefs.mode == "computer_vs_computer" and not force
                 and turn_start(g.actions()) == g.ply else 0)
        QTimer.singleShot(pause, partial(self._start_ai, force))

    def _start_ai(self, force: bool = False) -> None:
        g = self.game
        if g.result is not None or not self.is_computer(g.to_move) or self.worker.busy:
            return
        if self.ai_paused and not force:  # paused during the pause between turns
            return
        self.thinking_label.setText(f"{g.to_move.capitalize()} is thinking…")
        self.thinking.show()
        # one player for the whole turn: it shares the turn's seconds among the turn's actions
        # and keeps the turn's plan (a new turn, or a turn begun again after undo, gets a new one)
        self.worker.think(g, level=self.prefs.ai_level, seconds=self.prefs.ai_seconds,
                          nodes=self.ai_nodes, turn=(self.game_serial, g.turn, g.to_move,
                                turn_start(g.actions())))

    def _ai_progress(self, depth: int, nodes: int, score: int, best: str) -> None:
        self.last_progress = (depth, nodes, score, best)
        if self.seat.sees_everything():
            self.thinking_label.setText(f"Depth {depth}, {nodes:,} nodes, score {score:+d}: {best}")
        else:  # its best action and score come from pieces the seat may not see
            self.thinking_label.setText(f"{self.game.to_move.capitalize()} is thinking: "
                                        f"depth {depth}, {nodes:,} nodes")

    def _ai_chosen(self, text: str) -> None:
        self.thinking.hide()
        g = self.game
        if g.result is not None or not self.is_computer(g.to_move):
            return
        mover = g.to_move
        try:
            done = g.apply(self._listed(text, self.worker.chosen_index))
        except IllegalActionError as e:
            self._computer_error(f"The computer chose an illegal action: {e}")
            return
        if done.kind != "end":
            self._show_computer_action(done, mover)
        self.last_progress = None
        self._after(done, animate=True)

    def _listed(self, text: str, index: int) -> Action | str:
        """The computer's action: the listed action at `index` if its text is `text` (no need
        to spell out the whole legal list to find the text), else the text."""
        legal = self.game.legal_actions()
        if 0 <= index < len(legal) and str(legal[index]) == text:
            return legal[index]
        return text

    def _ai_failed(self, message: str) -> None:
        self.thinking.hide()
        self._computer_error(message)

    def _computer_error(self, message: str) -> None:
        """The computer's failure, in words the seat may read: its action or the error may name
        pieces the human cannot see."""
        if not self.seat.sees_everything():
            message = ("The computer could not play its action (the details would show pieces "
                       "you cannot see). Play > Computer: play now tries again.")
        self.show_error("Computer error", message)

    def computer_play_now(self) -> None:
        if not self.is_computer(self.game.to_move):
            self.say("It is not the computer's turn.")
            return
        self.schedule_ai(force=True)

    def pause_ai(self, on: bool) -> None:
        self.ai_paused = on
        if on:
            self.worker.cancel()
            self.thinking.hide()
        else:
            self.schedule_ai()

    # --- undo and history ------------------------------------------------------------------------

    def _rewind(self, step: Callable[[], None], what: str = "") -> None:
        if self.handoff_pending:  # nothing moves under the cover
            return
        if self.game.competitive:
            self.say("Undo is off in a competitive game (R12.3).")
            return
        self.worker.cancel()
        self.thinking.hide()
        self.board.stop_animation()
        before = self.game.ply
        try:
            step()
        except IllegalActionError as e:
            self.say(str(e))
        else:  # the message line described the action just taken back or skipped
            g = self.game
            if g.ply != before:
                ahead = len(g.redo_actions())
                self.say((what or f"Turn {g.turn}: after action {g.ply}") +
                         (f" ({ahead} action{'s' if ahead != 1 else ''} ahead: Redo or > "
                          f"goes forward)." if ahead else "."))
        self.refresh()  # back to the other side's turn: the cover goes up for it (refresh)
        self.schedule_ai()

    def undo(self) -> None:
        def step() -> None:
            g = self.game
            g.undo()
            if self.prefs.mode == "human_vs_computer":
                while g.ply and self.is_computer(g.to_move):
                    g.undo()
        self._rewind(step, "Took back the last action")

    def redo(self) -> None:
        self._rewind(self.game.redo, "Redone")

    def _line(self) -> list[str]:
        return self.game.actions() + self.game.redo_actions()

    def copy_history(self) -> str:
        """File > Copy history: the move list as text (each turn's R12.2 string, then its
        actions in words), as the seat may read it."""
        from PySide6.QtWidgets import QApplication
        text = self.history.text()
        QApplication.clipboard().setText(text)
        self.say("The history is on the clipboard.")
        return text

    def goto_ply(self, n: int) -> None:
        """Show the position after `n` actions of the current line (the move list's clicks)."""
        self._rewind(lambda: self.game.goto(max(0, min(n, len(self._line())))))

    def goto_turn(self, n: int) -> None:
        """Show the position after `n` turns of the current line (0 = the start)."""
        ends = [i + 1 for i, t in enumerate(self._line()) if _turn_end(t)]
        ply = 0 if n <= 0 else ends[min(n, len(ends)) - 1] if ends else 0
        self._rewind(lambda: self.game.goto(ply))

    def navigate(self, where: str) -> None:
        g = self.game
        line = self._line()
        done = sum(1 for t in g.actions() if _turn_end(t))
        ends = [i + 1 for i, t in enumerate(line) if _turn_end(t)]
        mid = bool(g.actions()) and not _turn_end(g.actions()[-1])
        if where == "prev_action":
            self.goto_ply(g.ply - 1)
        elif where == "next_action":
            self.goto_ply(g.ply + 1)
        elif where == "first":
            self._rewind(lambda: g.goto(0))
        elif where == "last":
            self._rewind(lambda: g.goto(len(line)))
        elif where == "prev":
            self.goto_turn(done if mid else done - 1)
        elif where == "next":
            if done < len(ends):
                self.goto_turn(done + 1)
            else:
                self._rewind(lambda: g.goto(len(line)))

    # --- files -----------------------------------------------------------------------------------

    def load_file(self, path: str) -> bool:
        """Load a save file (or a position file); on any problem show the facade's message in an
        error dialog and keep the game in hand."""
        try:
            kind = position_kind(path)
            game = wec.Game.from_position(path) if kind == "position" else wec.Game.load(path)
        except (WecError, OSError, ValueError) as e:
            self.show_error("Cannot load the game", f"{path}:\n{e}")
            return False
        self.start_game(game, path)
        self.say(f"Loaded {os.path.basename(path)}.")
        if game.result is not None:
            self.game_over()
        return True

    def save_to(self, path: str) -> bool:
        try:
            self.game.save(path)
        except (WecError, OSError) as e:
            self.show_error("Cannot save the game", f"{path}:\n{e}")
            return False
        self.file_path = path
        self.setWindowTitle(f"WEC — Weapon Chess — {os.path.basename(path)}")
        self.say(f"Saved to {path}.")
        return True

    def load_dialog(self) -> None:
        if not self.may_discard("Load"):
            return
        path, _ = QFileDialog.getOpenFileName(self, "Load game", self._folder(),
                                              "WEC games (*.json);;All files (*)")
        if path:
            self.load_file(path)

    def save(self) -> None:
        if self.file_path:
            self.save_to(self.file_path)
        else:
            self.save_as_dialog()

    def save_as_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save game", self._folder(),
                                              "WEC games (*.json)")
        if path:
            if not path.endswith(".json"):
                path += ".json"
            self.save_to(path)

    def _folder(self) -> str:
        return os.path.dirname(self.file_path) if self.file_path else os.path.expanduser("~")

    def _keep_crashed_autosave(self) -> str | None:
        """At start-up, take the autosave file's lock (a second window does not autosave over the
        first one's game), keep an unreadable autosave aside (renamed with the time, and say
        why), and copy an unfinished game aside (the new game's autosave would replace it): the
        window resumes it, and File > Reopen the last unfinished game brings it back later."""
        if not self.autosave_path:
            return None
        self.autosave_lock = AutosaveLock(self.autosave_path)
        if not self.autosave_lock.acquire():
            self.autosave_note = (f"Autosave is off in this window: another WEC window is "
                                  f"autosaving to {self.autosave_path}. Save this game with "
                                  f"File > Save.")
            self.autosave_path = self.autosave_lock = None
            return None
        found = autosave_at_start(self.autosave_path)
        self.autosave_note = found.message()
        if found.problem and not found.kept_as:
            self.autosave_path = None  # the unreadable file could not be moved: keep it
        if found.game is None or found.game.ply == 0 or not self.autosave_path:
            return None
        target = os.path.join(data_dir(), RECOVERY_NAME)
        try:
            if os.path.exists(target) and _game_actions(target) not in (None, []) and \
                    _game_actions(target) != found.game.actions():
                keep_aside(target, "older")  # an earlier crash's game, never continued
            found.game.save(target)  # from the game loaded: with what its journal adds
        except OSError:
            return None
        return target

    def continue_after_crash(self) -> None:
        """Resume the game autosaved when the program last stopped without finishing it (the
        copy made at start-up: the autosave file itself now holds the game in hand)."""
        path = self.recovery_path
        if not path or not os.path.exists(path):
            self.show_error("Reopen the last unfinished game",
                            "There is no autosaved game to continue.")
            return
        if self.load_file(path):
            self.file_path = None
            self.say("Continued the autosaved game.")

    def show_error(self, title: str, message: str) -> None:
        self.last_error = message
        self.say(message.splitlines()[-1] if message else title)
        self._show_dialog(error_box(self, title, message))

    def _show_dialog(self, dialog: QWidget) -> None:
        """Show a dialog without blocking (window-modal), keeping a reference."""
        self.dialogs = [d for d in self.dialogs if d.isVisible()]
        self.dialogs.append(dialog)
        if isinstance(dialog, QDialog):
            dialog.open()
        else:
            dialog.show()

    # --- dialogs ---------------------------------------------------------------------------------

    def options_dialog(self) -> OptionsDialog:
        dlg = OptionsDialog(self.prefs, self, locked=False)
        dlg.accepted.connect(lambda: self._options_chosen(dlg))
        self._show_dialog(dlg)
        return dlg

    def _options_chosen(self, dlg: OptionsDialog) -> None:
        old = self.prefs.game_options()
        new = dlg.result_preferences()
        for m in MODES:
            self.actions_by_name[f"mode_{m}"].setChecked(m == new.mode)
        self.prefs = new
        self.actions_by_name[f"human_{new.human}"].setChecked(True)
        self.actions_by_name[f"level_{new.ai_level}"].setChecked(True)
        if new.game_options() != old or self.game.ply == 0:
            if self.game.ply == 0 or self.confirm(
                    "New options", "The new rules apply to a new game. Start one now?"):
                self.new_game_now()
                self.say("New game with the chosen options.")
                return
        self.refresh()
        self.schedule_ai()

    def colours_dialog(self) -> ColoursDialog:
        dlg = ColoursDialog(self.prefs.palette(), self)
        dlg.accepted.connect(lambda: self._colours_chosen(dlg))
        self._show_dialog(dlg)
        return dlg

    def _colours_chosen(self, dlg: ColoursDialog) -> None:
        self.prefs.colours = dlg.changed()
        self._apply_view_prefs()

    def show_status(self) -> TextDialog:
        dlg = TextDialog("Game status", status_text(
            self.game, self.prefs.mode, self.prefs.human, self.prefs.ai_level,
            seen=self.seat.source(), side=self.seat.side), self)
        self._show_dialog(dlg)
        return dlg

    def square_select(self) -> SquareSelectDialog:
        dlg = SquareSelectDialog(self)
        self._show_dialog(dlg)
        return dlg

    def open_board_editor(self) -> QWidget | None:
        """File > Board Editor: `editor.open_editor(parent, position, on_play=...)`, on what the
        side at the screen sees. Refused in a competitive game (the manual: the editor is for
        non-competitive games)."""
        if self.handoff_pending:
            return None
        if self.game.competitive and self.game.result is None:
            box = QMessageBox(QMessageBox.Icon.Information, "Board Editor",
                              "The board editor is for non-competitive games: in a competitive "
                              "game (R12.3) it would show what a side may not know. Finish the "
                              "game, or start a non-competitive one, to edit a position.",
                              QMessageBox.StandardButton.Ok, self)
            box.setObjectName("editor_refused")
            self.last_error = box.text()
            self.say("The board editor is off in a competitive game.")
            self._show_dialog(box)
            return None
        try:
            from wec.gui import editor  # the board editor package
            opener = getattr(editor, "open_editor", None)
        except ImportError:
            opener = None
        if opener is None:
            box = QMessageBox(QMessageBox.Icon.Information, "Board Editor",
                              "The board editor is not available in this build.",
                              QMessageBox.StandardButton.Ok, self)
            box.setObjectName("no_editor")
            self._show_dialog(box)
            return None
        seat = self.decide_seat()
        self.editor_window = opener(self, seat.editor_position(), on_play=self.play_from_editor)
        if seat.side is not None:
            self.say(f"The board editor shows what {seat.side.capitalize()} can see: hidden "
                     "enemy pieces and the types of enemy reserves are left out.")
        return self.editor_window

    def play_from_editor(self, position: dict[str, Any], mode: str | None = None) -> bool:
        """The editor's callback: start a game from its position."""
        try:
            game = wec.Game.from_position(position)
        except WecError as e:
            self.show_error("Cannot play this position", str(e))
            return False
        if mode in MODES and mode is not None:
            self.actions_by_name[f"mode_{mode}"].setChecked(True)
            self.prefs.mode = mode
        self.start_game(game)
        self.say("Playing the position from the board editor.")
        return True

    # --- closing ---------------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.game_in_progress() and not self.autosave_path and self.persist and \
                not self.confirm("Quit", "Quit and lose the game in progress? (It is not "
                                         "autosaved; File > Save keeps it.)"):
            event.ignore()
            return
        self.save_layout()
        if self.persist:
            settings_mod.save_session(self.prefs)
        self.worker.cancel()
        self.worker.wait(3000)
        if self.game.result is not None and self.autosave_path:
            autosaving.stop(self.game)
        self.release_autosave()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Stop the computer and wait for its thread (tests, screenshots)."""
        self.worker.cancel()
        self.worker.wait(5000)
        self.board.stop_animation()
        self.release_autosave()

    def release_autosave(self) -> None:
        """Stop autosaving and let another window autosave to the file."""
        if self.autosave_lock is not None:
            autosaving.stop(self.game)
            self.autosave_lock.release()
            self.autosave_lock = None


def _game_actions(path: str) -> list[str] | None:
    """The actions of the save file at `path`, None if it cannot be read."""
    try:
        return wec.Game.load(path).actions()
    except WecError:
        return None


def turn_start(actions: list[str]) -> int:
    """The ply at which the current turn began."""
    for i in range(len(actions) - 1, -1, -1):
        if _turn_end(actions[i]):
            return i + 1
    return 0


def position_kind(path: str) -> str:
    """"position" for a position file, else "save" (a file that cannot be read is left to
    `Game.load`, whose error names the problem)."""
    from wec.game.jsonfile import read_json_file
    try:
        data = read_json_file(path, WecError)
    except WecError:
        return "save"
    return "position" if isinstance(data, dict) and data.get("format") == "wec-position" else "save"
