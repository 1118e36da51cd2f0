"""Weapon Chess for one learning agent against a fixed opponent: a Gymnasium environment over
the PettingZoo one (`wec.rl.aec.WecEnv`), with `action_masks()` for masked policies such as
sb3-contrib's MaskablePPO."""
from __future__ import annotations

from typing import Any, Protocol

import gymnasium
import numpy as np

from wec.ai.player import AI, GreedyPlayer, RandomPlayer
from wec.game.action import Action
from wec.game.game import Game
from wec.openspiel import encode
from wec.rl.aec import AGENTS, WecEnv


class Player(Protocol):
    """A player that reads the facade game (wec.ai's players)."""

    def choose_action(self, game: Game) -> Action: ...


def make_opponent(name: str, seed: int | None = 0) -> Player | None:
    """"random" (None: drawn from the legal ids by the environment's generator, the fastest),
    "random-player", "greedy", or "ai" / "ai:LEVEL" (wec.AI, 0.1 s a turn)."""
    if name == "random":
        return None
    if name == "random-player":
        return RandomPlayer(seed=seed)
    if name == "greedy":
        return GreedyPlayer(seed=seed)
    if name == "ai" or name.startswith("ai:"):
        level = int(name[3:]) if name.startswith("ai:") else 1
        return AI(level=level, seconds=0.1, seed=seed)
    raise ValueError(f"unknown opponent {name!r}: random, random-player, greedy, ai[:LEVEL]")


class SingleAgentEnv(gymnasium.Env):
    """One side of Weapon Chess (``side``, "black" or "white") against ``opponent`` (a name of
    `make_opponent` or a player object); the other keyword options are `WecEnv`'s. The
    observation, the action ids and the rewards are the agent's in the PettingZoo environment
    (an illegal action loses the game); the opponent's actions are played inside `step`."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, side: str = "black", opponent: str | Player = "random",
                 **options: Any) -> None:
        if side not in AGENTS:
            raise ValueError(f"side must be one of {AGENTS}, got {side!r}")
        self.side = side
        self.opponent = make_opponent(opponent) if isinstance(opponent, str) else opponent
        self.aec = WecEnv(record=self.opponent is not None, **options)
        self.render_mode = self.aec.render_mode
        self.observation_space = self.aec.observation_space(side)
        self.action_space = self.aec.action_space(side)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game (`options` as `WecEnv.reset`'s), played up to the agent's first action:
        its observation and an empty info."""
        super().reset(seed=seed)
        self.aec.reset(seed=seed, options=options)
        self._opponent_plays()
        return self._observation(), {}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                         dict[str, Any]]:
        """The agent's action, then the opponent's up to the agent's next one: the agent's
        observation, its reward, whether the game ended (terminated) or reached its turn cap
        (truncated), and an empty info."""
        self.aec.step(action)
        reward = self.aec.rewards[self.side]
        reward += self._opponent_plays()
        terminated = self.aec.terminations[self.side]
        truncated = self.aec.truncations[self.side] and not terminated  # by the turn cap only
        return self._observation(), reward, terminated, truncated, {}

    def _observation(self) -> dict[str, np.ndarray]:
        """The agent's observation in arrays of its own (Gymnasium's rule: the PettingZoo
        environment rewrites one mask). The mask is made anew from the legal ids: a fresh
        zeroed array is untouched memory but where they are written, a third of the time of
        copying the 5.9 MB."""
        obs = self.aec.observe(self.side)
        mask = np.zeros(obs["action_mask"].shape, obs["action_mask"].dtype)
        mask[self.legal_actions()] = 1
        return {"observation": obs["observation"], "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent as booleans (MaskablePPO's convention)."""
        return self.aec.observe(self.side)["action_mask"].astype(bool)

    def legal_actions(self) -> list[int]:
        """The ids of the agent's legal actions (the mask's non-zero places), sorted: a learner
        that scores the legal ids reads them here rather than scanning the 5.9 M mask."""
        return self.aec.legal_actions(self.side)

    def render(self) -> str | None:
        """("ansi") The board as the side to act sees it."""
        return self.aec.render()

    def _over(self) -> bool:
        return self.aec.terminations[self.side] or self.aec.truncations[self.side]

    def _opponent_plays(self) -> float:
        """The opponent's actions until the agent is to act or the game is over; the agent's
        reward from them."""
        reward = 0.0
        while not self._over() and self.aec.agent_selection != self.side:
            if self.opponent is None:
                action = int(self.np_random.choice(self.aec.legal_actions()))
            else:
                choice = self.opponent.choose_action(self.aec.facade_game())
                action = encode(self.aec.game, str(choice))
            self.aec.step(action)
            reward += self.aec.rewards[self.side]
        return reward
