# cython: language_level=3
"""perft (docs/FORMATS.md): leaf counts of the tree, bulk-counted at the last ply, without the GIL.

`buf` holds MAX_MOVES + 16 moves per remaining ply. `stop` is polled after every child of an
inner node: another thread (the SIGINT handler of `wec perft`) sets it to end a long count early;
the state is unwound as usual and the partial count returned.
"""
from wec._core.state cimport *
from wec._core.movegen cimport gen_moves
from wec._core.actions cimport gen_actions
from wec._core.make cimport do_action, undo_action


cdef long long perft_moves(State* st, int depth, Move* buf, volatile int* stop) noexcept nogil:
    """One ply = one Move (or Doze) and End Turn."""
    cdef int i, n
    cdef long long total = 0
    cdef Move end
    if depth == 0:
        return 1
    if st.result != RESULT_NONE or st.moved:
        return 0
    if depth == 1:
        return gen_moves(st, NULL, MAX_MOVES)  # bulk count: no Move written
    n = gen_moves(st, buf, MAX_MOVES)
    end.kind = ACT_END
    for i in range(n):
        do_action(st, &buf[i])
        do_action(st, &end)
        total += perft_moves(st, depth - 1, buf + MAX_MOVES + 16, stop)
        undo_action(st)
        undo_action(st)
        if stop[0]:
            break
    return total


cdef long long perft_actions(State* st, int depth, Move* buf, volatile int* stop) noexcept nogil:
    """One ply = one action of any kind, End Turn included."""
    cdef int i, n
    cdef long long total = 0
    if depth == 0:
        return 1
    n = gen_actions(st, buf)
    if depth == 1:
        return n
    for i in range(n):
        do_action(st, &buf[i])
        total += perft_actions(st, depth - 1, buf + MAX_MOVES + 16, stop)
        undo_action(st)
        if stop[0]:
            break
    return total

