# cython: language_level=3
"""The computer opponent's search: alpha-beta over actions (a turn is a sequence of actions ending
in End Turn; the score changes sign only when the side to move changes), iterative deepening, a
transposition table on the Zobrist hash that also merges action orders reaching the same state,
and move ordering. Runs without the GIL."""
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, malloc, free
from libc.string cimport memcpy, memset
from wec._core.state cimport *
from wec._core.board cimport king_dist, cool_sum
from wec._core.actions cimport (gen_actions, gen_interior_actions, gen_quiescence_actions,
                                entry_strikes)
from wec._core.make cimport do_action, undo_action
from wec._core.gen cimport aims_at_enemy, aim_range

cdef extern from *:
    int ctz "__builtin_ctz"(unsigned int x) nogil


cdef inline int pieces_near(int* count, int sq) noexcept nogil:
    """The pieces `count` holds (per square) within 2 king steps of `sq`."""
    cdef int r0 = sq // 10, c0 = sq % 10, r, c, n = 0
    cdef int c_lo = c0 - 2 if c0 >= 2 else 0, c_hi = c0 + 3 if c0 <= 7 else 10
    for r in range(r0 - 2 if r0 >= 2 else 0, r0 + 3 if r0 <= 7 else 10):
        for c in range(c_lo, c_hi):
            n += count[r * 10 + c]
    return n


cdef int search_alloc(Search* S, int tt_bits) except -1:
    """The search's tables, allocated afresh (the old ones freed): the transposition table of
    2**tt_bits entries, the per-ply action lists and their order scores, the history, the root
    scores."""
    search_free(S)
    S.root_scores = <int*>malloc((MAX_MOVES + 16) * sizeof(int))
    S.prev_scores = <int*>malloc((MAX_MOVES + 16) * sizeof(int))
    S.root_keys = <long long*>malloc((MAX_MOVES + 16) * sizeof(long long))
    S.root_nodes = <long long*>malloc((MAX_MOVES + 16) * sizeof(long long))
    S.prev_hash = 0
    S.tt = <TTEntry*>calloc(1 << tt_bits, sizeof(TTEntry))
    S.buf = <Move*>malloc(MAX_PLY * (MAX_MOVES + 16) * sizeof(Move))
    S.order = <int*>malloc(MAX_PLY * MAX_MOVES * sizeof(int))
    S.order2 = <int*>malloc(MAX_PLY * MAX_MOVES * sizeof(int))
    S.order_at = <int*>malloc(MAX_PLY * MAX_MOVES * sizeof(int))
    S.history = <int*>calloc(MAX_PIECES * N_SQ, sizeof(int))
    if (S.tt == NULL or S.buf == NULL or S.order == NULL or S.order2 == NULL
            or S.order_at == NULL or S.history == NULL or S.root_scores == NULL
            or S.prev_scores == NULL or S.root_keys == NULL or S.root_nodes == NULL):
        search_free(S)
        raise MemoryError()
    S.max_ply = MAX_PLY
    memset(&S.null_move, 0, sizeof(Move))
    S.null_move.kind = ACT_END
    S.null_move.pid = S.null_move.dest = S.null_move.dlevel = S.null_move.passenger = NONE
    S.null_move.path = S.null_move.art = S.null_move.target = NONE
    memset(S.null_at, 0, sizeof(S.null_at))
    S.tt_mask = (1 << tt_bits) - 1
    return 0


cdef void search_free(Search* S) noexcept nogil:
    """Frees the search's tables (search_alloc's); the Search itself stays."""
    free(S.tt)
    free(S.buf)
    free(S.order)
    free(S.order2)
    free(S.order_at)
    free(S.history)
    free(S.root_scores)
    free(S.prev_scores)
    free(S.root_keys)
    free(S.root_nodes)
    S.tt = NULL
    S.buf = NULL
    S.order = S.order2 = S.order_at = S.history = S.root_scores = S.prev_scores = NULL
    S.root_keys = S.root_nodes = NULL


cdef int set_values(Search* S, dict values) except -1:
    """The evaluation's values (wec.ai.search_values()) into a search (the alpha-beta search's and
    IS-MCTS's alike)."""
    cdef int i
    for i, v in enumerate(values["pieces"]):
        S.piece_value[i] = v
    for i, v in enumerate(values["articles"]):
        S.article_value[i] = v
    S.stunned_pct = values["stunned"]
    S.proj_near_primary = values["projectile_near_primary"]
    S.mobility = values["mobility"]
    S.reserve_armed = values["reserve_armed"]
    S.primary_guard = values.get("primary_guard", 0)
    S.cooling = values.get("cooling", 0)
    S.win = values["win"]
    return 0


cdef int evaluate(State* st, Search* s) noexcept nogil:
    """Static score for the side to move: material (pieces and carried articles, less the turns
    their weapons still cool down), stunned pieces,
    armed reserves, and the safety of the primary government pieces (enemy projectiles and enemy
    pieces close to them).

    The unstunned pieces' material is the state's tallies (per colour: pieces per type, articles
    per kind, count-downs) times the values; a stunned piece's value is cut on its own."""
    cdef int pid, i, w, v, total, side = st.side, other = 1 - st.side, sign, cooling = s.cooling
    cdef unsigned int bits
    cdef Piece* p
    cdef Projectile* pr
    cdef Tallies* t = &st.tally
    total = cooling * (t.cool[other] - t.cool[side])
    for i in range(N_TYPES):
        total += (t.types[side][i] - t.types[other][i]) * s.piece_value[i]
    for i in range(1, N_KINDS):
        total += (t.arts[side][i] - t.arts[other][i]) * s.article_value[i]
    for w in range((st.n_pieces + 31) >> 5):
        bits = <unsigned int>t.stunned[w]
        while bits:
            pid = (w << 5) + ctz(bits)
            bits &= bits - 1
            p = &st.pieces[pid]
            v = s.piece_value[p.type] - cooling * cool_sum(p)
            for i in range(MAX_SLOTS):
                if p.art[i]:
                    v += s.article_value[p.art[i]]
            v -= v * s.stunned_pct // 100
            total += v if p.color == side else -v
    for i in range(t.n_primary):
        p = &st.pieces[t.primary[i]]
        if not p.alive:
            continue
        sign = 1 if p.color == side else -1
        if st.n_live_proj:
            for pid in range(st.proj_top):
                pr = &st.proj[pid]
                if pr.kind and pr.owner != p.color and king_dist(pr.sq, p.sq) <= 2:
                    total -= sign * s.proj_near_primary
        if s.primary_guard:  # unstunned enemies within 2 king steps, at any level
            total -= sign * s.primary_guard * pieces_near(t.on_sq[1 - p.color], p.sq)
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


cdef bint worth_searching(State* st, Move* m) noexcept nogil:
    """Below the root the search looks only at Moves, End Turn, Fires that have an enemy in
    their line (a stunner's first piece in line: gen.aims_at_enemy) and Reinforces whose piece strikes at once (actions.entry_strikes: an armed
    reserve's threat, R8.4) (selective search, so that depth reaches the opponent's reply); the
    other article actions and transports are considered at the root only."""
    cdef Rules* R = st.rules
    cdef Piece* p
    cdef int lvl
    if m.kind == ACT_MOVE or m.kind == ACT_DOZE or m.kind == ACT_END:
        return True
    if m.kind == ACT_REINFORCE:
        return entry_strikes(st, m.target)
    if m.kind != ACT_FIRE or m.art == A_BI or m.art == A_JP or m.art == A_SC:
        return False
    if m.target != NONE:
        return True  # homing or jet rocket: aimed at an enemy
    p = &st.pieces[m.pid]
    lvl = R.proj_level[m.art] if R.proj_level[m.art] != NONE else p.level
    return aims_at_enemy(st, p.sq, m.dir, lvl, m.art, aim_range(R, m.art), p.color, NONE)


cdef enum:
    SKIP = -2147483647       # order score of an action the search does not look at here
    INF = 2147483000
    AIMING = 1050000         # order score of a quiet Move that sets up an aimed Fire (aims_after)
    AIMED_KINDS = (1 << A_FL) | (1 << A_ST) | (1 << A_CS) | (1 << A_RL)  # directional weapons

cdef long long NO_KEY = -(1LL << 62)      # root_key of an action not picked
cdef long long FIRST_KEY = 1LL << 62      # root_key of `first`
cdef long long SCORED_KEY = 1LL << 56     # root_key's base for a scored action (its score times
                                          # 2**SCORE_SHIFT stays within +-2**51)


cdef inline unsigned int action_key(Move* m) noexcept nogil:
    """A compact identity of an action (for the killer slots); collisions only cost ordering."""
    return ((<unsigned int>(m.kind & 15) << 27) ^ (<unsigned int>(m.pid & 1023) << 17)
            ^ (<unsigned int>(m.dest & 127) << 10) ^ (<unsigned int>(m.dlevel & 3) << 8)
            ^ (<unsigned int>(m.art & 31) << 3) ^ <unsigned int>(m.dir & 7)
            ^ (<unsigned int>(m.passenger >= 0) << 31))


cdef int victim_value(State* st, Search* s, Move* m) noexcept nogil:
    """A Move's capture: the value of the best enemy piece at its destination level, -1 if none
    (a primary government piece counts above everything)."""
    cdef int i, x, t, v, best = -1
    if m.kind != ACT_MOVE:
        return -1
    for i in range(2):
        x = st.occ[m.dlevel][m.dest][i]
        if x != NONE and st.pieces[x].color != st.side:
            t = st.pieces[x].type
            v = 100000 if st.rules.role[t] == 1 else s.piece_value[t]
            if v > best:
                best = v
    return best


cdef bint aims_after(State* st, Move* m) noexcept nogil:
    """Would the Move's piece, landed, have a directional weapon with an enemy in its line
    (gen.aims_at_enemy within gen.aim_range)? Such a quiet Move sets up the turn's Fire (which
    comes after the Move, at no depth): it is ordered before the other quiet Moves and never
    pruned as late. The line is read with the piece still at its origin."""
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[m.pid]
    cdef unsigned int kinds
    cdef int w, lvl, d
    if st.n_fires >= 2 or R.movement_only:
        return False
    kinds = (((1 << p.art[0]) | (1 << p.art[1]) | (1 << p.art[2]) | R.fire_kinds[p.type])
             & AIMED_KINDS)
    while kinds:
        w = ctz(kinds)
        kinds &= kinds - 1
        lvl = R.proj_level[w] if R.proj_level[w] != NONE else m.dlevel
        for d in range(8):
            if aims_at_enemy(st, m.dest, d, lvl, w, aim_range(R, w), p.color, m.pid):
                return True
    return False


cdef int order_score(State* st, Search* s, Move* m, int ply) noexcept nogil:
    """Higher first: captures by value of the victim (least valuable attacker first), fires with
    an enemy in line, Reinforces that strike, the killers of this ply, then quiet Moves by their
    history, article actions, End Turn last."""
    cdef int v
    cdef unsigned int key
    if m.kind == ACT_MOVE:
        v = victim_value(st, s, m)
        if v >= 0:
            return 2000000 + v * 16 - s.piece_value[st.pieces[m.pid].type] // 16
    if m.kind == ACT_FIRE:
        return 1500000 if worth_searching(st, m) else 100
    if m.kind == ACT_REINFORCE and worth_searching(st, m):
        return 1400000
    key = action_key(m)
    if key == s.killers[ply][0]:
        return 1200000
    if key == s.killers[ply][1]:
        return 1100000
    if s.aim_order and m.kind == ACT_MOVE and aims_after(st, m):
        return AIMING
    if m.kind == ACT_MOVE or m.kind == ACT_DOZE:
        v = s.history[m.pid * N_SQ + m.dest]
        return 1000 + (v if v < 900000 else 900000)
    if m.kind == ACT_END:
        return 0
    return 500


cdef inline int pick_next(int* sc, int n) noexcept nogil:
    """The index of the highest remaining order score (marked SKIP once taken), -1 when none."""
    cdef int i, best = -1, bv = SKIP
    for i in range(n):
        if sc[i] > bv:
            bv = sc[i]
            best = i
    if best >= 0:
        sc[best] = SKIP
    return best


cdef void reward_cutoff(State* st, Search* s, Move* m, int depth, int ply) noexcept nogil:
    """A quiet action caused a cut-off: remember it as a killer and credit its history."""
    cdef unsigned int key
    if m.kind != ACT_MOVE and m.kind != ACT_DOZE:
        return
    if victim_value(st, s, m) >= 0:
        return
    key = action_key(m)
    if s.killers[ply][0] != key:
        s.killers[ply][1] = s.killers[ply][0]
        s.killers[ply][0] = key
    s.history[m.pid * N_SQ + m.dest] += depth * depth


cdef inline int terminal_score(State* st, Search* s, int ply) noexcept nogil:
    if st.result == RESULT_DRAW:
        return 0
    return (s.win - ply) if st.result == st.side else -(s.win - ply)


cdef inline bint settles(TTEntry* e, int alpha, int beta) noexcept nogil:
    """The table's score of this state answers the window: exact, or a bound beyond it."""
    return (e.flag == 0 or (e.flag == 1 and e.score >= beta)
            or (e.flag == 2 and e.score <= alpha))


cdef inline int noisy_score(State* st, Search* s, Move* m, int ply) noexcept nogil:
    """What quiescence looks at, with its order_score: captures by a Move, Fires with an enemy
    in line, and End Turn once the Move is made (so the opponent's replies are seen); SKIP for
    the rest (each test made once)."""
    cdef int v
    if m.kind == ACT_MOVE:
        v = victim_value(st, s, m)
        if v < 0:
            return SKIP
        return 2000000 + v * 16 - s.piece_value[st.pieces[m.pid].type] // 16
    if m.kind == ACT_FIRE:
        return 1500000  # gen_quiescence_actions lists only the Fires worth_searching keeps
    if m.kind == ACT_END or m.kind == ACT_REINFORCE:  # the Reinforces listed strike
        return order_score(st, s, m, ply)
    return SKIP


cdef int qsearch(State* st, Search* s, int alpha, int beta, int ply, int qd,
                 Move* buf) noexcept nogil:
    """Quiescence: before its Move the side to move may stand pat on the static score (it has
    a quiet Move) or capture; after its Move it fires or ends the turn, and the opponent then
    gets the same choice. Resolves exchanges, pending projectiles (they advance at End Turn)
    and stuns before the position is judged."""
    cdef int n, i, j, k, m, score, best, side = st.side, alpha0 = alpha
    cdef TTEntry* e
    cdef int* sc
    cdef int* at
    s.nodes += 1
    if st.result != RESULT_NONE:
        return terminal_score(st, s, ply)
    if s.turn_only and st.side != s.root_side:
        return evaluate(st, s)
    if qd <= 0 or ply >= s.max_ply - 1:
        return evaluate(st, s)
    if out_of_budget(s):
        s.aborted = 1
        return 0
    e = &s.tt[st.hash & s.tt_mask]
    if s.qs_tt and e.key == st.hash and settles(e, alpha, beta):  # the main search's or ours
        return e.score
    best = -INF
    if not st.moved:
        best = evaluate(st, s)
        if best >= beta:
            return best
        if best > alpha:
            alpha = best
    n = gen_quiescence_actions(st, buf)  # no quiet Move or Doze: none is noisy
    sc = s.order + ply * MAX_MOVES
    at = s.order_at + ply * MAX_MOVES
    m = 0
    for i in range(n):
        score = noisy_score(st, s, &buf[i], ply)
        if score != SKIP:
            at[m] = i
            sc[m] = score
            m += 1
    while True:
        j = pick_next(sc, m)
        if j < 0:
            break
        k = at[j]
        do_action(st, &buf[k])
        if st.side != side:
            score = -qsearch(st, s, -beta, -alpha, ply + 1, qd - 1, buf + MAX_MOVES + 16)
        else:
            score = qsearch(st, s, alpha, beta, ply + 1, qd - 1, buf + MAX_MOVES + 16)
        undo_action(st)
        if s.aborted:
            return 0
        if score > best:
            best = score
        if score > alpha:
            alpha = score
        if alpha >= beta:
            break
    if best == -INF:
        return evaluate(st, s)
    # never over this decision's main search entry (an earlier decision's gives way)
    if s.qs_tt and (e.key == 0 or e.depth < 0 or e.age != s.age):
        e.key = st.hash
        e.age = s.age
        e.depth = -1  # below any main search probe (depth >= 1)
        e.score = best
        e.flag = 0 if (best > alpha0 and best < beta) else (1 if best >= beta else 2)
        e.best = -1  # its index would be in another list than the main search's (plan())
    return best


cdef inline int child_depth(Search* s, Move* m, int depth) noexcept nogil:
    """The depth left after `m`: End Turn costs none; with `move_depth` only the Move (or Doze)
    costs one, so depth 2 is always a Move and the opponent's Move whatever Fires and article
    actions come before them (a Fire that cost depth would push the opponent's reply out of
    the full-width search: the horizon effect); else every action costs one."""
    if m.kind == ACT_END:
        return depth
    if s.move_depth and m.kind != ACT_MOVE and m.kind != ACT_DOZE:
        return depth
    return depth - 1


cdef inline bint fresh_turn(State* st) noexcept nogil:
    """Nothing of the side to move's turn is done yet (no Move, Fire or article action)."""
    return not (st.moved or st.n_fires or st.did_pickup or st.did_drop or st.did_exchange
                or st.did_reinforce)


cdef int try_null_turn(State* st, Search* s, int depth, int beta, int ply,
                       Move* buf) noexcept nogil:
    """Null-turn pruning (a chess engine's null move): at the start of a turn deep enough in
    the tree, with the static score already at beta, the side to move passes (End Turn without
    a Move) and the opponent's best answer is searched shallower with a null window; if the
    side still holds beta, a real turn would too (the turn's Move, Fires and articles can only
    help it: there is hardly a zugzwang in this game), and the node fails high without
    searching its ~250 Moves. Returns the score to fail high with, or -INF to search on."""
    cdef int score, r
    if (not s.null_turn or depth < 2 or ply < 1 or s.null_at[ply - 1] or not fresh_turn(st)
            or beta >= s.win // 2 or beta <= -s.win // 2):
        return -INF
    if evaluate(st, s) < beta:
        return -INF
    r = 1 if depth < 6 else 2
    s.null_at[ply] = 1
    do_action(st, &s.null_move)
    score = -negamax(st, s, depth - 1 - r, -beta, -beta + 1, ply + 1, buf)
    undo_action(st)
    s.null_at[ply] = 0
    if s.aborted or score < beta:
        return -INF
    return score if score < s.win // 2 else beta  # a win found by passing is not proven


cdef inline int reduction(Search* s, int depth, int d1, int searched) noexcept nogil:
    """How much shallower a late quiet action is searched first: one, or with deep_reductions
    more the later it comes and the deeper the node (a chess engine's log-shaped table, in
    steps), never below quiescence."""
    cdef int r = 1
    if s.deep_reductions:
        if searched >= 12:
            r = 2
        if searched >= 40 and depth >= 3:
            r = 3
    return r if r <= d1 else d1


cdef int negamax(State* st, Search* s, int depth, int alpha, int beta, int ply,
                 Move* buf) noexcept nogil:
    """Alpha-beta over actions with principal-variation windows. Depth counts actions; End Turn
    costs none, so depth 2 is a Move and the opponent's Move."""
    cdef int n, i, j, k, m, tt_best, score, best = -INF, best_i = -1, side = st.side, flag, d1
    cdef int searched = 0, r, quiet = 0
    cdef bint futile = False
    cdef int alpha0 = alpha
    cdef int* sc
    cdef int* ordered
    cdef int* at
    cdef TTEntry* e
    if st.result != RESULT_NONE:
        s.nodes += 1
        return terminal_score(st, s, ply)
    if s.turn_only and st.side != s.root_side:
        s.nodes += 1
        return evaluate(st, s)
    if depth <= 0 or ply >= s.max_ply - 1:
        return qsearch(st, s, alpha, beta, ply, s.qdepth, buf)
    s.nodes += 1
    if out_of_budget(s):
        s.aborted = 1
        return 0
    e = &s.tt[st.hash & s.tt_mask]
    if e.key == st.hash and e.depth >= depth and settles(e, alpha, beta):
        return e.score
    score = try_null_turn(st, s, depth, beta, ply, buf + MAX_MOVES + 16)
    if score != -INF:
        return score
    if s.aborted:
        return 0
    n = gen_interior_actions(st, buf, s.clearing)  # only what worth_searching keeps
    if n == 0:
        return evaluate(st, s)
    sc = s.order + ply * MAX_MOVES
    ordered = s.order2 + ply * MAX_MOVES
    at = s.order_at + ply * MAX_MOVES
    m = 0
    tt_best = e.best if e.key == st.hash else -1  # an index in gen_interior_actions' list
    if (s.futility and depth == 1 and beta - alpha == 1 and -s.win // 2 < alpha < s.win // 2):
        futile = evaluate(st, s) + s.futility <= alpha
    for i in range(n):
        if (s.fires_after_move and not st.moved and buf[i].kind == ACT_FIRE
                and buf[i].art != A_CS):
            continue  # a Conversion stays before the Move: the converted piece may then Move
        at[m] = i
        sc[m] = 2147483000 if i == tt_best else order_score(st, s, &buf[i], ply)
        ordered[m] = sc[m]
        m += 1
    while True:
        j = pick_next(sc, m)
        if j < 0:
            break
        k = at[j]
        if ordered[j] < AIMING and (buf[k].kind == ACT_MOVE or buf[k].kind == ACT_DOZE):
            quiet += 1
            if futile:
                continue  # futility pruning: a quiet last Move cannot lift the score to alpha
            if (s.late_moves and depth == 1 and quiet > s.late_moves and beta - alpha == 1
                    and best > -s.win // 2):
                continue  # late move pruning: the last Move's late quiet ones are not tried
            if (s.late_moves_2 and depth == 2 and quiet > s.late_moves_2 and beta - alpha == 1
                    and best > -s.win // 2):
                continue
        d1 = child_depth(s, &buf[k], depth)
        # late quiet Moves are searched shallower first (late move reduction)
        r = reduction(s, depth, d1, searched) if (
            s.reductions and searched >= 4 and depth >= 2 and ordered[j] < 1100000
            and buf[k].kind != ACT_END) else 0
        do_action(st, &buf[k])
        if st.side != side:  # End Turn (or the game ended): the opponent's point of view
            if searched == 0:
                score = -negamax(st, s, d1, -beta, -alpha, ply + 1, buf + MAX_MOVES + 16)
            else:
                score = -negamax(st, s, d1 - r, -alpha - 1, -alpha, ply + 1, buf + MAX_MOVES + 16)
                if r and score > alpha and not s.aborted:
                    score = -negamax(st, s, d1, -alpha - 1, -alpha, ply + 1, buf + MAX_MOVES + 16)
                if score > alpha and score < beta and not s.aborted:
                    score = -negamax(st, s, d1, -beta, -alpha, ply + 1, buf + MAX_MOVES + 16)
        else:
            if searched == 0:
                score = negamax(st, s, d1, alpha, beta, ply + 1, buf + MAX_MOVES + 16)
            else:
                score = negamax(st, s, d1 - r, alpha, alpha + 1, ply + 1, buf + MAX_MOVES + 16)
                if r and score > alpha and not s.aborted:
                    score = negamax(st, s, d1, alpha, alpha + 1, ply + 1, buf + MAX_MOVES + 16)
                if score > alpha and score < beta and not s.aborted:
                    score = negamax(st, s, d1, alpha, beta, ply + 1, buf + MAX_MOVES + 16)
        undo_action(st)
        searched += 1
        if s.aborted:
            return 0
        if score > best:
            best = score
            best_i = k
        if score > alpha:
            alpha = score
        if alpha >= beta:
            reward_cutoff(st, s, &buf[k], depth, ply)
            break
    if best_i < 0:
        return evaluate(st, s)
    flag = 0 if (best > alpha0 and best < beta) else (1 if best >= beta else 2)
    e.key = st.hash
    e.depth = depth
    e.score = best
    e.flag = flag
    e.best = best_i
    e.age = s.age
    return best


cdef bint idle_before_move(State* st, Search* s, Move* m, int depth) noexcept nogil:
    """Does the root leave out this action at this iteration's depth? An action before the
    turn's Move that spends no depth (a Fire, an article action) is followed by a search as
    deep as the whole iteration's, so each can cost about as much as all the Moves together
    (docs/ENGINE-NOTES.md has the counts). The idle ones
    (a weapon's Fire with no enemy in its line or aim, which below the root is never searched;
    a Pickup, Drop or Exchange) and, from their own depth, the journeys are searched only by
    the shallower iterations: one that comes out best there is searched first (`first`) and
    kept; the others can still be made after the Move, in the next decision."""
    cdef bint transport
    if st.moved:
        return False
    if m.kind == ACT_PICKUP or m.kind == ACT_DROP or m.kind == ACT_EXCHANGE:
        return s.idle_root_depth > 0 and depth >= s.idle_root_depth
    if m.kind != ACT_FIRE:
        return False
    transport = m.art == A_BI or m.art == A_JP or m.art == A_SC
    if transport:
        return s.journey_root_depth > 0 and depth >= s.journey_root_depth
    return s.idle_root_depth > 0 and depth >= s.idle_root_depth and not worth_searching(st, m)


cdef enum:
    SCORE_SHIFT = 22         # root_key: the previous score above the order score (< 2**22)


cdef inline long long root_key(Search* s, int i, int sc, bint have_prev) noexcept nogil:
    """The root's pick order of action `i` with order score `sc`: by the previous iteration's
    score (root_order) where it has one, the order score breaking ties; the actions it did
    not score after those, by their order score alone (so without root_order, the order
    score's order)."""
    cdef int prev
    if sc == SKIP:
        return NO_KEY
    if sc == 2147483000:
        return FIRST_KEY  # `first`
    if not have_prev or s.prev_scores[i] == NO_SCORE:
        return sc
    prev = s.prev_scores[i]
    prev = prev if prev < INF // 4 else INF // 4
    prev = prev if prev > -INF // 4 else -INF // 4
    return SCORED_KEY + ((<long long>prev) << SCORE_SHIFT) + sc


cdef inline int pick_key(long long* keys, int n) noexcept nogil:
    """The index of the highest remaining key (marked NO_KEY once taken), -1 when none; the
    lowest index among equals, as pick_next."""
    cdef int i, best = -1
    cdef long long bv = NO_KEY
    for i in range(n):
        if keys[i] > bv:
            bv = keys[i]
            best = i
    if best >= 0:
        keys[best] = NO_KEY
    return best


cdef inline int even_reduction(int r, int d1) noexcept nogil:
    """`r` rounded to an even number of turns (up where the depth allows, else down): a
    search an odd number of turns shallower ends on the other side's turn, whose last turn
    goes unanswered (but for quiescence's captures), so its score is not comparable with the
    full-depth scores it is measured against: one that ends on the AI's own turn looks better
    than the full search says, and fails high only to be searched again whole."""
    if r & 1:
        return r + 1 if r + 1 <= d1 else r - 1
    return r


cdef inline bint idle_fire(Move* m, int order) noexcept nogil:
    """A weapon's Fire with no enemy in its line or aim (order_score's 100), not a journey."""
    return (m.kind == ACT_FIRE and order == 100 and m.art != A_BI and m.art != A_JP
            and m.art != A_SC)


cdef inline bint idle_spends_none(Move* m, int order, int d1, int depth) noexcept nogil:
    """A Fire at nothing or a Pickup, Drop or Exchange that costs the root no depth (d1 ==
    depth: before the turn's Move each is followed by a search as deep as the iteration)."""
    if d1 != depth:
        return False
    return (idle_fire(m, order) or m.kind == ACT_PICKUP or m.kind == ACT_DROP
            or m.kind == ACT_EXCHANGE)


cdef int search_root(State* st, Search* s, int depth, int first, int* best_index) noexcept nogil:
    """One iteration at `depth` over every legal action (article actions and transports too);
    `first` (an index in generation order, or -1) is tried first, then (root_order) the
    others by their scores in the previous iteration of this root. Sets best_index (generation
    order) and returns its score; on abort the best so far."""
    cdef int n, i, k, d1, r, score, best = -INF, side = st.side, alpha = -INF, searched = 0
    cdef int beta = INF
    cdef Move* buf = s.buf
    cdef int* sc = s.order
    cdef int* ordered = s.order2
    cdef long long* keys = s.root_keys
    cdef long long nodes0
    cdef bint have_prev
    s.root_side = side
    n = gen_actions(st, buf)
    best_index[0] = -1
    if n == 0:
        return evaluate(st, s)
    have_prev = (s.root_order and not s.exact_root and s.prev_hash == st.hash
                 and s.prev_n == n)
    for i in range(n):
        if i == first:
            sc[i] = 2147483000
        elif idle_before_move(st, s, &buf[i], depth):
            sc[i] = SKIP  # never picked
        else:
            sc[i] = order_score(st, s, &buf[i], 0)
        ordered[i] = sc[i]
        keys[i] = root_key(s, i, sc[i], have_prev)
        if s.root_scores != NULL:
            s.root_scores[i] = NO_SCORE  # root_scores() reads only this iteration's
    for i in range(n):
        s.prev_scores[i] = NO_SCORE  # this iteration's, from here on
        s.root_nodes[i] = 0
    s.prev_hash = 0  # complete only when the iteration is
    while True:
        k = pick_key(keys, n)
        if k < 0:
            break
        if out_of_budget(s):
            s.aborted = 1
            break
        d1 = child_depth(s, &buf[k], depth)
        # late quiet root actions (not captures, aimed Fires or killers) are tried one depth
        # shallower first, as below the root; one that beats the best is searched again whole
        r = 0
        if (s.root_reductions and searched >= 4 and d1 >= 1 and ordered[k] < 1100000
                and buf[k].kind != ACT_END and not s.exact_root):
            # Moves deeper (and, idle_fire_reductions, the Fires at nothing: before the Move a
            # Fire costs no depth, so each is a search as deep as the iteration, most of depth
            # 4's nodes at the standard set-up); the root's article actions and journeys are
            # few and rarely refuted by the history, and a journey's worth shows only at full
            # depth
            r = reduction(s, depth, d1, searched) if (
                buf[k].kind == ACT_MOVE or buf[k].kind == ACT_DOZE
                or (s.idle_fire_reductions and idle_fire(&buf[k], ordered[k]))) else 1
            if s.even_reductions:
                r = even_reduction(r, d1)
            elif s.idle_even_reductions and idle_spends_none(&buf[k], ordered[k], d1, depth):
                # two turns shallower, so the reduced search ends on the opponent's answered
                # turn as the full one does (one turn ends on the AI's own unanswered turn,
                # looks better, fails high and is searched again whole: even_reduction)
                r = 2 if d1 >= 3 else r
        nodes0 = s.nodes
        do_action(st, &buf[k])
        if s.exact_root:  # the full window for each: a score, not a bound
            if st.side != side:
                score = -negamax(st, s, d1, -INF, INF, 1, buf + MAX_MOVES + 16)
            else:
                score = negamax(st, s, d1, -INF, INF, 1, buf + MAX_MOVES + 16)
            if not s.aborted:
                s.root_scores[k] = score
        elif st.side != side:
            if searched == 0:
                score = -negamax(st, s, d1, -beta, -alpha, 1, buf + MAX_MOVES + 16)
            else:
                score = -negamax(st, s, d1 - r, -alpha - 1, -alpha, 1, buf + MAX_MOVES + 16)
                if r and score > alpha and not s.aborted:
                    score = -negamax(st, s, d1, -alpha - 1, -alpha, 1, buf + MAX_MOVES + 16)
                if score > alpha and not s.aborted:
                    score = -negamax(st, s, d1, -beta, -alpha, 1, buf + MAX_MOVES + 16)
        else:
            if searched == 0:
                score = negamax(st, s, d1, alpha, beta, 1, buf + MAX_MOVES + 16)
            else:
                score = negamax(st, s, d1 - r, alpha, alpha + 1, 1, buf + MAX_MOVES + 16)
                if r and score > alpha and not s.aborted:
                    score = negamax(st, s, d1, alpha, alpha + 1, 1, buf + MAX_MOVES + 16)
                if score > alpha and not s.aborted:
                    score = negamax(st, s, d1, alpha, beta, 1, buf + MAX_MOVES + 16)
        undo_action(st)
        searched += 1
        s.root_nodes[k] = s.nodes - nodes0
        if s.aborted:
            break
        s.prev_scores[k] = score
        if score > best:
            best = score
            best_index[0] = k
        if score > alpha:
            alpha = score
    if not s.aborted:
        s.prev_hash = st.hash
        s.prev_n = n
    return best
