"""The WEC main window: board, level panels, piece panel, history, menus (the manual's GUI chapter).

The window builds the widgets and the menus (wec/gui/play/menus.py), holds the game in hand and
the `Seat` that decides who is looking (wec/gui/play/seat.py), and hands the game's flow to one
controller per concern, each reaching the window through `host.PlayWindow`:

- `views` (views.py): every view re-read from what the seat may see;
- `seats` (seats.py): who plays each side, and the hand-off cover between two humans (R10.6);
- `computer` (computer.py): when the computer thinks, and playing what it chose;
- `human` (human.py): clicks and drags become actions;
- `offers` (offers.py): resign, draw offers, hints and the end of the game;
- `navigation` (navigation.py): undo, redo and looking back along the line (play from here);
- `files` (game_files.py): new, load, save, scenarios, autosave and crash recovery;
- `preferences` (preferences_menu.py): levels, options, colours and kept preferences;
- `sounds` (sounds.py), `eval_gauge` (eval_bar.py), `paste` (paste.py): the sounds of play, the
  evaluation bar beside the board and File > Paste position.

The board editor is not imported here: the launcher (wec/gui/launcher.py) passes
`open_editor(parent, position, on_play)` and File > Board Editor calls it; the editor's Play
calls back `play_from_editor(position, mode)`.
"""
from __future__ import annotations

import copy
import gc
from typing import Any, Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import (QDialog, QHBoxLayout, QLabel, QMainWindow, QMessageBox,
                               QProgressBar, QPushButton, QSplitter, QStackedWidget, QToolBar,
                               QVBoxLayout, QWidget)

from wec import Action, Game, WecError
from wec.gui.play import settings as settings_mod
from wec.gui.play.ai_worker import AIWorker
from wec.gui.play.analysis import AnalysisLine
from wec.gui.play.board_widget import BoardWidget
from wec.gui.play.clocks import ClockController
from wec.gui.play.computer import ComputerPlayer
from wec.gui.play.dialogs import SquareSelectDialog, TextDialog, error_box, status_text
from wec.gui.play.elided_label import ElidedLabel
from wec.gui.play.eval_bar import EvalBar, EvalGauge
from wec.gui.play.game_files import GameFiles
from wec.gui.play.handoff import HandOff
from wec.gui.play.help_window import HelpWindow
from wec.gui.play.history_panel import HistoryPanel
from wec.gui.play.human import HumanPlayer
from wec.gui.play.interaction import Picker
from wec.gui.play.legend import LegendWidget
from wec.gui.play.level_panels import LevelPanels
from wec.gui.play.menus import MenuBuilder
from wec.gui.play.navigation import Navigation
from wec.gui.play.offers import Offers
from wec.gui.play.overlays import BoardOverlays
from wec.gui.play.paste import PastePosition
from wec.gui.play.piece_panel import PiecePanel
from wec.gui.play.preferences_menu import PreferencesMenu
from wec.gui.play.seat import Seat
from wec.gui.play.seats import Seats
from wec.gui.play.settings import MODES, Preferences
from wec.gui.play.snapshot import BoardSnapshot
from wec.gui.play.sounds import Sounds
from wec.gui.play.turn_banner import TurnBanner
from wec.gui.play.views import Views

EditorOpener = Callable[[QWidget, dict[str, Any], Callable[[dict[str, Any], str], Any]], QWidget]
"""`open_editor(parent, position, on_play)`: opens the board editor (given by the launcher)."""


class MainWindow(QMainWindow):
    """The game window."""

    def __init__(self, game: Game | None = None, *, prefs: Preferences | None = None,
                 persist: bool = True, autosave: bool = True, paused: bool = False,
                 open_editor: EditorOpener | None = None) -> None:
        super().__init__()
        self.setObjectName("wec_main")
        self.persist = persist
        self.prefs = prefs or (settings_mod.load_preferences() if persist else Preferences())
        self.open_editor = open_editor
        self.game = Game.new()
        self.seat = Seat(self.game, None, covered=False)
        self.source: Any = self.game
        self.turns: list[str] = []
        self.snapshot: BoardSnapshot  # the seat's board, read at every refresh
        self.game_serial = 0
        self.record_changed_from = 0
        self.first_turn = 1
        self.handoff_pending = False
        self.watcher: str | None = None
        self.left_mode = "move"
        self.picker = Picker()
        self.focus_square: tuple[int, int] | None = None
        self.selected_piece: Any = None
        self.last_message = ""
        self.last_error = ""
        self.last_game_over = ""
        self.dialogs: list[QWidget] = []
        self.editor_window: QWidget | None = None
        self.worker = AIWorker(self)
        self.views = Views(self)
        self.seats = Seats(self)
        self.computer = ComputerPlayer(self, paused=paused)
        self.human = HumanPlayer(self, self.views)
        self.offers = Offers(self, self.seats, self.computer)
        self.navigation = Navigation(self)
        self.files = GameFiles(self, self.seats, self.computer, self.offers, autosave=autosave)
        self.preferences = PreferencesMenu(self, self.views, self.files, self.seats)
        self.sounds = Sounds(self)
        self.paste = PastePosition(self, self.files)
        self.choose: Callable[[str, list[str]], int | None] = self.human.choose_by_menu
        """Asks the player to pick one of several labels (tests replace it)."""
        self.confirm: Callable[[str, str], bool] = self.human.confirm_by_box
        self.eval_bar: EvalBar  # beside the board (_build_widgets)
        self._build_widgets()
        self.eval_gauge = EvalGauge(self, self.eval_bar, lambda: self.navigation.viewing)
        self.navigation.on_view = self.eval_gauge.after_refresh
        self.clocks = ClockController(self)
        self.toolbar: QToolBar  # the menus make it, with its End Turn button
        self.end_turn_button: QPushButton
        self.actions_by_name = MenuBuilder(self).build()
        for name in ("flip", "turn_board"):  # the evaluation bar turns with the board
            self.actions_by_name[name].toggled.connect(lambda _: self.eval_gauge.after_refresh())
        self.window_actions: list[QAction] = self.findChildren(QAction)
        """Every action of the window (menus, toolbar, shortcuts): all off under the cover."""
        self.views.apply_prefs()
        self.actions_by_name["ai_pause"].setChecked(paused)
        self._start(game, persist)
        self.resize(1280, 860)
        if persist:
            self._restore_layout()
        # everything made so far (Qt's wrappers, the modules, the rule tables) lives as long as
        # the program: out of the collector's full passes, which would otherwise stop the window
        # for 40-70 ms now and then (the passes themselves: wec/gui/play/collector.py)
        gc.freeze()

    def _start(self, game: Game | None, persist: bool) -> None:
        """The first game: `game`, else the unfinished game of the last run, else a new one."""
        resumed = self.files.resumable() if game is None else None
        if resumed is not None and persist:
            self.prefs = settings_mod.load_session(self.prefs)
            self.check_menus()
        self.files.start_game(game or resumed or Game.new(self.files.new_options()))
        if resumed is not None:
            self.say(f"Resumed your unfinished game (turn {resumed.turn}, "
                     f"{resumed.to_move.capitalize()} to move). File > New starts another.")
        if self.files.autosave_note:
            self.show_error("Autosave", self.files.autosave_note)

    def _build_widgets(self) -> None:
        self.board = BoardWidget()
        self.board.setObjectName("board")
        self.board.squareClicked.connect(self._square_clicked)
        self.board.pieceDragged.connect(self._piece_dragged)
        self.board.keyNavigate.connect(self.navigation.navigate)
        self.board.drag_destinations = self.picker.destinations_of
        self.overlays = BoardOverlays(self.board)
        self.banner = TurnBanner()
        self.board_pane = QWidget()
        bl = QVBoxLayout(self.board_pane)
        bl.setContentsMargins(0, 0, 0, 0)
        bl.setSpacing(2)
        bl.addWidget(self.banner, 0)
        # "Viewing turn 7 — Play from here / Back to game" in the banner's place, as tall: looking
        # back never moves the board
        self.navigation.bar.setFixedHeight(self.banner.maximumHeight())
        bl.addWidget(self.navigation.bar, 0)
        self.eval_bar = EvalBar()
        row = QHBoxLayout()
        row.setSpacing(4)
        row.addWidget(self.eval_bar, 0)
        row.addWidget(self.board, 1)
        bl.addLayout(row, 1)
        self.handoff = HandOff()
        self.handoff.ready.connect(self.seats.end_handoff)
        self.levels = LevelPanels()
        self.levels.setObjectName("level_panels")
        self.levels.pieceClicked.connect(self._piece_clicked)
        self.piece_panel = PiecePanel()
        self.piece_panel.setObjectName("piece_panel")
        self.history = HistoryPanel()
        self.history.setObjectName("history_panel")
        self.history.plyChosen.connect(self.navigation.goto_ply)
        self.history.navigate.connect(self.navigation.navigate)
        self._build_thinking()
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

    def _build_thinking(self) -> None:
        """The computer's thinking line: a busy bar, its progress and Stop."""
        self.thinking = QWidget()
        self.thinking.setObjectName("thinking")
        tl = QHBoxLayout(self.thinking)
        tl.setContentsMargins(0, 0, 0, 0)
        self.thinking_bar = QProgressBar()
        self.thinking_bar.setRange(0, 0)
        self.thinking_bar.setMaximumWidth(80)
        self.thinking_label: QLabel = ElidedLabel("Thinking…")  # never clipped
        self.thinking_label.setObjectName("thinking_label")
        self.stop_button = QPushButton("Stop")
        self.stop_button.setObjectName("stop_ai")
        self.stop_button.setToolTip("Play the best action found so far")
        self.stop_button.clicked.connect(self.worker.stop)
        tl.addWidget(self.thinking_bar)
        tl.addWidget(self.thinking_label, 1)
        tl.addWidget(self.stop_button)
        self.thinking.hide()

    # --- the steps every controller may start (host.PlayWindow) -----------------------------

    def as_widget(self) -> QMainWindow:
        return self

    def refresh(self) -> None:
        changed_from = self.record_changed_from  # the views use it up: the sounds need it too
        self.views.refresh()
        self.navigation.after_refresh()
        self.sounds.after_refresh(changed_from)
        self.eval_gauge.after_refresh()
        self.clocks.show()

    def _square_clicked(self, row: int, col: int, level: str, button: Any) -> None:
        """A board click: it only looks while an earlier position is shown."""
        if not self.navigation.on_square_clicked(row, col, level, button):
            self.human.on_square_clicked(row, col, level, button)

    def _piece_clicked(self, piece: Any, button: Any = Qt.MouseButton.LeftButton) -> None:
        """A level panel click: it only looks while an earlier position is shown."""
        if self.navigation.viewing is None:
            self.human.on_piece_clicked(piece, button)
        else:
            self.piece_panel.show_piece(piece)

    def _piece_dragged(self, row: int, col: int, level: str, to_row: int, to_col: int) -> None:
        if self.navigation.viewing is None:
            self.human.on_piece_dragged(row, col, level, to_row, to_col)

    def check_menus(self) -> None:
        self.views.check_menus()

    def human_to_act(self) -> bool:
        return self.seats.human_to_act()

    def is_computer(self, color: str) -> bool:
        return self.seats.is_computer(color)

    def begin_handoff(self) -> None:
        self.seats.begin_handoff()

    def schedule_ai(self, *, force: bool = False) -> None:
        self.computer.schedule(force=force)

    def after_action(self, done: Action, *, animate: bool) -> None:
        self.human.after(done, animate=animate)

    def game_over(self) -> None:
        self.offers.game_over()

    def play(self, action: Action | str) -> bool:
        """Apply a human action; an illegal one is explained and changes nothing."""
        return self.human.play(action)

    def settle_clock(self) -> bool:
        return self.clocks.settle()

    def computer_seconds(self, setting: float, turn: tuple) -> float:
        return self.clocks.computer_seconds(setting, turn)

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

    def show_error(self, title: str, message: str) -> None:
        self.last_error = message
        self.say(message.splitlines()[-1] if message else title)
        self.show_dialog(error_box(self, title, message))

    def show_dialog(self, dialog: QWidget) -> None:
        """Show a dialog without blocking (window-modal), keeping a reference."""
        self.dialogs = [d for d in self.dialogs if d.isVisible()]
        self.dialogs.append(dialog)
        if isinstance(dialog, QDialog):
            dialog.open()
        else:
            dialog.show()

    # --- windows of the window ---------------------------------------------------------------

    def show_help(self, tab: str = "rules") -> QWidget:
        """Help: the rules guide, the shortcuts, the legend, About (wec/gui/play/help_window.py)."""
        dlg = HelpWindow(self, self.findChildren(QAction))
        dlg.show_tab(tab)
        self.show_dialog(dlg)
        return dlg

    def show_legend(self) -> LegendWidget:
        """View > Legend: every mark of the board, in a window of its own."""
        for shown in self.dialogs:
            if isinstance(shown, LegendWidget) and shown.isVisible():
                shown.raise_()
                return shown
        legend = LegendWidget()
        legend.setWindowTitle("WEC — Legend of the board")
        legend.setParent(self, Qt.WindowType.Window)
        self.show_dialog(legend)
        return legend

    def show_status(self) -> TextDialog:
        """View > Game status, as the seat may read it."""
        dlg = TextDialog("Game status", status_text(
            self.game, self.prefs.mode, self.prefs.human, self.prefs.ai_level,
            seen=self.seat.source(), side=self.seat.side), self)
        self.show_dialog(dlg)
        return dlg

    def square_select(self) -> SquareSelectDialog:
        dlg = SquareSelectDialog(self.human.on_square_clicked, self)
        self.show_dialog(dlg)
        return dlg

    def inform(self, name: str, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, title, text,
                          QMessageBox.StandardButton.Ok, self)
        box.setObjectName(name)
        self.show_dialog(box)

    def open_board_editor(self) -> QWidget | None:
        """File > Board Editor, on what the side at the screen sees. Refused in a competitive
        game (the manual: the editor is for non-competitive games)."""
        if self.handoff_pending:
            return None
        if self.game.competitive and self.game.result is None:
            self.last_error = ("The board editor is for non-competitive games: in a competitive "
                               "game (R12.3) it would show what a side may not know. Finish the "
                               "game, or start a non-competitive one, to edit a position.")
            self.say("The board editor is off in a competitive game.")
            self.inform("editor_refused", "Board Editor", self.last_error)
            return None
        if self.open_editor is None:
            self.inform("no_editor", "Board Editor",
                        "The board editor is not available in this build.")
            return None
        seat = self.views.decide_seat()
        self.editor_window = self.open_editor(self, seat.editor_position(),
                                              self.play_from_editor)
        if seat.side is not None:
            self.say(f"The board editor shows what {seat.side.capitalize()} can see: hidden "
                     "enemy pieces and the types of enemy reserves are left out.")
        return self.editor_window

    def open_online(self, tab: str | None = None) -> QDialog | None:
        """Play > Online…: host, join, resume or watch a game held by a server; the seat opens in
        a new window that shows only its observation (wec/gui/play/online); `tab` (resume,
        watch…) the tab shown first. Without QtWebSockets (PySide6-Addons, in the `gui` extra)
        the rest of the app works and this says so."""
        try:  # PySide6-Addons' QtWebSockets: optional, so imported only here
            from wec.gui.play.online.dialog import OnlineDialog
        except ImportError as e:
            self.show_error("Online play", f"Online play needs PySide6-Addons ({e}): "
                            "pip install 'wec[gui]'")
            return None
        dlg = OnlineDialog(self, self.online_window)
        if tab is not None:
            dlg.show_tab(tab)
        self.show_dialog(dlg)
        return dlg

    def online_window(self) -> "MainWindow":
        """A window for an online seat: this one's look, hotseat's labels, no autosave."""
        prefs = copy.deepcopy(self.prefs)
        prefs.mode = "hotseat"
        return MainWindow(Game.new(), prefs=prefs, persist=False, autosave=False)

    def play_from_editor(self, position: dict[str, Any], mode: str | None = None) -> bool:
        """The editor's callback: start a game from its position (`mode` one of
        `settings.MODES`, or None to keep the current one)."""
        try:
            game = Game.from_position(position)
        except WecError as e:
            self.show_error("Cannot play this position", str(e))
            return False
        if mode in MODES and mode is not None:
            self.actions_by_name[f"mode_{mode}"].setChecked(True)
            self.prefs.mode = mode
        self.files.start_game(game)
        self.say("Playing the position from the board editor.")
        return True

    # --- layout and closing ------------------------------------------------------------------

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

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.files.game_in_progress() and not self.files.autosave_path and self.persist and \
                not self.confirm("Quit", "Quit and lose the game in progress? (It is not "
                                         "autosaved; File > Save keeps it.)"):
            event.ignore()
            return
        self.save_layout()
        if self.persist:
            settings_mod.save_session(self.prefs)
        self.worker.cancel()
        self.worker.wait(3000)
        self.files.on_close()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Stop the computer and wait for its thread (tests, screenshots)."""
        self.worker.cancel()
        self.worker.wait(5000)
        self.board.stop_animation()
        self.files.release_autosave()
