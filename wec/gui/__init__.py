"""The desktop GUI (PySide6): the play window (`play`), the board editor (`editor`) and the drawing
they share (`drawing`)."""
