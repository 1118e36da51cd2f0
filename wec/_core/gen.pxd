# cython: language_level=3
"""The action list being built: shared by the generators of every action kind."""
from libc.stdint cimport uint64_t
from wec._core.state cimport *

ctypedef struct Gen:
    Move* out       # where actions go; NULL to count only
    int n           # actions so far
    int limit       # stop at this many
    bint captures   # quiescence's list: Moves only where an enemy stands (gen_captures), no
                    # Doze, no transport Fire, directional Fires only with an enemy in line
    uint64_t enemy[6]  # with `captures`: the enemy squares per level (movegen.enemy_boards)


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


cdef inline bint same_text(State* st, int a, int b) noexcept nogil:
    """Two pieces that read the same in an action text (type, colour, hand and the multiset of
    carried articles; docs/FORMATS.md: on one level they are one piece for the action list)."""
    cdef Piece* p = &st.pieces[a]
    cdef Piece* q = &st.pieces[b]
    cdef int i, j, cnt
    if p.type != q.type or p.color != q.color or p.hand != q.hand:
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


cdef inline int twin_of(State* st, int pid) noexcept nogil:
    """The other piece on `pid`'s level when the two read the same (its identical twin), else
    NONE. Twins may differ in what the text does not show — stun, cool-downs, journeys, this
    turn's marks, visibility — so each generator picks, per action, the twin able to make it
    (R7.2, R7.9, R10.7): one list entry, never a hidden or cooling twin in place of a ready one."""
    cdef Piece* p = &st.pieces[pid]
    cdef int other = st.occ[p.level][p.sq][0]
    if other == pid:
        other = st.occ[p.level][p.sq][1]
    if other != NONE and same_text(st, other, pid):
        return other
    return NONE


cdef inline bint enemy_in_line(State* st, int sq, int dir, int level, int rng,
                               int side) noexcept nogil:
    """Is there a piece not of `side` at `level` within `rng` squares from `sq` in direction
    `dir`? (What makes a directional Fire worth searching.)"""
    cdef int k, x
    for k in range(rng):
        sq = st.rules.nb[sq][dir]
        if sq == NONE:
            return False
        x = st.occ[level][sq][0]
        if x == NONE:
            continue  # slot 0 is filled first (board.occupy): nobody there
        if st.pieces[x].color != side:
            return True
        x = st.occ[level][sq][1]
        if x != NONE and st.pieces[x].color != side:
            return True
    return False


cdef inline bint stun_hits_enemy(State* st, int sq, int dir, int level, int rng, int side,
                                 int ignore) noexcept nogil:
    """Is the first piece at `level` within `rng` squares from `sq` in direction `dir` (piece
    `ignore` aside) not of `side`? A stunner hits only the first square holding a piece at its
    level (R7.3): behind a piece of its own side an enemy is out of its reach, and such a Fire
    would stun its own piece."""
    cdef int k, x, y
    for k in range(rng):
        sq = st.rules.nb[sq][dir]
        if sq == NONE:
            return False
        x = st.occ[level][sq][0]
        y = st.occ[level][sq][1]
        if x == ignore:
            x = y
            y = NONE
        elif y == ignore:
            y = NONE
        if x == NONE:
            continue  # slot 0 is filled first (board.occupy): nobody there (but `ignore`)
        return st.pieces[x].color != side or (y != NONE and st.pieces[y].color != side)
    return False


cdef inline bint aims_at_enemy(State* st, int sq, int dir, int level, int weapon, int rng,
                               int side, int ignore) noexcept nogil:
    """What makes a directional Fire of `weapon` worth searching: a stunner's first piece in
    line is an enemy (stun_hits_enemy); any other weapon has an enemy in line within `rng`."""
    if weapon == A_ST:
        return stun_hits_enemy(st, sq, dir, level, rng, side, ignore)
    return enemy_in_line(st, sq, dir, level, rng, side)


cdef inline int aim_range(Rules* R, int weapon) noexcept nogil:
    """How far the search looks for an enemy in the line of a directional Fire: the flame's and
    the stunner's range, the cannon's one square, a projectile's next few squares."""
    if weapon == A_FL:
        return R.flame_range
    if weapon == A_ST:
        return R.stunner_range
    if weapon == A_CS:
        return 1
    return 4
