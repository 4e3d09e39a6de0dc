"""Generated cards for the property suite: Hypothesis strategies that build ``CardDef``
values of every card type, and helpers that put them into an arranged game.

A generated card is added to a game's catalogue (``Game.cards``) with one new instance
owned by a player, so every rule reads it exactly as a card from a card set (the cards
travel inside the state). Scenarios start from the test-only pool of
``tests/mitosz/fixtures.py`` (a Sky player's first summoning step, hands emptied).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

from hypothesis import strategies as st

from mitosz_core.games.mitosz.cards import CardDef, CardType, Mythos
from mitosz_core.games.mitosz.effects.language import AnyEffect, Maneuver
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.state import (
    ActiveEffect,
    AttachKind,
    Attachment,
    CardId,
    Instance,
    LeaderSlot,
    PeopleSlot,
)
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.kernel.values import replace
from tests.mitosz import fixtures as fx

RULEBOOK_ORDER = (
    "high_god",
    "fate",
    "leader",
    "intrigue",
    "people",
    "location",
    "troop",
    "item",
)
"""5.9 as printed (1 Főisten ... 8 Tárgy), by card-type value: written out here rather
than read from ``rules/precedence.py`` so the tests compare the code with the book."""

PLACEABLE = (
    CardType.HIGH_GOD,
    CardType.LEADER,
    CardType.INTRIGUE,
    CardType.PEOPLE,
    CardType.LOCATION,
    CardType.ITEM,
)
"""Types whose card can sit on the board outside a fight and carry a locked maneuver."""

SOURCE_TYPES = tuple(CardType[t.upper()] for t in RULEBOOK_ORDER)
"""The card types 5.9 ranks (a maneuver ranks by its user, so it is not one of them)."""


def strength(d: CardDef) -> tuple[int, bool]:
    """5.9 by the book: the card type's place (earlier is stronger), then magical."""
    return (-RULEBOOK_ORDER.index(d.type.value), d.magical)


_LABELS = itertools.count()


@cache
def base_state() -> S:
    """A Sky player's first summoning step with every hand emptied (immutable: shared)."""
    s, _, _ = fx.duel()
    return s


def arena() -> tuple[S, CardId]:
    """:func:`base_state` with three peoples each (room for leaders, 3.4.2) and a target,
    an enemy leader (King) of player 1. Player 1 has a Cross where player 0 has the Stub:
    a people is on the board at most as often as it has roads (3.2.1), the Stub once."""
    s = base_state()
    for player, keys in ((0, ("Line", "Stub", "Corner")), (1, ("Line", "Cross", "Corner"))):
        for k, key in enumerate(keys):
            s, _ = fx.put_people(s, player, key, k * 2, player * 9)
    s, king = fx.put_leader(s, 1, "King")
    return s, king


@st.composite
def card_defs(
    draw: st.DrawFn,
    kind: CardType | st.SearchStrategy[CardType] | None = None,
    *,
    magical: bool | None = None,
    maneuvers: tuple[Maneuver, ...] = (),
) -> CardDef:
    """A printed card of ``kind`` (drawn when not given) with a drawn serial (its last
    digit is the card number, 2.9), mythos, level, magic and subtypes."""
    if kind is None:
        kind = st.sampled_from(list(CardType))
    if not isinstance(kind, CardType):
        kind = draw(kind)
    key = f"gen-{kind.value}-{next(_LABELS)}"  # distinct cards (3.6 counts keys)
    subtypes = draw(st.sampled_from([(), (), (Subtype.RELIC,), (Subtype.CALAMITY,)]))
    return CardDef(
        key=key,
        name_en=key,
        name_hu=key,
        serial=f"{draw(st.integers(100, 999))}{draw(st.integers(0, 9))}",
        set_symbol="GEN",
        mythos=draw(st.sampled_from(list(Mythos))),
        type=kind,
        subtypes=subtypes if kind in (CardType.ITEM, CardType.FATE) else (),
        level=draw(st.integers(0, 5)),
        magical=draw(st.booleans()) if magical is None else magical,
        maneuvers=maneuvers,
        rounds=2 if kind is CardType.FATE else None,
        spheres=(3, 3, 3, 3) if kind is CardType.HIGH_GOD else (0, 0, 0, 0),
    )


def inject(s: S, owner: int, d: CardDef) -> tuple[S, CardId]:
    """``s`` with one more card, ``d``, owned by ``owner`` and lying in their underworld
    (from where the fixtures' helpers can put it anywhere)."""
    game = s.game
    cid = len(game.instances)
    p = game.players[owner]
    game = replace(
        game,
        cards=(*game.cards, d),
        instances=(*game.instances, Instance(len(game.cards), owner)),
    )
    game = game.with_player(owner, replace(p, underworld=(*p.underworld, cid)))
    return s.evolve(game=game), cid


def become_high_god(s: S, player: int, d: CardDef) -> tuple[S, CardId]:
    """``player``'s high god printed as ``d`` instead (keeping the sphere maxima)."""
    game = s.game
    god = game.players[player].high_god
    d = replace(d, type=CardType.HIGH_GOD, spheres=game.card(god).spheres)
    instances = list(game.instances)
    instances[god] = Instance(len(game.cards), player)
    game = replace(game, cards=(*game.cards, d), instances=tuple(instances))
    return s.evolve(game=game), god


def place(s: S, player: int, d: CardDef) -> tuple[S, CardId]:
    """Put a generated card of a :data:`PLACEABLE` type on ``player``'s board: a people
    in a fresh cell, a location on a fresh people, an item on a fresh leader."""
    if d.type is CardType.HIGH_GOD:
        return become_high_god(s, player, d)
    s, cid = inject(s, player, d)
    p = s.game.players[player]
    rest = tuple(c for c in p.underworld if c != cid)
    s = fx.set_player(s, player, underworld=rest)
    p = s.game.players[player]
    if d.type is CardType.LEADER:
        return fx.set_player(s, player, leaders=(*p.leaders, LeaderSlot(cid))), cid
    if d.type is CardType.INTRIGUE:
        return fx.set_player(s, player, intrigues=(*p.intrigues, cid)), cid
    if d.type is CardType.PEOPLE:
        cell = (len(p.empire) * 3 + 20, 20 + player)
        return fx.set_player(s, player, empire=(*p.empire, PeopleSlot(cid, *cell))), cid
    if d.type is CardType.LOCATION:
        s, people = fx.put_people(s, player, "Cross", len(p.empire) * 3 + 40, 40 + player)
        return fx.attached(s, Attachment(cid, people, AttachKind.LOCATION)), cid
    if d.type is CardType.ITEM:
        s, leader = fx.put_leader(s, player, "Cheap")
        return fx.attached(s, Attachment(cid, leader, AttachKind.ITEM)), cid
    raise ValueError(f"a {d.type.value} cannot be placed on the board here")


@dataclass(frozen=True)
class Source:
    """One effect of a scenario: its source card, its player, and how it is delivered:
    ``created`` (an effect a maneuver or fate created, in ``Game.effects``) or ``locked``
    (an always-on locked maneuver printed on a card on the board, 4.2.6)."""

    card: CardDef
    player: int
    delivery: str


@st.composite
def sources(
    draw: st.DrawFn,
    kind: CardType | None = None,
    magical: bool | None = None,
    players: tuple[int, ...] = (0, 1),
) -> Source:
    """A generated source of any 5.9 type, delivered as a created effect or, for a card
    that can be on the board, as a locked maneuver."""
    d = draw(card_defs(kind or st.sampled_from(SOURCE_TYPES), magical=magical))
    delivery = "locked" if d.type in PLACEABLE and draw(st.booleans()) else "created"
    return Source(d, draw(st.sampled_from(players)), delivery)


def deliver_blank(s: S, src: Source) -> S:
    """:func:`deliver` without the effect: the same card in the same place, its text
    (the locked maneuver, or the effect it created) left out."""
    if src.delivery == "locked":
        return place(s, src.player, src.card)[0]
    if src.card.type is CardType.HIGH_GOD:
        return become_high_god(s, src.player, src.card)[0]
    return inject(s, src.player, src.card)[0]


def deliver(
    s: S, src: Source, effect: AnyEffect, locked: AnyEffect, target: CardId | None
) -> tuple[S, str, CardId]:
    """Put ``src`` into ``s``: as a created ``effect`` on ``target`` (or on the players,
    for ``None``) or as a card printing ``locked`` as a locked maneuver. Returns the state,
    the effect's 5.9 key (as ``Lasting.key``) and the source card's id."""
    if src.delivery == "locked":
        d = replace(src.card, maneuvers=(Maneuver("generated", locked, locked=True),))
        s, cid = place(s, src.player, d)
        return s, f"s{cid}.0", cid
    if src.card.type is CardType.HIGH_GOD:
        s, cid = become_high_god(s, src.player, src.card)
    else:
        s, cid = inject(s, src.player, src.card)
    game = s.game
    eid = game.next_id
    active = ActiveEffect(eid, effect, src.player, cid, target)
    game = replace(game, effects=(*game.effects, active), next_id=eid + 1)
    return s.evolve(game=game), f"e{eid}", cid
