# cython: language_level=3
"""State primitives: the change trail, the hash, placing and removing pieces, the drop ring."""
from libc.stdlib cimport realloc, abort, malloc, free
from libc.stdint cimport uint64_t
from libc.string cimport memset, memcpy
from wec._core.state cimport *

cdef uint64_t GOLDEN = 0x9E3779B97F4A7C15ULL


cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    """splitmix64 finaliser: a well-spread 64-bit hash of an integer."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef int trail_grow(State* st) noexcept nogil:
    """Make room for the next own entry; return its index in `trail`. After an undo below the
    shared entries, the own entries start again at the current length (the shared ones below
    it stay valid)."""
    cdef int cap
    cdef TrailEntry* t
    if st.trail_len < st.trail_base:
        st.trail_base = st.trail_len
    if st.trail_len - st.trail_base == st.trail_cap:
        cap = st.trail_cap * 2 if st.trail_cap else 256
        t = <TrailEntry*>realloc(st.trail, cap * sizeof(TrailEntry))
        if t == NULL:
            abort()
        st.trail = t
        st.trail_cap = cap
    return st.trail_len - st.trail_base


cdef void trail_release(TrailSegment* seg) noexcept nogil:
    """Drop one hold on a shared segment (and on the older ones it frees)."""
    cdef TrailSegment* prev
    while seg != NULL:
        seg.refs -= 1
        if seg.refs > 0:
            return
        prev = seg.prev
        free(seg.entries)
        free(seg)
        seg = prev


cdef void trail_share(State* st) noexcept nogil:
    """Hand the own entries over to a new shared segment (no copy), so that a copy of the state
    can hold them too; the state goes on with an empty own buffer."""
    cdef TrailSegment* seg
    if st.trail_len <= st.trail_base:
        if st.trail_len < st.trail_base:
            st.trail_base = st.trail_len
        return
    seg = <TrailSegment*>malloc(sizeof(TrailSegment))
    if seg == NULL:
        abort()
    seg.entries = st.trail
    seg.start = st.trail_base
    seg.len = st.trail_len - st.trail_base
    seg.prev = st.shared  # the state's hold on it passes to the new segment
    seg.refs = 1
    st.shared = seg
    st.trail = NULL
    st.trail_cap = 0
    st.trail_base = st.trail_len


cdef inline TrailEntry* trail_entry(State* st, int i) noexcept nogil:
    cdef TrailSegment* seg
    if i >= st.trail_base:
        return &st.trail[i - st.trail_base]
    seg = st.shared
    while seg.start > i:
        seg = seg.prev
    return &seg.entries[i - seg.start]


cdef inline void trail_push(State* st, int off, int old) noexcept nogil:
    cdef int i = st.trail_len - st.trail_base
    if i < 0 or i == st.trail_cap:
        i = trail_grow(st)
    st.trail[i].off = off
    st.trail[i].old = old
    st.trail_len += 1


cdef void push_frame(State* st) noexcept nogil:
    """Start an action: a frame mark on the trail holding the hash before it (two entries with
    negative offsets), so that frames are shared with the trail by Engine.copy."""
    trail_push(st, FRAME_HASH_HIGH, <int>(st.hash >> 32))
    trail_push(st, FRAME_HASH_LOW, <int>(st.hash & 0xFFFFFFFFULL))
    st.n_frames += 1


cdef void pop_frame(State* st) noexcept nogil:
    """Undo the last action: restore every recorded field, newest first, down to the action's
    frame mark, and the hash kept in it."""
    cdef TrailEntry* e
    cdef TrailEntry* own = st.trail
    cdef uint64_t low = 0
    cdef int i, off, base = st.trail_base
    cdef int* fields = <int*>st
    if st.n_frames == 0:
        return
    st.n_frames -= 1
    # the own entries first, walked down in place (the frame's mark is mostly among them)
    i = st.trail_len
    while i > base:
        i -= 1
        off = own[i - base].off
        if off >= 0:
            fields[off] = own[i - base].old
        elif off == FRAME_HASH_LOW:
            low = <unsigned int>own[i - base].old
        else:  # FRAME_HASH_HIGH: the mark's first entry
            st.hash = ((<uint64_t><unsigned int>own[i - base].old) << 32) | low
            st.trail_len = i
            return
    st.trail_len = i
    while st.trail_len > 0:  # the rest in shared segments
        st.trail_len -= 1
        e = trail_entry(st, st.trail_len)
        if e.off >= 0:
            (<int*>st)[e.off] = e.old
        elif e.off == FRAME_HASH_LOW:
            low = <unsigned int>e.old
        else:  # FRAME_HASH_HIGH: the mark's first entry
            st.hash = ((<uint64_t><unsigned int>e.old) << 32) | low
            return


cdef uint64_t piece_key(Piece* p) noexcept nogil:
    """Hash of one piece: type, colour, hand, square, level, articles, stun, home, journey."""
    cdef uint64_t h, arts = 0
    cdef int i
    if not p.alive:
        return 0
    for i in range(MAX_SLOTS):  # the slot order decides the drop order (R7.3.3): hashed
        if p.art[i]:
            arts += mix64(<uint64_t>(p.art[i] * 64 + p.cool[i] + 1 + i * 8192) * GOLDEN)
    if pair(&p.icool[A_FL]) | pair(&p.icool[A_CS]) | pair(&p.icool[A_SL]):
        # (most pieces have no count-down: one test for them, the six weapons read as 3 words)
        for i in range(A_FL, A_TL + 1):  # only weapons count down (R7.2): icool is 0 elsewhere
            if p.icool[i]:
                arts += mix64(<uint64_t>(5000 + i * 64 + p.icool[i]) * GOLDEN)
    h = <uint64_t>p.type
    h = h * 2 + <uint64_t>p.color
    h = h * 3 + <uint64_t>p.hand
    h = h * 101 + <uint64_t>(p.sq + 1)
    h = h * 3 + <uint64_t>p.level
    h = h * 256 + <uint64_t>p.stun
    h = h * 2 + <uint64_t>p.home
    h = h * 2 + <uint64_t>p.fired
    h = h * 2 + <uint64_t>p.acted
    h = h * 2 + <uint64_t>p.mover
    h = h * 2 + <uint64_t>p.held
    h = h * 16
    if (pair(&p.lock[0]) & pair(&p.lock[2])) != <uint64_t>0xFFFFFFFFFFFFFFFFULL:
        # some lock-on (NONE is -1: no lock-on at all is all ones)
        h += <uint64_t>((p.lock[0] != NONE) + 2 * (p.lock[1] != NONE)
                        + 4 * (p.lock[2] != NONE) + 8 * (p.lock[3] != NONE))
    h = h * 8 + <uint64_t>p.locked
    if p.revealed:
        arts += mix64(<uint64_t>(11000 + p.revealed) * GOLDEN)
    if p.journey:
        arts += mix64(<uint64_t>(9000 + p.jkind * 100000 + p.jdest * 1000 + p.jpath * 10
                                 + p.jlevel) * GOLDEN)
    if pair(&p.hits[1]) | pair(&p.hits[3]) | pair(&p.hits[5]):  # hits[1..6] as 3 words
        for i in range(1, 7):
            if p.hits[i]:
                arts += mix64(<uint64_t>(7000 + i * 256 + p.hits[i]) * GOLDEN)
    return mix64(h * GOLDEN + arts)


cdef uint64_t article_key(int kind, int sq) noexcept nogil:
    return mix64(<uint64_t>(1000003 + kind * 128 + sq) * GOLDEN)


cdef uint64_t proj_key(Projectile* pr) noexcept nogil:
    if pr.kind == 0:
        return 0
    # the target enters only as "homing or not": the hash must not depend on piece numbering
    return mix64((<uint64_t>(3000017 + pr.kind) * 128 + <uint64_t>pr.sq) * 8192
                 + <uint64_t>(pr.level * 2048 + (pr.dir + 1) * 128 + pr.strength * 2
                              + (pr.target != NONE)) + <uint64_t>pr.owner * GOLDEN)


cdef uint64_t reserve_key(State* st, int i) noexcept nogil:
    """Hash of one reserve's armed and entered marks (kept apart from state_key, so that arming
    one reserve does not rehash them all)."""
    return mix64(<uint64_t>(2000003 + i * 4 + st.reserves[i].armed * 2
                            + st.reserves[i].entered) * GOLDEN)


cdef void reserve_set(State* st, int i, int* field, int value) noexcept nogil:
    """Change a reserve's armed or entered mark, keeping the hash and State.pend_bb."""
    if field[0] == value:
        return
    st.hash -= reserve_key(st, i)
    tset(st, field, value)
    st.hash += reserve_key(st, i)
    pend_refresh(st, st.reserves[i].color, st.reserves[i].sq)


cdef inline void word_set(State* st, uint64_t* w, uint64_t value) noexcept nogil:
    """Set a trailed 64-bit word: the trail records ints, so each half that changes is one entry."""
    cdef int halves[2]
    cdef int* h = <int*>w
    memcpy(halves, &value, sizeof(uint64_t))
    tset(st, &h[0], halves[0])
    tset(st, &h[1], halves[1])


cdef inline void bit_set(State* st, uint64_t* w, uint64_t bit, bint on) noexcept nogil:
    cdef uint64_t v = (w[0] & ~bit) | (bit if on else 0)
    if v != w[0]:
        word_set(st, w, v)


cdef void occ_refresh(State* st, int level, int sq) noexcept nogil:
    """State.occ_bb at one square and level, from its occupancy as it now is."""
    cdef int w = 2 * level + (sq >> 6), x, i, c
    cdef uint64_t bit = (<uint64_t>1) << (sq & 63)
    cdef int n[2], co[2]  # per colour (BLACK 0, WHITE 1): pieces there, one of them coexists
    cdef int* coexist = st.rules.coexist
    cdef Piece* p
    n[0] = n[1] = co[0] = co[1] = 0
    for i in range(2):
        x = st.occ[level][sq][i]
        if x == NONE:
            break  # slot 0 is filled first
        p = &st.pieces[x]
        n[p.color] += 1
        co[p.color] |= coexist[p.type]
    for c in range(2):
        bit_set(st, &st.occ_bb[c][w], bit, n[c] != 0)
        bit_set(st, &st.occ_bb[c][6 + w], bit, n[c] == 2)
        bit_set(st, &st.occ_bb[c][12 + w], bit, co[c] != 0)


cdef void occ_count(State* st, uint64_t* occ_bb) noexcept nogil:
    """State.occ_bb counted from the occupancy (`occ_bb`: 2 x 18 words)."""
    cdef int lvl, s, i, x, c, w, n[2], coexist[2]
    cdef uint64_t bit
    for i in range(36):
        occ_bb[i] = 0
    for lvl in range(N_LEVELS):
        for s in range(N_SQ):
            w = 2 * lvl + (s >> 6)
            bit = (<uint64_t>1) << (s & 63)
            n[0] = n[1] = coexist[0] = coexist[1] = 0
            for i in range(2):
                x = st.occ[lvl][s][i]
                if x != NONE:
                    c = st.pieces[x].color
                    n[c] += 1
                    if st.rules.coexist[st.pieces[x].type]:
                        coexist[c] = 1
            for c in range(2):
                if n[c]:
                    occ_bb[18 * c + w] |= bit
                if n[c] == 2:
                    occ_bb[18 * c + 6 + w] |= bit
                if coexist[c]:
                    occ_bb[18 * c + 12 + w] |= bit


cdef inline bint pending_at(State* st, int color, int sq) noexcept nogil:
    cdef int i
    cdef Reserve* r
    for i in range(st.n_reserves):
        r = &st.reserves[i]
        if r.color == color and r.sq == sq and not (r.armed | r.entered):
            return True
    return False


cdef void pend_refresh(State* st, int color, int sq) noexcept nogil:
    """State.pend_bb at one square for one colour, from the reserves as they now are."""
    bit_set(st, &st.pend_bb[color][sq >> 6], (<uint64_t>1) << (sq & 63),
            pending_at(st, color, sq))


cdef void pend_count(State* st, uint64_t* pend_bb) noexcept nogil:
    """State.pend_bb counted from the reserves (`pend_bb`: 2 x 2 words)."""
    cdef int i
    cdef Reserve* r
    for i in range(4):
        pend_bb[i] = 0
    for i in range(st.n_reserves):
        r = &st.reserves[i]
        if not (r.armed | r.entered) and 0 <= r.sq < N_SQ:
            pend_bb[2 * r.color + (r.sq >> 6)] |= (<uint64_t>1) << (r.sq & 63)


cdef inline uint64_t side_term(State* st) noexcept nogil:
    """state_key's term of the side to move and its Move made."""
    return mix64(<uint64_t>(7 + st.side * 2 + st.moved) * GOLDEN)


cdef inline uint64_t actions_term(State* st) noexcept nogil:
    """state_key's term of the turn's actions so far."""
    return mix64(<uint64_t>(11 + st.n_fires * 2 + st.did_pickup * 8 + st.did_drop * 16
                            + st.did_exchange * 32 + st.did_reinforce * 64 + st.violent * 4)
                 * GOLDEN)


cdef uint64_t state_key(State* st) noexcept nogil:
    """Hash of the turn state: side to move, the turn's actions so far, quiet turns."""
    cdef uint64_t h = side_term(st)
    h += actions_term(st)
    h += mix64(<uint64_t>(13 + st.quiet) * 0x9E3779B1ULL)
    if st.primary_lost[0] or st.primary_lost[1]:  # decides R11.1 at End Turn
        h += mix64(<uint64_t>(17 + st.primary_lost[0] * 64 + st.primary_lost[1]) * GOLDEN)
    return h


cdef uint64_t full_hash(State* st) noexcept nogil:
    """The hash recomputed from scratch (the checker compares it with the incremental one)."""
    cdef uint64_t h = state_key(st)
    cdef int i, s
    for i in range(st.n_reserves):
        h += reserve_key(st, i)
    for i in range(st.n_pieces):
        h += piece_key(&st.pieces[i])
    for s in range(N_SQ):
        for i in range(2):
            if st.gart[s][i]:
                h += article_key(st.gart[s][i], s)
    for i in range(MAX_PROJECTILES):
        h += proj_key(&st.proj[i])
    return h


cdef void lift_piece(State* st, int pid) noexcept nogil:
    """Take a piece out of its occupancy slot (it keeps its square until placed)."""
    cdef Piece* p = &st.pieces[pid]
    cdef int* slot = st.occ[p.level][p.sq]
    if slot[0] == pid:  # the other occupant, if any, moves up: slot 0 is filled first
        tset(st, &slot[0], slot[1])
        tset(st, &slot[1], NONE)
    elif slot[1] == pid:
        tset(st, &slot[1], NONE)
    else:
        return
    occ_refresh(st, p.level, p.sq)


cdef void place_piece(State* st, int pid, int sq, int level) noexcept nogil:
    """Put a lifted piece on `sq` at `level` (the caller checked capacity)."""
    cdef Piece* p = &st.pieces[pid]
    cdef int* slot = st.occ[level][sq]
    st.hash -= key_of(p)
    tally_square(st, p, sq)
    tset(st, &p.sq, sq)
    tset(st, &p.level, level)
    rehash(st, p)
    occupy(st, pid, sq, level)


cdef void occupy(State* st, int pid, int sq, int level) noexcept nogil:
    """Enter `pid` in the occupancy of that level of that square, in the canonical order (lower
    piece id first, slot 0 filled first): the order decides which of two pieces a hit reaches
    first, and a copy by position numbers pieces in the same relative order."""
    cdef int* slot = st.occ[level][sq]
    if slot[0] == NONE:
        tset(st, &slot[0], pid)
    elif slot[0] < pid:
        tset(st, &slot[1], pid)
    else:
        tset(st, &slot[1], slot[0])
        tset(st, &slot[0], pid)
    occ_refresh(st, level, sq)


cdef int drop_article(State* st, int kind, int cool, int centre, int color) noexcept nogil:
    """R7.3.3 drop ring: put an article on the first square with fewer than 2 articles.

    The search is seen from `color`'s side. Returns the square, NONE if the board is full.
    """
    cdef Rules* R = st.rules
    cdef int i, s
    for i in range(R.ring_len):
        s = R.ring[color][centre][i]
        if s == NONE:
            continue
        if st.gart[s][0] == 0:
            tset(st, &st.gart[s][0], kind)
            tset(st, &st.gcool[s][0], cool)
            st.hash += article_key(kind, s)
            return s
        if st.gart[s][1] == 0:
            tset(st, &st.gart[s][1], kind)
            tset(st, &st.gcool[s][1], cool)
            st.hash += article_key(kind, s)
            return s
    return NONE


cdef void remove_piece(State* st, int pid, int cause) noexcept nogil:
    """Capture or destroy a piece: its articles drop by the ring (R4.2.4); note a lost primary.

    `cause` is the weapon kind that destroyed it, 0 for a capture by moving or a fall.
    """
    cdef Piece* p = &st.pieces[pid]
    cdef int i, sq = p.sq
    log_event(st, EV_REMOVED, pid, sq, p.level, cause, p.color)
    turn_set(st, &st.violent, 1)
    end_locks_of(st, pid)
    lift_piece(st, pid)
    st.hash -= key_of(p)
    if p.alive:
        tally_piece(st, p, -1)
    for i in range(MAX_SLOTS):
        if p.art[i]:
            drop_article(st, p.art[i], p.cool[i], sq, p.color)
            tset(st, &p.art[i], 0)
            tset(st, &p.cool[i], 0)
    tset(st, &p.alive, 0)
    set_key(st, p, 0)  # (piece_key of a piece not alive)
    tset(st, &p.sq, NONE)
    if st.rules.role[p.type] == 1:
        turn_set(st, &st.primary_lost[p.color], st.primary_lost[p.color] + 1)


cdef int is_supported(State* st, int pid) noexcept nogil:
    """R3.4: may this piece be at its level? (Ground, its natural level, or with a carrier.)"""
    cdef Piece* p = &st.pieces[pid]
    cdef Rules* R = st.rules
    cdef Piece* q
    cdef int other, i
    if p.level == GROUND or R.natural[p.type] == p.level or p.journey or p.held:
        return 1
    for i in range(2):
        other = st.occ[p.level][p.sq][i]
        if other != NONE and other != pid:
            q = &st.pieces[other]
            if q.color == p.color and R.carry[q.type] and R.natural[q.type] == p.level:
                return 1
    return 0


cdef void destroy_unsupported(State* st, int sq, int level) noexcept nogil:
    """R3.4: pieces left at Air/Sub without support fall or drown (are destroyed)."""
    cdef int i, pid
    cdef int here[2]
    if level == GROUND:
        return
    here[0] = st.occ[level][sq][0]  # read first: a removal moves the other occupant up
    here[1] = st.occ[level][sq][1]
    for i in range(2):
        pid = here[i]
        if pid != NONE and st.pieces[pid].alive and not is_supported(st, pid):
            remove_piece(st, pid, CAUSE_FALL)


cdef void piece_set(State* st, int pid, int* field, int value) noexcept nogil:
    """Change one field of a piece, keeping the hash."""
    cdef Piece* p = &st.pieces[pid]
    if field[0] == value:
        return
    st.hash -= key_of(p)
    tset(st, field, value)
    rehash(st, p)


cdef void turn_set(State* st, int* field, int value) noexcept nogil:
    """Change one turn-state field (hashed by state_key), keeping the hash: a field of the
    turn's actions changes only that term of state_key."""
    if field[0] == value:
        return
    if field == &st.n_fires or field == &st.did_pickup or field == &st.did_drop or \
            field == &st.did_exchange or field == &st.did_reinforce or field == &st.violent:
        st.hash -= actions_term(st)
        tset(st, field, value)
        st.hash += actions_term(st)
        return
    st.hash -= state_key(st)
    tset(st, field, value)
    st.hash += state_key(st)


cdef void side_set(State* st, int side, int moved) noexcept nogil:
    """Set the side to move and whether its Move is made, keeping the hash (state_key's term
    of the two alone changes)."""
    st.hash -= side_term(st)
    tset(st, &st.side, side)
    tset(st, &st.moved, moved)
    st.hash += side_term(st)


cdef void set_stun(State* st, int pid, int value) noexcept nogil:
    set_tallied(st, pid, &st.pieces[pid].stun, value)
    if value:
        mark_due(st, pid)


cdef void set_color(State* st, int pid, int color) noexcept nogil:
    cdef Piece* p = &st.pieces[pid]
    set_tallied(st, pid, &p.color, color)
    if p.alive and 0 <= p.sq < N_SQ:
        occ_refresh(st, p.level, p.sq)  # (of a lifted piece: the square's boards as they are)


cdef void set_tallied(State* st, int pid, int* field, int value) noexcept nogil:
    """Change a field the evaluation's tallies depend on (stun, colour), keeping them."""
    cdef Piece* p = &st.pieces[pid]
    if field[0] == value:
        return
    if p.alive:
        tally_piece(st, p, -1)
    piece_set(st, pid, field, value)
    if p.alive:
        tally_piece(st, p, 1)


cdef void tally_piece(State* st, Piece* p, int d) noexcept nogil:
    """Add (d = 1) or take out (d = -1) an alive piece's share of the evaluation's tallies."""
    cdef Tallies* t = &st.tally
    cdef int i, c = p.color, cs
    if p.stun > 0:
        i = <int>(p - st.pieces)
        tset(st, &t.stunned[i >> 5], <int>(<unsigned int>t.stunned[i >> 5] ^ (1u << (i & 31))))
        return
    tset(st, &t.types[c][p.type], t.types[c][p.type] + d)
    for i in range(MAX_SLOTS):
        if p.art[i]:
            tset(st, &t.arts[c][p.art[i]], t.arts[c][p.art[i]] + d)
    cs = cool_sum(p)
    if cs:
        tset(st, &t.cool[c], t.cool[c] + d * cs)
    tset(st, &t.on_sq[c][p.sq], t.on_sq[c][p.sq] + d)


cdef void count_due(State* st, int* due) noexcept nogil:
    """State.due recounted: the bits of exactly the pieces End Turn must look at."""
    cdef int pid
    for pid in range(20):
        due[pid] = 0
    for pid in range(st.n_pieces):
        if needs_end_turn(&st.pieces[pid]):
            due[pid >> 5] = <int>(<unsigned int>due[pid >> 5] | (1u << (pid & 31)))


cdef void tally_count(State* st, Tallies* t) noexcept nogil:
    """The tallies recounted from the pieces (the loader sets them, the checker compares)."""
    cdef int pid, i, c
    cdef Piece* p
    memset(t, 0, sizeof(Tallies))
    for pid in range(st.n_pieces):
        p = &st.pieces[pid]
        if st.rules.role[p.type] == 1:
            t.primary[t.n_primary] = pid
            t.n_primary += 1
        if not p.alive:
            continue
        if p.stun > 0:
            t.stunned[pid >> 5] = <int>(<unsigned int>t.stunned[pid >> 5] | (1u << (pid & 31)))
            continue
        c = p.color
        t.types[c][p.type] += 1
        for i in range(MAX_SLOTS):
            if p.art[i]:
                t.arts[c][p.art[i]] += 1
        t.cool[c] += cool_sum(p)
        t.on_sq[c][p.sq] += 1


cdef int room_for(State* st, int pid, int sq, int level) noexcept nogil:
    """R3.1/R3.2: could piece `pid` stand at `sq`/`level` as things are (no capture)?"""
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[pid]
    cdef int i, x, n = 0, other = NONE
    for i in range(2):
        x = st.occ[level][sq][i]
        if x != NONE and x != pid:
            n += 1
            other = x
    if n == 0:
        return 1
    if n == 2 or st.pieces[other].color != p.color:
        return 0
    return R.coexist[p.type] or R.coexist[st.pieces[other].type]


# --- visibility (R10) ------------------------------------------------------------------------------

cdef bint is_stealthy(State* st, Piece* p) noexcept nogil:
    """R10.1: Stealth, inherent (SHP, AAA) or carried."""
    return (st.rules.inherent[p.type][A_SH] or p.art[0] == A_SH or p.art[1] == A_SH
            or p.art[2] == A_SH)


cdef inline bint holds(State* st, Piece* p, int kind) noexcept nogil:
    return (st.rules.inherent[p.type][kind] or p.art[0] == kind or p.art[1] == kind
            or p.art[2] == kind)


cdef bint near_holder(State* st, int side, int sq, int kind, int rng) noexcept nogil:
    """Is a piece of `side` holding `kind` (inherent or carried) within `rng` king steps?"""
    cdef int i
    cdef Piece* q
    for i in range(st.n_pieces):
        q = &st.pieces[i]
        if q.alive and q.color == side and king_dist(q.sq, sq) <= rng and holds(st, q, kind):
            return True
    return False


cdef bint neutralised(State* st, int side, int pid) noexcept nogil:
    """R10.2, R10.3: a stealthy piece's stealth is neutralised for `side`."""
    cdef Piece* p = &st.pieces[pid]
    if p.locked > 0:
        return True
    return st.rules.range_detection and near_holder(st, side, p.sq, A_ASH, st.rules.detect_range)


cdef bint visible_to(State* st, int side, int pid) noexcept nogil:
    """R10.1-R10.5 for an enemy piece of `side` (the options allow hiding)."""
    cdef Piece* p = &st.pieces[pid]
    cdef bint stealthy
    if p.revealed >= st.turn:
        return True
    stealthy = is_stealthy(st, p)
    if p.level == SUB:
        if not near_holder(st, side, p.sq, A_TL, st.rules.sonar_range):
            return False  # R10.4: submerged and out of every sonar
        if not stealthy or not st.rules.stealth_dominates:
            return True
    elif not stealthy:
        return True
    return neutralised(st, side, pid)


cdef void reveal(State* st, int pid) noexcept nogil:
    """R10.5: a hidden piece that fires or captures is visible until the end of the opponent's
    next turn."""
    cdef Piece* p = &st.pieces[pid]
    if st.rules.all_visible or p.revealed > st.turn or visible_to(st, 1 - p.color, pid):
        return
    piece_set(st, pid, &p.revealed, st.turn + 1)


cdef void acquire_lock(State* st, int pid, int source) noexcept nogil:
    """R10.2: an Anti-Stealth that a piece gets locks on the nearest currently invisible enemy
    stealthy piece (king distance; ties: lower row, then column, as the locker's owner counts)."""
    cdef Piece* p = &st.pieces[pid]
    cdef Piece* q
    cdef int i, best = NONE, best_key = 1 << 30, key, row, col
    if not st.rules.lock_on or st.rules.all_visible:
        return
    for i in range(st.n_pieces):
        q = &st.pieces[i]
        if not q.alive or q.color == p.color or not is_stealthy(st, q):
            continue
        if visible_to(st, p.color, i):
            continue
        row = q.sq // 10 if p.color == WHITE else 9 - q.sq // 10
        col = q.sq % 10 if p.color == WHITE else 9 - q.sq % 10
        key = king_dist(p.sq, q.sq) * 10000 + row * 100 + col
        if key < best_key:
            best_key = key
            best = i
    if best != NONE:
        piece_set(st, pid, &p.lock[source], best)
        piece_set(st, best, &st.pieces[best].locked, st.pieces[best].locked + 1)


cdef void end_lock(State* st, int pid, int source) noexcept nogil:
    """The lock of one Anti-Stealth ends (R10.2)."""
    cdef Piece* p = &st.pieces[pid]
    cdef int target = p.lock[source]
    if target == NONE:
        return
    piece_set(st, pid, &p.lock[source], NONE)
    piece_set(st, target, &st.pieces[target].locked, st.pieces[target].locked - 1)


cdef void end_locks_of(State* st, int pid) noexcept nogil:
    """Every lock held by or on this piece ends (it is destroyed or converted)."""
    cdef int k
    for k in range(4):
        end_lock(st, pid, k)
    end_locks_on(st, pid)


cdef void end_locks_on(State* st, int pid) noexcept nogil:
    """Every lock on this piece ends (it lost its stealth, or is gone)."""
    cdef int i, k
    if st.pieces[pid].locked == 0:
        return
    for i in range(st.n_pieces):
        for k in range(4):
            if st.pieces[i].lock[k] == pid:
                end_lock(st, i, k)


cdef int lose_article(State* st, int pid, int slot) noexcept nogil:
    """Take the article out of a slot; its lock ends if it is an Anti-Stealth, and the piece's
    locks end if it loses its stealth (R10.2). Returns the kind (the caller reads its count-down
    first). The later slots move up with their count-downs and locks: slots stay packed, so the
    slot order (the drop order, R7.3.3) is what the position writes and the hash counts."""
    cdef Piece* p = &st.pieces[pid]
    cdef int kind = p.art[slot], i
    cdef int before = cool_sum(p)
    if kind == A_ASH:
        end_lock(st, pid, 1 + slot)
    st.hash -= key_of(p)
    if kind and p.alive and p.stun <= 0:
        tset(st, &st.tally.arts[p.color][kind], st.tally.arts[p.color][kind] - 1)
    for i in range(slot, MAX_SLOTS - 1):
        tset(st, &p.art[i], p.art[i + 1])
        tset(st, &p.cool[i], p.cool[i + 1])
        tset(st, &p.lock[1 + i], p.lock[2 + i])
    tset(st, &p.art[MAX_SLOTS - 1], 0)
    tset(st, &p.cool[MAX_SLOTS - 1], 0)
    tset(st, &p.lock[MAX_SLOTS], NONE)
    rehash(st, p)
    tally_cool(st, p, before)
    if kind == A_SH and not is_stealthy(st, p):
        end_locks_on(st, pid)
    return kind


cdef int gain_article(State* st, int pid, int kind, int cool) noexcept nogil:
    """Put an article in the first free slot; a new Anti-Stealth locks on (R10.2)."""
    cdef Piece* p = &st.pieces[pid]
    cdef int i
    for i in range(MAX_SLOTS):
        if p.art[i] == 0:
            st.hash -= key_of(p)
            if p.alive and p.stun <= 0:
                tset(st, &st.tally.arts[p.color][kind], st.tally.arts[p.color][kind] + 1)
                if cool:
                    tset(st, &st.tally.cool[p.color], st.tally.cool[p.color] + cool)
            tset(st, &p.art[i], kind)
            tset(st, &p.cool[i], cool)
            rehash(st, p)
            if cool:
                mark_due(st, pid)
            if kind == A_ASH:
                acquire_lock(st, pid, 1 + i)
            return i
    return NONE
