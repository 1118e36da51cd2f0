"""Small builders for rule tests: positions (docs/FORMATS.md), and move-set helpers."""
from __future__ import annotations

import threading
from typing import Any, Callable

import wec


def piece(code: str, color: str, row: int, col: int, level: str = "G", **extra: Any) -> dict:
    d = {"type": code, "color": color, "square": [row, col], "level": level}
    d.update(extra)
    return d


def position(*pieces: dict, to_move: str = "white", articles: tuple = (), **options: Any) -> dict:
    return {"format": "wec-position", "version": 1, "to_move": to_move, "turn": 1,
            "options": options, "pieces": list(pieces),
            "articles": [{"type": a, "square": list(sq)} for a, sq in articles]}


def game(*pieces: dict, to_move: str = "white", articles: tuple = (), **options: Any) -> wec.Game:
    return wec.Game.from_position(position(*pieces, to_move=to_move, articles=articles, **options))


def dests(g: wec.Game, row: int, col: int, level: str = "G", *, passenger: bool | None = None,
          kind: str = "move", code: str | None = None) -> set[tuple[int, int, str]]:
    """Destinations of the moves of the piece(s) at (row, col, level) (of type `code`)."""
    return {a.dest for a in g.legal_moves() if a.kind == kind and a.origin == (row, col, level)
            and (passenger is None or a.passenger == passenger) and code in (None, a.piece)}


def find(g: wec.Game, **fields: Any) -> wec.Action:
    """The one legal action whose fields match."""
    fields.setdefault("kind", "move")
    found = [a for a in g.legal_actions() if all(getattr(a, k) == v for k, v in fields.items())]
    assert len(found) == 1, f"{len(found)} actions match {fields}: {found}"
    return found[0]


def play(g: wec.Game, action: wec.Action | str) -> None:
    """Apply and check the core's invariants."""
    g.apply(action)
    assert g.check() == []


def fire(g: wec.Game, origin, article: str, dest=None, **fields) -> wec.Action:
    """Apply the one fire of `article` from `origin` aimed at `dest` (row, col[, level])."""
    cands = [a for a in g.legal_actions() if a.kind == "fire" and a.origin == origin
             and a.article == article and (dest is None or a.dest[:len(dest)] == tuple(dest))
             and all(getattr(a, k) == v for k, v in fields.items())]
    assert len(cands) == 1, (origin, article, dest, cands)
    play(g, cands[0])
    return cands[0]


def finishes(fn: Callable[[], Any], seconds: float = 60.0) -> Any:
    """fn() run in a thread: its result, or a failure if it has not returned after `seconds` (a
    guard against a hang, not a timing assertion)."""
    out: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            out.append(fn())
        except BaseException as e:  # noqa: BLE001 - re-raised below
            errors.append(e)
    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"still running after {seconds} s"
    if errors:
        raise errors[0]
    return out[0]
