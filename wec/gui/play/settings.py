"""Preferences kept with QSettings (organisation "WEC", application "wec").

Tests point QSettings at a temporary folder (tests/gui/conftest.py); `--screenshot` runs never
read or write them. The game options are kept as the changed fields only (`Options.changes()`).
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor

from wec import Options
from wec.ai import DEFAULT_LEVEL, LEVELS

from wec.gui.drawing.glyphs import DEFAULT_PALETTE, Palette

MODES = ("hotseat", "human_vs_computer", "computer_vs_computer")


@dataclass
class Preferences:
    """Everything the Play and View menus remember."""

    options: dict[str, Any] = field(default_factory=dict)
    """Changed game options (wec.Options field -> value)."""
    mode: str = "human_vs_computer"
    human: str = "black"
    """The human's side against the computer (Black moves first, R1.4)."""
    ai_level: int = DEFAULT_LEVEL
    ai_seconds: float = 2.0
    discs: bool = False
    """View > Lettered discs: pieces as discs with their type code instead of silhouettes."""
    lighting: bool = True
    big_board: bool = False
    last_seen: bool = True
    possible_locations: bool = False
    reserves: bool = True
    flipped: bool = False
    """View > Flip board: turn the board from its usual orientation (your side at the bottom)."""
    turn_board: bool = True
    """Hotseat: the board turns to the player at the screen after the hand-off."""
    animate: bool = True
    eval_bar: bool = True
    """View > Evaluation bar: the bar beside the board, where the side at the board may see it."""
    colours: dict[str, str] = field(default_factory=dict)
    """Palette entries changed in the colours dialog (name -> #rrggbbaa)."""

    def game_options(self) -> Options:
        return Options.from_dict(self.options)

    def palette(self) -> Palette:
        pal = DEFAULT_PALETTE.copy()
        for name, value in self.colours.items():
            try:
                pal.set(name, QColor(value))
            except (AttributeError, KeyError, ValueError):
                continue
        return pal


def _settings() -> QSettings:
    """The INI file of the user scope (tests move it with QSettings.setPath)."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "WEC", "wec")


def load_preferences() -> Preferences:
    """The saved preferences, or the original defaults when there are none (or they are bad)."""
    raw = _settings().value("preferences", "")
    prefs = Preferences()
    if not raw:
        return prefs
    try:
        data = json.loads(str(raw))
        names = {f.name for f in dataclasses.fields(Preferences)}
        prefs = Preferences(**{k: v for k, v in data.items() if k in names})
        prefs.game_options()  # validate
        if prefs.mode not in MODES:
            prefs.mode = "human_vs_computer"
        if prefs.ai_level not in LEVELS:  # saved by a version with other levels
            prefs.ai_level = DEFAULT_LEVEL
    except Exception:  # a damaged entry falls back to the defaults
        return Preferences()
    return prefs


def save_preferences(prefs: Preferences) -> None:
    s = _settings()
    s.setValue("preferences", json.dumps(dataclasses.asdict(prefs)))
    s.sync()


def clear_preferences() -> None:
    s = _settings()
    s.remove("preferences")
    s.sync()


def save_window_state(geometry: Any, state: Any) -> None:
    s = _settings()
    s.setValue("window/geometry", geometry)
    s.setValue("window/state", state)


def window_state() -> tuple[Any, Any]:
    s = _settings()
    return s.value("window/geometry"), s.value("window/state")


def sound_muted() -> bool:
    """View > Sounds was switched off (kept apart from the preferences: a mute is kept at once,
    not only by Play > Save current settings)."""
    return str(_settings().value("sound/muted", "false")).lower() in ("true", "1")


def save_sound_muted(muted: bool) -> None:
    s = _settings()
    s.setValue("sound/muted", "true" if muted else "false")
    s.sync()


SESSION_KEYS = ("mode", "human", "ai_level", "ai_seconds")
"""What the game in hand was played with: an unfinished game resumed at the next start is
played the same way (who plays whom, the computer's strength)."""


def save_session(prefs: Preferences) -> None:
    s = _settings()
    s.setValue("session", json.dumps({k: getattr(prefs, k) for k in SESSION_KEYS}))


def load_session(prefs: Preferences) -> Preferences:
    """`prefs` with the last session's players and computer (unchanged if none or bad)."""
    raw = _settings().value("session", "")
    if not raw:
        return prefs
    try:
        data = json.loads(str(raw))
        out = dataclasses.replace(prefs, **{k: data[k] for k in SESSION_KEYS if k in data})
        if out.mode not in MODES or out.human not in ("black", "white") or \
                out.ai_level not in LEVELS or not 0.1 <= float(out.ai_seconds) <= 120:
            return prefs
    except Exception:  # a damaged entry: the preferences as they are
        return prefs
    return out
