# cython: language_level=3
"""Legal action generation (R4, R6.1): Moves, Dozes and End Turn.

The generator walks the compiled path tables (wec.rules -> Rules); it never branches on a piece
name. `out` may be NULL to count only; `limit` stops early (has_move).
"""
from libc.stdint cimport uint64_t
from wec._core.state cimport *
from wec._core.board cimport can_see
from wec._core.gen cimport Gen, full, emit, twin_of

cdef inline bint blocked(State* st, int side, int sq, int level) noexcept nogil:
    """R4.2: a path square is blocked by any piece at that level that `side` can see."""
    cdef int a = st.occ[level][sq][0]
    cdef int b = st.occ[level][sq][1]
    return (a != NONE and can_see(st, side, a)) or (b != NONE and can_see(st, side, b))


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


cdef void gen_to(State* st, Gen* g, int pid, int passenger, int dest, int level, int mode,
                 int combat, int path) noexcept nogil:
    """Emit the move to `dest`/`level`, alone and with the passenger, where legal."""
    cdef Piece* p = &st.pieces[pid]
    if dest_ok(st, p, NONE, dest, level, mode, combat):
        emit(g, ACT_MOVE, pid, dest, level, NONE, path, 0, NONE, 0, 0, NONE)
    if passenger != NONE and may_carry(st, passenger, level) and \
            dest_ok(st, p, passenger, dest, level, mode, combat):
        emit(g, ACT_MOVE, pid, dest, level, passenger, path, 0, NONE, 0, 0, NONE)


cdef void gen_paths(State* st, Gen* g, int pid, int passenger) noexcept nogil:
    """Walk the piece's path table from its square (R4.3-R4.10)."""
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[pid]
    cdef int t = p.type, lvl = p.level
    cdef int plev = R.path_level[t][lvl]
    cdef int mask = R.dest_mask[t][lvl]
    cdef int ps, start, end, k, i, n, dest, dl, bit
    cdef int* sqs
    cdef uint64_t seen[5]
    if plev == NONE:
        return
    seen[0] = seen[1] = seen[2] = seen[3] = seen[4] = 0
    ps = R.psid[t][p.hand][p.color]
    start = R.pset_start[ps * N_SQ + p.sq]
    end = R.pset_end[ps * N_SQ + p.sq]
    for k in range(start, end):
        if R.path_home[k] and not p.home:
            continue
        n = R.path_len[k]
        sqs = &R.path_sq[k * MAX_PATH]
        dest = sqs[n - 1]
        # one action per destination: a second path to it adds nothing (R4.7, R4.8)
        if (seen[dest >> 6] >> (dest & 63)) & 1:
            continue
        for i in range(n - 1):
            if blocked(st, p.color, sqs[i], plev):
                break
        else:
            seen[dest >> 6] |= (<uint64_t>1) << (dest & 63)
            for dl in range(N_LEVELS):
                if (mask >> dl) & 1:
                    gen_to(st, g, pid, passenger, dest, dl, R.path_mode[k], R.path_combat[k], k)
            if full(g):
                return


cdef void gen_level_changes(State* st, Gen* g, int pid, int passenger) noexcept nogil:
    """R4.9, R4.10: take-off, landing, diving, surfacing in the piece's own square."""
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[pid]
    cdef int mask = R.vert_mask[p.type][p.level]
    cdef int dl
    for dl in range(N_LEVELS):
        if (mask >> dl) & 1:
            gen_to(st, g, pid, passenger, p.sq, dl, MODE_NORMAL, R.vert_combat[p.type], NONE)


cdef bint doze_target_ok(State* st, int side, int s, int t, int* moved, int n_moved) noexcept nogil:
    """R4.11: can the Ground pieces of `s` end on `t` (with what stays there)?"""
    cdef Rules* R = st.rules
    cdef int i, x, y, n_stay = 0, n_come = 0, stay = NONE, come = NONE
    for i in range(n_moved):
        if moved[i] == t:
            return True  # `t` is emptied by the doze: only the pieces of `s` land there
    for i in range(2):
        x = st.occ[GROUND][t][i]
        if x != NONE and (st.pieces[x].color == side or can_see(st, side, x)):
            n_stay += 1
            stay = x
        y = st.occ[GROUND][s][i]
        if y != NONE and (st.pieces[y].color == side or can_see(st, side, y)):
            n_come += 1  # R4.11.1: only what the mover sees (a hidden piece is met on execution)
            come = y
    if n_stay == 0:
        return True
    if n_stay + n_come > 2:
        return False
    if st.pieces[stay].color != st.pieces[come].color:
        return False
    return R.coexist[st.pieces[stay].type] or R.coexist[st.pieces[come].type]


cdef void gen_dozes(State* st, Gen* g, int pid) noexcept nogil:
    """R4.11: every group (<= 4 pieces) of neighbour squares and every direction."""
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[pid]
    cdef int sq = p.sq, side = p.color
    cdef int partner = NONE, i, d, s, x, n_elig = 0, sub, total, k, dir, n_moved, ok
    cdef int elig_dir[8]
    cdef int elig_cnt[8]
    cdef int moved[9]
    cdef int group
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
    for d in range(8):
        s = R.nb[sq][d]
        if s == NONE:
            continue
        total = 0
        ok = 1
        for i in range(2):
            x = st.occ[GROUND][s][i]
            if x == NONE:
                continue
            if st.pieces[x].color != side:
                if not can_see(st, side, x):
                    continue  # a hidden enemy is not a choice the player can make
                if not R.doze_enemies:
                    ok = 0
            elif R.one_action and st.pieces[x].acted:
                ok = 0  # R6.3: it took part in another action
            total += 1
        if total and ok:
            elig_dir[n_elig] = d
            elig_cnt[n_elig] = total
            n_elig += 1
    for sub in range(1 << n_elig):
        total = 0
        group = 0
        moved[0] = sq
        n_moved = 1
        for k in range(n_elig):
            if (sub >> k) & 1:
                total += elig_cnt[k]
                group |= 1 << elig_dir[k]
                moved[n_moved] = R.nb[sq][elig_dir[k]]
                n_moved += 1
        if total > 4:
            continue
        for dir in range(8):
            ok = 1
            for k in range(n_moved):
                s = R.nb[moved[k]][dir]
                if s == NONE or not doze_target_ok(st, side, moved[k], s, moved, n_moved):
                    ok = 0
                    break
            if ok:
                emit(g, ACT_DOZE, pid, R.nb[sq][dir], GROUND, partner, NONE, group, dir, 0, 0, NONE)
                if full(g):
                    return


cdef inline bint may_move(State* st, Piece* p) noexcept nogil:
    """R4.2.5: a stunned piece cannot be Moved; R9.5 nor one on a journey; R9.1 nor one that
    journeyed this turn (its `mover` mark); R6.3 nor one that took part in another action."""
    return p.alive and p.stun == 0 and not p.journey and not p.mover \
        and not (st.rules.one_action and p.acted)


cdef int gen_moves(State* st, Move* out, int limit) noexcept nogil:
    """Every legal Move and Doze of the side to move (R4). Returns how many."""
    cdef Rules* R = st.rules
    cdef Gen g
    cdef int pid, other, passenger, side = st.side
    cdef Piece* p
    cdef Piece* q
    g.out = out
    g.n = 0
    g.limit = limit
    for pid in range(st.n_pieces):
        p = &st.pieces[pid]
        if p.color != side or not may_move(st, p):
            continue
        other = twin_of(st, pid)
        if other != NONE and other < pid and may_move(st, &st.pieces[other]):
            continue  # its identical twin lists the same Moves
        other = st.occ[p.level][p.sq][0]
        if other == pid:
            other = st.occ[p.level][p.sq][1]
        passenger = NONE
        if R.carry[p.type] and other != NONE:
            q = &st.pieces[other]
            # R9.1: a piece that journeyed this turn (`mover` mark) is not Moved as a passenger
            if q.color == side and q.stun == 0 and not q.journey and not q.mover and \
                    not (R.one_action and q.acted):
                passenger = other
        gen_paths(st, &g, pid, passenger)
        gen_level_changes(st, &g, pid, passenger)
        if R.movement[p.type] == MV_DOZER:
            gen_dozes(st, &g, pid)
        if full(&g):
            break
    return g.n


cdef bint has_move(State* st) noexcept nogil:
    """R6.5: has the side to move any legal Move?"""
    return gen_moves(st, NULL, 1) > 0
