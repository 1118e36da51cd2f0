"""`wec bench`: this machine's speed figures of the engine in one run, and the AI's node-count
signature.

Prints the core's moves-mode perft leaves/s, action generation/s and apply+undo/s, the same
through the facade's Python objects (as ratios), what a user of the facade meets (clone, goto,
autosave, OpenSpiel play), the AI search's nodes/s and IS-MCTS simulations/s, the board repaint
time of the desktop app (wec.gui, offscreen), and the search signature (wec.tools.signature;
any functional change of search or evaluation changes it). Every figure is the installed
engine's own: the ratios to the pure-Python reference move generator, which is a test oracle
and does not ship, are measured by the pytest-benchmark files in bench/ (`make bench`).
"""
from __future__ import annotations

import argparse
import datetime
import importlib
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from typing import Any, Callable

from wec import Game, Options, perft
from wec._core import bench
from wec.ai.ismcts import simulation_rate
from wec.files import autosave as autosaving
from wec.rules import scenarios
from wec.tools.signature import SIGNATURE_POSITIONS, signature, signature_position

def _module(name: str) -> Any:
    """A module imported at run time: the desktop app and the OpenSpiel binding are measured
    only where their optional packages are installed, and not type-checked along with the
    facade (mypy does not follow this import)."""
    return importlib.import_module(name)


EXTRA_SIGNATURE_SCENARIOS = ("stealth_duel", "reinforcement_race", "mass_destruction")
"""Scenarios searched for the signature table besides SIGNATURE_POSITIONS."""


def best_time(run: Callable[[], Any], rounds: int) -> tuple[float, Any]:
    """The fastest of `rounds` runs (as pytest-benchmark's min), and the last result."""
    best, result = float("inf"), None
    for _ in range(max(1, rounds)):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return max(best, 1e-9), result


def si(value: float) -> str:
    for limit, suffix in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
        if value >= limit:
            return f"{value / limit:.3g}{suffix}"
    return f"{value:.3g}"


# --- the figures ---------------------------------------------------------------------------------

def perft_figures(quick: bool) -> dict[str, float]:
    depth = 2 if quick else 3
    rounds = 1 if quick else 3
    dt, n = best_time(lambda: perft(Game.new(), depth), rounds)
    return {"perft_depth": depth, "perft_leaves": n, "perft_rate": n / dt}


def generation_figures(quick: bool) -> dict[str, float]:
    game = Game.new()
    reps = 50 if quick else 2000
    dt, n = best_time(lambda: bench.generate(game._engine, reps), 1 if quick else 5)

    def facade() -> int:
        total = 0
        for _ in range(2 if quick else 20):
            game._legal_cache.clear()
            total += len(game.legal_actions())
        return total

    fdt, fn = best_time(facade, 1 if quick else 3)
    return {"gen_rate": n / dt, "facade_gen_rate": fn / fdt}


def apply_undo_figures(quick: bool) -> dict[str, float]:
    game = Game.new()
    steps = 100 if quick else 1500
    dt, n = best_time(lambda: bench.make_unmake(game._engine, steps), 1 if quick else 5)
    actions = game.legal_actions()
    if quick:
        actions = actions[:20]

    def facade() -> int:
        for a in actions:
            game.apply(a)
            game.undo()
        return len(actions)

    fdt, fn = best_time(facade, 1 if quick else 3)
    return {"mu_rate": n / dt, "facade_mu_rate": fn / fdt}


def _long_game(n: int, seed: int = 1) -> Game:
    """A random game of `n` actions still going on (mostly Moves and End Turns): the first
    seed from `seed` on whose game lasts that long."""
    while True:
        rng = random.Random(seed)
        game = Game.new(Options(quiet_turn_draw=0))
        while game.ply < n and game.result is None:
            acts = game.legal_actions()
            ends = [a for a in acts if a.kind == "end"]
            if ends and rng.random() < 0.6:
                game.apply(ends[0])
                continue
            game.apply(rng.choice([a for a in acts if a.kind in ("move", "pickup", "drop")]
                                  or acts))
        if game.result is None:
            return game
        seed += 1000


def facade_figures(quick: bool) -> dict[str, float]:
    """What a user of the facade meets: clone at 10 and 1 000 actions, goto across a
    1 000-action game, legal actions listed and apply+undo along a random walk, a journal
    autosave per action, and OpenSpiel random play through pyspiel."""
    long = _long_game(200 if quick else 1000, seed=1)
    short = _long_game(10, seed=1)
    reps = 20 if quick else 200

    def per_call(run: Callable[[], Any], n: int) -> float:
        times = []
        for _ in range(n):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    out: dict[str, float] = {"long_ply": long.ply}
    out["clone_short"] = per_call(short.clone, reps)
    out["clone_long"] = per_call(long.clone, reps)
    end = long.ply
    worst = 0.0
    for ply in (0, end, end // 2, 0, end, 1, end - 1):
        start = time.perf_counter()
        long.goto(ply)
        worst = max(worst, time.perf_counter() - start)
    long.goto(end)
    out["goto_worst"] = worst
    # listing and apply+undo along a walk of the long game's states (every list made afresh)
    plies = list(range(0, end, max(1, end // (10 if quick else 60))))

    states = []  # a copy of the game at each of those plies (a copy costs microseconds)
    for ply in plies:
        long.goto(ply)
        states.append(long.clone())
    long.goto(0)

    def listing() -> int:
        total = 0
        for state in states:
            state._legal_cache.clear()  # made afresh, as at a state nobody listed yet
            total += len(state.legal_actions())
        return total

    ldt, ln = best_time(listing, 2 if quick else 7)
    out["list_rate"] = ln / ldt

    def walk() -> int:
        n = 0
        for ply in plies[:10 if quick else 30]:
            long.goto(ply)
            game = long.clone()  # its line ends here: each apply+undo leaves a variation
            for a in game.legal_actions():
                game.apply(a)
                game.undo()
                n += 1
        return n

    wdt, wn = best_time(walk, 1)
    out["walk_mu_rate"] = wn / wdt
    long.goto(end)
    with tempfile.TemporaryDirectory() as folder:
        game = long.clone()
        autosaving.start(game, os.path.join(folder, "autosave.json"))
        acts = 20 if quick else 100
        start = time.perf_counter()
        for _ in range(acts // 2):
            game.apply(game.legal_actions()[0])
            game.undo()
        out["autosave_action"] = (time.perf_counter() - start) / acts
        autosaving.stop(game)
    out["openspiel_rate"] = _openspiel_rate(1.0 if quick else 5.0)
    return out


def _openspiel_rate(seconds: float) -> float:
    """Random play through pyspiel (the OpenSpiel binding, wec.openspiel), actions/s; 0 when
    open_spiel is not installed."""
    try:
        import pyspiel  # optional (the openspiel extra), heavy
        _module("wec.openspiel")
    except ImportError:
        return 0.0
    game = pyspiel.load_game("python_weapon_chess")
    rng = random.Random(1)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal() and time.perf_counter() - start < seconds:
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
    return n / (time.perf_counter() - start)


def signature_figures(quick: bool) -> dict[str, Any]:
    """Per position: nodes and best-action index of the signature's search (depth 2 with the
    default level's quiescence), and the search's nodes/s over all of them."""
    games: list[tuple[str, Callable[[], Game]]] = []

    def from_file(name: str) -> Callable[[], Game]:
        return lambda: signature_position(name)

    def from_scenario(name: str) -> Callable[[], Game]:
        return lambda: Game.from_position(scenarios.load(name))

    for name in SIGNATURE_POSITIONS:
        games.append((name, from_file(name)))
    for name in EXTRA_SIGNATURE_SCENARIOS:
        games.append((f"scenario {name}", from_scenario(name)))
    if quick:
        games = [g for g in games if g[0] in ("scenario stealth_duel",
                                              "scenario reinforcement_race")]
    rows: list[tuple[str, int | None, int | None, str]] = []
    total_time = 0.0
    for name, make in games:
        try:
            game = make()
        except (OSError, ValueError) as e:  # a position that does not load is reported
            rows.append((name, None, None, f"n/a ({e})"))
            continue
        start = time.perf_counter()
        nodes, best = signature(positions=[game])
        total_time += time.perf_counter() - start
        rows.append((name, nodes, best, ""))
    done = [(nodes, best) for _, nodes, best, _ in rows if nodes is not None and best is not None]
    total = sum(nodes for nodes, _ in done)
    core3 = [(nodes, best) for name, nodes, best, _ in rows
             if name in SIGNATURE_POSITIONS and nodes is not None and best is not None]
    return {"rows": rows, "total": total, "best_total": sum(best for _, best in done),
            "search_rate": total / total_time if total_time else 0.0,
            "signature3": (sum(n for n, _ in core3), sum(b for _, b in core3))
            if len(core3) == len(SIGNATURE_POSITIONS) else None}


def repaint_figure(quick: bool) -> tuple[float | None, str]:
    """Median time of painting the app's board widget with a busy position into a QImage
    (offscreen); None and the reason when wec.gui or PySide6 is not available."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        from PySide6.QtGui import QImage  # optional (the gui extra), heavy
        from PySide6.QtWidgets import QApplication
        BoardWidget = _module("wec.gui.play.board_widget").BoardWidget
        BoardSnapshot = _module("wec.gui.play.snapshot").BoardSnapshot
    except Exception as e:  # ImportError, or a Qt platform plugin that cannot load
        return None, f"{type(e).__name__}: {e}"
    try:
        try:
            game = _module("wec.gui.play.demo").busy_game()
        except ImportError:
            game = signature_position("crowded")
        app = QApplication.instance() or QApplication([])
        widget = BoardWidget()
        widget.resize(900, 900)
        widget.set_snapshot(BoardSnapshot.of(game))
        image = QImage(widget.size(), QImage.Format.Format_ARGB32)
        widget.render(image)  # warm the glyph cache
        times = []
        for _ in range(5 if quick else 30):
            start = time.perf_counter()
            widget.render(image)
            app.processEvents()
            times.append(time.perf_counter() - start)
        return statistics.median(times), f"{widget.width()}x{widget.height()}, busy position"
    except Exception as e:
        return None, f"{type(e).__name__}: {e}"


# --- the report ----------------------------------------------------------------------------------

def report(quick: bool = False, out: Any = None) -> dict[str, Any]:
    """Measure and print everything; returns the figures."""
    out = out or sys.stdout

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    started = time.perf_counter()
    say(f"wec bench{' --quick' if quick else ''}: {datetime.date.today().isoformat()}, "
        f"{platform.machine()} {os.cpu_count()} CPU(s), Python {platform.python_version()}, "
        "one core")
    figures: dict[str, Any] = {}
    figures.update(perft_figures(quick))
    figures.update(generation_figures(quick))
    figures.update(apply_undo_figures(quick))
    figures.update(facade_figures(quick))
    sig = signature_figures(quick)
    figures.update(sig)
    made, spent = simulation_rate(2_000 if quick else 20_000)
    figures["ismcts_rate"] = made / spent
    repaint, why = repaint_figure(quick)
    figures["repaint"] = repaint
    f = figures
    say()
    say("The engine's own figures (the ratios to the pure-Python reference: bench/, make bench).")
    say(f"{'moves-mode perft(' + str(f['perft_depth']) + ') standard, leaves/s':46s} "
        f"{si(f['perft_rate']):>10s}")
    say(f"{'figure':46s} {'core':>10s} {'facade':>12s} {'ratio':>7s}  (the facade's path)")
    rows = [
        ("action generation, actions/s", f["gen_rate"], f["facade_gen_rate"],
         "facade: Python Action objects"),
        ("apply+undo, pairs/s", f["mu_rate"], f["facade_mu_rate"], "facade: Game.apply + undo"),
    ]
    for name, core, py, what in rows:
        say(f"{name:46s} {si(core):>10s} {si(py):>12s} {core / py:>7.0f}  ({what})")
    say()
    say(f"The facade, a {f['long_ply']}-action game:")
    say(f"  {'clone at 10 / at ' + str(f['long_ply']) + ' actions, ms':44s} "
        f"{f['clone_short'] * 1e3:8.3f} / {f['clone_long'] * 1e3:.3f}  (ratio "
        f"{f['clone_long'] / f['clone_short']:.2f})")
    say(f"  {'goto, worst of 7 jumps across the game, ms':44s} {f['goto_worst'] * 1e3:8.2f}")
    say(f"  {'legal_actions() listed, actions/s':44s} {si(f['list_rate']):>8s}  "
        f"(core {f['gen_rate'] / f['list_rate']:.1f}x)")
    say(f"  {'apply+undo along a walk, pairs/s':44s} {si(f['walk_mu_rate']):>8s}  "
        f"(core {f['mu_rate'] / f['walk_mu_rate']:.0f}x)")
    say(f"  {'autosave (journal, fsync), per action, ms':44s} {f['autosave_action'] * 1e3:8.3f}")
    if f["openspiel_rate"]:
        say(f"  {'OpenSpiel random play (pyspiel), actions/s':44s} "
            f"{si(f['openspiel_rate']):>8s}")
    else:
        say("  OpenSpiel random play: n/a (open_spiel is not installed)")
    say(f"{'AI search, nodes/s':46s} {si(f['search_rate']):>10s}")
    say(f"{'IS-MCTS simulations/s (standard set-up)':46s} {si(f['ismcts_rate']):>10s}")
    if repaint is None:
        say(f"board repaint: n/a ({why})")
    else:
        say(f"{'board repaint (wec.gui, offscreen), ms':46s} {repaint * 1e3:>10.2f}  ({why}, "
            "median)")
    say()
    say("AI signature (wec.tools.signature: depth 2 + the default level's quiescence):")
    for name, nodes, best, note in f["rows"]:
        if nodes is None:
            say(f"  {name:32s} {note}")
        else:
            say(f"  {name:32s} {nodes:>12,d} nodes  best #{best}")
    say(f"  {'total':32s} {f['total']:>12,d} nodes  best sum {f['best_total']}")
    if f["signature3"] is not None:
        say(f"  signature (standard, midgame_40, crowded): {f['signature3'][0]:,d} nodes, "
            f"best sum {f['signature3'][1]}")
    say(f"\n({time.perf_counter() - started:.1f} s)")
    return figures


def main(args: argparse.Namespace) -> int:
    report(quick=bool(getattr(args, "quick", False)))
    return 0
