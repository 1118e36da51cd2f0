"""Weapon Chess for reinforcement learning (`pip install .[rl]`): a PettingZoo AEC environment
whose observations are planes built from each side's view (docs/RL.md).

    import wec.rl
    env = wec.rl.env(scenario="standard", max_turns=200)
"""
from wec.rl.aec import WecEnv, env, raw_env
from wec.rl.single import SingleAgentEnv, make_opponent

__all__ = ["SingleAgentEnv", "WecEnv", "env", "make_opponent", "raw_env"]
