"""Train a masked policy for Black against a random White, and report its score against random
before and after (win 1, draw 1/2, loss 0).

    python examples/train_masked_policy.py [--minutes 3] [--games 40] [--max-turns 60]

Needs the extra `rl` (`pip install '.[rl]'`); numpy only, no deep-learning library. The policy
is linear over a few features of each legal action (its kind, the enemy pieces seen or last seen
on the square it goes to or aims at, how far it advances), a softmax over the legal ids only
(the mask's non-zero places, read from the environment rather than scanned in the 5.9 M mask); REINFORCE trains it on the game's result plus a small reward for
each enemy piece taken and a small penalty for each own piece lost, both read from the planes
(what Black may know, docs/RL.md)."""
from __future__ import annotations

import argparse
import time

import numpy as np

from wec.game.planes import channel_slices
from wec.openspiel import CODEC, action_id
from wec.rl import SingleAgentEnv

KINDS = [kind for kind, _ in CODEC]
BASES = np.array([action_id(kind, **{name: 0 for name, _ in spec}) for kind, spec in CODEC])
GROUPS = channel_slices()
N_FEATURES = len(KINDS) + 3
MATERIAL = 0.1  # the shaped reward of a piece taken or lost


def fields(ids: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The codec's kind index, piece square and aimed-at square of each id (-1: none),
    decoded with numpy (wec.openspiel.describe does one id)."""
    kind = np.searchsorted(BASES, ids, side="right") - 1
    square, to = np.full(len(ids), -1), np.full(len(ids), -1)
    for k, (_, spec) in enumerate(CODEC):
        here = kind == k
        if not here.any():
            continue
        value = ids[here] - BASES[k]
        got = {}
        for name, radix in reversed(spec):
            value, got[name] = np.divmod(value, radix)
        if "square" in got:
            square[here] = got["square"]
        for name in ("dest_square", "target_square"):
            if name in got:
                to[here] = got[name]
    return kind, square, to


def features(ids: np.ndarray, planes: np.ndarray) -> np.ndarray:
    """One row per legal id: kind one-hot, enemy pieces seen and ghosts on the square it goes
    to or aims at, how far it advances (Black advances towards row 1)."""
    enemy = planes[GROUPS["enemy_pieces"]].sum(axis=0).ravel()
    ghosts = planes[GROUPS["ghosts"]].sum(axis=0).ravel()
    kind, square, to = fields(ids)
    out = np.zeros((len(ids), N_FEATURES))
    out[np.arange(len(ids)), kind] = 1.0
    aims = to >= 0
    out[aims, -3], out[aims, -2] = enemy[to[aims]], ghosts[to[aims]]
    moves = aims & (square >= 0)
    out[moves, -1] = (square[moves] // 10 - to[moves] // 10) / 9
    return out


def material(planes: np.ndarray) -> float:
    """Own pieces minus the enemy pieces seen or last seen."""
    return float(planes[GROUPS["own_pieces"]].sum() - planes[GROUPS["enemy_pieces"]].sum()
                 - planes[GROUPS["ghosts"]].sum())


def choose(theta: np.ndarray, env: SingleAgentEnv, obs: dict, rng: np.random.Generator
           ) -> tuple[int, np.ndarray, np.ndarray]:
    ids = np.array(env.aec.legal_actions())  # the mask's non-zero places, without a scan
    phi = features(ids, obs["observation"])
    logits = phi @ theta
    p = np.exp(logits - logits.max())
    p /= p.sum()
    k = rng.choice(len(ids), p=p)
    return int(ids[k]), phi[k] - p @ phi, p  # the id, the gradient of log pi


def play(env: SingleAgentEnv, theta: np.ndarray, rng: np.random.Generator, seed: int,
         learn: float = 0.0) -> float:
    """One game; its score for Black. With `learn` > 0, a REINFORCE update of theta."""
    obs, _ = env.reset(seed=seed)
    grads, rewards = [], []
    before = material(obs["observation"])
    while True:
        action, grad, _ = choose(theta, env, obs, rng)
        obs, reward, terminated, truncated, _ = env.step(action)
        after = material(obs["observation"])
        grads.append(grad)
        rewards.append(reward + MATERIAL * (after - before))
        before = after
        if terminated or truncated:
            break
    if learn:
        returns = np.cumsum(rewards[::-1])[::-1]
        returns = returns - returns.mean()
        theta += learn * (np.array(grads) * returns[:, None]).sum(axis=0)
    return 0.5 + reward / 2


def score(env: SingleAgentEnv, theta: np.ndarray, games: int, seed: int) -> float:
    rng = np.random.default_rng(seed)
    return float(np.mean([play(env, theta, rng, seed + g) for g in range(games)]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--games", type=int, default=40, help="games of each evaluation")
    parser.add_argument("--max-turns", type=int, default=60)
    parser.add_argument("--learning-rate", type=float, default=0.02)
    args = parser.parse_args()
    env = SingleAgentEnv(side="black", opponent="random", max_turns=args.max_turns)
    theta = np.zeros(N_FEATURES)
    print(f"score against random before training: {score(env, theta, args.games, 10**6):.3f} "
          f"({args.games} games)")
    rng, games, start = np.random.default_rng(0), 0, time.monotonic()
    while time.monotonic() - start < args.minutes * 60:
        play(env, theta, rng, seed=games, learn=args.learning_rate)
        games += 1
    print(f"trained on {games} games in {args.minutes:g} min; weights: "
          + ", ".join(f"{n}={w:+.2f}" for n, w in
                      zip(KINDS + ["enemy_there", "ghost_there", "advance"], theta)))
    print(f"score against random after training: {score(env, theta, args.games, 10**6):.3f} "
          f"({args.games} games)")


if __name__ == "__main__":
    main()
