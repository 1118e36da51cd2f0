"""Files: save games on disk (atomic writes, the data folder) and the autosave with its journal."""
