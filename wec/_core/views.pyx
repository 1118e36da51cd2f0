# cython: language_level=3
"""What a program showing both sides their views after every action (the online server) reads
of an engine's state at C speed: which pieces changed since it last looked (wec.game.seattexts),
and for each action of a legal list a key of everything its text depends on
(wec.game.legaltexts). Nothing here changes the engine."""
from libc.stdlib cimport free, realloc
from libc.string cimport memcmp, memcpy, memset
from cpython.bytes cimport PyBytes_FromStringAndSize

from wec._core.state cimport *
from wec._core.engine cimport Engine
from wec._core.records cimport ActionRecord


cdef class PieceWatch:
    """The pieces of an engine's state as they were at the last `changed()`: a copy of their
    whole core records (C ints: nothing for the garbage collector to look at)."""

    cdef Piece* seen
    cdef int n                      # the pieces remembered
    cdef int cap                    # room for so many

    def __dealloc__(self):
        free(self.seen)

    def changed(self, Engine engine):
        """The ids of the pieces whose core record differs from the last call's (every id the
        first time; an id beyond the state's pieces now, when there were more), in id order;
        then remembers them as they are now."""
        cdef State* st = engine.st
        cdef int n = st.n_pieces, pid
        cdef Piece* grown
        out = []
        for pid in range(n):
            if pid >= self.n or memcmp(&self.seen[pid], &st.pieces[pid], sizeof(Piece)) != 0:
                out.append(pid)
        for pid in range(n, self.n):  # undone: gone from the state
            out.append(pid)
        if n > self.cap:
            grown = <Piece*>realloc(self.seen, n * sizeof(Piece))
            if grown == NULL:
                raise MemoryError()
            self.seen, self.cap = grown, n
        if n:
            memcpy(self.seen, st.pieces, n * sizeof(Piece))
        self.n = n
        return out


# a key: the action's 11 fields, then per named piece (actor, passenger, other) its first 9 ints
# (type, color, hand, sq, level, alive, art[3]) or a reserve's 6
cdef enum:
    _BRIEF = 9
    _KEY = 11 + 3 * _BRIEF


def text_keys(Engine engine, list raws):
    """Per ActionRecord of `raws` (legal in the engine's current state): a bytes key of all its
    text depends on: its fields, and the pieces it names (its actor, a Move's passenger, a
    Fire's or an Exchange's other piece) or a Reinforce's reserve, as they stand. Two actions
    of one key have one text."""
    cdef int key[_KEY]
    out = []
    for raw in raws:
        _key_of(engine.st, <ActionRecord?>raw, key)
        out.append(PyBytes_FromStringAndSize(<char*>key, sizeof(key)))
    return out


def known_texts(Engine engine, list raws, dict known):
    """The texts of the actions of `raws` (as `text_keys`) found in `known` (text by key), and
    for the others (None in the texts) their (index, key)."""
    cdef int key[_KEY]
    cdef int i = 0
    texts = []
    missing = []
    for raw in raws:
        _key_of(engine.st, <ActionRecord?>raw, key)
        k = PyBytes_FromStringAndSize(<char*>key, sizeof(key))
        text = known.get(k)
        if text is None:
            missing.append((i, k))
        texts.append(text)
        i += 1
    return texts, missing


cdef void _key_of(State* st, ActionRecord a, int* key) noexcept:
    cdef int k, pid
    cdef int want[3]
    memset(key, 0, _KEY * sizeof(int))
    key[0] = a.kind
    key[1] = a.pid
    key[2] = a.dest
    key[3] = a.dlevel
    key[4] = a.passenger
    key[5] = a.path
    key[6] = a.group
    key[7] = a.dir
    key[8] = a.art
    key[9] = a.art2
    key[10] = a.target
    if a.kind == ACT_REINFORCE:
        if 0 <= a.target < st.n_reserves:
            memcpy(&key[11], &st.reserves[a.target], sizeof(Reserve))
        return
    want[0] = a.pid
    want[1] = a.passenger if a.kind == ACT_MOVE else NONE
    want[2] = a.target if a.kind == ACT_FIRE or a.kind == ACT_EXCHANGE else NONE
    for k in range(3):
        pid = want[k]
        if 0 <= pid < st.n_pieces:
            memcpy(&key[11 + k * _BRIEF], &st.pieces[pid], _BRIEF * sizeof(int))
