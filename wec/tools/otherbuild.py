"""A player from another build of WEC: `wec match ai ai@/path/to/other/checkout`.

What a faster core is worth in Elo can only be measured against the build before it:
the other checkout's AI runs in its own Python process (its `wec` package imported from its
folder, its Cython extensions built in place there), kept for the whole game so its turn plan
and the turn's time share work as in-process. Each request carries the game's initial position
the first time, then the action texts; the process replays the new ones on its copy of the game
and answers its action's text. The time per turn is measured by that AI itself (wall time), as
for an in-process player.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from wec.game.errors import WecError

SERVER = r"""
import json, os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the match's: it closes our stdin
folder = sys.argv[1]
sys.path.insert(0, folder)
import wec
if not os.path.abspath(wec.__file__).startswith(os.path.abspath(folder) + os.sep):
    print(json.dumps({"error": "wec was imported from " + wec.__file__ + ", not from " + folder}),
          flush=True)
    sys.exit(1)
print(json.dumps({"ready": wec.__file__}), flush=True)
game = ai = None
for line in sys.stdin:
    request = json.loads(line)
    try:
        if "initial" in request:
            game = wec.Game.from_position(request["initial"])
            settings = request["ai"]
            if "params" in settings:  # SearchParams fields by name: this build's dataclass
                try:
                    from dataclasses import replace
                    from wec.ai.params import DEFAULT_PARAMS
                    settings["params"] = replace(DEFAULT_PARAMS, **settings["params"])
                except (ImportError, TypeError):
                    raise ValueError("this build's AI does not take the search parameters "
                                     + ", ".join(sorted(settings["params"]))) from None
            ai = wec.AI(**settings)
        actions = request["actions"]
        if game.actions() != actions[:len(game.actions())]:
            raise ValueError("the game went back: this player only follows a game forward")
        for text in actions[len(game.actions()):]:
            game.apply(text)
        reply = {"action": str(ai.choose_action(game))}
    except Exception as e:
        reply = {"error": type(e).__name__ + ": " + str(e)}
    try:
        print(json.dumps(reply), flush=True)
    except OSError:  # the match is gone (stopped meanwhile): nobody to answer, nothing to say
        os._exit(0)
"""


class OtherBuildError(WecError):
    """The other build's player could not start or answered with an error."""


class OtherBuildPlayer:
    """The AI of the WEC checkout at `folder` (its extensions built in place), in a process of
    its own for one game."""

    def __init__(self, folder: str, ai: dict[str, Any]) -> None:
        self.folder = os.path.abspath(folder)
        if not os.path.isfile(os.path.join(self.folder, "wec", "__init__.py")):
            raise OtherBuildError(f"{folder}: not a WEC checkout (no wec/__init__.py there)")
        self.ai = ai
        self._process: subprocess.Popen[str] | None = None
        self._sent_initial = False

    def __repr__(self) -> str:
        return f"OtherBuildPlayer({self.folder!r}, {self.ai!r})"

    def _start(self) -> subprocess.Popen[str]:
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        proc = subprocess.Popen([sys.executable, "-c", SERVER, self.folder], cwd=self.folder,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                env=env)
        hello = self._read(proc)
        if "ready" not in hello:
            proc.kill()
            raise OtherBuildError(f"{self.folder}: {hello.get('error', hello)}")
        return proc

    def _read(self, proc: subprocess.Popen[str]) -> dict[str, Any]:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line:
            raise OtherBuildError(f"{self.folder}: its player's process stopped "
                                  f"(exit code {proc.wait()})")
        return json.loads(line)  # type: ignore[no-any-return]

    def choose_action(self, game: Any) -> str:
        if self._process is None:
            self._process = self._start()
        request: dict[str, Any] = {"actions": game.actions()}
        if not self._sent_initial:
            request["initial"] = game.initial_position()
            request["ai"] = self.ai
            self._sent_initial = True
        assert self._process.stdin is not None
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        reply = self._read(self._process)
        if "action" not in reply:
            raise OtherBuildError(f"{self.folder}: {reply.get('error', reply)}")
        return str(reply["action"])

    def close(self) -> None:
        proc, self._process = self._process, None
        if proc is not None:
            try:
                assert proc.stdin is not None
                proc.stdin.close()
                proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                proc.kill()
                proc.wait()
