# cython: language_level=3
"""The named records the core hands the facade (wec._core.records)."""
from wec._core.state cimport Move

cdef class ActionRecord:
    cdef readonly int kind       # ACT_*
    cdef readonly int pid        # the acting piece (the Dozer for a Doze); NONE for a game call
    cdef readonly int dest       # destination square of the piece (Move, Doze, transport Fire)
    cdef readonly int dlevel     # destination level
    cdef readonly int passenger  # the passenger taken along, or the Doze partner; NONE
    cdef readonly int path       # Move: path index in the rule tables (NONE: a level change);
                                 # transport Fire: 0 beeline, 1 dogleg
    cdef readonly int group      # Doze: bit d set = the neighbour in direction d is dozed
    cdef readonly int dir        # Doze: direction of the push; directional Fire: its direction
    cdef readonly int art        # Fire: weapon/transport kind; Pickup/Drop: the article;
                                 # Exchange: the article given
    cdef readonly int art2       # Exchange: the article received back (0: a one-way transfer)
    cdef readonly int target     # homing Fire, jet rocket, Exchange: the other piece;
                                 # Reinforce: the reserve; Resign: the side resigning
    cdef tuple _fields(self)


cdef class Journey:
    cdef readonly int kind       # the transport article kind (A_BI, A_JP, A_SC)
    cdef readonly int dest       # its destination square
    cdef readonly int path       # 0 beeline, 1 dogleg (R9.1)
    cdef readonly int level      # the level it travels at


cdef class PieceRecord:
    cdef readonly int pid        # the piece's id (its index in the state)
    cdef readonly int type       # index into wec.rules.PIECE_TYPES
    cdef readonly int color      # BLACK or WHITE
    cdef readonly int hand       # 0 none, 1 left, 2 right (R2.4)
    cdef readonly int sq         # 0..99 (row-1)*10 + (col-1); NONE off the board
    cdef readonly int level      # GROUND, AIR or SUB
    cdef readonly tuple articles  # carried articles in slot order, as (kind, count-down) pairs
    cdef readonly int stun       # stun count (R7.3.1)
    cdef readonly int home       # a pawn that never left its set-up square (R4.3)
    cdef readonly dict cooldowns  # {article kind: turns} of its inherent weapons counting down
    cdef readonly object journey  # its transport journey in progress (a Journey), or None (R9)
    cdef readonly int fired      # fired this turn (R6.2)
    cdef readonly int acted      # took part in an action this turn (R6.3)
    cdef readonly dict hits      # {weapon kind: hits taken this turn} (R7.8)
    cdef readonly int mover      # the turn's Moved piece (R9.1)


cdef class EventRecord:
    cdef readonly int kind       # EV_*
    cdef readonly int pid        # the piece concerned (NONE for a projectile)
    cdef readonly int sq         # where
    cdef readonly int level
    cdef readonly int info       # per kind: see EV_* in state.pxd
    cdef readonly int color      # the side the piece belonged to before the event


cdef ActionRecord action_record(Move* m)
cdef void read_action(ActionRecord a, Move* m) noexcept
