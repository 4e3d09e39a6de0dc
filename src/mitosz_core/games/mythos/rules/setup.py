"""Setting up a game (01): 20 life each (01.1), the 64-card decks shuffled (01.2), six
cards in hand (01.3). The rulebook does not say who begins: the seed draws lots
(R-01-start)."""

from __future__ import annotations

from collections.abc import Mapping

from mitosz_core.games.mythos.cards import CardDef
from mitosz_core.games.mythos.machine import MACHINE
from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.effects import STARTING_LIFE
from mitosz_core.games.mythos.rules.hand import OPENING_HAND
from mitosz_core.games.mythos.state import CardId, Game, Instance, Player
from mitosz_core.kernel.rng import Rng
from mitosz_core.kernel.state import GameConfig, State


def initial_state(config: GameConfig, pool: Mapping[str, CardDef]) -> S:
    """The state before the first automatic step; the decks' cards come from ``pool``."""
    keys = sorted({e.card for deck in config.decks for e in deck.entries})
    index = {k: i for i, k in enumerate(keys)}
    instances: list[Instance] = []
    decks: list[list[CardId]] = []
    for owner, deck in enumerate(config.decks):
        own: list[CardId] = []
        for entry in deck.entries:
            for _ in range(entry.count):
                own.append(len(instances))
                instances.append(Instance(index[entry.card], owner))
        decks.append(own)
    rng = Rng.from_seed(config.seed)
    players = []
    for own in decks:
        order, rng = rng.shuffled(own)
        players.append(
            Player(life=STARTING_LIFE, aura=0, deck=order[OPENING_HAND:], hand=order[:OPENING_HAND])
        )
    first, rng = rng.below(config.players)
    game = Game(
        cards=tuple(pool[k] for k in keys),
        instances=tuple(instances),
        players=tuple(players),
        first=first,
        active=first,
    )
    return State(
        ruleset="mythos",
        config=config,
        phase=MACHINE.initial,
        to_act=None,
        turn=1,
        winner=None,
        is_over=False,
        rng=rng,
        game=game,
    )
