# cython: language_level=3
"""The legal action list of the side to move (R6.1): the Move (with Dozes), up to two Fires, one
Pickup, Drop, Exchange and Reinforce each, and End Turn once the Move is made."""
from wec._core.state cimport *
from wec._core.gen cimport Gen, emit
from wec._core.movegen cimport gen_moves, gen_captures
from wec._core.fire cimport gen_fires, gen_clearing_journeys
from wec._core.articles cimport gen_articles


cdef inline int gen_kinds(State* st, Move* out, bint articles, bint captures) noexcept nogil:
    """The legal actions in a fixed order: the Move (with Dozes; with `captures` only the
    capturing Moves) until it is made, the Fires, the article actions (when `articles`), End
    Turn once the Move is made."""
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
    no directional Fire with no enemy in line) and End Turn, in gen_search_actions' order. The
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
    if st.moved:
        emit(&g, ACT_END, NONE, NONE, NONE, NONE, NONE, 0, NONE, 0, 0, NONE)
    return g.n


cdef int gen_quiescence_actions(State* st, Move* out) noexcept nogil:
    """What quiescence searches: gen_search_actions' list without the Moves that capture
    nothing, the Dozes, the transport Fires and the directional Fires with no enemy in line
    (search.worth_searching's test; the rest in the same order)."""
    return gen_kinds(st, out, False, True)
