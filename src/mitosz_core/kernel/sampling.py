"""Determinization, the game-free part: redraw which printed card each hidden card is.

A ruleset's cards are *instances*: a card id, the printed card it is, and its owner. To
sample a state a player may be in, the ruleset says which card ids that player cannot
identify (:func:`redraw_instances`): every such id keeps its place in the game (a card
in a hand stays in that hand slot, the deck keeps its size), but the printed cards of a
group of them are dealt out anew, at random from the caller's generator. The groups are
those whose contents the player knows as a whole (say, one owner's hand and deck
together: their deck list minus what has been seen), so the sample depends only on the
ids' places, on that multiset and on the generator.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

from mitosz_core.kernel.rng import SEEDS, Rng

T = TypeVar("T")


def redraw_instances(
    instances: Sequence[T], groups: Iterable[Iterable[int]], rng: random.Random
) -> tuple[T, ...]:
    """``instances`` with the entries of each group of ids dealt out anew: the entries
    of a group are sorted by their text (so their order in ``instances`` does not
    matter), shuffled with ``rng`` and given to the group's ids in ascending order."""
    out = list(instances)
    for group in groups:
        ids = sorted(set(group))
        entries = sorted((instances[i] for i in ids), key=repr)
        rng.shuffle(entries)
        for card_id, entry in zip(ids, entries, strict=True):
            out[card_id] = entry
    return tuple(out)


def fresh_generator(rng: random.Random) -> Rng:
    """A game generator drawn from ``rng``: the sample's future shuffles and reveals."""
    return Rng(rng.randrange(SEEDS))
