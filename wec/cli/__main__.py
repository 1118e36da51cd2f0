import sys

from wec.cli import main

sys.exit(main())
