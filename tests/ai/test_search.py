"""The search of the computer opponent: quiescence sees the
reply to a capture, the greedy baseline does not, an armed reserve's entry is foreseen, levels
are a data table, the signature is deterministic, and the evaluation's terms come from the
weights table."""
from __future__ import annotations

import functools
from pathlib import Path

import pytest

import wec
from wec import ai
from wec._core.searcher import Searcher
from wec.ai import weights
from wec.tools.signature import signature
from wec.tools.tactics import survives
from builders import game, piece

SAMPLES = 3
"""Determinizations searched by the tests of AI(samples=...) (the default is 1)."""


def defended_pawns() -> wec.Game:
    """White's king can take a black pawn, but each takeable pawn is defended by another pawn
    (R4.3 Weapon Chess attack squares); no Fires (R6.3 movement only)."""
    return game(piece("K", "white", 5, 5), piece("FP", "black", 6, 5),
                piece("FP", "black", 7, 5), piece("FP", "black", 6, 6),
                piece("K", "black", 10, 10), piece("FP", "white", 2, 2),
                to_move="white", movement_only=True)


def test_the_trap_is_real():
    g = defended_pawns()
    g.apply("MV:K(5,5)->(6,6)")
    g.end_turn()
    g.apply("MV:FP(6,5)->(6,6)")  # R4.3 attack sideways: the king is captured
    g.end_turn()
    assert g.result == "black"    # R11.1


@pytest.mark.parametrize("level", [3, 4, 5])
def test_searching_levels_do_not_take_a_defended_pawn_with_the_king(level):
    # levels 1 and 2 fall for it: the loss is decided at the capturer's End Turn (R11.1), the
    # third action after the king's Move (End Turn, the recapture, End Turn); level 2 looks 2
    g = defended_pawns()
    choice = wec.AI(level=level, seconds=None, nodes=60_000).choose_action(g)
    assert choice.dest[:2] not in {(6, 5), (6, 6), (6, 4), (5, 6), (5, 4)} or \
        str(choice) == "MV:K(5,5)->(5,4)"
    g.apply(choice)
    assert g.result is None


def test_the_greedy_baseline_takes_the_pawn():
    # best single turn by the evaluation: it cannot see the recapture (and so the test above
    # is able to fail)
    choice = ai.GreedyPlayer().choose_action(defended_pawns())
    assert choice.kind == "move" and choice.dest[:2] in {(6, 5), (6, 6)}


def test_levels_are_a_table_with_growing_effort():
    rows = [ai.LEVELS[k] for k in sorted(ai.LEVELS)]
    effort = [(r.depth, r.quiescence) for r in rows]
    assert effort == sorted(set(effort))  # each level searches strictly more than the one below
    assert all(r.nodes == 0 for r in rows)  # no node caps: depth makes the steps
    assert rows[-1].depth == max(r.depth for r in rows)  # the default: as deep as time allows
    assert ai.DEFAULT_LEVEL == max(ai.LEVELS)
    with pytest.raises(ValueError, match="level"):
        wec.AI(level=0)


def test_signature_is_deterministic_and_depends_on_the_weights():
    first = signature(1)
    assert signature(1) == first
    g = wec.Game.new()
    assert signature(1, [g]) != (0, 0)


def test_weights_change_the_evaluation():
    g = defended_pawns()
    e = g._engine
    base = Searcher(e, ai.search_values()).evaluate()
    table = weights.table()
    table["pieces"]["FP"] += 50
    # White (to move) has one FP, Black three
    assert Searcher(e, ai.search_values(table)).evaluate() == base - 100


@pytest.mark.timing
def test_a_turn_budget_is_shared_among_the_turns_actions():
    g = wec.Game.new()
    player = wec.AI(level=5, seconds=0.4)
    import time
    start = time.monotonic()
    turn = player.choose_turn(g)
    assert time.monotonic() - start < 1.5      # the whole turn, not 0.4 s per action
    assert turn[-1].kind == "end"


@functools.cache
def _hidden_move_twins():
    """Two games that differ only in where an unseen enemy piece went (so the side to move has
    the same observation of both), found by play in the stealth duel scenario."""
    import random
    from wec.rules import scenarios
    rng = random.Random(5)
    g = wec.Game.from_position(scenarios.load("stealth_duel"))
    for _ in range(200):
        me = "white" if g.to_move == "black" else "black"  # the side that will decide next
        outcomes = {}
        for move in g.legal_moves()[:60]:
            twin = g.clone()
            twin.apply(move)
            twin.end_turn()
            if twin.result is not None:
                continue
            key = str(twin.observation(me).to_dict())
            if key in outcomes and outcomes[key].position() != twin.position():
                return outcomes[key], twin
            outcomes[key] = twin
        g.apply(rng.choice(g.legal_moves()))
        g.end_turn()
        if g.result is not None:
            g = wec.Game.from_position(scenarios.load("stealth_duel"))
    raise AssertionError("no pair of unseen moves found")


def test_a_fair_ai_cannot_tell_where_an_unseen_piece_went():
    first, second = _hidden_move_twins()
    assert first.position() != second.position()
    assert first.observation(first.to_move).to_dict() == second.observation(
        second.to_move).to_dict()
    a = wec.AI(level=4, seconds=None, nodes=30_000, seed=7)
    b = wec.AI(level=4, seconds=None, nodes=30_000, seed=7)
    assert a.choose_action(first) == b.choose_action(second)
    assert a.last_nodes == b.last_nodes   # the very same searches


def test_hidden_enemies_are_sampled_from_their_possible_locations():
    first, _ = _hidden_move_twins()
    views = wec.AI(seed=3)._views(first, SAMPLES)
    assert len(views) == SAMPLES
    me = first.to_move
    obs = first.observation(me)
    possible = obs.possible_locations()
    for view in views:
        # every enemy piece in a view stands where the side saw it or might find it
        seen_now = {(p.type, p.row, p.col, p.level) for p in obs.pieces()
                    if p.color != me}
        allowed = set().union(*possible.values()) | {s.square for s in obs.last_seen()}
        for p in view.pieces(color="white" if me == "black" else "black"):
            assert (p.type, p.row, p.col, p.level) in seen_now or (p.row, p.col) in allowed
    assert [v.position() for v in wec.AI(seed=3)._views(first, SAMPLES)] == \
        [v.position() for v in views]   # the same observation and seed: the same samples


def test_the_search_plans_the_rest_of_its_turn_from_the_table():
    g = wec.Game.new()
    e = g._engine
    search = Searcher(e, ai.search_values())
    search.reset()
    for depth in (1, 2):
        best, _, complete, _ = search.iteration(depth, -1, 0, 0.0)
        assert complete
    before = (g.hash, g.position())
    steps = search.plan(best)
    assert (g.hash, g.position()) == before       # the state is left as it was
    assert steps[0] == best and len(steps) >= 2
    sim = g.clone()
    for index in steps:                           # each step legal in its state, one turn only
        assert sim.to_move == "black"
        sim.apply(sim.legal_actions()[index])


def test_a_turn_follows_its_plan_while_the_game_goes_as_foreseen():
    player = wec.AI(level=4, seconds=None, nodes=40_000)
    searched = []
    original = player._search

    def counting(*args, **kwargs):
        result = original(*args, **kwargs)
        searched.append(result)
        return result

    player._search = counting  # type: ignore[method-assign]
    turn = player.choose_turn(wec.Game.new())
    assert turn[-1].kind == "end"
    assert len(searched) < len(turn)   # some actions came from the plan, not a new search


def test_a_fair_plan_survives_a_conversion_mid_turn():
    """R10.6: a fair view never says whether something was converted, captured or destroyed
    this turn (turn_state.violent) and marks the enemy pieces it sees revealed for good, a mark
    a piece converted in the view keeps. The plan compares hashes as the view will have them:
    the view rebuilt after the conversion is the one the plan foresaw."""
    g = game(piece("K", "white", 1, 1), piece("CP", "white", 5, 5), piece("FP", "black", 6, 5),
             piece("K", "black", 10, 10), to_move="white")
    player = wec.AI(seconds=None, nodes=2_000)
    convert, king = wec.parse_action("FI:CS/CP(5,5)->(6,5)"), wec.parse_action("MV:K(1,1)->(1,2)")
    view = player.view(g)
    player.set_plan(ai.plan_entries(view, [convert, king], lambda sim, action: action), g)
    foreseen = view.clone()
    foreseen.apply(convert)                       # R7.5: the Fire Pawn changes sides
    g.apply(convert)
    rebuilt = player.view(g)
    assert [p.color for p in rebuilt.pieces() if p.type == "FP"] == ["white"]
    assert foreseen.hash != rebuilt.hash          # the view's own marks differ...
    assert player.planned(rebuilt) == king       # ...not what the plan compares
    assert ai.plan_hash(g) != g.hash              # the true game: violent this turn
    assert ai.plan_hash(wec.Game.new()) == wec.Game.new().hash


@pytest.mark.parametrize("scenario", ["stealth_duel", "standard"])
def test_determinizations_keep_hidden_pieces_hidden_and_choices_legal(scenario):
    """A hidden enemy put back at its last sighting must stay hidden there (it may have been
    hidden by a Stealth article the side never saw): otherwise a pawn could 'attack' a piece
    that has left, an action the true game refuses."""
    import random
    from wec.rules import scenarios
    rng = random.Random(11)
    g = wec.Game.from_position(scenarios.load(scenario))
    player = wec.AI(level=2, seconds=None, nodes=3_000, samples=SAMPLES)
    checked = 0
    for _ in range(60):
        if g.result is not None:
            break
        me = g.to_move
        obs = g.observation(me)
        seen_now = {(p.type, p.row, p.col, p.level) for p in obs.pieces() if p.color != me}
        for view in player._views(g, SAMPLES):
            for p in view.pieces(color="white" if me == "black" else "black"):
                if (p.type, p.row, p.col, p.level) not in seen_now:
                    assert not [v for v in view.can_see(me, p.row, p.col, p.level)
                                if v.type == p.type and v.color == p.color]
                    checked += 1
        assert player.choose_action(g) in g.legal_actions()
        moves = g.legal_moves()
        g.apply(rng.choice(moves))
        g.end_turn()
    assert checked


def test_a_piece_the_position_format_cannot_place_alone_is_left_out_of_the_search():
    # seen once in a match: an observation held a piece at Sub without its (hidden) carrier
    pos = wec.Game.new().position()
    pos["pieces"].append({"type": "DO", "color": "white", "square": [5, 5], "level": "S"})
    with pytest.raises(wec.PositionError, match="carrier"):
        wec.Game.from_position(pos)
    assert ai.loadable(pos).position() == wec.Game.new().position()



@pytest.mark.slow  # millions of nodes: for the release core, not the debug pass
def test_clearing_journeys_let_the_search_foresee_a_jump_that_opens_a_conversion():
    # From game 1 of the level-5 match at 4 s against 1 s per turn (commit 8fa551e), White to
    # move late in its turn (only Drops, Exchanges and End Turn left). Black then wins by
    # R9.1-R9.3 + R4.6 + R7.5 + R11.1:
    # FI:JU/FP(3,5)1JP->(1,1) (the Jump Pack lifts the Pawn off (3,5) at once), then
    # MV:CL(9,9)<->(2,6) through the square it left, then FI:CS/CL(2,6)<->(1,5) converts White's
    # King. Below the root the search lists no journey (the whole list stays at the root), so
    # without the clearing journeys no depth shows the loss; with them depth 3 does (late move
    # reductions off: a journey is a quiet action, which they search shallower first)
    g = wec.Game.from_position(str(Path(__file__).parents[1] / "data" / "positions" /
                                   "clearing_jump.json"))
    assert [str(a) for a in g.legal_actions()][-1] == "END"
    scores = {}
    for clearing in (False, True):
        e = g._engine
        search = Searcher(e, ai.search_values(), clearing=clearing, reductions=False)
        search.reset()
        for depth in (1, 2, 3):
            _, score, complete, _ = search.iteration(depth, -1, 0, 0.0)
            assert complete
        scores[clearing] = score
    win = weights.WEIGHTS["win"]
    assert scores[True] < -win // 2 < scores[False]
    # the real line, played: the loss is what the rules give
    g.end_turn()
    for action in ("FI:JU/FP(3,5)1JP->(1,1)", "MV:CL(9,9)<->(2,6)", "FI:CS/CL(2,6)<->(1,5)"):
        g.apply(action)
    g.end_turn()
    assert g.result == "black"


@pytest.mark.slow  # millions of nodes: for the release core, not the debug pass
def test_depth_in_moves_sees_the_reply_that_a_fire_first_pushes_past_the_horizon():
    # From game 0 of the level-5 match at 4 s against 1 s per turn (commit 09cdf4a), Black to
    # move at its turn start; White's Charger converts Black's King next turn (R7.5, R11.1)
    # whatever Black does.
    # Counting every action, depth 2 is spent by a Fire and a Move of Black's, White's reply
    # is left to quiescence (capturing Moves only) and the position looks like material only;
    # counting Moves (move_depth), depth 2 holds White's whole reply and finds the loss
    g = wec.Game.from_position(str(Path(__file__).parents[1] / "data" / "positions" /
                                   "horizon_fire_first.json"))
    assert g.to_move == "black"
    win = weights.WEIGHTS["win"]
    scores, nodes = {}, {}
    # the turn as a unit below the root (its Fires after its Move) and late quiet root actions
    # searched shallower first find it too, with fewer nodes
    for key, flags in {"actions": {}, "moves": {"move_depth": True},
                       "turns": {"move_depth": True, "fires_after_move": True,
                                 "root_reductions": True}}.items():
        e = g._engine
        search = Searcher(e, ai.search_values(), qdepth=10, **flags)
        search.reset()
        for depth in (1, 2):
            _, score, complete, nodes[key] = search.iteration(depth, -1, 0, 0.0)
            assert complete
        scores[key] = score
    assert scores["moves"] < -win // 2 < scores["actions"]
    assert scores["turns"] < -win // 2 and nodes["turns"] < nodes["moves"]


def test_the_search_parries_an_armed_reserve_that_would_enter_and_convert_the_king():
    # Black's armed reserve at (3,7), the standard Cleric of that square (R8.5), may enter next
    # turn (R8.4: armed, its square's Ground empty) and at once fire its Conversion at the
    # King beside it (R7.5): Black wins at its End Turn (R11.1). Taking the Tank with the Queen
    # is the tempting Move; only a King's Move out of the Cleric's reach, or onto the square
    # (R8.4: it then cannot enter), saves the game
    g = wec.Game.from_position(str(Path(__file__).parents[1] / "data" / "positions" /
                                   "armed_reserve_cleric.json"))
    greedy = g.clone()
    for action in ("MV:Q(5,3)->(8,10)", "END", "MV:K(10,1)->(10,2)", "RE:(3,7)CL<",
                   "FI:CS/CL(3,7)<->(2,8)", "END"):
        greedy.apply(action)
    assert greedy.result == "black"
    parries = {f"MV:K(2,8)->({r},{c})" for r in (1, 2, 3) for c in (7, 8, 9)
               if (r, c) != (2, 8) and (max(abs(r - 3), abs(c - 7)) >= 2 or (r, c) == (3, 7))}
    choice = str(wec.AI(seconds=None, nodes=5_000).choose_action(g))
    assert choice in parries
    assert survives(g, [choice, "END"])  # no turn of Black's wins then (every one tried)


def test_search_parameters_are_one_frozen_dataclass_given_as_a_keyword():
    import ast
    import dataclasses
    import inspect

    from wec.ai import params
    with pytest.raises(wec.WecError, match="AI params: expected a SearchParams"):
        wec.AI(params={"near_reach": 3})
    chosen = ai.SearchParams(near_reach=3, ismcts=ai.IsmctsParams(root_turns=8))
    player = wec.AI(params=chosen)
    assert player.params.near_reach == 3 and player.params.ismcts.root_turns == 8
    with pytest.raises(dataclasses.FrozenInstanceError):
        chosen.near_reach = 1  # type: ignore[misc]
    assert wec.AI().params == ai.SearchParams()
    # every field is documented: a string stands right after its annotation
    tree = ast.parse(inspect.getsource(params))
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        body = cls.body
        fields = [i for i, n in enumerate(body) if isinstance(n, ast.AnnAssign)]
        assert fields, cls.name
        for i in fields:
            after = body[i + 1] if i + 1 < len(body) else None
            assert isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant), \
                f"{cls.name}.{body[i].target.id}"


def test_the_depth_in_turns_is_the_depth_when_the_search_counts_moves():
    from wec.ai.search import turns_searched
    assert turns_searched(2, move_depth=True) == 2  # a turn has exactly one Move (R6.1)
    assert turns_searched(2, move_depth=False) == 0  # two actions may be two Fires
    assert turns_searched(6, move_depth=False) == 2


def test_a_quiet_move_that_sets_up_a_fire_is_never_pruned_as_late():
    """Late move pruning (SearchParams.late_moves) searches only the first quiet Moves of the
    last Move before quiescence; a Move after which the piece has an enemy in a directional
    weapon's line (aim_order) is not counted among them. Here Black wins in two (stun the
    Primary with the CH's Stunner now, R7.3, so it cannot Move in its turn; the Pawn's Rocket
    next turn lands at End Turn, R7.6/R7.7): at depth 3 with one quiet Move a node, the stun is
    found only when the aimed Moves are kept."""
    from wec.ai.search import DEFAULT_LEVEL, LEVELS, turn_flags
    g = wec.Game.from_position(str(Path(__file__).parents[1] / "data" / "positions" /
                                   "aimed_win_in_two.json"))
    level = LEVELS[DEFAULT_LEVEL]

    def best(aim_order: bool) -> str:
        flags = turn_flags(level, ai.SearchParams(late_moves=1, aim_order=aim_order,
                                                  deep_reductions=False))
        search = Searcher(g._engine, weights.search_values(), tt_bits=18,
                          qdepth=level.quiescence, **flags)
        search.reset()
        index = -1
        for depth in (1, 2, 3):
            index, _, complete, _ = search.iteration(depth, index, 0, 0.0)
            assert complete
        return str(g.legal_actions()[index])

    assert best(aim_order=True) == "FI:ST/CH(8,3)>->(8,4)"
    assert best(aim_order=False) != "FI:ST/CH(8,3)>->(8,4)"


def _iterations(g: wec.Game, params: ai.SearchParams, depths: tuple[int, ...],
                first: int = -1) -> tuple[str, int]:
    """The best action and the nodes after the default level's iterations at `depths`, each
    searched first with the previous one's best (the first with `first`)."""
    from wec.ai.search import DEFAULT_LEVEL, LEVELS, turn_flags
    level = LEVELS[DEFAULT_LEVEL]
    search = Searcher(g._engine, weights.search_values(), tt_bits=18, qdepth=level.quiescence,
                      **turn_flags(level, params))
    search.reset()
    index, used = first, 0
    for depth in depths:
        index, _, complete, used = search.iteration(depth, index, 0, 0.0)
        assert complete
    return str(g.legal_actions()[index]), used


def test_an_idle_root_action_is_left_to_the_shallow_iterations_unless_one_found_it_best():
    """SearchParams.idle_root_depth: from that depth on the root skips its article actions and
    Fires at nothing before the Move (no depth is spent on them, so each costs a search as deep
    as the iteration). Here White's Tank stands on a Rocket Launcher it can pick up before its
    Move (R8.1 Pickup, R6.1): the depth-1 iteration finds the Pickup best and the deeper ones
    keep it; a depth-2 search that was not handed it leaves it out."""
    g = game(piece("K", "white", 1, 1), piece("TA", "white", 5, 5), piece("K", "black", 10, 10),
             piece("FP", "black", 9, 2), articles=(("RL", (5, 5)),))
    idle = ai.SearchParams(idle_root_depth=2)
    assert _iterations(g, ai.SearchParams(), (1, 2, 3))[0] == "PU:TA(5,5)<^RL"
    assert _iterations(g, idle, (1, 2, 3))[0] == "PU:TA(5,5)<^RL"
    assert _iterations(g, idle, (2,))[0] != "PU:TA(5,5)<^RL"
    assert _iterations(g, ai.SearchParams(), (2,))[0] == "PU:TA(5,5)<^RL"


@pytest.mark.slow  # about a million nodes: for the release core, not the debug pass
def test_skipping_idle_root_actions_makes_a_turn_deeper_cheap_at_the_standard_set_up():
    """From the standard set-up most of the root's actions before the Move are Fires at nothing
    (Torpedoes, SAMs and Rockets launched into empty squares): searched, each would cost as much
    as all the Moves. Without them the depth-3 search (in turns) finds the same action in well
    under half the nodes."""
    g = wec.Game.new()
    plain, plain_nodes = _iterations(g, ai.SearchParams(), (1, 2, 3))
    idle, idle_nodes = _iterations(g, ai.SearchParams(idle_root_depth=2), (1, 2, 3))
    assert idle == plain
    assert idle_nodes * 2 < plain_nodes


def _cut_short_second_iteration(g: wec.Game, root_order: bool,
                                 budget: int) -> tuple[int, dict[int, int], dict[int, int]]:
    """The default level's depth-1 iteration, whole, then its depth-2 iteration cut short after
    `budget` more nodes: (the depth-1 best, each root action's depth-1 score, the depth-2
    scores of the root actions searched to the end before the cut)."""
    from wec.ai.search import DEFAULT_LEVEL, LEVELS, turn_flags
    level = LEVELS[DEFAULT_LEVEL]
    search = Searcher(g._engine, weights.search_values(), tt_bits=18, qdepth=level.quiescence,
                      **turn_flags(level, ai.SearchParams(root_order=root_order)))
    search.reset()
    first, _, complete, used = search.iteration(1, -1, 0, 0.0)
    assert complete
    before = dict(search.last_scores())
    assert len(before) == len(g.legal_actions())  # a whole iteration scores every action
    _, _, complete, _ = search.iteration(2, first, used + budget, 0.0)
    assert not complete
    return first, before, dict(search.last_scores())


@pytest.mark.parametrize("position", ["standard", "crowded"])
def test_root_order_spends_a_cut_short_iteration_on_the_last_iterations_best(position):
    """SearchParams.root_order: after the previous best, an iteration takes the root's actions
    in the order of their scores in the iteration before, so an iteration the time cuts short
    has searched the actions judged best so far: none it left out scored higher than one it
    searched. The static order (captures, killers, history first) does not: here it spends the
    cut-short iteration on actions the depth-1 iteration had judged worse than some it left."""
    from wec.tools.signature import signature_position
    g = signature_position(position)
    for root_order in (True, False):
        first, before, searched = _cut_short_second_iteration(g, root_order, 30_000)
        assert first in searched and len(searched) >= 5
        others = [before[i] for i in searched if i != first]
        left = [before[i] for i in before if i not in searched]
        assert (min(others) >= max(left)) == root_order


@pytest.mark.slow  # a few million nodes: for the release core, not the debug pass
def test_root_fires_at_nothing_reduced_by_whole_turns_make_depth_4_cheap_at_the_set_up():
    """From the standard set-up most root actions are Fires at nothing; before the Move a Fire
    costs no depth, so each is a search as deep as the iteration. Reduced by one turn only,
    a Fire's search ends on the AI's own unanswered turn, looks better than the full-depth
    best and is searched again whole: depth 4 (in turns) does not finish in 3 M nodes, nearly
    all of them (Searcher.last_nodes) spent on such Fires. With idle_fire_reductions and
    even_reductions it finishes in under 1.5 M, choosing what depth 3 chose; with
    idle_even_reductions alone (those Fires two turns shallower first, the Moves reduced as
    by default) it finishes in under 1.5 M too (choosing a Fire, as the default's whole
    depth 4 does in 13 M)."""
    from wec.ai.search import DEFAULT_LEVEL, LEVELS, turn_flags
    g = wec.Game.new()
    legal = g.legal_actions()
    level = LEVELS[DEFAULT_LEVEL]

    def depth_4(**switches: bool) -> tuple[int, int, bool, dict[int, int]]:
        search = Searcher(g._engine, weights.search_values(), tt_bits=20,
                          qdepth=level.quiescence,
                          **turn_flags(level, ai.SearchParams(**switches)))
        search.reset()
        index = -1
        for depth in (1, 2, 3):
            index, _, complete, _ = search.iteration(depth, index, 0, 0.0)
            assert complete
        best, _, complete, used = search.iteration(4, index, 3_000_000, 0.0)
        return index, best, complete, dict(search.last_nodes())

    _, _, complete, nodes = depth_4()
    assert not complete
    fires = sum(n for i, n in nodes.items() if legal[i].kind == "fire")
    assert fires > 0.9 * sum(nodes.values())
    depth_3_best, best, complete, nodes = depth_4(idle_fire_reductions=True,
                                                  even_reductions=True)
    assert complete and sum(nodes.values()) < 1_500_000
    assert best == depth_3_best
    _, _, complete, nodes = depth_4(idle_even_reductions=True)  # the default's Moves
    assert complete and sum(nodes.values()) < 1_500_000
