# cython: language_level=3
"""The OpenSpiel codec's fast path (wec.openspiel): the ids of the actions of a legal list, read
from the engine's action buffer right after `Engine.legal()`."""
from wec._core.state cimport *
from wec._core.board cimport can_see
from wec._core.engine cimport Engine


cdef int _kind_rank(Piece* p, int kind) noexcept:
    """The rank of an article kind among the distinct kinds a piece carries (by kind)."""
    cdef int i, j, rank = 0
    cdef bint dup
    for i in range(MAX_SLOTS):
        if p.art[i] == 0 or p.art[i] >= kind:
            continue
        dup = False
        for j in range(i):
            if p.art[j] == p.art[i]:
                dup = True
        rank += not dup
    return rank


def codec_twins(Engine engine, int n):
    """Right after engine.legal(): the pieces its actions name that share their level with a
    piece of their side the side to move sees (their codec slot is the rank of their text), as
    {pid: (its brief, the twin's brief)} (briefs as Engine.named_briefs gives them)."""
    cdef int i, k, pid, twin
    cdef Move* m
    cdef int want[2]
    out = {}
    for i in range(min(n, MAX_MOVES)):
        m = &engine.buf[i]
        if m.kind == ACT_END or m.kind == ACT_REINFORCE:
            continue
        want[0] = m.pid
        want[1] = m.target if m.kind == ACT_FIRE or m.kind == ACT_EXCHANGE else NONE
        for k in range(2):
            pid = want[k]
            if pid < 0 or pid in out:
                continue
            twin = _twin(engine.st, pid)
            if twin != NONE:
                out[pid] = (_brief(engine.st, pid), _brief(engine.st, twin))
    return out


cdef tuple _brief(State* st, int pid):
    cdef Piece* p = &st.pieces[pid]
    return (p.type, p.color, p.hand, p.sq, p.level,
            tuple([p.art[j] for j in range(MAX_SLOTS) if p.art[j]]))


def codec_ids(Engine engine, int n, tuple bases, dict slots):
    """Right after engine.legal() (its `n` actions still in the buffer): each action's id in the
    OpenSpiel codec (wec.openspiel; `bases` its kinds' first ids, in its CODEC order; `slots`
    the codec slot of each piece codec_twins() named), or -1 where the Python codec must
    decide (an action it would refuse)."""
    cdef int i, b_end, b_move, b_doze, b_fire, b_at, b_tr, b_pu, b_dr, b_ex, b_re
    cdef int slot, tslot
    cdef Move* m
    cdef long long aid
    cdef Reserve* r
    b_end, b_move, b_doze, b_fire, b_at, b_tr, b_pu, b_dr, b_ex, b_re = bases
    out = []
    for i in range(min(n, MAX_MOVES)):
        m = &engine.buf[i]
        aid = -1
        if m.kind == ACT_END:
            aid = b_end
        elif m.kind == ACT_REINFORCE:
            r = &engine.st.reserves[m.target]
            aid = b_re + (r.sq * N_TYPES + r.type) * 3 + r.hand
        else:
            slot = slots.get(m.pid, 0)
            tslot = slots.get(m.target, 0) if m.target >= 0 else 0
            aid = _codec_id(engine.st, m, slot, tslot, b_move, b_doze, b_fire, b_at, b_tr,
                            b_pu, b_dr, b_ex)
        out.append(aid)
    return out


cdef int _twin(State* st, int pid):
    """The other piece of its side on its level that the side to move sees, or NONE."""
    cdef Piece* p = &st.pieces[pid]
    cdef int k, q
    for k in range(2):
        q = st.occ[p.level][p.sq][k]
        if q != NONE and q != pid and st.pieces[q].color == p.color and \
                (p.color == st.side or can_see(st, st.side, q)):
            return q
    return NONE


cdef long long _codec_id(State* st, Move* m, int slot, int tslot, int b_move, int b_doze,
                         int b_fire, int b_at, int b_tr, int b_pu, int b_dr, int b_ex):
    """The id of one action (its piece's and target's codec slots given); -1: the Python
    codec decides."""
    cdef Piece* p = &st.pieces[m.pid]
    cdef Piece* t
    cdef long long me = (p.sq * 3 + p.level) * 2 + slot
    if m.kind == ACT_MOVE:
        return b_move + ((me * 100 + m.dest) * 3 + m.dlevel) * 2 + (m.passenger >= 0)
    if m.kind == ACT_DOZE:
        if p.level != GROUND:
            return -1
        return b_doze + ((p.sq * 2 + slot) * 8 + m.dir) * 256 + m.group
    if m.kind == ACT_PICKUP:
        return b_pu + me * 18 + m.art - 1
    if m.kind == ACT_DROP:
        return b_dr + me * 18 + m.art - 1
    if m.kind == ACT_FIRE:
        if A_BI <= m.art <= A_SC:
            return b_tr + ((me * 3 + m.art - A_BI) * 100 + m.dest) * 2 + m.path
        if m.target >= 0:
            t = &st.pieces[m.target]
            if not (A_RL <= m.art <= A_TL) or t.level != m.art - A_RL:
                return -1
            return b_at + ((me * 3 + m.art - A_RL) * 100 + t.sq) * 2 + tslot
        if not (A_FL <= m.art <= A_TL):
            return -1
        return b_fire + (me * 6 + m.art - A_FL) * 8 + m.dir
    if m.kind == ACT_EXCHANGE:
        t = &st.pieces[m.target]
        return b_ex + ((((me * 3 + _kind_rank(p, m.art)) * 4
                         + (0 if m.art2 == 0 else 1 + _kind_rank(t, m.art2))) * 100
                        + t.sq) * 3 + t.level) * 2 + tslot
    return -1
