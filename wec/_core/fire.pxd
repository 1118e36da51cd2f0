# cython: language_level=3
"""Fire (R7, R9): generating and making Fires, projectile flight, transport journeys."""
from wec._core.state cimport *
from wec._core.gen cimport Gen

cdef void gen_fires(State* st, Gen* g) noexcept nogil
cdef void gen_clearing_journeys(State* st, Gen* g) noexcept nogil
cdef void exec_fire(State* st, Move* m) noexcept nogil
cdef void advance_projectiles(State* st) noexcept nogil
cdef void advance_journeys(State* st, int side) noexcept nogil
