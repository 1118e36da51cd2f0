"""The packaged app's one executable: without arguments it opens the desktop app (`wec play`);
with arguments it is the `wec` command line (`wec editor`, `wec perft 3`, ...).

The app starts helper processes as `sys.executable -m MODULE` (the computer player runs in one,
wec.gui.play.ai_process); in the packaged app sys.executable is this executable, so it runs a
wec module named after -m as the Python interpreter would."""
import multiprocessing
import os
import runpy
import sys

from wec.cli import main


def run() -> int:
    args = sys.argv[1:]
    if len(args) >= 2 and args[0] == "-m" and (args[1] == "wec" or args[1].startswith("wec.")):
        sys.argv = [sys.argv[0], *args[2:]]
        runpy.run_module(args[1], run_name="__main__", alter_sys=True)
        return 0
    return main(args or ["play"], prog="wec")


if __name__ == "__main__":
    # started from a bare environment (a desktop entry, `env -i`): no locale is set, and Qt
    # would print three lines about choosing UTF-8 itself
    if not any(os.environ.get(k) for k in ("LC_ALL", "LC_CTYPE", "LANG")):
        os.environ["LC_CTYPE"] = "C.UTF-8"
    # `wec match` plays its games in worker processes: a frozen executable must let them start
    multiprocessing.freeze_support()
    sys.exit(run())
