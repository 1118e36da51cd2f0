# cython: language_level=3
"""State primitives: the change trail, the hash, placing and removing pieces, the drop ring."""
from libc.stdint cimport uint64_t
from libc.string cimport memcpy
from wec._core.state cimport *

cdef int trail_grow(State* st) noexcept nogil
cdef void trail_release(TrailSegment* seg) noexcept nogil
cdef void trail_share(State* st) noexcept nogil
cdef void push_frame(State* st) noexcept nogil
cdef void pop_frame(State* st) noexcept nogil
# piece_key: the hash term of a piece as it is. A change of a piece's hashed fields goes
# `st.hash -= key_of(p)`, change, `rehash(st, p)`: Piece.key must stay equal to piece_key
# (Engine.check verifies it), so never `st.hash -= piece_key(p)` around a change
cdef uint64_t piece_key(Piece* p) noexcept nogil
cdef uint64_t article_key(int kind, int sq) noexcept nogil
cdef uint64_t proj_key(Projectile* pr) noexcept nogil
cdef uint64_t state_key(State* st) noexcept nogil
cdef uint64_t reserve_key(State* st, int i) noexcept nogil
cdef void reserve_set(State* st, int i, int* field, int value) noexcept nogil
cdef uint64_t full_hash(State* st) noexcept nogil
cdef void lift_piece(State* st, int pid) noexcept nogil
cdef void place_piece(State* st, int pid, int sq, int level) noexcept nogil
cdef void occupy(State* st, int pid, int sq, int level) noexcept nogil
cdef void remove_piece(State* st, int pid, int cause) noexcept nogil
cdef int drop_article(State* st, int kind, int cool, int centre, int color) noexcept nogil
cdef int is_supported(State* st, int pid) noexcept nogil
cdef void destroy_unsupported(State* st, int sq, int level) noexcept nogil
cdef void set_stun(State* st, int pid, int value) noexcept nogil
cdef void set_color(State* st, int pid, int color) noexcept nogil
cdef void piece_set(State* st, int pid, int* field, int value) noexcept nogil
cdef void turn_set(State* st, int* field, int value) noexcept nogil
cdef void side_set(State* st, int side, int moved) noexcept nogil
cdef int room_for(State* st, int pid, int sq, int level) noexcept nogil
cdef void tally_piece(State* st, Piece* p, int d) noexcept nogil
cdef void tally_count(State* st, Tallies* t) noexcept nogil
cdef void count_due(State* st, int* due) noexcept nogil
cdef void occ_refresh(State* st, int level, int sq) noexcept nogil
cdef void occ_count(State* st, uint64_t* occ_bb) noexcept nogil
cdef void pend_refresh(State* st, int color, int sq) noexcept nogil
cdef void pend_count(State* st, uint64_t* pend_bb) noexcept nogil


cdef inline uint64_t pair(int* two) noexcept nogil:
    """Two neighbouring int fields read as one word (zero when both are)."""
    cdef uint64_t w
    memcpy(&w, two, sizeof(uint64_t))
    return w


cdef inline bint counts_down(Piece* p) noexcept nogil:
    """Has the piece a stun count or a weapon cool-down to count down (R7.3.2, R7.2)?"""
    return (<unsigned int>(p.stun | p.cool[2]) | pair(&p.cool[0]) | pair(&p.icool[A_FL])
            | pair(&p.icool[A_CS]) | pair(&p.icool[A_SL])) != 0


cdef inline bint has_turn_marks(Piece* p) noexcept nogil:
    """Did the piece fire, act, move or take hits this turn (R6.2, R6.3, R9.1, R7.8)?"""
    return (<unsigned int>p.mover | pair(&p.fired) | pair(&p.hits[1]) | pair(&p.hits[3])
            | pair(&p.hits[5])) != 0


cdef inline bint needs_end_turn(Piece* p) noexcept nogil:
    """Has End Turn something to do with the piece (State.due)?"""
    return p.alive and (p.journey or counts_down(p) or has_turn_marks(p))


cdef inline void mark_due(State* st, int pid) noexcept nogil:
    """End Turn must look at the piece: it got a turn mark, a count-down or a journey."""
    cdef unsigned int w = <unsigned int>st.due[pid >> 5], bit = 1u << (pid & 31)
    if not w & bit:
        tset(st, &st.due[pid >> 5], <int>(w | bit))


cdef inline void tset(State* st, int* addr, int value) noexcept nogil:
    """Set one state field, recording its old value on the trail (exact undo)."""
    cdef int i
    if addr[0] == value:
        return
    i = st.trail_len - st.trail_base
    if i < 0 or i == st.trail_cap:
        i = trail_grow(st)
    st.trail[i].off = <int>(addr - <int*>st)
    st.trail[i].old = addr[0]
    st.trail_len += 1
    addr[0] = value


cdef bint visible_to(State* st, int side, int pid) noexcept nogil
cdef bint is_stealthy(State* st, Piece* p) noexcept nogil
cdef void acquire_lock(State* st, int pid, int source) noexcept nogil
cdef void end_lock(State* st, int pid, int source) noexcept nogil
cdef void end_locks_of(State* st, int pid) noexcept nogil
cdef void end_locks_on(State* st, int pid) noexcept nogil
cdef int lose_article(State* st, int pid, int slot) noexcept nogil
cdef int gain_article(State* st, int pid, int kind, int cool) noexcept nogil
cdef void reveal(State* st, int pid) noexcept nogil


cdef inline bint can_see(State* st, int side, int pid) noexcept nogil:
    """Can `side` see piece `pid`? The single visibility predicate of the core (R10)."""
    if st.pieces[pid].color == side or st.rules.all_visible:
        return True
    return visible_to(st, side, pid)


cdef inline int slots_of(State* st, Piece* p) noexcept nogil:
    """R5.1: articles a piece may carry: 1; an XP (inherent box) 2; a piece carrying a box 3."""
    cdef int i
    if st.rules.slots[p.type] == 3:
        return 2
    for i in range(MAX_SLOTS):
        if p.art[i] == A_XXX:
            return 3
    return 1


cdef inline void log_event(State* st, int kind, int pid, int sq, int level, int info,
                           int color) noexcept nogil:
    """Note what an action did, for the facade's game record (not part of the state)."""
    cdef Event* e
    if st.n_ev >= MAX_EVENTS:
        return
    e = &st.ev[st.n_ev]
    e.kind = kind
    e.pid = pid
    e.sq = sq
    e.level = level
    e.info = info
    e.color = color
    st.n_ev += 1


cdef inline int king_dist(int a, int b) noexcept nogil:
    cdef int dr = a // 10 - b // 10
    cdef int dc = a % 10 - b % 10
    if dr < 0:
        dr = -dr
    if dc < 0:
        dc = -dc
    return dr if dr > dc else dc


cdef inline int carried_count(Piece* p) noexcept nogil:
    return (p.art[0] != 0) + (p.art[1] != 0) + (p.art[2] != 0)


cdef inline int cool_sum(Piece* p) noexcept nogil:
    """The count-downs the evaluation charges a piece: its carried articles' and its inherent
    weapons' (only weapons count down, R7.2)."""
    cdef int i, c = (p.icool[A_FL] + p.icool[A_ST] + p.icool[A_CS] + p.icool[A_RL]
                     + p.icool[A_SL] + p.icool[A_TL])
    for i in range(MAX_SLOTS):
        if p.art[i]:
            c += p.cool[i]
    return c


cdef inline void tally_cool(State* st, Piece* p, int before) noexcept nogil:
    """An alive piece's count-downs changed from `before` (the tallies count unstunned ones)."""
    cdef int c
    if p.alive and p.stun <= 0:
        c = cool_sum(p)
        if c != before:
            tset(st, &st.tally.cool[p.color], st.tally.cool[p.color] + c - before)


cdef inline void tally_square(State* st, Piece* p, int sq) noexcept nogil:
    """An alive piece is about to move to `sq` (call before its `sq` changes)."""
    cdef int* on_sq
    if p.alive and p.stun <= 0 and p.sq != sq:
        on_sq = st.tally.on_sq[p.color]
        tset(st, &on_sq[p.sq], on_sq[p.sq] - 1)
        tset(st, &on_sq[sq], on_sq[sq] + 1)


cdef inline uint64_t key_of(Piece* p) noexcept nogil:
    """The piece's key as it was last hashed (Piece.key): what a change takes out of the hash."""
    return pair(p.key)  # key[0] the low word (little-endian, as pair reads two ints)


cdef inline void set_key(State* st, Piece* p, uint64_t k) noexcept nogil:
    tset(st, &p.key[0], <int>(<unsigned int>(k & 0xFFFFFFFFULL)))
    tset(st, &p.key[1], <int>(<unsigned int>(k >> 32)))


cdef inline void rehash(State* st, Piece* p) noexcept nogil:
    """Put the piece's key, as the piece is now, into the hash (after `st.hash -= key_of(p)`
    took the old one out) and keep it in Piece.key."""
    cdef uint64_t k = piece_key(p)
    set_key(st, p, k)
    st.hash += k
