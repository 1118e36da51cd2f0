"""The game record (R12): notation, replay, saves, undo/redo to any point with variations,
autosave and the `wec` commands around them."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import wec
from wec.cli import main
from wec.game.notation import game_from_turns, parse_turn, turn_actions
import wec.files.autosave
from wec.files.save import game_from_save

ORDER = {"move": 0, "doze": 0, "fire": 1, "pickup": 2, "exchange": 3, "reinforce": 4, "drop": 5}


def random_game(seed: int, n: int = 120, *, fixed_order: bool = False) -> wec.Game:
    """A random game of every action kind; with fixed_order the actions of each turn come in
    the R12.2 order (Move, Fires, Pickup, Exchange, Reinforce, Drop, End)."""
    rng = random.Random(seed)
    g = wec.Game.new()
    last = -1
    for _ in range(n):
        actions = g.legal_actions()
        if fixed_order:
            if not g.moved:
                actions = [a for a in actions if a.kind in ("move", "doze")]
            else:
                actions = [a for a in actions if a.kind == "end" or
                           (ORDER[a.kind] >= last and not (ORDER[a.kind] == last and last != 1))]
        if not actions:
            break
        ends = [a for a in actions if a.kind == "end"]
        a = ends[0] if ends and rng.random() < 0.35 else rng.choice(actions)
        g.apply(a)
        last = -1 if a.kind == "end" else ORDER[a.kind]
    return g


# --- R12.2 notation -----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_R12_2_every_turn_string_round_trips(seed):
    g = random_game(seed, 250)
    if g.result is None:
        g.resign()
    for view in (None, "black", "white"):
        for text in g.history(view):
            record = parse_turn(text)
            assert str(record) == text
            assert parse_turn(str(record)) == record


def test_R12_2_parse_reads_the_parts():
    t = parse_turn("MV:CH(10,4)>->^(8,2)-TRA->JE(10,4),FI1:SL/AAA(2,3)=>JE^(5,5),"
                   "PU:RP(3,1)^SH,EX:Q(1,6)1FL->FL<=>ST->RP(2,1)1ST,RE:(8,4)CL<,DR:RP(3,1)1SHvSH,"
                   "RS:S->(3,4),STK*RP(6,5)1FLB3,X*AAA(3,3)B")
    assert t.move.type == "CH" and t.move.hand == "right" and t.dest == (8, 2) and t.dest_level == "A"
    assert t.passenger.type == "JE"
    assert t.fires[0].target.level == "A"
    assert t.exchanges[0].back == "ST" and t.reinforces == (((8, 4), "CL", "left"),)
    assert [str(r) for r in t.results] == ["S->(3,4)", "STK*RP(6,5)1FLB3", "X*AAA(3,3)B"]
    assert t.results[1].stun == 3 and t.results[1].piece.articles == ("FL",)


@pytest.mark.parametrize("bad", ["", "MV:", "MV:ZZ(1,1)->(2,2)", "MV:K(1,1)->(11,2)",
                                 "MV:K(1,1)->(2,2),FI2:FL/TA(1,1)->(1,2)", "MV:K(1,1)->(2,2)junk",
                                 "MV:K(1,1)->(2,2),RS:Q*K(1,1)B"])
def test_R12_2_bad_turn_text_is_a_notation_error(bad):
    with pytest.raises(wec.game.notation.NotationError):
        parse_turn(bad)


# --- R12.1 replay ---------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_R12_1_replaying_the_action_texts_rebuilds_the_same_state(seed):
    g = random_game(seed)
    again = wec.Game.from_position(g.initial_position())
    for text in g.actions():
        again.replay_action(text)
    assert again.hash == g.hash and again.position() == g.position()
    assert again.history() == g.history()


@pytest.mark.parametrize("seed", range(4))
def test_R12_1_replaying_the_turn_strings_rebuilds_the_same_state(seed):
    # R12.2 lists a turn's actions in a fixed order; a game played in that order replays from
    # its turn strings alone
    g = random_game(seed, 150, fixed_order=True)
    while g.moved and g.result is None:
        g.end_turn()
    again = game_from_turns(g.initial_position(), g.history())
    assert again.hash == g.hash and again.position() == g.position()


def test_turn_actions_of_a_doze_and_a_transport():
    t = parse_turn("MV:DO(10,2)->(9,2),DO>(9,2)SU(10,2),RP(9,1),SP(9,2),FI1:JU/XP(8,4)1JP->(6,1)<")
    assert turn_actions(t) == ["DZ:DO(10,2)->(9,2)@(9,1)(9,2)", "FI:JU/XP(8,4)1JP->(6,1)<", "END"]


# --- R12.4 undo, redo, goto, variations -----------------------------------------------------------

def test_R12_4_undo_redo_and_goto_any_point():
    g = random_game(11, 40)
    states = []
    while g.ply:
        states.append((g.ply, g.hash, g.position()))
        g.undo()
    assert g.ply == 0 and len(g.redo_actions()) == len(states)
    g.goto(len(states))
    for ply, h, pos in states:
        g.goto(ply)
        assert (g.hash, g.position()) == (h, pos)
    with pytest.raises(wec.IllegalActionError):
        g.goto(len(states) + 1)


def test_R12_4_a_different_action_after_going_back_keeps_the_old_line_as_a_variation():
    g = random_game(12, 30)
    line = g.actions()
    g.goto(20)
    other = next(a for a in g.legal_actions() if str(a) != line[20])
    g.apply(other)
    assert g.redo_actions() == []
    assert g.variations() == [(20, line[20:])]
    new_line = g.actions()
    g.enter_variation(0)
    assert g.actions() == line
    assert g.variations() == [(20, new_line[20:])]


def test_R12_4_trying_the_same_other_line_again_keeps_one_copy_of_each_line():
    g = random_game(14, 20)
    line = g.actions()
    g.goto(10)
    other = next(a for a in g.legal_actions() if str(a) != line[10])
    for _ in range(5):  # back and forth between the two lines, as in a long app session
        g.apply(other)
        g.goto(10)
        g.apply(line[10])
        g.goto(10)
    # the first line whole, and each single-action line once: no copies however often tried
    assert sorted(g.variations()) == sorted([(10, line[10:]), (10, [str(other)]),
                                             (10, [line[10]])])


def test_R12_4_redoing_the_same_action_keeps_the_line():
    g = random_game(13, 20)
    line = g.actions()
    g.undo()
    g.apply(line[-1])
    assert g.variations() == [] and g.actions() == line


def test_R12_3_no_going_back_in_a_competitive_game():
    g = random_game(14, 10)
    g.set_competitive()
    for call in (g.undo, g.redo, lambda: g.goto(0)):
        with pytest.raises(wec.IllegalActionError):
            call()


# --- saves and autosave (FORMATS.md) --------------------------------------------------------------

def test_save_and_load_round_trip(tmp_path):
    g = random_game(21, 200)
    g.save(tmp_path / "g.json")
    h = wec.Game.load(tmp_path / "g.json")
    assert (h.position(), h.hash, h.history(), h.actions()) == \
        (g.position(), g.hash, g.history(), g.actions())
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["format"] == "wec-save" and data["version"] == 1
    assert set(data) == {"format", "version", "options", "initial", "actions", "turns", "final"}


def test_save_of_a_competitive_game_reloads_competitive(tmp_path):
    g = random_game(22, 30)
    g.set_competitive()
    g.save(tmp_path / "c.json")
    h = wec.Game.load(tmp_path / "c.json")
    assert h.competitive
    with pytest.raises(wec.IllegalActionError):
        h.undo()


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(version=2), "version"),
    (lambda d: d.update(format="chess"), "format"),
    (lambda d: d.pop("final"), "final"),
    (lambda d: d.update(final="sha256:0"), "final"),
    (lambda d: d["actions"].insert(3, "END"), "ply 4"),
    (lambda d: d["turns"].__setitem__(0, "MV:K(1,1)->(2,2)"), "turns[0]"),
    (lambda d: d["initial"]["pieces"][0].update(square=[0, 1]), "initial"),
    (lambda d: d["options"].update(tank_range=99), "options"),
    (lambda d: d.update(extra=1), "extra"),
])
def test_a_tampered_save_names_what_is_wrong(tmp_path, change, field):
    g = random_game(23, 40)
    g.save(tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text())
    change(data)
    with pytest.raises(wec.SaveFormatError) as e:
        game_from_save(data)
    assert field in str(e.value)


def test_older_save_versions_load_through_the_migration(tmp_path):
    g = random_game(24, 40)
    g.save(tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text())
    v0 = {"format": "wec-save", "version": 0, "options": data["options"],
          "initial": data["initial"], "actions": data["actions"]}
    assert game_from_save(v0).position() == g.position()


def test_autosave_follows_every_action_and_undo(tmp_path):
    path = tmp_path / "auto" / "autosave.json"
    g = wec.Game.new()
    wec.files.autosave.start(g, path)
    for _ in range(5):
        g.apply(g.legal_actions()[0])
        assert wec.Game.load(path).actions() == g.actions()
    g.undo()
    assert wec.Game.load(path).actions() == g.actions()


def test_default_autosave_path_is_the_user_data_folder(monkeypatch, tmp_path):
    from wec.files.save import default_autosave_path
    monkeypatch.setenv("WEC_DATA_DIR", str(tmp_path))
    assert default_autosave_path() == str(tmp_path / "autosave.json")
    monkeypatch.delenv("WEC_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert default_autosave_path() == str(tmp_path / "xdg" / "wec" / "autosave.json")
    assert "site-packages" not in default_autosave_path()


# --- the wec command --------------------------------------------------------------------------

def test_wec_validate_prints_every_problem(tmp_path, capsys):
    pos = wec.Game.new().position()
    pos["pieces"][0]["square"] = [0, 1]
    pos["pieces"][5]["level"] = "X"
    (tmp_path / "bad.json").write_text(json.dumps(pos))
    assert main(["validate", str(tmp_path / "bad.json")]) == 1
    out = capsys.readouterr().out
    assert "pieces[0].square" in out and "pieces[5].level" in out
    g = random_game(31, 30)
    g.save(tmp_path / "ok.json")
    assert main(["validate", str(tmp_path / "ok.json")]) == 0
    assert "a valid save file" in capsys.readouterr().out


def test_wec_history_and_scenarios(tmp_path, capsys):
    g = random_game(32, 30)
    g.save(tmp_path / "g.json")
    assert main(["history", str(tmp_path / "g.json"), "--reveal"]) == 0  # the full record
    lines = capsys.readouterr().out.splitlines()
    assert [l.split(". ", 1)[1] for l in lines if ". MV" in l or ". " in l][:len(g.history())] \
        == g.history()
    assert main(["scenarios"]) == 0
    assert "standard" in capsys.readouterr().out


def test_wec_play_offers_to_continue_the_autosave(tmp_path):
    env = {"WEC_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin",
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    cmd = [sys.executable, "-m", "wec.cli", "play", "--text"]
    first = subprocess.run(cmd + ["--new"], input="moves\n0\nend\nquit\n", text=True,
                           capture_output=True, env=env, timeout=60)
    assert first.returncode == 0, first.stderr
    saved = wec.Game.load(tmp_path / "autosave.json")
    assert saved.ply == 2
    second = subprocess.run(cmd, input="y\nhistory\nquit\n", text=True, capture_output=True,
                            env=env, timeout=60)
    assert "Continue it?" in second.stdout and "   1. MV:" in second.stdout
