"""What the play window's controllers may reach of the window: `PlayWindow`.

The window (wec/gui/play/main_window.py) builds the widgets and menus and holds the game in hand
and its seat; each controller (views, seats, computer, human, offers, navigation, game_files,
preferences_menu) gets the window as a `PlayWindow` and, where it needs another controller, that
controller itself, so no controller imports the window. The few steps every controller may start
(refresh the views, put up the hand-off cover, let the computer go on, end the game…) are the
window's methods listed here; the window hands each to the controller that owns it.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QLabel, QMainWindow, QMenuBar, QPushButton, QSplitter,
                               QStackedWidget, QStatusBar, QToolBar, QWidget)

from wec import Action, Game
from wec.gui.play.ai_worker import AIWorker
from wec.gui.play.analysis import AnalysisLine
from wec.gui.play.board_widget import BoardWidget
from wec.gui.play.handoff import HandOff
from wec.gui.play.history_panel import HistoryPanel
from wec.gui.play.interaction import Picker
from wec.gui.play.level_panels import LevelPanels
from wec.gui.play.overlays import BoardOverlays
from wec.gui.play.piece_panel import PiecePanel
from wec.gui.play.seat import Seat
from wec.gui.play.settings import Preferences
from wec.gui.play.snapshot import BoardSnapshot
from wec.gui.play.turn_banner import TurnBanner


class PlayWindow(Protocol):
    """The play window as its controllers see it."""

    # the game in hand, who looks at it, and what they were last shown
    game: Game
    prefs: Preferences
    persist: bool
    """Preferences and the window's layout are kept between runs (not in tests)."""
    seat: Seat
    source: Any
    """What the seat reads: the side's observation, or the game when nothing is hidden."""
    snapshot: BoardSnapshot
    turns: list[str]
    game_serial: int
    """Counts the games taken in hand (a late answer for an earlier one is dropped)."""
    record_changed_from: int
    """The first action of the move list to read again."""
    first_turn: int
    handoff_pending: bool
    watcher: str | None
    """Computer against computer, the sides changed during a game with hidden pieces: the side
    whose view the board keeps (wec/gui/play/seat.py); None otherwise."""
    # the human's selection
    picker: Picker
    left_mode: str
    focus_square: tuple[int, int] | None
    selected_piece: Any
    # what the window said last (tests read them)
    last_message: str
    last_error: str
    last_game_over: str
    dialogs: list[QWidget]
    editor_window: QWidget | None
    choose: Callable[[str, list[str]], int | None]
    confirm: Callable[[str, str], bool]
    worker: AIWorker
    actions_by_name: dict[str, QAction]
    window_actions: list[QAction]
    # widgets
    board: BoardWidget
    overlays: BoardOverlays
    """Marks of the choice in progress over the board (self-hitting Fires, a Dozer's push)."""
    banner: TurnBanner
    handoff: HandOff
    levels: LevelPanels
    piece_panel: PiecePanel
    history: HistoryPanel
    thinking: QWidget
    thinking_label: QLabel
    analysis: AnalysisLine
    message: QLabel
    side: QWidget
    splitter: QSplitter
    pages: QStackedWidget
    status_label: QLabel
    toolbar: QToolBar
    end_turn_button: QPushButton

    def as_widget(self) -> QMainWindow:
        """The window, as the parent of a dialog."""

    def menuBar(self) -> QMenuBar: ...

    def statusBar(self) -> QStatusBar: ...

    def setWindowTitle(self, title: str) -> None: ...

    def say(self, text: str) -> None:
        """Explain or prompt (the message line, and the status bar when it fits)."""

    def show_error(self, title: str, message: str) -> None: ...

    def show_dialog(self, dialog: QWidget) -> None:
        """Show a dialog without blocking, keeping a reference."""

    def inform(self, name: str, title: str, text: str) -> None:
        """A message box named `name` (tests find it), without blocking."""

    def refresh(self) -> None:
        """Re-read the game, as the seat may see it, into every view."""

    def human_to_act(self) -> bool: ...

    def is_computer(self, color: str) -> bool: ...

    def begin_handoff(self) -> None: ...

    def schedule_ai(self, *, force: bool = False) -> None: ...

    def after_action(self, done: Action, *, animate: bool) -> None: ...

    def game_over(self) -> None: ...

    def settle_clock(self) -> bool:
        """Before an action: charge the mover's clock the time up to it (wec/gui/play/clocks.py);
        True if its time ran out (the game is over)."""

    def computer_seconds(self, setting: float, turn: tuple) -> float:
        """The computer's time for this turn: `setting`, within what its clock allows."""

    def check_menus(self) -> None: ...
