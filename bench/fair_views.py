"""Where the fair view costs decisions: the fair AI against an omniscient one, decision by
decision, over a match's saved games.

    python bench/fair_views.py SAVES_FOLDER OUT.jsonl [NODES] [EVERY] [only=TAG] [FIELD=VALUE ...]

Walks the saved games of a match (`wec match ... --save SAVES_FOLDER`) and, at the start of
every EVERY-th turn (default 1) of a side that has hidden enemies (R10) or enemy reserves it
knows only as squares (R8.4), asks the default AI twice with the same node budget (NODES,
default 40000; deterministic): once fair (its view of the observation, AI.view) and
once omniscient (the true game). Where they choose differently, both choices are scored by an
omniscient search of the position after each (same budget): the regret is what the fair choice
loses by the true game's measure. Each decision is tagged with what the view got wrong:

- `moved`: a hidden enemy piece is in the view on another square than in the true game;
- `missing`: a hidden enemy piece of the true game is not in the view at all;
- `phantom`: the view holds an enemy piece the true game no longer has;
- `reserves`: an enemy reserve of the view differs in type or arming from the true one;
- `near`: a hidden enemy piece stands within 3 king steps of the side's primary piece;
- `exact`: hidden enemies, every one of them in the view where it is.

One JSON line per decision in OUT as it is judged (a rerun resumes); the summary at the end
gives, per tag, the decisions, how many changed and the mean regret. `only=TAG` judges only
the decisions with that tag (the tags cost no search); FIELD=VALUE sets a field of the fair
AI's wec.ai.SearchParams (e.g. near_reach=3, forget_swept=False), so two runs over the same
saves compare a change of the fair view. To measure another checkout (built in place), put it
first on the path: `PYTHONPATH=CHECKOUT python bench/...`."""
import collections
import dataclasses
import json
import os
import sys

from wec import AI, Game, rules
from wec._core.searcher import Searcher
from wec.ai import weights
from wec.ai import LEVELS, DEFAULT_LEVEL, SearchParams, iteration_depths, search_values

NEAR = 3


def score(game, nodes):
    """An omniscient search's score of `game` for the side to move (deepest complete iteration)."""
    if game.result is not None:
        return 0 if game.result == "draw" else (
            weights.WEIGHTS["win"] if game.result == game.to_move else -weights.WEIGHTS["win"])
    level = LEVELS[DEFAULT_LEVEL]
    game.legal_actions()  # the search's root actions, in legal() order
    search = Searcher(game._engine, search_values(), qdepth=level.quiescence, turn_only=False,
                      max_depth=level.depth)
    search.reset()
    best = 0
    for depth in iteration_depths(level.depth):
        index, value, complete, used = search.iteration(depth, -1, nodes, 0.0)
        if not complete:
            break
        best = value
    return best


def regret(game, choice, nodes):
    """The choice's score for the mover, by an omniscient search after it."""
    child = game.clone()
    child.apply(choice)
    value = score(child, nodes)
    return value if child.to_move == game.to_move else -value


def primary_square(pieces, color):
    for p in pieces:
        if p.color == color and rules.PIECE_TYPES[rules.TYPE_INDEX[p.type]].role == "primary":
            return p.square
    return None


def view_errors(game, view, me):
    """The tags of what `view` (the fair AI's game) gets wrong about the true `game`."""
    enemy = rules.COLORS[1 - rules.COLORS.index(me)]
    obs = game.observation(me)
    seen = collections.Counter((p.type, p.square, p.level) for p in obs.pieces(enemy))
    true = collections.Counter((p.type, p.square, p.level) for p in game.pieces(enemy))
    viewed = collections.Counter((p.type, p.square, p.level) for p in view.pieces(enemy))
    hidden = true - seen
    guessed = viewed - seen
    tags = set()
    if hidden - guessed:
        types_viewed = collections.Counter(t for t, _, _ in guessed.elements())
        for t, _, _ in (hidden - guessed).elements():
            if types_viewed[t] > 0:
                types_viewed[t] -= 1
                tags.add("moved")
            else:
                tags.add("missing")
    if guessed - hidden:
        types_true = collections.Counter(t for t, _, _ in (hidden - guessed).elements())
        if sum(1 for t, _, _ in (guessed - hidden).elements() if types_true[t] <= 0):
            tags.add("phantom")
    king = primary_square(game.pieces(me), me)
    if king and any(max(abs(s[0] - king[0]), abs(s[1] - king[1])) <= NEAR
                    for _, s, _ in hidden.elements()):
        tags.add("near")
    def reserves(g):
        return sorted((tuple(r["square"]), r["type"], bool(r.get("armed")))
                      for r in g.reserves() if r["color"] == enemy and not r.get("entered"))
    if reserves(view) != reserves(game):
        tags.add("reserves")
    if not hidden and not (hidden - guessed) and not tags:
        return ["none hidden"]
    return sorted(tags) or ["exact"]


def judge(path, nodes, every, done, only=None, params=SearchParams()):
    game = Game.load(path)
    texts = game.actions()
    ply_at_turn_start = [0] + [i + 1 for i, t in enumerate(texts) if t == "END"]
    name = os.path.basename(path)
    fair = AI(seconds=None, nodes=nodes, fair=True, params=params)
    omni = AI(seconds=None, nodes=nodes, fair=False)
    for n, ply in enumerate(ply_at_turn_start[:-1]):
        if n % every or (name, ply) in done:
            continue
        game.goto(ply)
        if game.result is not None:
            break
        me = game.to_move
        view = fair.view(game)
        tags = view_errors(game, view, me)
        if tags == ["none hidden"] or (only and only not in tags):
            continue
        fair.set_plan([], game)  # each decision searched afresh
        omni.set_plan([], game)
        a_fair = fair.choose_action(game)
        a_omni = omni.choose_action(game)
        row = {"save": name, "ply": ply, "side": me, "tags": tags, "fair": str(a_fair),
               "omniscient": str(a_omni), "regret": 0}
        if a_fair != a_omni:
            row["regret"] = regret(game, a_omni, nodes) - regret(game, a_fair, nodes)
        yield row


def summary(rows):
    by = collections.defaultdict(list)
    for r in rows:
        for tag in r["tags"] + ["all"]:
            by[tag].append(r)
    print(f"{'tag':<12}{'decisions':>10}{'changed':>9}{'mean regret':>13}{'big (>300)':>11}")
    for tag, rs in sorted(by.items()):
        changed = sum(r["fair"] != r["omniscient"] for r in rs)
        # a win score swamps the mean: clip each regret at a queen and a half
        mean = sum(max(min(r["regret"], 1500), -1500) for r in rs) / len(rs)
        big = sum(r["regret"] > 300 for r in rs)
        print(f"{tag:<12}{len(rs):>10}{changed:>9}{mean:>13.1f}{big:>11}")


def _value(current, text):
    """`text` as a value of `current`'s type ("False" is False)."""
    if isinstance(current, bool):
        if text not in ("True", "False"):
            raise SystemExit(f"expected True or False, got {text}")
        return text == "True"
    return type(current)(text)


def main(folder, out, nodes="40000", every="1", *settings):
    only = None
    params = SearchParams()
    for setting in settings:
        name, _, value = setting.partition("=")
        if name == "only":
            only = value
        else:
            params = dataclasses.replace(params, **{name: _value(getattr(params, name), value)})
    done = set()
    rows = []
    if os.path.exists(out):
        with open(out) as f:
            rows = [json.loads(line) for line in f]
        done = {(r["save"], r["ply"]) for r in rows}
    try:
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".json"):
                continue
            for row in judge(os.path.join(folder, name), int(nodes), int(every), done, only,
                             params):
                rows.append(row)
                with open(out, "a") as f:
                    f.write(json.dumps(row) + "\n")
            print(name, len(rows), flush=True)
    except KeyboardInterrupt:
        print("stopped; run again to resume")
    summary(rows)


if __name__ == "__main__":
    main(*sys.argv[1:])
