"""The `wec` command line: play in the terminal, perft, validate, scenarios, history."""
from __future__ import annotations

import argparse
import json
import math
import os
import signal
import sys
import threading
import time
from typing import Any, Callable

from wec import Action, Game, perft
from wec.tools.cliargs import Parser, count, elo_bounds, seconds, window_size
from wec.game.errors import WecError
from wec.game.game import perft_below, perft_roots, perft_stop
from wec.game.jsonfile import read_json_file
from wec.ai import ALGORITHMS
from wec._version import version
from wec.rules import scenarios
from wec.tools.benchreport import main as bench_main
from wec.tools.match import OPENING_TURNS, PLAYERS, Match
from wec.tools.tactics import CATEGORIES, THEMES
from wec.tools.tactics import main as tactics_main
from wec.tools.progress import progress_bar
from wec.game.position import position_problems, position_warnings
from wec.files import autosave as autosaving
from wec.files.opening import open_game_named_by
from wec.files.save import (AutosaveAtStart, AutosaveLock, autosave_at_start, default_autosave_path,
                   game_from_save, keep_aside, save_problems)
from wec.game.savefile import read_save_file
from wec.game.textview import render
from wec.cli.online import register as register_online

HELP = """Commands: a number from 'moves', an action text (e.g. MV:RP(9,1)->(8,2)), 'moves',
'end' (End Turn), 'undo', 'redo', 'board', 'history', 'save FILE', 'resign', 'help', 'quit'."""


def _stoppable(game: Game, count: Callable[[], int]) -> int:
    """Run a perft of `game` in a worker thread: the core counts without the GIL, and the main
    thread stays free to take Ctrl-C, which sets the core's stop flag; the count then unwinds
    within milliseconds and KeyboardInterrupt goes on up."""
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["n"] = count()
        except BaseException as e:  # handed to the main thread
            box["error"] = e

    worker = threading.Thread(target=work, name="perft", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(0.1)
    except KeyboardInterrupt:
        perft_stop(game)
        worker.join()
        raise
    if "error" in box:
        raise box["error"]
    if box["n"] < 0:  # stopped by a perft_stop() that raced the end of a count
        raise KeyboardInterrupt
    return int(box["n"])


def cmd_perft(args: argparse.Namespace) -> int:
    """perft DEPTH: the count; from depth 2 it is split at the root for a progress bar with an
    ETA (--divide also prints each root move's count), and Ctrl-C stops it at once."""
    game = open_game_named_by(args)
    if args.divide and args.depth < 1:
        raise WecError("perft --divide needs a depth of at least 1")
    start = time.perf_counter()
    if args.depth < 2 and not args.divide:
        n = _stoppable(game, lambda: perft(game, args.depth, mode=args.mode))
    else:
        roots = perft_roots(game, args.mode)
        n = 0
        unit = "root move" if args.mode == "moves" else "root action"
        with progress_bar(len(roots), f"perft {args.depth}", unit, leave=False) as bar:
            for text, raw in roots:
                leaves = _stoppable(game, lambda: perft_below(game, raw, args.depth - 1,
                                                              args.mode))
                n += leaves
                if args.divide:
                    bar.write(f"{text}: {leaves}")
                bar.set_postfix_str(f"{n:,} nodes", refresh=False)
                bar.update(1)
    dt = time.perf_counter() - start
    rate = n / dt if dt > 0 else float("inf")
    print(f"perft {args.depth} ({args.mode}): {n} nodes in {dt:.3f} s, {rate:,.0f} nodes/s")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """The board; a saved game in progress as the side to move sees it (`_view_of`)."""
    game = open_game_named_by(args)
    if not args.load:  # a position or a scenario is a starting position: public (R10)
        print(render(game))
        return 0
    side = _view_of(game, args.reveal)
    if side is None:
        print(_every_piece(game, "every piece"))
        print(render(game))
    else:
        print(f"{side.capitalize()}'s view (the side to move); --reveal shows every piece")
        print(render(game.observation(side), last_seen=True))
    return 0


def _view_of(game: Game, reveal: bool) -> str | None:
    """The side whose view of a saved game is shown: the side to move while the game is on and
    may hide pieces (R10.0), unless `reveal`; None: the whole game. A save holds every hidden
    piece in clear and cannot be sealed against its own machine's user, but it is not shown
    to the player at the board unasked (the one in a hotseat game who runs `wec show`)."""
    if reveal or game.result is not None or not game.options.invisible_pieces:
        return None
    return game.to_move


def _every_piece(game: Game, what: str) -> str:
    """The line that says a saved game is shown whole, and why."""
    if game.result is not None:
        return f"{what.capitalize()} (the game is over)"
    if not game.options.invisible_pieces:
        return f"{what.capitalize()} (no piece can be hidden in this game)"
    return f"{what.capitalize()} (--reveal)"


def cmd_play(args: argparse.Namespace) -> int:
    """The desktop app (wec.gui); with --text, hotseat in the terminal."""
    if not args.text:
        if args.screenshot:
            _check_writable(args.screenshot, "--screenshot")
        elif not _has_display():
            raise WecError("no display: use `wec play --text` (the terminal game), or "
                           "`wec play --screenshot FILE` for a picture of the window")
        try:
            from wec.gui.app import run
        except ImportError as e:  # PySide6 missing: say how to get it, or play in the terminal
            raise WecError(f"the desktop app needs PySide6 ({e}): pip install 'wec[gui]', or "
                           "play in the terminal with `wec play --text`") from None
        _ctrl_c_ends_qt()
        return run(args)
    return cmd_play_text(args)


def _ctrl_c_ends_qt() -> None:
    """Ctrl-C in the terminal of a Qt window: Qt's event loop runs no Python signal handler until
    some event calls into Python, and then PySide prints the KeyboardInterrupt's traceback and
    goes on. The default action ends the process at once instead (exit status 130 for the
    shell); the game was autosaved after its last action."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_DFL)


def _has_display() -> bool:
    """Whether Qt can open a window: on X11/Wayland systems it needs DISPLAY or
    WAYLAND_DISPLAY, unless a platform plugin (offscreen, vnc, ...) is chosen explicitly."""
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _check_writable(path: str, option: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise WecError(f"{option} {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise WecError(f"{option} {path}: the folder {folder} is not writable")
    if os.path.isdir(path):
        raise WecError(f"{option} {path}: that is a folder; give a file name such as shot.png")


def cmd_play_text(args: argparse.Namespace) -> int:
    """Hotseat in the terminal: the side to move sees its own observation (R10.6). An unfinished
    autosaved game is never replaced without an explicit "new" (or --new, or a game named on the
    command line), and even then it is kept aside in a file."""
    if args.new and args.resume:
        raise WecError("--new and --continue cannot be used together")
    autosave = args.autosave or default_autosave_path()
    named = args.load or args.scenario or args.position
    # a bad file stops here, before any file is touched
    game = open_game_named_by(args) if named else None
    lock = AutosaveLock(autosave)
    if not lock.acquire():
        print(f"Autosave is off: another WEC game is autosaving to {autosave} (use 'save FILE').")
        autosave_on = False
        found = AutosaveAtStart()
    else:
        found = autosave_at_start(autosave)
        autosave_on = not (found.problem and not found.kept_as)
    try:
        if found.message():
            print(found.message())
        previous = found.game if found.game is not None and found.game.ply else None
        if previous is not None:
            if args.resume and not named:
                game = previous
            else:
                answer = "new" if args.new or named else _ask_continue(previous)
                if answer == "quit":
                    print(f"Nothing changed: the unfinished game stays in {autosave}.")
                    return 0
                if answer == "continue":
                    game = previous
                else:
                    autosave_on = _keep_unfinished_aside(autosave) and autosave_on
        if game is None:
            game = open_game_named_by(args)
        if autosave_on:
            autosaving.start(game, autosave,
                             on_error=lambda message: print(f"Autosave is off: {message}"))
        return _play_loop(game)
    finally:
        if game is not None:
            autosaving.stop(game)
        lock.release()


def _actions_text(n: int) -> str:
    return f"{n} action" if n == 1 else f"{n} actions"


def _ask_continue(previous: Game) -> str:
    """ "continue", "new" or "quit": asked again until the answer is one of them (Enter or y
    continues; an end of input quits, touching nothing)."""
    prompt = (f"An unfinished game was autosaved ({_actions_text(previous.ply)}, turn "
              f"{previous.turn}). Continue it? [Y/new/quit] ")
    while True:
        try:
            line = _read_line(prompt)
        except KeyboardInterrupt:  # Ctrl-C: leave, touching nothing
            line = None
        if line is None:
            print()
            return "quit"
        answer = line.strip().lower()
        if answer in ("", "y", "yes", "c", "continue"):
            return "continue"
        if answer in ("new", "quit"):
            return answer
        if answer in ("q", "exit"):
            return "quit"
        print("Press Enter (or y) to continue the unfinished game, type 'new' for a new game (the "
              "unfinished one is kept in a file), or 'quit'.")


def _read_line(prompt: str) -> str | None:
    """A line typed by the user, None at the end of the input (or with no input at all: stdin
    closed)."""
    try:
        return input(prompt)
    except (EOFError, ValueError, RuntimeError, OSError):
        return None


def _keep_unfinished_aside(autosave: str) -> bool:
    """Rename the unfinished autosave aside before a new game autosaves; False (autosave off) if
    it cannot be moved."""
    try:
        kept = keep_aside(autosave, "unfinished")
    except OSError as e:
        print(f"Autosave is off: the unfinished game in {autosave} cannot be kept aside "
              f"({e.strerror or e}), so it is not replaced.")
        return False
    print(f"The unfinished game was kept as {kept}.")
    return True


def _play_loop(game: Game) -> int:
    def board() -> str:
        return render(game.observation(game.to_move))

    print(board())
    print(HELP)
    while True:
        read = _read_line(f"{game.to_move}> ")  # Ctrl-C: main() says "interrupted", exit 130
        if read is None:
            print()
            return 0
        line = read.strip()
        if not line:
            continue
        legal = game.legal_actions()
        try:
            if line in ("quit", "q", "exit"):
                return 0
            if line == "help":
                print(HELP)
            elif line == "board":
                print(board())
            elif line == "moves":
                for i, a in enumerate(legal):
                    print(f"{i:4d}  {a}")
            elif line == "history":
                for i, t in enumerate(game.history(game.to_move), start=1):
                    print(f"{i:4d}. {t}")
            elif line in ("undo", "redo"):
                game.undo() if line == "undo" else game.redo()
                print(board())
            elif line.startswith("save "):
                game.save(line[5:].strip())
                print(f"saved to {line[5:].strip()}")
            elif line == "resign":
                game.resign()
                print(board())
            else:
                action: Action | str
                if line.isdigit():
                    if int(line) >= len(legal):
                        print(f"no action number {line}; 'moves' lists {len(legal)}")
                        continue
                    action = legal[int(line)]
                elif line == "end":
                    action = "END"
                else:
                    action = line
                done = game.apply(action)
                print(f"played {done}")
                if done.kind == "end" or game.result:
                    print(board())
        except (WecError, OSError) as e:
            print(f"error: {e}")


def cmd_validate(args: argparse.Namespace) -> int:
    """Print every problem of a position or save file, then any warning; exit 1 if there is a
    problem."""
    try:
        data = read_json_file(args.file, WecError, "JSON file")
    except WecError as e:
        print(e)
        return 1
    if isinstance(data, dict) and data.get("format") == "wec-save":
        kind = "save"
        problems = save_problems(data)
        initial = data.get("initial")
        warnings = position_warnings(initial) if isinstance(initial, dict) else []
    else:
        kind = "position"
        problems = position_problems(data)
        warnings = position_warnings(data) if isinstance(data, dict) else []
    for p in problems:
        print(f"{args.file}: {p}")
    if not problems:
        print(f"{args.file}: a valid {kind} file")
    for w in warnings:
        print(f"{args.file}: {w}")
    return 1 if problems else 0


def cmd_scenarios(args: argparse.Namespace) -> int:
    width = max(len(n) for n in scenarios.SCENARIOS)
    for name, text in scenarios.SCENARIOS.items():
        print(f"{name:<{width}}  {text}")
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    """The turns of a save; a game in progress as the side to move may read them (`_view_of`;
    R12.3), unless --reveal."""
    game = game_from_save(read_save_file(args.file))
    side = _view_of(game, args.reveal)
    color = args.side
    if side is not None and color not in (None, side):
        raise WecError(f"{args.file}: {color}'s record of a game in progress is {color}'s "
                       f"alone ({side} to move); --reveal shows it")
    color = color or side
    turns = game.history(color) if color else game.full_history()
    if turns:
        if side is not None:
            print(f"{side.capitalize()}'s view (the side to move); --reveal shows the full record")
        elif color is not None:
            print(f"{color.capitalize()}'s view (--side)")
        else:
            print(_every_piece(game, "the full record"))
    for i, t in enumerate(turns, start=1):
        print(f"{i:4d}. {t}")
    if not turns:
        print(f"{args.file}: no turns yet ({game.to_move} to move at turn {game.turn})")
    if game.result:
        print(f"result: {game.result}" + (" wins" if game.result != "draw" else ""))
    return 0


def cmd_tactics(args: argparse.Namespace) -> int:
    return tactics_main(args)


def cmd_bench(args: argparse.Namespace) -> int:
    return bench_main(args)


def cmd_editor(args: argparse.Namespace) -> int:
    """The board editor (package `editor`); --screenshot saves a PNG offscreen and exits."""
    if args.screenshot:
        _check_writable(args.screenshot, "--screenshot")
    elif not _has_display():
        raise WecError("no display: the board editor needs one (or `wec editor --screenshot "
                       "FILE` for a picture of it)")
    try:
        from wec.gui.app import run_editor  # PySide6: optional (the gui extra), heavy
    except ImportError as e:
        raise WecError(f"the board editor needs PySide6 ({e}): pip install 'wec[gui]'") from None
    _ctrl_c_ends_qt()
    return run_editor(args.position, args.screenshot)


def plural(n: int, word: str) -> str:
    """ "1 game", "2 games", "0 actions"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _elo(x: float) -> str:
    """An Elo figure: "+57", "-120", "0" (never "-0"), "+inf"."""
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    r = round(x)
    return "0" if r == 0 else f"{r:+d}"


def _elo_text(s: dict, a: str) -> str:
    if math.isinf(s["elo"]):
        return (f"{_elo(s['elo'])} ({a} {'won' if s['elo'] > 0 else 'lost'} every game: no "
                "finite estimate yet)")
    if s["elo_low"] is None:
        return f"{_elo(s['elo'])} (no error bars: every game had the same result)"
    return f"{_elo(s['elo'])} (95 % {_elo(s['elo_low'])} .. {_elo(s['elo_high'])})"


def _standing(s: dict) -> str:
    """The progress bar's line: games' results, score, Elo and the SPRT's state."""
    elo = "" if s["games"] == 0 else f", Elo {_elo(s['elo'])}"
    return (f"+{s['wins']} ={s['draws']} -{s['losses']}, score {s['score']:.3f}{elo}, "
            f"LLR {s['llr']:.2f} ({s['sprt']})")


def _sprt_text(bounds: tuple[float, float]) -> str:
    return f"SPRT({_elo(bounds[0])}, {_elo(bounds[1])})"


def cmd_match(args: argparse.Namespace) -> int:
    match = Match(args.a, args.b, args.games, args.seconds, max_turns=args.max_turns,
                  processes=args.processes, save_dir=args.save,
                  opening_turns=args.opening_turns, results_path=args.results,
                  cluster=args.cluster, sprt=args.sprt)
    if match.resumed:
        print(f"resuming: {match.resumed} of {args.games} games are already in {args.results}")
    if match.decided():
        print(f"the {_sprt_text(args.sprt)} has already decided on the games in {args.results}")
    bar = progress_bar(args.games, f"{args.a} vs {args.b}", "game", initial=match.resumed)
    if match.resumed:
        bar.set_postfix_str(_standing(match.summary()))
    try:
        for _ in match.play():
            bar.set_postfix_str(_standing(match.summary()), refresh=False)
            bar.update(1)
    except KeyboardInterrupt:
        bar.close()
        kept = (f"{match.kept()} of {args.games} games are in {args.results}: the same command "
                "resumes" if args.results else f"{len(match.done)} finished games not kept "
                "(--results FILE keeps them and resumes)")
        print(f"\nwec match: interrupted; {kept}", file=sys.stderr)
        return 130
    bar.close()
    s = match.summary()
    if match.decided() and s["games"] < args.games:
        print(f"stopped after {plural(s['games'], 'game')} of {args.games}: the "
              f"{_sprt_text(args.sprt)} decided")
    print(f"{args.a} vs {args.b}: +{s['wins']} ={s['draws']} -{s['losses']} of "
          f"{plural(s['games'], 'game')}, score {s['score']:.3f}")
    print(f"Elo difference {_elo_text(s, args.a)}; {_sprt_text(args.sprt or (0, 100))} "
          f"LLR {s['llr']:.2f} in "
          f"{s['bounds'][0]:.2f} .. {s['bounds'][1]:.2f}: {s['sprt']}; adjudicated "
          f"{s['adjudicated']}")
    if args.results:
        print(f"games in {args.results}")
    return 0


def main(argv: list[str] | None = None, prog: str = "wec") -> int:
    parser = Parser(prog=prog, description="Weapon Chess engine and tools")
    parser.add_argument("--version", action="version", version=f"{prog} {version()}")
    sub = parser.add_subparsers(dest="command", required=True)

    def source(p: argparse.ArgumentParser) -> None:
        group = p.add_mutually_exclusive_group()
        group.add_argument("--scenario", help="a predefined scenario ('wec scenarios')")
        group.add_argument("--load", help="a save file")
        group.add_argument("--position", help="a position JSON file")

    p = sub.add_parser("play", help="open the desktop app (--text: play hotseat in the terminal)")
    source(p)
    p.add_argument("--text", action="store_true", help="play hotseat in the terminal")
    p.add_argument("--screenshot", metavar="FILE",
                   help="open the window offscreen, save a PNG of it to FILE and exit")
    p.add_argument("--size", default="1280x860", type=window_size,
                   help="window size for --screenshot (WxH)")
    choice = p.add_mutually_exclusive_group()
    choice.add_argument("--continue", dest="resume", action="store_true",
                        help="continue the autosaved game without asking")
    choice.add_argument("--new", action="store_true", help="start a new game without asking")
    p.add_argument("--autosave", help="autosave file (default: the per-user data folder)")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("perft", help="count the leaves of the game tree")
    p.add_argument("depth", type=count(0))
    p.add_argument("--mode", choices=("moves", "actions"), default="moves")
    p.add_argument("--divide", action="store_true",
                   help="also print the count below each root move (or action)")
    source(p)
    p.set_defaults(func=cmd_perft)
    p = sub.add_parser("show", help="print a position as a text board")
    source(p)
    p.add_argument("--reveal", action="store_true",
                   help="a saved game in progress: every piece, not the side to move's view")
    p.set_defaults(func=cmd_show)
    p = sub.add_parser("validate", help="print every problem of a position or save file")
    p.add_argument("file")
    p.set_defaults(func=cmd_validate)
    p = sub.add_parser("scenarios", help="list the predefined scenarios")
    p.set_defaults(func=cmd_scenarios)
    p = sub.add_parser("history", help="print the turns of a save file")
    p.add_argument("file")
    p.add_argument("--side", choices=("black", "white"), help="as that side may read it")
    p.add_argument("--reveal", action="store_true",
                   help="a game in progress: the full record, not the side to move's view")
    p.set_defaults(func=cmd_history)
    p = sub.add_parser("match", help="play colour-balanced games between two players")
    p.add_argument("a", help=PLAYERS)
    p.add_argument("b")
    p.add_argument("--games", type=count(1), default=10)
    p.add_argument("--seconds", type=seconds, default=1.0, help="per turn")
    p.add_argument("--max-turns", type=count(1), default=200, help="adjudicate after this turn")
    p.add_argument("--processes", type=count(1), default=None,
                   help="games at once on this machine (default: one per CPU; with --cluster "
                        "local, the CPUs Ray may use)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="play the games as Ray tasks: 'local' starts Ray on this machine, "
                        "HOST:PORT (or 'auto') joins a running cluster (`ray start --head`); "
                        "needs pip install 'wec[cluster]'")
    p.add_argument("--sprt", nargs="?", const=(0.0, 100.0), default=None, type=elo_bounds,
                   metavar="ELO0,ELO1",
                   help="stop as soon as the SPRT of ELO0 against ELO1 (default 0,100) "
                        "decides; the games still running are cancelled")
    p.add_argument("--save", help="a folder for the games' save files")
    p.add_argument("--results", metavar="FILE",
                   help="append each finished game to FILE as a JSON line; an existing FILE of "
                        "the same match is resumed")
    p.add_argument("--opening-turns", type=count(0), default=OPENING_TURNS,
                   help="random opening turns shared by each colour-swapped pair of games")
    p.set_defaults(func=cmd_match)
    p = sub.add_parser("bench", help="this machine's speed figures and the AI's node signature")
    p.add_argument("--quick", action="store_true", help="tiny budgets (a smoke run)")
    p.set_defaults(func=cmd_bench)
    p = sub.add_parser("tactics", help="the AI on the tactics suite: solved/total per level")
    p.add_argument("--seconds", type=seconds, default=1.0, help="per position (the whole turn)")
    p.add_argument("--level", type=count(1), help="only this AI level (default: every level)")
    p.add_argument("--algorithm", choices=ALGORITHMS, default="alphabeta")
    p.add_argument("--samples", type=count(1), default=1, help="determinizations (alphabeta)")
    p.add_argument("--theme", choices=THEMES, help="only this theme")
    p.add_argument("--category", choices=CATEGORIES,
                   help="only this category (one-turn; the two-turn win-in-two, parry, journey)")
    p.add_argument("--limit", type=count(1), help="only the first N positions")
    p.add_argument("--folder", help="a folder of tactic files (default: the suite shipped with wec)")
    p.add_argument("-v", "--verbose", action="store_true", help="list the positions not solved")
    p.set_defaults(func=cmd_tactics)
    p = sub.add_parser("editor", help="open the board editor")
    p.add_argument("--position", help="a position JSON file (or a save file) to start from")
    p.add_argument("--screenshot", metavar="FILE",
                   help="open the editor offscreen on the position, save a PNG and exit")
    p.set_defaults(func=cmd_editor)
    register_online(sub)
    try:
        args = parser.parse_args(argv)
        return int(args.func(args))
    except WecError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `wec ... | head`: the reader has all it wanted; quiet, like cat
        _quiet_stdout()
        return 0
    except OSError as e:  # a file that cannot be read or written: the message names it
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: one line, the shell's code for SIGINT
        print(f"\n{prog}: interrupted", file=sys.stderr)
        return 130


def _quiet_stdout() -> None:
    """Point stdout at /dev/null: the closed pipe's buffered rest would otherwise be flushed at
    exit into a second error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
