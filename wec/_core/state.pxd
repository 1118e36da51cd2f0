# cython: language_level=3
"""The game state as C structs (no Python objects), and the compiled rule tables.

Every mutable field is a C ``int`` so that one trail (``board.tset``) can record and undo any
change: make/unmake is exact by construction (Stockfish do_move/undo_move, with a change log).
"""
from libc.stdint cimport uint64_t

# The codes are `cpdef`: defined here once, and exported to Python by wec._core.state (the
# facade takes them from there, wec.game.coredata); the sizes stay C-only.
cpdef enum:
    GROUND = 0            # levels (R1.3)
    AIR = 1
    SUB = 2
    BLACK = 0             # sides
    WHITE = 1
    NONE = -1             # no piece, square, direction...
    RESULT_NONE = -1      # State.result: the game goes on; else BLACK, WHITE or RESULT_DRAW
    RESULT_DRAW = 2

cdef enum:
    N_SQ = 100            # R1.1: 10 x 10 squares, index (row-1)*10 + (col-1)
    N_LEVELS = 3          # R1.3
    MAX_PIECES = 640      # 6 per square (R3.1) plus reserves that entered
    MAX_SLOTS = 3         # R5.1: 1 slot, 3 with an XXX box
    N_TYPES = 23          # rows of wec.rules.PIECE_TYPES
    N_KINDS = 19          # article kinds + 1 (0 = empty slot)
    MAX_PATH = 10         # squares in one path (ranges are at most 9)
    MAX_RESERVES = 128
    MAX_PROJECTILES = 256
    MAX_MOVES = 8192      # generated actions in one position (dozes dominate)
    MAX_EVENTS = 384      # what one action did (for the game record), per action: room for
                          # every flight of a full sky at an End Turn and what they hit

# Article kinds (wec.rules.ARTICLES order, 0 = none).
cpdef enum:
    A_FL = 1
    A_ST = 2
    A_CS = 3
    A_RL = 4
    A_SL = 5
    A_TL = 6
    A_BI = 7
    A_JP = 8
    A_SC = 9
    A_AFL = 10
    A_AST = 11
    A_ACS = 12
    A_ARL = 13
    A_ASL = 14
    A_ATL = 15
    A_SH = 16
    A_ASH = 17
    A_XXX = 18

# What an action did (Event.kind), read by the facade for the game record (R12.2 Results).
cpdef enum:
    EV_REMOVED = 1        # piece removed: info = weapon kind that killed it, 0 = capture/fall
    EV_STUNNED = 2        # info = the stun count given
    EV_CONVERTED = 3      # piece changed sides
    EV_PROJECTILE = 4     # a projectile now at sq/level: info = its weapon kind
    EV_ENTERED = 5        # a reinforcement entered
    EV_STOPPED = 6        # a Move or journey ended elsewhere than asked (R4.2.3, R9.4)
    EV_SWEPT = 7          # a weapon went through sq/level: a Flame (R7.1) or a projectile in
                          # flight entering it (R7.7); info = its weapon kind; not notated, read
                          # for the fair view
    CAUSE_CAPTURE = 0     # EV_REMOVED info: captured by a Move
    CAUSE_FALL = 99       # EV_REMOVED info: fell or drowned (R3.4, R9.4)

# Action kinds.
cpdef enum:
    ACT_MOVE = 0
    ACT_DOZE = 1
    ACT_END = 2
    ACT_FIRE = 3
    ACT_PICKUP = 4
    ACT_DROP = 5
    ACT_EXCHANGE = 6
    ACT_REINFORCE = 7
    ACT_RESIGN = 8        # facade call (R11.2), not in the legal list
    ACT_DRAW = 9          # draw by agreement (R11.2), not in the legal list

# Path modes (wec.rules NORMAL, MOVE_ONLY, CAPTURE_ONLY).
cdef enum:
    MODE_NORMAL = 0
    MODE_MOVE_ONLY = 1
    MODE_CAPTURE_ONLY = 2

# Rules.pset_kind besides a path class (>= 0): several classes, but no destination reached by two
# of them; or two classes may reach one destination (then the first path to it decides).
cdef enum:
    PSET_NO_OVERLAP = -2
    PSET_GENERAL = -1

# Movement kinds (wec.rules ONE_STEP ... DOZER).
cdef enum:
    MV_ONE_STEP = 0
    MV_PAWN = 1
    MV_TANK = 2
    MV_CLERIC = 3
    MV_QUEEN = 4
    MV_HELI = 5
    MV_JET = 6
    MV_SUB = 7
    MV_DOZER = 8

ctypedef struct Piece:
    int type        # index into wec.rules.PIECE_TYPES
    int color       # BLACK or WHITE
    int hand        # 0 none, 1 left, 2 right (R2.4)
    int sq          # 0..99; NONE when off the board (captured, or a reserve not entered)
    int level       # GROUND, AIR or SUB
    int alive       # 1 while on the board
    int art[3]      # carried article kinds, 0 = empty slot (R5.1)
    int cool[3]     # rate-of-fire count-down of each carried article (R7.2)
    int icool[19]   # count-down of each inherent weapon, by article kind (R7.2)
    int stun        # stun count (R7.3.1)
    int home        # pawn has never left its set-up square (double step, R4.3)
    int journey     # transport journey in progress (R9)
    int jkind       # its transport article kind (A_BI, A_JP, A_SC)
    int jdest       # its destination square
    int jpath       # 0 beeline, 1 dogleg (R9.1)
    int jlevel      # the level it travels at
    int fired       # fired this turn (R6.2: a piece fires at most once per turn)
    int acted       # took part in an action this turn (R6.3 one action per piece)
    int mover       # is the piece Moved this turn (R9.1)
    int hits[7]     # hits taken this turn per weapon kind A_FL..A_TL (R7.8)
    int lock[4]     # R10.2 lock-on of each Anti-Stealth: [0] inherent, [1+i] article slot i;
                    # the locked enemy piece id, NONE
    int locked      # how many enemy Anti-Stealths are locked on this piece (R10.2)
    int revealed    # visible to the opponent up to this turn number (R10.5); 0 = not revealed
    int held        # at Air/Sub with a carrier the viewer cannot see (observations only)
    int key[2]      # board.piece_key of the piece as it is (low, high word; 0 when not alive),
                    # kept by every rehash (board.rehash) and trailed: taking a piece's key out
                    # of the hash reads it instead of hashing the piece again

ctypedef struct Reserve:
    int type        # piece type that enters
    int color       # owner
    int sq          # activation square (R8.4)
    int hand        # 0, 1 left, 2 right
    int armed       # a friendly piece stood on the square's Ground at the end of an action
    int entered     # 1 once it has entered

ctypedef struct Projectile:
    int kind        # article kind RL, SL or TL (R7.6); 0 = free slot
    int sq          # current square
    int level       # GROUND (rocket), AIR (SAM), SUB (torpedo)
    int dir         # direction index for a directional projectile, NONE when homing
    int target      # piece id of the homing target, NONE when directional
    int strength    # strength of the firing Fire (R7.6)
    int owner       # colour of the firer
    int serial      # creation order: projectiles advance oldest first (R7.7)

ctypedef struct Move:
    int kind        # ACT_MOVE, ACT_DOZE, ACT_END
    int pid         # the moving piece (the Dozer for a doze)
    int dest        # destination square of the piece (the Dozer)
    int dlevel      # destination level
    int passenger   # piece id of the passenger taken along, or the doze partner; NONE
    int path        # move: path index in the rule tables (NONE: level change); transport fire:
                    # 0 beeline, 1 dogleg
    int group       # doze: bit d set = the neighbour square in direction d is dozed
    int dir         # doze: direction of the push; directional fire: its direction
    int art         # fire: weapon/transport kind; pickup/drop: article; exchange: article given
    int art2        # exchange: article received back (0 = a one-way transfer)
    int target      # homing fire / jet rocket / exchange: the other piece; reinforce: reserve

ctypedef struct Event:
    int kind        # EV_*
    int pid         # the piece concerned (NONE for a projectile)
    int sq          # where
    int level
    int info        # see EV_*
    int color       # the side the piece belonged to before the event

ctypedef struct TrailEntry:
    int off         # the changed field, as an index into the State seen as ints (an offset,
                    # not a pointer: a copy of the state shares the entries as they are)
    int old         # its value before the change

ctypedef struct TrailSegment:
    TrailEntry* entries  # immutable once shared
    int start       # trail index of entries[0]
    int len
    TrailSegment* prev   # the older entries (those below `start`), NULL at the bottom
    int refs        # states and newer segments that hold this one

cdef enum:
    FRAME_HASH_HIGH = -2  # TrailEntry.off of a frame mark's first entry: high word of the hash
    FRAME_HASH_LOW = -1   # and of its second: the low word (an action's changes follow it)

ctypedef struct PathInfo:
    # 24 bytes: ten thousand of them are walked for every generation, so they are kept small
    uint64_t block[2]       # the squares passed before the destination, as a board (squares
                            # 0-63, 64-99): one AND tests whether anything blocks it (R4.2)
    short dest              # the destination square
    unsigned char mode      # MODE_*
    unsigned char combat    # landing on enemies captures
    unsigned char home      # needs the pawn home flag
    unsigned char cls       # mode * 2 + (combat != 0): the destinations' class when only counted
                            # (in Rules.count_info: the slot of that class in its PsetCount)

ctypedef struct PsetCount:
    # What counting Moves (movegen.count_paths) reads for one path set from one square: the
    # destinations of its one-square paths, which nothing can block, gathered once per class, and
    # the range of its other paths in Rules.count_info. 64 bytes, aligned: one cache line per
    # piece.
    uint64_t fixed[2][2]    # per class slot: the one-square paths' destinations (squares 0-63,
                            # 64-99)
    uint64_t dests[2]       # every path's destination: generation with `captures` skips a set
                            # none of whose destinations holds an enemy
    int start               # its paths with squares before the destination, or needing the pawn
    int end                 # home flag, in Rules.count_info (PathInfo.cls = their class slot)
    unsigned char cls[2]    # the class (PathInfo.cls) of each slot
    unsigned char n_cls     # slots used; 0: a PSET_GENERAL set, or of more than two classes,
                            # counted from path_info

ctypedef struct Rules:
    # per piece type
    int coexist[23]         # R2.2
    int carry[23]           # R2.3
    int combat[23]          # R4.2.2 (pawns: see path modes)
    int carry_capture[23]   # captures while carrying a passenger (only CH, R4.8)
    int role[23]            # 0 none, 1 primary, 2 secondary government (R2.1)
    int natural[23]         # level it stands on by itself besides Ground (R3.4)
    int movement[23]        # MV_* kind
    int slots[23]           # 3 for an inherent XXX box, else 1 (R5.1)
    # path sets: psid[type][hand][color] -> index into pset_start (per square)
    int psid[23][3][2]
    int path_level[23][3]   # level the path runs in, per current level; NONE = no paths
    int dest_mask[23][3]    # bit l: the path may end at level l, per current level
    int vert_mask[23][3]    # bit l: may change to level l in its own square, per current level
    int vert_combat[23]     # level changes capture (JE/SU with jet_sub_combat)
    int inherent[23][19]    # inherent abilities by article kind (R5.2)
    int jet_rocket[23]      # has the jet / sub rocket (R7.9), fired from its natural level
    int rate[19]            # rate of fire per weapon kind (R7.2); 0 = no count-down
    int anti[19]            # the defence kind against each weapon kind (R7.8)
    int proj_level[19]      # level a projectile of that kind travels at (R7.6)
    int flame_range         # R7.1
    int stunner_range       # R7.3
    int stun_turns          # R7.3.1
    int homing_range        # R7.6
    int jet_rocket_range    # R7.9
    int one_action          # R6.3 one action per piece
    int movement_only       # R6.3 movement only
    int stealthy_primary    # R8.1
    int transport_from_carrier  # R9.1
    int quiet_turn_draw     # R11.3, 0 = off
    int n_psets
    int* pset_start         # [n_psets * N_SQ + sq]: first path of that set from that square
    int* pset_end           # one past the last
    int* pset_kind          # [n_psets * N_SQ + sq]: the set's one path class (PathInfo.cls) if
                            # all its paths share it, else PSET_NO_OVERLAP / PSET_GENERAL
    int n_paths
    int* path_len           # squares in the path (last = destination)
    int* path_sq            # [p * MAX_PATH + i]: the i-th square of path p
    int* path_mode          # MODE_*
    int* path_combat        # landing on enemies captures
    int* path_home          # needs the pawn home flag
    PathInfo* path_info     # per path: what generation reads, in one place
    PsetCount* pset_count   # [n_psets * N_SQ + sq]: what counting reads (PsetCount)
    PathInfo* count_info    # the paths PsetCount.start/end index
    uint64_t* pset_reach    # [(n_psets * N_SQ + sq) * 2 + w]: every square of every path of the
                            # set from that square (squares passed and destinations): what a
                            # piece's Move count reads of the boards (movegen's CountCache)
    int nb[100][8]          # neighbour square in direction d, NONE off board
    uint64_t ray[100][8][2] # the squares from a square in direction d to the board's edge
                            # (squares 0-63, 64-99)
    uint64_t within[100][10][2]  # the squares at king distance 1..r of a square (r = 0..9):
                            # with `ray`, the first r squares of a line
    int fire_kinds[23]      # bit w: a weapon kind (A_FL..A_TL) the type fires by itself,
                            # inherent or its jet / sub rocket (R7.9)
    int ring[2][100][361]   # drop ring search order per colour and centre, NONE off board
    int ring_len
    int doze_enemies        # option: enemy pieces may be dozed
    int primary_may_fly     # option: primary pieces may be carried into Air / Sub
    int all_visible         # option "invisible pieces" off (R10.0)
    int lock_on             # R10.2
    int range_detection     # R10.3
    int detect_range        # R10.3 stealth detect range
    int sonar_range         # R10.4
    int stealth_dominates   # R10.4 dominance option: 1 = stealth, 0 = submersion
    int reveal_on_fire      # R7.10 / R10.5 option: a hidden piece that fires is revealed

ctypedef struct Tallies:
    # What the evaluation sums over the pieces, kept by make/unmake (trailed ints, value-free:
    # the values live in the Search), recounted by the position loader and checked against a
    # recount by the consistency checker. "Unstunned" = alive with no stun count.
    int stunned[20]         # alive pieces with a stun count, a bit per piece id (32 a word): the
                            # evaluation cuts each one's value on its own
    int types[2][23]        # unstunned pieces per colour and type
    int arts[2][19]         # articles they carry per colour and kind
    int cool[2]             # their count-downs: carried articles' and inherent weapons' (R7.2)
    int on_sq[2][100]       # unstunned pieces per colour and square, any level
    int n_primary           # ids of the pieces whose type is a primary government piece, alive
    int primary[640]        # or not, in id order

ctypedef struct KeptCount:
    int key                 # movegen.count_key of the piece when counted, -1 when not
    int count               # its Moves (and Dozes, where kept)
    uint64_t reach[2]       # the squares its count reads (movegen.reach_of)


ctypedef struct CountCache:
    # Counting a side's Moves (perft's last ply) again and again in positions a ply apart: a
    # piece keeps its count while what the count reads is unchanged (movegen.count_moves). Not
    # part of the position: owned by the Engine beside its State (a copy starts empty), never
    # trailed, hashed or saved; Engine.load and configure clear it. The count of a piece is a
    # function of its own fields packed in the key and of the boards below on the squares of
    # its reach; a generation compares the boards it makes with these, and reuses a count only
    # where none of its squares changed.
    uint64_t boards[24]     # count_boards' boards the counts were made on
    uint64_t occ[36]        # State.occ_bb then (what a Doze count reads)
    int valid               # the boards above are set
    int n                   # State.n_pieces then (or the pieces counted when a limit stopped
                            # the count): entries at or past it are not valid
    KeptCount kept[640]     # per piece id


ctypedef struct State:
    Rules* rules
    Piece pieces[640]
    int n_pieces
    int occ[3][100][2]      # piece ids at each level of each square, NONE = empty
    int gart[100][2]        # article kinds lying on each square's Ground (R3.3)
    int gcool[100][2]       # their rate-of-fire count-downs
    Reserve reserves[128]
    int n_reserves
    Projectile proj[256]
    int n_proj
    int side                # BLACK or WHITE to move
    int turn                # 1-based turn number
    int moved               # the turn's Move is made (R6.1)
    int result              # RESULT_NONE, BLACK, WHITE or RESULT_DRAW
    int primary_lost[2]     # primary government pieces of each colour lost this turn (R11.1)
    int n_fires             # Fires made this turn (R6.1: at most 2)
    int did_pickup          # R6.1: at most one each per turn
    int did_drop
    int did_exchange
    int did_reinforce
    int violent             # a capture, destruction or conversion happened this turn (R11.3)
    int quiet               # turns in a row without one (R11.3)
    int proj_serial         # next projectile serial number
    int n_live_proj         # projectiles in flight
    int proj_top            # one past the highest projectile slot ever used in this line of
                            # play (trailed): loops over projectiles stop there
    int move_hint[2]        # the piece where has_move (R6.5) starts looking, per side: a speed
                            # hint, not part of the position (never trailed, hashed or saved)
    Event ev[384]           # what the last action did (not part of the state; not undone)
    int n_ev
    int n_articles          # articles in the game (lying + carried), conserved
    Tallies tally           # the evaluation's per-piece sums, kept incrementally
    int due[20]             # the pieces End Turn must look at, a bit per piece id (32 a word):
                            # every alive piece with a turn mark, a count-down or a journey has
                            # its bit (board.mark_due; the checker verifies it); End Turn clears
                            # the bit of a piece left with none
    uint64_t occ_bb[2][18]  # occupancy per colour, kept by board.occ_refresh wherever `occ` or
                            # a placed piece's colour changes (trailed as int halves; the loader
                            # counts it, the checker compares): [2 * level + w] the squares with a
                            # piece of that colour at that level (w = 0: squares 0-63, 1: 64-99),
                            # [6 + ...] with two of them, [12 + ...] with one that coexists (R2.2)
    uint64_t pend_bb[2][2]  # per colour: the squares of its reserves neither armed nor entered
                            # (R8.4; board.pend_refresh where a reserve's marks change)
    uint64_t hash           # additive Zobrist hash, kept incrementally
    TrailEntry* trail       # own entries: trail[i] is entry trail_base + i
    int trail_base          # entries below it are read from `shared` (Engine.copy shares them)
    int trail_len           # entries in the whole trail
    int trail_cap           # room in `trail`
    TrailSegment* shared    # newest shared segment, NULL when none
    int n_frames            # actions that can be undone (frame marks on the trail)
    CountCache* counts      # [2], per side: kept Move counts (a speed hint, not part of the
                            # position; the Engine owns them, NULL: none)
