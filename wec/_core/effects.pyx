# cython: language_level=3
"""Weapon effects (R7): hits and defence stacking, destruction, stun, conversion, projectiles
meeting pieces, and pieces falling or landing."""
from wec._core.state cimport *
from wec._core.board cimport (tset, piece_set, set_stun, set_color, remove_piece, drop_article,
                              lift_piece, place_piece, log_event, room_for, proj_key, turn_set,
                              key_of, rehash, lose_article, end_locks_of, can_see, reveal,
                              destroy_unsupported, tally_piece, mark_due)


cdef int defence(State* st, int pid, int weapon) noexcept nogil:
    """R5.3: inherent + carried antis against `weapon`."""
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[pid]
    cdef int anti = R.anti[weapon], i, n
    n = R.inherent[p.type][anti]
    for i in range(MAX_SLOTS):
        n += p.art[i] == anti
    return n


cdef void end_journey(State* st, int pid) noexcept nogil:
    cdef Piece* p = &st.pieces[pid]
    if not p.journey:
        return
    st.hash -= key_of(p)
    tset(st, &p.journey, 0)
    tset(st, &p.jkind, 0)
    tset(st, &p.jdest, 0)
    tset(st, &p.jpath, 0)
    tset(st, &p.jlevel, 0)
    rehash(st, p)


cdef void put_down(State* st, int pid, int sq) noexcept nogil:
    """A piece lands, surfaces or falls to the Ground of `sq`; destroyed if there is no room
    (R3.4, R7.3.4, R9.4)."""
    cdef Piece* p = &st.pieces[pid]
    if p.level == GROUND and p.sq == sq:
        return
    if not room_for(st, pid, sq, GROUND):
        remove_piece(st, pid, CAUSE_FALL)
        return
    lift_piece(st, pid)
    place_piece(st, pid, sq, GROUND)
    arrive(st, sq, GROUND)


cdef bint meet_hidden(State* st, int pid, int sq, int level) noexcept nogil:
    """R4.2.3: a piece arriving at `sq`/`level` (a journey rising, diving, stepping, landing or
    surfacing, R9.4) captures every enemy there that its side could not see. Returns whether it
    met any (it then stops there)."""
    cdef Piece* p = &st.pieces[pid]
    cdef int i, x
    cdef int here[2]
    cdef bint met = False
    here[0] = st.occ[level][sq][0]  # read first: a removal moves the other occupant up
    here[1] = st.occ[level][sq][1]
    for i in range(2):
        x = here[i]
        if x != NONE and x != pid and st.pieces[x].alive and st.pieces[x].color != p.color \
                and not can_see(st, p.color, x):
            remove_piece(st, x, 0)
            met = True
    if met:
        reveal(st, pid)  # R10.5: a hidden piece that captures is revealed
    return met


cdef void land(State* st, int pid, int sq) noexcept nogil:
    """R9.2-R9.4: a journey ends at `sq`: the piece lands or surfaces at its Ground, capturing
    the enemies there it could not see (R4.2.3); destroyed if the Ground has no room."""
    meet_hidden(st, pid, sq, GROUND)
    put_down(st, pid, sq)


cdef void stun_piece(State* st, int pid) noexcept nogil:
    """R7.3.1-R7.3.4: stun count, every carried article dropped by the ring, a transport fall."""
    cdef Piece* p = &st.pieces[pid]
    cdef int kind, cool
    set_stun(st, pid, st.rules.stun_turns)
    log_event(st, EV_STUNNED, pid, p.sq, p.level, st.rules.stun_turns, p.color)
    while p.art[0]:  # in slot order (slots are packed: the next one moves up)
        kind = p.art[0]
        cool = p.cool[0]
        lose_article(st, pid, 0)
        drop_article(st, kind, cool, p.sq, p.color)
    if p.journey:
        end_journey(st, pid)
        if p.level != GROUND and st.rules.natural[p.type] != p.level:
            put_down(st, pid, p.sq)


cdef void convert_piece(State* st, int pid) noexcept nogil:
    """R7.5: the piece changes sides with its articles, counts and cool-downs."""
    cdef Piece* p = &st.pieces[pid]
    log_event(st, EV_CONVERTED, pid, p.sq, p.level, 0, p.color)
    turn_set(st, &st.violent, 1)
    if st.rules.role[p.type] == 1:  # R11.1: a converted primary piece is lost
        turn_set(st, &st.primary_lost[p.color], st.primary_lost[p.color] + 1)
    end_locks_of(st, pid)  # R10.2
    set_color(st, pid, 1 - p.color)


cdef void hit_piece(State* st, int pid, int weapon, int strength, int firer) noexcept nogil:
    """R7.8: count the hit; its effect happens once the count exceeds the defence."""
    cdef Piece* p = &st.pieces[pid]
    if not p.alive:
        return
    if weapon == A_CS and p.color == firer:
        return  # conversion changes enemies only (R7.5)
    if weapon == A_ST and p.hits[weapon] + strength > defence(st, pid, weapon):
        # the hit and the stun count under one rehash (stun_piece then finds the count set)
        st.hash -= key_of(p)
        tally_piece(st, p, -1)
        tset(st, &p.hits[weapon], p.hits[weapon] + strength)
        tset(st, &p.stun, st.rules.stun_turns)
        tally_piece(st, p, 1)
        rehash(st, p)
        mark_due(st, pid)
        stun_piece(st, pid)
        return
    piece_set(st, pid, &p.hits[weapon], p.hits[weapon] + strength)
    mark_due(st, pid)
    if p.hits[weapon] <= defence(st, pid, weapon):
        return
    if weapon == A_CS:
        convert_piece(st, pid)
    else:
        remove_piece(st, pid, weapon)


cdef void hit_level(State* st, int sq, int level, int weapon, int strength,
                    int firer) noexcept nogil:
    """Every piece at that level of that square takes the hit, friend or foe (R7.0)."""
    cdef Rules* R = st.rules
    cdef int a = st.occ[level][sq][0]
    cdef int b = st.occ[level][sq][1]
    if a != NONE:
        hit_piece(st, a, weapon, strength, firer)
    if b != NONE:
        hit_piece(st, b, weapon, strength, firer)
    if level == GROUND:
        return
    if weapon != A_CS:
        destroy_unsupported(st, sq, level)  # R3.4: a passenger dies with its carrier
        return
    # R7.5: a partial conversion in Air/Sub leaves a mixed pair only when both can be there alone;
    # otherwise the passenger (the one not there by itself) is destroyed (conversion kill)
    a = st.occ[level][sq][0]
    b = st.occ[level][sq][1]
    if a == NONE or b == NONE or st.pieces[a].color == st.pieces[b].color:
        return
    if R.natural[st.pieces[a].type] != level and not st.pieces[a].journey:
        remove_piece(st, a, A_CS)
    if R.natural[st.pieces[b].type] != level and not st.pieces[b].journey:
        remove_piece(st, b, A_CS)


cdef void arrive(State* st, int sq, int level) noexcept nogil:
    """R7.7: a piece that ends a movement in a projectile's square and level is hit at once."""
    cdef int i
    cdef Projectile* pr
    if st.n_live_proj == 0:
        return
    for i in range(st.proj_top):
        pr = &st.proj[i]
        if pr.kind and pr.sq == sq and pr.level == level:
            if st.occ[level][sq][0] == NONE and st.occ[level][sq][1] == NONE:
                continue
            st.hash -= proj_key(pr)
            hit_level(st, sq, level, pr.kind, pr.strength, pr.owner)
            tset(st, &pr.kind, 0)
            tset(st, &st.n_live_proj, st.n_live_proj - 1)
