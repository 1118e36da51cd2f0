# cython: language_level=3
"""The Python face of the core: one `Engine` owns a State and its compiled Rules.

The facade (wec.game) talks to this class with the named records of wec._core.records (actions,
pieces, events) and plain data; nothing here is per-node hot.
"""
from libc.stdlib cimport calloc, malloc, free
from libc.string cimport memset, memcpy, memcmp
from libc.stdint cimport uint64_t
from cpython.object cimport PyObject, PyTypeObject
from wec._core.state cimport *
from wec._core.board cimport (full_hash, slots_of, trail_share, trail_release, is_supported,
                              can_see, tally_count, count_due, piece_key, key_of,
                              occ_count, pend_count)
from wec._core.movegen cimport gen_moves, gen_captures, has_move, kept_count_errors
from wec._core.actions cimport gen_actions, gen_quiescence_actions
from wec._core.make cimport do_action, undo_action
from wec._core.perft cimport perft_moves, perft_actions
from wec._core.tables cimport RulesBox, compile_rules
from wec._core.records cimport (ActionRecord, PieceRecord, EventRecord, Journey, action_record,
                                read_action)

from wec import rules as _rules

cdef extern from *:
    """
    #ifdef WEC_DEBUG
    #define WEC_CHECK_ACTIONS 1
    #else
    #define WEC_CHECK_ACTIONS 0
    #endif
    """
    const int WEC_CHECK_ACTIONS

cdef extern from "Python.h":
    # A legal list's objects (pending actions and their (snapshot, record) pairs) hold no
    # reference cycles; left to the cyclic collector, the thousands made per second each pass
    # through its generations and make it scan the whole heap again and again (half of a
    # listing's time).
    void PyObject_GC_UnTrack(void* op)
    int PyObject_GenericSetAttr(object o, object name, object value) except -1
    PyTypeObject PyBaseObject_Type

cdef tuple _NO_ARGS = ()

# The debug build (WEC_DEBUG=1, setup.py) runs the consistency checker after every applied action.
DEBUG_CHECKS = bool(WEC_CHECK_ACTIONS)


cdef class Engine:
    """A game state with its rules: make/unmake, generation, hashing, perft and the checker (the
    C attributes are declared in engine.pxd)."""

    def __cinit__(self, bint _bare=False):
        """`_bare`: no state or rules yet (`copy` fills them in)."""
        self.buf = <Move*>malloc((MAX_MOVES + 16) * sizeof(Move))
        if self.buf == NULL:
            raise MemoryError()
        if _bare:
            return
        self.st = <State*>calloc(1, sizeof(State))
        if self.st == NULL:
            raise MemoryError()
        self.box = RulesBox()
        self.R = self.box.R
        self.st.rules = self.R
        self.st.counts = <CountCache*>calloc(2, sizeof(CountCache))  # (NULL: counts not kept)

    def __dealloc__(self):
        if self.st != NULL:
            trail_release(self.st.shared)
            free(self.st.trail)
            free(self.st.counts)
            free(self.st)
        free(self.buf)

    def copy(self):
        """An independent engine with the same state, undo record (trail and frames) included,
        sharing the compiled rules: a copy of the C structs, never a replay."""
        cdef Engine other = Engine.__new__(Engine, True)
        cdef State* st = self.st
        cdef State* dup = <State*>malloc(sizeof(State))
        if dup == NULL:
            raise MemoryError()
        trail_share(st)  # the trail so far becomes shared: copied by reference, whatever its length
        memcpy(dup, st, sizeof(State))
        dup.trail = NULL
        dup.trail_cap = 0
        dup.counts = <CountCache*>calloc(2, sizeof(CountCache))  # its own, empty: a hint only
        if dup.shared != NULL:
            dup.shared.refs += 1
        other.st = dup  # owned from here (freed by other.__dealloc__)
        other.box = self.box
        other.R = self.R
        return other

    # --- rules -----------------------------------------------------------------------------------

    def configure(self, options):
        """Compile the rule tables (wec.rules) for one set of options (into a new box: copies of
        this engine keep theirs)."""
        box = RulesBox()
        compile_rules(box.R, options)
        self.box = box
        self.R = box.R
        self.st.rules = self.R
        if self.st.counts != NULL:  # counts made under the old rules
            memset(self.st.counts, 0, 2 * sizeof(CountCache))

    def path_squares(self, int path):
        """The squares (0..99) of one compiled path (for the hidden-enemy history and tests)."""
        if not 0 <= path < self.R.n_paths:
            raise IndexError(path)
        return [self.R.path_sq[path * MAX_PATH + i] for i in range(self.R.path_len[path])]

    # --- state in and out ------------------------------------------------------------------------

    def load(self, dict data):
        """Set the whole state from plain data (the facade validated it)."""
        cdef State* st = self.st
        cdef Piece* p
        cdef int i, pid, s, lvl
        cdef uint64_t key
        memset(st.pieces, 0, sizeof(st.pieces))
        memset(st.gart, 0, sizeof(st.gart))
        memset(st.gcool, 0, sizeof(st.gcool))
        memset(st.reserves, 0, sizeof(st.reserves))
        memset(st.proj, 0, sizeof(st.proj))
        for lvl in range(3):
            for s in range(N_SQ):
                st.occ[lvl][s][0] = NONE
                st.occ[lvl][s][1] = NONE
        trail_release(st.shared)
        st.shared = NULL
        st.trail_len = st.trail_base = 0
        st.n_frames = 0
        st.side = data["side"]
        st.turn = data["turn"]
        st.moved = data.get("moved", 0)
        st.result = data.get("result", RESULT_NONE)
        st.primary_lost[0], st.primary_lost[1] = data.get("primary_lost", (0, 0))
        ts = data.get("turn_state", {})
        st.n_fires = ts.get("fires", 0)
        st.did_pickup = ts.get("pickup", 0)
        st.did_drop = ts.get("drop", 0)
        st.did_exchange = ts.get("exchange", 0)
        st.did_reinforce = ts.get("reinforce", 0)
        st.violent = ts.get("violent", 0)
        st.quiet = data.get("quiet", 0)
        st.n_ev = 0
        pieces = data["pieces"]
        if len(pieces) > MAX_PIECES:
            raise ValueError("more than %d pieces" % MAX_PIECES)
        st.n_pieces = len(pieces)
        n_art = 0
        for pid, d in enumerate(pieces):
            p = &st.pieces[pid]
            p.type = d["type"]
            p.color = d["color"]
            p.hand = d["hand"]
            p.sq = d["sq"]
            p.level = d["level"]
            p.alive = 1
            for i, (kind, cool) in enumerate(d["articles"]):
                p.art[i] = kind
                p.cool[i] = cool
                n_art += 1
            for kind, cool in d.get("icool", {}).items():
                if not A_FL <= kind <= A_TL:  # only weapons count down (R7.2)
                    raise ValueError("pieces[%d].icool: kind %r is not a weapon" % (pid, kind))
                p.icool[kind] = cool
            p.stun = d.get("stun", 0)
            p.home = d.get("home", 0)
            journey = d.get("journey")
            if journey:
                p.journey = 1
                p.jkind, p.jdest, p.jpath, p.jlevel = journey
            for k in range(4):
                p.lock[k] = NONE
            p.revealed = d.get("revealed", 0)
            p.held = d.get("held", 0)
            p.fired = d.get("fired", 0)
            p.acted = d.get("acted", 0)
            p.mover = d.get("mover", 0)
            for kind, n in d.get("hits", {}).items():
                p.hits[kind] = n
            slot = st.occ[p.level][p.sq]
            if slot[0] == NONE:
                slot[0] = pid
            elif slot[1] == NONE:
                slot[1] = pid
            else:
                raise ValueError("three pieces at one level of a square")
        for s, kind, cool in data.get("articles", ()):
            if st.gart[s][0] == 0:
                st.gart[s][0] = kind
                st.gcool[s][0] = cool
            elif st.gart[s][1] == 0:
                st.gart[s][1] = kind
                st.gcool[s][1] = cool
            else:
                raise ValueError("three articles on one square")
            n_art += 1
        reserves = data.get("reserves", ())
        if len(reserves) > MAX_RESERVES:
            raise ValueError("more than %d reserves" % MAX_RESERVES)
        st.n_reserves = len(reserves)
        for i, d in enumerate(reserves):
            st.reserves[i].type = d["type"]
            st.reserves[i].color = d["color"]
            st.reserves[i].sq = d["sq"]
            st.reserves[i].hand = d["hand"]
            st.reserves[i].armed = d["armed"]
            st.reserves[i].entered = d.get("entered", 0)
        st.n_articles = n_art
        st.n_live_proj = 0
        st.proj_top = 0
        st.move_hint[0] = st.move_hint[1] = 0
        if st.counts != NULL:  # no kept Move counts (CountCache)
            memset(st.counts, 0, 2 * sizeof(CountCache))
        st.proj_serial = 0
        for i, d in enumerate(data.get("projectiles", ())):
            if i >= MAX_PROJECTILES:
                raise ValueError("more than %d projectiles" % MAX_PROJECTILES)
            st.proj[i].kind = d["kind"]
            st.proj[i].sq = d["sq"]
            st.proj[i].level = d["level"]
            st.proj[i].dir = d["dir"]
            st.proj[i].target = d["target"]
            st.proj[i].strength = d["strength"]
            st.proj[i].owner = d["owner"]
            st.proj[i].serial = i
            st.proj_top = i + 1
            st.n_live_proj += 1
            st.proj_serial = i + 1
        for pid, d in enumerate(pieces):  # R10.2 locks: [inherent ASH, then each carried ASH]
            sources = ([0] if self.R.inherent[d["type"]][A_ASH] else []) + \
                [1 + i for i, (kind, _) in enumerate(d["articles"]) if kind == A_ASH]
            locks = d.get("locks", ())
            if len(locks) > len(sources):
                raise ValueError("pieces[%d].locks: more locks than Anti-Stealths" % pid)
            for k, target in zip(sources, locks):
                if target is None:
                    continue
                if not 0 <= target < len(pieces) or pieces[target]["color"] == d["color"]:
                    raise ValueError("pieces[%d].locks: %r is not an enemy piece" % (pid, target))
                st.pieces[pid].lock[k] = target
                st.pieces[target].locked += 1
        tally_count(st, &st.tally)  # the evaluation's sums, kept from here by make/unmake
        count_due(st, st.due)  # the pieces End Turn must look at, kept likewise
        occ_count(st, &st.occ_bb[0][0])  # occupancy and pending reserves as boards, likewise
        pend_count(st, &st.pend_bb[0][0])
        st.hash = full_hash(st)
        for pid in range(st.n_pieces):  # each piece's key as hashed (Piece.key), kept from here
            key = piece_key(&st.pieces[pid])
            st.pieces[pid].key[0] = <int>(<unsigned int>(key & 0xFFFFFFFFULL))
            st.pieces[pid].key[1] = <int>(<unsigned int>(key >> 32))
        if st.result == RESULT_NONE and not st.moved and not has_move(st):
            st.result = 1 - st.side  # R6.5: no legal Move at the start of the turn loses

    def pieces(self):
        """Every piece on the board, as PieceRecords (Engine.piece)."""
        cdef Piece* p
        cdef int pid, i
        out = []
        for pid in range(self.st.n_pieces):
            p = &self.st.pieces[pid]
            if not p.alive:
                continue
            out.append(self.piece(pid))
        return out

    def piece(self, int pid):
        """One piece, alive or not, as a PieceRecord (its fields: records.pxd)."""
        cdef Piece* p = &self.st.pieces[pid]
        cdef int i
        if not 0 <= pid < self.st.n_pieces:
            raise IndexError(pid)
        arts = tuple((p.art[i], p.cool[i]) for i in range(MAX_SLOTS) if p.art[i])
        icool = {i: p.icool[i] for i in range(N_KINDS) if p.icool[i]}
        journey = Journey(p.jkind, p.jdest, p.jpath, p.jlevel) if p.journey else None
        hits = {i: p.hits[i] for i in range(7) if p.hits[i]}
        return PieceRecord(pid, p.type, p.color, p.hand, p.sq, p.level, arts, p.stun, p.home,
                           icool, journey, p.fired, p.acted, hits, p.mover)

    def hidden_state(self, int pid):
        """(locks, revealed, held): the piece id each of its Anti-Stealths is locked on (NONE
        where none), inherent first, then the carried ones in slot order; the turn up to which
        it is revealed (R10.2, R10.5); whether it is held at Air/Sub by a carrier the viewer of
        an observation cannot see (so a game of an observation writes the same position)."""
        cdef Piece* p = &self.st.pieces[pid]
        cdef int i
        locks = [p.lock[0]] if self.R.inherent[p.type][A_ASH] else []
        locks += [p.lock[1 + i] for i in range(MAX_SLOTS) if p.art[i] == A_ASH]
        return locks, p.revealed, bool(p.held)

    def can_see(self, int side, int pid):
        """The core's visibility predicate (R10)."""
        if not 0 <= pid < self.st.n_pieces:
            raise IndexError(pid)
        return can_see(self.st, side, pid)

    def visible(self, int side):
        """Ids of the live pieces `side` can see (its own included)."""
        cdef int pid
        return [pid for pid in range(self.st.n_pieces)
                if self.st.pieces[pid].alive and can_see(self.st, side, pid)]

    def visible_mask(self, int side):
        """One byte per piece id: 1 for a live piece `side` can see (its own included)."""
        cdef int pid, n = self.st.n_pieces
        cdef bytearray out = bytearray(n)
        cdef unsigned char* b = out
        for pid in range(n):
            b[pid] = self.st.pieces[pid].alive and can_see(self.st, side, pid)
        return bytes(out)

    def is_alive(self, int pid):
        return 0 <= pid < self.st.n_pieces and bool(self.st.pieces[pid].alive)

    def projectiles(self):
        """Projectiles in flight, oldest first: (kind, sq, level, dir, target, strength, owner)."""
        cdef int i
        live = [(self.st.proj[i].serial, i) for i in range(MAX_PROJECTILES) if self.st.proj[i].kind]
        out = []
        for _, i in sorted(live):
            pr = self.st.proj[i]
            out.append((pr.kind, pr.sq, pr.level, pr.dir, pr.target, pr.strength, pr.owner))
        return out

    def turn_state(self):
        st = self.st
        return {"fires": st.n_fires, "pickup": st.did_pickup, "drop": st.did_drop,
                "exchange": st.did_exchange, "reinforce": st.did_reinforce,
                "violent": st.violent, "primary_lost": (st.primary_lost[0], st.primary_lost[1])}

    @property
    def quiet(self):
        return self.st.quiet

    def events(self):
        """What the last action did, as EventRecords."""
        cdef int i
        cdef Event* e
        out = []
        for i in range(self.st.n_ev):
            e = &self.st.ev[i]
            out.append(EventRecord(e.kind, e.pid, e.sq, e.level, e.info, e.color))
        return out

    def articles(self):
        """Ground articles: list of (sq, kind, cool)."""
        out = []
        for s in range(N_SQ):
            for i in range(2):
                if self.st.gart[s][i]:
                    out.append((s, self.st.gart[s][i], self.st.gcool[s][i]))
        return out

    def reserves(self):
        cdef int i
        cdef Reserve* r
        out = []
        for i in range(self.st.n_reserves):
            r = &self.st.reserves[i]
            out.append((r.type, r.color, r.sq, r.hand, r.armed, r.entered))
        return out

    def occupants(self, int sq, int level):
        return [self.st.occ[level][sq][i] for i in range(2) if self.st.occ[level][sq][i] != NONE]

    @property
    def side(self):
        return self.st.side

    @property
    def turn(self):
        return self.st.turn

    @property
    def moved(self):
        return bool(self.st.moved)

    @property
    def result(self):
        return self.st.result

    @property
    def hash(self):
        return self.st.hash

    @property
    def n_pieces(self):
        """Piece ids in use (live or not): a new piece gets the next one."""
        return self.st.n_pieces

    @property
    def n_actions(self):
        """Actions applied since load (each can be undone)."""
        return self.st.n_frames

    # --- actions ---------------------------------------------------------------------------------

    def legal(self, bint moves_only=False):
        """Every legal action, as ActionRecords (their fields: records.pxd)."""
        cdef int n, i
        cdef Move* m
        with nogil:
            if moves_only:
                n = gen_moves(self.st, self.buf, MAX_MOVES) if (self.st.result == RESULT_NONE
                                                               and not self.st.moved) else 0
            else:
                n = gen_actions(self.st, self.buf)
        out = []
        for i in range(n):
            out.append(action_record(&self.buf[i]))  # C ints only: never tracked by the GC
        return out

    def captures(self):
        """The Moves quiescence searches (movegen.gen_captures: those of legal(moves_only=True)
        that end where an enemy piece stands, hidden or not), as ActionRecords."""
        cdef int n, i
        with nogil:
            n = gen_captures(self.st, self.buf, MAX_MOVES) if (self.st.result == RESULT_NONE
                                                               and not self.st.moved) else 0
        return [action_record(&self.buf[i]) for i in range(n)]

    def quiescence_actions(self):
        """What quiescence searches here (actions.gen_quiescence_actions: the capturing Moves,
        the Fires the search thinks worth it, the Reinforces that strike, End Turn), as
        ActionRecords."""
        cdef int n, i
        with nogil:
            n = gen_quiescence_actions(self.st, self.buf)
        return [action_record(&self.buf[i]) for i in range(n)]

    @staticmethod
    def pending(cls, snap, list raws):
        """The actions of a legal list: each a bare `cls` instance (wec.game.actionlist PendingAction)
        whose __dict__ holds only `_legal` = (snap, raw); built here, in C, because a legal list
        is made at every state a user or a bot looks at."""
        cdef list out = []
        cdef type t = cls
        cdef str name = "_legal"
        cdef object a, raw
        cdef tuple legal
        for raw in raws:
            a = PyBaseObject_Type.tp_new(t, <PyObject*>_NO_ARGS, NULL)  # object.__new__(cls)
            legal = (snap, raw)
            PyObject_GenericSetAttr(a, name, legal)  # the instance's own values, no dict yet
            # no cycle through an action (see PyObject_GC_UnTrack)
            PyObject_GC_UnTrack(<void*>legal)
            PyObject_GC_UnTrack(<void*>a)
            out.append(a)
        return out

    def lists_reinforce(self, int n):
        """Right after legal() (its `n` actions still in the buffer): whether one is a Reinforce
        (then its list needs the reserves)."""
        cdef int i
        for i in range(min(n, MAX_MOVES)):
            if self.buf[i].kind == ACT_REINFORCE:
                return True
        return False

    def named_briefs(self, int n):
        """Right after legal() (whose `n` actions are still in the buffer): the pieces they name
        (actor, a Move's passenger, a Fire's or Exchange's other piece), as {pid: (type, color,
        hand, sq, level, carried kinds in slot order)}."""
        cdef int i, k, pid
        cdef Move* m
        cdef Piece* p
        cdef bint seen[MAX_PIECES]
        cdef int want[3]
        memset(seen, 0, sizeof(seen))
        out = {}
        for i in range(min(n, MAX_MOVES)):
            m = &self.buf[i]
            want[0] = m.pid
            want[1] = m.passenger if m.kind == ACT_MOVE else NONE
            want[2] = m.target if m.kind == ACT_FIRE or m.kind == ACT_EXCHANGE else NONE
            for k in range(3):
                pid = want[k]
                if pid < 0 or pid >= self.st.n_pieces or seen[pid]:
                    continue
                seen[pid] = True
                p = &self.st.pieces[pid]
                out[pid] = (p.type, p.color, p.hand, p.sq, p.level,
                            tuple([p.art[j] for j in range(MAX_SLOTS) if p.art[j]]))
        return out

    def has_move(self):
        return has_move(self.st)

    def apply(self, ActionRecord action not None):
        """Apply one action exactly as `legal()` returned it (no legality check here), or a
        game call (ACT_RESIGN, ACT_DRAW)."""
        cdef Move m
        read_action(action, &m)
        do_action(self.st, &m)
        if WEC_CHECK_ACTIONS:
            problems = self.check()
            if problems:
                raise AssertionError("inconsistent state after action %r: %s"
                                     % (action, "; ".join(problems)))

    def undo(self):
        if self.st.n_frames == 0:
            raise IndexError("no action to undo")
        undo_action(self.st)

    def perft(self, int depth, str mode="moves"):
        """Leaf count at `depth` (docs/FORMATS.md), computed without the GIL; -1 when perft_stop()
        ended it early (the state is unwound all the same)."""
        cdef long long n
        cdef bint actions = mode == "actions"
        cdef Move* buf
        if depth < 0:
            raise ValueError("depth must be >= 0")
        buf = <Move*>malloc((depth + 1) * (MAX_MOVES + 16) * sizeof(Move))
        if buf == NULL:
            raise MemoryError()
        try:
            with nogil:
                if actions:
                    n = perft_actions(self.st, depth, buf, &self.perft_halt)
                else:
                    n = perft_moves(self.st, depth, buf, &self.perft_halt)
        finally:
            free(buf)
        if self.perft_halt:
            self.perft_halt = 0
            return -1
        return n

    def perft_stop(self):
        """From another thread (a SIGINT handler): the running perft, or else the next one,
        returns -1 as soon as it has unwound."""
        self.perft_halt = 1

    # --- consistency checker (Stockfish pos_is_ok) -----------------------------------------------

    def check(self):
        """Validate the whole state; return a list of problems (empty when consistent).

        Occupancy matches the pieces, capacity and coexistence (R3.1-R3.2), support at Air/Sub
        (R3.4), slots (R5.1), at most 2 articles per square and 200 in all (R3.3), the article count
        conserved, and the incremental hash (and each piece's kept key) equal to a recomputation.
        """
        cdef State* st = self.st
        cdef Rules* R = self.R
        cdef Piece* p
        cdef Piece* q
        cdef int pid, s, lvl, i, a, b, n_art = 0
        cdef Tallies fresh
        cdef int due[20]
        cdef uint64_t occ_bb[2][18]
        cdef uint64_t pend_bb[2][2]
        problems = []
        for i in range(st.proj_top, MAX_PROJECTILES):
            if st.proj[i].kind:
                problems.append("projectile slot %d in use past proj_top %d" % (i, st.proj_top))
        for pid in range(st.n_pieces):
            p = &st.pieces[pid]
            if not p.alive:
                continue
            if not (0 <= p.sq < N_SQ and 0 <= p.level < N_LEVELS):
                problems.append("piece %d off the board while alive" % pid)
                continue
            if pid not in (st.occ[p.level][p.sq][0], st.occ[p.level][p.sq][1]):
                problems.append("piece %d missing from its square's occupancy" % pid)
            n = sum(1 for i in range(MAX_SLOTS) if p.art[i])
            n_art += n
            if n > slots_of(st, p):
                problems.append("piece %d carries %d articles, more than its slots (R5.1)" % (pid, n))
            if not is_supported(st, pid):
                problems.append("piece %d at level %d without support (R3.4)" % (pid, p.level))
        for lvl in range(N_LEVELS):
            for s in range(N_SQ):
                a, b = st.occ[lvl][s][0], st.occ[lvl][s][1]
                for x in (a, b):
                    if x != NONE and (not st.pieces[x].alive or st.pieces[x].sq != s
                                      or st.pieces[x].level != lvl):
                        problems.append("occupancy of square %d level %d names piece %d wrongly"
                                        % (s, lvl, x))
                if a != NONE and a == b:
                    problems.append("piece %d twice at square %d" % (a, s))
                if a != NONE and b != NONE:
                    p = &st.pieces[a]
                    q = &st.pieces[b]
                    if not (R.coexist[p.type] or R.coexist[q.type]):
                        problems.append("square %d level %d: two pieces, neither coexists (R3.1)"
                                        % (s, lvl))
        for s in range(N_SQ):
            n_art += (st.gart[s][0] != 0) + (st.gart[s][1] != 0)
        if n_art != st.n_articles:
            problems.append("articles not conserved: %d now, %d at load" % (n_art, st.n_articles))
        if n_art > _rules.MAX_ARTICLES:
            problems.append("%d articles, more than %d (R3.3)" % (n_art, _rules.MAX_ARTICLES))
        if full_hash(st) != st.hash:
            problems.append("incremental hash differs from recomputation")
        for i in range(st.n_pieces):
            if key_of(&st.pieces[i]) != piece_key(&st.pieces[i]):
                problems.append("piece %d: its kept hash key differs from a recomputation" % i)
        tally_count(st, &fresh)
        if memcmp(&fresh, &st.tally, sizeof(Tallies)) != 0:
            problems.append("evaluation tallies differ from a recount")
        count_due(st, due)
        for i in range(20):
            if due[i] & ~st.due[i]:
                problems.append("a piece End Turn must look at is not in `due` (word %d)" % i)
        occ_count(st, &occ_bb[0][0])
        if memcmp(occ_bb, st.occ_bb, sizeof(occ_bb)) != 0:
            problems.append("occupancy boards differ from a recount")
        pend_count(st, &pend_bb[0][0])
        if memcmp(pend_bb, st.pend_bb, sizeof(pend_bb)) != 0:
            problems.append("pending reserve boards differ from a recount")
        for i in range(2):
            if kept_count_errors(st, i):
                problems.append("side %d: %d kept Move counts differ from a recount"
                                % (i, kept_count_errors(st, i)))
        return problems
