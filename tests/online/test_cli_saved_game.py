"""`wec online` keeps its seat's save (`--save`) and proposes it in a set-up
(`--propose-saved`); the opponent accepts with its own save of that game (`--saved`): the two
headless clients go on with the game where it stood, each with its old colour and clock."""
from __future__ import annotations

import json
import re
import threading
import time

from test_cli_online import wec
from wec.online.saves import read_save


def wait_for(predicate, seconds: float = 90.0) -> None:
    end = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < end, "gave up waiting"
        time.sleep(0.1)


def view(path) -> dict:
    try:
        return json.loads(path.read_text())["view"]
    except (OSError, ValueError, KeyError):
        return {"version": -1, "to_move": None}


def view_version(path) -> int:
    return int(view(path)["version"])


def test_a_saved_game_is_proposed_accepted_and_played_on_from_the_command_line(served,
                                                                              tmp_path):
    server = served()
    ann_save, bob_save = tmp_path / "ann.wec-online", tmp_path / "bob.wec-online"
    ann = wec("online", "--url", server.url, "--random", "--save", str(ann_save), "create",
              "--side", "black", "--scenario", "stealth_duel", "--clock", "30+5",
              "--name", "Ann")
    assert ann.stdout is not None
    first = ann.stdout.readline()
    old = re.search(r"seated in game (\S+) as black", first)
    assert old, first
    # Bob plays from the terminal and is given nothing: the game waits on his first turn
    bob = wec("online", "--url", server.url, "--save", str(bob_save), "join", old.group(1),
              "--name", "Bob")
    try:
        wait_for(lambda: view(bob_save)["to_move"] == "white" and view_version(ann_save) >= 1
                 and view_version(ann_save) == view_version(bob_save))
    except AssertionError:  # say what each printed and saved (timed out once under load 11)
        for proc in (ann, bob):
            proc.kill()
        raise AssertionError(f"Ann's view {view(ann_save).get('version')}, Bob's "
                             f"{view(bob_save).get('version')} ({view(bob_save).get('to_move')} "
                             f"to move)\nAnn: {ann.communicate(timeout=20)}\n"
                             f"Bob: {bob.communicate(timeout=20)}") from None
    for proc in (ann, bob):  # both players leave the game unfinished
        proc.kill()
        proc.communicate(timeout=20)
    saved_a, saved_b = read_save(ann_save), read_save(bob_save)
    assert (saved_a.game, saved_a.side, saved_b.side) == (old.group(1), "black", "white")
    assert saved_a.view is not None and saved_a.view["clock"]["base_seconds"] == 1800.0

    # a client whose server falls silent says so and stops after --wait (no waiting for ever)
    host = wec("online", "--url", server.url, "--random", "--wait", "120", "create",
               "--side", "white",
               "--propose-saved", str(ann_save), "--name", "Ann")
    assert host.stdout is not None
    line = host.stdout.readline()
    code = re.search(r"set-up of game (\S+) as host", line)
    assert code, line
    guest = wec("online", "--url", server.url, "--random", "--wait", "120", "--saved",
                str(bob_save), "join", code.group(1), "--name", "Bob")
    hosted: dict[str, tuple[str, str]] = {}  # read as it comes: a full pipe would stop it
    reader = threading.Thread(target=lambda: hosted.update(out=host.communicate(timeout=300)))
    reader.start()
    out_g, err_g = guest.communicate(timeout=300)
    reader.join(timeout=120)  # the guest is done: the host's game is over too
    if "out" not in hosted:  # say what each printed rather than hang (seen once in CI)
        host.kill()
        reader.join(timeout=30)
        raise AssertionError(f"the host did not finish after the guest (exit {guest.returncode})"
                             f"\nguest out:\n{out_g}\nguest err:\n{err_g}\nhost:\n"
                             f"{hosted.get('out')}")
    out_h, err_h = hosted["out"]
    out_h = line + out_h
    assert guest.returncode == host.returncode == 0, err_g + err_h
    # Ann wished White, but the saved game gives her Black again
    assert f"seated in game {code.group(1)} as black" in out_h
    assert f"seated in game {code.group(1)} as white" in out_g
    versions = [int(v) for v in re.findall(r"^version (\d+):", out_h, re.M)]
    assert versions[0] >= min(view_version(ann_save), view_version(bob_save))
    assert re.search(r"^version \d+: .*\(black [\d.]+ s, white [\d.]+ s\)$", out_h, re.M)
    last_g, last_h = out_g.strip().splitlines()[-1], out_h.strip().splitlines()[-1]
    assert last_g == last_h and last_g.startswith("game over: "), (last_g, last_h)
