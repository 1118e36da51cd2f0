"""Exhaustive turn search for the tactics suite: every turn, every reply, by the rules engine.

A turn is every action up to End Turn (R6.1); the search walks the core's legal actions, merges
states that are equal in everything (tactics.state_key) and never asks the AI. Each answer is
exact: a "no" means every distinct turn was tried.

- find_win: a turn of the side to move that wins (R11.1), searched by turns of at most 2, 3, 4
  actions first (a win is usually short) and then without a limit;
- wins_in_two: after the side's turn, every reply of the opponent either loses for it or leaves
  the side a winning turn;
- saving_turns: which of the side's turns leave the opponent no winning turn.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

from wec.game.coredata import ACT_END, ACT_FIRE, RESULT_NONE
from wec.game.game import Game

LIMITS = (2, 3, 4, None)
"""Action-count limits of find_win's passes (None: no limit, the whole turn tree)."""
_budget = [-1]
"""Actions the walks may still apply (under `at_most`); below 0: no limit."""


class TooBig(Exception):
    """Raised by a walk when `at_most`'s budget of applied actions is spent."""


@contextmanager
def at_most(actions: int) -> Iterator[None]:
    """Within the block the walks apply at most `actions` actions, then raise TooBig: a
    deterministic bound for building positions (a proof itself is never cut short)."""
    _budget[0] = actions
    try:
        yield
    finally:
        _budget[0] = -1


def _spend() -> None:
    if _budget[0] >= 0:
        _budget[0] -= 1
        if _budget[0] < 0:
            raise TooBig


def state_key(engine) -> tuple:
    """Everything of the state, for telling turn ends apart: the Zobrist hash leaves out what
    only matters later in the turn or in later turns (cool-downs, this turn's hit counts, R7.8),
    and merging two states that differ there would miss, e.g., a second Flame that kills."""
    return (engine.hash, repr(engine.pieces()), repr(engine.projectiles()),
            repr(engine.articles()), repr(engine.turn_state()), repr(engine.reserves()))


def turn_ends(engine, side: int) -> Iterator[list]:
    """Depth-first over the side's turn in `engine`: stops at every distinct turn end (after End
    Turn, or the game over), each state once (state_key), and yields the actions that led
    there (raw tuples) while the engine stands in that state. End Turn is tried first at each
    step, so a turn end reached by several turns is named by a short one (a Move and End Turn
    rather than the same Move with a Drop and a Pickup of the same article)."""
    seen: set = set()
    stack: list = []

    def walk() -> Iterator[list]:
        for raw in _order(engine.legal()):
            _spend()
            engine.apply(raw)
            stack.append(raw)
            key = state_key(engine)
            if key not in seen:
                seen.add(key)
                if engine.result != RESULT_NONE or engine.side != side:
                    yield stack
                else:
                    yield from walk()
            stack.pop()
            engine.undo()

    yield from walk()


def _order(raws: list) -> list:
    """End Turn first (the cheapest leaf), then the Fires, then the rest: only the order in
    which a win is met, never which turns are tried."""
    return sorted(raws, key=lambda r: 0 if r.kind == ACT_END else 1 if r.kind == ACT_FIRE else 2)


def find_win(engine, side: int) -> list | None:
    """The actions (raw) of a turn of `side`, to move in `engine`, that ends with its win; None
    when no turn does (every turn tried). The engine is left as it was."""
    for limit in LIMITS:
        stack: list = []
        cut = [False]
        if _win_walk(engine, side, limit, stack, {}, cut):
            return stack
        if not cut[0]:
            return None
    return None


def _win_walk(engine, side: int, limit: int | None, stack: list, seen: dict, cut: list) -> bool:
    """Depth-first with at most `limit` actions; True with the winning actions in `stack` and
    the engine back where it was; `cut[0]` set when the limit left some turn untried."""
    depth = len(stack)
    for raw in _order(engine.legal()):
        _spend()
        engine.apply(raw)
        key = state_key(engine)
        left = 10**6 if limit is None else limit - depth - 1
        if seen.get(key, -1) < left:
            seen[key] = left
            stack.append(raw)
            if engine.result != RESULT_NONE or engine.side != side:
                if engine.result == side:
                    engine.undo()
                    return True
            elif left <= 0:
                cut[0] = True
            elif _win_walk(engine, side, limit, stack, seen, cut):
                engine.undo()
                return True
            stack.pop()
        engine.undo()
    return False


@dataclass
class TwoTurns:
    """wins_in_two's answer: whether every reply leaves a win, how many distinct replies were
    tried, and the first reply that escapes (raw actions), if one does."""
    ok: bool
    replies: int
    escape: list | None = None


def wins_in_two(engine, side: int, most: int | None = None) -> TwoTurns:
    """`engine` after a turn of `side` (the opponent to move): does every distinct reply lose
    for the opponent (R11.1) or leave `side` a winning turn? With `most`, a position of more
    replies than that is given up (not ok, no escape named)."""
    if engine.result != RESULT_NONE:
        return TwoTurns(engine.result == side, 0)
    enemy = engine.side
    n = 0
    for reply in turn_ends(engine, enemy):
        n += 1
        if most is not None and n > most:
            return TwoTurns(False, n)
        if engine.result == side:
            continue
        if engine.result != RESULT_NONE or find_win(engine, side) is None:
            return TwoTurns(False, n, list(reply))
    return TwoTurns(True, n)


def after(game: Game, turn: list[str]) -> Any:
    """A copy of the game's engine after the actions `turn` (texts)."""
    g = game.clone()
    for a in turn:
        g.apply(a)
    return g._engine.copy()


def turn_texts(game: Game, raws: list) -> list[str]:
    """Raw actions from the game's position as action texts."""
    g = game.clone()
    texts = []
    for raw in raws:
        action = g._to_action(raw)
        texts.append(str(action))
        g.apply(action)
    return texts


def has_win_now(game: Game) -> bool:
    engine = game._engine.copy()
    return find_win(engine, engine.side) is not None


def saving_turns(game: Game, most: int | None = None) -> tuple[int, list[list[str]]]:
    """Every distinct turn of the side to move: how many there are, and those after which the
    opponent has no winning turn (a turn that wins at once counts as saving). With `most`, the
    walk stops after that many turns (then the count is most + 1)."""
    engine = game._engine.copy()
    side = engine.side
    n = 0
    saving: list[list[str]] = []
    for raws in turn_ends(engine, side):
        n += 1
        if most is not None and n > most:
            break
        if engine.result == side:
            saving.append(turn_texts(game, raws))
        elif engine.result == RESULT_NONE and find_win(engine, engine.side) is None:
            saving.append(turn_texts(game, raws))
    return n, saving


# --- what each two-turn category's check proves ---------------------------------------------------

class VerifyError(ValueError):
    """A position that does not hold what its category claims; the message says what failed."""


def _no_win_now(game: Game) -> None:
    if has_win_now(game):
        raise VerifyError("the side to move wins at once: not a two-turn tactic")


def verify_win_in_two(game: Game, solution: list[str], tries: int = 40) -> dict[str, Any]:
    """A win in two own turns, proved exactly: no turn of the side wins now (every turn tried);
    after `solution` every distinct reply of the opponent loses for it or leaves the side a
    winning turn; and the first turn matters: some turn (the first of the side's turns of a
    Move and End Turn, then of the first `tries` turns of the walk, that is not a win in two)
    lets a reply escape.
    Returns {"replies": the number of distinct replies to the solution, "fails": that turn}."""
    _no_win_now(game)
    side = game._engine.side
    engine = after(game, solution)
    if engine.result == side:
        raise VerifyError("the solution wins at once")
    answer = wins_in_two(engine, side)
    if not answer.ok:
        raise VerifyError(f"a reply escapes: {answer.escape}")
    for move in game.legal_moves():
        quiet = [str(move), "END"]
        if not wins_in_two(after(game, quiet), side).ok:
            return {"replies": answer.replies, "fails": quiet}
    walk = game._engine.copy()
    for i, raws in enumerate(turn_ends(walk, side)):
        if i >= tries:
            break
        if not wins_in_two(walk.copy(), side).ok:
            return {"replies": answer.replies, "fails": turn_texts(game, raws)}
    raise VerifyError(f"each of the first {tries} turns wins in two: no tactic")


def verify_parry(game: Game, solution: list[str] | None, most: float = 1 / 3,
                 most_turns: int | None = None) -> dict[str, Any]:
    """A threat of the opponent's next turn, proved exactly: no turn of the side wins now; of all
    its distinct turns exactly `saving` leave the opponent no winning turn (every other turn
    allows a reply that wins, every turn and reply tried); they are at most `most` of all, and
    `solution` is one of them. Returns {"turns": how many turns, "saving": how many save} (and,
    when no solution is given, "solution": a shortest saving turn). With `most_turns`, a
    position of more turns than that is refused."""
    _no_win_now(game)
    n, saving = saving_turns(game, most_turns)
    if most_turns is not None and n > most_turns:
        raise VerifyError(f"more than {most_turns} turns")
    if not saving:
        raise VerifyError("no turn parries the threat")
    if len(saving) > most * n:
        raise VerifyError(f"{len(saving)} of {n} turns parry: no real threat")
    if solution is None:
        shortest = min(saving, key=len)
        return {"turns": n, "saving": len(saving), "solution": shortest}
    engine = after(game, solution)
    if engine.result != RESULT_NONE or find_win(engine, engine.side) is not None:
        raise VerifyError("the solution does not parry")
    return {"turns": n, "saving": len(saving)}
