# cython: language_level=3
from libc.stdint cimport uint64_t
from wec._core.state cimport *

cdef extern from "<time.h>" nogil:
    ctypedef long time_t
    struct timespec:
        time_t tv_sec
        long tv_nsec
    int clock_gettime(int clk, timespec* ts)
    int CLOCK_MONOTONIC


cdef inline double now() noexcept nogil:
    """Monotonic seconds (time budgets, checked from nogil code)."""
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef enum:
    MAX_PLY = 64          # search plies (main search + quiescence) with their own action buffer
    NO_SCORE = -2147483647  # root_scores of a root action not searched (exact_root)

ctypedef struct TTEntry:
    uint64_t key      # the state hash
    int score         # score for the side to move
    int best          # index of the best action in the generated list, -1 none
    short depth       # remaining depth searched (-1: quiescence's)
    char flag         # 0 exact, 1 lower bound, 2 upper bound
    unsigned char age # the decision that stored it (Search.age, modulo 256): a kept table's
                      # entries of earlier decisions give way to quiescence's

ctypedef struct Search:
    long long nodes          # nodes visited (main search and quiescence)
    long long node_limit     # stop after this many (0 = none)
    double deadline          # monotonic seconds; 0 = none
    int stop                 # set from another thread to stop
    int aborted              # the search ran out of time, nodes, or was stopped
    TTEntry* tt
    int tt_mask
    Move* buf                # MAX_PLY * (MAX_MOVES + 16) moves: one action list per ply
    int max_ply              # plies the buffer holds
    int root_side            # the side to move at the root
    int turn_only            # 1: the horizon is the root side's End Turn (the greedy baseline)
    int qdepth               # quiescence depth in actions (0: static evaluation at the leaves)
    int reductions           # 1: late quiet Moves are searched one action shallower first
    int clearing             # 1: below the root, one journey per piece before the Move
    int move_depth           # 1: depth counts Moves (and Dozes) only, not Fires and article
                             # actions (search.child_depth)
                             # (actions.gen_interior_actions: a way cleared for a long Move)
    int fires_after_move     # 1: below the root a turn is searched Move first, its Fires after
                             # it (a Fire before the Move is the same Fire after it in most lines:
                             # with free Fires (move_depth) both orders multiply the tree)
    int qs_tt                # 1: quiescence probes and fills the transposition table
    unsigned char age        # counts the decisions (Searcher.reset): TTEntry.age
    int root_reductions      # 1: late quiet root actions are searched one depth shallower first
    int exact_root           # 1: every root action is searched with the full window, its exact
                             # score kept in root_scores (the IS-MCTS's candidate turns)
    int* root_scores         # [MAX_MOVES]: each root action's score (generation order) in an
                             # exact_root iteration; NO_SCORE for those not searched
    int null_turn            # 1: null-turn pruning (search.try_null_turn)
    int late_moves           # >0: at depth 1 (the last Move before quiescence), outside the
                             # principal variation, only this many quiet Moves are searched
                             # (late move pruning; they come in history order)
    int late_moves_2         # >0: the same at depth 2 (the side's Move before the opponent's
                             # last one), with this many quiet Moves
    int futility             # >0: at depth 1 outside the principal variation, when the static
                             # score plus this margin cannot reach alpha, quiet Moves are not
                             # tried (futility pruning: only a capture or an aimed Move can
                             # make up the difference before quiescence)
    int idle_root_depth      # >0: from this iteration depth on, the root's idle actions before
                             # the Move (a weapon's Fire with no enemy in line or aimed at, a
                             # Pickup, a Drop, an Exchange) are not searched unless an earlier
                             # iteration found one best (search.idle_before_move)
    int journey_root_depth   # >0: the same for the root's journeys before the Move
    int aim_order            # 1: quiet Moves that set up an aimed Fire are ordered first
                             # (search.aims_after) and never pruned as late
    int deep_reductions      # 1: late quiet actions are reduced more the later and deeper
                             # they are (search.reduction), not by one only
    int root_order           # 1: after `first`, the root's actions come in the order of their
                             # scores in the previous iteration of the same root (a cut-short
                             # iteration then spends its time on the likeliest alternatives)
    int* prev_scores         # [MAX_MOVES + 16]: each root action's score in the last iteration
                             # (generation order; NO_SCORE where not searched), root_order's key
    uint64_t prev_hash       # the root state prev_scores belong to (0: none)
    int prev_n               # that root's action count
    int idle_fire_reductions # 1: the root's late Fires at nothing (no enemy in line or aim;
                             # not journeys) are reduced as much as late quiet Moves
                             # (search.reduction), not by one only
    int even_reductions      # 1: a root reduction is rounded to an even number of turns
                             # (search.even_reduction)
    int idle_even_reductions # 1: the root's late idle actions that spend no depth (a Fire at
                             # nothing, a Pickup, Drop or Exchange; search.idle_spends_none)
                             # are reduced by two turns where three or more are left,
                             # the Moves' reductions unchanged
    long long* root_keys     # [MAX_MOVES + 16]: the root's pick order in one iteration
    long long* root_nodes    # [MAX_MOVES + 16]: the nodes each root action took in the last
                             # iteration (generation order; 0 where not searched)
    int null_at[MAX_PLY]     # 1 while the node at this ply searches a null turn (no two in a row)
    Move null_move           # End Turn as the null turn's action (a pass: the turn ends unmoved)
    unsigned int killers[MAX_PLY][2]  # two quiet actions per ply that caused a cut-off
    int* order               # MAX_PLY * MAX_MOVES order scores: one list per ply (consumed)
    int* order2              # the same scores, kept (the reductions read them)
    int* order_at            # MAX_PLY * MAX_MOVES: the generation index of each candidate (the
                             # order lists hold only the actions worth searching, so that
                             # picking the next one does not rescan the skipped ones)
    int* history             # [MAX_PIECES * N_SQ]: cut-off credit of a piece's Move to a square
    int piece_value[23]
    int article_value[19]
    int stunned_pct
    int proj_near_primary
    int mobility
    int reserve_armed
    int primary_guard        # per enemy piece within 2 squares of a primary piece
    int cooling              # per turn a weapon still cools down (a wasted Fire costs)
    int win

cdef int evaluate(State* st, Search* s) noexcept nogil
cdef int search_root(State* st, Search* s, int depth, int first, int* best_index) noexcept nogil
cdef int set_values(Search* S, dict values) except -1
cdef int search_alloc(Search* S, int tt_bits) except -1
cdef void search_free(Search* S) noexcept nogil
