# cython: language_level=3
"""Doze generation (R4.11): the groups of neighbour squares a Dozer pushes with its partner, on
the 5x5 squares around it as bit sets; listed in the order of Move.group, or only counted."""
from libc.stdint cimport uint64_t
from libc.string cimport memset

cdef extern from *:  # ctz: bsf/tzcnt
    int ctz "__builtin_ctz"(unsigned int x) nogil
    int ctzll "__builtin_ctzll"(unsigned long long x) nogil
from wec._core.state cimport *
from wec._core.board cimport can_see
from wec._core.gen cimport Gen, full, emit


# R4.11.1: what the mover sees at a square's Ground, as one code (doze_seen): how many pieces
# (DZ_COUNT bits); of the one seen, whether it is the mover's (DZ_OWN) and coexists (DZ_COEXIST,
# R2.2); DZ_STUCK when the square cannot be chosen for a group.
cdef enum:
    DZ_COUNT = 3
    DZ_OWN = 4
    DZ_COEXIST = 8
    DZ_STUCK = 16

# The Doze generator sees the 5x5 squares around the Dozer (all a doze may touch) as bit sets of
# "cells" 0-24, row by row, the Dozer's square the CENTER; a group as "group bits" 0-8, the 3x3
# around it (the Dozer's own bit never set). The board layout is the core's, square
# (row-1)*10 + (col-1), the directions wec.rules.DIRECTIONS (as Rules.nb).
cdef enum:
    CENTER = 12
    NEIGHBOURS25 = 0x729C0  # the cells of the 8 neighbour squares


from wec.rules import DIRECTIONS as _DIRECTIONS
cdef unsigned int ONBOARD25[100]    # per Dozer square: its cells on the board, CENTER excepted
cdef int CELL_DSQ[25]               # a cell's square minus the Dozer's
cdef int STEP25[8]                  # one step in direction d, in cells
cdef int STEP9[8]                   # one step in direction d, in group bits
cdef unsigned char GROUP_DIRS[512]  # group bits -> Move.group (bit d: the neighbour in d)
cdef unsigned char POPCOUNT9[512]   # (a table: without -mpopcnt __builtin_popcount calls libgcc)
for _c in range(25):
    CELL_DSQ[_c] = (_c // 5 - 2) * 10 + _c % 5 - 2
for _sq in range(100):
    ONBOARD25[_sq] = sum(1 << _c for _c in range(25) if _c != CENTER
                         and 0 <= _sq // 10 + _c // 5 - 2 < 10 and 0 <= _sq % 10 + _c % 5 - 2 < 10)
for _d, (_dr, _dc) in enumerate(_DIRECTIONS):
    STEP25[_d] = 5 * _dr + _dc
    STEP9[_d] = 3 * _dr + _dc
for _m in range(512):
    POPCOUNT9[_m] = bin(_m).count("1")
    GROUP_DIRS[_m] = sum(1 << _d for _d, (_dr, _dc) in enumerate(_DIRECTIONS)
                         if (_m >> ((_dr + 1) * 3 + _dc + 1)) & 1)
del _c, _sq, _d, _dr, _dc, _m


cdef inline int seen_piece(State* st, int side, int x) noexcept nogil:
    """The code (DZ_*) of one piece as `side` sees it: 0 when hidden (R4.11.1: not counted);
    stuck when it is an enemy seen without the doze_enemies option, or R6.3 one of the mover's
    that acted."""
    cdef Rules* R = st.rules
    cdef Piece* q = &st.pieces[x]
    cdef int code = 1 | (DZ_COEXIST if R.coexist[q.type] else 0)
    if q.color == side:
        return code | DZ_OWN | (DZ_STUCK if R.one_action and q.acted else 0)
    if not can_see(st, side, x):
        return 0
    return code | (0 if R.doze_enemies else DZ_STUCK)


cdef inline int doze_seen(State* st, int side, int s) noexcept nogil:
    """The code (DZ_*) of the Ground of `s` as `side` sees it (seen_piece)."""
    cdef int x = st.occ[GROUND][s][0], a, b
    if x == NONE:
        return 0  # slot 0 is filled first (board.occupy): nobody there
    a = seen_piece(st, side, x)
    x = st.occ[GROUND][s][1]
    if x == NONE:
        return a
    b = seen_piece(st, side, x)
    if a == 0 or b == 0:
        return a | b
    return 2 | ((a | b) & DZ_STUCK)  # (of two, only the count and being stuck matter)


cdef inline unsigned int back(unsigned int cells, int step) noexcept nogil:
    """The cells from which one step of `step` lands in `cells` (exact from the 3x3 cells;
    one shift each way, without a branch on the sign of `step`)."""
    return <unsigned int>(((<uint64_t>cells) << 8) >> (step + 8))


cdef inline int group_bits(unsigned int cells) noexcept nogil:
    """The 3x3 cells of a cell set, as group bits."""
    return ((cells >> 6) & 7) | ((cells >> 8) & 0x38) | ((cells >> 10) & 0x1C0)


ctypedef struct DozeCells:
    unsigned int empty      # the cells where the mover sees no piece
    unsigned int own1       # ... one piece, its own
    unsigned int enemy1     # ... one piece, an enemy
    unsigned int coexist1   # ... one piece, coexisting (R2.2)
    unsigned int member     # the neighbours that may be in a group: some piece seen, none stuck
    unsigned int mover[5]   # the members by what they hold: two pieces; one: own coexisting,
                            # own not, enemy coexisting, enemy not


cdef inline void see_cells(State* st, int side, int sq, unsigned int cells,
                           DozeCells* v) noexcept nogil:
    """Add `cells` (on the board) to what the mover sees around the Dozer on `sq`."""
    cdef int c, cell
    while cells:
        cell = ctz(cells)
        cells &= cells - 1
        c = doze_seen(st, side, sq + CELL_DSQ[cell])
        if (c & DZ_COUNT) == 0:
            v.empty |= 1u << cell
            continue
        if (c & DZ_COUNT) == 1:
            if c & DZ_OWN:
                v.own1 |= 1u << cell
            else:
                v.enemy1 |= 1u << cell
            if c & DZ_COEXIST:
                v.coexist1 |= 1u << cell
        if (c & DZ_STUCK) or not (NEIGHBOURS25 >> cell) & 1:
            continue
        v.member |= 1u << cell
        if (c & DZ_COUNT) == 2:
            v.mover[0] |= 1u << cell
        else:
            v.mover[1 + 2 * ((c & DZ_OWN) == 0) + ((c & DZ_COEXIST) == 0)] |= 1u << cell


cdef inline void mover_lands(DozeCells* v, unsigned int* lands) noexcept nogil:
    """R3.1/R3.2 as the mover sees them: where each kind of mover (DozeCells.mover) may end on
    a square that the doze does not empty. Two pieces: where none is seen; one: also with one
    piece of its side, one of the two coexisting."""
    lands[0] = v.empty
    lands[1] = v.empty | v.own1
    lands[2] = v.empty | (v.own1 & v.coexist1)
    lands[3] = v.empty | v.enemy1
    lands[4] = v.empty | (v.enemy1 & v.coexist1)


cdef void gen_dozes(State* st, Gen* g, int pid) noexcept nogil:
    """R4.11: every group (<= 4 pieces) of neighbour squares and every direction."""
    cdef Rules* R = st.rules
    cdef Piece* p = &st.pieces[pid]
    cdef int sq = p.sq, side = p.color
    cdef int partner = NONE, i, dir, step, n_found = 0, two = 0, base, cand, needs, b, k
    cdef unsigned int known, missing, member, ok, rest, needers, bad, t0
    cdef DozeCells v
    cdef unsigned int lands[5]
    cdef int closure[9]
    cdef unsigned char valid[256]
    cdef uint64_t used[4]
    cdef uint64_t word
    if p.level != GROUND:
        return
    for i in range(2):
        k = st.occ[GROUND][sq][i]
        if k != NONE and k != pid:
            partner = k
    if partner == NONE or st.pieces[partner].color != side:
        return
    if R.one_action and st.pieces[partner].acted:
        return
    memset(&v, 0, sizeof(v))
    known = ONBOARD25[sq] & NEIGHBOURS25  # the outer ring is looked at when a target is there
    see_cells(st, side, sq, known, &v)
    member = v.member
    if g.out != NULL:
        two = group_bits(v.mover[0])
        used[0] = used[1] = used[2] = used[3] = 0
    for dir in range(8):
        step = STEP25[dir]
        t0 = 1u << (CENTER + step)  # the Dozer and its partner end there: nobody may be seen
        if not (v.empty & t0) and not (member & t0):  # there, or it goes too (in every group)
            continue
        missing = back(member, -step) & ONBOARD25[sq] & ~known
        if missing:
            see_cells(st, side, sq, missing, &v)
            known |= missing
        mover_lands(&v, lands)
        # A group moves together one step. A member square may go when its target takes its
        # pieces (`lands`; the Dozer's square is always emptied), or when the target is a member
        # square that goes too (it `needs` it); when its chain of needs ends anywhere else, or
        # off the board, it never goes (`bad`; a chain on the 3x3 has at most 3 squares).
        ok = member & (1u << (CENTER - step))
        for i in range(5):
            ok |= v.mover[i] & back(lands[i], step)
        rest = member & ~ok
        needers = rest & back(member, step)
        bad = rest & ~needers
        bad |= needers & back(bad, step)
        bad |= needers & back(bad, step)
        if t0 & bad:
            continue
        # The Dozer's target square, when in every group, needs no other (its target is off
        # the 3x3) and no other needs it (only the CENTER steps onto it).
        if g.out == NULL:
            n_found += count_groups(t0 & member, member & ~bad & ~t0, needers, v.mover[0], step)
            if g.n + n_found >= g.limit:
                break  # counting only, and the limit is reached
            continue
        base = group_bits(t0 & member)
        cand = group_bits(member & ~bad & ~t0)
        needs = group_bits(needers)
        k = cand
        while k:  # each candidate's closure: itself and the chain of squares it needs
            b = k & -k
            k ^= b
            i = ctz(b)
            closure[i] = b
            while b & needs:
                b = b << STEP9[dir] if STEP9[dir] > 0 else b >> -STEP9[dir]
                closure[i] |= b
        doze_groups(base, members_total(base, two), cand, 0, closure, two, valid, used, dir)
    if g.out == NULL:  # counting only
        g.n = g.n + n_found if g.n + n_found < g.limit else g.limit
        return
    for i in range(4):  # the list's order: by group (as Move.group), then by direction
        word = used[i]
        while word:
            k = 64 * i + ctzll(word)
            word &= word - 1
            for dir in range(8):
                if (valid[k] >> dir) & 1:
                    emit(g, ACT_DOZE, pid, R.nb[sq][dir], GROUND, partner, NONE, k, dir, 0, 0,
                         NONE)
                    if full(g):
                        return


cdef inline int count_groups(unsigned int base, unsigned int cand, unsigned int needs,
                             unsigned int two, int step) noexcept nogil:
    """How many groups doze_groups would mark, for a direction's step (when only counting:
    perft's last ply, has_move). From cell sets: `base` (in every group: none or one square),
    the candidate squares `cand`, those that need their target `needs`, those holding two
    pieces `two`. The squares that need another form chains (each is needed by at most one: the
    square a step behind it) from a square needing none; a group holds `base` and a part of each
    chain from its start. So the count is the product over chains of (1 + x^w1 + x^(w1+w2) +
    ...), w the pieces per square, summed up to x^(4 - pieces of base) (R4.11), the polynomial
    in 12-bit fields of one integer."""
    cdef int budget = 4 - (base != 0) - ((base & two) != 0), w
    cdef unsigned int roots = cand & ~needs, x
    cdef uint64_t poly = 1, more
    cdef uint64_t fields = ((<uint64_t>1) << (12 * (budget + 1))) - 1
    while roots:
        x = roots & -roots
        roots ^= x
        more = poly
        w = 0
        while x:
            w += 1 + ((x & two) != 0)
            if w > budget:
                break
            more += poly << (12 * w)
            x = back(x, step) & needs & cand
        poly = more & fields
    return <int>(((poly * 0x1001001001001ULL) >> 48) & 0xFFF)


cdef inline int members_total(int members, int two) noexcept nogil:
    """Pieces on the group's neighbour squares (the Dozer's own square not counted, R4.11):
    one per member square, one more for each holding two (`two`, group bits)."""
    return POPCOUNT9[members] + POPCOUNT9[members & two]


cdef void doze_groups(int members, int total, int todo, int passed, int* closure, int two,
                      unsigned char* valid, uint64_t* used, int dir) noexcept nogil:
    """Mark `members` (`total` pieces) and every group that extends it with the closures of the
    squares in `todo` (at most 4 pieces moved, R4.11) in `valid`. Each group is met once: a
    square passed over (`passed`) is never pulled in later by another's closure."""
    cdef int bit, c, more
    mark_group(valid, used, GROUP_DIRS[members], dir)
    if total >= 4:
        return  # every closure adds a piece
    todo &= ~members
    while todo:
        bit = todo & -todo
        todo ^= bit
        c = closure[ctz(bit)] | members
        if not (c & passed):
            more = members_total(c, two)
            if more < 4 and todo & ~c:
                doze_groups(c, more, todo, passed, closure, two, valid, used, dir)
            elif more <= 4:  # a group that cannot grow: marked here, without a call
                mark_group(valid, used, GROUP_DIRS[c], dir)
        passed |= bit


cdef inline void mark_group(unsigned char* valid, uint64_t* used, int group,
                            int dir) noexcept nogil:
    """valid[group] gets bit `dir`; `used` (bit per group) says which entries are set."""
    if not (used[group >> 6] >> (group & 63)) & 1:
        used[group >> 6] |= (<uint64_t>1) << (group & 63)
        valid[group] = 0
    valid[group] |= 1 << dir
