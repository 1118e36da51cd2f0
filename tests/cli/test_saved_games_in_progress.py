"""A save holds every hidden piece in clear; `wec show --load` and `wec history` of a game in
progress show only the side to move's view (R10.6, R12.3) unless --reveal is given, a finished
game in full; saves and autosaves are the owner's alone (mode 0600)."""
from __future__ import annotations

import io
import os
import stat
from pathlib import Path

import pytest

import wec
from builders import game, piece, play
from wec.cli import main

W, B = "white", "black"
HIDDEN_MOVE = "MV:AAA(5,5)->(5,6)"


def saved_game(tmp_path: Path) -> Path:
    """White's Anti-aircraft battery (Stealth: hidden from Black, R10.1) goes from (5,5) to (5,6);
    then Black is to move and the game is saved."""
    g = game(piece("K", W, 1, 1), piece("K", B, 10, 10), piece("AAA", W, 5, 5),
             piece("RP", B, 7, 3, home=False), to_move=W)
    assert g.can_see(B, 5, 5, "G") == []
    play(g, HIDDEN_MOVE)
    g.end_turn()
    path = tmp_path / "game.json"
    g.save(path)
    return path


def ground(board: str, row: int, col: int) -> str:
    """The Ground line of square (row, col) of a `wec show` board."""
    line = next(l for l in board.splitlines() if l.startswith(f"{row:>2} |"))
    return line.split("|")[col].strip()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_R10_6_show_of_a_game_in_progress_is_the_side_to_moves_view(tmp_path, capsys):
    out = run(capsys, "show", "--load", str(saved_game(tmp_path)))
    assert out.splitlines()[0] == "Black's view (the side to move); --reveal shows every piece"
    assert ground(out, 5, 6) == ""          # where the hidden piece stands: nothing
    assert ground(out, 5, 5) == "?AAA"      # where Black last saw it: the app's marker
    assert ground(out, 7, 3) == "rp" and ground(out, 1, 1) == "K"


def test_show_reveal_prints_every_piece(tmp_path, capsys):
    out = run(capsys, "show", "--load", str(saved_game(tmp_path)), "--reveal")
    assert out.splitlines()[0] == "Every piece (--reveal)"
    assert ground(out, 5, 6) == "AAA" and ground(out, 5, 5) == ""


def test_R12_3_history_of_a_game_in_progress_is_the_side_to_moves_record(tmp_path, capsys):
    path = str(saved_game(tmp_path))
    out = run(capsys, "history", path)
    assert out.splitlines() == [
        "Black's view (the side to move); --reveal shows the full record", "   1. MV:?"]
    assert HIDDEN_MOVE not in out
    assert main(["history", path, "--side", W]) == 2   # the other side's record: not unasked
    err = capsys.readouterr().err
    assert "--reveal" in err and HIDDEN_MOVE not in err
    assert run(capsys, "history", path, "--side", B).splitlines()[1] == "   1. MV:?"
    revealed = run(capsys, "history", path, "--reveal")
    assert revealed.splitlines() == ["The full record (--reveal)", f"   1. {HIDDEN_MOVE}"]
    assert HIDDEN_MOVE in run(capsys, "history", path, "--side", W, "--reveal")


def test_R12_3_a_finished_game_prints_in_full(tmp_path, capsys):
    path = saved_game(tmp_path)
    g = wec.Game.load(path)
    g.resign(B)
    g.save(path)
    board = run(capsys, "show", "--load", str(path))
    assert board.splitlines()[0] == "Every piece (the game is over)"
    assert ground(board, 5, 6) == "AAA"
    history = run(capsys, "history", str(path))
    assert history.splitlines()[:2] == ["The full record (the game is over)", f"   1. {HIDDEN_MOVE}"]


def test_a_competitive_game_in_progress_reads_as_before_for_the_side_to_move(tmp_path, capsys):
    path = saved_game(tmp_path)
    g = wec.Game.load(path)
    g.set_competitive()
    g.save(path)
    assert run(capsys, "history", str(path)).splitlines()[1] == "   1. MV:?"
    assert run(capsys, "history", str(path), "--reveal").splitlines()[1] == f"   1. {HIDDEN_MOVE}"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")
def test_saves_and_autosaves_are_the_owners_alone(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("WEC_DATA_DIR", str(tmp_path / "data"))
    old = os.umask(0o022)  # the usual umask makes files readable by everyone
    try:
        saved, auto = tmp_path / "mine.json", tmp_path / "auto.json"
        monkeypatch.setattr("sys.stdin", io.StringIO(f"0\nend\nsave {saved}\nquit\n"))
        assert main(["play", "--text", "--new", "--autosave", str(auto)]) == 0
        assert f"saved to {saved}" in capsys.readouterr().out
        journal = Path(str(auto) + ".journal")
        assert journal.exists()
        assert (mode(saved), mode(auto), mode(journal)) == (0o600, 0o600, 0o600)
    finally:
        os.umask(old)
