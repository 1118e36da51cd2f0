"""The PettingZoo AEC environment of Weapon Chess (docs/RL.md).

Agents "black" and "white" (Black moves first, R1.4). One step is one action of the side to move
(End Turn included), numbered by the OpenSpiel binding's codec (`wec.openspiel`): a turn of
several actions keeps the same agent until its End Turn. The observation of an agent is
``{"observation": planes, "action_mask": mask}``: the planes (`wec.game.planes.SHAPE`) come from
its own view only; the mask (int8, `NUM_DISTINCT_ACTIONS` long) is 1 at the ids of its legal
actions, all 0 when it is not to act. Rewards are +1 / -1 at the end (R11), 0 for a draw or when
the turn cap ``max_turns`` is over (a truncation). An illegal action ends the game with -1 for its
agent (PettingZoo's TerminateIllegalWrapper, as in its classic games).
"""
from __future__ import annotations

import warnings
from typing import Any

import numpy as np

try:
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError("wec.rl needs PettingZoo and Gymnasium: pip install 'wec[rl]'") from e

from wec.game.game import Game
from wec.game.planes import SHAPE, Views
from wec.game.textview import render
from wec.openspiel import NUM_DISTINCT_ACTIONS, legal_ids
from wec.rules import scenarios

AGENTS = ("black", "white")
_NO_IDS = np.zeros(0, np.int64)


def env(**options: Any) -> AECEnv:
    """The environment with PettingZoo's OrderEnforcingWrapper (the AEC order is enforced);
    `options` as `WecEnv`. (The other wrappers of PettingZoo's classic games are built in:
    an action outside the space is refused, an illegal one loses as TerminateIllegalWrapper
    makes it; each wrapper would cost a tenth of the step's time.)"""
    return wrappers.OrderEnforcingWrapper(raw_env(**options))


def raw_env(**options: Any) -> "WecEnv":
    """The bare environment (no wrapper)."""
    return WecEnv(**options)


class WecEnv(AECEnv):
    """Weapon Chess as a PettingZoo AECEnv.

    Options (the constructor's, or ``reset(options=...)``'s for the next games): ``scenario``
    (a name of `wec.rules.scenarios`, default "standard"), ``position`` (a position dict,
    docs/FORMATS.md, instead of a scenario), ``game_options`` (a dict of game options,
    docs/FORMATS.md, put over the position's), ``max_turns`` (default 200),
    ``render_mode`` ("ansi" or None), ``record`` (keep the facade game with its record too,
    `facade_game()`: for a player that reads it, such as `wec.AI`; it costs a facade action
    per step).

    The action mask of an agent is one array rewritten at each of its observations: copy it to
    keep it (it is 5.9 MB, and an observation is made at every step)."""

    metadata = {"render_modes": ["ansi"], "name": "weapon_chess_v0", "is_parallelizable": False}

    def __init__(self, scenario: str = "standard", position: dict[str, Any] | None = None,
                 game_options: dict[str, Any] | None = None, max_turns: int = 200,
                 render_mode: str | None = None, record: bool = False) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.record = record or render_mode == "ansi"
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.action_spaces = {a: spaces.Discrete(NUM_DISTINCT_ACTIONS) for a in AGENTS}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, SHAPE, np.float32),
            "action_mask": spaces.Box(0, 1, (NUM_DISTINCT_ACTIONS,), np.int8)}) for a in AGENTS}
        self.state_space = spaces.Box(0.0, np.inf, (2 * SHAPE[0], *SHAPE[1:]), np.float32)
        self._masks = {a: np.zeros(NUM_DISTINCT_ACTIONS, np.int8) for a in AGENTS}
        self._mask_ids: dict[str, np.ndarray] = {a: _NO_IDS for a in AGENTS}
        self._setup: dict[str, Any] = {"scenario": scenario, "position": position,
                                       "game_options": game_options, "max_turns": max_turns}
        self._initial: Game | None = None
        self.reset()

    # --- the game -------------------------------------------------------------------------------

    def _start(self, options: dict[str, Any] | None) -> None:
        if options:
            unknown = sorted(set(options) - set(self._setup))
            if unknown:
                warnings.warn(f"wec.rl: options {unknown} ignored (known: {sorted(self._setup)})")
            known = {k: v for k, v in options.items() if k in self._setup}
            if known:
                self._setup.update(known)
                self._initial = None
        if self._initial is None:
            setup = self._setup
            pos: dict[str, Any] = setup["position"] or scenarios.load(str(setup["scenario"]))
            if setup["game_options"]:
                pos = {**pos, "options": {**pos.get("options", {}), **setup["game_options"]}}
            self._initial = Game.from_position(pos)
        self.max_turns = int(self._setup["max_turns"])
        self.game = self._initial.clone()
        self.views = Views(self.game._engine, self.max_turns)
        self._full: Game | None = self.game.clone() if self.record else None
        self._legal: tuple[int, dict[int, Any], np.ndarray] | None = None
        self._ply = 0

    def _ids(self) -> dict[int, Any]:
        """The legal actions of the side to move by id (listed once per step)."""
        return self._listed()[1]

    def _listed(self) -> tuple[int, dict[int, Any], np.ndarray]:
        """(ply, the legal actions by id, their ids as an array), listed once per step."""
        if self._legal is None or self._legal[0] != self._ply:
            ids = legal_ids(self.game)
            self._legal = (self._ply, ids, np.fromiter(ids, np.int64, len(ids)))
        return self._legal

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` seeds the generator and the spaces, `options` (the constructor's
        scenario, position, game_options, max_turns) set up this game and the next ones."""
        if seed is not None:
            self.np_random, self.np_random_seed = _seeded(seed)
            for i, agent in enumerate(AGENTS):
                self.action_spaces[agent].seed(seed + i)
                self.observation_spaces[agent].seed(seed + i)
        self._start(options)
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.game._engine.side]
        self._ended_now = False

    def step(self, action: Any) -> None:
        """The agent to act plays the action with this id (None once its game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if not 0 <= action < NUM_DISTINCT_ACTIONS or action != int(action):
            raise ValueError(f"action {action!r} is outside Discrete({NUM_DISTINCT_ACTIONS})")
        raw = self._ids().get(int(action))
        if raw is None:
            self._lose_by_illegal_action(agent)
            return
        self._cumulative_rewards[agent] = 0.0
        engine = self.game._engine
        if self._full is not None:
            self._full.apply(self.game._to_action(raw))
        engine.apply(raw)
        self.views.update(engine)
        self._ply += 1
        self.rewards = {a: 0.0 for a in AGENTS}
        if engine.result != -1:
            if engine.result in (0, 1):
                winner = AGENTS[engine.result]
                self.rewards = {a: 1.0 if a == winner else -1.0 for a in AGENTS}
            self.terminations = {a: True for a in AGENTS}
        elif engine.turn > self.max_turns:
            self.truncations = {a: True for a in AGENTS}
        self.agent_selection = AGENTS[engine.side]
        self._accumulate_rewards()

    def _lose_by_illegal_action(self, agent: str) -> None:
        """PettingZoo's TerminateIllegalWrapper convention: the game ends, -1 to the agent,
        0 to the other."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = -1.0
        self._accumulate_rewards()
        self._deads_step_first()

    # --- what the agents see --------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's planes (a new array) and its action mask (its one array, rewritten)."""
        side = AGENTS.index(agent)
        engine = self.game._engine
        mask, before = self._masks[agent], self._mask_ids[agent]
        if len(before):
            mask[before] = 0
        acts = agent == self.agent_selection and not (
            self.terminations[agent] or self.truncations[agent])
        ids = self._listed()[2] if acts else _NO_IDS
        mask[ids] = 1
        self._mask_ids[agent] = ids
        return {"observation": self.views.planes(engine, side), "action_mask": mask}

    def state(self) -> np.ndarray:
        """The true state (Black's seat, then White's; every piece of both sides): for a
        centralised critic only."""
        engine = self.game._engine
        return np.concatenate([self.views.true_planes(engine, 0),
                               self.views.true_planes(engine, 1)])

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def legal_actions(self, agent: str | None = None) -> list[int]:
        """The ids of the agent's legal actions (the mask's non-zero places), sorted."""
        if (agent or self.agent_selection) != self.agent_selection or \
                self.terminations[self.agent_selection] or \
                self.truncations[self.agent_selection]:
            return []
        return sorted(self._ids())

    def facade_game(self) -> Game:
        """The game with its record, in step with the environment (made with ``record=True``
        or ``render_mode="ansi"``): what a `wec.AI` or a `wec.game` reader needs."""
        if self._full is None:
            raise ValueError("facade_game() needs WecEnv(record=True)")
        return self._full

    def render(self) -> str | None:
        """("ansi") The board as the agent to act sees it (its observation, R10.6)."""
        if self.render_mode is None:
            return None
        assert self._full is not None
        return render(self._full.observation(self.agent_selection))

    def close(self) -> None:
        pass


def _seeded(seed: int) -> tuple[np.random.Generator, int]:
    generator, used = seeding.np_random(seed)
    return generator, int(used)
