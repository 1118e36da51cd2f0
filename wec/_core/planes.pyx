# cython: language_level=3
"""One side's view of the game as planes (float32, channels x 10 x 10) for learning
(wec.game.planes, docs/RL.md): built only from what that side may know (R10.6) — its own
pieces, the enemy pieces it can see (board.can_see, the predicate Game.observation uses), the
public things (articles on the Ground, projectiles, the turn), and where it last saw each enemy
piece it cannot see now (Sightings, kept action by action like wec.game.sightings)."""
from libc.string cimport memset
from wec._core.state cimport *
from wec._core.board cimport can_see
from wec._core.engine cimport Engine

# The channel layout: (name, channels), in order (wec.game.planes documents each plane).
LAYOUT = (
    ("own_pieces", N_TYPES * 3), ("enemy_pieces", N_TYPES * 3),
    ("own_articles", N_KINDS - 1), ("enemy_articles", N_KINDS - 1),
    ("ground_articles", N_KINDS - 1), ("countdowns", 5), ("stun", 6), ("hands", 4),
    ("journeys", 3), ("own_marks", 3), ("projectiles", 6), ("own_reserves", N_TYPES + 1),
    ("enemy_reserves", 2), ("ghosts", N_TYPES + 1), ("ghost_levels", 3), ("ghost_age", 1),
    ("turn", 9),
)
cdef enum:
    C_OWN = 0
    C_ENEMY = C_OWN + N_TYPES * 3
    C_OWN_ART = C_ENEMY + N_TYPES * 3
    C_ENEMY_ART = C_OWN_ART + N_KINDS - 1
    C_GROUND_ART = C_ENEMY_ART + N_KINDS - 1
    C_COOL = C_GROUND_ART + N_KINDS - 1
    C_STUN = C_COOL + 5
    C_HANDS = C_STUN + 6
    C_JOURNEY = C_HANDS + 4
    C_MARKS = C_JOURNEY + 3
    C_PROJ = C_MARKS + 3
    C_OWN_RES = C_PROJ + 6
    C_ENEMY_RES = C_OWN_RES + N_TYPES + 1
    C_GHOST = C_ENEMY_RES + 2
    C_GHOST_LEVEL = C_GHOST + N_TYPES + 1
    C_GHOST_AGE = C_GHOST_LEVEL + 3
    C_TURN = C_GHOST_AGE + 1
    N_CHANNELS = C_TURN + 9
CHANNELS = N_CHANNELS
AGE_SCALE = 10.0   # a ghost's age plane: turns since the sighting / AGE_SCALE


def _restored(int side, int n, int turn, tuple arrays):
    """A Sightings unpickled."""
    cdef Sightings out = Sightings.__new__(Sightings)
    out._restore(side, n, turn, arrays)
    return out


cdef class Sightings:
    """Where one side last saw each enemy piece it cannot see now, kept by `update()` after
    every action of the engine's game (the rules of wec.game.sightings.Knowledge: a piece that
    goes out of view is known where it stood before the action; one converted away where it
    stands; a reserve that enters unseen as "a piece" on its activation square; a piece removed
    in view is forgotten, one removed out of view keeps its ghost)."""

    def __init__(self, Engine engine, int side):
        cdef State* st = engine.st
        cdef int pid, i, q
        cdef Piece* p
        self.side = side
        self.turn = st.turn
        self.n = st.n_pieces
        memset(self.ghost, 0, sizeof(self.ghost))
        memset(self.armed, 0, sizeof(self.armed))
        for pid in range(st.n_pieces):
            p = &st.pieces[pid]
            self.vis[pid] = p.alive and can_see(st, side, pid)
            self._note(st, pid)
            if p.alive and p.color != side and not self.vis[pid]:
                self.ghost[pid] = 1  # the initial position is public (R10)
        for i in range(st.n_reserves):  # which enemy reserves are armed is public at the start
            if st.reserves[i].color != side and st.reserves[i].armed and \
                    not st.reserves[i].entered:
                self.armed[st.reserves[i].sq] = 1

    cdef void _note(self, State* st, int pid) noexcept:
        cdef Piece* p = &st.pieces[pid]
        self.color[pid], self.sq[pid], self.level[pid] = p.color, p.sq, p.level
        self.type[pid], self.seen_turn[pid] = p.type, st.turn

    def copy(self):
        """An independent copy."""
        cdef Sightings other = Sightings.__new__(Sightings)
        other.side, other.n, other.turn = self.side, self.n, self.turn
        other.vis, other.color, other.sq, other.level = self.vis, self.color, self.sq, self.level
        other.type, other.seen_turn, other.ghost = self.type, self.seen_turn, self.ghost
        other.armed = self.armed
        return other

    def __reduce__(self):
        cdef int i
        arrays = ([self.vis[i] for i in range(MAX_PIECES)], list(self.color), list(self.sq),
                  list(self.level), list(self.type), list(self.seen_turn),
                  [self.ghost[i] for i in range(MAX_PIECES)],
                  [self.armed[i] for i in range(N_SQ)])
        return _restored, (self.side, self.n, self.turn, arrays)

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def update(self, Engine engine):
        """After an action of the engine's game: what the side sees now."""
        cdef State* st = engine.st
        cdef int pid, i, q, k, side = self.side
        cdef unsigned char now
        cdef Piece* p
        for pid in range(st.n_pieces):
            p = &st.pieces[pid]
            now = p.alive and can_see(st, side, pid)
            if pid >= self.n:  # a new piece: a reserve that entered
                self.ghost[pid] = 0
                if not now and p.alive:
                    self._note(st, pid)
                    self.ghost[pid] = 2
            elif now != self.vis[pid]:
                if now:
                    self.ghost[pid] = 0
                elif p.alive:
                    if self.color[pid] == side:  # converted away (R7.5): known where it stands
                        self._note(st, pid)
                    else:  # where it stood before this action, as noted then
                        self.seen_turn[pid] = self.turn
                    self.ghost[pid] = 1
            self.vis[pid] = now
            if now:
                self._note(st, pid)
        self.n = st.n_pieces
        self.turn = st.turn
        for i in range(st.n_reserves):  # R8.4: an enemy piece it sees on the square's Ground
            if st.reserves[i].color == side or not st.reserves[i].armed or \
                    st.reserves[i].entered or self.armed[st.reserves[i].sq]:
                continue
            for k in range(2):
                q = st.occ[GROUND][st.reserves[i].sq][k]
                if q != NONE and st.pieces[q].color == st.reserves[i].color and \
                        can_see(st, side, q):
                    self.armed[st.reserves[i].sq] = 1

    cdef void _restore(self, int side, int n, int turn, tuple arrays):
        cdef int i
        self.side, self.n, self.turn = side, n, turn
        for i in range(MAX_PIECES):
            self.vis[i], self.color[i], self.sq[i] = arrays[0][i], arrays[1][i], arrays[2][i]
            self.level[i], self.type[i] = arrays[3][i], arrays[4][i]
            self.seen_turn[i], self.ghost[i] = arrays[5][i], arrays[6][i]
        for i in range(N_SQ):
            self.armed[i] = arrays[7][i]

    def ghosts(self):
        """The ghosts now: (pid, type or None, (row, col), level, turn), by pid."""
        out = []
        for pid in range(self.n):
            if self.ghost[pid]:
                out.append((pid, self.type[pid] if self.ghost[pid] == 1 else None,
                            (self.sq[pid] // 10 + 1, self.sq[pid] % 10 + 1),
                            self.level[pid] if self.ghost[pid] == 1 else GROUND,
                            self.seen_turn[pid]))
        return out

    def armed_squares(self):
        """The enemy activation squares seen armed."""
        return frozenset(s for s in range(N_SQ) if self.armed[s])

    def fill(self, Engine engine, float[:, :, ::1] out, int max_turns, bint everything=False):
        """Write the side's planes (CHANNELS x 10 x 10) into `out` (overwritten). `everything`:
        the true state from the side's seat instead (every enemy piece, the true armed flags, no
        ghosts), for a centralised critic only."""
        cdef State* st = engine.st
        cdef float* o = &out[0, 0, 0]
        cdef int side = self.side, pid, j, s, lvl, mine, i, k
        cdef Piece* p
        cdef Projectile* pr
        cdef Reserve* r
        cdef float cool, icool, value
        if out.shape[0] != N_CHANNELS or out.shape[1] != 10 or out.shape[2] != 10:
            raise ValueError(f"planes need shape ({N_CHANNELS}, 10, 10)")
        memset(o, 0, N_CHANNELS * N_SQ * sizeof(float))
        for pid in range(st.n_pieces):
            p = &st.pieces[pid]
            if not p.alive or p.sq < 0:
                continue
            mine = p.color == side
            if not mine and not everything and not can_see(st, side, pid):
                continue
            s, lvl = p.sq, p.level
            o[((C_OWN if mine else C_ENEMY) + p.type * 3 + lvl) * N_SQ + s] += 1
            cool = 0
            for j in range(MAX_SLOTS):
                if p.art[j]:
                    o[((C_OWN_ART if mine else C_ENEMY_ART) + p.art[j] - 1) * N_SQ + s] += 1
                    cool += p.cool[j]
            icool = 0
            for j in range(N_KINDS):
                icool += p.icool[j]
            o[(C_COOL + (0 if mine else 2)) * N_SQ + s] += cool
            o[(C_COOL + (1 if mine else 3)) * N_SQ + s] += icool
            if p.stun:
                o[(C_STUN + (0 if mine else 3) + lvl) * N_SQ + s] += p.stun
            if p.hand:
                o[(C_HANDS + (0 if mine else 2) + p.hand - 1) * N_SQ + s] += 1
            if p.journey:
                if mine:
                    o[C_JOURNEY * N_SQ + s] += 1
                    o[(C_JOURNEY + 1) * N_SQ + p.jdest] += 1
                else:
                    o[(C_JOURNEY + 2) * N_SQ + s] += 1
            if mine:
                if p.fired:
                    o[C_MARKS * N_SQ + s] += 1
                if p.acted:
                    o[(C_MARKS + 1) * N_SQ + s] += 1
                if p.revealed >= st.turn:
                    o[(C_MARKS + 2) * N_SQ + s] += 1
        for s in range(N_SQ):
            for j in range(2):
                if st.gart[s][j]:
                    o[(C_GROUND_ART + st.gart[s][j] - 1) * N_SQ + s] += 1
                    o[(C_COOL + 4) * N_SQ + s] += st.gcool[s][j]
        for i in range(st.proj_top):  # projectiles are public (R10.6)
            pr = &st.proj[i]
            if pr.kind and A_RL <= pr.kind <= A_TL:
                o[(C_PROJ + pr.kind - A_RL + (0 if pr.owner == side else 3)) * N_SQ + pr.sq] += 1
        for i in range(st.n_reserves):
            r = &st.reserves[i]
            if r.entered:
                continue
            if r.color == side:
                o[(C_OWN_RES + r.type) * N_SQ + r.sq] += 1
                if r.armed:
                    o[(C_OWN_RES + N_TYPES) * N_SQ + r.sq] += 1
            else:  # R8.4: an enemy reserve's square, not its type
                o[C_ENEMY_RES * N_SQ + r.sq] += 1
                if (r.armed if everything else self.armed[r.sq]):
                    o[(C_ENEMY_RES + 1) * N_SQ + r.sq] = 1
        for pid in range(0 if everything else self.n):
            if not self.ghost[pid]:
                continue
            s = self.sq[pid]
            if self.ghost[pid] == 1:
                o[(C_GHOST + self.type[pid]) * N_SQ + s] += 1
                o[(C_GHOST_LEVEL + self.level[pid]) * N_SQ + s] += 1
            else:
                o[(C_GHOST + N_TYPES) * N_SQ + s] += 1
                o[C_GHOST_LEVEL * N_SQ + s] += 1
            o[C_GHOST_AGE * N_SQ + s] += (st.turn - self.seen_turn[pid]) / AGE_SCALE
        for k in range(9):
            if k == 0:
                value = st.side == side
            elif k == 1:
                value = st.moved
            elif k == 2:
                value = st.n_fires / 2.0
            elif k == 3:
                value = st.did_pickup
            elif k == 4:
                value = st.did_drop
            elif k == 5:
                value = st.did_exchange
            elif k == 6:
                value = st.did_reinforce
            elif k == 7:
                value = st.turn / <float>max(max_turns, 1)
            else:
                value = side == WHITE
            if value:
                for s in range(N_SQ):
                    o[(C_TURN + k) * N_SQ + s] = value
