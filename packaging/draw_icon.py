"""Draw WEC's icon: packaging/wec.svg, and wec.png (256 px) rendered from it with Qt.

A corner of the 10x10 board in the ground's greens under the sky's blue band and above the
sea's, with a piece's shot crossing it to a target's red ring. Run it after changing the
drawing: `python packaging/draw_icon.py` (it needs PySide6)."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZE = 256


def svg() -> str:
    """The icon as SVG text: a 5x5 board corner, the three levels' colours, a shot and a target."""
    cell, left, top = 36, 38, 52
    squares = "".join(
        f'<rect x="{left + c * cell}" y="{top + r * cell}" width="{cell}" height="{cell}" '
        f'fill="{"#5d8a3a" if (r + c) % 2 else "#8fbf5a"}"/>'
        for r in range(5) for c in range(5))
    return f"""<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" viewBox="0 0 {SIZE} {SIZE}">
<rect x="8" y="8" width="240" height="240" rx="36" fill="#1d2b3a"/>
<rect x="{left}" y="22" width="{5 * cell}" height="22" rx="6" fill="#6fa8dc"/>
<rect x="{left}" y="{top + 5 * cell + 8}" width="{5 * cell}" height="14" rx="6" fill="#2b6f8f"/>
{squares}
<circle cx="{left + cell // 2}" cy="{top + 4 * cell + cell // 2}" r="13" fill="#f4f1e8" stroke="#222" stroke-width="3"/>
<line x1="{left + cell // 2 + 10}" y1="{top + 4 * cell + cell // 2 - 10}" x2="{left + 4 * cell + 6}" y2="{top + cell - 6}" stroke="#ffcf33" stroke-width="7" stroke-linecap="round"/>
<circle cx="{left + 4 * cell + cell // 2}" cy="{top + cell // 2}" r="14" fill="none" stroke="#e03a2f" stroke-width="6"/>
<circle cx="{left + 4 * cell + cell // 2}" cy="{top + cell // 2}" r="4" fill="#e03a2f"/>
</svg>
"""


def main() -> int:
    text = svg()
    (HERE / "wec.svg").write_text(text, encoding="utf-8")
    from PySide6.QtCore import QByteArray  # PySide6: only this script draws with Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter, Qt
    from PySide6.QtSvg import QSvgRenderer
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    image = QImage(SIZE, SIZE, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    QSvgRenderer(QByteArray(text.encode())).render(painter)
    painter.end()
    ok = image.save(str(HERE / "wec.png"))  # PNG, by the name
    del app
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
