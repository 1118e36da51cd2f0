import sys

from wec.gui.play.app import main

if __name__ == "__main__":  # importing the module (as the API reference does) runs nothing
    sys.exit(main())
