"""The desktop GUI (PySide6): the play window (`play`), the board editor (`editor`), the drawing
they share (`drawing`) and the widgets they share (`widgets`). `play` and `editor` never import
each other: `launcher` makes either window and wires one to the other, and `app` holds the entry
points of `wec play` and `wec editor`."""
