# cython: language_level=3
"""Legal action generation (R4, R6.1): Moves, Dozes and End Turn."""
from wec._core.state cimport *

cdef int gen_moves(State* st, Move* out, int limit) noexcept nogil
cdef int gen_captures(State* st, Move* out, int limit) noexcept nogil
cdef bint has_move(State* st) noexcept nogil
cdef int kept_count_errors(State* st, int side) noexcept nogil
