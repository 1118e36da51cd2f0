# cython: language_level=3
"""The action list being built: shared by the generators of every action kind."""
from wec._core.state cimport *

ctypedef struct Gen:
    Move* out       # where actions go; NULL to count only
    int n           # actions so far
    int limit       # stop at this many


cdef inline bint full(Gen* g) noexcept nogil:
    return g.n >= g.limit


cdef inline void emit(Gen* g, int kind, int pid, int dest, int dlevel, int passenger, int path,
                      int group, int dir, int art, int art2, int target) noexcept nogil:
    cdef Move* m
    if g.n >= g.limit:
        return
    if g.out != NULL:
        m = &g.out[g.n]
        m.kind = kind
        m.pid = pid
        m.dest = dest
        m.dlevel = dlevel
        m.passenger = passenger
        m.path = path
        m.group = group
        m.dir = dir
        m.art = art
        m.art2 = art2
        m.target = target
    g.n += 1


cdef inline bint same_piece(State* st, int a, int b) noexcept nogil:
    """Two pieces whose actions read the same (type, hand, articles, state): one list entry."""
    cdef Piece* p = &st.pieces[a]
    cdef Piece* q = &st.pieces[b]
    cdef int i, j, cnt
    if p.type != q.type or p.color != q.color or p.hand != q.hand or p.stun != q.stun \
            or p.journey != q.journey or p.home != q.home or p.fired != q.fired \
            or p.acted != q.acted or p.mover != q.mover:
        return False
    for i in range(MAX_SLOTS):  # same multiset of carried articles
        if p.art[i] == 0:
            continue
        cnt = 0
        for j in range(MAX_SLOTS):
            cnt += (p.art[j] == p.art[i]) - (q.art[j] == p.art[i])
        if cnt != 0:
            return False
    for j in range(MAX_SLOTS):
        if q.art[j]:
            cnt = 0
            for i in range(MAX_SLOTS):
                cnt += (p.art[i] == q.art[j]) - (q.art[i] == q.art[j])
            if cnt != 0:
                return False
    return True


cdef inline bint shadowed(State* st, int pid) noexcept nogil:
    """Is there an identical piece with a lower id on the same level (API.md: interchangeable)?"""
    cdef Piece* p = &st.pieces[pid]
    cdef int other = st.occ[p.level][p.sq][0]
    if other == pid:
        other = st.occ[p.level][p.sq][1]
    return other != NONE and other < pid and same_piece(st, other, pid)
