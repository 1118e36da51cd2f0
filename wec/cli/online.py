"""`wec serve` (the game server) and `wec online` (a headless client that plays one seat with
the built-in AI, at random, or from the terminal). Both need the optional extra `online`
(aiohttp): wec.online is imported when a command runs, so the rest of `wec` works without it."""
from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from wec.ai import LEVELS, loadable
from wec.game.textview import render
from wec.tools.cliargs import count, seconds

NEEDS_AIOHTTP = "wec: online play needs aiohttp: pip install 'wec[online]'"


def _port(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535 (0: a free one), got {value}")
    return value


def register(sub: Any) -> None:
    """Add `serve` and `online` to the `wec` command's subparsers."""
    p = sub.add_parser("serve", help="run the online game server (WebSocket; docs/PROTOCOL.md)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0: the whole network)")
    p.add_argument("--port", type=_port, default=8765, help="port (0: a free one); default 8765")
    p.add_argument("--db", help="the games' SQLite file (default: online.sqlite3 in the "
                                "per-user data folder)")
    p.add_argument("--certfile", help="TLS certificate (PEM): serve wss://")
    p.add_argument("--keyfile", help="TLS private key (PEM), with --certfile")
    p.add_argument("--workers", type=count(1), default=1,
                   help="server processes (default 1): with N > 1, N processes each hold "
                        "their own games (worker i in FILE.wI) and a game's frames are sent "
                        "to its own (docs/PROTOCOL.md)")
    p.set_defaults(func=cmd_serve)
    p = sub.add_parser("online", help="play one seat of an online game (headless client)")
    p.add_argument("--url", required=True, help="the server's ws:// or wss:// URL")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--ai", type=int, choices=sorted(LEVELS), metavar="LEVEL",
                     help="the built-in AI plays (level %(choices)s)")
    how.add_argument("--random", action="store_true", help="play random legal actions")
    p.add_argument("--seconds", type=seconds, default=1.0, help="the AI's time per turn")
    p.add_argument("--wait", type=seconds, default=900.0, metavar="SECONDS",
                   help="give up (one line, exit 2) when the server sends nothing for this "
                        "long while the game waits on the other player (default 900)")
    p.add_argument("--insecure", action="store_true",
                   help="wss:// without checking the certificate (a self-signed test server)")
    p.add_argument("--save", metavar="FILE",
                   help="keep the seat's own save (*.wec-online) in FILE as the game goes: "
                        "its token and its view, to resume it or propose it in a set-up")
    p.add_argument("--saved", metavar="FILE", action="append", default=[],
                   help="a save of yours (*.wec-online): accept the opponent's proposal of "
                        "that game in a set-up (repeatable)")
    what = p.add_subparsers(dest="what", required=True)
    c = what.add_parser("create", help="open a game and take a seat")
    c.add_argument("--name", default="wec", help="your name")
    c.add_argument("--side", choices=("black", "white", "random"), default="random")
    c.add_argument("--scenario", help="a predefined scenario ('wec scenarios')")
    c.add_argument("--grace", type=count(1), default=120,
                   help="seconds an opponent may be gone before a claim of victory")
    c.add_argument("--clock", type=_time_control, metavar="M+S",
                   help="game clocks: M minutes a side, S seconds more at each End Turn "
                        "(e.g. 5+3; 0.5+0 is 30 s)")
    c.add_argument("--setup", action="store_true",
                   help="agree the terms in a set-up first (docs/PROTOCOL.md); with "
                        "--propose-saved, propose to continue a saved game")
    c.add_argument("--propose-saved", metavar="FILE",
                   help="in the set-up, propose the game of this save of yours (*.wec-online)")
    j = what.add_parser("join", help="take the free seat of a game")
    j.add_argument("game")
    j.add_argument("--name", default="wec", help="your name")
    r = what.add_parser("resume", help="take back a seat with its token")
    r.add_argument("game")
    r.add_argument("token")
    p.set_defaults(func=cmd_online)


def _time_control(text: str) -> dict[str, float]:
    """"5+3" -> {"base_seconds": 300, "increment_seconds": 3} (a create's time_control)."""
    try:
        minutes, _, increment = text.partition("+")
        base, inc = float(minutes) * 60.0, float(increment or 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected minutes+seconds like 5+3, got {text!r}") \
            from None
    if not (0 < base <= 10 ** 7 and 0 <= inc <= 10 ** 7):
        raise argparse.ArgumentTypeError(f"expected minutes > 0 and seconds >= 0, got {text!r}")
    return {"base_seconds": base, "increment_seconds": inc}


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from wec.online import server  # the optional extra `online` (aiohttp)
        from wec.online.store import default_db_path
    except ImportError:
        print(NEEDS_AIOHTTP, file=sys.stderr)
        return 2
    if (args.certfile is None) != (args.keyfile is None):
        print("wec serve: --certfile and --keyfile go together", file=sys.stderr)
        return 2
    if args.workers > 1:
        from wec.online import workers
        status = workers.supervise(args.workers, args.host, args.port,
                                   args.db or default_db_path(), args.certfile, args.keyfile,
                                   say=lambda line: print(line, flush=True))
        if status != 2:  # 2: it never listened
            print("wec serve: stopped", flush=True)
        return status
    context = None if args.certfile is None else server.tls_context(args.certfile, args.keyfile)
    srv = server.Server(args.db or default_db_path(), args.host, args.port, context)

    def say(line: str) -> None:
        print(line, flush=True)
    try:
        asyncio.run(server.serve_until_stopped(srv, say))
    except KeyboardInterrupt:  # Ctrl-C where no signal handler could be set (Windows)
        pass
    print("wec serve: stopped", flush=True)
    return 0


def cmd_online(args: argparse.Namespace) -> int:
    try:
        from wec.online import client, protocol  # the optional extra `online` (aiohttp)
    except ImportError:
        print(NEEDS_AIOHTTP, file=sys.stderr)
        return 2
    from wec.online import saves
    try:
        plan = client.SetupPlan(saved_tokens={s.game: s.token for s in map(
            saves.read_save, args.saved)})
        if args.what == "create" and args.propose_saved:
            own = saves.read_save(args.propose_saved)
            plan.proposal = protocol.Propose("", {}, saved={"game": own.game,
                                                           "token": own.token})
    except (OSError, ValueError) as e:
        print(f"wec online: {e}", file=sys.stderr)
        return 2
    if args.what == "create":
        setup = "negotiate" if args.setup or args.propose_saved else "none"
        request: Any = protocol.Create(args.name, args.side, {}, args.scenario, float(args.grace),
                                       setup, args.clock)
    elif args.what == "join":
        request = protocol.Join(args.game, args.name)
    else:
        request = protocol.Resume(args.game, args.token)
    if args.ai is not None:
        choose = client.ai_chooser(args.ai, args.seconds)
    elif args.random:
        choose = client.random_chooser()
    else:
        choose = client.terminal_chooser()
    ssl_context = False if args.insecure else None
    try:
        last = asyncio.run(_play(client, args.url, request, choose, ssl_context,
                                 terminal=args.ai is None and not args.random, plan=plan,
                                 save_to=args.save, name=getattr(args, "name", ""),
                                 wait=args.wait))
    except client.Refused as e:
        print(f"wec online: {e}", file=sys.stderr)
        return 2
    except protocol.ProtocolError as e:
        print(f"wec online: refused ({e.code}): {e.message}", file=sys.stderr)
        return 2
    except (client.ConnectionLost, client.Silent, EOFError) as e:
        print(f"wec online: {e}", file=sys.stderr)
        return 2
    print(f"game over: {last['result']} ({last['reason']}) after {last['version']} actions")
    return 0


async def _play(client: Any, url: str, request: Any, choose: Any, ssl_context: Any,
                terminal: bool, plan: Any = None, save_to: str | None = None,
                name: str = "", wait: float = 900.0) -> dict[str, Any]:
    from wec.online import saves
    if plan is not None:
        plan.on_setup = lambda seated: print(
            f"set-up of game {seated['game']} as {seated.get('role')}: the opponent joins it "
            f"with: wec online --url {url} join {seated['game']}", flush=True)
    conn = await client.Client(url, ssl_context).connect()
    seat, first = await client.take_seat(conn, request, plan, wait)
    print(f"seated in game {seat.game} as {seat.side}; to come back: "
          f"wec online --url {url} resume {seat.game} {seat.token}", flush=True)

    def keep(state: dict[str, Any]) -> None:
        if save_to:
            saves.write_save(save_to, saves.of_state(url, seat.game, seat.side, seat.token,
                                                     name, {}, state))

    def show(state: dict[str, Any]) -> None:
        keep(state)
        if terminal and state["legal"]:
            pos = dict(state["observation"])
            pos.pop("enemy_reserves", None)
            print(render(loadable(pos)))
            print("your history:", " | ".join(state["history"][-3:]) or "-")
        clock = state.get("clock")
        times = "" if clock is None else " ({})".format(", ".join(
            f"{side} {left:.1f} s" for side, left in clock["remaining"].items()))
        print(f"version {state['version']}: turn {state['turn']}, {state['to_move']} to move"
              + times, flush=True)
    last: dict[str, Any] = await client.play_seat(url, seat, choose, conn, first=first,
                                                   on_state=show, ssl_context=ssl_context,
                                                   wait=wait)
    return last
