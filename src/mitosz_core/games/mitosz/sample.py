"""Determinization for Mítosz: a state ``player`` may be in, hidden cards redrawn.

What a player can identify: every card on the board, in an underworld or oblivion, in
a fight, on the pending stack, going to the underworld, lingering; their own hand; the
opening reveals, the latest reveal (1.3.3, 1.4.3), their own latest peek (4.2.3) and
the options of a choice they make. The deck lists are known (they are the game's
configuration). Everything else, the cards in decks and in the other players' hands, is
hidden: for each owner, the printed cards of their hidden ids are dealt out anew among
those ids (:func:`~mitosz_core.kernel.sampling.redraw_instances`), so the deck order,
and so the next draws, and the opponents' hands are redrawn; and the game's generator is
replaced by one drawn from the caller's. The history is kept: it names card ids, which
are the same in the sample, and it never says which printed card a hidden id is.

A card the player saw that went back into a hidden zone (a card returned to a hand) is
not remembered: its identity is redrawn like the rest.

Whose decision it is can tell something about a hidden hand too: a player is asked to
answer a deed only if they hold something that could answer it (6.1.4, 6.5.1; the
others are passed over). So a sample must be a state the engine could rest in, which
``resting`` tells: the redraw is repeated (up to :data:`TRIES` times, each from
``rng``) until it is, which draws from the hidden cards conditioned on what the player
saw; if none is, the hidden cards of one owner are exchanged two at a time, in an order
drawn from ``rng``, until the state rests. Either way the sample depends only on what
the player knows and on ``rng``. What earlier decisions told (a player passed over
before) is not conditioned on: it need not hold any more.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from mitosz_core.errors import MitoszError
from mitosz_core.games.mitosz.rules import S
from mitosz_core.kernel.sampling import fresh_generator, redraw_instances
from mitosz_core.kernel.values import replace


def known_to(s: S, player: int) -> set[int]:
    """The card ids in hidden zones whose printed card ``player`` knows."""
    game = s.game
    known: set[int] = set(game.players[player].hand)
    for reveals in game.opening_reveals:
        known.update(reveals)
    known.update(game.revealed)
    if game.peeked is not None and game.peeked[0] == player:
        known.add(game.peeked[1])
    if game.choice is not None and game.choice.player == player:
        known.update(game.choice.options)
    return known


def hidden_from(s: S, player: int) -> list[list[int]]:
    """For each owner, the card ids ``player`` cannot identify (decks and other hands)."""
    game = s.game
    known = known_to(s, player)
    groups: list[list[int]] = [[] for _ in game.players]
    for index, p in enumerate(game.players):
        zones = p.deck if index == player else (*p.deck, *p.hand)
        for card in zones:
            if card not in known:
                groups[game.owner(card)].append(card)
    return groups


TRIES = 16
"""Redraws tried before exchanging hidden cards two at a time (see the module)."""


def sample_state(s: S, player: int, rng: random.Random, resting: Callable[[S], bool]) -> S:
    """A full state consistent with what ``player`` has seen, in which the engine could
    rest (see the module)."""
    game = s.game
    groups = hidden_from(s, player)
    sample = s
    for _ in range(TRIES):
        instances = redraw_instances(game.instances, groups, rng)
        sample = s.evolve(game=replace(game, instances=instances), rng=fresh_generator(rng))
        if resting(sample):
            return sample
    pairs = [pair for group in groups for pair in combinations(sorted(group), 2)]
    rng.shuffle(pairs)
    drawn = list(sample.game.instances)
    for a, b in pairs:
        if drawn[a] == drawn[b]:
            continue
        exchanged = list(drawn)
        exchanged[a], exchanged[b] = drawn[b], drawn[a]
        found = sample.evolve(game=replace(sample.game, instances=tuple(exchanged)))
        if resting(found):
            return found
    raise MitoszError(f"no state consistent with what player {player} has seen rests")
