# cython: language_level=3
"""Single-observer Information-Set MCTS (Cowling, Powley & Whitehouse 2012): the tree over the
observer's information sets, a fresh determinization of the hidden enemy pieces per iteration."""
from wec._core.state cimport *
from wec._core.search cimport Search

cdef enum:
    MAX_HIDDEN = 64           # hidden enemy pieces re-placed per determinization
    MAX_PLACES = 100          # candidate squares per hidden piece
    KEY_TABLE = 16384         # open-addressing table of one action list's keys (> 2 * MAX_MOVES)
    MAX_TURNS = 32            # candidate whole turns at the root (root-turns mode)
    MAX_TURN_LEN = 16         # actions in one candidate turn
    MAX_THREAT_SETS = 512     # nodes that keep their threat Moves (the rest go without)
    MAX_THREATS = 48          # threat Moves kept per node

ctypedef struct Node:
    Move move                 # the action that leads here from the parent
    unsigned long long key    # its hash (children are matched to legal actions by it)
    int parent
    int child                 # first child, -1 none
    int sibling               # next child of the parent, -1 none
    int actor                 # the side that made `move`
    int turn                  # a root child in root-turns mode: its candidate turn; else -1
    int threats               # its threat Moves (threat_moves): a set index, -1 not made yet,
                              # -2 none to make (the observer's node, or the side has Moved)
    int visits
    int avail                 # iterations in which `move` was legal when its parent was selected
    double reward             # summed rewards, from the actor's point of view

ctypedef struct Hidden:
    int pid                   # the hidden enemy piece in the searched state
    int level                 # the level it stays at
    int n                     # candidate squares
    int sq[100]

ctypedef struct Tree:
    Node* nodes
    int n_nodes
    int cap_nodes
    int max_nodes             # the tree stops growing here (iterations go on, as rollouts)
    Move* buf                 # one action list (reused at every step)
    unsigned long long* keys  # the keys of that list
    int* table                # key table: list index + 1
    int* stamp                # the table's generation of each slot
    int* tried                # per list index: == gen when a child of the node has that action
    int gen                   # current generation
    Move* root_buf            # the root's legal actions: the observer's own, the same in every
                              # determinization (R10.7: hidden enemies block nothing), made once
    int* root_order           # root action indices in expansion order
    int* root_child           # the child node of each root action, -1 not yet expanded
    int n_root
    Move* turns               # root-turns mode: candidate turn k is turns[k * MAX_TURN_LEN:]
    int turn_len[32]          # the actions of each candidate turn
    int n_turns               # 0: the root's children are single actions (root_buf)
    Move* replies             # root-turns mode: the enemy's expected reply to candidate turn k
                              # (replies[k * MAX_TURN_LEN:], reply_len[k] actions; 0 none),
                              # expanded first below it, action by action
    int reply_len[32]
    int root_next             # root_order[root_next] is the next root action to expand
    Hidden hidden[64]
    int n_hidden
    int observer              # the side the search decides for (the root's side to move)
    double exploration        # UCB constant (rewards are in [0, 1])
    int rollout_turns         # End Turns a rollout plays before the evaluation judges it
    double scale              # evaluation units per logistic unit of the reward
    double widening           # progressive widening below the root: a node visited v times has
                              # at most 1 + widening * sqrt(v) children legal at once (0: every
                              # legal action is expanded before any is revisited)
    unsigned long long rng
    long long iterations
    long long iteration_limit # 0: none
    double deadline           # monotonic seconds, 0: none
    int stop                  # set from another thread
    long long rollout_actions # actions played in rollouts (statistics)
    long long relocated       # hidden pieces put on another square by determinizations
    Search values             # the evaluation's values (only those fields are used)
    Search reply              # heavy rollouts: the enemy's turn chosen action by action by a
                              # greedy search (turn_only) of reply_nodes nodes each; tables only
                              # when reply_nodes > 0
    long long reply_nodes     # 0: the light rollout policy for both sides
    int reply_depth           # that search's depth in actions (quiescence after it)
    int threat_visits         # a node's threat Moves are found once it has this many visits
                              # (0: never); they are expanded right after captures of the
                              # primary piece
    Move* scratch             # threat_moves' action lists (t.buf is the expansion's)
    Move* scratch2
    unsigned long long* threat_keys  # set k: threat_keys[k * MAX_THREATS:], threat_n[k] of them
    int* threat_n
    int n_threat_sets
    int greed                 # light rollouts: per mille of the choices in which the policy
                              # takes the best capture (or aimed Fire) rather than a random one

cdef long long ismcts_run(State* st, Tree* t) noexcept nogil
cdef unsigned long long move_key(Move* m) noexcept nogil
cdef void determinize(State* st, Tree* t) noexcept nogil
cdef int threat_moves(State* st, Tree* t, int node) noexcept nogil
cdef int new_node(Tree* t, int parent, Move* m, unsigned long long key, int actor) noexcept nogil
