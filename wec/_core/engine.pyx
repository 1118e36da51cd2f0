# cython: language_level=3
"""The Python face of the core: one `Engine` owns a State and its compiled Rules.

The facade (wec.game) talks to this class with plain tuples; nothing here is per-node hot.
"""
from libc.stdlib cimport calloc, malloc, free
from libc.string cimport memset, memcpy, memcmp
from libc.stdint cimport uint64_t
from cpython.object cimport PyObject, PyTypeObject
from wec._core.state cimport *
from wec._core.board cimport (full_hash, piece_key, article_key, state_key, slots_of, trail_share, trail_release,
                              is_supported, can_see, tally_count, count_due)
from wec._core.movegen cimport gen_moves, has_move
from wec._core.actions cimport gen_actions, gen_interior_actions
from wec._core.make cimport do_action, undo_action
from wec._core.perft cimport perft_moves, perft_actions, bench_generate, bench_make_unmake
from wec._core.search cimport (Search, TTEntry, MAX_PLY, NO_SCORE, evaluate, search_root,
                              set_values, search_alloc, search_free)

import functools
from array import array

from wec import rules as _rules

_LEVEL_OF = {"G": GROUND, "A": AIR, "S": SUB}

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
    # A legal list's objects (raw tuples, pending actions and their dicts) hold no reference
    # cycles; left to the cyclic collector, the thousands made per second each pass through its
    # generations and make it scan the whole heap again and again (half of a listing's time).
    void PyObject_GC_UnTrack(void* op)
    int PyObject_GenericSetAttr(object o, object name, object value) except -1
    PyTypeObject PyBaseObject_Type

cdef tuple _NO_ARGS = ()

# The debug build (WEC_DEBUG=1, setup.py) runs the consistency checker after every applied action.
DEBUG_CHECKS = bool(WEC_CHECK_ACTIONS)


cdef int sq_of(int r, int c) noexcept:
    if 1 <= r <= 10 and 1 <= c <= 10:
        return (r - 1) * 10 + (c - 1)
    return NONE


def _path_sets(options):
    """Compile every piece type's paths: {key: list of Path}, and the key of each (type, hand)."""
    sets = {}
    key_of = {}
    for t, ptype in enumerate(_rules.PIECE_TYPES):
        for h, hand in enumerate(_rules.HANDS):
            paths = tuple(_rules.movement_paths(ptype, hand, options))
            key_of[t, h] = sets.setdefault(paths, len(sets))
    return sets, key_of


cdef void _copy_ints(int* dest, values) except *:
    """Copy a Python array('i') into a C int array."""
    cdef int[::1] view = values
    if view.shape[0]:
        memcpy(dest, &view[0], view.shape[0] * sizeof(int))


def _set_kind(classes):
    """Rules.pset_kind of one path set from one square: its one class (mode * 2 + combat) when
    every path has it; PSET_NO_OVERLAP when no destination is reached by paths of two classes;
    else PSET_GENERAL (which path reaches a destination first then decides its class)."""
    every = set()
    for found in classes.values():
        every |= found
    if len(every) <= 1:
        return every.pop() if every else 0
    if all(len(found) == 1 for found in classes.values()):
        return PSET_NO_OVERLAP
    return PSET_GENERAL


@functools.lru_cache(maxsize=64)
def _compiled_tables(options):
    """The option-dependent tables as flat int arrays, compiled once per Options."""
    out = {}
    nb = array("i")
    for s in range(N_SQ):
        r0, c0 = divmod(s, 10)
        for dr, dc in _rules.DIRECTIONS:
            nb.append(sq_of(r0 + 1 + dr, c0 + 1 + dc))
    out["nb"] = nb
    ring = _rules.drop_ring_offsets(9)
    ring_arr = array("i")
    for c in range(2):
        sign = 1 if c == WHITE else -1
        for s in range(N_SQ):
            r0, c0 = divmod(s, 10)
            for dr, dc in ring:
                ring_arr.append(sq_of(r0 + 1 + sign * dr, c0 + 1 + sign * dc))
    out["ring"] = ring_arr
    out["ring_len"] = len(ring)
    # path sets, per colour and square, keeping only the paths that stay on the board (R4.2)
    sets, key_of = _path_sets(options)
    starts = []
    plen = array("i")
    psq = array("i")
    pmode = array("i")
    pcombat = array("i")
    phome = array("i")
    pkind = array("i")
    for paths, key in sorted(sets.items(), key=lambda kv: kv[1]):
        for c in range(2):
            sign = 1 if c == WHITE else -1
            for s in range(N_SQ):
                r0, c0 = divmod(s, 10)
                starts.append(len(plen))
                classes = {}  # destination -> the classes of the paths reaching it
                for path in paths:
                    sqs = [sq_of(r0 + 1 + sign * dr, c0 + 1 + sign * dc) for dr, dc in path.steps]
                    if NONE in sqs:
                        continue
                    if len(sqs) > MAX_PATH:
                        raise ValueError("path longer than %d squares" % MAX_PATH)
                    plen.append(len(sqs))
                    psq.extend(sqs + [NONE] * (MAX_PATH - len(sqs)))
                    pmode.append(path.mode)
                    pcombat.append(path.combat)
                    phome.append(path.home)
                    classes.setdefault(sqs[len(sqs) - 1], set()).add(path.mode * 2 + (1 if path.combat else 0))
                pkind.append(_set_kind(classes))
    starts.append(len(plen))
    out["pset_kind"] = pkind
    out["n_sets"] = len(sets) * 2
    out["n_paths"] = len(plen)
    out["pset_start"] = array("i", starts[:len(starts) - 1])
    out["pset_end"] = array("i", starts[1:])
    out["path_len"] = plen
    out["path_sq"] = psq
    out["path_mode"] = pmode
    out["path_combat"] = pcombat
    out["path_home"] = phome
    psid = array("i", [0] * (N_TYPES * 3 * 2))
    for (t, h), key in key_of.items():
        for c in range(2):
            psid[(t * 3 + h) * 2 + c] = key * 2 + c
    out["psid"] = psid
    return out


cdef int _kind_rank(Piece* p, int kind) noexcept:
    """The rank of an article kind among the distinct kinds a piece carries (by kind)."""
    cdef int i, j, rank = 0
    cdef bint dup
    for i in range(MAX_SLOTS):
        if p.art[i] == 0 or p.art[i] >= kind:
            continue
        dup = False
        for j in range(i):
            if p.art[j] == p.art[i]:
                dup = True
        rank += not dup
    return rank


cdef void _compile_path_info(Rules* R) noexcept:
    """Rules.path_info from the path tables: block boards and destinations."""
    cdef int k, i, s
    cdef PathInfo* pi
    for k in range(R.n_paths):
        pi = &R.path_info[k]
        pi.block[0] = pi.block[1] = 0
        for i in range(R.path_len[k] - 1):
            s = R.path_sq[k * MAX_PATH + i]
            pi.block[s >> 6] |= (<uint64_t>1) << (s & 63)
        pi.dest = R.path_sq[k * MAX_PATH + R.path_len[k] - 1]
        pi.mode = R.path_mode[k]
        pi.combat = 1 if R.path_combat[k] else 0
        pi.home = 1 if R.path_home[k] else 0
        pi.cls = pi.mode * 2 + (1 if pi.combat else 0)


cdef class _RulesBox:
    """Owns one compiled Rules struct. Engines made by `Engine.copy()` share their box (the rules
    never change after `configure`, which makes a new box)."""
    cdef Rules* R

    def __cinit__(self):
        self.R = <Rules*>calloc(1, sizeof(Rules))
        if self.R == NULL:
            raise MemoryError()

    def __dealloc__(self):
        if self.R != NULL:
            free(self.R.pset_start)
            free(self.R.pset_end)
            free(self.R.path_len)
            free(self.R.path_sq)
            free(self.R.path_mode)
            free(self.R.path_combat)
            free(self.R.path_home)
            free(self.R.pset_kind)
            free(self.R.path_info)
            free(self.R)


cdef class Engine:
    """A game state with its rules; make/unmake, generation, hashing, perft, search and the
    checker."""
    cdef State* st
    cdef Rules* R
    cdef _RulesBox box
    cdef Move* buf
    cdef Search* srch
    cdef volatile int perft_halt   # set by perft_stop(), polled by the running perft

    def __cinit__(self, bint _bare=False):
        """`_bare`: no state or rules yet (`copy` fills them in)."""
        self.buf = <Move*>malloc((MAX_MOVES + 16) * sizeof(Move))
        self.srch = <Search*>calloc(1, sizeof(Search))
        if self.buf == NULL or self.srch == NULL:
            raise MemoryError()
        if _bare:
            return
        self.st = <State*>calloc(1, sizeof(State))
        if self.st == NULL:
            raise MemoryError()
        self.box = _RulesBox()
        self.R = self.box.R
        self.st.rules = self.R

    def __dealloc__(self):
        if self.st != NULL:
            trail_release(self.st.shared)
            free(self.st.trail)
            free(self.st)
        free(self.buf)
        if self.srch != NULL:
            search_free(self.srch)
            free(self.srch)

    def copy(self):
        """An independent engine with the same state, undo record (trail and frames) included,
        sharing the compiled rules: a copy of the C structs, never a replay. The search setup is
        not copied."""
        cdef Engine other = Engine.__new__(Engine, True)
        cdef State* st = self.st
        cdef State* dup = <State*>malloc(sizeof(State))
        if dup == NULL:
            raise MemoryError()
        trail_share(st)  # the trail so far becomes shared: copied by reference, whatever its length
        memcpy(dup, st, sizeof(State))
        dup.trail = NULL
        dup.trail_cap = 0
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
        cdef Rules* R
        self.box = _RulesBox()
        self.R = R = self.box.R
        self.st.rules = R
        cdef int t, n_sets, n_paths
        for t, pt in enumerate(_rules.PIECE_TYPES):
            R.coexist[t] = pt.coexist
            R.carry[t] = pt.carry
            R.combat[t] = pt.combat
            R.carry_capture[t] = pt.movement == _rules.HELI
            R.role[t] = {None: 0, "primary": 1, "secondary": 2}[pt.role]
            R.natural[t] = _LEVEL_OF[pt.level]
            R.movement[t] = pt.movement
            R.slots[t] = 3 if "XXX" in pt.abilities else 1
            for lvl in range(3):
                R.path_level[t][lvl] = NONE
                R.dest_mask[t][lvl] = 0
                R.vert_mask[t][lvl] = 0
            R.vert_combat[t] = bool(options.jet_sub_combat)
            for level, (path_level, ends, changes) in _rules.LEVEL_MOVES.get(
                    pt.movement, _rules.GROUND_MOVES).items():
                lvl = _LEVEL_OF[level]
                R.path_level[t][lvl] = NONE if path_level is None else _LEVEL_OF[path_level]
                R.dest_mask[t][lvl] = sum(1 << _LEVEL_OF[x] for x in ends)
                R.vert_mask[t][lvl] = sum(1 << _LEVEL_OF[x] for x in changes)
        for t, pt in enumerate(_rules.PIECE_TYPES):
            for k in range(N_KINDS):
                R.inherent[t][k] = 0
            for code in pt.abilities:
                R.inherent[t][_rules.ARTICLE_INDEX[code]] = 1
            R.jet_rocket[t] = pt.code in _rules.JET_ROCKET_TYPES
        for k in range(N_KINDS):
            R.rate[k] = 0
            R.anti[k] = 0
            R.proj_level[k] = NONE
        rl_rate, sl_rate, tl_rate = options.projectile_rates()
        for code, rate in (("FL", options.flame_rate), ("ST", options.stunner_rate),
                           ("CS", options.conversion_rate), ("RL", rl_rate),
                           ("SL", sl_rate), ("TL", tl_rate)):
            R.rate[_rules.ARTICLE_INDEX[code]] = rate
            R.anti[_rules.ARTICLE_INDEX[code]] = _rules.ARTICLE_INDEX["A" + code]
        R.proj_level[A_RL] = GROUND
        R.proj_level[A_SL] = AIR
        R.proj_level[A_TL] = SUB
        R.flame_range = options.flame_range
        R.stunner_range = options.stunner_range
        R.stun_turns = options.stun_turns
        R.homing_range = options.homing_range
        R.jet_rocket_range = options.jet_rocket_range
        R.one_action = options.one_action_per_piece
        R.movement_only = options.movement_only
        R.stealthy_primary = options.stealthy_primary
        R.transport_from_carrier = options.transport_from_carrier
        R.quiet_turn_draw = options.quiet_turn_draw
        R.doze_enemies = bool(options.doze_enemies)
        R.primary_may_fly = bool(options.primary_may_fly)
        R.all_visible = not options.invisible_pieces
        R.lock_on = options.lock_on
        R.range_detection = options.range_detection
        R.detect_range = options.stealth_detect_range
        R.sonar_range = options.sonar_range
        R.stealth_dominates = options.dominance == "stealth"
        R.reveal_on_fire = options.reveal_on_fire
        tables = _compiled_tables(options)
        _copy_ints(&R.nb[0][0], tables["nb"])
        _copy_ints(&R.ring[0][0][0], tables["ring"])
        R.ring_len = tables["ring_len"]
        n_sets = tables["n_sets"]
        n_paths = tables["n_paths"]
        R.pset_start = <int*>malloc(n_sets * N_SQ * sizeof(int))
        R.pset_end = <int*>malloc(n_sets * N_SQ * sizeof(int))
        R.path_len = <int*>malloc((n_paths + 1) * sizeof(int))
        R.path_sq = <int*>malloc((n_paths + 1) * MAX_PATH * sizeof(int))
        R.path_mode = <int*>malloc((n_paths + 1) * sizeof(int))
        R.path_combat = <int*>malloc((n_paths + 1) * sizeof(int))
        R.path_home = <int*>malloc((n_paths + 1) * sizeof(int))
        R.pset_kind = <int*>malloc(n_sets * N_SQ * sizeof(int))
        R.path_info = <PathInfo*>calloc(n_paths + 1, sizeof(PathInfo))
        if (R.path_info == NULL or R.pset_start == NULL or R.pset_end == NULL or R.path_len == NULL or R.path_sq == NULL
                or R.path_mode == NULL or R.path_combat == NULL or R.path_home == NULL
                or R.pset_kind == NULL):
            raise MemoryError()
        _copy_ints(R.pset_start, tables["pset_start"])
        _copy_ints(R.pset_end, tables["pset_end"])
        _copy_ints(R.path_len, tables["path_len"])
        _copy_ints(R.path_sq, tables["path_sq"])
        _copy_ints(R.path_mode, tables["path_mode"])
        _copy_ints(R.path_combat, tables["path_combat"])
        _copy_ints(R.path_home, tables["path_home"])
        _copy_ints(R.pset_kind, tables["pset_kind"])
        _copy_ints(&R.psid[0][0][0], tables["psid"])
        R.n_psets = n_sets
        R.n_paths = n_paths
        _compile_path_info(R)

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
        st.hash = full_hash(st)
        if st.result == RESULT_NONE and not st.moved and not has_move(st):
            st.result = 1 - st.side  # R6.5: no legal Move at the start of the turn loses

    def pieces(self):
        """Every piece on the board: (pid, type, color, hand, sq, level, articles, stun, home,
        cooldowns) with articles a tuple of (kind, cool) and cooldowns {kind: turns} (inherent)."""
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
        """(pid, type, color, hand, sq, level, articles, stun, home, cooldowns, journey, fired,
        acted, hits, mover): articles a tuple of (kind, cool); cooldowns {kind: turns} of inherent
        weapons; journey (kind, dest, path, level) or None; hits {weapon kind: count}."""
        cdef Piece* p = &self.st.pieces[pid]
        cdef int i
        if not 0 <= pid < self.st.n_pieces:
            raise IndexError(pid)
        arts = tuple((p.art[i], p.cool[i]) for i in range(MAX_SLOTS) if p.art[i])
        icool = {i: p.icool[i] for i in range(N_KINDS) if p.icool[i]}
        journey = (p.jkind, p.jdest, p.jpath, p.jlevel) if p.journey else None
        hits = {i: p.hits[i] for i in range(7) if p.hits[i]}
        return (pid, p.type, p.color, p.hand, p.sq, p.level, arts, p.stun, p.home, icool,
                journey, p.fired, p.acted, hits, p.mover)

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
        """What the last action did: (kind, pid, sq, level, info, color) tuples."""
        cdef int i
        return [(self.st.ev[i].kind, self.st.ev[i].pid, self.st.ev[i].sq, self.st.ev[i].level,
                 self.st.ev[i].info, self.st.ev[i].color) for i in range(self.st.n_ev)]

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
        """Every legal action: tuples (kind, pid, dest, dlevel, passenger, path, group, dir, art,
        art2, target)."""
        cdef int n, i
        cdef Move* m
        with nogil:
            if moves_only:
                n = gen_moves(self.st, self.buf, MAX_MOVES) if (self.st.result == RESULT_NONE
                                                               and not self.st.moved) else 0
            else:
                n = gen_actions(self.st, self.buf)
        cdef tuple raw
        out = []
        for i in range(n):
            m = &self.buf[i]
            raw = (m.kind, m.pid, m.dest, m.dlevel, m.passenger, m.path, m.group, m.dir,
                   m.art, m.art2, m.target)
            PyObject_GC_UnTrack(<void*>raw)  # small ints only: no cycle (see PyObject_GC_UnTrack)
            out.append(raw)
        return out

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

    def codec_twins(self, int n):
        """Right after legal(): the pieces its actions name that share their level with a piece
        of their side the side to move sees (their codec slot is the rank of their text), as
        {pid: (its brief, the twin's brief)} (briefs as named_briefs gives them)."""
        cdef int i, k, pid, twin
        cdef Move* m
        cdef int want[2]
        out = {}
        for i in range(min(n, MAX_MOVES)):
            m = &self.buf[i]
            if m.kind == ACT_END or m.kind == ACT_REINFORCE:
                continue
            want[0] = m.pid
            want[1] = m.target if m.kind == ACT_FIRE or m.kind == ACT_EXCHANGE else NONE
            for k in range(2):
                pid = want[k]
                if pid < 0 or pid in out:
                    continue
                twin = self._twin(pid)
                if twin != NONE:
                    out[pid] = (self._brief(pid), self._brief(twin))
        return out

    cdef tuple _brief(self, int pid):
        cdef Piece* p = &self.st.pieces[pid]
        return (p.type, p.color, p.hand, p.sq, p.level,
                tuple([p.art[j] for j in range(MAX_SLOTS) if p.art[j]]))

    def codec_ids(self, int n, tuple bases, dict slots):
        """Right after legal() (its `n` actions still in the buffer): each action's id in the
        OpenSpiel codec (wec.openspiel; `bases` its kinds' first ids, in its CODEC order; `slots`
        the codec slot of each piece codec_twins() named), or -1 where the Python codec must
        decide (an action it would refuse)."""
        cdef int i, b_end, b_move, b_doze, b_fire, b_at, b_tr, b_pu, b_dr, b_ex, b_re
        cdef int slot, tslot
        cdef Move* m
        cdef long long aid
        cdef Reserve* r
        b_end, b_move, b_doze, b_fire, b_at, b_tr, b_pu, b_dr, b_ex, b_re = bases
        out = []
        for i in range(min(n, MAX_MOVES)):
            m = &self.buf[i]
            aid = -1
            if m.kind == ACT_END:
                aid = b_end
            elif m.kind == ACT_REINFORCE:
                r = &self.st.reserves[m.target]
                aid = b_re + (r.sq * N_TYPES + r.type) * 3 + r.hand
            else:
                slot = slots.get(m.pid, 0)
                tslot = slots.get(m.target, 0) if m.target >= 0 else 0
                aid = self._codec_id(m, slot, tslot, b_move, b_doze, b_fire, b_at, b_tr,
                                     b_pu, b_dr, b_ex)
            out.append(aid)
        return out

    cdef int _twin(self, int pid):
        """The other piece of its side on its level that the side to move sees, or NONE."""
        cdef Piece* p = &self.st.pieces[pid]
        cdef int k, q
        for k in range(2):
            q = self.st.occ[p.level][p.sq][k]
            if q != NONE and q != pid and self.st.pieces[q].color == p.color and \
                    (p.color == self.st.side or can_see(self.st, self.st.side, q)):
                return q
        return NONE

    cdef long long _codec_id(self, Move* m, int slot, int tslot, int b_move, int b_doze,
                             int b_fire, int b_at, int b_tr, int b_pu, int b_dr, int b_ex):
        """The id of one action (its piece's and target's codec slots given); -1: the Python
        codec decides."""
        cdef Piece* p = &self.st.pieces[m.pid]
        cdef Piece* t
        cdef long long me = (p.sq * 3 + p.level) * 2 + slot
        if m.kind == ACT_MOVE:
            return b_move + ((me * 100 + m.dest) * 3 + m.dlevel) * 2 + (m.passenger >= 0)
        if m.kind == ACT_DOZE:
            if p.level != GROUND:
                return -1
            return b_doze + ((p.sq * 2 + slot) * 8 + m.dir) * 256 + m.group
        if m.kind == ACT_PICKUP:
            return b_pu + me * 18 + m.art - 1
        if m.kind == ACT_DROP:
            return b_dr + me * 18 + m.art - 1
        if m.kind == ACT_FIRE:
            if A_BI <= m.art <= A_SC:
                return b_tr + ((me * 3 + m.art - A_BI) * 100 + m.dest) * 2 + m.path
            if m.target >= 0:
                t = &self.st.pieces[m.target]
                if not (A_RL <= m.art <= A_TL) or t.level != m.art - A_RL:
                    return -1
                return b_at + ((me * 3 + m.art - A_RL) * 100 + t.sq) * 2 + tslot
            if not (A_FL <= m.art <= A_TL):
                return -1
            return b_fire + (me * 6 + m.art - A_FL) * 8 + m.dir
        if m.kind == ACT_EXCHANGE:
            t = &self.st.pieces[m.target]
            return b_ex + ((((me * 3 + _kind_rank(p, m.art)) * 4
                             + (0 if m.art2 == 0 else 1 + _kind_rank(t, m.art2))) * 100
                            + t.sq) * 3 + t.level) * 2 + tslot
        return -1

    def has_move(self):
        return has_move(self.st)

    def apply(self, tuple action):
        """Apply one action tuple exactly as `legal()` returned it (no legality check here)."""
        cdef Move m
        (m.kind, m.pid, m.dest, m.dlevel, m.passenger, m.path, m.group, m.dir, m.art, m.art2,
         m.target) = action
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

    def bench_generate(self, int reps):
        """Generate the full action list `reps` times without the GIL (bench/)."""
        cdef long long n
        with nogil:
            n = bench_generate(self.st, reps, self.buf)
        return n

    def bench_make_unmake(self, int steps, unsigned long long seed=88172645463325252ULL):
        """Make and unmake every legal action along a random walk, without the GIL (bench/).
        The state is unchanged afterwards. Returns the number of make+unmake pairs."""
        cdef long long n
        with nogil:
            n = bench_make_unmake(self.st, steps, seed, self.buf)
        return n

    # --- search (the computer opponent) ------------------------------------------------------

    def search_setup(self, dict values, int tt_bits=20, int max_depth=40, *,
                     int qdepth=8, bint turn_only=False, bint reductions=True,
                     bint clearing=False, bint move_depth=False):
        """Evaluation values (indexed like the rule tables), the transposition table, the
        quiescence depth in actions (0: none), the greedy horizon (turn_only: stop at the
        root side's End Turn), the clearing journeys below the root (gen_interior_actions) and
        depth counted in Moves (search.child_depth)."""
        cdef Search* S = self.srch
        cdef int i
        if max_depth + qdepth + 2 > MAX_PLY:
            raise ValueError(f"depth {max_depth} + quiescence {qdepth} exceeds {MAX_PLY - 2}")
        search_alloc(S, tt_bits)
        S.qdepth = qdepth
        S.turn_only = turn_only
        S.reductions = reductions
        S.clearing = clearing
        S.move_depth = move_depth
        set_values(S, values)

    def search_iteration(self, int depth, int first=-1, long long node_limit=0,
                         double deadline=0.0, *, bint exact=False):
        """One iterative-deepening step, without the GIL: (best index in legal() order or -1,
        score, completed, nodes so far). `exact`: every root action gets the full window, its
        score then read by root_scores() (slower: no root cut-offs)."""
        cdef Search* S = self.srch
        cdef int best = -1, score
        if S.tt == NULL:
            raise RuntimeError("search_setup() first")
        S.node_limit = node_limit
        S.deadline = deadline
        S.aborted = 0
        S.exact_root = exact
        with nogil:
            score = search_root(self.st, S, depth, first, &best)
        S.exact_root = 0
        return best, score, not S.aborted, S.nodes

    def root_scores(self):
        """After an exact search_iteration: (index in legal() order, score for the side to move)
        of each root action it searched to the end, best first."""
        cdef Search* S = self.srch
        cdef int n, i
        if S.root_scores == NULL:
            return []
        with nogil:
            n = gen_actions(self.st, self.buf)
        out = [(i, S.root_scores[i]) for i in range(n) if S.root_scores[i] != NO_SCORE]
        out.sort(key=lambda e: -e[1])
        return out

    def search_plan(self, int first, int max_len=12):
        """The rest of the side to move's turn as the last search saw it: `first` (an index in
        legal() order) and then, state by state, the transposition table's best action, as
        indices in legal() order of each successive state; it stops at End Turn (included),
        when the table has no entry, or after max_len actions. The state is left unchanged."""
        cdef Search* S = self.srch
        cdef State* st = self.st
        cdef int side = st.side, done = 0, n, k, i
        cdef Move m
        cdef TTEntry* e
        plan = []
        if S.tt == NULL:
            return plan
        n = gen_actions(st, self.buf)
        if first < 0 or first >= n:
            return plan
        plan.append(first)
        do_action(st, &self.buf[first])
        done = 1
        while done < max_len and st.side == side and st.result == RESULT_NONE:
            e = &S.tt[st.hash & S.tt_mask]
            if e.key != st.hash or e.best < 0:
                break
            n = gen_interior_actions(st, S.buf, S.clearing)  # the list negamax's best indexes
            if e.best >= n:
                break
            m = S.buf[e.best]
            n = gen_actions(st, self.buf)
            k = -1
            for i in range(n):
                if memcmp(&self.buf[i], &m, sizeof(Move)) == 0:
                    k = i
                    break
            if k < 0:
                break
            plan.append(k)
            do_action(st, &self.buf[k])
            done += 1
        for i in range(done):
            undo_action(st)
        return plan

    def search_reset(self):
        """A new decision: node count, stop flag, killers and history cleared."""
        memset(self.srch.killers, 0, sizeof(self.srch.killers))
        if self.srch.history != NULL:
            memset(self.srch.history, 0, MAX_PIECES * N_SQ * sizeof(int))
        self.srch.nodes = 0
        self.srch.stop = 0
        self.srch.aborted = 0

    def search_stop(self):
        """From another thread: the running search returns as soon as it can."""
        self.srch.stop = 1

    def _state_address(self):
        """The address of this engine's State, for the core's other search modules
        (wec._core.ismcts casts it back): valid while this engine lives."""
        return <size_t>self.st

    def evaluate(self):
        """The static evaluation for the side to move."""
        return evaluate(self.st, self.srch)

    # --- consistency checker (Stockfish pos_is_ok) -----------------------------------------------

    def check(self):
        """Validate the whole state; return a list of problems (empty when consistent).

        Occupancy matches the pieces, capacity and coexistence (R3.1-R3.2), support at Air/Sub
        (R3.4), slots (R5.1), at most 2 articles per square and 200 in all (R3.3), the article count
        conserved, and the incremental hash equal to a recomputation.
        """
        cdef State* st = self.st
        cdef Rules* R = self.R
        cdef Piece* p
        cdef Piece* q
        cdef int pid, s, lvl, i, a, b, n_art = 0
        cdef Tallies fresh
        cdef int due[20]
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
        tally_count(st, &fresh)
        if memcmp(&fresh, &st.tally, sizeof(Tallies)) != 0:
            problems.append("evaluation tallies differ from a recount")
        count_due(st, due)
        for i in range(20):
            if due[i] & ~st.due[i]:
                problems.append("a piece End Turn must look at is not in `due` (word %d)" % i)
        return problems
