"""The `wec` command line: play in the terminal, perft, validate, scenarios, history."""
from __future__ import annotations

import argparse
import os
import sys
import time

from . import Action, Game, perft
from .errors import WecError
from .match import OPENING_TURNS
from .jsonfile import read_json_file
from .position import load_position_file, position_problems, position_warnings
from .save import (AutosaveAtStart, AutosaveLock, autosave_at_start, default_autosave_path,
                   game_from_save, keep_aside, read_save_file, save_problems)
from .textview import render

HELP = """Commands: a number from 'moves', an action text (e.g. MV:RP(9,1)->(8,2)), 'moves',
'end' (End Turn), 'undo', 'redo', 'board', 'history', 'save FILE', 'resign', 'help', 'quit'."""


def _load(args: argparse.Namespace) -> Game:
    if getattr(args, "load", None):
        data = read_save_file(args.load)
        if isinstance(data, dict) and data.get("format") == "wec-position":
            raise WecError(f"{args.load}: this is a position: use --position")
        return game_from_save(data)
    if getattr(args, "scenario", None):
        from . import scenarios
        try:
            return Game.from_position(scenarios.load(args.scenario))
        except KeyError:
            raise WecError(f"no scenario {args.scenario!r}; 'wec scenarios' lists them") from None
    if getattr(args, "position", None):
        data = load_position_file(args.position)
        if isinstance(data, dict) and data.get("format") == "wec-save":
            raise WecError(f"{args.position}: this is a save: use --load")
        return Game.from_position(data)
    return Game.new()


def cmd_perft(args: argparse.Namespace) -> int:
    game = _load(args)
    start = time.perf_counter()
    n = perft(game, args.depth, mode=args.mode)
    dt = time.perf_counter() - start
    rate = n / dt if dt > 0 else float("inf")
    print(f"perft {args.depth} ({args.mode}): {n} nodes in {dt:.3f} s, {rate:,.0f} nodes/s")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    print(render(_load(args)))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """The desktop app (qt_ui); with --text, hotseat in the terminal."""
    if not args.text:
        try:
            from qt_ui.app import run
        except ImportError as e:  # PySide6 missing: say how to get it, or play in the terminal
            print(f"wec: the desktop app needs PySide6 ({e}); install 'wec[gui]' or use "
                  "'wec play --text'", file=sys.stderr)
            return 2
        return run(args)
    return cmd_play_text(args)


def cmd_play_text(args: argparse.Namespace) -> int:
    """Hotseat in the terminal: the side to move sees its own observation (R10.6). An unfinished
    autosaved game is never replaced without an explicit "new" (or --new, or a game named on the
    command line), and even then it is kept aside in a file."""
    if args.new and args.resume:
        raise WecError("--new and --continue cannot be used together")
    autosave = args.autosave or default_autosave_path()
    named = args.load or args.scenario or args.position
    game = _load(args) if named else None  # a bad file stops here, before any file is touched
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
            game = _load(args)
        if autosave_on:
            game.autosave_to(autosave,
                             on_error=lambda message: print(f"Autosave is off: {message}"))
        return _play_loop(game)
    finally:
        if game is not None:
            game.autosave_to(None)
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
        try:
            read = _read_line(f"{game.to_move}> ")
        except KeyboardInterrupt:
            print("\n(stopped)")
            return 130
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
    from . import scenarios
    width = max(len(n) for n in scenarios.SCENARIOS)
    for name, text in scenarios.SCENARIOS.items():
        print(f"{name:<{width}}  {text}")
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    game = game_from_save(read_save_file(args.file))
    color = args.side
    for i, t in enumerate(game.history(color) if color else game.history(), start=1):
        print(f"{i:4d}. {t}")
    if game.result:
        print(f"result: {game.result}" + (" wins" if game.result != "draw" else ""))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .benchreport import main as bench_main
    return bench_main(args)


def cmd_editor(args: argparse.Namespace) -> int:
    """The board editor (package `editor`); --screenshot saves a PNG offscreen and exits."""
    try:
        from editor.app import run as run_editor
    except ImportError as e:
        print(f"wec: the board editor needs PySide6 ({e})", file=sys.stderr)
        return 2
    return run_editor(args.position, args.screenshot)


def cmd_match(args: argparse.Namespace) -> int:
    from .match import run_match
    s = run_match(args.a, args.b, args.games, args.seconds, max_turns=args.max_turns,
                  processes=args.processes, save_dir=args.save,
                  opening_turns=args.opening_turns)
    print(f"{args.a} vs {args.b}: +{s['wins']} ={s['draws']} -{s['losses']} of {s['games']} "
          f"games, score {s['score']:.3f}")
    print(f"Elo difference {s['elo']:+.0f} (95 % {s['elo_low']:+.0f} .. {s['elo_high']:+.0f}); "
          f"SPRT(0, +100) LLR {s['llr']:.2f} in {s['bounds'][0]:.2f} .. {s['bounds'][1]:.2f}: "
          f"{s['sprt']}; adjudicated {s['adjudicated']}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="wec", description="Weapon Chess engine and tools")
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
    p.add_argument("--size", default="1280x860", help="window size for --screenshot (WxH)")
    p.add_argument("--continue", dest="resume", action="store_true",
                   help="continue the autosaved game without asking")
    p.add_argument("--new", action="store_true", help="start a new game without asking")
    p.add_argument("--autosave", help="autosave file (default: the per-user data folder)")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("perft", help="count the leaves of the game tree")
    p.add_argument("depth", type=int)
    p.add_argument("--mode", choices=("moves", "actions"), default="moves")
    source(p)
    p.set_defaults(func=cmd_perft)
    p = sub.add_parser("show", help="print a position as a text board")
    source(p)
    p.set_defaults(func=cmd_show)
    p = sub.add_parser("validate", help="print every problem of a position or save file")
    p.add_argument("file")
    p.set_defaults(func=cmd_validate)
    p = sub.add_parser("scenarios", help="list the predefined scenarios")
    p.set_defaults(func=cmd_scenarios)
    p = sub.add_parser("history", help="print the turns of a save file")
    p.add_argument("file")
    p.add_argument("--side", choices=("black", "white"), help="as that side may read it")
    p.set_defaults(func=cmd_history)
    p = sub.add_parser("match", help="play colour-balanced games between two players")
    p.add_argument("a", help="random, greedy, ai, ai:LEVEL or openspiel-mcts")
    p.add_argument("b")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seconds", type=float, default=1.0, help="per turn")
    p.add_argument("--max-turns", type=int, default=200, help="adjudicate after this turn")
    p.add_argument("--processes", type=int, default=None)
    p.add_argument("--save", help="a folder for the games' save files")
    p.add_argument("--opening-turns", type=int, default=OPENING_TURNS,
                   help="random opening turns shared by each colour-swapped pair of games")
    p.set_defaults(func=cmd_match)
    p = sub.add_parser("bench", help="this machine's speed figures and the AI's node signature")
    p.add_argument("--quick", action="store_true", help="tiny budgets (a smoke run)")
    p.set_defaults(func=cmd_bench)
    p = sub.add_parser("editor", help="open the board editor")
    p.add_argument("--position", help="a position JSON file (or a save file) to start from")
    p.add_argument("--screenshot", metavar="FILE",
                   help="open the editor offscreen on the position, save a PNG and exit")
    p.set_defaults(func=cmd_editor)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except WecError as e:
        print(f"wec: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
