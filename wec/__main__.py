"""`python -m wec`: the `wec` command line (the same as the `wec` script)."""
import sys

from wec.cli import main

if __name__ == "__main__":
    sys.exit(main(prog="python -m wec"))
