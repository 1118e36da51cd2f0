# cython: language_level=3
"""Speed measurements of the core (bench/, `wec bench`): generation and make/unmake, without the
GIL, on an engine's state."""
from wec._core.state cimport *
from wec._core.actions cimport gen_actions
from wec._core.make cimport do_action, undo_action
from wec._core.engine cimport Engine


cdef long long bench_generate(State* st, int reps, Move* buf) noexcept nogil:
    """Generate the full action list `reps` times; return the number of actions generated."""
    cdef long long total = 0
    cdef int i
    for i in range(reps):
        total += gen_actions(st, buf)
    return total


cdef long long bench_make_unmake(State* st, int steps, unsigned long long seed,
                                 Move* buf) noexcept nogil:
    """A random walk: at each position every legal action is made and unmade, then a random one
    is kept (back to the start after 40). Returns the number of make+unmake pairs."""
    cdef long long pairs = 0
    cdef int i, k, n, depth = 0
    for i in range(steps):
        n = gen_actions(st, buf)
        if n == 0 or depth >= 40:
            while depth > 0:
                undo_action(st)
                depth -= 1
            continue
        for k in range(n):
            do_action(st, &buf[k])
            undo_action(st)
        pairs += n
        seed ^= seed << 13
        seed ^= seed >> 7
        seed ^= seed << 17
        do_action(st, &buf[seed % n])
        depth += 1
    while depth > 0:
        undo_action(st)
        depth -= 1
    return pairs


def generate(Engine engine, int reps):
    """Generate the full action list `reps` times without the GIL; the actions generated."""
    cdef long long n
    with nogil:
        n = bench_generate(engine.st, reps, engine.buf)
    return n


def make_unmake(Engine engine, int steps, unsigned long long seed=88172645463325252ULL):
    """Make and unmake every legal action along a random walk, without the GIL. The state is
    unchanged afterwards. Returns the number of make+unmake pairs."""
    cdef long long n
    with nogil:
        n = bench_make_unmake(engine.st, steps, seed, engine.buf)
    return n
