"""Shared by the packaging tests: where the source is, and what a screenshot shows."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def png_colours(path: Path) -> tuple[int, int, int]:
    """(width, height, distinct colours in a sample of every 4th pixel of every 4th row) of a
    PNG: a painted board has hundreds of colours, a blank or black window one or two."""
    from PySide6.QtGui import QImage  # PySide6: the test extra has it; no window is made
    image = QImage(str(path))
    assert not image.isNull(), f"{path} is not an image"
    colours = {image.pixel(x, y) for y in range(0, image.height(), 4)
               for x in range(0, image.width(), 4)}
    return image.width(), image.height(), len(colours)
