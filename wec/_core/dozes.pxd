# cython: language_level=3
"""Doze generation (R4.11)."""
from wec._core.state cimport *
from wec._core.gen cimport Gen

cdef void gen_dozes(State* st, Gen* g, int pid) noexcept nogil
