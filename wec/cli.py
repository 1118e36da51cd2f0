"""The `wec` command line."""
from __future__ import annotations

import argparse
import sys
import time

from . import Action, Game, perft
from .errors import WecError
from .textview import render

HELP = """Commands: a number from 'moves', an action text (e.g. MV:RP(9,1)->(8,2)), 'moves',
'end' (End Turn), 'undo', 'board', 'history', 'help', 'quit'."""


def _load(path: str | None) -> Game:
    return Game.from_position(path) if path else Game.new()


def cmd_perft(args: argparse.Namespace) -> int:
    game = _load(args.position)
    start = time.perf_counter()
    n = perft(game, args.depth, mode=args.mode)
    dt = time.perf_counter() - start
    rate = n / dt if dt > 0 else float("inf")
    print(f"perft {args.depth} ({args.mode}): {n} nodes in {dt:.3f} s, {rate:,.0f} nodes/s")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    print(render(_load(args.position)))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Hotseat in the terminal: the text board and an action prompt."""
    game = _load(args.position)

    def board() -> str:  # hotseat: the side to move sees its own observation (R10.6)
        return render(game.observation(game.to_move))

    print(board())
    print(HELP)
    while True:
        try:
            line = input(f"{game.to_move}> ").strip()
        except EOFError:
            print()
            return 0
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
            elif line == "undo":
                game.undo()
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
        except WecError as e:
            print(f"error: {e}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="wec", description="Weapon Chess engine and tools")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count the leaves of the game tree")
    p.add_argument("depth", type=int)
    p.add_argument("--mode", choices=("moves", "actions"), default="moves")
    p.add_argument("--position", help="a position JSON file (default: the standard set-up)")
    p.set_defaults(func=cmd_perft)
    p = sub.add_parser("play", help="play hotseat in the terminal")
    p.add_argument("--position", help="start from a position JSON file")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("show", help="print a position as a text board")
    p.add_argument("--position", help="a position JSON file (default: the standard set-up)")
    p.set_defaults(func=cmd_show)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except WecError as e:
        print(f"wec: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
