"""The settings of play: the computer's level, game options, governments, competitive mode,
the Options and Colours dialogs, and the preferences kept between runs (wec/gui/play/settings.py).

A changed game option applies from the next new game (the game in hand keeps its rules), but
competitive mode can be switched on during a game (R12.3).
"""
from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import QObject

from wec import Options, WecError
from wec.gui.play import settings as settings_mod
from wec.gui.play.dialogs import ColoursDialog
from wec.gui.play.game_files import GameFiles
from wec.gui.play.host import PlayWindow
from wec.gui.play.options_dialog import OptionsDialog
from wec.gui.play.seats import Seats
from wec.gui.play.settings import Preferences
from wec.gui.play.views import Views


class PreferencesMenu(QObject):
    """Play > Options, levels, governments and preferences; View > Colours."""

    def __init__(self, window: PlayWindow, views: Views, files: GameFiles,
                 seats: Seats) -> None:
        super().__init__()
        self.win = window
        self.views = views
        self.files = files
        self.seats = seats

    def set_level(self, n: int) -> None:
        self.win.prefs.ai_level = n

    def set_option(self, name: str, value: Any) -> None:
        """Change one game option for the next new game (and keep it in the preferences)."""
        w = self.win
        opts = dict(w.prefs.options)
        opts[name] = value
        try:
            w.prefs.options = Options.from_dict(opts).changes()
        except WecError as e:
            w.show_error("Option not changed", str(e))
            return
        w.say(f"{name.replace('_', ' ')}: {value} — applies from the next New game.")

    def set_competitive(self, on: bool) -> None:
        w = self.win
        self.set_option("competitive", bool(on))
        if on and not w.game.competitive and w.game.result is None:
            w.game.set_competitive()
            w.say("Competitive mode (R12.3): no undo, histories hide what a side cannot see.")
            w.refresh()

    def save_preferences(self) -> None:
        if self.win.persist:
            settings_mod.save_preferences(self.win.prefs)
        self.win.say("Current settings saved as your preferences.")

    def restore_defaults(self) -> None:
        w = self.win
        defaults = Preferences()
        # the sides change as any change of sides during a game does (refused or covered)
        w.prefs = dataclasses.replace(defaults, mode=w.prefs.mode, human=w.prefs.human)
        if w.persist:
            settings_mod.clear_preferences()
        self.views.apply_prefs()
        w.check_menus()
        w.actions_by_name["left_move"].setChecked(True)
        w.say("Original defaults restored; they apply from the next New game.")
        w.refresh()
        self.seats.change_sides(defaults.mode, defaults.human)

    def options_dialog(self) -> OptionsDialog:
        """Play > Options: every game option, the sides and the computer."""
        dlg = OptionsDialog(self.win.prefs, self.win.as_widget(), locked=False)
        dlg.accepted.connect(lambda: self._options_chosen(dlg))
        self.win.show_dialog(dlg)
        return dlg

    def _options_chosen(self, dlg: OptionsDialog) -> None:
        w = self.win
        old = w.prefs.game_options()
        new = dlg.result_preferences()
        if new.game_options() != old or w.game.ply == 0:
            if w.game.ply == 0 or w.confirm(
                    "New options", "The new rules apply to a new game. Start one now?"):
                w.prefs = new
                w.check_menus()
                self.files.new_game_now()
                w.say("New game with the chosen options.")
                return
        # the game in hand goes on: its sides change as any change of sides does
        w.prefs = dataclasses.replace(new, mode=w.prefs.mode, human=w.prefs.human)
        w.check_menus()
        w.refresh()
        if not self.seats.change_sides(new.mode, new.human):
            w.schedule_ai()

    def colours_dialog(self) -> ColoursDialog:
        """View > Colours: the board's palette."""
        dlg = ColoursDialog(self.win.prefs.palette(), self.win.as_widget())
        dlg.accepted.connect(lambda: self._colours_chosen(dlg))
        self.win.show_dialog(dlg)
        return dlg

    def _colours_chosen(self, dlg: ColoursDialog) -> None:
        self.win.prefs.colours = dlg.changed()
        self.views.apply_prefs()
