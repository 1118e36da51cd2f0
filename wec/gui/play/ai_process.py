"""The computer's helper process (`python -m wec.gui.play.ai_process`, started by
`wec.gui.play.ai_worker.AIWorker`): no Qt here.

It keeps a copy of the window's game in step (`_Mirror`: only the actions it has not seen are
applied, rewound ones taken back) and one `wec.AI` per turn, and answers each "think" request
with progress reports and the chosen action. Messages are pickled tuples, each framed by its
length (`frame`), requests on stdin, replies on stdout. A search runs in a thread of this
process, so a "stop" can reach it.
"""
from __future__ import annotations

import os
import pickle
import signal
import struct
import sys
import threading
import time
import zlib
from typing import Any, BinaryIO

import wec

HEADER = struct.Struct("!I")


def frame(message: tuple) -> bytes:
    """A message as it travels: its length, then its pickle."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


def unframe(buffer: bytearray) -> list[tuple]:
    """Take every whole message off the front of `buffer`."""
    out = []
    while len(buffer) >= HEADER.size:
        (size,) = HEADER.unpack_from(buffer)
        if len(buffer) < HEADER.size + size:
            break
        out.append(pickle.loads(bytes(buffer[HEADER.size:HEADER.size + size])))
        del buffer[:HEADER.size + size]
    return out


class _Pipe:
    """Requests in, replies out (replies from two threads: one at a time)."""

    def __init__(self, inp: BinaryIO, out: BinaryIO) -> None:
        self.inp, self.out = inp, out
        self.lock = threading.Lock()

    def recv(self) -> tuple:
        head = self.inp.read(HEADER.size)
        if len(head) < HEADER.size:
            raise EOFError
        (size,) = HEADER.unpack(head)
        data = self.inp.read(size)
        if len(data) < size:
            raise EOFError
        return pickle.loads(data)  # the window's own messages

    def send(self, message: tuple) -> None:
        with self.lock:
            self.out.write(frame(message))
            self.out.flush()


class _Mirror:
    """The helper's copy of the window's game, kept in step action by action."""

    def __init__(self) -> None:
        self.game: Any = None
        self.initial: dict[str, Any] | None = None
        self.done: list[str] = []

    def sync(self, initial: dict[str, Any] | None, actions: list[str]) -> Any:
        """The copy brought to `actions` from `initial` (None: the game it has)."""
        if initial is None:
            if self.game is None or self.initial is None:
                raise LookupError("out of step")
            initial = self.initial
        try:
            if self.game is None or initial != self.initial:
                raise LookupError("a new game")
            same = 0
            for mine, theirs in zip(self.done, actions):
                if mine != theirs:
                    break
                same += 1
            while len(self.done) > same:
                self.game.undo()
                self.done.pop()
        except (LookupError, wec.WecError):
            self.game, self.initial, self.done = wec.Game.from_position(dict(initial)), initial, []
        for text in actions[len(self.done):]:
            self.play(text)
        return self.game

    def play(self, text: str) -> None:
        self.game.replay_action(text)
        self.done.append(text)


def listed_index(game: Any, action: Any) -> int:
    """Where `action` stands in `game.legal_actions()` (-1: not there). The window's copy of the
    game lists the same actions in the same order, so it takes the action by this index (after
    checking its text) instead of spelling out its whole list to find the text."""
    try:
        return int(game.legal_actions().index(action))
    except ValueError:
        return -1


def serve(requests: Any, replies: Any) -> None:
    """Think on request, report progress and the choice."""
    mirror = _Mirror()
    player: Any = None
    player_key: tuple | None = None
    players = 0
    search: threading.Thread | None = None
    judge: list[Any] = [None, None]  # an evaluation of a side's view running: (AI, thread)

    def evaluate(ai: Any, game: Any, ticket: int) -> None:
        """A side's view judged (the hint, the draw offer): its best action and its score."""
        last: list[Any] = []
        ai.on_progress = last.append
        try:
            action = ai.choose_action(game)
        except Exception as e:
            replies.send(("evaluated", ticket, ("", 0, 0, f"{type(e).__name__}: {e}", [])))
            return
        score, depth = (last[-1].score, last[-1].depth) if last else (0, 0)
        replies.send(("evaluated", ticket, (str(action), score, depth, "",
                                            [str(a) for a in ai.plan])))

    def run(ai: Any, game: Any, ticket: int, number: int) -> None:
        def report(p: Any) -> None:
            replies.send(("progress", ticket, (p.depth, p.nodes, p.score, p.best, p.turns)))
        ai.on_progress = report
        try:
            action = ai.choose_action(game)
        except Exception as e:  # reported to the window, never lost in the helper
            replies.send(("failed", ticket, f"{type(e).__name__}: {e}"))
            return
        replies.send(("done", ticket, (str(action), number, [str(a) for a in ai.plan],
                                       listed_index(game, action))))
        # the window plays it now: keep in step meanwhile, so the next request finds the
        # copy ready (a rewind instead is taken back by the next sync)
        try:
            mirror.play(str(action))
        except Exception:
            mirror.game = None

    while True:
        try:
            message = requests.recv()
        except EOFError:
            return
        kind = message[0]
        if kind == "score":  # the evaluation bar's number, at once: nothing under way stops
            _, ticket, position, seen, color = message
            try:
                replies.send(("scored", ticket, (wec.ai.view_score(position, seen, color), "")))
            except Exception as e:
                replies.send(("scored", ticket, (0, f"{type(e).__name__}: {e}")))
            continue
        if judge[1] is not None:  # whatever comes next, an evaluation stops with its best
            judge[0].stop()
            judge[1].join()
            judge[0] = judge[1] = None
        if kind == "evaluate":
            _, ticket, position, seen, color, level, seconds, nodes = message
            try:
                view = wec.ai.view_game(position, seen, color)
                judge[0] = wec.AI(level=level, seconds=seconds, nodes=nodes, fair=False)
            except Exception as e:
                replies.send(("evaluated", ticket, ("", 0, 0, f"{type(e).__name__}: {e}", [])))
                continue
            judge[1] = threading.Thread(target=evaluate, args=(judge[0], view, ticket),
                                        daemon=True)
            judge[1].start()
            continue
        if search is not None:
            if kind != "think" and search.is_alive() and player is not None:
                player.stop()  # the search returns its best action so far
            if kind != "stop":
                search.join()
                search = None
        if kind == "cancel":
            player, player_key = None, None  # a stopped turn starts afresh
        if kind == "quit":
            return
        if kind != "think":
            continue
        _, ticket, initial, actions, level, seconds, nodes, turn, began = message
        try:
            game = mirror.sync(initial, actions)
        except LookupError:  # no copy to bring in step: the window sends its game again
            replies.send(("resync", ticket, None))
            continue
        except Exception as e:
            mirror.game = None  # half in step: the next request rebuilds it
            replies.send(("failed", ticket, f"{type(e).__name__}: {e}"))
            continue
        key = (level, seconds, nodes, turn)
        if player is None or key != player_key:
            player = wec.AI(level=level, seconds=seconds, nodes=nodes,
                            seed=zlib.crc32(repr(turn).encode()))
            player_key = key
            players += 1
            # the turn began in the window (the helper may have been starting meanwhile)
            player.begin_turn(game, time.monotonic() - max(time.time() - began, 0.0))
        search = threading.Thread(target=run, args=(player, game, ticket, players), daemon=True)
        search.start()


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the window's to handle
    try:  # the window comes first: on a busy machine the search waits, never the clicks
        os.nice(5)
    except (AttributeError, OSError):
        pass
    pipe = _Pipe(sys.stdin.buffer, sys.stdout.buffer)
    sys.stdout = sys.stderr  # a stray print must not break the replies
    # loaded and warmed (the standard rule tables compiled, one quick decision made) before the
    # window is told the helper is ready: the computer's first turn does not pay for it
    warm = wec.Game.new()
    wec.AI(level=1, seconds=0.01).choose_action(warm)
    pipe.send(("ready", 0, None))
    serve(pipe, pipe)


if __name__ == "__main__":
    main()
