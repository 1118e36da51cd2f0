# cython: language_level=3
"""Legal action generation (R4, R6.1): Moves, Dozes and End Turn.

The generator walks the compiled path tables (wec.rules -> Rules); it never branches on a piece
name. `out` may be NULL to count only; `limit` stops early (has_move).
"""
from libc.stdint cimport uint64_t
from libc.string cimport memset, memcpy

cdef extern from *:  # popcount: one instruction with -mpopcnt (setup.py); ctz: bsf/tzcnt always
    int __builtin_popcount(unsigned int x) nogil
    int __builtin_popcountll(unsigned long long x) nogil
    int ctz "__builtin_ctz"(unsigned int x) nogil
    int ctzll "__builtin_ctzll"(unsigned long long x) nogil
    void prefetch "__builtin_prefetch"(const void* addr) nogil
from wec._core.state cimport *
from wec._core.board cimport can_see, visible_to
from wec._core.gen cimport Gen, full, emit, twin_of, same_text
from wec._core.dozes cimport gen_dozes

cdef inline bint surely_visible(State* st, Piece* p) noexcept nogil:
    """R10: an enemy above the Sub level without stealth is never hidden (visible_to's first
    cases, without the call)."""
    return p.level != SUB and not (st.rules.inherent[p.type][A_SH] or p.art[0] == A_SH
                                   or p.art[1] == A_SH or p.art[2] == A_SH)


cdef inline void seen_enemies(State* st, int side, uint64_t* enemy) noexcept nogil:
    """The squares where `side` sees an enemy, per level (sight_blockers' layout): every enemy
    with the invisible pieces option off (State.occ_bb), else each one's visibility decided once
    (R10)."""
    cdef int pid, i
    cdef Piece* p
    if st.rules.all_visible:
        for i in range(2 * N_LEVELS):
            enemy[i] = st.occ_bb[1 - side][i]
        return
    for i in range(2 * N_LEVELS):
        enemy[i] = 0
    for pid in range(st.n_pieces):
        p = &st.pieces[pid]
        if p.alive and p.color != side and (surely_visible(st, p) or visible_to(st, side, pid)):
            enemy[2 * p.level + (p.sq >> 6)] |= (<uint64_t>1) << (p.sq & 63)


cdef inline void sight_blockers(State* st, int side, uint64_t* block) noexcept nogil:
    """R4.2: the squares where a piece `side` can see stands, per level (block[2 * level] and
    block[2 * level + 1]: squares 0-63 and 64-99). Built once per generation, so that a path is
    tested with one AND (Rules.path_block) and each enemy's visibility is decided once."""
    cdef int i
    seen_enemies(st, side, block)
    for i in range(2 * N_LEVELS):
        block[i] |= st.occ_bb[side][i]


cdef inline void count_boards(State* st, int side, uint64_t* b) noexcept nogil:
    """What counting Moves needs, per level in sight_blockers' layout (6 words each): b[0:6] the
    sight blockers; b[6:12] squares with a seen enemy and no own piece; b[12:18] squares with
    exactly one own piece and no seen enemy; b[18:24] those of them whose piece coexists (R2.2).
    With these, count_dests judges every destination as dest_ok would, by popcount."""
    cdef int i
    cdef uint64_t f1, own1
    cdef uint64_t enemy[6]
    cdef uint64_t* own = st.occ_bb[side]
    seen_enemies(st, side, enemy)
    for i in range(2 * N_LEVELS):
        own1 = own[i]
        f1 = own1 & ~own[6 + i] & ~enemy[i]
        b[i] = own1 | enemy[i]
        b[6 + i] = enemy[i] & ~own1
        b[12 + i] = f1
        b[18 + i] = f1 & own[12 + i]


cdef bint dest_ok(State* st, Piece* p, int passenger, int sq, int level, int mode,
                  int combat) noexcept nogil:
    """R4.2.1, R4.2.2, R3.1, R3.2: may `p` (with `passenger`) end at `sq`/`level`?"""
    cdef Rules* R = st.rules
    cdef int i, x, n_enemy = 0, n_friend = 0, friend = NONE
    for i in range(2):
        x = st.occ[level][sq][i]
        if x == NONE:
            continue
        if st.pieces[x].color == p.color:
            n_friend += 1
            friend = x
        elif can_see(st, p.color, x):
            n_enemy += 1
        # an enemy the mover cannot see blocks nothing in the list (R10.7); met on execution
    if n_enemy:
        if n_friend or not combat:  # a mixed pair is never entered (R3.2)
            return False
        if passenger != NONE and not R.carry_capture[p.type]:
            return False
    elif mode == MODE_CAPTURE_ONLY:
        return False
    if n_friend:
        if passenger != NONE or n_friend == 2:
            return False
        if not (R.coexist[p.type] or R.coexist[st.pieces[friend].type]):
            return False
    return True


cdef inline bint may_carry(State* st, int q, int level) noexcept nogil:
    """R2.3, R3.4: may passenger `q` be taken to `level`?"""
    return level == GROUND or st.rules.primary_may_fly or st.rules.role[st.pieces[q].type] != 1


cdef inline void gen_to(State* st, Gen* g, int pid, int passenger, int dest, int level, int mode,
                        int combat, int path, uint64_t* block) noexcept nogil:
    """Emit the move to `dest`/`level`, alone and with the passenger, where legal (with
    `g.captures`, only where an enemy piece stands, hidden or not)."""
    cdef Piece* p = &st.pieces[pid]
    if g.captures and not (g.enemy[2 * level + (dest >> 6)] >> (dest & 63)) & 1:
        return
    if not (block[2 * level + (dest >> 6)] >> (dest & 63)) & 1:
        # nothing the mover sees stands there (a hidden enemy is met on execution, R10.7)
        if mode != MODE_CAPTURE_ONLY:
            emit(g, ACT_MOVE, pid, dest, level, NONE, path, 0, NONE, 0, 0, NONE)
            if passenger != NONE and may_carry(st, passenger, level):
                emit(g, ACT_MOVE, pid, dest, level, passenger, path, 0, NONE, 0, 0, NONE)
        return
    if dest_ok(st, p, NONE, dest, level, mode, combat):
        emit(g, ACT_MOVE, pid, dest, level, NONE, path, 0, NONE, 0, 0, NONE)
    if passenger != NONE and may_carry(st, passenger, level) and \
            dest_ok(st, p, passenger, dest, level, mode, combat):
        emit(g, ACT_MOVE, pid, dest, level, passenger, path, 0, NONE, 0, 0, NONE)


cdef void gen_paths(State* st, Gen* g, int pid, int passenger, uint64_t* block) noexcept nogil:
    """Walk the piece's path table from its square (R4.3-R4.10)."""
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[pid]
    cdef int t = p.type, lvl = p.level
    cdef int plev = R.path_level[t][lvl]
    cdef int mask = R.dest_mask[t][lvl]
    cdef int ps, start, end, k, dest, dl, m
    cdef uint64_t seen[2]
    cdef uint64_t want[2]
    cdef PathInfo* pi
    cdef uint64_t b0, b1
    if plev == NONE:
        return
    b0 = block[2 * plev]
    b1 = block[2 * plev + 1]
    seen[0] = seen[1] = 0
    if g.captures:  # only destinations where an enemy stands at a level the paths may end at
        want[0] = want[1] = 0
        m = mask
        while m:
            dl = (m & -m) >> 1
            m &= m - 1
            want[0] |= g.enemy[2 * dl]
            want[1] |= g.enemy[2 * dl + 1]
        if not (want[0] | want[1]):
            return
    ps = R.psid[t][p.hand][p.color]
    if g.captures and not ((R.pset_count[ps * N_SQ + p.sq].dests[0] & want[0])
                           | (R.pset_count[ps * N_SQ + p.sq].dests[1] & want[1])):
        return  # no destination of its paths holds an enemy
    start = R.pset_start[ps * N_SQ + p.sq]
    end = R.pset_end[ps * N_SQ + p.sq]
    for k in range(start, end):
        pi = &R.path_info[k]
        dest = pi.dest
        if g.captures and not (want[dest >> 6] >> (dest & 63)) & 1:
            continue  # no Move to make there: its `seen` mark below would change nothing
        if (pi.block[0] & b0) | (pi.block[1] & b1):
            continue  # R4.2: a piece the mover sees stands on the way
        # one action per destination: a second path to it adds nothing (R4.7, R4.8)
        if (pi.home and not p.home) or (seen[dest >> 6] >> (dest & 63)) & 1:
            continue
        seen[dest >> 6] |= (<uint64_t>1) << (dest & 63)
        m = mask
        while m:
            dl = (m & -m) >> 1  # level bits 1, 2, 4 -> levels 0, 1, 2
            m &= m - 1
            gen_to(st, g, pid, passenger, dest, dl, pi.mode, pi.combat, k, block)
        if full(g):
            return


ctypedef struct Counting:
    # What count_dests needs of the piece being counted, worked out once per piece
    int two_lv      # bit l: at level l each free destination counts twice (alone and with the
                    # passenger, may_carry)
    int cap_two_lv  # bit l: ... and so does each capture (the piece captures carrying, R4.2.2)
    int friends     # count_boards' offset of the squares with a friend it may join (R2.2)


cdef inline void counting_of(State* st, Piece* p, int passenger, Counting* c) noexcept nogil:
    cdef Rules* R = st.rules
    cdef int dl
    c.two_lv = 0
    if passenger != NONE:
        for dl in range(N_LEVELS):
            if may_carry(st, passenger, dl):
                c.two_lv |= 1 << dl
    c.cap_two_lv = c.two_lv if R.carry_capture[p.type] else 0
    c.friends = 12 if R.coexist[p.type] else 18


cdef inline int count_dests(Counting* c, int mask, int cls, uint64_t d0, uint64_t d1,
                            uint64_t* b) noexcept nogil:
    """The Moves to destinations `d0`/`d1` (squares 0-63, 64-99) of one path class at each level
    of `mask`, as gen_to and dest_ok judge them, counted on count_boards' boards `b`: an empty
    square (of what the mover sees) takes the piece alone and with its passenger; a square with
    a seen enemy and no friend is a capture on a combat path (with the passenger only if the
    piece may capture carrying, R4.2.2); a square with one friend takes the piece alone where
    either coexists (R2.2, R3.1); anything else is never entered (R3.2)."""
    cdef int dl, lo, n = 0, e
    cdef int friends = c.friends
    cdef bint moves = (cls >> 1) != MODE_CAPTURE_ONLY, combat = cls & 1
    while mask:
        dl = ctz(mask)  # level bits 1, 2, 4 -> levels 0, 1, 2
        mask &= mask - 1
        lo = 2 * dl
        if moves:
            n += (__builtin_popcountll(d0 & ~b[lo]) + __builtin_popcountll(d1 & ~b[lo + 1])) \
                << ((c.two_lv >> dl) & 1)
            n += __builtin_popcountll(d0 & b[friends + lo]) + \
                __builtin_popcountll(d1 & b[friends + lo + 1])
        if combat:
            e = __builtin_popcountll(d0 & b[6 + lo]) + __builtin_popcountll(d1 & b[6 + lo + 1])
            n += e << ((c.cap_two_lv >> dl) & 1)
    return n


cdef int count_paths(State* st, Piece* p, Counting* cnt, uint64_t* block) noexcept nogil:
    """gen_paths when only counting (perft's last ply, has_move): the same destinations, each
    counted for the first path reaching it (its class, mode and combat, decides as in
    gen_paths), gathered as boards per class and counted per level by count_dests. Most sets
    have no destination reached by two classes (Rules.pset_count): their one-square paths'
    destinations are gathered already, only the paths with squares before the destination
    are walked. A set where paths of two classes reach one destination (PSET_GENERAL) walks
    every path with the `seen` board of gen_paths."""
    cdef Rules* R = st.rules
    cdef int t = p.type, lvl = p.level
    cdef int plev = R.path_level[t][lvl]
    cdef int mask = R.dest_mask[t][lvl]
    cdef int ps, k, start, end, w, c, n = 0, classes = 0
    cdef uint64_t bit, b0, b1, d0, d1, lo
    cdef uint64_t seen[2]
    cdef uint64_t dests[6][2]  # [class or slot][word]: destinations reached first by that class
    cdef PathInfo* pi
    cdef PsetCount* pc
    cdef int home = 1 if p.home else 0
    if plev == NONE:
        return 0
    b0 = block[2 * plev]
    b1 = block[2 * plev + 1]
    ps = R.psid[t][p.hand][p.color] * N_SQ + p.sq
    pc = &R.pset_count[ps]
    if pc.n_cls == 1:  # one class (most sets): its destinations gathered in two words
        d0 = pc.fixed[0][0]
        d1 = pc.fixed[0][1]
        for k in range(pc.start, pc.end):  # without branches: whether a path is open is
            pi = &R.count_info[k]            # not predictable
            # open: no piece the mover sees on the way (R4.2), and the home flag if needed
            bit = <uint64_t>((((pi.block[0] & b0) | (pi.block[1] & b1)) == 0) & (pi.home <= home))
            bit <<= pi.dest & 63
            lo = (<uint64_t>(pi.dest >> 6)) - 1  # all ones for squares 0-63, else zero
            d0 |= bit & lo
            d1 |= bit & ~lo
        if d0 | d1:
            n = count_dests(cnt, mask, pc.cls[0], d0, d1, block)
    elif pc.n_cls:
        for c in range(pc.n_cls):
            dests[c][0] = pc.fixed[c][0]
            dests[c][1] = pc.fixed[c][1]
        for k in range(pc.start, pc.end):
            pi = &R.count_info[k]
            bit = <uint64_t>((((pi.block[0] & b0) | (pi.block[1] & b1)) == 0) & (pi.home <= home))
            dests[pi.cls][pi.dest >> 6] |= bit << (pi.dest & 63)
        for c in range(pc.n_cls):
            if dests[c][0] | dests[c][1]:
                n += count_dests(cnt, mask, pc.cls[c], dests[c][0], dests[c][1], block)
    else:
        seen[0] = seen[1] = 0
        for c in range(6):
            dests[c][0] = dests[c][1] = 0
        start = R.pset_start[ps]
        end = R.pset_end[ps]
        for k in range(start, end):
            pi = &R.path_info[k]
            if (pi.block[0] & b0) | (pi.block[1] & b1) or pi.home > home:
                continue
            w = pi.dest >> 6
            bit = (<uint64_t>1) << (pi.dest & 63)
            bit &= ~seen[w]  # one action per destination (R4.7, R4.8)
            seen[w] |= bit
            dests[pi.cls][w] |= bit
            classes |= 1 << pi.cls
        while classes:
            c = ctz(classes)
            classes &= classes - 1
            n += count_dests(cnt, mask, c, dests[c][0], dests[c][1], block)
    return n


cdef void gen_level_changes(State* st, Gen* g, int pid, int passenger,
                            uint64_t* block) noexcept nogil:
    """R4.9, R4.10: take-off, landing, diving, surfacing in the piece's own square."""
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[pid]
    cdef int mask = R.vert_mask[p.type][p.level]
    cdef int dl
    while mask:
        dl = ctz(mask)
        mask &= mask - 1
        gen_to(st, g, pid, passenger, p.sq, dl, MODE_NORMAL, R.vert_combat[p.type], NONE, block)


cdef inline int count_level_changes(State* st, Piece* p, Counting* cnt,
                                    uint64_t* block) noexcept nogil:
    """gen_level_changes when only counting: its own square at the other levels, judged on
    count_boards' boards as gen_to would (R4.9, R4.10)."""
    cdef Rules* R = st.rules
    cdef int mask = R.vert_mask[p.type][p.level]
    cdef uint64_t bit = (<uint64_t>1) << (p.sq & 63)
    if mask == 0:
        return 0
    return count_dests(cnt, mask, MODE_NORMAL * 2 + (R.vert_combat[p.type] != 0),
                       bit if p.sq < 64 else 0, 0 if p.sq < 64 else bit, block)


# Per Dozer square: the 5x5 around it, itself included, as a board (squares 0-63, 64-99): what
# its Dozes read (dozes.gen_dozes), the reach of its kept count.
cdef uint64_t DOZE_AREA[100][2]
for _sq in range(100):
    DOZE_AREA[_sq][0] = DOZE_AREA[_sq][1] = 0
    for _s in range(100):
        if abs(_s // 10 - _sq // 10) <= 2 and abs(_s % 10 - _sq % 10) <= 2:
            DOZE_AREA[_sq][_s >> 6] |= (<uint64_t>1) << (_s & 63)
del _sq, _s


cdef inline bint may_move(State* st, Piece* p) noexcept nogil:
    """R4.2.5: a stunned piece cannot be Moved; R9.5 nor one on a journey; R9.1 nor one that
    journeyed this turn (its `mover` mark); R6.3 nor one that took part in another action."""
    return p.alive and p.stun == 0 and not p.journey and not p.mover \
        and not (st.rules.one_action and p.acted)


cdef inline int passenger_of(State* st, Piece* p, int other) noexcept nogil:
    """The piece `p` may take along (R2.3, R4.8), given `other`, the other piece at its level
    (or NONE): one of its side that may move; NONE."""
    cdef Rules* R = st.rules
    cdef Piece* q
    if R.carry[p.type] and other != NONE:
        q = &st.pieces[other]
        # R9.1: a piece that journeyed this turn (`mover` mark) is not Moved as a passenger
        if q.color == p.color and q.stun == 0 and not q.journey and not q.mover and \
                not (R.one_action and q.acted):
            return other
    return NONE


cdef inline int other_of(State* st, Piece* p, int pid) noexcept nogil:
    """The other piece at `pid`'s square and level, NONE."""
    cdef int other = st.occ[p.level][p.sq][0]
    if other == pid:
        other = st.occ[p.level][p.sq][1]
    return other


cdef inline void gen_piece(State* st, Gen* g, int pid, uint64_t* block) noexcept nogil:
    """The Moves (and Dozes) of one piece that may move, with the passenger it may take."""
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[pid]
    cdef int passenger = passenger_of(st, p, other_of(st, p, pid)), n
    cdef Counting cnt
    if g.out == NULL and not g.captures:
        counting_of(st, p, passenger, &cnt)
        n = count_paths(st, p, &cnt, block)  # block: count_boards' layout
        n += count_level_changes(st, p, &cnt, block)
        g.n = g.n + n if g.n + n < g.limit else g.limit
        if full(g):
            return  # (has_move asks for one: the Dozes' groups are not enumerated for nothing)
    else:
        gen_paths(st, g, pid, passenger, block)
        if full(g):
            return
        if R.vert_mask[p.type][p.level]:
            gen_level_changes(st, g, pid, passenger, block)
    if R.movement[p.type] == MV_DOZER and not g.captures and not full(g):
        gen_dozes(st, g, pid)  # a Doze captures nothing


# --- Counts kept across generations (State.counts, CountCache) ---------------------------------

cdef inline int count_key(Piece* p, int two_lv) noexcept nogil:
    """What a piece's count (piece_count) reads of the piece itself, packed (KeptCount.key):
    square, level, type, hand, colour, the pawn home flag, the levels it may carry its
    passenger to (Counting.two_lv; the rest of Counting follows from the type)."""
    return p.sq | (p.level << 7) | (p.type << 9) | (p.hand << 14) | (p.color << 16) \
        | ((p.home != 0) << 17) | (two_lv << 18)


cdef inline bint dozes_kept(Rules* R, Piece* p) noexcept nogil:
    """Is a Dozer's count of Dozes kept with its Moves? Only where it reads nothing but the
    occupancy of the 5x5 around it: every piece visible (R10.0 off) and no R6.3 stuck squares
    (one action per piece off)."""
    return R.movement[p.type] == MV_DOZER and R.all_visible and not R.one_action


cdef inline int piece_count(State* st, Piece* p, int pid, Counting* cnt, uint64_t* block,
                            bint dozes) noexcept nogil:
    """A piece's Moves counted on count_boards' boards `block` (and its Dozes with `dozes`), in
    full (no limit): what a KeptCount keeps."""
    cdef Gen g
    cdef int n = count_paths(st, p, cnt, block) + count_level_changes(st, p, cnt, block)
    if dozes:
        g.out = NULL
        g.n = 0
        g.limit = MAX_MOVES
        g.captures = False
        gen_dozes(st, &g, pid)
        n += g.n
    return n


cdef inline void reach_of(State* st, Piece* p, bint dozes, uint64_t* reach) noexcept nogil:
    """The squares (any level) a piece's count reads: its paths' squares (Rules.pset_reach),
    its own (level changes, its passenger), a kept Dozer's 5x5."""
    cdef Rules* R = st.rules
    cdef int ps
    reach[0] = reach[1] = 0
    if R.path_level[p.type][p.level] != NONE:
        ps = R.psid[p.type][p.hand][p.color] * N_SQ + p.sq
        reach[0] = R.pset_reach[2 * ps]
        reach[1] = R.pset_reach[2 * ps + 1]
    if dozes:
        reach[0] |= DOZE_AREA[p.sq][0]
        reach[1] |= DOZE_AREA[p.sq][1]
    reach[p.sq >> 6] |= (<uint64_t>1) << (p.sq & 63)


cdef inline int carry_levels(State* st, int passenger) noexcept nogil:
    """Counting.two_lv: the levels the piece may take `passenger` to (none without one)."""
    cdef int dl, two_lv = 0
    if passenger != NONE:
        for dl in range(N_LEVELS):
            if may_carry(st, passenger, dl):
                two_lv |= 1 << dl
    return two_lv


cdef inline void cache_changed(State* st, CountCache* cc, uint64_t* b,
                               uint64_t* changed) noexcept nogil:
    """The squares (at any level: `changed`, two words) where the count boards `b` or the
    occupancy boards differ from those cc's counts were made on (every square when it has
    none)."""
    cdef int i
    cdef uint64_t* occ = &st.occ_bb[0][0]
    cdef uint64_t d0 = 0, d1 = 0
    if not cc.valid:
        d0 = d1 = ~(<uint64_t>0)
    for i in range(0, 24, 2):  # words of squares 0-63 at even places, 64-99 at odd ones
        d0 |= b[i] ^ cc.boards[i]
        d1 |= b[i + 1] ^ cc.boards[i + 1]
    for i in range(0, 36, 2):
        d0 |= occ[i] ^ cc.occ[i]
        d1 |= occ[i + 1] ^ cc.occ[i + 1]
    changed[0] = d0
    changed[1] = d1


cdef int count_moves(State* st, int limit) noexcept nogil:
    """gen_moves when only counting (perft's last ply): what gen_piece counts, per piece, with
    each piece's count kept (State.counts) and read again while nothing it reads changed: the
    piece itself (its key) and the boards on its reach. Every counted piece's entry is renewed
    to this generation's boards, every other one dropped."""
    cdef Rules* R = st.rules
    cdef CountCache* cc = &st.counts[st.side]
    cdef KeptCount* e
    cdef Piece* p
    cdef int pid, other, passenger, two_lv, key, c, side = st.side, n = st.n_pieces
    cdef int total = 0, kept_n = cc.n
    cdef bint dozes
    cdef uint64_t block[24]
    cdef uint64_t changed[2]
    cdef Counting cnt
    cdef Gen g
    count_boards(st, side, block)
    cache_changed(st, cc, block, changed)
    memcpy(cc.boards, block, sizeof(cc.boards))
    memcpy(cc.occ, st.occ_bb, sizeof(cc.occ))
    cc.valid = 1
    for pid in range(n):
        p = &st.pieces[pid]
        e = &cc.kept[pid]
        if p.color != side or not may_move(st, p):
            e.key = -1  # not counted on these boards
            continue
        other = other_of(st, p, pid)
        passenger = NONE
        if other != NONE:
            if other < pid and same_text(st, other, pid) and may_move(st, &st.pieces[other]):
                e.key = -1
                continue  # its identical twin lists the same Moves
            passenger = passenger_of(st, p, other)
        two_lv = carry_levels(st, passenger)
        key = count_key(p, two_lv)
        if e.key == key and pid < kept_n and \
                ((e.reach[0] & changed[0]) | (e.reach[1] & changed[1])) == 0:
            c = e.count
        else:
            counting_of(st, p, passenger, &cnt)
            dozes = dozes_kept(R, p)
            c = piece_count(st, p, pid, &cnt, block, dozes)
            e.key = key
            e.count = c
            reach_of(st, p, dozes, e.reach)
        if R.movement[p.type] == MV_DOZER and not dozes_kept(R, p):
            g.out = NULL  # its Dozes counted anew each time
            g.n = 0
            g.limit = MAX_MOVES
            g.captures = False
            gen_dozes(st, &g, pid)
            c += g.n
        total += c
        if total >= limit:
            n = pid + 1  # the pieces after it were not counted
            total = limit
            break
    cc.n = n
    return total


cdef int kept_count_errors(State* st, int side) noexcept nogil:
    """For the consistency checker: each count `side`'s next generation would reuse (kept for a
    piece as it now is, nothing on its reach changed since) against a recount; how many
    differ."""
    cdef CountCache* cc
    cdef KeptCount* e
    cdef uint64_t block[24]
    cdef uint64_t changed[2]
    cdef uint64_t reach[2]
    cdef int pid, passenger, errors = 0
    cdef bint dozes
    cdef Piece* p
    cdef Counting cnt
    if st.counts == NULL or not st.counts[side].valid:
        return 0
    cc = &st.counts[side]
    count_boards(st, side, block)
    cache_changed(st, cc, block, changed)
    for pid in range(min(cc.n, st.n_pieces)):
        p = &st.pieces[pid]
        e = &cc.kept[pid]
        if e.key < 0 or p.color != side or not may_move(st, p):
            continue  # (never read: its generation drops it)
        passenger = passenger_of(st, p, other_of(st, p, pid))
        if e.key != count_key(p, carry_levels(st, passenger)):
            continue
        dozes = dozes_kept(st.rules, p)
        reach_of(st, p, dozes, reach)
        if reach[0] != e.reach[0] or reach[1] != e.reach[1]:
            errors += 1  # the key decides the reach
        elif ((reach[0] & changed[0]) | (reach[1] & changed[1])) == 0:
            counting_of(st, p, passenger, &cnt)
            errors += piece_count(st, p, pid, &cnt, block, dozes) != e.count
    return errors


cdef inline void enemy_boards(State* st, int side, uint64_t* enemy) noexcept nogil:
    """The squares where an enemy of `side` stands, seen or not, per level (as sight_blockers
    lays them out): the destinations of captures."""
    cdef int i
    for i in range(2 * N_LEVELS):
        enemy[i] = st.occ_bb[1 - side][i]


cdef int gen_moves(State* st, Move* out, int limit) noexcept nogil:
    """Every legal Move and Doze of the side to move (R4). Returns how many. Counting only
    (`out` NULL), with the counts kept across positions (count_moves)."""
    if out == NULL and st.counts != NULL:
        return count_moves(st, limit)
    return gen_moves_of(st, out, limit, False)


cdef int gen_captures(State* st, Move* out, int limit) noexcept nogil:
    """The Moves of gen_moves that end where an enemy piece stands (hidden ones too: the Move
    meets it), in gen_moves' order; no Doze (it captures nothing). What quiescence searches."""
    return gen_moves_of(st, out, limit, True)


cdef inline bint may_capture(State* st, Piece* p, uint64_t* want) noexcept nogil:
    """With gen_captures: may the piece have a Move where an enemy stands? One of its paths'
    destinations (Rules.pset_count) or its own square at a level it may change to holds one at
    a level it may end at (`want`: per level mask, the squares with an enemy at one of them)."""
    cdef Rules* R = st.rules
    cdef int t = p.type, lvl = p.level, ps, vmask = R.vert_mask[t][lvl]
    cdef PsetCount* pc
    cdef uint64_t* w
    if vmask and (want[2 * vmask + (p.sq >> 6)] >> (p.sq & 63)) & 1:
        return True
    if R.path_level[t][lvl] == NONE:
        return False
    ps = R.psid[t][p.hand][p.color] * N_SQ + p.sq
    pc = &R.pset_count[ps]
    w = &want[2 * R.dest_mask[t][lvl]]
    return ((pc.dests[0] & w[0]) | (pc.dests[1] & w[1])) != 0


cdef inline int gen_moves_of(State* st, Move* out, int limit, bint captures) noexcept nogil:
    cdef Gen g
    cdef int pid, other, m, side = st.side
    cdef bint blockers = True
    cdef Piece* p
    cdef uint64_t block[24]  # count_boards' layout when counting, else sight_blockers'
    cdef uint64_t want[16]   # with captures: per level mask, the squares with an enemy there
    cdef Rules* R = st.rules
    if out == NULL and not captures:
        count_boards(st, side, block)
    elif captures:
        blockers = False  # made at the first piece that may capture (most have none)
    else:
        sight_blockers(st, side, block)
    g.out = out
    g.n = 0
    g.limit = limit
    g.captures = captures
    if captures:
        enemy_boards(st, side, g.enemy)
        for m in range(8):
            want[2 * m] = ((g.enemy[0] if m & 1 else 0) | (g.enemy[2] if m & 2 else 0)
                           | (g.enemy[4] if m & 4 else 0))
            want[2 * m + 1] = ((g.enemy[1] if m & 1 else 0) | (g.enemy[3] if m & 2 else 0)
                               | (g.enemy[5] if m & 4 else 0))
        if not (want[14] | want[15]):
            return 0  # no enemy on the board
    for pid in range(st.n_pieces):
        p = &st.pieces[pid]
        if p.color != side or not may_move(st, p):
            continue
        if captures:
            if not may_capture(st, p, want):
                continue  # (its twin, the same piece in the text, has none either)
            if not blockers:
                sight_blockers(st, side, block)
                blockers = True
        other = twin_of(st, pid)
        if other != NONE and other < pid and may_move(st, &st.pieces[other]):
            continue  # its identical twin lists the same Moves
        gen_piece(st, &g, pid, block)
        if full(&g):
            break
    return g.n


cdef bint has_free_path(State* st, Piece* p) noexcept nogil:
    """Has the piece (one that may move) a path of a Move that is not a capture whose squares
    are empty of any piece, at a destination level with no piece either? Then it has a legal
    Move whatever each side sees (R4.2), without the sight boards. Read on State.occ_bb."""
    cdef Rules* R = st.rules
    cdef int t = p.type, lvl = p.level
    cdef int plev = R.path_level[t][lvl]
    cdef int mask = R.dest_mask[t][lvl]
    cdef int ps, k, dest, dl, m, w
    cdef PathInfo* pi
    cdef uint64_t b0, b1
    cdef uint64_t empty[6]  # squares with no piece at all, per level (sight_blockers' layout)
    if plev == NONE:
        return False
    for k in range(2 * N_LEVELS):
        empty[k] = ~(st.occ_bb[0][k] | st.occ_bb[1][k])
    b0 = ~empty[2 * plev]
    b1 = ~empty[2 * plev + 1]
    ps = R.psid[t][p.hand][p.color]
    for k in range(R.pset_start[ps * N_SQ + p.sq], R.pset_end[ps * N_SQ + p.sq]):
        pi = &R.path_info[k]
        if pi.mode == MODE_CAPTURE_ONLY or (pi.home and not p.home):
            continue
        if (pi.block[0] & b0) | (pi.block[1] & b1):
            continue
        dest = pi.dest
        w = dest >> 6
        m = mask
        while m:
            dl = ctz(m)  # level bits 1, 2, 4 -> levels 0, 1, 2
            m &= m - 1
            if (empty[2 * dl + w] >> (dest & 63)) & 1:
                return True
    return False


cdef bint has_move(State* st) noexcept nogil:
    """R6.5: has the side to move any legal Move? The search starts at the piece that had one
    last time (`move_hint`): positions a turn apart mostly share it. A piece with a path free
    of any piece (has_free_path) is looked for first: it needs no sight boards and no Doze
    groups."""
    cdef Gen g
    cdef int i, pid, side = st.side, n = st.n_pieces
    cdef uint64_t block[24]
    if n == 0:
        return False
    for i in range(n):
        pid = (st.move_hint[side] + i) % n
        if st.pieces[pid].color == side and may_move(st, &st.pieces[pid]) and \
                has_free_path(st, &st.pieces[pid]):
            st.move_hint[side] = pid
            return True
    count_boards(st, side, block)  # gen_piece counts (count_paths)
    g.out = NULL
    g.n = 0
    g.limit = 1
    g.captures = False
    for i in range(n):
        pid = (st.move_hint[side] + i) % n
        if st.pieces[pid].color != side or not may_move(st, &st.pieces[pid]):
            continue
        gen_piece(st, &g, pid, block)
        if g.n:
            st.move_hint[side] = pid
            return True
    return False
