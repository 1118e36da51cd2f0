# cython: language_level=3
"""The Python face of the IS-MCTS search (the tree and its iterations: wec._core.ismcts_tree):
`IsmctsSearch` owns a tree, set up once and run per decision on an engine's state."""
from libc.stdlib cimport calloc, malloc, free
from wec._core.state cimport *
from wec._core.board cimport push_frame, pop_frame
from wec._core.actions cimport gen_actions
from wec._core.search cimport Search, MAX_PLY, set_values, search_alloc, search_free
from wec._core.ismcts_tree cimport *
from wec._core.engine cimport Engine
from wec._core.records cimport ActionRecord, action_record, read_action


cdef class IsmctsSearch:
    """One IS-MCTS searcher: `setup()` once, then `run()` per decision (a fresh tree each)."""
    cdef Tree* t

    def __cinit__(self):
        self.t = <Tree*>calloc(1, sizeof(Tree))
        if self.t == NULL:
            raise MemoryError()
        self.t.buf = <Move*>malloc((MAX_MOVES + 16) * sizeof(Move))
        self.t.keys = <unsigned long long*>malloc((MAX_MOVES + 16) * sizeof(unsigned long long))
        self.t.table = <int*>calloc(KEY_TABLE, sizeof(int))
        self.t.stamp = <int*>calloc(KEY_TABLE, sizeof(int))
        self.t.tried = <int*>calloc(MAX_MOVES + 16, sizeof(int))
        self.t.root_buf = <Move*>malloc((MAX_MOVES + 16) * sizeof(Move))
        self.t.root_order = <int*>malloc((MAX_MOVES + 16) * sizeof(int))
        self.t.root_child = <int*>malloc((MAX_MOVES + 16) * sizeof(int))
        self.t.turns = <Move*>malloc(MAX_TURNS * MAX_TURN_LEN * sizeof(Move))
        self.t.scratch = <Move*>malloc((MAX_MOVES + 16) * sizeof(Move))
        self.t.replies = <Move*>calloc(MAX_TURNS * MAX_TURN_LEN, sizeof(Move))
        self.t.scratch2 = <Move*>malloc((MAX_MOVES + 16) * sizeof(Move))
        self.t.threat_keys = <unsigned long long*>malloc(
            MAX_THREAT_SETS * MAX_THREATS * sizeof(unsigned long long))
        self.t.threat_n = <int*>calloc(MAX_THREAT_SETS, sizeof(int))
        if self.t.turns == NULL or self.t.replies == NULL or self.t.scratch == NULL or self.t.scratch2 == NULL \
                or self.t.threat_keys == NULL or self.t.threat_n == NULL:
            raise MemoryError()
        if self.t.root_buf == NULL or self.t.root_order == NULL or self.t.root_child == NULL:
            raise MemoryError()
        if (self.t.tried == NULL or self.t.buf == NULL or self.t.keys == NULL or self.t.table == NULL
                or self.t.stamp == NULL):
            raise MemoryError()
        self.t.exploration = 0.7
        self.t.rollout_turns = 1
        self.t.scale = 300.0
        self.t.max_nodes = 1 << 20
        self.t.widening = 0.0
        self.t.greed = 500

    def __dealloc__(self):
        if self.t != NULL:
            free(self.t.nodes)
            free(self.t.buf)
            free(self.t.keys)
            free(self.t.table)
            free(self.t.stamp)
            free(self.t.tried)
            free(self.t.root_buf)
            free(self.t.root_order)
            free(self.t.root_child)
            free(self.t.turns)
            free(self.t.scratch)
            free(self.t.replies)
            free(self.t.scratch2)
            free(self.t.threat_keys)
            free(self.t.threat_n)
            search_free(&self.t.reply)
            free(self.t)

    def setup(self, dict values, double exploration=0.7, int rollout_turns=1, double scale=300.0,
              int max_nodes=1 << 20, double widening=0.0, long long reply_nodes=0,
              int reply_depth=1, int reply_qdepth=6, double greed=0.5, int threat_visits=0):
        """The evaluation's values (wec.ai.search_values()), the UCB constant, the End Turns a
        rollout plays, the evaluation units per logistic unit, the tree's node cap, the
        progressive widening below the root (0: none), heavy rollouts: the nodes of the
        enemy's greedy search per action (0: light rollouts), its depth and quiescence, and
        how often the light policy takes the best capture or aimed Fire (0 .. 1), and the
        visits after which a node of the enemy's finds its threat Moves (0: never)."""
        cdef Search* S = &self.t.values
        cdef Search* R = &self.t.reply
        cdef int i
        if exploration < 0 or rollout_turns < 0 or scale <= 0 or max_nodes < 1 or widening < 0:
            raise ValueError("IS-MCTS setup: exploration >= 0, rollout_turns >= 0, scale > 0, "
                             "max_nodes >= 1, widening >= 0")
        if not 0.0 <= greed <= 1.0:
            raise ValueError(f"IS-MCTS setup: greed in [0, 1], not {greed}")
        if reply_nodes < 0 or reply_depth < 1 or reply_qdepth < 0 \
                or reply_depth + reply_qdepth + 2 > MAX_PLY:
            raise ValueError("IS-MCTS setup: reply_nodes >= 0, reply_depth >= 1, "
                             f"reply_qdepth >= 0, depth + quiescence <= {MAX_PLY - 2}")
        set_values(S, values)
        self.t.reply_nodes = reply_nodes
        self.t.reply_depth = reply_depth
        if reply_nodes:
            if R.tt == NULL:
                search_alloc(R, 16)
            set_values(R, values)
            R.qdepth = reply_qdepth
            R.turn_only = 1
            R.reductions = 1
            R.clearing = 0
            R.move_depth = 0
            R.exact_root = 0
        self.t.exploration = exploration
        self.t.rollout_turns = rollout_turns
        self.t.scale = scale
        self.t.max_nodes = max_nodes
        self.t.widening = widening
        self.t.greed = <int>(greed * 1000 + 0.5)
        self.t.threat_visits = max(threat_visits, 0)
        self.t.stop = 0  # a new decision: a stop of the last one is spent

    def run(self, Engine engine, list hidden, long long iterations=0, double deadline=0.0,
            unsigned long long seed=1):
        """Search the engine's state for its side to move, without the GIL. `hidden`: (piece
        id, level, [candidate squares]) for each hidden enemy piece in that state (placed where
        it was last seen); `iterations` a cap (0: none), `deadline` a monotonic time (0: none).
        The state is left unchanged. Returns the iterations made. A stop() that came before
        the run (while the caller ranked root turns) holds: the run returns at once, so a stop
        is never lost in the gap between the preparations and the search (setup clears it)."""
        cdef Tree* t = self.t
        cdef State* st = engine.st
        cdef long long made
        self._set_hidden(st, hidden, seed)
        t.iteration_limit = iterations
        t.deadline = deadline
        with nogil:
            made = ismcts_run(st, t)
        return made

    def set_root_turns(self, list turns):
        """Root-turns mode for the next runs: the root's children are these whole turns (each a
        list of ActionRecords as Engine.legal() gives them, the first one legal at the root),
        best first; [] returns to single actions at the root."""
        cdef Tree* t = self.t
        cdef ActionRecord action
        cdef int k, j
        if len(turns) > MAX_TURNS:
            raise ValueError(f"at most {MAX_TURNS} root turns, not {len(turns)}")
        for k, turn in enumerate(turns):
            if not 1 <= len(turn) <= MAX_TURN_LEN:
                raise ValueError(f"a root turn has 1 to {MAX_TURN_LEN} actions, not {len(turn)}")
        t.n_turns = 0
        for k, turn in enumerate(turns):
            for j, action in enumerate(turn):
                read_action(action, &t.turns[k * MAX_TURN_LEN + j])
            t.turn_len[k] = len(turn)
            t.reply_len[k] = 0
        t.n_turns = len(turns)

    def set_replies(self, list replies):
        """After set_root_turns: the enemy's expected reply to each candidate turn (a list of
        ActionRecords, [] none), whose actions are expanded first below it (before captures),
        so the tree weighs the reply a search would make (wec.ai.ismcts.enemy_replies)."""
        cdef Tree* t = self.t
        cdef ActionRecord action
        cdef int k, j
        if len(replies) > t.n_turns:
            raise ValueError(f"{len(replies)} replies for {t.n_turns} root turns")
        for k, turn in enumerate(replies):
            if len(turn) > MAX_TURN_LEN:
                raise ValueError(f"a reply has at most {MAX_TURN_LEN} actions, not {len(turn)}")
            for j, action in enumerate(turn):
                read_action(action, &t.replies[k * MAX_TURN_LEN + j])
            t.reply_len[k] = len(turn)

    cdef _set_hidden(self, State* st, list hidden, unsigned long long seed):
        cdef Tree* t = self.t
        cdef int k, j
        if len(hidden) > MAX_HIDDEN:
            hidden = hidden[:MAX_HIDDEN]
        t.n_hidden = len(hidden)
        for k, (pid, level, squares) in enumerate(hidden):
            if not 0 <= pid < st.n_pieces:
                raise IndexError(pid)
            t.hidden[k].pid = pid
            t.hidden[k].level = level
            squares = list(squares)[:MAX_PLACES]
            t.hidden[k].n = len(squares)
            for j, s in enumerate(squares):
                t.hidden[k].sq[j] = s
        t.rng = seed * 2654435761ULL + 0x9E3779B97F4A7C15ULL
        if t.rng == 0:
            t.rng = 1

    def determinization(self, Engine engine, list hidden, unsigned long long seed=1):
        """One determinization of the engine's state as `run` draws them (for tests): the core's
        consistency problems and the pieces (Engine.pieces()) read from it, then undone."""
        cdef Tree* t = self.t
        cdef State* st = engine.st
        self._set_hidden(st, hidden, seed)
        t.observer = st.side
        t.relocated = 0
        push_frame(st)
        determinize(st, t)
        try:
            return list(engine.check()), engine.pieces()
        finally:
            pop_frame(st)

    def stop(self):
        """From another thread: the running search returns after its current iteration."""
        self.t.stop = 1

    def root_children(self):
        """The root's children: (ActionRecord as Engine.legal() gives it, visits, mean reward
        for the observer, availability), most visited first. In root-turns mode the action is
        the turn's first; root_turn_children() tells which turn."""
        cdef Tree* t = self.t
        cdef int c
        cdef Node* nd
        out = []
        if t.n_nodes == 0:
            return out
        c = t.nodes[0].child
        while c >= 0:
            nd = &t.nodes[c]
            out.append((action_record(&nd.move), nd.visits,
                        nd.reward / nd.visits if nd.visits else 0.0, nd.avail))
            c = nd.sibling
        out.sort(key=lambda e: (-e[1], -e[2]))
        return out

    def root_turn_children(self):
        """In root-turns mode: (candidate turn index, visits, mean reward for the observer) of
        each expanded candidate turn, most visited first."""
        cdef Tree* t = self.t
        cdef int c
        cdef Node* nd
        out = []
        if t.n_nodes == 0 or not t.n_turns:
            return out
        c = t.nodes[0].child
        while c >= 0:
            nd = &t.nodes[c]
            out.append((nd.turn, nd.visits, nd.reward / nd.visits if nd.visits else 0.0))
            c = nd.sibling
        out.sort(key=lambda e: (-e[1], -e[2]))
        return out

    def node_shapes(self):
        """(visits, children) of every node below the root of the last run (for tests of the
        widening)."""
        cdef Tree* t = self.t
        cdef int i, c, k
        out = []
        for i in range(1, t.n_nodes):
            k = 0
            c = t.nodes[i].child
            while c >= 0:
                k += 1
                c = t.nodes[c].sibling
            out.append((t.nodes[i].visits, k))
        return out

    @property
    def stats(self):
        """(iterations, tree nodes, rollout actions, hidden pieces moved by the
        determinizations) of the last run."""
        return self.t.iterations, self.t.n_nodes, self.t.rollout_actions, self.t.relocated

    def threats_in(self, Engine engine, list hidden=None, unsigned long long seed=1):
        """The threat Moves (threat_moves) of the side to move in the engine's state against
        the other side, as indices into engine.legal(); a fresh tree (the last run's is lost)."""
        cdef Tree* t = self.t
        cdef State* st = engine.st
        cdef int k, i
        self._set_hidden(st, hidden or [], seed)
        t.n_nodes = 0
        t.n_threat_sets = 0
        t.observer = 1 - st.side
        new_node(t, -1, NULL, 0, t.observer)
        k = threat_moves(st, t, 0)
        if k < 0:
            return []
        keys = {t.threat_keys[k * MAX_THREATS + i] for i in range(t.threat_n[k])}
        n = gen_actions(st, t.buf)
        return [i for i in range(n) if move_key(&t.buf[i]) in keys]

    def threat_counts(self):
        """The threat Moves found at each node that made its threat set (threat_moves), in
        the order made, in the last run."""
        return [self.t.threat_n[k] for k in range(self.t.n_threat_sets)]
