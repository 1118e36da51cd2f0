"""The game in hand and its files: new, load, save, scenarios, autosave and crash recovery.

The game in hand is autosaved after every action (wec.files.save). At start-up the window takes
the autosave file's lock (a second window does not autosave over the first one's game), keeps an
unreadable autosave aside, and copies an unfinished game aside as the recovery file: the window
resumes it, and File > Reopen the last unfinished game brings it back later.
"""
from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QFileDialog

from wec import Game, Options, WecError
from wec.files import autosave as autosaving
from wec.files.opening import file_kind
from wec.files.save import (AutosaveLock, autosave_at_start, data_dir, default_autosave_path,
                            keep_aside)
from wec.gui.play import settings as settings_mod
from wec.gui.play.computer import ComputerPlayer
from wec.gui.play.host import PlayWindow
from wec.gui.play.new_game_dialog import NewGameDialog, scenario_title
from wec.gui.play.offers import Offers
from wec.gui.play.seat import Seat
from wec.gui.play.seats import Seats
from wec.rules import scenarios

RECOVERY_NAME = "recovery.json"


def saved_actions(path: str) -> list[str] | None:
    """The actions of the save file at `path`, None if it cannot be read."""
    try:
        return Game.load(path).actions()
    except WecError:
        return None


class GameFiles(QObject):
    """Starts, loads and saves the game in hand, and keeps it autosaved."""

    def __init__(self, window: PlayWindow, seats: Seats, computer: ComputerPlayer,
                 offers: Offers, *, autosave: bool = True) -> None:
        super().__init__()
        self.win = window
        self.seats = seats
        self.computer = computer
        self.offers = offers
        self.file_path: str | None = None
        self.autosave_path = default_autosave_path() if autosave else None
        self.autosave_lock: AutosaveLock | None = None
        self.autosave_note: str | None = None
        """Why autosave is off, or what happened to an unreadable autosave (said at start)."""
        self.recovery_path = self._keep_crashed_autosave()

    def new_options(self) -> Options:
        """The game options of the preferences (the standard ones if they are invalid)."""
        try:
            return self.win.prefs.game_options()
        except WecError:
            return Options()

    def start_game(self, game: Game, path: str | None = None) -> None:
        """Make `game` the game in hand (autosaved after every action)."""
        w = self.win
        self.computer.cancel()
        w.board.stop_animation()
        if w.game is not game:
            autosaving.stop(w.game)
        w.game = game
        w.game_serial += 1
        if w.persist:
            settings_mod.save_session(w.prefs)  # a resumed game is played the same way
        w.record_changed_from = 0
        w.first_turn = int(game.initial_position().get("turn", 1) or 1)
        self.file_path = path
        if self.autosave_path:
            autosaving.start(game, self.autosave_path,
                             on_error=lambda message: w.say(f"Autosave is off: {message}"))
        self.seats.lift_cover()
        w.seat = Seat(game, None, covered=False)  # the new game's seat is decided afresh
        w.watcher = None
        w.analysis.clear()
        self.offers.judge_stamp = ()
        w.selected_piece = None
        w.last_game_over = ""
        self._title(path)
        w.refresh()
        if self.seats.needs_handoff():
            self.seats.begin_handoff()
        self.computer.schedule()

    def _title(self, path: str | None) -> None:
        self.win.setWindowTitle("WEC — Weapon Chess"
                                + (f" — {os.path.basename(path)}" if path else ""))

    def new_game(self) -> QDialog:
        """File > New: the New Game dialog (wec/gui/play/new_game_dialog.py)."""
        dlg = NewGameDialog(self.win.prefs, self.win.as_widget())
        dlg.accepted.connect(lambda: self._new_game_chosen(dlg))
        self.win.show_dialog(dlg)
        return dlg

    def _new_game_chosen(self, dlg: Any) -> None:
        w = self.win
        try:
            game = dlg.result_game()
            prefs = dlg.result_preferences()
        except (WecError, OSError, KeyError) as e:
            w.show_error("Cannot start the game", str(e))
            return
        if not self.may_discard("New game"):
            return
        w.prefs = prefs
        w.check_menus()
        self.start_game(game)
        name = dlg.scenario.currentText() if dlg.scenario.currentData() else "New game"
        w.say(f"{name}: {dlg.mode.currentText().lower()}.")

    def new_game_now(self) -> None:
        """A new standard game with the current settings, at once."""
        self.start_game(Game.new(self.new_options()))
        self.win.say("New game.")

    def game_in_progress(self) -> bool:
        return self.win.game.ply > 0 and self.win.game.result is None

    def may_discard(self, title: str) -> bool:
        """Ask before the game in hand is put away for another (nothing is asked when there is
        nothing to lose)."""
        if not self.game_in_progress() or self.win.handoff_pending:
            return not self.win.handoff_pending
        return self.win.confirm(title, "Abandon the game in progress? (File > Save keeps it.)")

    def load_scenario(self, name: str) -> bool:
        """File > Load scenario: a predefined position (wec.rules.scenarios; the manual's
        "predefined saved games")."""
        if not self.may_discard("Load scenario"):
            return False
        try:
            game = Game.from_position(scenarios.load(name))
        except (WecError, KeyError, OSError) as e:
            self.win.show_error("Cannot load the scenario", str(e))
            return False
        self.start_game(game)
        self.win.say(f"{scenario_title(name)}: {scenarios.SCENARIOS[name]}")
        return True

    def resumable(self) -> Game | None:
        """The unfinished game the last run left in the autosave (a chess GUI resumes it)."""
        if not self.recovery_path:
            return None
        try:
            game = Game.load(self.recovery_path)
        except (WecError, OSError):
            return None
        return game if game.result is None and game.ply > 0 else None

    def load_file(self, path: str) -> bool:
        """Load a save file (or a position file); on any problem show the facade's message in an
        error dialog and keep the game in hand."""
        try:
            kind = file_kind(path)
            game = Game.from_position(path) if kind == "position" else Game.load(path)
        except (WecError, OSError, ValueError) as e:
            self.win.show_error("Cannot load the game", f"{path}:\n{e}")
            return False
        self.start_game(game, path)
        self.win.say(f"Loaded {os.path.basename(path)}.")
        if game.result is not None:
            self.offers.game_over()
        return True

    def save_to(self, path: str) -> bool:
        try:
            self.win.game.save(path)
        except (WecError, OSError) as e:
            self.win.show_error("Cannot save the game", f"{path}:\n{e}")
            return False
        self.file_path = path
        self._title(path)
        self.win.say(f"Saved to {path}.")
        return True

    def load_dialog(self) -> None:
        if not self.may_discard("Load"):
            return
        path, _ = QFileDialog.getOpenFileName(self.win.as_widget(), "Load game", self._folder(),
                                              "WEC games (*.json);;All files (*)")
        if path:
            self.load_file(path)

    def save(self) -> None:
        if self.file_path:
            self.save_to(self.file_path)
        else:
            self.save_as_dialog()

    def save_as_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.win.as_widget(), "Save game", self._folder(),
                                              "WEC games (*.json)")
        if path:
            if not path.endswith(".json"):
                path += ".json"
            self.save_to(path)

    def _folder(self) -> str:
        return os.path.dirname(self.file_path) if self.file_path else os.path.expanduser("~")

    def _keep_crashed_autosave(self) -> str | None:
        """At start-up, take the autosave file's lock, keep an unreadable autosave aside
        (renamed with the time, and say why), and copy an unfinished game aside (the new game's
        autosave would replace it); the recovery file's path, or None."""
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
            if os.path.exists(target) and saved_actions(target) not in (None, []) and \
                    saved_actions(target) != found.game.actions():
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
            self.win.show_error("Reopen the last unfinished game",
                                "There is no autosaved game to continue.")
            return
        if self.load_file(path):
            self.file_path = None
            self.win.say("Continued the autosaved game.")

    def on_close(self) -> None:
        """The window closes: a finished game leaves the autosave, and the lock is let go."""
        if self.win.game.result is not None and self.autosave_path:
            autosaving.stop(self.win.game)
        self.release_autosave()

    def release_autosave(self) -> None:
        """Stop autosaving and let another window autosave to the file."""
        if self.autosave_lock is not None:
            autosaving.stop(self.win.game)
            self.autosave_lock.release()
            self.autosave_lock = None
