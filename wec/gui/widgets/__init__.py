"""Widgets shared by the play window (`wec.gui.play`) and the board editor (`wec.gui.editor`),
which never import each other: a widget both use lives here, below both."""
