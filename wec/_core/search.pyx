# cython: language_level=3
"""The computer opponent's search: alpha-beta over actions (a turn is a sequence of actions ending
in End Turn; the score changes sign only when the side to move changes), iterative deepening, a
transposition table on the Zobrist hash that also merges action orders reaching the same state,
and move ordering. Runs without the GIL."""
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free
from wec._core.state cimport *
from wec._core.board cimport king_dist
from wec._core.actions cimport gen_actions
from wec._core.make cimport do_action, undo_action

cdef extern from "<time.h>" nogil:
    ctypedef long time_t
    struct timespec:
        time_t tv_sec
        long tv_nsec
    int clock_gettime(int clk, timespec* ts)
    int CLOCK_MONOTONIC

cdef inline double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef int evaluate(State* st, Search* s) noexcept nogil:
    """Static score for the side to move: material (pieces and carried articles), stunned pieces,
    armed reserves, projectiles threatening a primary piece."""
    cdef int pid, i, v, total = 0, side = st.side, sign
    cdef Piece* p
    cdef Projectile* pr
    for pid in range(st.n_pieces):
        p = &st.pieces[pid]
        if not p.alive:
            continue
        v = s.piece_value[p.type]
        for i in range(MAX_SLOTS):
            if p.art[i]:
                v += s.article_value[p.art[i]]
        if p.stun > 0:
            v -= v * s.stunned_pct // 100
        sign = 1 if p.color == side else -1
        total += sign * v
        if st.rules.role[p.type] == 1 and st.n_live_proj:
            for i in range(MAX_PROJECTILES):
                pr = &st.proj[i]
                if pr.kind and pr.owner != p.color and king_dist(pr.sq, p.sq) <= 2:
                    total -= sign * s.proj_near_primary
    for i in range(st.n_reserves):
        if st.reserves[i].armed and not st.reserves[i].entered:
            total += (1 if st.reserves[i].color == side else -1) * s.reserve_armed
    return total


cdef inline bint out_of_budget(Search* s) noexcept nogil:
    if s.stop:
        return True
    if s.node_limit and s.nodes >= s.node_limit:
        return True
    if s.deadline and (s.nodes & 1023) == 0 and now() >= s.deadline:
        return True
    return False


cdef bint enemy_in_line(State* st, int sq, int dir, int level, int rng, int side) noexcept nogil:
    """Is there an enemy piece at `level` within `rng` squares from `sq` in direction `dir`?"""
    cdef int k, i, x
    for k in range(rng):
        sq = st.rules.nb[sq][dir]
        if sq == NONE:
            return False
        for i in range(2):
            x = st.occ[level][sq][i]
            if x != NONE and st.pieces[x].color != side:
                return True
    return False


cdef bint worth_searching(State* st, Move* m) noexcept nogil:
    """Below the root the search looks only at Moves, End Turn and Fires that have an enemy in
    their line (selective search, so that depth reaches the opponent's reply); article actions
    and transports are considered at the root only."""
    cdef Rules* R = st.rules
    cdef Piece* p
    cdef int lvl
    if m.kind == ACT_MOVE or m.kind == ACT_DOZE or m.kind == ACT_END:
        return True
    if m.kind != ACT_FIRE or m.art == A_BI or m.art == A_JP or m.art == A_SC:
        return False
    if m.target != NONE:
        return True  # homing or jet rocket: aimed at an enemy
    p = &st.pieces[m.pid]
    lvl = R.proj_level[m.art] if R.proj_level[m.art] != NONE else p.level
    if m.art == A_FL:
        return enemy_in_line(st, p.sq, m.dir, lvl, R.flame_range, p.color)
    if m.art == A_ST:
        return enemy_in_line(st, p.sq, m.dir, lvl, R.stunner_range, p.color)
    if m.art == A_CS:
        return enemy_in_line(st, p.sq, m.dir, lvl, 1, p.color)
    return enemy_in_line(st, p.sq, m.dir, lvl, 4, p.color)  # a projectile's next few squares


cdef int action_order_key(State* st, Move* m) noexcept nogil:
    """Higher first: fires and captures, then moves, then article actions, End Turn last."""
    cdef int i, x
    if m.kind == ACT_FIRE:
        return 3 if m.art != A_BI and m.art != A_JP and m.art != A_SC else 1
    if m.kind == ACT_MOVE:
        for i in range(2):
            x = st.occ[m.dlevel][m.dest][i]
            if x != NONE and st.pieces[x].color != st.side:
                return 4
        return 2
    if m.kind == ACT_DOZE:
        return 2
    if m.kind == ACT_END:
        return 0
    return 1


cdef void order_moves(State* st, Move* ms, int n, int first) noexcept nogil:
    """Stable partial sort by order key; the TT move `first` goes in front."""
    cdef Move tmp
    cdef int i, j
    cdef signed char ki
    cdef signed char keys[8192]  # small: it lives on the stack of every search ply
    if first > 0 and first < n:
        tmp = ms[first]
        for j in range(first, 0, -1):
            ms[j] = ms[j - 1]
        ms[0] = tmp
    for i in range(n):
        keys[i] = action_order_key(st, &ms[i])
    for i in range(1 if first >= 0 else 0, n):
        tmp = ms[i]
        ki = keys[i]
        j = i
        while j > (1 if first >= 0 else 0) and keys[j - 1] < ki:
            ms[j] = ms[j - 1]
            keys[j] = keys[j - 1]
            j -= 1
        ms[j] = tmp
        keys[j] = ki


cdef int negamax(State* st, Search* s, int depth, int alpha, int beta, int ply,
                 Move* buf) noexcept nogil:
    cdef int n, i, score, best = -2147483000, best_i = -1, side = st.side, flag
    cdef int alpha0 = alpha
    cdef TTEntry* e
    s.nodes += 1
    if st.result != RESULT_NONE:
        if st.result == RESULT_DRAW:
            return 0
        return (s.win - ply) if st.result == side else -(s.win - ply)
    if depth <= 0:
        return evaluate(st, s)
    if out_of_budget(s):
        s.aborted = 1
        return 0
    e = &s.tt[st.hash & s.tt_mask]
    if e.key == st.hash and e.depth >= depth:
        if e.flag == 0:
            return e.score
        if e.flag == 1 and e.score >= beta:
            return e.score
        if e.flag == 2 and e.score <= alpha:
            return e.score
    n = gen_actions(st, buf)
    if n == 0:
        return evaluate(st, s)
    order_moves(st, buf, n, e.best if e.key == st.hash else -1)
    for i in range(n):
        if not worth_searching(st, &buf[i]):
            continue
        do_action(st, &buf[i])
        if st.side != side:  # End Turn (or the game ended): the opponent's point of view
            score = -negamax(st, s, depth - 1, -beta, -alpha, ply + 1, buf + MAX_MOVES + 16)
        else:
            score = negamax(st, s, depth - 1, alpha, beta, ply + 1, buf + MAX_MOVES + 16)
        undo_action(st)
        if s.aborted:
            return 0
        if score > best:
            best = score
            best_i = i
        if score > alpha:
            alpha = score
        if alpha >= beta:
            break
    flag = 0 if (best > alpha0 and best < beta) else (1 if best >= beta else 2)
    e.key = st.hash
    e.depth = depth
    e.score = best
    e.flag = flag
    e.best = best_i
    return best


cdef int search_root(State* st, Search* s, int depth, int first, int* best_index) noexcept nogil:
    """One iteration at `depth`; `first` (an index in generation order, or -1) is tried first.
    Sets best_index (generation order) and returns its score; on abort the best so far."""
    cdef int n, i, j, k, score, best = -2147483000, side = st.side, alpha = -2147483000
    cdef int beta = 2147483000
    cdef signed char ki
    cdef Move* buf = s.buf
    cdef int perm[8192]
    cdef signed char keys[8192]
    n = gen_actions(st, buf)
    best_index[0] = -1
    if n == 0:
        return evaluate(st, s)
    for i in range(n):  # order: `first`, then by order key (stable)
        perm[i] = i
        keys[i] = 100 if i == first else action_order_key(st, &buf[i])
    for i in range(1, n):
        k = perm[i]
        ki = keys[i]
        j = i
        while j > 0 and keys[j - 1] < ki:
            perm[j] = perm[j - 1]
            keys[j] = keys[j - 1]
            j -= 1
        perm[j] = k
        keys[j] = ki
    for i in range(n):
        k = perm[i]
        if out_of_budget(s):
            s.aborted = 1
            break
        do_action(st, &buf[k])
        if st.side != side:
            score = -negamax(st, s, depth - 1, -beta, -alpha, 1, buf + MAX_MOVES + 16)
        else:
            score = negamax(st, s, depth - 1, alpha, beta, 1, buf + MAX_MOVES + 16)
        undo_action(st)
        if s.aborted:
            break
        if score > best:
            best = score
            best_index[0] = k
        if score > alpha:
            alpha = score
    return best
