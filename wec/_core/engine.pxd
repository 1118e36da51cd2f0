# cython: language_level=3
"""`Engine`'s C attributes, for the core's modules that work on an engine's state (the search
host, IS-MCTS, the OpenSpiel codec, the benchmarks): they `cimport` it."""
from wec._core.state cimport State, Rules, Move
from wec._core.tables cimport RulesBox

cdef class Engine:
    cdef State* st                  # the game state, owned (a copy has its own)
    cdef Rules* R                   # its compiled rules, owned by `box`
    cdef RulesBox box               # shared by the engine's copies (the rules never change)
    cdef Move* buf                  # MAX_MOVES + 16 actions: the last legal() list stays here
                                    # until the next generation on this engine
    cdef volatile int perft_halt    # set by perft_stop(), polled by the running perft
