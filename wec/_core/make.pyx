# cython: language_level=3
"""Make and unmake actions.

Every state change goes through `board.tset`, which records the old value; `undo_action` rewinds
the trail to the action's frame, so the inverse is exact by construction (hash included).
"""
from libc.stdint cimport uint64_t
from libc.string cimport memcpy

cdef extern from *:
    int ctz "__builtin_ctz"(unsigned int x) nogil
from wec._core.state cimport *
from wec._core.board cimport (tset, occupy, can_see, push_frame, pop_frame, key_of, rehash, state_key,
                              lift_piece, place_piece, remove_piece, destroy_unsupported,
                              piece_set, turn_set, side_set, log_event, reveal, tally_piece,
                              tally_square, tally_cool, cool_sum, counts_down, has_turn_marks, pair,
                              needs_end_turn, mark_due)
from wec._core.movegen cimport has_move
from wec._core.effects cimport arrive
from wec._core.fire cimport exec_fire, advance_projectiles, advance_journeys
from wec._core.articles cimport (exec_pickup, exec_drop, exec_exchange, exec_reinforce,
                                 arm_reserves)


cdef inline void set_home(State* st, int pid, int value) noexcept nogil:
    cdef Piece* p = &st.pieces[pid]
    if p.home != value:
        st.hash -= key_of(p)
        tset(st, &p.home, value)
        rehash(st, p)


cdef void place_moved(State* st, int pid, int sq, int level, bint leaves_home,
                      bint mover) noexcept nogil:
    """Put a lifted piece that a Move or Doze carried on `sq`/`level`: it took part in an action
    (R6.3); a piece that moved by itself or was dozed is no longer home (R4.3); the Moved piece
    gets its `mover` mark (R9.1). One rehash for all of it."""
    cdef Piece* p = &st.pieces[pid]
    st.hash -= key_of(p)
    tally_square(st, p, sq)
    tset(st, &p.sq, sq)
    tset(st, &p.level, level)
    tset(st, &p.acted, 1)
    if leaves_home:
        tset(st, &p.home, 0)
    if mover:
        tset(st, &p.mover, 1)
    rehash(st, p)
    mark_due(st, pid)
    occupy(st, pid, sq, level)


cdef void set_turn_state(State* st, int side, int moved) noexcept nogil:
    side_set(st, side, moved)


cdef bint hidden_enemy_at(State* st, int side, int sq, int level) noexcept nogil:
    cdef int i, x
    for i in range(2):
        x = st.occ[level][sq][i]
        if x != NONE and st.pieces[x].color != side and not can_see(st, side, x):
            return True
    return False


cdef int capture_enemies(State* st, int side, int sq, int level) noexcept nogil:
    """R4.2.2: a combat move captures every enemy piece at that level of that square."""
    cdef int i, x, n = 0
    cdef int here[2]
    here[0] = st.occ[level][sq][0]  # read first: a removal moves the other occupant up
    here[1] = st.occ[level][sq][1]
    for i in range(2):
        x = here[i]
        if x != NONE and st.pieces[x].color != side:
            remove_piece(st, x, 0)
            n += 1
    return n


cdef void exec_move(State* st, Move* m) noexcept nogil:
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[m.pid]
    cdef int side = p.color, origin = p.sq, olevel = p.level
    cdef int dest = m.dest, dlevel = m.dlevel, q = m.passenger
    cdef int i, n, plev, captured
    cdef int* sqs
    if m.path != NONE and not R.all_visible:
        # R4.2.3: an enemy the mover cannot see stops the move on its square and is captured
        plev = R.path_level[p.type][olevel]
        n = R.path_len[m.path]
        sqs = &R.path_sq[m.path * MAX_PATH]
        for i in range(n - 1):
            if hidden_enemy_at(st, side, sqs[i], plev):
                dest = sqs[i]
                dlevel = plev
                log_event(st, EV_STOPPED, m.pid, dest, dlevel, 0, side)
                break
    lift_piece(st, m.pid)
    if q != NONE:
        lift_piece(st, q)
    captured = capture_enemies(st, side, dest, dlevel)
    place_moved(st, m.pid, dest, dlevel, True, True)
    if q != NONE:
        place_moved(st, q, dest, dlevel, False, False)
    if captured:
        reveal(st, m.pid)  # R10.5
    destroy_unsupported(st, origin, olevel)  # a passenger left behind in Air/Sub (R3.4)
    arrive(st, dest, dlevel)


cdef int doze_group(State* st, Move* m, int* pids, int* origins, int* targets) noexcept nogil:
    """R4.11: every Ground piece of the Dozer's square and of each chosen neighbour square, hidden
    ones included (R4.11.1), with its origin and target square. Returns how many."""
    cdef Rules* R = st.rules
    cdef int sq = st.pieces[m.pid].sq, d, i, s, n = 0
    for d in range(-1, 8):
        if d >= 0 and not (m.group >> d) & 1:
            continue
        s = sq if d < 0 else R.nb[sq][d]
        for i in range(2):
            if st.occ[GROUND][s][i] != NONE:
                pids[n] = st.occ[GROUND][s][i]
                origins[n] = s
                targets[n] = R.nb[s][m.dir]
                n += 1
    return n


cdef bint doze_fits(State* st, int side, int* pids, int* origins, int* targets,
                    int n) noexcept nogil:
    """R4.11.1: does the doze obey the 4-piece limit and R3.1/R3.2 with every piece, the hidden
    ones too? An enemy of `side` it could not see on a target square that one of its own
    pieces reaches is met and captured (R4.2.3) and does not count."""
    cdef Rules* R = st.rules
    cdef int k, j, i, x, t, cnt, own, a, b, oa, ob
    cdef int there[4]
    cdef int from_sq[4]
    cdef bint emptied
    if n - 2 > 4:
        return False  # the group (besides the Dozer and its partner) holds more than 4 pieces
    for k in range(n):
        if k > 0 and origins[k] == origins[k - 1]:
            continue  # one check per origin square (its pieces are listed together)
        t = targets[k]
        cnt = 0
        own = 0
        for j in range(n):
            if origins[j] == origins[k]:
                there[cnt] = pids[j]
                from_sq[cnt] = origins[k]
                cnt += 1
                own += st.pieces[pids[j]].color == side
        emptied = False
        for j in range(n):
            emptied = emptied or origins[j] == t
        if not emptied:
            for i in range(2):
                x = st.occ[GROUND][t][i]
                if x == NONE:
                    continue
                if own and st.pieces[x].color != side and not can_see(st, side, x):
                    continue  # R4.2.3: met and captured
                if cnt == 4:
                    return False
                there[cnt] = x
                from_sq[cnt] = t
                cnt += 1
        if cnt > 2:
            return False
        if cnt == 2 and from_sq[0] != from_sq[1]:
            a = there[0]
            b = there[1]
            if st.pieces[a].color != st.pieces[b].color:
                return False
            if not (R.coexist[st.pieces[a].type] or R.coexist[st.pieces[b].type]):
                return False
    return True


cdef void exec_doze(State* st, Move* m) noexcept nogil:
    """R4.11: the Dozer's square and every chosen neighbour square move one step together.
    R4.11.1: if a piece the mover could not see breaks the limits, nothing moves (the Move is
    spent) and the hidden pieces involved are revealed."""
    cdef Piece* p = &st.pieces[m.pid]
    cdef int side = p.color, k, i, x, t, n
    cdef int pids[12]
    cdef int origins[12]
    cdef int targets[12]
    n = doze_group(st, m, pids, origins, targets)
    if not doze_fits(st, side, pids, origins, targets, n):
        for k in range(n):
            if st.pieces[pids[k]].color != side:
                reveal(st, pids[k])  # R10.5 (reveal leaves a visible piece as it is)
            for i in range(2):
                x = st.occ[GROUND][targets[k]][i]
                if x != NONE and st.pieces[x].color != side:
                    reveal(st, x)
        log_event(st, EV_STOPPED, m.pid, p.sq, GROUND, 0, side)
        piece_set(st, m.pid, &p.mover, 1)
        piece_set(st, m.pid, &p.acted, 1)
        mark_due(st, m.pid)
        return
    for k in range(n):
        lift_piece(st, pids[k])
    for k in range(n):
        t = targets[k]
        # R4.2.3: one of the mover's pieces meets the enemies it could not see on its target
        # (only pieces staying there are left at `t` now: every dozed piece is lifted)
        if st.pieces[pids[k]].color == side and hidden_enemy_at(st, side, t, GROUND):
            capture_enemies(st, side, t, GROUND)
            reveal(st, pids[k])
    for k in range(n):
        place_moved(st, pids[k], targets[k], GROUND, True, pids[k] == m.pid)
    for k in range(n):
        arrive(st, targets[k], GROUND)


cdef bint count_down_and_clear(State* st, int side) noexcept nogil:
    """R7.3.2, R7.2: the mover's stun counts and weapon cool-downs go down by one; R7.8: every
    piece's per-turn hit counts clear and who fired or acted this turn is forgotten. Only the
    pieces of State.due are looked at, one rehash of each piece changed (a Fire's piece has both
    to do); a piece left with nothing to do leaves `due`. Returns whether a piece is on a
    journey (else End Turn has none to advance)."""
    cdef int w, pid, journeys = 0
    cdef unsigned int bits
    for w in range((st.n_pieces + 31) >> 5):
        bits = <unsigned int>st.due[w]
        while bits:
            pid = (w << 5) + ctz(bits)
            bits &= bits - 1
            journeys |= end_turn_piece(st, &st.pieces[pid], side)
            if not needs_end_turn(&st.pieces[pid]):
                tset(st, &st.due[w], <int>(<unsigned int>st.due[w] & ~(1u << (pid & 31))))
    return journeys != 0


cdef int end_turn_piece(State* st, Piece* p, int side) noexcept nogil:
    """count_down_and_clear for one piece; returns its journey flag."""
    cdef int i, n
    cdef bint down, marks, stunned, waking
    if not p.alive:
        return 0
    down = p.color == side and counts_down(p)
    marks = has_turn_marks(p)
    if not (down or marks):
        return p.journey
    st.hash -= key_of(p)
    if down:
        stunned = p.stun > 0
        waking = p.stun == 1  # the piece comes out of its stun: its tallies move
        if waking:
            tally_piece(st, p, -1)
        if stunned:
            tset(st, &p.stun, p.stun - 1)
        n = 0
        for i in range(MAX_SLOTS):
            if p.cool[i] > 0:
                tset(st, &p.cool[i], p.cool[i] - 1)
                n += p.art[i] != 0
        for i in range(A_FL, A_TL + 1):  # only weapons count down (R7.2)
            if p.icool[i] > 0:
                tset(st, &p.icool[i], p.icool[i] - 1)
                n += 1
        if waking:
            tally_piece(st, p, 1)
        elif n and not stunned:  # the tallies hold an unstunned piece's count-downs
            tset(st, &st.tally.cool[p.color], st.tally.cool[p.color] - n)
    if marks:
        tset(st, &p.fired, 0)
        tset(st, &p.acted, 0)
        tset(st, &p.mover, 0)
        if pair(&p.hits[0]) | pair(&p.hits[2]) | pair(&p.hits[4]) | <unsigned int>p.hits[6]:
            for i in range(7):
                tset(st, &p.hits[i], 0)
    rehash(st, p)
    return p.journey


cdef void exec_end(State* st) noexcept nogil:
    """R6.4 End Turn, in order; then the next turn starts (journeys R9.3, R6.5)."""
    cdef Rules* R = st.rules
    cdef int side = st.side
    cdef bint journeys
    advance_projectiles(st)
    journeys = count_down_and_clear(st, side)
    if st.result == RESULT_NONE:  # R11.1: own loss first
        if st.primary_lost[side]:
            tset(st, &st.result, 1 - side)
        elif st.primary_lost[1 - side]:
            tset(st, &st.result, side)
    if R.quiet_turn_draw:  # R11.3
        turn_set(st, &st.quiet, 0 if st.violent else st.quiet + 1)
        if st.result == RESULT_NONE and st.quiet >= R.quiet_turn_draw:
            tset(st, &st.result, RESULT_DRAW)
    st.hash -= state_key(st)
    tset(st, &st.primary_lost[0], 0)
    tset(st, &st.primary_lost[1], 0)
    tset(st, &st.side, 1 - side)
    tset(st, &st.moved, 0)
    tset(st, &st.n_fires, 0)
    tset(st, &st.did_pickup, 0)
    tset(st, &st.did_drop, 0)
    tset(st, &st.did_exchange, 0)
    tset(st, &st.did_reinforce, 0)
    tset(st, &st.violent, 0)
    st.hash += state_key(st)
    tset(st, &st.turn, st.turn + 1)
    if journeys:
        advance_journeys(st, 1 - side)
    arm_reserves(st)
    if st.result == RESULT_NONE and not has_move(st):
        tset(st, &st.result, side)  # R6.5: no legal Move at the start of the turn loses


cdef void do_action(State* st, Move* m) noexcept nogil:
    """Apply one legal action (the caller generated it)."""
    push_frame(st)
    st.n_ev = 0
    if m.kind == ACT_END:
        exec_end(st)
        return
    if m.kind == ACT_MOVE:
        exec_move(st, m)
        set_turn_state(st, st.side, 1)
    elif m.kind == ACT_DOZE:
        exec_doze(st, m)
        set_turn_state(st, st.side, 1)
    elif m.kind == ACT_FIRE:
        exec_fire(st, m)
    elif m.kind == ACT_PICKUP:
        exec_pickup(st, m)
    elif m.kind == ACT_DROP:
        exec_drop(st, m)
    elif m.kind == ACT_EXCHANGE:
        exec_exchange(st, m)
    elif m.kind == ACT_REINFORCE:
        exec_reinforce(st, m)
    elif m.kind == ACT_RESIGN:  # R11.2: m.target is the side that resigns
        tset(st, &st.result, 1 - m.target)
    elif m.kind == ACT_DRAW:
        tset(st, &st.result, RESULT_DRAW)
    arm_reserves(st)
    if st.result == RESULT_NONE and not st.moved and not has_move(st):
        # the side to move can no longer make its Move (its own Fire stunned or destroyed its
        # last mobile piece): the turn cannot be completed, so it loses as R6.5 says
        tset(st, &st.result, 1 - st.side)


cdef void undo_action(State* st) noexcept nogil:
    """Take back the last action exactly."""
    pop_frame(st)
