"""Determinization for MYTHOS: a state ``player`` may be in, hidden cards redrawn.

A player can identify every card in a row (battlefield, infirmary, sanctuary), in a
graveyard and in their own hand; the deck lists are the game's configuration. The
cards in both decks and in the opponent's hand are hidden: for each owner, the printed
cards of their hidden ids are dealt out anew among those ids
(:func:`~mitosz_core.kernel.sampling.redraw_instances`), so the deck order (the next
draws) and the opponent's hand are redrawn, and the game's generator is replaced by one
drawn from the caller's. The history is kept: it names card ids only.
"""

from __future__ import annotations

import random

from mitosz_core.games.mythos.rules import S
from mitosz_core.kernel.sampling import fresh_generator, redraw_instances
from mitosz_core.kernel.values import replace


def hidden_from(s: S, player: int) -> list[list[int]]:
    """For each owner, the card ids ``player`` cannot identify (decks, the other hand)."""
    game = s.game
    groups: list[list[int]] = [[] for _ in game.players]
    for index, p in enumerate(game.players):
        zones = p.deck if index == player else (*p.deck, *p.hand)
        for card in zones:
            groups[game.owner(card)].append(card)
    return groups


def sample_state(s: S, player: int, rng: random.Random) -> S:
    """A full state consistent with what ``player`` has seen (see the module)."""
    game = s.game
    instances = redraw_instances(game.instances, hidden_from(s, player), rng)
    return s.evolve(game=replace(game, instances=instances), rng=fresh_generator(rng))
