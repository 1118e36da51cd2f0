"""Train a masked policy for Black against a random White, and report its score against random
before and after (win 1, draw 1/2, loss 0, with a Wilson 95 % interval).

    python examples/train_masked_policy.py [--minutes 3] [--train-games N] [--games 200]
        [--greedy-games N] [--max-turns 60] [--weights FILE] [--fresh]

Needs the extra `rl` (`pip install '.[rl]'`); numpy only, no deep-learning library. It plays
through `wec.rl.SingleAgentEnv`, the Gymnasium environment against a fixed opponent. The policy
is a softmax over the legal action ids only (`SingleAgentEnv.legal_actions()`, the mask's
non-zero places), linear in features of each action computed from its fields (`wec.openspiel`'s
codec) and Black's planes alone (docs/RL.md): what a Move or a Fire would capture or hit, friend
or foe, the enemy's primary government piece among them, how a Move changes the distance to it,
the own primary's danger, the article a Pickup takes. REINFORCE trains it with a moving-average
baseline and an entropy bonus, on the game's result plus a small reward for each enemy piece
taken and a small penalty for each own piece lost (both read from the planes). Against random it
goes from 0.50 to about 0.75 - 0.80 in a few hundred games (bench/README.md).

It prints its progress every 50 games; Ctrl-C stops the training cleanly (the weights are saved,
the evaluation follows; Ctrl-C again skips it). The weights are saved to `--weights` (default
train_masked_policy.npz) and a second run goes on from them (`--fresh` starts over).
"""
from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import numpy as np

from wec.game.planes import channel_slices
from wec.openspiel import CODEC, action_id
from wec.rl import SingleAgentEnv
from wec.rules import ARTICLES, DIRECTIONS, PIECE_TYPES

KINDS = [kind for kind, _ in CODEC]
BASES = np.array([action_id(kind, **{name: 0 for name, _ in spec}) for kind, spec in CODEC])
GROUPS = channel_slices()
FIELDS = list(dict.fromkeys(name for _, spec in CODEC for name, _ in spec))
N_TYPES = len(PIECE_TYPES)
PRIMARY = np.array([t.role == "primary" for t in PIECE_TYPES])
# directional Fires by weapon (FL ST CS RL SL TL, R7): the level hit (-1: the firer's), the
# squares reached (flame range 2, stunner 9, conversion the next, projectiles fly on), whether
# only the first square holding a piece is hit
WEAPON_LEVEL = np.array([-1, -1, -1, 0, 1, 2])
WEAPON_REACH = np.array([2, 9, 1, 9, 9, 9])
WEAPON_FIRST_ONLY = np.array([False, True, True, True, True, True])
CONVERSION = 2
STEP = np.array(DIRECTIONS)
IS_WEAPON = np.isin(np.arange(len(ARTICLES)),
                    [ARTICLES.index(a) for a in ("FL", "ST", "CS", "RL", "SL", "TL")])
IS_ANTI = np.isin(np.arange(len(ARTICLES)),
                  [ARTICLES.index(a) for a in ("AFL", "AST", "ACS", "ARL", "ASL", "ATL")])
FEATURES = [f"is_{kind}" for kind in KINDS] + [
    "captures",           # enemy pieces seen or last seen where a Move goes (its level)
    "captures_primary",   # the enemy primary among them: the game is won at End Turn (R11.1)
    "nearer_primary",     # king steps a Move or transport gains towards the enemy primary / 9
    "forward",            # rows a Move advances / 9
    "primary_moves",      # the own primary moves
    "primary_escapes",    # enemy pieces next to the own primary, fewer after its Move
    "lands_near_enemy",   # enemy pieces next to where a Move goes
    "hits_enemy",         # enemy pieces a Fire hits (first in line, or all, by the weapon)
    "hits_enemy_primary",
    "hits_own",           # own pieces it hits (fire hits friend and foe alike, R7.0)
    "hits_own_primary",
    "picks_weapon", "picks_anti",  # a Pickup's article
]
N_FEATURES = len(FEATURES)
MATERIAL = 0.1  # the shaped reward of a piece taken or lost


# --- features of the legal actions, from the agent's planes only ----------------------------------

def decode(ids: np.ndarray) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """The codec's kind index of each id and its fields (-1 where the kind has none), decoded
    with numpy (wec.openspiel.describe does one id)."""
    kind = np.searchsorted(BASES, ids, side="right") - 1
    rows = np.full((len(FIELDS), len(ids)), -1)
    got = dict(zip(FIELDS, rows))
    for k, (_, spec) in enumerate(CODEC):
        here = kind == k
        if not here.any():
            continue
        value = ids[here] - BASES[k]
        for name, radix in reversed(spec):
            value, field = np.divmod(value, radix)
            got[name][here] = field
    return kind, got


def king_steps(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """King distance between squares (row * 10 + col)."""
    return np.maximum(abs(a // 10 - b // 10), abs(a % 10 - b % 10))


class View:
    """What the features read from one side's planes: pieces by level and square, and where
    the primary government pieces stand (the enemy's seen, else last seen)."""

    def __init__(self, planes: np.ndarray) -> None:
        own = planes[GROUPS["own_pieces"]].reshape(N_TYPES, 3, 100)
        seen = planes[GROUPS["enemy_pieces"]].reshape(N_TYPES, 3, 100)
        ghosts = planes[GROUPS["ghosts"]][:N_TYPES].reshape(N_TYPES, 100)
        enemy = seen.sum(axis=0) + planes[GROUPS["ghost_levels"]].reshape(3, 100)
        enemy_primary = seen[PRIMARY].sum(axis=0)
        enemy_primary[0] += ghosts[PRIMARY].sum(axis=0)  # primaries stand on the Ground
        # pieces by [enemy, enemy primary, own, own primary][level, square]
        self.pieces = np.stack([enemy, enemy_primary, own.sum(axis=0), own[PRIMARY].sum(axis=0)])
        self.forward = 1 if planes[GROUPS["turn"]][-1, 0, 0] else -1  # White goes up the rows
        squares = np.flatnonzero(enemy_primary.sum(axis=0))
        self.target = squares if len(squares) else np.array([44])
        around = np.zeros((12, 12))
        around[1:11, 1:11] = enemy.sum(axis=0).reshape(10, 10)
        self.near = np.sum([around[1 + dr:11 + dr, 1 + dc:11 + dc] for dr in (-1, 0, 1)
                            for dc in (-1, 0, 1)], axis=0).ravel()  # on and around a square

    def nearer(self, square: np.ndarray, dest: np.ndarray) -> np.ndarray:
        """King steps gained towards the nearest enemy primary, / 9."""
        def distance(s: np.ndarray) -> np.ndarray:
            return king_steps(s[:, None], self.target[None, :]).min(axis=1)
        return (distance(square) - distance(dest)) / 9

    def fire_hits(self, square: np.ndarray, level: np.ndarray, direction: np.ndarray,
                  weapon: np.ndarray) -> np.ndarray:
        """The pieces [enemy, enemy primary, own, own primary] directional Fires hit: all of
        those on the flame's squares, those of the first square holding any for the others."""
        r, c = square // 10, square % 10
        dr, dc = STEP[direction].T
        reach, first_only = WEAPON_REACH[weapon], WEAPON_FIRST_ONLY[weapon]
        hits, going = np.zeros((len(square), 4)), np.ones(len(square), bool)
        for k in range(max(WEAPON_REACH)):
            r, c = r + dr, c + dc
            going &= (0 <= r) & (r < 10) & (0 <= c) & (c < 10) & (k < reach)
            here = self.pieces[:, level, np.where(going, r * 10 + c, 0)].T * going[:, None]
            hits += here
            going &= ~(first_only & (here[:, 0] + here[:, 2] > 0))
        hits[weapon == CONVERSION, 2:] = 0  # a conversion turns enemies only (R7.5)
        return hits


def features(ids: np.ndarray, planes: np.ndarray) -> np.ndarray:
    """One row of FEATURES per legal id."""
    view = View(planes)
    kind, f = decode(ids)
    out = np.zeros((len(ids), N_FEATURES))
    out[np.arange(len(ids)), kind] = 1.0

    def put(rows: np.ndarray, name: str, values: np.ndarray) -> None:
        out[rows, FEATURES.index(name)] = values

    moves = np.flatnonzero(kind == KINDS.index("move"))
    sq, dest, level = f["square"][moves], f["dest_square"][moves], f["dest_level"][moves]
    put(moves, "captures", view.pieces[0, level, dest])
    put(moves, "captures_primary", view.pieces[1, level, dest])
    put(moves, "nearer_primary", view.nearer(sq, dest))
    put(moves, "forward", view.forward * (dest // 10 - sq // 10) / 9)
    primary = view.pieces[3, f["level"][moves], sq] > 0
    put(moves, "primary_moves", primary)
    put(moves, "primary_escapes", primary * (view.near[sq] - view.near[dest]) / 3)
    put(moves, "lands_near_enemy", view.near[dest] / 3)
    journeys = np.flatnonzero(kind == KINDS.index("transport"))
    put(journeys, "nearer_primary", view.nearer(f["square"][journeys],
                                                f["dest_square"][journeys]))
    fires = np.flatnonzero(kind == KINDS.index("fire"))
    weapon = f["weapon"][fires]
    level = np.where(WEAPON_LEVEL[weapon] < 0, f["level"][fires], WEAPON_LEVEL[weapon])
    hits = view.fire_hits(f["square"][fires], level, f["direction"][fires], weapon)
    for i, name in enumerate(("hits_enemy", "hits_enemy_primary", "hits_own", "hits_own_primary")):
        put(fires, name, hits[:, i])
    aims = np.flatnonzero(kind == KINDS.index("fire_at"))  # at a visible enemy (R7.6, R7.9)
    target, level = f["target_square"][aims], f["weapon"][aims]  # RL SL TL: G A S
    put(aims, "hits_enemy", view.pieces[0, level, target])
    put(aims, "hits_enemy_primary", view.pieces[1, level, target])
    picks = np.flatnonzero(kind == KINDS.index("pickup"))
    put(picks, "picks_weapon", IS_WEAPON[f["article"][picks]])
    put(picks, "picks_anti", IS_ANTI[f["article"][picks]])
    return out


def material(planes: np.ndarray) -> float:
    """Own pieces minus the enemy pieces seen or last seen."""
    return float(planes[GROUPS["own_pieces"]].sum() - planes[GROUPS["enemy_pieces"]].sum()
                 - planes[GROUPS["ghosts"]].sum())


# --- the policy and its training ------------------------------------------------------------------

class Policy:
    """Linear softmax over the legal ids, its Adam state and the baseline; saved to an .npz."""

    def __init__(self) -> None:
        self.theta = np.zeros(N_FEATURES)
        self.adam = np.zeros((2, N_FEATURES))
        self.baseline, self.games = 0.0, 0

    def probabilities(self, phi: np.ndarray) -> np.ndarray:
        logits = phi @ self.theta
        p = np.exp(logits - logits.max())
        return p / p.sum()

    def save(self, path: Path) -> None:
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez(tmp, theta=self.theta, adam=self.adam, baseline=self.baseline,
                 games=self.games, features=np.array(FEATURES))
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> "Policy":
        policy = cls()
        with np.load(path) as saved:
            if list(saved["features"]) != FEATURES:
                raise SystemExit(f"{path} holds weights of other features: remove it or "
                                 "give another --weights")
            policy.theta, policy.adam = saved["theta"], saved["adam"]
            policy.baseline, policy.games = float(saved["baseline"]), int(saved["games"])
        return policy


class Learner:
    """REINFORCE with a moving-average baseline and an entropy bonus, one Adam step a game."""

    def __init__(self, rate: float = 0.03, entropy: float = 0.01, gamma: float = 0.98) -> None:
        self.rate, self.entropy, self.gamma = rate, entropy, gamma
        self.grads: list[np.ndarray] = []
        self.rewards: list[float] = []

    def record(self, phi: np.ndarray, p: np.ndarray, k: int, reward: float) -> None:
        logp = np.log(p + 1e-12)
        entropy = -(p @ logp)
        entropy_grad = -(p * (logp + entropy)) @ phi  # d(entropy)/d(theta)
        self.grads.append(np.stack([phi[k] - p @ phi, entropy_grad]))
        self.rewards.append(reward)

    def update(self, policy: Policy) -> None:
        """One step up the gradient of the game's discounted returns (less the baseline) and
        of the entropy, both averaged over the game's actions."""
        returns, running = np.zeros(len(self.rewards)), 0.0
        for t in range(len(self.rewards) - 1, -1, -1):
            running = self.rewards[t] + self.gamma * running
            returns[t] = running
        grads = np.array(self.grads)
        advantage = returns - policy.baseline
        g = (grads[:, 0] * advantage[:, None]).mean(axis=0) + self.entropy * grads[:, 1].mean(0)
        m = 0.9 * policy.adam[0] + 0.1 * g
        v = 0.999 * policy.adam[1] + 0.001 * g * g
        n = min(policy.games + 1, 10_000)  # Adam's bias correction
        step = self.rate * (m / (1 - 0.9 ** n)) / (np.sqrt(v / (1 - 0.999 ** n)) + 1e-8)
        policy.theta, policy.adam = policy.theta + step, np.stack([m, v])
        policy.baseline = 0.95 * policy.baseline + 0.05 * float(returns.mean())
        policy.games += 1
        self.grads, self.rewards = [], []


def play(env: SingleAgentEnv, policy: Policy, rng: np.random.Generator, seed: int,
         learner: Learner | None = None) -> float:
    """One game; its score for the agent (1, 1/2, 0). With a learner, learns from it."""
    obs, _ = env.reset(seed=seed)
    before = material(obs["observation"])
    while True:
        ids = np.array(env.legal_actions())  # the mask's non-zero places, without a scan
        phi = features(ids, obs["observation"])
        p = policy.probabilities(phi)
        k = int(rng.choice(len(ids), p=p))
        obs, reward, terminated, truncated, _ = env.step(int(ids[k]))
        if learner is not None:
            after = material(obs["observation"])
            learner.record(phi, p, k, reward + MATERIAL * (after - before))
            before = after
        if terminated or truncated:
            break
    if learner is not None:
        learner.update(policy)
    return 0.5 + reward / 2


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95 % interval of a score over n games (draws counted as half a win)."""
    if n == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(env: SingleAgentEnv, policy: Policy, games: int, seed: int = 10**6) -> str:
    """The policy's score over `games` games (fixed seeds, so before and after are alike)."""
    rng = np.random.default_rng(seed)
    scores = [play(env, policy, rng, seed + g) for g in range(games)]
    wins, draws = scores.count(1.0), scores.count(0.5)
    score = float(np.mean(scores)) if games else 0.0
    lo, hi = wilson(score, games)
    return (f"{score:.3f} [{lo:.3f}, {hi:.3f}] over {games} games "
            f"(+{wins} ={draws} -{games - wins - draws})")


def train(env: SingleAgentEnv, policy: Policy, learner: Learner, seconds: float,
          games: int = 0, path: Path | None = None, report: int = 50) -> None:
    """Plays and learns for `seconds` or `games` games (0: no limit), or until Ctrl-C; prints
    the mean score of every `report` games and saves the weights then and at the end."""
    rng = np.random.default_rng(policy.games)
    start, cpu, first, scores = time.monotonic(), time.process_time(), policy.games, []
    try:
        while time.monotonic() - start < seconds and not 0 < games <= policy.games - first:
            scores.append(play(env, policy, rng, seed=policy.games, learner=learner))
            if len(scores) == report:
                print(f"  game {policy.games:6d}  {time.monotonic() - start:5.0f} s "
                      f"(CPU {time.process_time() - cpu:5.0f} s)  "
                      f"score {np.mean(scores):.3f} (last {report})", flush=True)
                scores = []
                if path:
                    policy.save(path)
    except KeyboardInterrupt:
        print("  training stopped (Ctrl-C)")
    if path:
        policy.save(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time")
    parser.add_argument("--train-games", type=int, default=0,
                        help="stop training after so many games (0: after --minutes)")
    parser.add_argument("--games", type=int, default=200, help="games of each evaluation")
    parser.add_argument("--greedy-games", type=int, default=0,
                        help="games of an evaluation against the greedy player too (slow)")
    parser.add_argument("--max-turns", type=int, default=60)
    parser.add_argument("--learning-rate", type=float, default=0.03)
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus")
    parser.add_argument("--weights", type=Path, default=Path("train_masked_policy.npz"),
                        help="where the weights are saved, and read from when there")
    parser.add_argument("--fresh", action="store_true", help="start from zero weights")
    args = parser.parse_args()
    env = SingleAgentEnv(side="black", opponent="random", max_turns=args.max_turns)
    policy = Policy()
    if args.weights.exists() and not args.fresh:
        policy = Policy.load(args.weights)
        print(f"weights from {args.weights} ({policy.games} games trained)")

    def report(when: str) -> None:
        try:
            if args.games:
                print(f"score against random {when}: {evaluate(env, policy, args.games)}",
                      flush=True)
            if args.greedy_games:
                greedy = SingleAgentEnv(side="black", opponent="greedy", max_turns=args.max_turns)
                print(f"score against greedy {when}: "
                      f"{evaluate(greedy, policy, args.greedy_games)}", flush=True)
        except KeyboardInterrupt:
            print("  evaluation stopped (Ctrl-C)")

    report("before training")
    print("training (Ctrl-C stops it; the weights are kept)", flush=True)
    train(env, policy, Learner(args.learning_rate, args.entropy), args.minutes * 60,
          args.train_games, args.weights)
    print(f"trained on {policy.games} games; weights saved to {args.weights}: "
          + ", ".join(f"{n}={w:+.2f}" for n, w in zip(FEATURES, policy.theta)))
    report("after training")


if __name__ == "__main__":
    main()
