# cython: language_level=3
"""The legal action list of the side to move (R6.1): the Move (with Dozes), up to two Fires, one
Pickup, Drop, Exchange and Reinforce each, and End Turn once the Move is made."""
from wec._core.state cimport *
from wec._core.board cimport can_see
from wec._core.gen cimport Gen, emit, aim_range
from wec._core.effects cimport defence
from wec._core.movegen cimport gen_moves, gen_captures
from wec._core.fire cimport gen_fires, gen_clearing_journeys
from wec._core.articles cimport gen_articles


cdef bint entry_strikes(State* st, int i) noexcept nogil:
    """Would reserve `i`, entering now (R8.4), strike at once: capture an enemy standing unseen
    on its square's Ground (R4.2.3), or have an enemy primary government piece in the reach of
    an inherent weapon (it enters with no articles, R8.4): in line within the search's aim
    (gen.aim_range) at the weapon's level, or for a homing SAM/Torpedo within its range (R7.6),
    its one hit beating the piece's defence with this turn's hits (R7.8)? A threat to the game
    (R11.1), not to material: the entries the search looks at below its root stay few. The
    reserve is assumed free to enter."""
    cdef Rules* R = st.rules
    cdef Reserve* r = &st.reserves[i]
    cdef Tallies* t = &st.tally
    cdef int x, k, w, lvl, dr, dc, dist
    cdef Piece* q
    for k in range(2):
        x = st.occ[GROUND][r.sq][k]
        if x != NONE and st.pieces[x].color != r.color:
            return True
    if st.n_fires >= 2 or R.one_action:  # R6.1 two Fires a turn; R6.3 it acted by entering
        return False
    for k in range(t.n_primary):
        q = &st.pieces[t.primary[k]]
        if not q.alive or q.color == r.color:
            continue
        dr = q.sq // 10 - r.sq // 10
        dc = q.sq % 10 - r.sq % 10
        dr = -dr if dr < 0 else dr
        dc = -dc if dc < 0 else dc
        dist = dr if dr > dc else dc
        for w in range(A_FL, A_TL + 1):
            if not R.inherent[r.type][w] or (R.jet_rocket[r.type] and w == A_RL):
                continue  # the jet / sub rocket fires only from the natural level, not Ground
            lvl = R.proj_level[w] if R.proj_level[w] != NONE else GROUND
            if q.level != lvl or q.hits[w] + 1 <= defence(st, t.primary[k], w):
                continue  # R7.8: its one hit (no articles) would not beat the defence
            if (dr == 0 or dc == 0 or dr == dc) and dist <= aim_range(R, w):
                return True
            if (w == A_SL or w == A_TL) and dist <= R.homing_range:
                return True
    return False


cdef bint may_enter(State* st, int i) noexcept nogil:
    """Reserve `i` may enter by a Reinforce of the side to move (R8.4: its own, armed, not yet
    entered, no piece it sees on the Ground of the square) and is the first of its identical
    ones there (one list entry, as articles.gen_reinforces lists them)."""
    cdef Reserve* r = &st.reserves[i]
    cdef Reserve* o
    cdef int a, b, j
    if r.color != st.side or not r.armed or r.entered:
        return False
    a = st.occ[GROUND][r.sq][0]
    b = st.occ[GROUND][r.sq][1]
    if (a != NONE and can_see(st, st.side, a)) or (b != NONE and can_see(st, st.side, b)):
        return False
    for j in range(i):
        o = &st.reserves[j]
        if (o.sq == r.sq and o.type == r.type and o.hand == r.hand and o.armed
                and not o.entered and o.color == r.color):
            return False
    return True


cdef void gen_striking_entries(State* st, Gen* g) noexcept nogil:
    """Below the search's root, once the Move is made: the Reinforces whose piece strikes at
    once (entry_strikes) — an armed reserve entering and firing at the primary government
    piece is a threat the reply must see. The rest of the article actions stay at the root."""
    cdef int i
    if st.rules.movement_only or st.did_reinforce or not st.moved:
        return
    for i in range(st.n_reserves):
        if may_enter(st, i) and entry_strikes(st, i):
            emit(g, ACT_REINFORCE, NONE, st.reserves[i].sq, GROUND, NONE, NONE, 0, NONE, 0, 0, i)


cdef inline int gen_kinds(State* st, Move* out, bint articles, bint captures) noexcept nogil:
    """The legal actions in a fixed order: the Move (with Dozes; with `captures` only the
    capturing Moves) until it is made, the Fires, the article actions (when `articles`; with
    `captures` and not `articles`, the Reinforces that strike: gen_striking_entries), End Turn
    once the Move is made."""
    cdef Gen g
    if st.result != RESULT_NONE:
        return 0
    g.out = out
    g.n = 0
    g.limit = MAX_MOVES
    g.captures = captures
    if not st.moved:
        g.n = gen_captures(st, out, MAX_MOVES) if captures else gen_moves(st, out, MAX_MOVES)
    gen_fires(st, &g)
    if articles:
        gen_articles(st, &g)
    elif captures:
        gen_striking_entries(st, &g)
    if st.moved:
        emit(&g, ACT_END, NONE, NONE, NONE, NONE, NONE, 0, NONE, 0, 0, NONE)
    return g.n


cdef int gen_actions(State* st, Move* out) noexcept nogil:
    """Every legal action of the side to move."""
    return gen_kinds(st, out, True, False)


cdef int gen_search_actions(State* st, Move* out) noexcept nogil:
    """The actions the search looks at below its root: the Move (with Dozes), the Fires and End
    Turn — every legal action of those kinds, in gen_actions' order, without the article actions
    (their generation is the costliest part and the search weighs them at the root only)."""
    return gen_kinds(st, out, False, False)


cdef int gen_interior_actions(State* st, Move* out, bint clearing) noexcept nogil:
    """What the search looks at below its root (search.worth_searching): every Move (with
    Dozes), the Fires with an enemy in line or aimed at one (quiescence's Fires: no transport,
    no directional Fire with no enemy in line), after the Move the Reinforces whose piece
    strikes at once (gen_striking_entries) and End Turn, in gen_search_actions' order. The
    Fires it would skip are never generated: a transport alone lists about 200 journeys. With
    `clearing`, before the Move each piece that may journey adds one (gen_clearing_journeys)."""
    cdef Gen g
    if st.result != RESULT_NONE:
        return 0
    g.out = out
    g.n = gen_moves(st, out, MAX_MOVES) if not st.moved else 0
    g.limit = MAX_MOVES
    g.captures = True  # gen_fires' quiescence list: the Fires worth searching
    gen_fires(st, &g)
    if clearing:
        gen_clearing_journeys(st, &g)
    gen_striking_entries(st, &g)
    if st.moved:
        emit(&g, ACT_END, NONE, NONE, NONE, NONE, NONE, 0, NONE, 0, 0, NONE)
    return g.n


cdef int gen_quiescence_actions(State* st, Move* out) noexcept nogil:
    """What quiescence searches: gen_search_actions' list without the Moves that capture
    nothing, the Dozes, the transport Fires and the directional Fires with no enemy in line
    (search.worth_searching's test; the rest in the same order), with the Reinforces that
    strike (gen_striking_entries) before End Turn."""
    return gen_kinds(st, out, False, True)
