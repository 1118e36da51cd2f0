# cython: language_level=3
"""Named records at the core's boundary: what `Engine` hands the facade (a legal action, a
piece, an event), read by field name. Their fields are described in records.pxd; they are
immutable, compare and hash by value (an action record is a key of the facade's tables) and
pickle."""
cimport cython
from wec._core.state cimport NONE, Move


@cython.freelist(64)
@cython.final
cdef class ActionRecord:
    """One action as the core generates and applies it (Engine.legal, Engine.apply). Made in
    Python only for what the legal list never holds: ActionRecord(ACT_RESIGN, target=side),
    ActionRecord(ACT_DRAW), or an End Turn; the other fields default to "none"."""

    def __init__(self, int kind, int pid=NONE, int dest=NONE, int dlevel=NONE,
                 int passenger=NONE, int path=NONE, int group=0, int dir=NONE, int art=0,
                 int art2=0, int target=NONE):
        self.kind = kind
        self.pid = pid
        self.dest = dest
        self.dlevel = dlevel
        self.passenger = passenger
        self.path = path
        self.group = group
        self.dir = dir
        self.art = art
        self.art2 = art2
        self.target = target

    cdef tuple _fields(self):
        return (self.kind, self.pid, self.dest, self.dlevel, self.passenger, self.path,
                self.group, self.dir, self.art, self.art2, self.target)

    def __eq__(self, other):
        cdef ActionRecord o
        if not isinstance(other, ActionRecord):
            return NotImplemented
        o = other
        return (self.kind == o.kind and self.pid == o.pid and self.dest == o.dest
                and self.dlevel == o.dlevel and self.passenger == o.passenger
                and self.path == o.path and self.group == o.group and self.dir == o.dir
                and self.art == o.art and self.art2 == o.art2 and self.target == o.target)

    def __hash__(self):
        return hash(self._fields())

    def __repr__(self):
        return ("ActionRecord(kind=%d, pid=%d, dest=%d, dlevel=%d, passenger=%d, path=%d, "
                "group=%d, dir=%d, art=%d, art2=%d, target=%d)" % self._fields())

    def __reduce__(self):
        return ActionRecord, self._fields()


cdef ActionRecord action_record(Move* m):
    """The record of a generated action."""
    cdef ActionRecord a = ActionRecord.__new__(ActionRecord)
    a.kind = m.kind
    a.pid = m.pid
    a.dest = m.dest
    a.dlevel = m.dlevel
    a.passenger = m.passenger
    a.path = m.path
    a.group = m.group
    a.dir = m.dir
    a.art = m.art
    a.art2 = m.art2
    a.target = m.target
    return a


cdef void read_action(ActionRecord a, Move* m) noexcept:
    """The action of a record, to apply."""
    m.kind = a.kind
    m.pid = a.pid
    m.dest = a.dest
    m.dlevel = a.dlevel
    m.passenger = a.passenger
    m.path = a.path
    m.group = a.group
    m.dir = a.dir
    m.art = a.art
    m.art2 = a.art2
    m.target = a.target


@cython.final
cdef class Journey:
    """A transport journey in progress (R9)."""

    def __init__(self, int kind, int dest, int path, int level):
        self.kind = kind
        self.dest = dest
        self.path = path
        self.level = level

    def __eq__(self, other):
        if not isinstance(other, Journey):
            return NotImplemented
        return self.__reduce__() == other.__reduce__()

    def __hash__(self):
        return hash(self.__reduce__()[1])

    def __repr__(self):
        return "Journey(kind=%d, dest=%d, path=%d, level=%d)" % self.__reduce__()[1]

    def __reduce__(self):
        return Journey, (self.kind, self.dest, self.path, self.level)


@cython.final
cdef class PieceRecord:
    """One piece as the core holds it (Engine.piece, Engine.pieces)."""

    def __init__(self, int pid, int type, int color, int hand, int sq, int level,
                 tuple articles, int stun, int home, dict cooldowns, journey, int fired,
                 int acted, dict hits, int mover):
        self.pid = pid
        self.type = type
        self.color = color
        self.hand = hand
        self.sq = sq
        self.level = level
        self.articles = articles
        self.stun = stun
        self.home = home
        self.cooldowns = cooldowns
        self.journey = journey
        self.fired = fired
        self.acted = acted
        self.hits = hits
        self.mover = mover

    def __eq__(self, other):
        if not isinstance(other, PieceRecord):
            return NotImplemented
        return self.__reduce__() == other.__reduce__()

    def __repr__(self):  # every field: a repr tells two states apart (wec.tools.tactics)
        return ("PieceRecord(pid=%d, type=%d, color=%d, hand=%d, sq=%d, level=%d, articles=%r, "
                "stun=%d, home=%d, cooldowns=%r, journey=%r, fired=%d, acted=%d, hits=%r, "
                "mover=%d)" % self.__reduce__()[1])

    def __reduce__(self):
        return PieceRecord, (self.pid, self.type, self.color, self.hand, self.sq, self.level,
                             self.articles, self.stun, self.home, self.cooldowns, self.journey,
                             self.fired, self.acted, self.hits, self.mover)


@cython.final
cdef class EventRecord:
    """What an action did, one fact at a time (Engine.events; R12.2 Results)."""

    def __init__(self, int kind, int pid, int sq, int level, int info, int color):
        self.kind = kind
        self.pid = pid
        self.sq = sq
        self.level = level
        self.info = info
        self.color = color

    def __eq__(self, other):
        if not isinstance(other, EventRecord):
            return NotImplemented
        return self.__reduce__() == other.__reduce__()

    def __hash__(self):
        return hash(self.__reduce__()[1])

    def __repr__(self):
        return "EventRecord(kind=%d, pid=%d, sq=%d, level=%d, info=%d, color=%d)" % (
            self.__reduce__()[1])

    def __reduce__(self):
        return EventRecord, (self.kind, self.pid, self.sq, self.level, self.info, self.color)
