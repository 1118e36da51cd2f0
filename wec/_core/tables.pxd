# cython: language_level=3
from wec._core.state cimport Rules

cdef class RulesBox:
    cdef Rules* R           # owned: freed with the box, its tables included

cdef int compile_rules(Rules* R, options) except -1
