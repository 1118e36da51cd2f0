# cython: language_level=3
"""Single-observer Information-Set Monte Carlo Tree Search (SO-ISMCTS; P. Cowling, E. Powley,
D. Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012), without the GIL:
the tree and its iterations (wec._core.ismcts is its Python face).

The tree belongs to the observer (the side to move at the root): its nodes are action sequences,
matched across determinizations by the action itself, so a node stands for every state the
observer cannot tell apart. Each iteration:
  1. determinizes: every hidden enemy piece is put on a square drawn from its possible locations
     (R10.6), where it stays hidden from the observer and has room (else it stays where it was);
  2. selects with UCB1 over the children whose action is legal in this determinization, using
     the availability count (iterations in which the action was legal) in place of the parent's
     visits, so actions that are seldom legal are not starved nor favoured;
  3. expands one untried legal action (captures and aimed Fires first, then at random);
  4. plays a rollout to the `rollout_turns`-th End Turn (1 by default: the turn in progress; a
     capture or an aimed Fire half of the time, else a random Move, and End Turn) and judges its
     end by the evaluation (search.evaluate) through a logistic, a won game 1 and a lost one 0;
  5. backs the reward up, each node from the point of view of the side that made its action.
In root-turns mode (set_root_turns, IsmctsParams.root_turns) the root's children are a few
whole candidate turns of the observer (ranked by the alpha-beta search, wec.ai.ismcts.candidate_turns)
instead of single actions: step 2 at the root picks among them (their first actions are legal in
every determinization), the turn is played as far as it stays legal there (play_turn), and the
tree below it holds what follows, the enemy's replies first.
Every change is undone through the state's trail (make/unmake, and one frame for the
determinization), so the caller's state is left exactly as it was.
"""
from libc.math cimport log, sqrt, exp
from libc.stdlib cimport calloc, malloc, realloc, free
from libc.string cimport memcmp, memset
from wec._core.state cimport *
from wec._core.board cimport (push_frame, pop_frame, lift_piece, place_piece, room_for,
                              is_supported, can_see)
from wec._core.actions cimport gen_actions, gen_search_actions
from wec._core.movegen cimport gen_moves
from wec._core.fire cimport gen_fires
from wec._core.gen cimport Gen
from wec._core.make cimport do_action, undo_action
from wec._core.search cimport (Search, MAX_PLY, evaluate, set_values, search_alloc, search_free,
                              search_root, now)


cdef inline unsigned long long next_random(Tree* t) noexcept nogil:
    """xorshift64*: fast, and the same seed gives the same search."""
    t.rng ^= t.rng >> 12
    t.rng ^= t.rng << 25
    t.rng ^= t.rng >> 27
    return t.rng * 2685821657736338717ULL


cdef inline int below(Tree* t, int n) noexcept nogil:
    """A random integer in [0, n)."""
    return <int>((next_random(t) >> 33) % <unsigned long long>n)


cdef inline unsigned long long mix(unsigned long long h, long long v) noexcept nogil:
    h ^= <unsigned long long>(v + 0x9E3779B97F4A7C15LL) + (h << 6) + (h >> 2)
    h ^= h >> 31
    h *= 0xBF58476D1CE4E5B9ULL
    return h ^ (h >> 29)


cdef unsigned long long move_key(Move* m) noexcept nogil:
    """The identity of an action across determinizations: all its fields (piece ids are the same
    in every determinization: only hidden pieces move, and none is added or taken away)."""
    cdef unsigned long long h = 1469598103934665603ULL
    h = mix(h, m.kind)
    h = mix(h, m.pid)
    h = mix(h, m.dest)
    h = mix(h, m.dlevel)
    h = mix(h, m.passenger)
    h = mix(h, m.path)
    h = mix(h, m.group)
    h = mix(h, m.dir)
    h = mix(h, m.art)
    h = mix(h, m.art2)
    h = mix(h, m.target)
    return h


# --- the determinization ---------------------------------------------------------------------------

cdef int passenger_of(State* st, int pid) noexcept nogil:
    """The piece at this one's square and level that is there only because this one carries it
    (R3.4: not at its natural level, nor on a journey, nor held), or NONE."""
    cdef Piece* p = &st.pieces[pid]
    cdef Piece* q
    cdef int i, x
    if p.level == GROUND or not st.rules.carry[p.type]:
        return NONE
    for i in range(2):
        x = st.occ[p.level][p.sq][i]
        if x != NONE and x != pid:
            q = &st.pieces[x]
            if st.rules.natural[q.type] != p.level and not q.journey and not q.held:
                return x
    return NONE


cdef bint place_hidden(State* st, Tree* t, int pid, int passenger, int sq, int lvl) noexcept nogil:
    """Put a lifted hidden piece (and the passenger it carries, lifted too) on `sq` if they fit
    there, are supported and stay hidden from the observer; else leave them lifted."""
    if not room_for(st, pid, sq, lvl):
        return False
    place_piece(st, pid, sq, lvl)
    if passenger != NONE:
        if not room_for(st, passenger, sq, lvl):
            lift_piece(st, pid)
            return False
        place_piece(st, passenger, sq, lvl)
    if is_supported(st, pid) and not can_see(st, t.observer, pid) and \
            (passenger == NONE or not can_see(st, t.observer, passenger)):
        return True
    if passenger != NONE:
        lift_piece(st, passenger)
    lift_piece(st, pid)
    return False


cdef void determinize(State* st, Tree* t) noexcept nogil:
    """Put each hidden enemy piece on a random candidate square where it fits and stays hidden
    from the observer (a few draws; else it stays where it is); a carrier takes the passenger
    it carries along (R3.4: left behind, the passenger would hang unsupported). The caller
    pushed a frame."""
    cdef int k, tries, sq, pid, lvl, orig, passenger
    cdef Hidden* h
    for k in range(t.n_hidden):
        h = &t.hidden[k]
        pid = h.pid
        if h.n == 0 or not st.pieces[pid].alive:
            continue
        lvl = h.level
        orig = st.pieces[pid].sq
        passenger = passenger_of(st, pid)
        for tries in range(4):
            sq = h.sq[below(t, h.n)]
            if sq == orig:
                break
            lift_piece(st, pid)
            if passenger != NONE:
                lift_piece(st, passenger)
            if place_hidden(st, t, pid, passenger, sq, lvl):
                t.relocated += 1
                break
            place_piece(st, pid, orig, lvl)
            if passenger != NONE:
                place_piece(st, passenger, orig, lvl)


# --- action priorities (expansion order and rollout policy) ---------------------------------------

cdef int line_victim(State* st, int sq, int dir, int level, int rng, int side,
                     bint first_only) noexcept nogil:
    """What a Fire along a line may hit: 2 if an enemy primary government piece is at `level`
    within `rng` squares from `sq` in direction `dir` (only on the first occupied square when
    `first_only`: a stunner or a projectile stops there), 1 for another enemy piece, else 0."""
    cdef int k, i, x, found = 0
    for k in range(rng):
        sq = st.rules.nb[sq][dir]
        if sq == NONE:
            return found
        for i in range(2):
            x = st.occ[level][sq][i]
            if x == NONE:
                continue
            if st.pieces[x].color != side:
                if st.rules.role[st.pieces[x].type] == 1:
                    return 2
                found = 1
        if first_only and (st.occ[level][sq][0] != NONE):
            return found
    return found


cdef int priority(State* st, Tree* t, Move* m) noexcept nogil:
    """Captures by the value of the best victim (the enemy primary government piece above all),
    then Fires (but a Stunner's) aimed at the enemy primary piece, then Fires aimed at another
    enemy; 0 for the rest."""
    cdef Rules* R = st.rules
    cdef Piece* p
    cdef int i, x, v, best = 0, lvl, hit
    if m.kind == ACT_MOVE:
        for i in range(2):
            x = st.occ[m.dlevel][m.dest][i]
            if x != NONE and st.pieces[x].color != st.side:
                v = 1000000 if R.role[st.pieces[x].type] == 1 else \
                    1000 + t.values.piece_value[st.pieces[x].type]
                if v > best:
                    best = v
        return best
    if m.kind != ACT_FIRE or m.art == A_BI or m.art == A_JP or m.art == A_SC:
        return 0
    if m.target != NONE:
        if st.rules.role[st.pieces[m.target].type] == 1:
            return 900000
        return 500
    p = &st.pieces[m.pid]
    lvl = R.proj_level[m.art] if R.proj_level[m.art] != NONE else p.level
    if m.art == A_FL:
        hit = line_victim(st, p.sq, m.dir, lvl, R.flame_range, p.color, False)
    elif m.art == A_ST:  # a stun never takes a piece: any enemy is as good a target
        hit = line_victim(st, p.sq, m.dir, lvl, R.stunner_range, p.color, True)
        return 500 if hit else 0
    elif m.art == A_CS:
        hit = line_victim(st, p.sq, m.dir, lvl, 1, p.color, False)
    else:
        hit = line_victim(st, p.sq, m.dir, lvl, 4, p.color, True)
    return 900000 if hit == 2 else (500 if hit == 1 else 0)


cdef int aims_at_primary(State* st, Tree* t, int n, Move* buf, unsigned char* skip
                         ) noexcept nogil:
    """The id of a piece (not marked in `skip`) with a Fire in buf[0:n] aimed at the enemy
    primary government piece, -1 if none."""
    cdef int i
    for i in range(n):
        if buf[i].kind == ACT_FIRE and (skip == NULL or not skip[buf[i].pid]) \
                and priority(st, t, &buf[i]) >= 900000:
            return buf[i].pid
    return -1


cdef int threat_moves(State* st, Tree* t, int node) noexcept nogil:
    """The threat set of a node where the observer's enemy is to Move: the keys of its Moves
    (and reserve entries, pickups, Dozes: every action but a Fire or End Turn) after which a piece that could not before has a Fire aimed at
    the observer's primary piece (a Cleric's long Move then its Fire, a blocker stepping
    aside): the lethal replies a random choice among ~266 Moves would almost never try.
    Made once per node, in the determinization of the visit that asks; -1 when there is none
    to make or no room for it."""
    cdef Node* nd = &t.nodes[node]
    cdef Gen g
    cdef int n, i, k, pid
    cdef unsigned char before[MAX_PIECES]
    if nd.threats != -1:
        return nd.threats
    if st.side == t.observer or st.moved or t.n_threat_sets >= MAX_THREAT_SETS:
        nd.threats = -2
        return -2
    k = t.n_threat_sets
    t.n_threat_sets += 1
    t.threat_n[k] = 0
    nd.threats = k
    memset(before, 0, st.n_pieces)
    g.out = t.scratch2
    g.limit = MAX_MOVES
    g.captures = False
    while True:  # every piece that can already aim at the primary piece
        g.n = 0
        gen_fires(st, &g)
        pid = aims_at_primary(st, t, g.n, t.scratch2, before)
        if pid < 0:
            break
        before[pid] = 1
    n = gen_actions(st, t.scratch)
    for i in range(n):
        if t.threat_n[k] >= MAX_THREATS:
            break
        if t.scratch[i].kind == ACT_FIRE or t.scratch[i].kind == ACT_END:
            continue
        do_action(st, &t.scratch[i])
        g.n = 0
        gen_fires(st, &g)
        if aims_at_primary(st, t, g.n, t.scratch2, before) >= 0:
            t.threat_keys[k * MAX_THREATS + t.threat_n[k]] = move_key(&t.scratch[i])
            t.threat_n[k] += 1
        undo_action(st)
    return k


cdef bint is_threat(Tree* t, int k, unsigned long long key) noexcept nogil:
    cdef int i
    for i in range(t.threat_n[k]):
        if t.threat_keys[k * MAX_THREATS + i] == key:
            return True
    return False


cdef int best_by_priority(State* st, Tree* t, Move* buf, int n) noexcept nogil:
    """The index of the best capture or aimed Fire in buf[0:n] (a win at once), -1 if none."""
    cdef int i, v, best = 0, best_i = -1
    for i in range(n):
        v = priority(st, t, &buf[i])
        if v >= 1000000:
            return i
        if v > best:
            best = v
            best_i = i
    return best_i


# --- the tree ------------------------------------------------------------------------------------

cdef int new_node(Tree* t, int parent, Move* m, unsigned long long key, int actor) noexcept nogil:
    """A child of `parent` (-1 when the tree is full)."""
    cdef Node* nd
    cdef Node* nodes
    cdef int cap, idx
    if t.n_nodes >= t.max_nodes:
        return -1
    if t.n_nodes == t.cap_nodes:
        cap = t.cap_nodes * 2 if t.cap_nodes else 4096
        if cap > t.max_nodes:
            cap = t.max_nodes
        nodes = <Node*>realloc(t.nodes, cap * sizeof(Node))
        if nodes == NULL:
            t.max_nodes = t.n_nodes  # no memory: stop growing, keep searching
            return -1
        t.nodes = nodes
        t.cap_nodes = cap
    idx = t.n_nodes
    t.n_nodes += 1
    nd = &t.nodes[idx]
    if m != NULL:
        nd.move = m[0]
    else:
        memset(&nd.move, 0, sizeof(Move))
    nd.key = key
    nd.parent = parent
    nd.child = -1
    nd.sibling = -1
    nd.actor = actor
    nd.turn = -1
    nd.threats = -1
    nd.visits = 0
    nd.avail = 0
    nd.reward = 0.0
    if parent >= 0:
        nd.sibling = t.nodes[parent].child
        t.nodes[parent].child = idx
    return idx


cdef void index_actions(Tree* t, int n) noexcept nogil:
    """Enter the keys of buf[0:n] in the key table (a new generation: no clearing)."""
    cdef int i, slot
    cdef unsigned long long k
    t.gen += 1
    for i in range(n):
        k = move_key(&t.buf[i])
        t.keys[i] = k
        slot = <int>(k & (KEY_TABLE - 1))
        while t.stamp[slot] == t.gen:
            slot = (slot + 1) & (KEY_TABLE - 1)
        t.stamp[slot] = t.gen
        t.table[slot] = i


cdef int find_action(Tree* t, Node* child) noexcept nogil:
    """The index of the child's action in buf (indexed by index_actions), -1 if not legal now."""
    cdef int slot = <int>(child.key & (KEY_TABLE - 1)), i
    while t.stamp[slot] == t.gen:
        i = t.table[slot]
        if t.keys[i] == child.key and memcmp(&t.buf[i], &child.move, sizeof(Move)) == 0:
            return i
        slot = (slot + 1) & (KEY_TABLE - 1)
    return -1


cdef double judge(State* st, Tree* t) noexcept nogil:
    """The reward of a state for the observer, in [0, 1]."""
    cdef double e
    if st.result != RESULT_NONE:
        if st.result == RESULT_DRAW:
            return 0.5
        return 1.0 if st.result == t.observer else 0.0
    e = evaluate(st, &t.values)
    if st.side != t.observer:
        e = -e
    return 1.0 / (1.0 + exp(-e / t.scale))


cdef int reply_action(State* st, Tree* t) noexcept nogil:
    """The heavy rollout's action for the enemy of the observer: the best of a greedy search
    (its own turn only, `reply_depth` actions and quiescence) of at most `reply_nodes` nodes,
    as an index in t.reply.buf (the root's list, which the search leaves in place); -1 when
    the budget ended before any action was searched."""
    cdef Search* S = &t.reply
    cdef int best = -1
    S.nodes = 0
    S.node_limit = t.reply_nodes
    S.deadline = t.deadline
    S.aborted = 0
    S.stop = 0
    search_root(st, S, t.reply_depth, -1, &best)
    return best


cdef int rollout(State* st, Tree* t) noexcept nogil:
    """Play `rollout_turns` End Turns (or to the end of the game) by the rollout policy: the
    Move is a capture of the enemy primary piece if there is one, else the best capture (`greed`
    per mille of the time, half by default) or a random Move or Doze; after it, as often, the
    best aimed Fire, else End Turn. With heavy rollouts (reply_nodes) the observer's enemy plays its turn by a small
    greedy search instead (reply_action): the reply a good opponent would make, not an average
    over random ones. Only what the policy needs is generated (the Moves, the Fires), never the whole
    action list. Returns the actions made (the caller undoes them)."""
    cdef int n, k, done = 0, ends = 0
    cdef Gen g
    cdef Move end
    memset(&end, 0, sizeof(Move))
    end.kind = ACT_END
    end.pid = end.dest = end.dlevel = end.passenger = end.path = end.dir = end.target = NONE
    while st.result == RESULT_NONE and ends < t.rollout_turns and done < 200:
        if t.reply_nodes and st.side != t.observer:
            k = reply_action(st, t)
            if k >= 0:
                if t.reply.buf[k].kind == ACT_END:
                    ends += 1
                do_action(st, &t.reply.buf[k])
                done += 1
                continue  # (no action found in the budget: the light policy's below)
        if not st.moved:
            n = gen_moves(st, t.buf, MAX_MOVES)
            if n == 0:
                break
            k = best_by_priority(st, t, t.buf, n)
            if k < 0 or (priority(st, t, &t.buf[k]) < 1000000 and below(t, 1000) >= t.greed):
                k = below(t, n)
            do_action(st, &t.buf[k])
        else:
            k = -1
            if below(t, 1000) < t.greed:
                g.out = t.buf
                g.n = 0
                g.limit = MAX_MOVES
                g.captures = False
                gen_fires(st, &g)
                k = best_by_priority(st, t, t.buf, g.n)
            if k >= 0:
                do_action(st, &t.buf[k])
            else:
                do_action(st, &end)
                ends += 1
        done += 1
    t.rollout_actions += done
    return done


cdef unsigned long long turn_key(Tree* t, int k) noexcept nogil:
    """The identity of candidate turn k: all its actions."""
    cdef unsigned long long h = 0x84222325CBF29CE4ULL
    cdef int j
    for j in range(t.turn_len[k]):
        h = mix(h, <long long>move_key(&t.turns[k * MAX_TURN_LEN + j]))
    return h


cdef int select_root(State* st, Tree* t) noexcept nogil:
    """The root's child to descend into: the next root action (or candidate turn) in expansion
    order while some is untried (and the tree has room), else UCB1 over all of them (every root
    action is legal in every determinization, so each one's availability is the root's
    visits)."""
    cdef int i, c, best = -1
    cdef double ucb, bestu = -1.0, lg
    cdef Node* nd
    if t.root_next < t.n_root and t.n_nodes < t.max_nodes:
        i = t.root_order[t.root_next]
        if t.n_turns:
            c = new_node(t, 0, &t.turns[i * MAX_TURN_LEN], turn_key(t, i), st.side)
        else:
            c = new_node(t, 0, &t.root_buf[i], move_key(&t.root_buf[i]), st.side)
        if c >= 0:
            if t.n_turns:
                t.nodes[c].turn = i
            t.root_next += 1
            t.root_child[i] = c
            t.nodes[c].avail = 1
            return c
    c = t.nodes[0].child
    while c >= 0:
        nd = &t.nodes[c]
        nd.avail += 1
        if nd.visits:
            lg = log(<double>nd.avail)
            ucb = nd.reward / nd.visits + t.exploration * sqrt(lg / nd.visits)
            if ucb > bestu:
                bestu = ucb
                best = c
        c = nd.sibling
    return best


cdef int play_turn(State* st, Tree* t, int k) noexcept nogil:
    """Make candidate turn k: its first action (legal in every determinization, as every root
    action is), then each later one while it is legal here (a Fire may have gone otherwise in
    this determinization) and the game goes on. Returns the actions made."""
    cdef int j, i, n, done = 0
    cdef Move* m
    for j in range(t.turn_len[k]):
        if st.result != RESULT_NONE:
            break
        m = &t.turns[k * MAX_TURN_LEN + j]
        if j > 0:
            n = gen_actions(st, t.buf)
            for i in range(n):
                if memcmp(&t.buf[i], m, sizeof(Move)) == 0:
                    break
            else:
                break  # the rest of the turn is the tree's (or the rollout's) to choose
        do_action(st, m)
        done += 1
    return done


cdef void order_root(State* st, Tree* t) noexcept nogil:
    """The root's actions and their expansion order: by priority (captures, aimed Fires), ties
    in a random order (a Fisher-Yates shuffle, then a stable insertion sort by priority). In
    root-turns mode: the candidate turns, in the order given (the turn search's, best first)."""
    cdef int i, j, k, tmp, v
    cdef int* pr = t.root_child  # borrowed as scratch for the priorities, reset below
    if t.n_turns:
        t.n_root = t.n_turns
        for i in range(t.n_root):
            t.root_order[i] = i
            t.root_child[i] = -1
        t.root_next = 0
        return
    t.n_root = gen_actions(st, t.root_buf)
    for i in range(t.n_root):
        t.root_order[i] = i
    for i in range(t.n_root - 1, 0, -1):
        j = below(t, i + 1)
        tmp = t.root_order[i]
        t.root_order[i] = t.root_order[j]
        t.root_order[j] = tmp
    for i in range(t.n_root):
        pr[i] = priority(st, t, &t.root_buf[i])
    for i in range(1, t.n_root):
        k = t.root_order[i]
        v = pr[k]
        j = i - 1
        while j >= 0 and pr[t.root_order[j]] < v:
            t.root_order[j + 1] = t.root_order[j]
            j -= 1
        t.root_order[j + 1] = k
    for i in range(t.n_root):
        t.root_child[i] = -1
    t.root_next = 0


cdef int iterate(State* st, Tree* t) noexcept nogil:
    """One iteration from the root (node 0); returns the actions made (undone by the caller)."""
    cdef int cur = 0, done = 0, n, i, c, best, pick, v, bestv, count, side, ts
    cdef int rk = 0, rj = -1  # the candidate turn descended into; the reply's next action
    cdef Move* reply
    cdef double ucb, bestu, lg
    cdef Node* nd
    cdef double r
    while st.result == RESULT_NONE:
        if cur == 0:
            c = select_root(st, t)
            if c < 0:
                break
            if t.nodes[c].turn >= 0:
                rk = t.nodes[c].turn
                n = play_turn(st, t, rk)
                done += n
                rj = 0 if n == t.turn_len[rk] and t.reply_len[rk] else -1
            else:
                do_action(st, &t.nodes[c].move)
                done += 1
            cur = c
            if t.nodes[c].visits == 0:
                break  # just expanded: its rollout follows
            continue
        ts = -1
        if t.threat_visits and t.nodes[cur].visits >= t.threat_visits:
            ts = threat_moves(st, t, cur)  # before t.buf is filled: it makes and unmakes Moves
        reply = &t.replies[rk * MAX_TURN_LEN + rj] if rj >= 0 and rj < t.reply_len[rk] \
            else NULL
        if reply != NULL and reply.kind >= ACT_PICKUP:
            n = gen_actions(st, t.buf)  # the reply's article action (a reinforcement) too
        else:
            n = gen_search_actions(st, t.buf)
        if n == 0:
            break
        index_actions(t, n)
        # the children legal in this determinization: availability, and UCB1 over them
        best = -1
        bestu = -1.0
        count = 0
        c = t.nodes[cur].child
        while c >= 0:
            nd = &t.nodes[c]
            i = find_action(t, nd)
            if i >= 0:
                t.tried[i] = t.gen  # has a child: not a candidate for expansion
                count += 1
                nd.avail += 1
                lg = log(<double>nd.avail)
                ucb = nd.reward / nd.visits + t.exploration * sqrt(lg / nd.visits)
                if ucb > bestu:
                    bestu = ucb
                    best = c
            c = nd.sibling
        if count < n and t.n_nodes < t.max_nodes and (
                t.widening <= 0 or count < 1 + t.widening * sqrt(<double>t.nodes[cur].visits)):
            # expand one untried action: the highest priority, ties at random (with widening
            # the node's first children are its captures and aimed Fires: the replies that
            # matter are judged again and again, not averaged with a random Move each)
            bestv = -1
            pick = -1
            count = 0
            for i in range(n):
                if t.tried[i] == t.gen:
                    continue
                v = priority(st, t, &t.buf[i])
                if reply != NULL and memcmp(&t.buf[i], reply, sizeof(Move)) == 0:
                    v = 2000000  # the expected reply first
                elif ts >= 0 and v < 800000 and t.buf[i].kind != ACT_FIRE \
                        and is_threat(t, ts, t.keys[i]):
                    v = 800000  # after a capture of the primary piece and aimed Fires at it
                if v == 0 and t.widening > 0 and t.buf[i].kind == ACT_END:
                    v = 1  # a node that keeps few children keeps End Turn before a random one
                if v > bestv:
                    bestv = v
                    pick = i
                    count = 1
                elif v == bestv:
                    count += 1
                    if below(t, count) == 0:
                        pick = i
            if pick >= 0:
                side = st.side
                c = new_node(t, cur, &t.buf[pick], move_key(&t.buf[pick]), side)
                if c >= 0:
                    t.nodes[c].avail = 1
                    do_action(st, &t.buf[pick])
                    done += 1
                    cur = c
                    break
        if best < 0:
            break
        if reply != NULL and memcmp(&t.nodes[best].move, reply, sizeof(Move)) == 0:
            rj += 1  # still on the expected reply
        else:
            rj = -1
        do_action(st, &t.nodes[best].move)
        done += 1
        cur = best
    done += rollout(st, t)
    r = judge(st, t)
    while cur >= 0:
        nd = &t.nodes[cur]
        nd.visits += 1
        nd.reward += r if nd.actor == t.observer else 1.0 - r
        cur = nd.parent
    return done


cdef long long ismcts_run(State* st, Tree* t) noexcept nogil:
    """Iterate until the deadline, the iteration limit or a stop; the tree (node 0 the root) is
    kept for the caller to read. Returns the iterations made."""
    cdef int done, j
    t.n_nodes = 0
    t.iterations = 0
    t.rollout_actions = 0
    t.relocated = 0
    t.n_threat_sets = 0
    t.observer = st.side
    if new_node(t, -1, NULL, 0, 1 - st.side) < 0:
        return 0
    order_root(st, t)
    while not t.stop:
        if t.iteration_limit and t.iterations >= t.iteration_limit:
            break
        if t.deadline and (t.iterations & 15) == 0 and now() >= t.deadline:
            break
        push_frame(st)
        determinize(st, t)
        done = iterate(st, t)
        for j in range(done):
            undo_action(st)
        pop_frame(st)
        t.iterations += 1
    return t.iterations
