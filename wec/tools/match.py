"""Engine matches: `wec match A B --games N --seconds S`.

Colour-balanced games played in parallel by wec.tools.workers (a local process pool, or Ray tasks on
one machine or a cluster: `--cluster`). Games 2k and 2k+1 start from the same opening of
random Moves (one per turn, `opening_turns` turns, drawn with seed k) with the colours swapped, as
engine testers use opening books: two deterministic players (a node-capped level) would otherwise
play the same two games over and over. Games longer than the turn cap are adjudicated by
the evaluation; the score is reported with its Elo difference (95 % error bars from the
trinomial score variance) and a GSPRT verdict (the normal approximation used by Fishtest, see
M. Van den Bergh, "A practical introduction to the GSPRT").
"""
from __future__ import annotations

import json
import math
import os
import random
import time
from dataclasses import dataclass, fields, replace
from typing import Any, Callable, Iterator

from wec import rules
from wec._core import searcher
from wec.ai import AI, DEFAULT_LEVEL, LEVELS, GreedyPlayer, RandomPlayer, search_values
from wec.ai.params import DEFAULT_PARAMS, SearchParams
from wec.game.errors import WecError
from wec.game.game import Game
from wec.tools.otherbuild import OtherBuildError, OtherBuildPlayer
from wec.tools.workers import check_cluster, workers

OPENING_TURNS = 2
"""Random opening turns (one for each side) before the players take over: 130 x 130 openings
from the standard set-up."""

ADJUDICATION_MARGIN = 300
"""A game still going at the turn cap is a draw unless the side to move's evaluation is at least
this far from 0."""


class MatchError(WecError, ValueError):
    """A bad player name, game count or results file; the message names it."""


PLAYERS = ("random, greedy, ai[:OPTIONS], ai@FOLDER[:OPTIONS] (the AI of another WEC checkout, "
           "its extensions built in place), ismcts[:OPTIONS] or openspiel-mcts; OPTIONS, comma "
           "separated: a level (ai), samples=N (ai), seconds=S (this player's time per turn), "
           "nodes=N (ai: a node budget per action, no time limit: the same game on any load), "
           "depth=N (ai: a fixed depth, in turns at the default level, no time limit), "
           "omniscient (sees the hidden pieces), FIELD=VALUE (ai: a SearchParams field, e.g. "
           "move_depth=1)")
"""The player names `wec match` takes, e.g. `ai:5,samples=3`, `ai:omniscient`, `ai:seconds=4`,
`ismcts`, `ai@../base:seconds=1`."""


def player_options(spec: str) -> tuple[str, dict]:
    """A player spec's name and its options: {"level": int, "samples": int, "seconds": float,
    "nodes": int, "depth": int, "omniscient": True, "params": {field: value}}, each only if
    given. "ai:LEVEL" is the old form of a lone level."""
    name, _, rest = spec.partition(":")
    options: dict = {}
    if not rest:
        return name, options
    kind = name.partition("@")[0]  # ai@FOLDER takes the options of ai
    for part in rest.split(","):
        key, eq, value = part.partition("=")
        try:
            if not eq and key.isdigit() and kind == "ai":
                options["level"] = int(key)
            elif not eq and key == "omniscient":
                options["omniscient"] = True
            elif eq and key == "samples" and kind == "ai":
                options["samples"] = int(value)
            elif eq and key == "seconds":
                options["seconds"] = float(value)
            elif eq and key == "nodes" and kind == "ai":
                options["nodes"] = int(value)
            elif eq and key == "depth" and kind == "ai" and int(value) >= 1:
                options["depth"] = int(value)
            elif eq and key in PARAM_FIELDS and kind == "ai":
                options.setdefault("params", {})[key] = PARAM_FIELDS[key](value)
            else:
                raise ValueError(part)
        except ValueError:
            raise MatchError(f"player {spec!r}: unknown option {part!r} (options: a level, "
                             f"samples=N, seconds=S, nodes=N, depth=N, omniscient, or a "
                             f"SearchParams field of ai: {', '.join(sorted(PARAM_FIELDS))})"
                             ) from None
    return name, options


def _flag(text: str) -> bool:
    if text.lower() in ("1", "true", "yes", "on"):
        return True
    if text.lower() in ("0", "false", "no", "off"):
        return False
    raise ValueError(text)


PARAM_FIELDS: dict[str, Callable[[str], Any]] = {
    f.name: _flag if f.type in (bool, "bool") else float if f.type in (float, "float") else int
    for f in fields(SearchParams) if f.type in (bool, int, float, "bool", "int", "float")}
"""The SearchParams fields a player spec may set (`ai:move_depth=1`), with their readers."""


def make_player(spec: str, seconds: float, seed: int):
    """A player by its spec (PLAYERS): "random", "greedy", "ai" with options (e.g.
    "ai:5,samples=3,seconds=4", "ai:omniscient"), "ismcts" with options, or "openspiel-mcts"
    (OpenSpiel extra)."""
    name, options = player_options(spec)
    if name.startswith("ai@"):
        return _other_build(spec, name[3:], options, seconds, seed)
    if options and name not in ("ai", "ismcts"):
        raise MatchError(f"player {spec!r}: only ai and ismcts take options")
    if spec == "random":
        return RandomPlayer(seed)
    if spec == "greedy":
        return GreedyPlayer(seed)
    if name in ("ai", "ismcts"):
        try:
            return AI(**_ai_settings(spec, options, seconds, seed),
                      algorithm="ismcts" if name == "ismcts" else "alphabeta")
        except ValueError as e:
            raise MatchError(f"player {spec!r}: {e}") from None
    if spec == "openspiel-mcts":  # needs the extra: pip install .[openspiel]
        try:
            from wec.openspiel import MCTSPlayer  # optional (the openspiel extra), heavy
        except ImportError as e:
            raise MatchError(f"player {spec!r} needs OpenSpiel: pip install 'wec[openspiel]' "
                             f"({e})") from None
        return MCTSPlayer(seconds=seconds, seed=seed)
    raise MatchError(f"unknown player {spec!r}: {PLAYERS}")


def _ai_settings(spec: str, options: dict, seconds: float, seed: int,
                 by_name: bool = False) -> dict[str, Any]:
    """The `wec.AI` keyword arguments of an ai / ismcts / ai@FOLDER player's options; with
    `by_name`, "params" holds the SearchParams fields set, {name: value}, for another build to
    make its own SearchParams of (otherbuild.SERVER)."""
    level = options.get("level", DEFAULT_LEVEL)
    if level not in LEVELS:
        raise MatchError(f"player {spec!r}: the level after 'ai:' is one of {sorted(LEVELS)}")
    settings = {"level": level, "seconds": options.get("seconds", seconds), "seed": seed,
                "fair": not options.get("omniscient", False), "samples": options.get("samples", 1)}
    if "nodes" in options:  # a node budget alone: the same choices whatever the machine's load
        settings.update(nodes=options["nodes"], seconds=None)
    fields = dict(options.get("params", {}))
    if "depth" in options:  # a fixed depth (SearchParams.max_depth): no time limit either
        fields["max_depth"] = options["depth"]
        settings["seconds"] = None
    if fields:
        settings["params"] = fields if by_name else replace(DEFAULT_PARAMS, **fields)
    return settings


def _other_build(spec: str, folder: str, options: dict, seconds: float, seed: int) -> Any:
    """`ai@FOLDER`: the AI of another checkout, in a process of its own
    (wec/tools/otherbuild.py); its SearchParams fields go by name (that build's dataclass)."""
    try:
        return OtherBuildPlayer(folder, _ai_settings(spec, options, seconds, seed, by_name=True))
    except OtherBuildError as e:
        raise MatchError(f"player {spec!r}: {e}") from None


@dataclass(frozen=True)
class GameResult:
    index: int
    a_color: str
    result: str | None      # "black" / "white" / "draw"
    turns: int
    adjudicated: bool
    score_a: float          # 1 win, 0.5 draw, 0 loss for player A
    reason: str = ""        # how the game ended, in the rules' words
    opening: tuple[str, ...] = ()   # the opening's turn strings (R12.2)
    seconds: float = 0.0    # wall time of the game


def opening(pair: int, turns: int) -> Game:
    """The opening of game pair `pair`: `turns` turns of a random Move then End Turn from the
    standard set-up (a turn whose side has no Move just ends), the same for both games of the
    pair."""
    rng = random.Random(f"opening:{pair}")
    game = Game.new()
    for _ in range(turns):
        if game.result is not None:
            break
        moves = sorted(game.legal_moves(), key=str)
        if moves:
            game.apply(rng.choice(moves))
        if game.result is None:
            game.end_turn()
    return game


def _primaries(game: Game, color: str) -> int:
    return sum(rules.PIECE_TYPES[rules.TYPE_INDEX[p.type]].role == "primary"
               for p in game.pieces(color))


def end_reason(game: Game, primaries_before: dict[str, int]) -> str:
    """Why a finished game ended (R11), from its last action and the loser's primary pieces."""
    last = game.actions()[-1] if game.actions() else ""
    if last.startswith("RESIGN:"):
        return f"{last[7:]} resigned (R11.2)"
    if last == "DRAW":
        return "draw agreed (R11.2)"
    if game.result == "draw":
        return "quiet-turn draw (R11.3)"
    loser = "white" if game.result == "black" else "black"
    if _primaries(game, loser) < primaries_before[loser]:
        return f"{loser} lost its primary government piece (R11.1)"
    return f"{loser} had no legal Move (R6.5)"


def play_one(args: tuple) -> GameResult:
    index, a_spec, b_spec, seconds, max_turns, save_dir, opening_turns = args
    started = time.perf_counter()
    a_color = "black" if index % 2 == 0 else "white"
    players = {a_color: make_player(a_spec, seconds, 2 * index),
               ("white" if a_color == "black" else "black"): make_player(b_spec, seconds,
                                                                       2 * index + 1)}
    game = opening(index // 2, opening_turns)
    opened = tuple(str(t) for t in game.history())
    primaries = {c: _primaries(game, c) for c in rules.COLORS}
    adjudicated = False
    try:
        while game.result is None and game.turn <= max_turns:
            try:
                game.apply(players[game.to_move].choose_action(game))
            except WecError as e:  # a player's defect: keep the game for diagnosis
                if save_dir:
                    game.save(os.path.join(save_dir, f"game-{index:04d}-failed.json"))
                raise type(e)(f"game {index}, turn {game.turn}, {game.to_move} "
                              f"({players[game.to_move]!r}): {e}") from e
    finally:
        for player in players.values():  # a player in a process of its own ends with the game
            close = getattr(player, "close", None)
            if close is not None:
                close()
    result = game.result
    if result is None:  # adjudicate by the evaluation of the side to move
        adjudicated = True
        score = searcher.Searcher(game._engine, search_values(), tt_bits=10,
                                  max_depth=2).evaluate()
        if abs(score) < ADJUDICATION_MARGIN:
            result = "draw"
        else:
            result = game.to_move if score > 0 else ("white" if game.to_move == "black"
                                                     else "black")
        reason = (f"adjudicated after turn {max_turns}: evaluation {score:+d} for "
                  f"{game.to_move}")
    else:
        reason = end_reason(game, primaries)
    if save_dir:
        game.save(os.path.join(save_dir, f"game-{index:04d}.json"))
    score_a = 0.5 if result == "draw" else (1.0 if result == a_color else 0.0)
    return GameResult(index, a_color, result, game.turn, adjudicated, score_a, reason, opened,
                      round(time.perf_counter() - started, 3))


def elo(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def _elo_bound(score: float) -> float:
    """The Elo of an error-bar end: unbounded when the bar reaches a score of 0 or 1."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return elo(score)


def summary(results: list[GameResult], elo0: float = 0.0, elo1: float = 100.0,
            alpha: float = 0.05, beta: float = 0.05) -> dict:
    """Counts, score, Elo difference with 95 % error bars (None while every game has the same
    result: there is no spread to measure yet), and the GSPRT of elo0 against elo1.

    While every game has the same result the score variance is 0 and the LLR is undefined
    (one game used to read "LLR -inf, H0 accepted"); the LLR then counts one virtual win and one
    virtual loss more, a prior that leaves a short match undecided and still lets a long
    one-sided match stop."""
    n = len(results)
    wins = sum(r.score_a == 1 for r in results)
    draws = sum(r.score_a == 0.5 for r in results)
    losses = n - wins - draws
    mean = (wins + 0.5 * draws) / n if n else 0.5
    var = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean ** 2) / n if n else 0
    lo: float | None = None
    hi: float | None = None
    if n >= 2 and var > 0:
        se = math.sqrt(var / n)
        lo, hi = _elo_bound(mean - 1.96 * se), _elo_bound(mean + 1.96 * se)
    point = _elo_bound(mean) if n else 0.0
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    sn, smean, svar = n, mean, var
    if var == 0:  # one virtual win and one virtual loss (see above)
        sn = n + 2
        smean = (wins + 1 + 0.5 * draws) / sn
        svar = ((wins + 1) * (1 - smean) ** 2 + draws * (0.5 - smean) ** 2
                + (losses + 1) * smean ** 2) / sn
    llr = sn * (s1 - s0) * (2 * smean - s0 - s1) / (2 * svar)
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    verdict = "H1 accepted" if llr >= upper else "H0 accepted" if llr <= lower else "continue"
    return {"games": n, "wins": wins, "draws": draws, "losses": losses, "score": mean,
            "elo": point, "elo_low": lo, "elo_high": hi, "llr": llr,
            "bounds": (lower, upper), "sprt": verdict,
            "adjudicated": sum(r.adjudicated for r in results)}


# --- the results file: one JSON line per finished game ---------------------------------------

def result_record(r: GameResult, a: str, b: str, settings: dict) -> dict:
    """The results-file line of a game: what it takes to replay it (seeds, opening, players,
    colours, settings) and how it ended."""
    colours = {r.a_color: a, ("white" if r.a_color == "black" else "black"): b}
    return {"game": r.index, "seed": {"a": 2 * r.index, "b": 2 * r.index + 1},
            "opening": {"pair": r.index // 2, "turns": list(r.opening)},
            "players": {"a": a, "b": b}, "colours": {"black": colours["black"],
                                                     "white": colours["white"]},
            "result": r.result, "score_a": r.score_a, "turns": r.turns, "reason": r.reason,
            "adjudicated": r.adjudicated, "settings": settings, "wall_seconds": r.seconds}


def record_result(line: dict) -> GameResult:
    black = line["colours"]["black"]
    a_color = "black" if line["game"] % 2 == 0 else "white"
    assert line["players"]["a" if a_color == "black" else "b"] == black
    return GameResult(int(line["game"]), a_color, line["result"], int(line["turns"]),
                      bool(line["adjudicated"]), float(line["score_a"]), line["reason"],
                      tuple(line["opening"]["turns"]), float(line.get("wall_seconds", 0.0)))


def read_results(path: str, a: str, b: str, settings: dict) -> dict[int, GameResult]:
    """The games already in a results file, by index, after checking they belong to this match.
    The lines may come in any order (games finish out of order); a game is known by its number.
    A last line cut short (the run was killed while writing it) is dropped from the file."""
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")
    if lines and lines[-1] != "":  # no newline at the end: an interrupted write
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines[:-1]) + ("\n" if len(lines) > 1 else ""))
    done: dict[int, GameResult] = {}
    for number, raw in enumerate(lines[:-1], start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
            players, same = line["players"], line["settings"]
            result = record_result(line)
        except (ValueError, KeyError, TypeError, AssertionError) as e:
            raise MatchError(f"{path} line {number} is not a game of `wec match` "
                             f"({type(e).__name__}: {str(e)[:80]}): use another --results file")
        if players != {"a": a, "b": b} or same != settings:
            raise MatchError(f"{path} holds games of another match ({players['a']} vs "
                             f"{players['b']}, {same}); this one is {a} vs {b}, {settings}: "
                             "use another --results file")
        if result.index in done and (replace(done[result.index], seconds=0.0)
                                     != replace(result, seconds=0.0)):
            raise MatchError(f"{path} line {number} holds game {result.index} a second time, "
                             "with another result: use another --results file")
        done[result.index] = result
    return done


def _record_line(r: GameResult, a: str, b: str, settings: dict) -> str:
    """A game's results-file line, in a fixed form (the record's key order, no spaces beyond
    json's defaults): the same game gives the same line apart from its wall time."""
    return json.dumps(result_record(r, a, b, settings))


def put_in_game_order(path: str) -> None:
    """Rewrite a results file with its lines sorted by game number (games finish in any order;
    a finished match's file then reads the same whatever the workers). Whole or not at all."""
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f.read().split("\n") if line.strip()]
    ordered = sorted(lines, key=lambda line: int(json.loads(line)["game"]))
    if ordered == lines:
        return
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in ordered))
    os.replace(tmp, path)


class Match:
    """A match that streams its games as they finish, appends each to the results file, and
    resumes from the games the file already holds. `cluster` plays the games as Ray tasks
    ("local" or a cluster's address, see wec.tools.workers); `sprt` (elo0, elo1) stops the match as
    soon as the SPRT of elo0 against elo1 decides, cancelling the games still outstanding."""

    def __init__(self, a: str, b: str, games: int, seconds: float, *, max_turns: int = 200,
                 processes: int | None = None, save_dir: str | None = None,
                 opening_turns: int = OPENING_TURNS, results_path: str | None = None,
                 cluster: str | None = None, sprt: tuple[float, float] | None = None):
        make_player(a, seconds, 0)
        make_player(b, seconds, 0)  # bad names fail here, not in a worker
        if games < 1:
            raise MatchError(f"games: a match needs at least one game, got {games}")
        if sprt is not None and not sprt[0] < sprt[1]:
            raise MatchError(f"sprt: elo0 must be below elo1, got {sprt[0]:g}, {sprt[1]:g}")
        if cluster is not None:
            check_cluster(cluster)  # Ray missing or a malformed address: before any game
        self.a, self.b, self.games = a, b, games
        self.settings = {"seconds": seconds, "max_turns": max_turns,
                         "opening_turns": opening_turns}
        self.save_dir, self.results_path = save_dir, results_path
        self.cluster, self.sprt = cluster, sprt
        self.done: dict[int, GameResult] = {}
        if results_path and os.path.isdir(results_path):
            raise MatchError(f"results: {results_path} is a folder; give a file name such as "
                             "results.jsonl")
        if results_path:
            self.done = {i: r for i, r in read_results(results_path, a, b, self.settings).items()
                         if i < games}
        self.resumed = len(self.done)
        self.processes = processes

    def pending(self) -> list[int]:
        return [i for i in range(self.games) if i not in self.done]

    def results(self) -> list[GameResult]:
        return [self.done[i] for i in sorted(self.done)]

    def summary(self) -> dict:
        elo0, elo1 = self.sprt or (0.0, 100.0)
        return summary(self.results(), elo0, elo1)

    def decided(self) -> bool:
        """The SPRT (when asked for) has accepted one of its hypotheses."""
        return self.sprt is not None and self.summary()["sprt"] != "continue"

    def play(self) -> Iterator[GameResult]:
        """Play the pending games; yields each as it finishes, after writing it down. Stops when
        the SPRT decides (with `sprt`); the results file is put in game order at the end."""
        if self.save_dir:
            os.makedirs(self.save_dir, exist_ok=True)
        s = self.settings
        jobs = [(i, self.a, self.b, s["seconds"], s["max_turns"], self.save_dir,
                 s["opening_turns"]) for i in self.pending()]
        if jobs and not self.decided():
            runner = workers(self.processes, self.cluster, len(jobs))
            try:
                # play_one is looked up now, not at import, so a test can replace it
                for result in runner.run(play_one, jobs):
                    self._write_down(result)
                    yield result
                    if self.decided():
                        break  # run() cancels the outstanding games
            finally:
                runner.close()
        if self.results_path and os.path.exists(self.results_path):
            put_in_game_order(self.results_path)

    def _write_down(self, result: GameResult) -> None:
        if self.results_path:  # first the file: what a resume will find
            with open(self.results_path, "a", encoding="utf-8") as f:
                f.write(_record_line(result, self.a, self.b, self.settings) + "\n")
        self.done[result.index] = result

    def kept(self) -> int:
        """The games in the results file (a Ctrl-C may fall between the file and `done`)."""
        if not (self.results_path and os.path.exists(self.results_path)):
            return 0
        with open(self.results_path, encoding="utf-8") as f:
            return sum(1 for line in f if line.endswith("\n"))


def run_match(a: str, b: str, games: int, seconds: float, *, max_turns: int = 200,
              processes: int | None = None, save_dir: str | None = None,
              opening_turns: int = OPENING_TURNS, results_path: str | None = None,
              cluster: str | None = None, sprt: tuple[float, float] | None = None) -> dict:
    match = Match(a, b, games, seconds, max_turns=max_turns, processes=processes,
                  save_dir=save_dir, opening_turns=opening_turns, results_path=results_path,
                  cluster=cluster, sprt=sprt)
    for _ in match.play():
        pass
    return match.summary()
