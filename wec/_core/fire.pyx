# cython: language_level=3
"""Fire (R7, R9): generating and making Fires, projectile flight, transport journeys."""
from libc.stdint cimport uint64_t
from wec._core.state cimport *
from wec._core.board cimport (tset, piece_set, turn_set, can_see, king_dist, log_event, lift_piece,
                              place_piece, remove_piece, proj_key, reveal, key_of, rehash, tally_cool,
                              cool_sum, mark_due)
from wec._core.gen cimport Gen, emit, full, twin_of, aim_range
from wec._core.effects cimport hit_level, arrive, end_journey, meet_hidden, land

# direction index of a king step (dr, dc), indexed [(dr + 1) * 3 + (dc + 1)] (wec.rules.DIRECTIONS)
cdef int DIR_OF[9]
DIR_OF[:] = [5, 6, 7, 4, NONE, 0, 3, 2, 1]

cdef extern from *:
    int ctz "__builtin_ctz"(unsigned int x) nogil
    int ctz64 "__builtin_ctzll"(unsigned long long x) nogil
    int clz64 "__builtin_clzll"(unsigned long long x) nogil

cdef enum:
    WEAPON_KINDS = (1 << A_FL) | (1 << A_ST) | (1 << A_CS) | (1 << A_RL) | (1 << A_SL) | (1 << A_TL)


cdef inline int sign(int x) noexcept nogil:
    return (x > 0) - (x < 0)


cdef inline int step_towards(int frm, int to) noexcept nogil:
    """Direction of one king step from `frm` towards `to` (diagonal while both differ)."""
    return DIR_OF[(sign(to // 10 - frm // 10) + 1) * 3 + sign(to % 10 - frm % 10) + 1]


cdef inline int journey_dir(int frm, int to, int dogleg) noexcept nogil:
    """R9.1: beeline = diagonal while both coordinates differ, then straight; dogleg = straight
    first (along the longer side) until the rest is a diagonal, then diagonal."""
    cdef int dr = to // 10 - frm // 10
    cdef int dc = to % 10 - frm % 10
    cdef int adr = dr if dr >= 0 else -dr
    cdef int adc = dc if dc >= 0 else -dc
    if dogleg and adr != adc:
        if adr > adc:
            dc = 0
        else:
            dr = 0
    return DIR_OF[(sign(dr) + 1) * 3 + sign(dc) + 1]


cdef inline bint level_has_visible(State* st, int side, int sq, int level) noexcept nogil:
    cdef int a = st.occ[level][sq][0]
    cdef int b = st.occ[level][sq][1]
    return (a != NONE and can_see(st, side, a)) or (b != NONE and can_see(st, side, b))


cdef inline bint level_empty(State* st, int sq, int level) noexcept nogil:
    return st.occ[level][sq][0] == NONE and st.occ[level][sq][1] == NONE


cdef int ready_articles(Piece* p, int kind) noexcept nogil:
    """Carried weapons of `kind` whose rate of fire lets them fire now (R7.2)."""
    cdef int i, n = 0
    for i in range(MAX_SLOTS):
        n += p.art[i] == kind and p.cool[i] == 0
    return n


cdef int travel_level(int kind) noexcept nogil:
    if kind == A_JP:
        return AIR
    if kind == A_SC:
        return SUB
    return GROUND


cdef inline bint seen_twin_before(State* st, int side, int e) noexcept nogil:
    """A target's identical twin with a lower id that `side` can see too: the same entry
    (R10.7: a hidden twin never stands in for the visible one)."""
    cdef int other = twin_of(st, e)
    return other != NONE and other < e and can_see(st, side, other)


cdef inline bint may_fire(State* st, Piece* p) noexcept nogil:
    """R7.3.1 not stunned; R6.2 not fired this turn; R6.3 one action per piece."""
    return p.alive and p.stun == 0 and not p.fired and not (st.rules.one_action and p.acted)


cdef int fire_strength(State* st, Piece* p, int w, bint jet) noexcept nogil:
    """Strength of the Fire of weapon `w` (R6.2, R5.3) counting only ready weapons (R7.2);
    `jet`: the jet/sub rocket (R7.9), 0 unless its inherent rocket is ready at its level."""
    cdef Rules* R = st.rules
    cdef int n = ready_articles(p, w)
    if jet:
        if p.level != R.natural[p.type] or p.icool[A_RL] != 0:
            return 0
        return n + 1
    if not (R.jet_rocket[p.type] and w == A_RL) and R.inherent[p.type][w] and p.icool[w] == 0:
        n += 1
    return n


cdef bint twin_fires_it(State* st, int pid, int w, int strength, bint jet) noexcept nogil:
    """Does the identical twin list this Fire instead (R7.2): it fires it stronger, or as strong
    with a lower id? Two such Fires read the same; the list keeps the ready, stronger one."""
    cdef int other = twin_of(st, pid), s
    if other == NONE or not may_fire(st, &st.pieces[other]):
        return False
    s = fire_strength(st, &st.pieces[other], w, jet)
    return s > strength or (s == strength and other < pid)


# --- generation --------------------------------------------------------------------------------

ctypedef struct Targets:
    # the enemies of the side to move that are alive, built at the first homing or jet rocket
    # Fire of a generation
    int built
    int n[3]                    # per level, in id order: what gen_targets looks through
    unsigned short ids[3][640]


cdef void list_targets(State* st, Targets* tg) noexcept nogil:
    cdef int e, lvl
    cdef Piece* q
    tg.n[0] = tg.n[1] = tg.n[2] = 0
    for e in range(st.n_pieces):
        q = &st.pieces[e]
        if q.alive and q.color != st.side:
            lvl = q.level
            tg.ids[lvl][tg.n[lvl]] = <unsigned short>e
            tg.n[lvl] += 1
    tg.built = 1


cdef inline bint foe_in_line(Rules* R, uint64_t* near, int sq, int dir) noexcept nogil:
    """gen.enemy_in_line for the side to move, on the occupancy boards: `near` holds the foes
    within the Fire's range at its level (near_foes)."""
    return ((near[0] & R.ray[sq][dir][0]) | (near[1] & R.ray[sq][dir][1])) != 0


cdef inline bint stun_in_line(State* st, int sq, int dir, int level, int rng) noexcept nogil:
    """gen.stun_hits_enemy for the side to move, on the occupancy boards: the nearest square of
    the line within `rng` holding a piece at `level` holds a foe (the line's squares run up or
    down in index, so the nearest is the lowest or the highest of them)."""
    cdef Rules* R = st.rules
    cdef int w0 = 2 * level, first, step = R.nb[sq][dir]
    cdef uint64_t b0, b1
    if rng > 9:
        rng = 9
    b0 = (st.occ_bb[0][w0] | st.occ_bb[1][w0]) & R.ray[sq][dir][0] & R.within[sq][rng][0]
    b1 = (st.occ_bb[0][w0 + 1] | st.occ_bb[1][w0 + 1]) & R.ray[sq][dir][1] & R.within[sq][rng][1]
    if step == NONE or not (b0 | b1):
        return False
    if step > sq:  # up the index: the lowest
        first = ctz64(b0) if b0 else 64 + ctz64(b1)
    else:
        first = 64 + 63 - clz64(b1) if b1 else 63 - clz64(b0)
    return (st.occ_bb[1 - st.side][w0 + (first >> 6)] >> (first & 63)) & 1


cdef inline void near_foes(State* st, int sq, int level, int rng, uint64_t* near) noexcept nogil:
    """The squares of the side to move's foes at `level` within `rng` king steps of `sq` (two
    words, from State.occ_bb)."""
    cdef Rules* R = st.rules
    if rng > 9:
        rng = 9  # the whole board
    if rng < 0:
        rng = 0
    near[0] = st.occ_bb[1 - st.side][2 * level] & R.within[sq][rng][0]
    near[1] = st.occ_bb[1 - st.side][2 * level + 1] & R.within[sq][rng][1]


cdef inline bint foe_within(State* st, int sq, int level, int rng) noexcept nogil:
    """A foe of the side to move at `level` on `sq` or within `rng` king steps (what the Fires
    of quiescence's list need before anything else: gen_directions' and gen_targets' first
    test, made before the weapon's strength and twin are looked at)."""
    cdef uint64_t near[2]
    near_foes(st, sq, level, rng, near)
    near[sq >> 6] |= st.occ_bb[1 - st.side][2 * level + (sq >> 6)] & ((<uint64_t>1) << (sq & 63))
    return (near[0] | near[1]) != 0


cdef void gen_targets(State* st, Gen* g, Targets* tg, int pid, int weapon, int level,
                      int rng) noexcept nogil:
    """Homing SAM/Torpedo (R7.6) and jet/sub rocket (R7.9) targets: visible enemies at `level`
    within `rng` king steps."""
    cdef Piece* p = &st.pieces[pid]
    cdef int e, i
    cdef Piece* q
    cdef uint64_t near[2]
    near_foes(st, p.sq, level, rng, near)  # (king distance 1..rng; 0 is the square itself)
    near[p.sq >> 6] |= st.occ_bb[1 - st.side][2 * level + (p.sq >> 6)] & \
        ((<uint64_t>1) << (p.sq & 63))
    if not (near[0] | near[1]):
        return  # no foe at that level in range
    if not tg.built:
        list_targets(st, tg)
    for i in range(tg.n[level]):
        e = tg.ids[level][i]
        q = &st.pieces[e]
        if king_dist(p.sq, q.sq) > rng or not can_see(st, p.color, e):
            continue
        if seen_twin_before(st, p.color, e):
            continue
        emit(g, ACT_FIRE, pid, q.sq, level, NONE, NONE, 0, NONE, weapon, 0, e)


cdef void gen_directions(State* st, Gen* g, Targets* tg, int pid, int weapon,
                         int level) noexcept nogil:
    """A directional Fire each way (quiescence's list: only the ways with an enemy in line, for
    a stunner as the first piece in line, as the search's worth_searching judges them)."""
    cdef Rules* R = st.rules
    cdef int d, s, sq = st.pieces[pid].sq
    cdef uint64_t near[2]
    if g.captures:
        near_foes(st, sq, level, aim_range(R, weapon), near)
        if not (near[0] | near[1]):
            return  # no foe in range: none of the ways has one in line
    for d in range(8):
        s = R.nb[sq][d]
        if s == NONE:
            continue
        if g.captures and not (foe_in_line(R, near, sq, d) and (
                weapon != A_ST or stun_in_line(st, sq, d, level, R.stunner_range))):
            continue
        emit(g, ACT_FIRE, pid, s, level, NONE, NONE, 0, d, weapon, 0, NONE)


cdef inline bint may_transport(State* st, Piece* p) noexcept nogil:
    """R9.1: not on a journey, not the Moved piece, at Ground (or a passenger, by option);
    R9.5."""
    cdef Rules* R = st.rules
    if p.journey or p.mover or not may_fire(st, p):
        return False
    return p.level == GROUND or (R.transport_from_carrier and R.natural[p.type] != p.level)


cdef inline bint twin_lists_journeys(State* st, int pid) noexcept nogil:
    """Its identical twin (the lower id) may journey too and lists the same journeys."""
    cdef int other = twin_of(st, pid)
    return other != NONE and other < pid and may_transport(st, &st.pieces[other])


cdef inline int journey_level(State* st, Piece* p, int kind) noexcept nogil:
    """The level a journey with article `kind` travels at (R9.1), or NONE when `kind` is no
    transport article or the piece cannot rise / dive into its own square."""
    cdef int lvl
    if kind != A_BI and kind != A_JP and kind != A_SC:
        return NONE
    lvl = travel_level(kind)
    if lvl != p.level and level_has_visible(st, p.color, p.sq, lvl):
        return NONE
    return lvl


cdef void gen_transport(State* st, Gen* g, int pid) noexcept nogil:
    """R9.1: each carried transport article, every destination, beeline and (when different)
    dogleg."""
    cdef Piece* p = &st.pieces[pid]
    cdef int i, j, kind, dest, dr, dc
    cdef bint dup
    if not may_transport(st, p) or twin_lists_journeys(st, pid):
        return
    for i in range(MAX_SLOTS):
        kind = p.art[i]
        if journey_level(st, p, kind) == NONE:
            continue
        dup = False
        for j in range(i):
            dup = dup or p.art[j] == kind
        if dup:
            continue
        for dest in range(N_SQ):
            if dest == p.sq:
                continue
            emit(g, ACT_FIRE, pid, dest, GROUND, NONE, 0, 0, NONE, kind, 0, NONE)
            dr = dest // 10 - p.sq // 10
            dc = dest % 10 - p.sq % 10
            if dr != 0 and dc != 0 and dr != dc and dr != -dc:
                emit(g, ACT_FIRE, pid, dest, GROUND, NONE, 1, 0, NONE, kind, 0, NONE)


cdef void gen_clearing_journeys(State* st, Gen* g) noexcept nogil:
    """Below the search's root, as the side's first action: one journey for each piece that may
    journey (R9.1), to the first neighbouring square in direction order whose Ground is empty
    and whose travel level holds no piece it sees. A journey moves its piece off its square at
    once (R9.3), and what the search must foresee is that leaving (a Cleric's or Tank's long
    Move through the square, then its Fire), not where the piece goes: the whole list, ~200
    journeys a piece, stays at the root."""
    cdef Rules* R = st.rules
    cdef Piece* p
    cdef int pid, i, kind, lvl, d, dest
    if R.movement_only or st.n_fires or st.moved:
        return  # the turn's first action only: two journeys before a Move multiply the tree
    for pid in range(st.n_pieces):
        p = &st.pieces[pid]
        if p.color != st.side or not p.alive or not may_transport(st, p):
            continue
        if twin_lists_journeys(st, pid):
            continue
        for i in range(MAX_SLOTS):
            kind = p.art[i]
            lvl = journey_level(st, p, kind)
            if lvl == NONE:
                continue
            for d in range(8):
                dest = R.nb[p.sq][d]
                if dest == NONE or st.occ[GROUND][dest][0] != NONE:
                    continue
                if lvl != GROUND and level_has_visible(st, p.color, dest, lvl):
                    continue
                emit(g, ACT_FIRE, pid, dest, GROUND, NONE, 0, 0, NONE, kind, 0, NONE)
                break
            break  # one journey a piece
        if full(g):
            return


cdef void gen_fires(State* st, Gen* g) noexcept nogil:
    """Every legal Fire of the side to move (R6.1, R6.2, R7, R9.1)."""
    cdef Rules* R = st.rules
    cdef Piece* p
    cdef int pid, w, t, strength, lvl, kinds
    cdef bint alone
    cdef Targets tg
    if R.movement_only or st.n_fires >= 2:
        return
    tg.built = 0
    for pid in range(st.n_pieces):
        p = &st.pieces[pid]
        if p.color != st.side or not may_fire(st, p):
            continue
        t = p.type
        alone = st.occ[p.level][p.sq][1] == NONE  # no other piece at its level: no twin
        # the weapon kinds carried or fired by itself, in kind order (A_FL..A_TL): a kind
        # neither carried nor inherent has no Fire (strength 0)
        kinds = ((1 << p.art[0]) | (1 << p.art[1]) | (1 << p.art[2]) | R.fire_kinds[t]) \
            & WEAPON_KINDS
        while kinds:
            w = ctz(kinds)
            kinds &= kinds - 1
            if R.jet_rocket[t] and w == A_RL and \
                    (not g.captures or foe_within(st, p.sq, GROUND, R.jet_rocket_range)):
                strength = fire_strength(st, p, A_RL, True)
                if strength and (alone or not twin_fires_it(st, pid, A_RL, strength, True)):
                    gen_targets(st, g, &tg, pid, A_RL, GROUND, R.jet_rocket_range)
            if not ((p.art[0] == w) | (p.art[1] == w) | (p.art[2] == w) or R.inherent[t][w]):
                continue  # the jet / sub rocket alone
            lvl = R.proj_level[w] if R.proj_level[w] != NONE else p.level
            if g.captures and not foe_within(st, p.sq, lvl, aim_range(R, w)) and not (
                    (w == A_SL or w == A_TL) and foe_within(st, p.sq, lvl, R.homing_range)):
                continue  # quiescence's list: no way with a foe in line, no homing target
            strength = fire_strength(st, p, w, False)
            if strength == 0 or (alone == 0 and twin_fires_it(st, pid, w, strength, False)):
                continue
            gen_directions(st, g, &tg, pid, w, lvl)
            if w == A_SL or w == A_TL:
                gen_targets(st, g, &tg, pid, w, lvl, R.homing_range)
        if not g.captures:  # a journey captures nothing (quiescence's list leaves it out)
            gen_transport(st, g, pid)
        if full(g):
            return


# --- making a Fire -----------------------------------------------------------------------------

cdef void create_projectile(State* st, int kind, int sq, int level, int dir, int target,
                            int strength, int owner) noexcept nogil:
    """R7.6/R7.7: created in `sq`; if a piece is there at its level it hits at once."""
    cdef int i
    cdef Projectile* pr
    log_event(st, EV_PROJECTILE, NONE, sq, level, kind, owner)
    if not level_empty(st, sq, level):
        hit_level(st, sq, level, kind, strength, owner)
        return
    for i in range(MAX_PROJECTILES):
        pr = &st.proj[i]
        if pr.kind == 0:
            tset(st, &pr.kind, kind)
            tset(st, &pr.sq, sq)
            tset(st, &pr.level, level)
            tset(st, &pr.dir, dir)
            tset(st, &pr.target, target)
            tset(st, &pr.strength, strength)
            tset(st, &pr.owner, owner)
            tset(st, &pr.serial, st.proj_serial)
            tset(st, &st.proj_serial, st.proj_serial + 1)
            tset(st, &st.n_live_proj, st.n_live_proj + 1)
            if i >= st.proj_top:
                tset(st, &st.proj_top, i + 1)
            st.hash += proj_key(pr)
            return


cdef int fire_weapons(State* st, int pid, int weapon, bint inherent) noexcept nogil:
    """The piece fired and took part in an action this turn (R6.2, R6.3); with a `weapon`, every
    ready weapon of that kind fires (R6.2) and their count-downs start (R7.2). One rehash of
    the piece for all of it. Returns the strength (R5.3)."""
    cdef Piece* p = &st.pieces[pid]
    cdef int rate = st.rules.rate[weapon], i, n = 0, before = 0
    st.hash -= key_of(p)
    tset(st, &p.fired, 1)
    tset(st, &p.acted, 1)
    if weapon:
        before = cool_sum(p)
        for i in range(MAX_SLOTS):
            if p.art[i] == weapon and p.cool[i] == 0:
                tset(st, &p.cool[i], rate)
                n += 1
        if inherent and p.icool[weapon] == 0:
            tset(st, &p.icool[weapon], rate)
            n += 1
        tally_cool(st, p, before)
    rehash(st, p)
    mark_due(st, pid)
    return n


cdef void journey_step(State* st, int pid) noexcept nogil:
    """R9.3, R9.4: one square along the path; crash, or land / surface at the destination."""
    cdef Piece* p = &st.pieces[pid]
    cdef int cur = p.sq, lvl = p.jlevel, nxt
    nxt = st.rules.nb[cur][journey_dir(cur, p.jdest, p.jpath)]
    if level_has_visible(st, p.color, nxt, lvl):
        log_event(st, EV_STOPPED, pid, cur, GROUND, 0, p.color)
        end_journey(st, pid)  # R9.4 crash: it lands or surfaces where it is
        land(st, pid, cur)
        return
    # R4.2.3: an enemy it could not see is met and captured; it stops there
    if meet_hidden(st, pid, nxt, lvl) and nxt != p.jdest:
        log_event(st, EV_STOPPED, pid, nxt, GROUND, 0, p.color)
        piece_set(st, pid, &p.jdest, nxt)
    lift_piece(st, pid)
    place_piece(st, pid, nxt, lvl)
    arrive(st, nxt, lvl)
    if p.alive and nxt == p.jdest:
        end_journey(st, pid)
        land(st, pid, nxt)


cdef void start_journey(State* st, int pid, Move* m) noexcept nogil:
    cdef Piece* p = &st.pieces[pid]
    cdef int lvl = travel_level(m.art)
    piece_set(st, pid, &p.journey, 1)
    piece_set(st, pid, &p.jkind, m.art)
    piece_set(st, pid, &p.jdest, m.dest)
    piece_set(st, pid, &p.jpath, m.path)
    piece_set(st, pid, &p.jlevel, lvl)
    # R9.1 (clarified): the transported piece is not the Moved piece, and cannot become it
    piece_set(st, pid, &p.mover, 1)
    mark_due(st, pid)
    if lvl != p.level:  # R9.2: rise to the Air / dive to the Sub of its square
        if meet_hidden(st, pid, p.sq, lvl):
            # R4.2.3: it met enemies it could not see there: captured, and it stops in its
            # own square (the journey ends where it began)
            log_event(st, EV_STOPPED, pid, p.sq, p.level, 0, p.color)
            end_journey(st, pid)
            return
        lift_piece(st, pid)
        place_piece(st, pid, p.sq, lvl)
        arrive(st, p.sq, lvl)
        if not p.alive:
            return
    journey_step(st, pid)


cdef void exec_fire(State* st, Move* m) noexcept nogil:
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[m.pid]
    cdef int w = m.art, strength, k, s, lvl, color = p.color
    if R.reveal_on_fire:
        reveal(st, m.pid)  # R7.10, R10.5 (a pre-game option, manual M495-497)
    turn_set(st, &st.n_fires, st.n_fires + 1)
    if w == A_BI or w == A_JP or w == A_SC:
        fire_weapons(st, m.pid, 0, False)
        start_journey(st, m.pid, m)
        return
    if w == A_RL and R.jet_rocket[p.type] and m.target != NONE:
        # R7.9: the jet / sub rocket hits the target's Ground at once, as a rocket
        strength = fire_weapons(st, m.pid, A_RL, True)
        hit_level(st, m.dest, GROUND, A_RL, strength, color)
        return
    strength = fire_weapons(st, m.pid, w, R.inherent[p.type][w])
    lvl = p.level
    if w == A_FL:  # R7.1: every piece at the firer's level on the next `flame range` squares
        s = p.sq
        for k in range(R.flame_range):
            s = R.nb[s][m.dir]
            if s == NONE:
                break
            log_event(st, EV_SWEPT, NONE, s, lvl, A_FL, color)
            hit_level(st, s, lvl, A_FL, strength, color)
    elif w == A_ST:  # R7.3: the first square holding any piece at the firer's level
        s = p.sq
        for k in range(R.stunner_range):
            s = R.nb[s][m.dir]
            if s == NONE:
                break
            if not level_empty(st, s, lvl):
                hit_level(st, s, lvl, A_ST, strength, color)
                break
    elif w == A_CS:  # R7.5
        hit_level(st, m.dest, lvl, A_CS, strength, color)
    elif m.target != NONE:  # R7.6 homing: created one king step towards the target
        s = st.pieces[m.target].sq
        k = step_towards(p.sq, s)
        create_projectile(st, w, s if k == NONE else R.nb[p.sq][k], R.proj_level[w],
                          k, m.target, strength, color)
    else:
        create_projectile(st, w, m.dest, R.proj_level[w], m.dir, NONE, strength, color)


# --- End Turn and the start of a turn ----------------------------------------------------------

cdef void advance_projectiles(State* st) noexcept nogil:
    """R7.7: every projectile advances one square, oldest first."""
    cdef int order[256]
    cdef int n = 0, i, j, k, d, nxt
    cdef Projectile* pr
    cdef Piece* t
    if st.n_live_proj == 0:
        return
    for i in range(st.proj_top):
        if st.proj[i].kind:
            j = n
            while j > 0 and st.proj[order[j - 1]].serial > st.proj[i].serial:
                order[j] = order[j - 1]
                j -= 1
            order[j] = i
            n += 1
    for k in range(n):
        pr = &st.proj[order[k]]
        if pr.kind == 0:
            continue
        st.hash -= proj_key(pr)
        if pr.target != NONE:
            t = &st.pieces[pr.target]
            if not t.alive or t.level != pr.level:
                tset(st, &pr.target, NONE)  # lost its target: directional along its last step
            else:
                d = step_towards(pr.sq, t.sq)
                if d != NONE:
                    tset(st, &pr.dir, d)
        nxt = st.rules.nb[pr.sq][pr.dir] if pr.dir != NONE else NONE
        if nxt == NONE:
            tset(st, &pr.kind, 0)  # it leaves the board
            tset(st, &st.n_live_proj, st.n_live_proj - 1)
            continue
        log_event(st, EV_SWEPT, NONE, nxt, pr.level, pr.kind, pr.owner)
        if not level_empty(st, nxt, pr.level):
            hit_level(st, nxt, pr.level, pr.kind, pr.strength, pr.owner)
            tset(st, &pr.kind, 0)
            tset(st, &st.n_live_proj, st.n_live_proj - 1)
            continue
        tset(st, &pr.sq, nxt)
        st.hash += proj_key(pr)


cdef void advance_journeys(State* st, int side) noexcept nogil:
    """R9.3: at the start of its owner's turn a travelling piece advances one square."""
    cdef int pid
    for pid in range(st.n_pieces):
        if st.pieces[pid].alive and st.pieces[pid].journey and st.pieces[pid].color == side:
            journey_step(st, pid)
