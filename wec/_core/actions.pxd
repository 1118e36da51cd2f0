# cython: language_level=3
"""The legal action list of the side to move (R6.1): every kind."""
from wec._core.state cimport *

cdef int gen_actions(State* st, Move* out) noexcept nogil
cdef int gen_search_actions(State* st, Move* out) noexcept nogil
cdef int gen_interior_actions(State* st, Move* out, bint clearing) noexcept nogil
cdef int gen_quiescence_actions(State* st, Move* out) noexcept nogil
cdef bint entry_strikes(State* st, int i) noexcept nogil
