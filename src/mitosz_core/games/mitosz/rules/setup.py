"""Setting up a game (*a játék kezdete*, 6.1).

Each player's high god goes on the board with full spheres (3.1); every other card of the
deck is shuffled (1.3.1). Each player reveals the top card of their deck: the lowest card
number starts and the rest follow in ascending order; tied players reveal again among
themselves until the order is settled (6.1.1). The decks are shuffled again and everyone
draws up to hand size (6.1.2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mitosz_core.errors import DeckError
from mitosz_core.games.mitosz.cards import CardDef, CardType
from mitosz_core.games.mitosz.machine import MACHINE
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.continuous import HAND_SIZE
from mitosz_core.games.mitosz.state import Board, CardId, Game, Instance, Player, Realm, Turn
from mitosz_core.kernel.rng import Rng
from mitosz_core.kernel.state import GameConfig, State


def build_game(config: GameConfig, pool: Mapping[str, CardDef]) -> tuple[Game, Rng]:
    """The game before its first turn, and the generator after the set-up shuffles."""
    keys = sorted({e.card for deck in config.decks for e in deck.entries})
    for deck in config.decks:
        for e in deck.entries:
            if e.card not in pool:
                raise DeckError(deck.name, f"unknown card {e.card!r}")
    cards = tuple(pool[k] for k in keys)
    index = {k: i for i, k in enumerate(keys)}
    instances: list[Instance] = []
    gods: list[CardId] = []
    decks: list[list[CardId]] = []
    for owner, deck in enumerate(config.decks):
        own: list[CardId] = []
        god: CardId | None = None
        for entry in deck.entries:
            for _ in range(entry.count):
                cid = len(instances)
                instances.append(Instance(index[entry.card], owner))
                if pool[entry.card].type is CardType.HIGH_GOD:
                    god = cid
                else:
                    own.append(cid)
        if god is None:
            raise DeckError(deck.name, "no high god", "1.3.1")
        gods.append(god)
        decks.append(own)
    rng = Rng.from_seed(config.seed)
    shuffled: list[tuple[CardId, ...]] = []
    for own in decks:
        deck_order, rng = rng.shuffled(own)
        shuffled.append(deck_order)
    number = [cards[i.card].card_number for i in instances]
    order, reveals, rng = _turn_order(list(range(config.players)), shuffled, number, rng)
    players = []
    for owner in range(config.players):
        deck_order, rng = rng.shuffled(shuffled[owner])
        god_card = cards[instances[gods[owner]].card]
        players.append(
            Player(
                realm=Realm(high_god=gods[owner]),
                spheres=god_card.spheres,
                deck=deck_order[HAND_SIZE:],
                hand=deck_order[:HAND_SIZE],
            )
        )
    game = Game(
        cards=cards,
        instances=tuple(instances),
        players=tuple(players),
        order=tuple(order),
        this_turn=Turn(active=order[0]),
        opening_reveals=tuple(tuple(r) for r in reveals),
        board=Board(),
    )
    return game, rng


def _turn_order(
    group: list[int],
    decks: Sequence[tuple[CardId, ...]],
    number: Sequence[int],
    rng: Rng,
    depth: int = 0,
    reveals: list[list[CardId]] | None = None,
) -> tuple[list[int], list[list[CardId]], Rng]:
    """6.1.1: order ``group`` by revealed card numbers; ties reveal again among the tied."""
    if reveals is None:
        reveals = [[] for _ in decks]
    if len(group) == 1:
        return group, reveals, rng
    keyed: dict[int, list[int]] = {}
    for player in group:
        deck = decks[player]
        if depth < len(deck):
            card = deck[depth]
            reveals[player].append(card)
            value = number[card]
        else:  # a deck too short to break the tie: draw lots from the seed
            value, rng = rng.below(10)
        keyed.setdefault(value, []).append(player)
    order: list[int] = []
    for value in sorted(keyed):
        tied = keyed[value]
        if len(tied) == 1:
            order.extend(tied)
        else:
            sub, reveals, rng = _turn_order(tied, decks, number, rng, depth + 1, reveals)
            order.extend(sub)
    return order, reveals, rng


def initial_state(config: GameConfig, pool: Mapping[str, CardDef]) -> S:
    game, rng = build_game(config, pool)
    return State(
        ruleset="mitosz",
        config=config,
        phase=MACHINE.initial,
        to_act=None,
        turn=1,
        winner=None,
        is_over=False,
        rng=rng,
        game=game,
    )
