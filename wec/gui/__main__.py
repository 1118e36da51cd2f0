"""`python -m wec.gui`: the desktop app (the same as `wec play`)."""
import sys

from wec.gui.app import main

if __name__ == "__main__":
    sys.exit(main())
