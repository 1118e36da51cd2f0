"""Tools that measure the engine: matches and their workers, tuning, the tactics suite, the bench
report, and the helpers the command line shares with them."""
