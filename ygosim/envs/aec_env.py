"""`duel_aec_env(...)`: a PettingZoo AEC environment of a duel between two agents,
"player_0" (seat 0, player A, deck_a) and "player_1" (seat 1, player B, deck_b). See
docs/envs.md."""
from __future__ import annotations

import numpy as np
from pettingzoo import AECEnv

from gymnasium import spaces

from .common import DuelSetup, Seats, check_render_mode, end_reward, render_text
from .encoding import Encoder

AGENTS = ("player_0", "player_1")


class DuelAECEnv(AECEnv):
    """Two agents take turns as the duel asks them: `agent_selection` is always the player
    the pending decision belongs to (a duel is not alternate-move: one player may decide many
    times in a row). An observation is PettingZoo's classic form {"observation": the arrays of
    ygosim.envs.encoding as one float32 vector (Encoder.flatten; `env.unwrapped.encoder.
    unflatten(v)` gives them back), "action_mask": int8}, made only of what that agent may
    know; its action_mask is all 0 while it is not its decision. Rewards +1/-1 (0 for a draw)
    at the end; all agents are truncated after `max_steps` decisions. An action outside the
    mask is refused: the duel is unchanged, the same agent decides again,
    infos[agent]["illegal_action"] says why."""

    metadata = {"render_modes": ["ansi", "human"], "name": "ygosim_duel_v0",
                "is_parallelizable": False}

    def __init__(self, deck_a="yugi", deck_b="kaiba", rules="v10", max_steps: int = 6000,
                 turn_cap: int = 200, max_cards: int = 160, max_actions: int = 64,
                 max_chain: int = 16, max_history: int = 16, render_mode=None,
                 allow_unscripted: bool = False):
        super().__init__()
        self.render_mode = check_render_mode(render_mode, self.metadata)
        self.encoder = Encoder(max_cards, max_actions, max_chain, max_history)
        self._obs_space = spaces.Dict({
            "observation": self.encoder.flat_space(),
            "action_mask": self.encoder.observation_space()["action_mask"]})
        self._act_space = self.encoder.action_space()
        self.setup = DuelSetup(deck_a, deck_b, rules, 0, turn_cap, allow_unscripted)
        self.max_steps = max_steps
        self.possible_agents = list(AGENTS)
        self.agents = []
        self.duel = None
        self.view = None
        self._rng = np.random.default_rng()
        self.steps = 0

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            for i, a in enumerate(AGENTS):
                self._act_space.seed(seed + i)
        opts = {k: v for k, v in (options or {}).items() if k in ("deck_a", "deck_b", "rules")}
        # (options["duel"]: start from that position, a Duel)
        if "deck_a" in opts:
            opts["deck"] = opts.pop("deck_a")
        if "deck_b" in opts:
            opts["opponent_deck"] = opts.pop("deck_b")
        self.setup.update(opts)
        start = (options or {}).get("duel")
        self.duel = start.clone() if start is not None else \
            self.setup.new_duel(int(self._rng.integers(0, 2 ** 62)), 0)
        self.view = Seats(self.encoder, self.duel)
        self.steps = 0
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[self.duel.pending.player]

    def observe(self, agent):
        seat = AGENTS.index(agent)
        arrays = self.view.observe(seat)
        return {"observation": self.encoder.flatten(arrays), "action_mask": arrays["action_mask"]}

    def action_mask(self, agent=None):
        """The legal actions of `agent` (the agent to act) now, int8."""
        return self.view.mask(AGENTS.index(agent or self.agent_selection))

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        d = self.duel
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.steps += 1
        why, _ = self.view.act(action)
        if why:
            self.infos[agent] = {"illegal_action": why}
        if d.winner is not None:
            for i, a in enumerate(AGENTS):
                self.rewards[a] = end_reward(d, i)
                self.terminations[a] = True
        elif self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        if d.winner is None and not self.truncations[agent]:
            self.agent_selection = AGENTS[d.pending.player]
        self._accumulate_rewards()

    def render(self):
        if self.duel is None or self.render_mode is None:
            return None
        text = render_text(self.duel, AGENTS.index(self.agent_selection))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def duel_aec_env(**kwargs) -> DuelAECEnv:
    """A PettingZoo AEC environment of a duel (keywords: see DuelAECEnv), wrapped in
    PettingZoo's order-enforcing wrapper (it refuses step() before reset() and the like)."""
    from pettingzoo.utils import wrappers
    return wrappers.OrderEnforcingWrapper(DuelAECEnv(**kwargs))
