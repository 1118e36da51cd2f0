import sys

from wec.gui.app import main

sys.exit(main())
