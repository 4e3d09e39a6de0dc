"""A determinizing search bot on the engine's own API: it sees only its PlayerView, and
for each legal action plays random games from states sampled from what it knows."""

import random

import mitosz_core as mc


class DeterminizingBot:
    """Scores each legal action by the mean result of ``rollouts`` random games, each
    from a fresh determinization of the bot's information state."""

    def __init__(self, seed: int, rollouts: int = 2, horizon: int = 200) -> None:
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self.horizon = horizon

    def choose(self, view: mc.PlayerView) -> mc.Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        scores = []
        for action in legal:
            total = 0.0
            for _ in range(self.rollouts):
                state = mc.apply(view.sample(self.rng), action)
                for _ in range(self.horizon):
                    if state.is_over:
                        break
                    state = mc.apply(state, self.rng.choice(mc.legal_actions(state)))
                total += mc.returns(state)[view.player]
            scores.append(total)
        return legal[scores.index(max(scores))]


state = mc.new_game("mythos", seed=3)
bots = [DeterminizingBot(seed=1), DeterminizingBot(seed=2)]
for _ in range(4):  # the first decisions of a game
    state = mc.apply(state, bots[state.to_act or 0].choose(mc.view(state)))
print("turn", state.turn, "after", len(state.history), "decisions")
