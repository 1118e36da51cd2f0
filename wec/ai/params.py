"""The search's parameters: one frozen dataclass for the alpha-beta player and its fair view
(SearchParams), one for the IS-MCTS player (IsmctsParams). An AI takes them as a keyword,
`AI(params=SearchParams(...))`; the defaults are the measured ones (bench/README.md)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class IsmctsParams:
    """The IS-MCTS player's parameters (`AI(algorithm="ismcts", params=SearchParams(ismcts=
    IsmctsParams(...)))`). The defaults are the steps that each scored better against greedy
    at 1 s per turn (bench/README.md): whole turns at the root (root_turns) with progressive
    widening and a low exploration constant, then the enemy's expected replies
    (expected_replies), then the root's turns chosen for safety among more candidates
    (reply_candidates). With single actions at the root it played about even with greedy."""

    exploration: float = 0.2
    """UCB1 constant (rewards are in [0, 1]). Lower means the enemy's replies in the tree
    converge sooner on its best one (a minimax-like judgement of each candidate turn): 0.2
    scored better than 0.3 against greedy on the same games (bench/README.md). The constant
    was 0.7 with single actions at the root."""
    rollout_turns: int = 1
    """End Turns a rollout plays before the evaluation judges it: 1, the end of the turn in
    progress (the tree searches the replies). 2 scored worse in smoke matches against greedy
    on the same openings (bench/README.md): the opponent's random turn in a rollout of 2
    drowns the judgement in noise."""
    scale: float = 300.0
    """Evaluation units (a pawn = 100) per logistic unit of the reward."""
    max_nodes: int = 1 << 20
    """Tree nodes per decision (about 100 MB at most); past it the iterations go on as rollouts."""
    widening: float = 1.0
    """Progressive widening below the root (Coulom 2007; Chaslot et al. 2008): a node visited v
    times keeps at most 1 + widening * sqrt(v) children, expanded captures and aimed Fires
    first; 0 expands every legal action (~266 Moves at an enemy reply) before revisiting any."""
    root_turns: int = 4
    """Root-turns mode: the root's children are the best `root_turns` whole turns of the greedy
    turn search (candidate_turns: every root action scored exactly, each of the best completed
    to End Turn), so the iterations go to the enemy's replies to a few good
    turns rather than to ~266 first actions (Justesen et al. 2018; Baier & Cowling 2018: the
    turn as the unit of a multi-action game's tree). 0: single actions at the root."""
    turn_share: float = 0.3
    """Root-turns mode: the share of the decision's time the turn search gets."""
    reply_nodes: int = 0
    """Heavy rollouts: the observer's enemy plays its turn in a rollout action by action by a
    greedy search (its own turn only) of at most this many nodes per action, the reply a good
    opponent makes rather than a random one (0: the light policy for both sides). Off: against
    greedy at 1 s it scored worse than the default on the same games, and worse still with a
    flat tree (max_nodes 5: the enemy's whole turn the search's); its rollouts leave far fewer
    iterations a decision, and the tree over the enemy's replies is worth more than a sharper
    rollout (bench/README.md)."""
    reply_depth: int = 1
    """Heavy rollouts: that search's depth in actions, quiescence after it."""
    greed: float = 0.5
    """Light rollouts: how often the policy takes the best capture (by the victim's value) or
    the best aimed Fire rather than a random Move or End Turn. In root-turns mode a rollout
    mostly finishes the enemy's reply to a candidate turn. 1.0 (the enemy always greedy in
    the rollouts) scored no better than the default against greedy at 1 s on the same games
    (bench/README.md)."""
    expected_replies: int = 45_000
    """Root-turns mode: node cap of a greedy search of the enemy's reply to each candidate turn
    (its own turn to End Turn at GREEDY's depth and quiescence: enemy_replies); the
    reply's actions are expanded first below the turn (before captures; an article action or
    a reinforcement too, which the tree otherwise leaves out below the root). A random reply
    almost never finds a raid of two or three actions (a Fire that clears a Cleric's path,
    its Move, its Conversion of the primary piece; a reinforcement that converts the primary
    piece's neighbour, which then takes it), and in the match against greedy such raids ended most
    of IS-MCTS's losses with the search sure it was winning. 0: none. Their time is bounded
    by reply_share (their cost: bench/README.md)."""
    reply_candidates: int = 8
    """Root-turns mode with expected replies: the ranking's best `reply_candidates` turns get
    an expected reply, and the `root_turns` of them whose replies score least for the enemy
    (its greedy search's score after its reply: a two-turn judgement) become the root's
    children (safest_turns); equal to root_turns, the ranking's best four. The ranking alone
    knows nothing of the reply: in about half the games IS-MCTS lost to greedy, its four turns
    held none that saved the primary piece at its last decision. 8 scored better than 4
    against greedy at 1 s on the same games, also on those not used to choose it
    (bench/README.md). The replies not searched by the reply_share deadline go after the
    searched ones."""
    reply_share: float = 0.2
    """Root-turns mode: the share of the decision's time the expected replies may take (after
    the candidate turns' ranking)."""
    threat_visits: int = 0
    """A node where the enemy is to Move finds, once visited this often, its threat Moves:
    those after which a piece has a new Fire aimed at the observer's primary piece (a
    Cleric's long Move, then its Fire); they are expanded right after the captures and
    aimed Fires (wec._core.ismcts.threat_moves). 0: never. Off: 4 scored no better than the
    default against greedy at 1 s on the same games (bench/README.md): the raids that end
    games mostly start with a Fire that clears the way, which this does not see."""


@dataclass(frozen=True)
class SearchParams:
    """How an AI shares its time and builds the game it searches from what its side knows."""

    move_depth: bool = True
    """At a level that searches in turns (Level.turns): depth counted in Moves (a turn has
    exactly one Move, R6.1), so a turn's Fires and article actions cost no depth and depth 2
    always holds the opponent's whole reply. Off, or at the other levels, every action costs
    one (a Fire before the Move then pushes the reply out to quiescence)."""
    fires_after_move: bool = True
    """At a level that searches in turns: below the root a turn is searched Move first and its
    Fires after it (a Fire costs no depth, and both orders of the same Fire and Move multiplied
    the tree several times over: bench/README.md); the root keeps every order."""
    root_reductions: bool = True
    """At a level that searches in turns: late quiet root actions (no capture, aimed Fire or
    killer; 136 legal Fires at the standard set-up) are searched one depth shallower first,
    and again whole only if they beat the best so far."""
    null_turn: bool = True
    """At a level that searches in turns: null-turn pruning (a chess engine's null move) at
    the start of a turn three or more turns from the horizon: the side passes, the opponent's
    answer is searched one turn shallower (two from six), and if the side still holds the
    bound the node is cut without searching its Moves."""
    late_moves: int = 12
    """At a level that searches in turns: at the last Move before quiescence (depth 1), outside
    the principal variation, only this many quiet Moves (no capture, not a killer, not aimed:
    aim_order) are searched, in history order (late move pruning); 0: all."""
    late_moves_2: int = 0
    """At a level that searches in turns: late move pruning at depth 2 too (the side's Move
    before the opponent's last one): only this many quiet Moves outside the principal
    variation; 0: all."""
    futility: int = 0
    """At a level that searches in turns: futility pruning at the last Move before quiescence
    (depth 1) outside the principal variation: when the static score plus this margin (a pawn
    = 100) cannot reach alpha, no quiet Move is tried (a capture, an aimed Move, a Fire still
    is); 0: off."""
    idle_root_depth: int = 0
    """At a level that searches in turns: from this iteration depth (in turns) on, the root
    no longer searches its idle actions before the turn's Move (a weapon's Fire with no enemy
    in line or aim, a Pickup, a Drop, an Exchange) unless a shallower iteration found one best:
    no depth is spent on them, so each would cost a search as deep as the whole iteration; they
    can still be made after the Move; 0: always searched."""
    journey_root_depth: int = 0
    """At a level that searches in turns: the same for the root's journeys before the Move
    (transport Fires), from this iteration depth on; 0: always searched."""
    aim_order: bool = True
    """At a level that searches in turns: quiet Moves after which the piece has an enemy in a
    directional weapon's line come before the other quiet Moves (the turn's Fire follows the
    Move) and are never pruned as late."""
    deep_reductions: bool = True
    """At a level that searches in turns: late quiet actions are searched two Moves shallower
    first from the twelfth on, three from the fortieth at depth 3 or more (else one; at the
    root only Moves and Dozes: a journey's or an article action's worth shows only at full
    depth)."""
    root_order: bool = False
    """At a level that searches in turns: after the previous best, an iteration searches the
    root's actions in the order of their scores in the iteration before (a null-window score
    is a bound, still a ranking), not in the static order: the actions judged nearly as good
    come first, so an iteration the time cuts short has weighed the likeliest alternatives
    to the previous best rather than the captures and killers that come first statically."""
    idle_fire_reductions: bool = False
    """At a level that searches in turns: the root's late Fires at nothing (a weapon's Fire
    with no enemy in its line or aim; not a journey) are searched as much shallower first as
    late quiet Moves (deep_reductions), again whole only if they beat the best so far. Before
    the Move a Fire costs no depth, so each is a search as deep as the whole iteration: at the
    standard set-up such Fires took nearly all of depth 4's nodes. Unlike idle_root_depth,
    they are still searched."""
    even_reductions: bool = False
    """At a level that searches in turns: a late root action's reduction is rounded to an even
    number of turns (up where the depth allows, else down). A search an odd number of turns
    shallower ends on the other side's unanswered turn, so its score is not comparable with
    the full-depth best it is tested against: ending on the AI's own turn it looks better,
    fails high and is searched again whole (search.even_reduction)."""
    idle_even_reductions: bool = False
    """At a level that searches in turns: only the root's late idle actions that spend no
    depth (a Fire at nothing, not a journey; a Pickup, Drop or Exchange before the Move) are
    searched two turns shallower first from the third turn left on (one shallower before,
    as by default: two would leave a Pickup at depth 2 to the static score), again whole
    only if they beat the best so far; the Moves' reductions stay as they are
    (even_reductions rounds theirs too)."""
    quiescence_table: bool = True
    """At a level that searches in turns: quiescence probes and fills the transposition table
    (two Fires, or a capture and a Fire, reach the same state in either order)."""
    keep_table: bool = False
    """The transposition table is kept from one decision to the next (a chess engine's
    between moves: the positions after the opponent's reply were searched a turn ago). Off by
    measure: at equal nodes it scored worse than the search that starts each decision from an
    empty table, also before an earlier decision's entries gave way to quiescence's
    (TTEntry.age; bench/README.md)."""
    quiescence: int = -1
    """Quiescence depth in actions; -1: the level's."""
    max_depth: int = 0
    """The deepest iteration, in the level's units (turns at the default level, actions below
    it); 0: the level's own. With no time limit it makes a fixed-depth player (`wec match
    ai:depth=N`): what one more turn of depth is worth, whatever the machine's speed."""
    reductions: bool = True
    """Late quiet Moves are searched one action shallower first (late move reduction)."""
    clearing: bool = False
    """Below the root, one journey per piece is generated before its Move (a way cleared for a
    long Move); False: journeys at the root only."""
    move_share: float = 0.8
    """Share of the turn's remaining time for the first decision of a turn: its search plans
    the whole turn, and the later actions follow the plan while the game goes as foreseen."""
    near_tries: int = 10
    """Squares tried around a last sighting that cannot hold the hidden piece any more..."""
    near_reach: int = 2
    """... within this many king steps of it (the fair view puts the piece on the nearest one
    where it fits and stays hidden)."""
    arming_reach: int = 1
    """An enemy reserve not seen armed is taken as armed (R8.4) while a hidden enemy piece this
    side last saw stands within this many king steps of its activation square. Only a hidden
    piece can arm it unseen: one in view that stands on the square arms it in plain sight (the
    observation's `armed` says so). Counting the visible pieces too (reach 2) took far more
    unarmed reserves as armed, over saved games against an omniscient AI, for the same few
    armed ones caught; in games the hidden ones alone scored no worse than the older guesses
    (the difference was noise; bench/README.md)."""
    forget_flamed: bool = True
    """Leave out of the fair view a hidden enemy piece whose last-seen square and level (or one
    a doze pushed it to) this side's own Flame has swept while it stood there (searched_sightings,
    R7.1)."""
    forget_swept: bool = True
    """Leave out of the fair view a hidden enemy piece whose last-seen square and level (or one
    a doze pushed it to) a projectile was created on or flew into while it stood there
    (searched_sightings, R7.7)."""
    follow_dozes: bool = True
    """Put a hidden enemy piece last seen at the Ground of a square dozed since where the doze
    pushed it (dozed_sightings, R4.11.1), not where it was seen."""
    ismcts: IsmctsParams = IsmctsParams()
    """The IS-MCTS player's parameters (with `AI(algorithm="ismcts")`)."""


DEFAULT_PARAMS = SearchParams()
