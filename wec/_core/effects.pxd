# cython: language_level=3
"""Weapon effects: hits and defence stacking, destruction, stun and the drop ring, conversion,
projectile hits on arrival, landing and falling."""
from wec._core.state cimport *

cdef void hit_level(State* st, int sq, int level, int weapon, int strength, int firer) noexcept nogil
cdef void arrive(State* st, int sq, int level) noexcept nogil
cdef void put_down(State* st, int pid, int sq) noexcept nogil
cdef bint meet_hidden(State* st, int pid, int sq, int level) noexcept nogil
cdef void land(State* st, int pid, int sq) noexcept nogil
cdef void end_journey(State* st, int pid) noexcept nogil
cdef int defence(State* st, int pid, int weapon) noexcept nogil
