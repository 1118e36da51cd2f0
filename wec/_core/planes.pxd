# cython: language_level=3
"""One side's view as planes for learning (wec.game.planes): what it has seen of the enemy."""
from wec._core.state cimport State



cdef class Sightings:
    cdef readonly int side          # the side whose view this is (BLACK or WHITE)
    cdef int n                      # pieces looked at in the last update (new ids above it)
    cdef int turn                   # the turn number at the last update (a sighting's turn)
    cdef unsigned char vis[640]     # the side could see the piece after the last action
                                    # (alive and board.can_see, as Engine.visible_mask)
    cdef int color[640]             # its side then
    cdef int sq[640]                # where it stood when last seen (or its ghost's square)
    cdef int level[640]             # its level then
    cdef int type[640]              # its type then
    cdef int seen_turn[640]         # the turn of its sighting
    cdef unsigned char ghost[640]   # 0 no ghost; 1 a hidden enemy piece known by type where it
                                    # was last seen; 2 a reserve that entered unseen (type
                                    # unknown, on its activation square's Ground, R8.4)
    cdef unsigned char armed[100]   # enemy activation squares the side saw armed (R8.4)

    cdef void _note(self, State* st, int pid) noexcept
    cdef void _restore(self, int side, int n, int turn, tuple arrays)
