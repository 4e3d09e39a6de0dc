"""Games built from the built-in sample pool (issue #4): every keyword shown on a real card.

The ruleset holds every card of the four sample sets plus the test-only filler cards of
:mod:`tests.mitosz.fixtures` (plain peoples and leaders with no text), so a scenario can
put a sample card into play beside neutral cards. Each player's deck holds two copies of
every such card, so the fixture helpers (``to_hand``, ``put_leader`` ...) find them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Attack, DeclareFight, Designate, Pass
from mitosz_core.games.mitosz.carddata import builtin_pool
from mitosz_core.games.mitosz.cards import CardDef, CardType
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.state import FightKind
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig
from mitosz_core.mitosz import Side as PlayerSide
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import to_combat

SAMPLE = builtin_pool()
"""The built-in sample pool (the four mythoi)."""
FILLER = ("Cross", "Line", "Stub", "Corner", "Cheap", "King", "Pricey", "Sword", "Market")
"""Test-only cards without text, used beside the sample cards."""
POOL: dict[str, CardDef] = {**SAMPLE, **{k: fx.POOL[k] for k in FILLER}}
RULESET = MitoszRuleset(pool=POOL)
QUIET_GOD = "Athena (high god)"
"""A high god without maneuvers: the default for the player who only watches."""


def deck(god: str) -> DeckList:
    """A deck with ``god`` and two copies of every other card of :data:`POOL`."""
    others = [k for k, c in POOL.items() if c.type is not CardType.HIGH_GOD]
    entries = [DeckEntry(1, god), *(DeckEntry(2, k) for k in others)]
    return DeckList(god, tuple(entries))


def game(
    god: str, other_god: str | None = None, people: bool = True, **kw: Any
) -> tuple[S, int, int]:
    """The first summoning step of a 2-player game whose starting player has ``god``,
    with every hand emptied: (state, me, other). With ``people``, each player has a
    filler people on the board (room for three leaders, 3.4.2)."""
    if other_god is None:
        other_god = QUIET_GOD if god != QUIET_GOD else "Zeus (high god)"
    decks = (deck(god), deck(other_god))
    for seed in range(200):
        s = fx.pass_windows(RULESET.setup(GameConfig(seed=seed, players=2, decks=decks, **kw)))
        if s.game.card(s.game.players[s.game.active].high_god).key == god:
            s = fx.clear_hands(s)
            me = s.game.active
            if people:
                for player in (0, 1):
                    s, _ = fx.put_people(s, player, "Cross", 10, 10)
            return s, me, 1 - me
    raise AssertionError(f"no seed lets the {god} player start")


NUMBERED = ("King", "Cross", "Line", "Stub", "Corner", "Cheap", "Pricey")
"""A deck of filler cards with the card numbers 2, 3, 4, 5, 6, 8 and 9 (2.9), from the top:
a reveal or a peek (4.2.3) finds the number it needs in it (``with_top``)."""


def side(god: str = QUIET_GOD, **zones: Any) -> PlayerSide:
    """A player of ``god`` in a position of this pool (:func:`position`), with a Cross on
    the board and the filler deck (as :func:`game` deals them) unless ``zones`` say."""
    zones.setdefault("empire", fx.CROSS)
    zones.setdefault("deck", fx.FILLER)
    return PlayerSide(god, **zones)


def position(*sides: PlayerSide, **turn: Any) -> S:
    """The position of ``sides`` (player 0 first) in this pool, checked by the shared
    validator (``fx.build``)."""
    return fx.build(*sides, ruleset=RULESET, **turn)


def sample(key: str) -> CardDef:
    """A card of the sample pool (fails if the key is not a sample card)."""
    return SAMPLE[key]


def with_top(s: S, player: int, test: Callable[[int], bool]) -> S:
    """``player``'s deck with a card whose card number passes ``test`` on top (4.2.3)."""
    deck = s.game.players[player].deck
    top = next(c for c in deck if test(s.game.card(c).card_number))
    return fx.set_player(s, player, deck=(top, *(c for c in deck if c != top)))


def with_hand_of_one(s: S, player: int, test: Callable[[int], bool]) -> tuple[S, int]:
    """``player`` holds one card only, whose card number passes ``test`` (a peek, 4.2.3)."""
    p = s.game.players[player]
    cards = (*p.hand, *p.deck)
    card = next(c for c in cards if test(s.game.card(c).card_number))
    rest = tuple(c for c in cards if c != card)
    return fx.set_player(s, player, hand=(card,), deck=rest), card


def to_rounds(s: S, commander: int, people: int, defender: int | None = None) -> S:
    """Declare a battle on ``people`` (by its first open road) led by ``commander``, let
    ``defender`` (or nobody) defend and nobody help: the first combat round."""

    s = fx.act(to_combat(s), DeclareFight(FightKind.BATTLE))
    attack = next(a for a in mc.legal_actions(s) if isinstance(a, Attack) and a.people == people)
    s = fx.act(fx.act(s, attack), Designate(commander))
    while not s.phase.endswith(".rounds"):
        legal = mc.legal_actions(s)
        if s.phase.endswith("defender") and defender is not None:
            s = fx.act(s, Designate(defender))
        else:
            s = fx.act(s, Pass() if Pass() in legal else legal[-1])
    return s


def my_move(s: S, player: int) -> S:
    """Pass in the combat rounds until ``player`` may act there."""

    while not (s.phase.endswith(".rounds") and s.to_act == player):
        s = fx.act(s, Pass())
    return s
