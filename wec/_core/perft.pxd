# cython: language_level=3
from wec._core.state cimport *

cdef long long perft_moves(State* st, int depth, Move* buf, volatile int* stop) noexcept nogil
cdef long long perft_actions(State* st, int depth, Move* buf, volatile int* stop) noexcept nogil
