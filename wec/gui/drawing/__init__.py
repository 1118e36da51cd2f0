"""Drawing shared by the play window and the board editor: one visual language for pieces,
articles and the three levels of a square."""
