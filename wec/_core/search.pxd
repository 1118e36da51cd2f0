# cython: language_level=3
from libc.stdint cimport uint64_t
from wec._core.state cimport *

ctypedef struct TTEntry:
    uint64_t key      # the state hash
    int depth         # remaining depth searched
    int score         # score for the side to move
    int flag          # 0 exact, 1 lower bound, 2 upper bound
    int best          # index of the best action in the generated list, -1 none

ctypedef struct Search:
    long long nodes          # nodes visited
    long long node_limit     # stop after this many (0 = none)
    double deadline          # monotonic seconds; 0 = none
    int stop                 # set from another thread to stop
    int aborted              # the search ran out of time, nodes, or was stopped
    TTEntry* tt
    int tt_mask
    Move* buf                # (depth + 2) * (MAX_MOVES + 16) moves
    int piece_value[23]
    int article_value[19]
    int stunned_pct
    int proj_near_primary
    int mobility
    int reserve_armed
    int win

cdef int evaluate(State* st, Search* s) noexcept nogil
cdef int search_root(State* st, Search* s, int depth, int first, int* best_index) noexcept nogil
