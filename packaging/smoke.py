"""What a built wheel must do on every platform it is built for (cibuildwheel's test command):
report its version and count perft 3 of the standard game with the compiled core."""
import subprocess
import sys

import wec

for args, expected in ((["--version"], f"wec {wec.__version__}"),
                       (["perft", "3"], "perft 3 (moves): 2262742 nodes")):
    out = subprocess.run([sys.executable, "-c", "import sys; from wec.cli import main; "
                          "sys.exit(main(sys.argv[1:]))", *args],
                         capture_output=True, text=True, check=True).stdout
    assert out.startswith(expected), (args, out)
print("wheel works:", wec.__version__)
