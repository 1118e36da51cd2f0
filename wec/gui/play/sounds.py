"""Sounds of play: a click for a Move, a whoosh for a Fire, a thud for a hit, a crunch for a
capture and a chord for the end of the game (WAVs made by wec/gui/play/sound_synth.py).

Which sound plays is decided from the record as the people who hear it may read it, never from
the game itself: each action's `ActionNote` (its R12.2 part and results) as read by every
listener — the human against the computer, both players in hotseat (they share the room), the
whole record for a spectator — and the least of their sounds plays. So an action a listener
could not see (a hidden enemy's Move, `MV:?`, or a Fire nobody of theirs saw) makes no sound,
and nobody hears more than their own record says.

The sounds play through QtMultimedia's QSoundEffect (PySide6-Addons). Where it is missing, the
platform is offscreen (tests, screenshots) or there is no audio output, the window is silent and
says nothing of it. View > Sounds mutes them; the choice is kept in the settings.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from PySide6.QtCore import QObject, QTimer, QUrl
from PySide6.QtGui import QGuiApplication

from wec.gui.play import settings as settings_mod
from wec.gui.play.host import PlayWindow
from wec.gui.play.seat import has_secrets
from wec.gui.play.sound_synth import AUDIO_DIR, SOUNDS

RANK = {None: 0, "move": 1, "fire": 2, "hit": 3, "capture": 4, "game_end": 5}
"""The sound of an action is its strongest event; among listeners the weakest one plays."""
HIT_KINDS = ("RK", "TK", "SK", "FK", "STK", "CK")
"""Results that strike a piece without taking it (R7): destroyed by a projectile or a flame,
stunned, converted."""
PROJECTILES = ("R", "S", "T")
QUIET_KINDS = ("END", "RESIGN", "DRAW")


def result_kind(result: str) -> str:
    """An R12.2 result's kind: "X", "RK", "STK", "R", a piece type…"""
    match = re.match(r"[A-Z]+", result)
    return match.group(0) if match else ""


def sound_for(note: Any) -> str | None:
    """The sound of one action as its reader may read it (`wec.game.record.ActionNote`);
    None: silence (an action the reader did not see, an unseen Move, End Turn without results)."""
    if note is None:
        return None
    kinds = [result_kind(r) for r in note.results]
    if "X" in kinds:
        return "capture"
    if any(k in HIT_KINDS for k in kinds):
        return "hit"
    part = note.part
    if part is None or note.kind in QUIET_KINDS:
        return "fire" if any(k in PROJECTILES for k in kinds) else None
    if note.kind == "FIRE" or any(k in PROJECTILES for k in kinds):
        return "fire"
    if part == "MV:?":  # a Move the reader did not see: nothing to hear
        return None
    return "move"


def listeners(window: PlayWindow) -> list[str | None]:
    """Whose record decides what is heard: the seat's side; in hotseat with secrets both sides
    (both players are in the room); None: the whole record (nothing is hidden)."""
    g = window.game
    if window.prefs.mode == "hotseat" and has_secrets(g):
        return ["black", "white"]
    if window.seat.side is None:
        return [None]
    return [window.seat.side]


def sound_of_action(game: Any, ply: int, readers: list[str | None]) -> str | None:
    """The sound of action `ply` of `game`'s line as every reader may read it: the weakest."""
    chosen: list[str | None] = []
    for reader in readers:
        notes = game.full_action_notes(ply) if reader is None else \
            game.action_notes(reader, ply)
        chosen.append(sound_for(notes[0] if notes else None))
    return min(chosen, key=lambda s: RANK[s]) if chosen else None


def load_effects() -> dict[str, Any]:
    """A QSoundEffect per sound, or {} without QtMultimedia or an audio output. Its backends'
    complaints on a machine without sound ("PulseAudioService: pa_context_connect() failed",
    qt.multimedia warnings) are kept quiet while it looks."""
    from PySide6.QtCore import QLoggingCategory, qInstallMessageHandler
    QLoggingCategory.setFilterRules("qt.multimedia*=false")
    previous = qInstallMessageHandler(lambda *_: None)
    try:
        # lazy: QtMultimedia is an optional part of PySide6 (PySide6-Addons)
        from PySide6.QtMultimedia import QMediaDevices, QSoundEffect
        if not QMediaDevices.audioOutputs():
            return {}
        effects = {}
        for name in SOUNDS:
            effect = QSoundEffect()
            effect.setSource(QUrl.fromLocalFile(str(AUDIO_DIR / f"{name}.wav")))
            effect.setVolume(0.6)
            effects[name] = effect
        return effects
    except (ImportError, OSError, RuntimeError):
        return {}
    finally:
        qInstallMessageHandler(previous)


class SoundPlayer:
    """Plays the named WAVs through QSoundEffect, loaded at the first sound; silent (and quiet
    about it) without QtMultimedia, an audio output or a real screen."""

    def __init__(self) -> None:
        self.effects: dict[str, Any] | None = None
        """Loaded effects by name; {} once known to be silent."""

    def available(self) -> bool:
        if self.effects is None:
            self.effects = self._load()
        return bool(self.effects)

    def _load(self) -> dict[str, Any]:
        if QGuiApplication.platformName() in ("offscreen", "minimal", ""):
            return {}  # nobody hears these (tests, screenshots): QtMultimedia is not touched
        return load_effects()

    def play(self, name: str) -> None:
        if self.available() and self.effects is not None:
            self.effects[name].play()


class Sounds(QObject):
    """Hears every new action of the game in hand (the window's refresh) and plays its sound."""

    def __init__(self, window: PlayWindow) -> None:
        super().__init__()
        self.win = window
        self.sounds = SoundPlayer()
        self.player: Callable[[str], None] = self.sounds.play
        """Plays a sound by name (tests replace it)."""
        self.muted = settings_mod.sound_muted() if window.persist else False
        # loaded once the window is up, so the first sound is ready when the first Move comes
        QTimer.singleShot(1500, self._warm_up)
        self.heard: tuple[int, int] = (-1, -1)
        """(game serial, ply) of the last action heard."""

    def _warm_up(self) -> None:
        if not self.muted:
            self.sounds.available()

    def set_sound(self, on: bool) -> None:
        """View > Sounds: on or muted, kept in the settings."""
        self.muted = not on
        if self.win.persist:
            settings_mod.save_sound_muted(self.muted)
        self.win.say("Sounds on." if on else "Sounds muted.")

    def after_refresh(self, changed_from: int) -> None:
        """After a refresh: the action just appended to the line, if any (`changed_from`: the
        first action of the record to read again, as the window had it before the refresh)."""
        w = self.win
        g = w.game
        now = (w.game_serial, g.ply)
        if now == self.heard:
            return
        fresh = self.heard[0] == w.game_serial and g.ply == self.heard[1] + 1 and \
            changed_from <= g.ply - 1
        self.heard = now
        if not fresh or self.muted:
            return
        name = "game_end" if g.result is not None else \
            sound_of_action(g, g.ply - 1, listeners(w))
        if name is not None:
            self.player(name)
