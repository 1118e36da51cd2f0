# cython: language_level=3
"""Make and unmake actions (every action has an exact inverse: `undo_action`)."""
from wec._core.state cimport *

cdef void do_action(State* st, Move* m) noexcept nogil
cdef void undo_action(State* st) noexcept nogil
