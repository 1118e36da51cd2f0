# cython: language_level=3
"""The alpha-beta search host (wec.ai): a `Searcher` owns the search's tables and values and
searches one engine's state without the GIL (wec._core.search)."""
from libc.stdlib cimport calloc, free
from libc.string cimport memset, memcmp
from wec._core.state cimport *
from wec._core.actions cimport gen_actions, gen_interior_actions
from wec._core.make cimport do_action, undo_action
from wec._core.search cimport (Search, TTEntry, MAX_PLY, NO_SCORE, evaluate, search_root,
                              set_values, search_alloc, search_free)
from wec._core.engine cimport Engine


cdef class Searcher:
    """Iterative deepening on one engine's state: the transposition table, killers, history and
    the evaluation's values (made afresh by each Searcher)."""
    cdef Engine engine
    cdef Search* srch

    def __cinit__(self, *args, **kwargs):
        self.srch = <Search*>calloc(1, sizeof(Search))
        if self.srch == NULL:
            raise MemoryError()

    def __dealloc__(self):
        if self.srch != NULL:
            search_free(self.srch)
            free(self.srch)

    def __init__(self, Engine engine, dict values, int tt_bits=20, int max_depth=40, *,
                 int qdepth=8, bint turn_only=False, bint reductions=True,
                 bint clearing=False, bint move_depth=False, bint fires_after_move=False,
                 bint root_reductions=False, bint qs_tt=False, bint null_turn=False,
                 int late_moves=0, bint deep_reductions=False, bint aim_order=False,
                 int late_moves_2=0, int futility=0, int idle_root_depth=0,
                 int journey_root_depth=0, bint root_order=False,
                 bint idle_fire_reductions=False, bint even_reductions=False,
                 bint idle_even_reductions=False):
        """A search of `engine`'s state (kept alive by this searcher) with the evaluation values
        (indexed like the rule tables), the transposition table of 2**tt_bits entries, the
        quiescence depth in actions (0: none), the greedy horizon (turn_only: stop at the root
        side's End Turn), the clearing journeys below the root (gen_interior_actions) and depth
        counted in Moves (search.child_depth), a turn's Fires searched after its Move below the root
        (fires_after_move), late quiet root actions searched shallower first
        (root_reductions; idle_fire_reductions: the Fires at nothing as much as Moves;
        even_reductions: by even numbers of turns; idle_even_reductions: the idle actions
        before the Move by two turns),
        null-turn pruning (null_turn) and the root's actions in the order of the previous
        iteration's scores (root_order). Call reset() before each decision."""
        cdef Search* S = self.srch
        self.engine = engine
        if max_depth + qdepth + 2 > MAX_PLY:
            raise ValueError(f"depth {max_depth} + quiescence {qdepth} exceeds {MAX_PLY - 2}")
        search_alloc(S, tt_bits)
        S.qdepth = qdepth
        S.turn_only = turn_only
        S.reductions = reductions
        S.clearing = clearing
        S.move_depth = move_depth
        S.fires_after_move = fires_after_move
        S.root_reductions = root_reductions
        S.qs_tt = qs_tt
        S.null_turn = null_turn
        S.late_moves = late_moves
        S.late_moves_2 = late_moves_2
        S.futility = futility
        S.idle_root_depth = idle_root_depth
        S.journey_root_depth = journey_root_depth
        S.deep_reductions = deep_reductions
        S.aim_order = aim_order
        S.root_order = root_order
        S.idle_fire_reductions = idle_fire_reductions
        S.even_reductions = even_reductions
        S.idle_even_reductions = idle_even_reductions
        set_values(S, values)

    def iteration(self, int depth, int first=-1, long long node_limit=0,
                  double deadline=0.0, *, bint exact=False):
        """One iterative-deepening step, without the GIL: (best index in legal() order or -1,
        score, completed, nodes so far). `exact`: every root action gets the full window, its
        score then read by root_scores() (slower: no root cut-offs)."""
        cdef Search* S = self.srch
        cdef int best = -1, score
        if S.tt == NULL:
            raise RuntimeError("no tables: the setup failed")
        S.node_limit = node_limit
        S.deadline = deadline
        S.aborted = 0
        S.exact_root = exact
        with nogil:
            score = search_root(self.engine.st, S, depth, first, &best)
        S.exact_root = 0
        return best, score, not S.aborted, S.nodes

    def root_scores(self):
        """After an exact iteration: (index in legal() order, score for the side to move)
        of each root action it searched to the end, best first."""
        cdef Search* S = self.srch
        cdef int n, i
        if S.root_scores == NULL:
            return []
        with nogil:
            n = gen_actions(self.engine.st, self.engine.buf)
        out = [(i, S.root_scores[i]) for i in range(n) if S.root_scores[i] != NO_SCORE]
        out.sort(key=lambda e: -e[1])
        return out

    def last_scores(self):
        """The root actions the last iteration searched to the end (all of them unless it was
        cut short): (index in legal() order, score for the side to move: exact for the best,
        else a bound), in legal() order. root_order ranks the next iteration by these."""
        cdef Search* S = self.srch
        cdef int n, i
        if S.prev_scores == NULL:
            return []
        with nogil:
            n = gen_actions(self.engine.st, self.engine.buf)
        return [(i, S.prev_scores[i]) for i in range(n) if S.prev_scores[i] != NO_SCORE]

    def last_nodes(self):
        """The nodes each root action took in the last iteration (index in legal() order,
        nodes; the one it was cut short in included), in legal() order."""
        cdef Search* S = self.srch
        cdef int n, i
        if S.root_nodes == NULL:
            return []
        with nogil:
            n = gen_actions(self.engine.st, self.engine.buf)
        return [(i, S.root_nodes[i]) for i in range(n) if S.root_nodes[i]]

    def plan(self, int first, int max_len=12):
        """The rest of the side to move's turn as the last search saw it: `first` (an index in
        legal() order) and then, state by state, the transposition table's best action, as
        indices in legal() order of each successive state; it stops at End Turn (included),
        when the table has no entry, or after max_len actions. The state is left unchanged."""
        cdef Search* S = self.srch
        cdef State* st = self.engine.st
        cdef int side = st.side, done = 0, n, k, i
        cdef Move m
        cdef TTEntry* e
        plan = []
        if S.tt == NULL:
            return plan
        n = gen_actions(st, self.engine.buf)
        if first < 0 or first >= n:
            return plan
        plan.append(first)
        do_action(st, &self.engine.buf[first])
        done = 1
        while done < max_len and st.side == side and st.result == RESULT_NONE:
            e = &S.tt[st.hash & S.tt_mask]
            if e.key != st.hash or e.best < 0:
                break
            n = gen_interior_actions(st, S.buf, S.clearing)  # the list negamax's best indexes
            if e.best >= n:
                break
            m = S.buf[e.best]
            n = gen_actions(st, self.engine.buf)
            k = -1
            for i in range(n):
                if memcmp(&self.engine.buf[i], &m, sizeof(Move)) == 0:
                    k = i
                    break
            if k < 0:
                break
            plan.append(k)
            do_action(st, &self.engine.buf[k])
            done += 1
        for i in range(done):
            undo_action(st)
        return plan

    def rebind(self, Engine engine):
        """Search `engine`'s state from now on, keeping the tables: the transposition table
        keeps what earlier searches learnt (an entry is keyed by the full state hash, so only
        the same state finds it: the positions after the opponent's reply were often searched
        already, a turn ago)."""
        self.engine = engine

    def reset(self):
        """A new decision: node count, stop flag, killers and history cleared."""
        memset(self.srch.killers, 0, sizeof(self.srch.killers))
        if self.srch.history != NULL:
            memset(self.srch.history, 0, MAX_PIECES * N_SQ * sizeof(int))
        self.srch.nodes = 0
        self.srch.age = (self.srch.age + 1) & 255  # a kept table's older entries give way
        self.srch.stop = 0
        self.srch.aborted = 0
        self.srch.prev_hash = 0  # root_order starts from the order scores

    def stop(self):
        """From another thread: the running search returns as soon as it can."""
        self.srch.stop = 1

    def evaluate(self):
        """The static evaluation for the side to move."""
        return evaluate(self.engine.st, self.srch)
