"""The play window's sounds, made by the project itself: short WAVs synthesized from sines and
seeded noise (no recordings, no outside files).

`python -m wec.gui.play.sound_synth [FOLDER]` writes them (default: the package's `audio/`
folder beside this module). The WAVs are committed there, small (16 kHz, 16-bit mono, each under
30 KB) and shipped as package data, so an installed app needs no build step to have them; a test
makes them again and compares them byte for byte, so the files never drift from this script.
"""
from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path
from typing import Callable

RATE = 16_000
"""Samples per second: plenty for clicks and thuds, and it keeps each file small."""
AUDIO_DIR = Path(__file__).with_name("audio")

Samples = list[float]


def _seconds(duration: float) -> range:
    return range(int(RATE * duration))


def _envelope(i: int, n: int, attack: float = 0.004, decay: float = 6.0) -> float:
    """A fast attack, then an exponential decay to silence at the end."""
    t = i / RATE
    rise = min(1.0, t / attack) if attack > 0 else 1.0
    return rise * math.exp(-decay * i / n) * (1.0 - i / n)


def _lowpass(samples: Samples, alpha: float) -> Samples:
    out, y = [], 0.0
    for x in samples:
        y += alpha * (x - y)
        out.append(y)
    return out


def click() -> Samples:
    """A Move: a short wooden click (a damped 1.9 kHz tone over a tick of noise)."""
    rng = random.Random(1)
    n = len(_seconds(0.07))
    return [_envelope(i, n, 0.0005, 9.0) * (0.6 * math.sin(2 * math.pi * 1900 * i / RATE) +
                                            0.4 * rng.uniform(-1, 1) * math.exp(-i / 60))
            for i in range(n)]


def whoosh() -> Samples:
    """A Fire: a burst of noise whose brightness falls as it fades."""
    rng = random.Random(2)
    n = len(_seconds(0.35))
    out, y = [], 0.0
    for i in range(n):
        alpha = 0.5 - 0.42 * i / n  # the filter closes: from a hiss to a rumble
        y += alpha * (rng.uniform(-1, 1) - y)
        out.append(y * _envelope(i, n, 0.02, 3.0) * 2.2)
    return out


def thud() -> Samples:
    """A hit: a low tone falling in pitch, with a soft knock."""
    rng = random.Random(3)
    n = len(_seconds(0.28))
    out, phase = [], 0.0
    knock = _lowpass([rng.uniform(-1, 1) for _ in range(n)], 0.15)
    for i in range(n):
        freq = 110 * (1 - 0.45 * i / n)
        phase += 2 * math.pi * freq / RATE
        out.append(_envelope(i, n, 0.002, 5.0) * (0.85 * math.sin(phase) +
                                                  1.2 * knock[i] * math.exp(-i / 400)))
    return out


def crunch() -> Samples:
    """A capture: three quick grains of filtered noise over a low thump."""
    rng = random.Random(4)
    n = len(_seconds(0.3))
    out = [0.0] * n
    for start, gain in ((0, 1.0), (int(0.06 * RATE), 0.8), (int(0.13 * RATE), 0.6)):
        m = int(0.09 * RATE)
        grain = _lowpass([rng.uniform(-1, 1) for _ in range(m)], 0.35)
        for j in range(min(m, n - start)):
            out[start + j] += gain * 1.6 * grain[j] * math.exp(-6.0 * j / m)
    for i in range(n):
        out[i] += 0.5 * math.sin(2 * math.pi * 80 * i / RATE) * math.exp(-8.0 * i / n)
    return out


def chord() -> Samples:
    """The end of the game: a short major chord (C, E, G, C), each note ringing out."""
    n = len(_seconds(0.75))
    notes = (523.25, 659.25, 783.99, 1046.5)
    return [_envelope(i, n, 0.01, 3.5) * sum(
        math.sin(2 * math.pi * f * i / RATE) * (0.3 if k < 3 else 0.15)
        for k, f in enumerate(notes)) for i in range(n)]


SOUNDS: dict[str, Callable[[], Samples]] = {
    "move": click, "fire": whoosh, "hit": thud, "capture": crunch, "game_end": chord}
"""Each sound the window plays, by name, and what makes it."""


def wav_bytes(samples: Samples) -> bytes:
    """16-bit mono PCM frames, normalized to 70 % of full scale."""
    peak = max((abs(x) for x in samples), default=0.0) or 1.0
    return b"".join(struct.pack("<h", int(round(x / peak * 0.7 * 32767))) for x in samples)


def write(folder: Path = AUDIO_DIR) -> list[Path]:
    """Write every sound as `<name>.wav` in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in SOUNDS.items():
        path = folder / f"{name}.wav"
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(wav_bytes(make()))
        written.append(path)
    return written


if __name__ == "__main__":
    for made in write(Path(sys.argv[1]) if len(sys.argv) > 1 else AUDIO_DIR):
        print(made, made.stat().st_size, "bytes")
