"""Words for what the board draws: the hover tool tips of pieces, articles, reserves, last-seen
markers and projectiles (board and level panels), from the snapshot the seat may read."""
from __future__ import annotations

import html
from typing import Any

from wec.game.action import PieceInfo, ProjectileInfo

from wec.gui.play.interaction import ARTICLE_NAMES, LEVEL_NAMES, piece_name

ANTI = ("AFL", "AST", "ACS", "ARL", "ASL", "ATL", "ASH")
PROJECTILE_NAMES = {"RL": "Rocket", "SL": "SAM", "TL": "Torpedo"}


def _turns(n: int) -> str:
    return f"{n} turn{'s' if n != 1 else ''}"


def piece_tip(p: PieceInfo) -> str:
    """A piece: name, side, level, hand, articles, stun and cool-downs."""
    hand = {"left": " (left handed, <)", "right": " (right handed, >)"}.get(p.hand or "", "")
    lines = [f"<b>{html.escape(piece_name(p.type))}</b> ({p.type}){html.escape(hand)}",
             f"{p.color.capitalize()}, {LEVEL_NAMES[p.level]} at ({p.row},{p.col})"]
    if p.articles:
        lines.append("Carries: " + ", ".join(
            f"{html.escape(ARTICLE_NAMES.get(a, a))} ({a})" for a in p.articles))
    else:
        lines.append("Carries no articles")
    if p.stun:
        lines.append(f"Stunned: {_turns(p.stun)} more (cannot act)")
    if p.cooldowns:
        lines.append("Cooling down: " + ", ".join(
            f"{ARTICLE_NAMES.get(k, k)} ({k}) {_turns(v)}" for k, v in sorted(p.cooldowns.items())))
    if p.fired:
        lines.append("Has fired this turn")
    if p.journey:
        art, to, path = p.journey
        lines.append(f"Travelling by {ARTICLE_NAMES.get(art, art)} to {to} ({path})")
    return "<br>".join(lines)


def article_tip(code: str, square: tuple[int, int]) -> str:
    kind = ("an Anti-article (outlined): protects its carrier from that weapon" if code in ANTI
            else "an article")
    return (f"<b>{html.escape(ARTICLE_NAMES.get(code, code))}</b> ({code}) lying on the Ground at "
            f"{square}: {kind}; a piece of either side standing here may pick it up (R8.1)")


def reserve_tip(entry: dict[str, Any]) -> str:
    side = str(entry.get("color", "")).capitalize()
    code = entry.get("type")
    what = (f"{html.escape(piece_name(code))} ({code})" if code
            else "a piece whose type is hidden from you")
    armed = entry.get("armed")
    if code is None:  # an enemy reserve: armed only as far as this side saw it (R10.6)
        state = ("armed (you saw one of its side's pieces stand on this square): it may enter"
                 if armed else "you have not seen it armed (dashed); it may be")
    else:
        state = ("armed: it may enter now (Action > Reinforce)" if armed
                 else "not armed yet (dashed)")
    sq = entry.get("square")
    where = f" at ({sq[0]},{sq[1]})" if sq else ""
    return f"<b>{side} reserve</b>{where}: {what}; {state} (R8.4)"


def last_seen_tip(mark: Any) -> str:
    name = piece_name(mark.type) if mark.type else "a piece"
    return (f"<b>Last seen</b>: {mark.color.capitalize()} {html.escape(name)} was last seen here "
            f"({LEVEL_NAMES[mark.level]}); it is hidden now and may have moved (R10)")


def projectile_tip(pr: ProjectileInfo) -> str:
    name = PROJECTILE_NAMES.get(pr.kind, pr.kind)
    homing = " homing on a target" if pr.target is not None else ""
    return (f"<b>{name}</b> in flight{homing} ({LEVEL_NAMES[pr.level]}): it advances one square "
            f"at every End Turn and hits the first piece at its level (R7.7)")
