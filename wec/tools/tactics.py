"""The tactics suite: positions with a known solution, and `wec tactics`.

Each position is a JSON file ({"format": "wec-tactic", ...}) of the package data
(wec/tools/data/tactics/, SUITE) holding a position in the position format (docs/FORMATS.md), the theme,
a goal and a verified solving turn. A player solves it when the whole turn it plays reaches
the goal:

- "win": its turn ends with its win (R11.1: the enemy primary government piece destroyed,
  captured or converted during the turn);
- "survive": after its turn the opponent has no turn that wins (checked by trying every turn);
- "material": its turn gains at least `gain` (wec.ai.weights values) and does not lose;
- "win2": its turn wins, or after it every reply of the opponent leaves it a winning turn (a win
  in two own turns against every defence; wec.tools.tactic_search).

Each position has a category: "one-turn" (what the turn itself reaches), or one of the two-turn
categories, which need the opponent's reply to be seen: "win-in-two", "parry" (a threat of the
opponent's next turn to parry now) and "journey" (a transport journey that wins in two turns).
The goals are judged by the rules engine itself (every turn enumerated), never by the AI.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from wec import rules
from wec.ai import weights
from wec.ai.player import AI
from wec.ai.search import LEVELS
from wec.game.errors import WecError
from wec.game.game import Game
from wec.game.jsonfile import read_json_file
from wec.tools.progress import progress_bar
from wec.tools.tactic_search import find_win, turn_ends, turn_texts, wins_in_two
from wec.tools.tactic_search import state_key  # noqa: F401  (kept importable from here)

SUITE = Path(__file__).resolve().parent / "data" / "tactics"
"""The suite, shipped with the package (tests/data/tactics/make_tactics.py builds it)."""
THEMES = ("win-move", "win-fire", "win-projectile", "save-projectile", "save-stunner",
          "save-conversion", "material-fire", "transport", "pickup",
          "win-in-two", "parry-projectile", "parry-stunner", "parry-conversion",
          "parry-reinforcement", "journey")
"""Themes in the order `wec tactics` reports them."""
GOALS = ("win", "survive", "material", "win2")
CATEGORIES = ("one-turn", "win-in-two", "parry", "journey")
"""Categories in the order `wec tactics` reports them; a file without one is "one-turn"."""


class TacticsError(WecError, ValueError):
    """A tactic file that is not in the format; the message names the file and the field."""


@dataclass(frozen=True)
class Tactic:
    name: str
    theme: str
    goal: str
    position: dict
    solution: tuple[str, ...]
    """A verified solving turn, in action notation (the last action is End Turn)."""
    gain: int = 0
    """Material goal: the least gain (wec.ai.weights units) that solves it."""
    note: str = ""
    category: str = "one-turn"
    verified: dict | None = None
    """What the make script's exhaustive check found (e.g. the number of distinct turns and of
    saving turns, or of replies), compared again by its --check."""

    def game(self) -> Game:
        return Game.from_position(self.position)


# --- judging a turn (exhaustive, by the rules engine) ---------------------------------------------

def material(game: Game, color: str) -> int:
    """Piece and carried-article values of `color` less the enemy's (wec.ai.weights)."""
    total = 0
    for p in game.pieces():
        v = weights.PIECE_VALUES[p.type] + sum(weights.ARTICLE_VALUES[a] for a in p.articles)
        total += v if p.color == color else -v
    return total


_turn_ends = turn_ends  # the exhaustive walk (and state_key) now live in wec.tools.tactic_search


def winning_turn(game: Game) -> list[str] | None:
    """A turn of the side to move that ends with its win, as action texts; None if none."""
    engine = game._engine.copy()
    actions = find_win(engine, engine.side)
    return None if actions is None else turn_texts(game, actions)


def can_win_now(game: Game) -> bool:
    return winning_turn(game) is not None


def survives(game: Game, turn: list[str]) -> bool:
    """After `turn` (the side to move's actions) the game is not lost and the opponent has no
    winning turn."""
    side = game.to_move
    g = game.clone()
    for a in turn:
        g.apply(a)
    if g.result is not None:
        return g.result == side
    return not can_win_now(g)


def turns(game: Game, limit: int = 100_000) -> Iterator[list[str]]:
    """Every distinct turn of the side to move (at most `limit`), as action texts."""
    engine = game._engine.copy()
    for i, actions in enumerate(_turn_ends(engine, engine.side)):
        if i >= limit:
            return
        yield turn_texts(game, actions)


def judge(tactic: Tactic, turn: list[str]) -> bool:
    """Does this turn (from the tactic's position) reach the tactic's goal?"""
    game = tactic.game()
    side = game.to_move
    before = material(game, side)
    g = game.clone()
    for a in turn:
        g.apply(a)
    if tactic.goal == "win":
        return g.result == side
    if tactic.goal == "survive":
        return survives(game, turn)
    if tactic.goal == "win2":
        if g.result is not None:
            return g.result == side
        return wins_in_two(g._engine.copy(), game._engine.side).ok
    if g.result is not None:
        return g.result == side
    return material(g, side) - before >= tactic.gain


# --- the files -----------------------------------------------------------------------------------

def load(path: Path) -> Tactic:
    """One tactic file, checked: a TacticsError names the file and the field."""
    where = path.name
    data = read_json_file(str(path), TacticsError, "tactic file")
    if not isinstance(data, dict) or data.get("format") != "wec-tactic" or \
            data.get("version") != 1:
        raise TacticsError(f"{where}: not a wec-tactic file of version 1")
    extra = set(data) - {"format", "version", "theme", "goal", "position", "solution", "gain",
                         "note", "category", "verified"}
    if extra:
        raise TacticsError(f"{where}: unknown key {sorted(extra)[0]!r}")
    if data.get("theme") not in THEMES:
        raise TacticsError(f"{where}: theme: expected one of {', '.join(THEMES)}, got "
                           f"{data.get('theme')!r}")
    if data.get("goal") not in GOALS:
        raise TacticsError(f"{where}: goal: expected one of {', '.join(GOALS)}, got "
                           f"{data.get('goal')!r}")
    category = data.get("category", "one-turn")
    if category not in CATEGORIES:
        raise TacticsError(f"{where}: category: expected one of {', '.join(CATEGORIES)}, got "
                           f"{category!r}")
    verified = data.get("verified")
    if verified is not None and not isinstance(verified, dict):
        raise TacticsError(f"{where}: verified: expected an object")
    solution = data.get("solution")
    if not isinstance(solution, list) or not solution or \
            not all(isinstance(a, str) for a in solution):
        raise TacticsError(f"{where}: solution: expected a list of action texts")
    gain = data.get("gain", 0)
    if not isinstance(gain, int) or isinstance(gain, bool):
        raise TacticsError(f"{where}: gain: expected an integer")
    if not isinstance(data.get("position"), dict):
        raise TacticsError(f"{where}: position: expected a position (an object)")
    tactic = Tactic(path.stem, data["theme"], data["goal"], data["position"],
                    tuple(solution), gain, str(data.get("note", "")), category, verified)
    try:
        tactic.game()
    except WecError as e:
        raise TacticsError(f"{where}: position: {e}") from None
    return tactic


def suite(folder: Path | None = None) -> list[Tactic]:
    """Every tactic of the folder (the shipped suite, SUITE, by default), by file name."""
    folder = Path(folder or SUITE)
    return [load(p) for p in sorted(folder.glob("*.json"))]


def dump(tactic: Tactic) -> dict[str, Any]:
    out: dict[str, Any] = {"format": "wec-tactic", "version": 1, "category": tactic.category,
                           "theme": tactic.theme, "goal": tactic.goal}
    if tactic.goal == "material":
        out["gain"] = tactic.gain
    if tactic.note:
        out["note"] = tactic.note
    out["solution"] = list(tactic.solution)
    if tactic.verified:
        out["verified"] = tactic.verified
    out["position"] = tactic.position
    return out


# --- running a player on the suite ---------------------------------------------------------------

def play_turn(player, game: Game) -> list[str]:
    """The player's whole turn from the position, action by action, as texts."""
    g = game.clone()
    side = g.to_move
    turn: list[str] = []
    while g.result is None and g.to_move == side and len(turn) < 12:
        action = player.choose_action(g)
        turn.append(str(action))
        g.apply(action)
    return turn


def run(player_for: Callable[[], Any], tactics: list[Tactic],
        on_result: Callable[[Tactic, bool, list[str]], None] | None = None,
        counts: dict[str, list[int]] | None = None) -> dict[str, tuple[int, int]]:
    """Solve each tactic with a fresh player; {theme: (solved, total)}, the same per category
    ("category:NAME") and "all". `counts`
    ({key: [solved, total]}) is filled as the results come (what an interrupted run keeps)."""
    counts = {} if counts is None else counts
    for tactic in tactics:
        turn = play_turn(player_for(), tactic.game())
        ok = judge(tactic, turn)
        for key in (tactic.theme, f"category:{tactic.category}", "all"):
            c = counts.setdefault(key, [0, 0])
            c[0] += ok
            c[1] += 1
        if on_result:
            on_result(tactic, ok, turn)
    return {k: (v[0], v[1]) for k, v in counts.items()}


def _play_level(args, tactics: list[Tactic], name: str, level: int | None,
                counts: dict[str, list[int]], failed: list[str], bar) -> None:
    """One player (an AI level, or IS-MCTS) on every tactic; counts and failures as they come."""

    def player_for() -> AI:
        return AI(level=level or 1, seconds=args.seconds, algorithm=args.algorithm,
                  samples=args.samples)

    def note(tactic: Tactic, ok: bool, turn: list[str]) -> None:
        if not ok:
            failed.append(f"  {name}: {tactic.name}: played {' '.join(turn)}; "
                          f"a solution: {' '.join(tactic.solution)}")
        bar.update(1)

    run(player_for, tactics, note, counts)


def main(args) -> int:
    """`wec tactics`: solved/total at a fixed time per position, for each AI level (or the one
    asked for, or IS-MCTS), with each theme's count and each category's rate."""
    tactics = suite(args.folder)
    if args.theme:
        tactics = [t for t in tactics if t.theme == args.theme]
    if getattr(args, "category", None):
        tactics = [t for t in tactics if t.category == args.category]
    if args.limit:
        tactics = tactics[:args.limit]
    if not tactics:
        raise TacticsError(f"no tactics in {args.folder or SUITE}")
    players: list[tuple[str, int | None]]
    if args.algorithm == "ismcts":
        players = [("ismcts", None)]
    elif args.level is not None:
        players = [(f"level {args.level}", args.level)]
    else:
        players = [(f"level {level}", level) for level in sorted(LEVELS)]
    for _, level in players:  # a bad level is one line before any work
        AI(level=level or 1, seconds=args.seconds, samples=args.samples)
    failed: list[str] = []
    results: list[tuple[str, dict]] = []
    interrupted = False
    with progress_bar(total=len(tactics) * len(players), desc="tactics",
                      unit="position") as bar:
        try:
            for name, level in players:
                counts: dict[str, list[int]] = {}
                results.append((name, counts))
                _play_level(args, tactics, name, level, counts, failed, bar)
        except KeyboardInterrupt:  # Ctrl-C: what was solved so far, then the usual one line
            interrupted = True
    results = [(name, counts) for name, counts in results if counts]
    print(f"tactics: {len(tactics)} positions, {args.seconds:g} s per turn"
          + (f", samples={args.samples}" if args.samples != 1 else ""))
    for name, counts in results:
        solved, total = counts["all"]
        themes = ", ".join(f"{theme} {counts[theme][0]}/{counts[theme][1]}"
                           for theme in THEMES if theme in counts)
        print(f"  {name:9s} {solved:3d}/{total:<3d} {100 * solved / total:5.1f} %   ({themes})")
        for category in CATEGORIES:
            if f"category:{category}" in counts:
                c_solved, c_total = counts[f"category:{category}"]
                print(f"    {category:12s} {c_solved:3d}/{c_total:<3d} "
                      f"{100 * c_solved / c_total:5.1f} %")
    if failed and args.verbose:
        print("not solved:")
        print("\n".join(failed))
    if interrupted:
        raise KeyboardInterrupt
    return 0
