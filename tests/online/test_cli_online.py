"""`wec serve` and `wec online` from the command line: two headless clients finish a game on
the real server, and the built-in AI chooses from a seat's state frame alone; bad arguments and
an unreachable server get one line and exit status 2."""
from __future__ import annotations

import os
import re
import subprocess
import sys

from online_helpers import ROOT, InProcess, next_frame, run, seat_pair
from wec.cli import main
from wec.online import protocol as p
from wec.online.client import ai_chooser


def wec(*args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "wec", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def test_two_headless_clients_play_a_game_to_its_end(served):
    server = served()
    host = wec("online", "--url", server.url, "--random", "create", "--side", "white",
               "--scenario", "stealth_duel", "--name", "Ann")
    assert host.stdout is not None
    first = host.stdout.readline()
    found = re.search(r"seated in game (\S+) as white; to come back: wec online --url \S+ "
                      r"resume \S+ (\S+)", first)
    assert found, first
    guest = wec("online", "--url", server.url, "--random", "join", found.group(1), "--name",
                "Bob")
    out_g, err_g = guest.communicate(timeout=120)
    out_h, err_h = host.communicate(timeout=60)
    assert guest.returncode == host.returncode == 0, err_g + err_h
    last_g, last_h = out_g.strip().splitlines()[-1], out_h.strip().splitlines()[-1]
    assert last_g == last_h and last_g.startswith("game over: "), (last_g, last_h)
    assert "seated in game" in out_g and "as black" in out_g


def test_the_ai_chooses_a_legal_action_from_the_seat_frame_alone(tmp_path):
    async def scenario():
        async with InProcess(str(tmp_path / "g.sqlite3")) as server:
            black, white, seated, _ = await seat_pair(server.url)
            await black.send(p.Resume(seated["game"], seated["token"]))
            await next_frame(black, "seated")
            state = await next_frame(black, "state")
            choose = ai_chooser(level=1, seconds=0.05)
            text = await choose(state)
            assert text in state["legal"]
            await black.close()
            await white.close()
    run(scenario)


def _run(argv: list[str], capsys) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's usage errors
        code = int(e.code or 0)
    _, err = capsys.readouterr()
    return code, err


def test_bad_arguments_and_no_server_say_one_line(tmp_path, capsys):
    missing = str(tmp_path / "missing.pem")
    for argv in (["serve", "--port", "70000"], ["serve", "--port", "x"],
                 ["serve", "--certfile", missing],
                 ["serve", "--port", "0", "--db", str(tmp_path / "g.sqlite3"),
                  "--certfile", missing, "--keyfile", missing],
                 ["online"], ["online", "--url", "ws://127.0.0.1:1/ws"],
                 ["online", "--url", "ws://127.0.0.1:1/ws", "--ai", "9", "create"],
                 ["online", "--url", "ws://127.0.0.1:1/ws", "join", "some-game"],
                 ["online", "--url", "ws://127.0.0.1:1/ws", "resume", "g"]):
        code, err = _run(argv, capsys)
        lines = [line for line in err.splitlines() if line.strip()]
        assert code == 2 and len(lines) == 1 and lines[0].startswith("wec"), (argv, err)
        assert "Traceback" not in err


def test_a_player_at_the_terminal_picks_actions_by_number(served):
    """Terminal play: the seat's board and its legal actions are shown, a number picks one,
    `resign` ends the game."""
    server = served()
    host = wec("online", "--url", server.url, "--random", "create", "--side", "white",
               "--scenario", "stealth_duel")
    assert host.stdout is not None
    game = re.search(r"seated in game (\S+)", host.stdout.readline())
    assert game
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    player = subprocess.run([sys.executable, "-m", "wec", "online", "--url", server.url, "join",
                             game.group(1)], input="1\n" * 12 + "resign\n",
                            capture_output=True, text=True, env=env, timeout=120)
    host.communicate(timeout=60)
    assert player.returncode == 0, player.stderr
    assert "  1. " in player.stdout and "your history:" in player.stdout
    assert player.stdout.strip().splitlines()[-1].startswith("game over: white (resignation)")


def test_ctrl_c_stops_wec_serve_cleanly(served):
    import signal
    server = served()
    code, out = server.terminate(signal.SIGINT)
    assert code == 0 and out.strip().endswith("wec serve: stopped")
