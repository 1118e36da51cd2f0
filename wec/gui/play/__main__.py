import sys

from wec.gui.play.app import main

sys.exit(main())
