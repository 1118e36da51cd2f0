# cython: language_level=3
"""The compiled rule tables: wec.rules and one set of options turned into a `Rules` struct.

A `RulesBox` owns one; the engines made by `Engine.copy()` share their box (the rules never
change after `compile_rules`; `Engine.configure` makes a new box).
"""
from libc.stdlib cimport calloc, malloc, free
from libc.string cimport memcpy, memset
from libc.stdint cimport uint64_t

cdef extern from "<stdlib.h>":
    int posix_memalign(void** memptr, size_t alignment, size_t size) nogil
from wec._core.state cimport *

import functools
from array import array

from wec import rules as _rules

_LEVEL_OF = {"G": GROUND, "A": AIR, "S": SUB}


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
                    classes.setdefault(sqs[len(sqs) - 1], set()).add(
                        path.mode * 2 + (1 if path.combat else 0))
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


cdef void _compile_lines(Rules* R) noexcept:
    """Rules.ray and Rules.within from Rules.nb."""
    cdef int sq, d, s, r, k
    for sq in range(N_SQ):
        for d in range(8):
            R.ray[sq][d][0] = R.ray[sq][d][1] = 0
            s = R.nb[sq][d]
            while s != NONE:
                R.ray[sq][d][s >> 6] |= (<uint64_t>1) << (s & 63)
                s = R.nb[s][d]
        for r in range(10):
            R.within[sq][r][0] = R.within[sq][r][1] = 0
            for s in range(N_SQ):
                k = max(abs(s // 10 - sq // 10), abs(s % 10 - sq % 10))
                if 1 <= k <= r:
                    R.within[sq][r][s >> 6] |= (<uint64_t>1) << (s & 63)


cdef int _compile_pset_count(Rules* R) except -1:
    """Rules.pset_count and count_info from path_info: per set and square, the one-square paths'
    destinations per class, and the other paths (those a piece can block, or needing the pawn
    home flag) listed apart, and every path's destination. A PSET_GENERAL set, or one of more
    than 2 classes, keeps n_cls 0: counting walks its path_info."""
    cdef int e, k, c, slot, n = 0
    cdef PsetCount* pc
    cdef PathInfo* pi
    if posix_memalign(<void**>&R.pset_count, 64, R.n_psets * N_SQ * sizeof(PsetCount)):
        raise MemoryError()  # (aligned: an entry is one cache line)
    memset(R.pset_count, 0, R.n_psets * N_SQ * sizeof(PsetCount))
    R.count_info = <PathInfo*>calloc(R.n_paths + 1, sizeof(PathInfo))
    R.pset_reach = <uint64_t*>calloc(R.n_psets * N_SQ * 2 + 2, sizeof(uint64_t))
    if R.count_info == NULL or R.pset_reach == NULL:
        raise MemoryError()
    for e in range(R.n_psets * N_SQ):
        pc = &R.pset_count[e]
        pc.start = pc.end = n
        for k in range(R.pset_start[e], R.pset_end[e]):
            pi = &R.path_info[k]
            pc.dests[pi.dest >> 6] |= (<uint64_t>1) << (pi.dest & 63)
            R.pset_reach[2 * e] |= pi.block[0]
            R.pset_reach[2 * e + 1] |= pi.block[1]
        R.pset_reach[2 * e] |= pc.dests[0]
        R.pset_reach[2 * e + 1] |= pc.dests[1]
        if R.pset_kind[e] == PSET_GENERAL:
            continue
        classes = []
        for k in range(R.pset_start[e], R.pset_end[e]):
            if R.path_info[k].cls not in classes:
                classes.append(R.path_info[k].cls)
        if len(classes) > 2:
            continue
        for k in range(R.pset_start[e], R.pset_end[e]):
            pi = &R.path_info[k]
            slot = classes.index(pi.cls)
            if R.path_len[k] == 1 and not pi.home:
                pc.fixed[slot][pi.dest >> 6] |= (<uint64_t>1) << (pi.dest & 63)
            else:
                R.count_info[n] = pi[0]
                R.count_info[n].cls = slot
                n += 1
        pc.end = n
        for c in range(len(classes)):
            pc.cls[c] = classes[c]
        pc.n_cls = len(classes)
    return 0


cdef class RulesBox:
    """Owns one compiled Rules struct (see the module docstring)."""

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
            free(self.R.pset_count)
            free(self.R.count_info)
            free(self.R.pset_reach)
            free(self.R)


cdef int compile_rules(Rules* R, options) except -1:
    """Compile the rule tables (wec.rules) for one set of options into `R` (zeroed)."""
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
    _compile_lines(R)
    for t in range(N_TYPES):
        R.fire_kinds[t] = sum(1 << w for w in range(A_FL, A_TL + 1) if R.inherent[t][w]) \
            | ((1 << A_RL) if R.jet_rocket[t] else 0)
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
    if (R.path_info == NULL or R.pset_start == NULL or R.pset_end == NULL or R.path_len == NULL
            or R.path_sq == NULL or R.path_mode == NULL or R.path_combat == NULL
            or R.path_home == NULL or R.pset_kind == NULL):
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
    _compile_pset_count(R)
    return 0
