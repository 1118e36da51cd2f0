# cython: language_level=3
"""Pickup, Drop, Exchange and Reinforce (R8)."""
from wec._core.state cimport *
from wec._core.gen cimport Gen

cdef void gen_articles(State* st, Gen* g) noexcept nogil
cdef void exec_pickup(State* st, Move* m) noexcept nogil
cdef void exec_drop(State* st, Move* m) noexcept nogil
cdef void exec_exchange(State* st, Move* m) noexcept nogil
cdef void exec_reinforce(State* st, Move* m) noexcept nogil
cdef void arm_reserves(State* st) noexcept nogil
