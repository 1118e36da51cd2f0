# cython: language_level=3
"""Pickup, Drop, Exchange and Reinforce (R8), and the slots of R5.1."""
from wec._core.state cimport *
from wec._core.board cimport (tset, piece_set, turn_set, can_see, king_dist, slots_of,
                              carried_count, article_key, state_key, reserve_set, key_of, rehash, place_piece,
                              remove_piece, log_event, lose_article, gain_article, acquire_lock,
                              occupy, tally_piece, mark_due)
from wec._core.gen cimport Gen, emit, full, twin_of
from wec._core.effects cimport arrive


cdef inline bint may_hold(State* st, Piece* p, int kind) noexcept nogil:
    """R8.1: a primary government piece holds no Stealth unless the option allows it."""
    return kind != A_SH or st.rules.role[p.type] != 1 or st.rules.stealthy_primary


cdef inline bint in_use(Piece* p, int kind) noexcept nogil:
    """The transport article of a journey in progress stays with the piece (R9.5)."""
    return p.journey and p.jkind == kind


cdef int slots_after(State* st, Piece* p, int lose, int gain) noexcept nogil:
    """Free slots (may be negative) after losing one `lose` and gaining one `gain` (0 = none)."""
    cdef int i, n = carried_count(p), boxes = 0, cap
    for i in range(MAX_SLOTS):
        boxes += p.art[i] == A_XXX
    if lose:
        n -= 1
        boxes -= lose == A_XXX
    if gain:
        n += 1
        boxes += gain == A_XXX
    if st.rules.slots[p.type] == 3:
        cap = 2
    elif boxes > 0:
        cap = 3
    else:
        cap = 1
    return cap - n


cdef inline bint first_of_kind(Piece* p, int i) noexcept nogil:
    cdef int j
    for j in range(i):
        if p.art[j] == p.art[i]:
            return False
    return True


cdef inline bint can_act(State* st, Piece* p) noexcept nogil:
    """R7.3.1: a stunned piece cannot Pickup, Drop or Exchange; R6.3 one action per piece."""
    return p.alive and p.stun == 0 and not (st.rules.one_action and p.acted)


cdef inline bint may_pick_up(State* st, Piece* p) noexcept nogil:
    return can_act(st, p) and p.level == GROUND and not p.journey


cdef inline bint twin_acts_for(State* st, int pid, int kind) noexcept nogil:
    """Does the identical twin (lower id) make this article action instead (one list entry)?
    It must be able to: not stunned (R7.3.1), not acted (R6.3), `kind` not in use (R9.5)."""
    cdef int other = twin_of(st, pid)
    cdef Piece* q
    if other == NONE or other > pid:
        return False
    q = &st.pieces[other]
    return can_act(st, q) and not in_use(q, kind) and q.journey == st.pieces[pid].journey


cdef void gen_pickups(State* st, Gen* g) noexcept nogil:
    cdef Piece* p
    cdef int pid, i, kind, other
    for pid in range(st.n_pieces):
        p = &st.pieces[pid]
        if p.color != st.side or not may_pick_up(st, p):
            continue
        other = twin_of(st, pid)
        if other != NONE and other < pid and may_pick_up(st, &st.pieces[other]):
            continue
        for i in range(2):
            kind = st.gart[p.sq][i]
            if kind == 0 or (i == 1 and st.gart[p.sq][0] == kind):
                continue
            if may_hold(st, p, kind) and slots_after(st, p, 0, kind) >= 0:
                emit(g, ACT_PICKUP, pid, p.sq, GROUND, NONE, NONE, 0, NONE, kind, 0, NONE)


cdef void gen_drops(State* st, Gen* g) noexcept nogil:
    cdef Piece* p
    cdef int pid, i, kind
    for pid in range(st.n_pieces):
        p = &st.pieces[pid]
        if p.color != st.side or not can_act(st, p):
            continue
        if st.gart[p.sq][0] and st.gart[p.sq][1]:
            continue  # R8.2: the Ground must have fewer than 2 articles
        for i in range(MAX_SLOTS):
            kind = p.art[i]
            if kind == 0 or not first_of_kind(p, i) or in_use(p, kind):
                continue
            if twin_acts_for(st, pid, kind):
                continue
            if slots_after(st, p, kind, 0) >= 0:
                emit(g, ACT_DROP, pid, p.sq, GROUND, NONE, NONE, 0, NONE, kind, 0, NONE)


cdef void gen_pair(State* st, Gen* g, int a, int b) noexcept nogil:
    """Every exchange between a and b (R8.3): a gives one article, or the two swap one each
    (swaps listed once, from the lower id)."""
    cdef Piece* p = &st.pieces[a]
    cdef Piece* q = &st.pieces[b]
    cdef int i, j, ka, kb
    for i in range(MAX_SLOTS):
        ka = p.art[i]
        if ka == 0 or not first_of_kind(p, i) or in_use(p, ka):
            continue
        if may_hold(st, q, ka) and slots_after(st, p, ka, 0) >= 0 and \
                slots_after(st, q, 0, ka) >= 0:
            emit(g, ACT_EXCHANGE, a, q.sq, q.level, NONE, NONE, 0, NONE, ka, 0, b)
        if a > b:
            continue
        for j in range(MAX_SLOTS):
            kb = q.art[j]
            if kb == 0 or kb == ka or not first_of_kind(q, j) or in_use(q, kb):
                continue
            if may_hold(st, q, ka) and may_hold(st, p, kb) and \
                    slots_after(st, p, ka, kb) >= 0 and slots_after(st, q, kb, ka) >= 0:
                emit(g, ACT_EXCHANGE, a, q.sq, q.level, NONE, NONE, 0, NONE, ka, kb, b)


cdef void gen_exchanges(State* st, Gen* g) noexcept nogil:
    cdef Rules* R = st.rules
    cdef Piece* p
    cdef Piece* q
    cdef int a, b
    for a in range(st.n_pieces):
        p = &st.pieces[a]
        if p.color != st.side or not can_act(st, p) or twin_acts_for(st, a, 0):
            continue
        for b in range(st.n_pieces):
            q = &st.pieces[b]
            if b == a or q.color != st.side or not can_act(st, q):
                continue
            if twin_of(st, b) != a and twin_acts_for(st, b, 0):
                continue
            if king_dist(p.sq, q.sq) > 1 and R.role[p.type] != 2 and R.role[q.type] != 2:
                continue  # R8.3: adjacent, or any distance with a secondary government piece
            if carried_count(p) == 0 and carried_count(q) == 0:
                continue
            gen_pair(st, g, a, b)
        if full(g):
            return


cdef void gen_reinforces(State* st, Gen* g) noexcept nogil:
    cdef Reserve* r
    cdef Reserve* o
    cdef int i, j, a, b
    cdef bint dup
    for i in range(st.n_reserves):
        r = &st.reserves[i]
        if r.color != st.side or not r.armed or r.entered:
            continue
        a = st.occ[GROUND][r.sq][0]
        b = st.occ[GROUND][r.sq][1]
        if (a != NONE and can_see(st, st.side, a)) or (b != NONE and can_see(st, st.side, b)):
            continue  # R8.4: the square's Ground must be empty
        dup = False
        for j in range(i):
            o = &st.reserves[j]
            dup = dup or (o.sq == r.sq and o.type == r.type and o.hand == r.hand and o.armed
                          and not o.entered and o.color == r.color)
        if not dup:
            emit(g, ACT_REINFORCE, NONE, r.sq, GROUND, NONE, NONE, 0, NONE, 0, 0, i)


cdef void gen_articles(State* st, Gen* g) noexcept nogil:
    """Pickups, Drops, Exchanges and Reinforces still allowed this turn (R6.1, R6.3)."""
    if st.rules.movement_only:
        return
    if not st.did_pickup:
        gen_pickups(st, g)
    if not st.did_drop:
        gen_drops(st, g)
    if not st.did_exchange:
        gen_exchanges(st, g)
    if not st.did_reinforce:
        gen_reinforces(st, g)


# --- making them ------------------------------------------------------------------------------

cdef int take_from_piece(State* st, int pid, int kind, int* cool) noexcept nogil:
    cdef Piece* p = &st.pieces[pid]
    cdef int i
    for i in range(MAX_SLOTS):
        if p.art[i] == kind:
            cool[0] = p.cool[i]
            lose_article(st, pid, i)
            return 1
    return 0


cdef void give_to_piece(State* st, int pid, int kind, int cool) noexcept nogil:
    gain_article(st, pid, kind, cool)


cdef void exec_pickup(State* st, Move* m) noexcept nogil:
    cdef Piece* p = &st.pieces[m.pid]
    cdef int i, s = p.sq
    for i in range(2):
        if st.gart[s][i] == m.art:
            st.hash -= article_key(m.art, s)
            give_to_piece(st, m.pid, m.art, st.gcool[s][i])
            if i == 0:  # the square's articles stay packed, in order (as a position lists them)
                tset(st, &st.gart[s][0], st.gart[s][1])
                tset(st, &st.gcool[s][0], st.gcool[s][1])
            tset(st, &st.gart[s][1], 0)
            tset(st, &st.gcool[s][1], 0)
            break
    piece_set(st, m.pid, &p.acted, 1)
    mark_due(st, m.pid)
    turn_set(st, &st.did_pickup, 1)


cdef void exec_drop(State* st, Move* m) noexcept nogil:
    cdef Piece* p = &st.pieces[m.pid]
    cdef int i, cool = 0, s = p.sq
    take_from_piece(st, m.pid, m.art, &cool)
    i = 0 if st.gart[s][0] == 0 else 1
    tset(st, &st.gart[s][i], m.art)
    tset(st, &st.gcool[s][i], cool)
    st.hash += article_key(m.art, s)
    piece_set(st, m.pid, &p.acted, 1)
    mark_due(st, m.pid)
    turn_set(st, &st.did_drop, 1)


cdef void exec_exchange(State* st, Move* m) noexcept nogil:
    cdef int cool_a = 0, cool_b = 0
    take_from_piece(st, m.pid, m.art, &cool_a)
    if m.art2:
        take_from_piece(st, m.target, m.art2, &cool_b)
        give_to_piece(st, m.pid, m.art2, cool_b)
    give_to_piece(st, m.target, m.art, cool_a)
    piece_set(st, m.pid, &st.pieces[m.pid].acted, 1)
    piece_set(st, m.target, &st.pieces[m.target].acted, 1)
    mark_due(st, m.pid)
    mark_due(st, m.target)
    turn_set(st, &st.did_exchange, 1)


cdef void exec_reinforce(State* st, Move* m) noexcept nogil:
    """R8.4: the reserve piece enters at Ground, with no articles."""
    cdef Reserve* r = &st.reserves[m.target]
    cdef int pid = st.n_pieces, i, x
    cdef int here[2]
    cdef Piece* p
    if pid >= MAX_PIECES:
        return
    here[0] = st.occ[GROUND][r.sq][0]  # read first: a removal moves the other occupant up
    here[1] = st.occ[GROUND][r.sq][1]
    for i in range(2):  # R4.2.3: an enemy the player could not see is met and captured
        x = here[i]
        if x != NONE and st.pieces[x].color != r.color:
            remove_piece(st, x, 0)
    p = &st.pieces[pid]
    tset(st, &st.n_pieces, pid + 1)
    tset(st, &p.type, r.type)
    tset(st, &p.color, r.color)
    tset(st, &p.hand, r.hand)
    tset(st, &p.sq, r.sq)
    tset(st, &p.level, GROUND)
    for i in range(MAX_SLOTS):
        tset(st, &p.art[i], 0)
        tset(st, &p.cool[i], 0)
    for i in range(N_KINDS):
        tset(st, &p.icool[i], 0)
    for i in range(7):
        tset(st, &p.hits[i], 0)
    for i in range(4):
        tset(st, &p.lock[i], NONE)
    tset(st, &p.locked, 0)
    tset(st, &p.revealed, 0)
    tset(st, &p.held, 0)
    tset(st, &p.mover, 0)
    tset(st, &p.stun, 0)
    tset(st, &p.home, 0)
    tset(st, &p.journey, 0)
    tset(st, &p.jkind, 0)
    tset(st, &p.jdest, 0)
    tset(st, &p.jpath, 0)
    tset(st, &p.jlevel, 0)
    tset(st, &p.fired, 0)
    tset(st, &p.acted, 1)
    tset(st, &p.alive, 1)
    rehash(st, p)
    mark_due(st, pid)
    tally_piece(st, p, 1)
    if st.rules.role[p.type] == 1:
        tset(st, &st.tally.primary[st.tally.n_primary], pid)
        tset(st, &st.tally.n_primary, st.tally.n_primary + 1)
    occupy(st, pid, r.sq, GROUND)
    reserve_set(st, m.target, &r.entered, 1)
    turn_set(st, &st.did_reinforce, 1)
    log_event(st, EV_ENTERED, pid, r.sq, GROUND, 0, r.color)
    if st.rules.inherent[p.type][A_ASH]:
        acquire_lock(st, pid, 0)  # R10.2: a reinforcement entering with an Anti-Stealth
    arrive(st, r.sq, GROUND)


cdef void arm_reserves(State* st) noexcept nogil:
    """R8.4: a reserve is armed once a friendly piece stands on its square's Ground at the end
    of an action."""
    cdef Reserve* r
    cdef int i, a, b
    if not ((st.pend_bb[0][0] & st.occ_bb[0][0]) | (st.pend_bb[0][1] & st.occ_bb[0][1])
            | (st.pend_bb[1][0] & st.occ_bb[1][0]) | (st.pend_bb[1][1] & st.occ_bb[1][1])):
        return  # no pending reserve's square has a piece of its side on the Ground
    for i in range(st.n_reserves):
        r = &st.reserves[i]
        if r.armed | r.entered:
            continue
        a = st.occ[GROUND][r.sq][0]
        if a == NONE:
            continue  # slot 0 is filled first (board.occupy): nobody there
        b = st.occ[GROUND][r.sq][1]
        if st.pieces[a].color == r.color or (b != NONE and st.pieces[b].color == r.color):
            reserve_set(st, i, &r.armed, 1)
