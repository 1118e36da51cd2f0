# cython: language_level=3
"""Legal action generation (R4, R6.1): Moves, Dozes and End Turn.

The generator walks the compiled path tables (wec.rules -> Rules); it never branches on a piece
name. `out` may be NULL to count only; `limit` stops early (has_move).
"""
from libc.stdint cimport uint64_t
from libc.string cimport memset

cdef extern from *:
    int __builtin_popcount(unsigned int x) nogil
from wec._core.state cimport *
from wec._core.board cimport can_see, visible_to
from wec._core.gen cimport Gen, full, emit, twin_of

cdef inline bint surely_visible(State* st, Piece* p) noexcept nogil:
    """R10: an enemy above the Sub level without stealth is never hidden (visible_to's first
    cases, without the call)."""
    return p.level != SUB and not (st.rules.inherent[p.type][A_SH] or p.art[0] == A_SH
                                   or p.art[1] == A_SH or p.art[2] == A_SH)


cdef inline void sight_blockers(State* st, int side, uint64_t* block) noexcept nogil:
    """R4.2: the squares where a piece `side` can see stands, per level (block[2 * level] and
    block[2 * level + 1]: squares 0-63 and 64-99). Built once per generation, so that a path is
    tested with one AND (Rules.path_block) and each enemy's visibility is decided once."""
    cdef int pid, i
    cdef Piece* p
    cdef bint all_visible = st.rules.all_visible
    for i in range(2 * N_LEVELS):
        block[i] = 0
    for pid in range(st.n_pieces):
        p = &st.pieces[pid]
        if p.alive and (p.color == side or all_visible or surely_visible(st, p)
                        or visible_to(st, side, pid)):
            block[2 * p.level + (p.sq >> 6)] |= (<uint64_t>1) << (p.sq & 63)


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


cdef void gen_level_changes(State* st, Gen* g, int pid, int passenger,
                            uint64_t* block) noexcept nogil:
    """R4.9, R4.10: take-off, landing, diving, surfacing in the piece's own square."""
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[pid]
    cdef int mask = R.vert_mask[p.type][p.level]
    cdef int dl
    for dl in range(N_LEVELS):
        if (mask >> dl) & 1:
            gen_to(st, g, pid, passenger, p.sq, dl, MODE_NORMAL, R.vert_combat[p.type], NONE, block)


# R4.11.1: what the mover sees at a square's Ground, as one code (doze_seen): how many pieces
# (DZ_COUNT bits); of the one seen, whether it is the mover's (DZ_OWN) and coexists (DZ_COEXIST,
# R2.2); DZ_STUCK when the square cannot be chosen for a group. DZ_UNKNOWN: not looked at yet.
cdef enum:
    DZ_COUNT = 3
    DZ_OWN = 4
    DZ_COEXIST = 8
    DZ_STUCK = 16
    DZ_UNKNOWN = 255

cdef extern from *:
    int __builtin_ctz(unsigned int x) nogil  # an instruction (bsf), unlike __builtin_popcount

# Pieces on a group's squares: popcounts of 8 bits (__builtin_popcount is a libgcc call here).
cdef unsigned char POPCOUNT8[256]
for _i in range(256):
    POPCOUNT8[_i] = bin(_i).count("1")

# DOWNSTREAM[dir]: the 8 neighbour directions of the Dozer's square, those farthest along `dir`
# first. A square that needs another (its target) comes after it, so one pass finds closures.
cdef signed char DOWNSTREAM[8][8]
from wec.rules import DIRECTIONS as _DIRECTIONS
for _dir, (_dr, _dc) in enumerate(_DIRECTIONS):
    for _i, _d in enumerate(sorted(range(8), key=lambda d: -(_DIRECTIONS[d][0] * _dr
                                                             + _DIRECTIONS[d][1] * _dc))):
        DOWNSTREAM[_dir][_i] = _d


cdef inline int doze_seen(State* st, int side, int s) noexcept nogil:
    """The code (DZ_*) of the Ground of `s` as `side` sees it: a hidden enemy is not counted
    (R4.11.1); a seen enemy without the doze_enemies option, or R6.3 a piece of the mover's that
    acted, makes the square stuck."""
    cdef Rules* R = st.rules
    cdef int i, x, n = 0, last = 0, stuck = 0
    cdef Piece* q
    if st.occ[GROUND][s][0] == NONE:
        return 0  # slot 0 is filled first (board.occupy): nobody there
    for i in range(2):
        x = st.occ[GROUND][s][i]
        if x == NONE:
            continue
        q = &st.pieces[x]
        if q.color == side:
            if R.one_action and q.acted:
                stuck = DZ_STUCK
            last = DZ_OWN
        elif can_see(st, side, x):
            if not R.doze_enemies:
                stuck = DZ_STUCK
            last = 0
        else:
            continue
        n += 1
        if R.coexist[q.type]:
            last |= DZ_COEXIST
    return n | last | stuck


cdef inline bint doze_target_ok(int come, int stay) noexcept nogil:
    """R4.11, R3.1/R3.2 as the mover sees them: can the pieces seen on a square (code `come`) end
    on a square not emptied by the doze where it sees `stay`?"""
    if (stay & DZ_COUNT) == 0:
        return True
    if (stay & DZ_COUNT) + (come & DZ_COUNT) > 2:
        return False
    return ((stay ^ come) & DZ_OWN) == 0 and ((stay | come) & DZ_COEXIST) != 0


cdef void gen_dozes(State* st, Gen* g, int pid) noexcept nogil:
    """R4.11: every group (<= 4 pieces) of neighbour squares and every direction."""
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[pid]
    cdef int sq = p.sq, side = p.color
    cdef int partner = NONE, i, d, s, t, x, c, n_elig = 0, sub, k, j, dir, base, cand
    cdef int group, n_found = 0, two = 0
    cdef int elig_dir[8]
    cdef int elig_of[8]
    cdef int elig_sq[8]
    cdef int elig_seen[8]
    cdef int closure_of[10]
    cdef int* closure = &closure_of[2]
    cdef signed char member[N_SQ]
    cdef unsigned char seen[N_SQ]
    cdef unsigned char valid[256]
    cdef unsigned char* marks = NULL
    cdef signed char* order
    if p.level != GROUND:
        return
    for i in range(2):
        x = st.occ[GROUND][sq][i]
        if x != NONE and x != pid:
            partner = x
    if partner == NONE or st.pieces[partner].color != side:
        return
    if R.one_action and st.pieces[partner].acted:
        return
    # `seen`: the squares' codes, filled as they are asked for (a 5x5 around the Dozer at most).
    # `member`: k for the k-th eligible neighbour (bit k of a group), -1 for the Dozer's square
    # (always emptied: nothing needed), -2 for a square outside every group.
    memset(seen, DZ_UNKNOWN, N_SQ)
    memset(member, -2, N_SQ)
    member[sq] = -1
    for d in range(8):
        elig_of[d] = -1
        s = R.nb[sq][d]
        if s == NONE:
            continue
        c = doze_seen(st, side, s)
        seen[s] = c
        if (c & DZ_COUNT) and not (c & DZ_STUCK):
            member[s] = n_elig
            elig_of[d] = n_elig
            elig_dir[n_elig] = d
            elig_sq[n_elig] = s
            elig_seen[n_elig] = c
            if (c & DZ_COUNT) == 2:
                two |= 1 << n_elig
            n_elig += 1
    # A group moves together in one direction. Each member square's target is judged once per
    # direction (doze_target_ok, nothing emptied). A target inside the group is emptied by the
    # doze, so a square whose target is judged bad may still go when its target square goes too:
    # it needs that square. The groups are the sets closed under that need which hold what the
    # Dozer's own move needs (`base`): `closure[k]` is what the k-th eligible neighbour needs,
    # itself included (bit k), -1 when it can never go; closure[-1] (the Dozer's square) is
    # empty and closure[-2] (outside every group) -1. When listing, `valid[group]` gets bit `dir`.
    closure[-2] = -1
    closure[-1] = 0
    if g.out != NULL:
        marks = valid
        memset(valid, 0, 1 << n_elig)
    for dir in range(8):
        t = R.nb[sq][dir]  # the Dozer's own square first: when it cannot go, no group can
        if t == NONE or ((seen[t] & DZ_COUNT) and member[t] < 0):
            continue
        order = DOWNSTREAM[dir]
        cand = 0
        for i in range(8):
            j = elig_of[order[i]]
            if j < 0:
                continue
            t = R.nb[elig_sq[j]][dir]
            if t == NONE:
                closure[j] = -1  # off the board: never in a group
                continue
            c = seen[t]
            if c == DZ_UNKNOWN:
                c = doze_seen(st, side, t)
                seen[t] = c
            if doze_target_ok(elig_seen[j], c):
                closure[j] = 1 << j
            else:  # the target must be emptied: its own closure, already known (DOWNSTREAM)
                c = closure[member[t]]
                closure[j] = c | (1 << j) if c >= 0 else -1
            if closure[j] >= 0:
                cand |= 1 << j
        t = R.nb[sq][dir]
        base = closure[member[t]] if seen[t] & DZ_COUNT else 0  # the Dozer and its partner
        if base < 0 or members_total(base, two) > 4:       # need an emptied square
            continue
        n_found += doze_groups(base, members_total(base, two), cand & ~base, 0, closure, two,
                               marks, dir)
        if marks == NULL and g.n + n_found >= g.limit:
            break  # counting only, and the limit is reached
    if g.out == NULL:  # counting only
        g.n = g.n + n_found if g.n + n_found < g.limit else g.limit
        return
    for sub in range(1 << n_elig):  # the list's order: by group, then by direction
        if valid[sub] == 0:
            continue
        group = 0
        for k in range(n_elig):
            if (sub >> k) & 1:
                group |= 1 << elig_dir[k]
        for dir in range(8):
            if (valid[sub] >> dir) & 1:
                emit(g, ACT_DOZE, pid, R.nb[sq][dir], GROUND, partner, NONE, group, dir, 0, 0, NONE)
                if full(g):
                    return


cdef inline int members_total(int members, int two) noexcept nogil:
    """Pieces on the group's neighbour squares (the Dozer's own square not counted, R4.11):
    one per member square, one more for each holding two (`two`: bit k, eligible square k)."""
    return POPCOUNT8[members] + POPCOUNT8[members & two]


cdef int doze_groups(int members, int total, int todo, int passed, int* closure, int two,
                     unsigned char* valid, int dir) noexcept nogil:
    """Count `members` (`total` pieces) and every group that extends it with the closures of the
    eligible squares in `todo` (at most 4 pieces moved, R4.11); when listing (`valid`), mark
    them. Each group is met once: a square passed over (`passed`) is never pulled in later by
    another's closure."""
    cdef int bit, c, more, found = 1
    if valid != NULL:
        valid[members] |= 1 << dir
    if total >= 4:
        return 1  # every closure adds a piece
    todo &= ~members
    while todo:
        bit = todo & -todo
        todo ^= bit
        c = closure[__builtin_ctz(bit)] | members
        if not (c & passed):
            more = members_total(c, two)
            if more < 4 and todo & ~c:
                found += doze_groups(c, more, todo, passed, closure, two, valid, dir)
            elif more <= 4:  # a group that cannot grow: counted here, without a call
                found += 1
                if valid != NULL:
                    valid[c] |= 1 << dir
        passed |= bit
    return found


cdef inline bint may_move(State* st, Piece* p) noexcept nogil:
    """R4.2.5: a stunned piece cannot be Moved; R9.5 nor one on a journey; R9.1 nor one that
    journeyed this turn (its `mover` mark); R6.3 nor one that took part in another action."""
    return p.alive and p.stun == 0 and not p.journey and not p.mover \
        and not (st.rules.one_action and p.acted)


cdef inline void gen_piece(State* st, Gen* g, int pid, uint64_t* block) noexcept nogil:
    """The Moves (and Dozes) of one piece that may move, with the passenger it may take."""
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[pid]
    cdef Piece* q
    cdef int passenger = NONE, side = p.color
    cdef int other = st.occ[p.level][p.sq][0]
    if other == pid:
        other = st.occ[p.level][p.sq][1]
    if R.carry[p.type] and other != NONE:
        q = &st.pieces[other]
        # R9.1: a piece that journeyed this turn (`mover` mark) is not Moved as a passenger
        if q.color == side and q.stun == 0 and not q.journey and not q.mover and \
                not (R.one_action and q.acted):
            passenger = other
    gen_paths(st, g, pid, passenger, block)
    if full(g):
        return  # (has_move asks for one: the Dozes' groups are not enumerated for nothing)
    gen_level_changes(st, g, pid, passenger, block)
    if R.movement[p.type] == MV_DOZER and not g.captures and not full(g):
        gen_dozes(st, g, pid)  # a Doze captures nothing


cdef inline void enemy_boards(State* st, int side, uint64_t* enemy) noexcept nogil:
    """The squares where an enemy of `side` stands, seen or not, per level (as sight_blockers
    lays them out): the destinations of captures."""
    cdef int pid, i
    cdef Piece* p
    for i in range(2 * N_LEVELS):
        enemy[i] = 0
    for pid in range(st.n_pieces):
        p = &st.pieces[pid]
        if p.alive and p.color != side:
            enemy[2 * p.level + (p.sq >> 6)] |= (<uint64_t>1) << (p.sq & 63)


cdef int gen_moves(State* st, Move* out, int limit) noexcept nogil:
    """Every legal Move and Doze of the side to move (R4). Returns how many."""
    return gen_moves_of(st, out, limit, False)


cdef int gen_captures(State* st, Move* out, int limit) noexcept nogil:
    """The Moves of gen_moves that end where an enemy piece stands (hidden ones too: the Move
    meets it), in gen_moves' order; no Doze (it captures nothing). What quiescence searches."""
    return gen_moves_of(st, out, limit, True)


cdef inline int gen_moves_of(State* st, Move* out, int limit, bint captures) noexcept nogil:
    cdef Gen g
    cdef int pid, other, side = st.side
    cdef Piece* p
    cdef uint64_t block[6]
    sight_blockers(st, side, block)
    g.out = out
    g.n = 0
    g.limit = limit
    g.captures = captures
    if captures:
        enemy_boards(st, side, g.enemy)
    for pid in range(st.n_pieces):
        p = &st.pieces[pid]
        if p.color != side or not may_move(st, p):
            continue
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
    Move whatever each side sees (R4.2), without the sight boards."""
    cdef Rules* R = st.rules
    cdef int t = p.type, lvl = p.level
    cdef int plev = R.path_level[t][lvl]
    cdef int mask = R.dest_mask[t][lvl]
    cdef int ps, k, i, dest, dl, m, n
    cdef int* sqs
    cdef PathInfo* pi
    if plev == NONE:
        return False
    ps = R.psid[t][p.hand][p.color]
    for k in range(R.pset_start[ps * N_SQ + p.sq], R.pset_end[ps * N_SQ + p.sq]):
        pi = &R.path_info[k]
        if pi.mode == MODE_CAPTURE_ONLY or (pi.home and not p.home):
            continue
        n = R.path_len[k]
        sqs = &R.path_sq[k * MAX_PATH]
        for i in range(n - 1):
            if st.occ[plev][sqs[i]][0] != NONE or st.occ[plev][sqs[i]][1] != NONE:
                break
        else:
            dest = pi.dest
            m = mask
            while m:
                dl = (m & -m) >> 1  # level bits 1, 2, 4 -> levels 0, 1, 2
                m &= m - 1
                if st.occ[dl][dest][0] == NONE and st.occ[dl][dest][1] == NONE:
                    return True
    return False


cdef bint has_move(State* st) noexcept nogil:
    """R6.5: has the side to move any legal Move? The search starts at the piece that had one
    last time (`move_hint`): positions a turn apart mostly share it. A piece with a path free
    of any piece (has_free_path) is looked for first: it needs no sight boards and no Doze
    groups."""
    cdef Gen g
    cdef int i, pid, side = st.side, n = st.n_pieces
    cdef uint64_t block[6]
    if n == 0:
        return False
    for i in range(n):
        pid = (st.move_hint[side] + i) % n
        if st.pieces[pid].color == side and may_move(st, &st.pieces[pid]) and \
                has_free_path(st, &st.pieces[pid]):
            st.move_hint[side] = pid
            return True
    sight_blockers(st, side, block)
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
