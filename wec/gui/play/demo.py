"""Demonstration games for screenshots, tests and the paint benchmark."""
from __future__ import annotations

import random

import wec


def busy_game(seed: int = 2, turns: int = 20) -> wec.Game:
    """A mid-game with much on the board: random play from the standard set-up that prefers
    Fires, Pickups and Reinforces, so there are projectiles, stunned pieces, weapons cooling
    down, carried articles and reserves on the board."""
    rng = random.Random(seed)
    game = wec.Game.new()
    while game.turn <= turns and game.result is None:
        legal = game.legal_actions()
        by_kind: dict[str, list[wec.Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        for kind, chance in (("fire", 0.7), ("pickup", 0.6), ("reinforce", 0.5),
                             ("exchange", 0.2)):
            if by_kind.get(kind) and rng.random() < chance:
                game.apply(rng.choice(by_kind[kind]))
                break
        else:
            if by_kind.get("end") and rng.random() < 0.5:
                game.apply(by_kind["end"][0])
            elif by_kind.get("move") or by_kind.get("doze"):
                game.apply(rng.choice(by_kind.get("move", []) + by_kind.get("doze", [])))
            else:
                game.apply(rng.choice(legal))
    return game
