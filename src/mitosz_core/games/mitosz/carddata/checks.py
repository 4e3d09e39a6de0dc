"""Card rules that the JSON Schema cannot express.

Per card (:func:`check_card`): cursed cards are magical (2.4); only peoples have roads,
each edge at most once, and every people has one (3.2.1); only high gods have sphere maxima
and every high god has them (3.1); a high god is never unique, since two players may
both bring it; +/- levels only on items and troops (2.2); type-bound subtypes (chapter 8);
at most one attaching keyword's subtype (chapter 8).

Per pool (:func:`check_pool`): keys and serial numbers are unique across every loaded set
(2.9), and every mythic link names a card of the pool (2.8).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from mitosz_core.errors import CardDataError
from mitosz_core.games.mitosz.carddata.vocabulary import MODIFIER_TYPES, ONLY_ON
from mitosz_core.games.mitosz.cards import CardDef, CardType
from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    AttachLeader,
    Chosen,
    Delayed,
    Maneuver,
)
from mitosz_core.games.mitosz.rules.maneuvers import chosen_cards, pending_target
from mitosz_core.games.mitosz.rules.triggers import ON_PLAY, asks_choice
from mitosz_core.games.mitosz.subtypes import ATTACHING_KEYWORDS, Subtype

Sourced = tuple[str, CardDef]
"""A card and the file it came from."""


def check_card(source: str, raw: Mapping[str, Any], card: CardDef) -> None:
    """Raise :class:`CardDataError` if ``card`` (parsed from ``raw``) is impossible."""

    def fail(field: str, problem: str) -> None:
        raise CardDataError(source, card.key, field, problem)

    if card.cursed and not card.magical:
        fail("cursed", "a cursed card is also magical (2.4): add magical = true")
    if card.type is CardType.PEOPLE:
        if not card.roads:
            fail("roads", "a people needs at least one road (3.2.1)")
        seen: set[str] = set()
        for i, road in enumerate(card.roads):
            if road.edge in seen:
                fail(f"roads[{i}].edge", f"a second road on the {road.edge} edge (3.2.1)")
            seen.add(road.edge)
    elif "roads" in raw:
        fail("roads", f"only peoples have roads (3.2), not a {card.type}")
    if card.type is CardType.HIGH_GOD:
        if "spheres" not in raw:
            fail("spheres", "a high god needs its four sphere maxima (3.1)")
        if card.unique:
            fail("unique", "a high god is never unique: two players may bring the same one")
    elif "spheres" in raw:
        fail("spheres", f"only a high god has sphere maxima (3.1), not a {card.type}")
    if card.level_modifier and card.type not in MODIFIER_TYPES:
        fail("level", f"a +/- level is for items and troops only, not a {card.type} (2.2)")
    for i, subtype in enumerate(card.subtypes):
        allowed = ONLY_ON.get(subtype)
        if allowed is not None and card.type not in allowed:
            owners = " or ".join(sorted(allowed))
            fail(f"subtypes[{i}]", f"{subtype!r} is for {owners} cards, not a {card.type}")
    attaching = [(i, s) for i, s in enumerate(card.subtypes) if s in ATTACHING_KEYWORDS]
    if len(attaching) > 1:
        (_, first), (i, second) = attaching[:2]
        fail(
            f"subtypes[{i}]",
            f"a card is attached by one keyword at most (chapter 8): '{first}' and '{second}'",
        )
    _check_maneuvers(card, fail)


def _check_maneuvers(card: CardDef, fail: Callable[[str, str], None]) -> None:
    """Maneuvers that the language can write but the rules cannot use."""

    if card.type in (CardType.MANEUVER, CardType.FATE) and not card.maneuvers:
        fail("maneuvers", f"a {card.type} needs the maneuver it consists of (3.7, 3.9)")
    if card.users and card.type is not CardType.MANEUVER:
        fail("users", f"only a free maneuver lists its users (3.9), not a {card.type}")
    if card.rounds is not None and card.type is not CardType.FATE:
        fail("rounds", f"only a fate lasts rounds (3.7), not a {card.type}")
    for i, m in enumerate(card.maneuvers):
        where = f"maneuvers[{i}]"
        if m.locked and not m.effect.lasting:
            fail(
                f"{where}.effect",
                "a locked bound maneuver is always on (4.2.6): only a "
                "lasting effect (a level, power, permission, immunity or hand size) fits",
            )
        if m.locked and chosen_cards(m) is not None:
            fail(f"{where}.effect", "a locked maneuver is never used, so it cannot choose")
        if pending_target(m) is not None and not m.counter:
            fail(
                f"{where}.counter",
                "an effect on another effect before it takes hold is "
                "a counter maneuver (4.2.6): add counter = true",
            )
        if (
            card.type is CardType.ITEM
            and card.has_subtype(Subtype.POTION)
            and not m.sacrifices_user
        ):
            fail(
                f"{where}.conditions",
                "a potion takes effect when its player sacrifices it (8.potion): "
                'add conditions = [{ type = "sacrifice" }]',
            )
        if m.uses_per_turn is not None and not m.permanent:
            fail(f"{where}.uses_per_turn", "only a permanent maneuver has uses per turn (4.2.6)")
        if m.per is not None and not any(m.per):
            fail(f"{where}.per", "a slash repeats for a cost of at least one sphere point")
        _check_timed(m, where, fail)
    cond = card.summoning
    if cond is not None and (cond.sacrifice is None) == (cond.discard is None):
        fail("summoning", "a summoning condition is one sacrifice or one discard (6.3.4)")


def _check_timed(m: Maneuver, where: str, fail: Callable[[str, str], None]) -> None:
    """Timed abilities and delayed effects take hold with nobody to choose (6.2.1.3,
    6.2.4.5, 7.4.12): no chosen card, no choice, no cost or condition; only an on-play
    maneuver (6.3.7) may name a card and cost sphere points."""

    if m.trigger is not None and m.trigger not in ON_PLAY:
        if m.locked or m.timing is not None or m.conditions or m.steps or m.per is not None:
            fail(
                f"{where}.trigger",
                "a timed ability is never used: no timing, lock, condition, step or slash",
            )
        if any(m.cost) or asks_choice(m.effect):
            fail(
                f"{where}.trigger",
                "a timed ability takes hold by itself: it costs "
                "nothing, names no chosen card and asks no choice",
            )
    for e in _walk(m.effect):
        if isinstance(e, Delayed) and (e.when in ON_PLAY or asks_choice(e.effect)):
            fail(
                f"{where}.effect",
                "a delayed effect waits for the start or end of a turn "
                "or fight, names no chosen card and asks no choice",
            )
        if (
            isinstance(e, AttachLeader)
            and isinstance(e.target, Chosen)
            and isinstance(e.onto, Chosen)
        ):
            fail(
                f"{where}.effect",
                "an attach_leader effect chooses one card (4.6.1): the leader or the card "
                "it is attached to (5.15), not both",
            )


def _walk(effect: AnyEffect) -> Iterator[AnyEffect]:
    yield effect
    for sub in getattr(effect, "effects", ()):
        yield from _walk(sub)
    inner = getattr(effect, "effect", None)
    if inner is not None:
        yield from _walk(inner)


def check_pool(cards: Iterable[Sourced]) -> None:
    """Raise :class:`CardDataError` for a duplicate key or serial, or an unknown link."""
    every = list(cards)
    check_unique(every)
    check_links(every)


def check_unique(cards: Iterable[Sourced]) -> None:
    """Raise :class:`CardDataError` for a key or serial number used twice."""
    keys: dict[str, str] = {}
    serials: dict[str, Sourced] = {}
    for source, card in cards:
        if card.key in keys:
            raise CardDataError(
                source,
                card.key,
                "key",
                f"the key is already used by a card of {keys[card.key]}; keys are unique "
                "(set `key` to tell two cards of the same name apart)",
            )
        keys[card.key] = source
        if card.serial in serials:
            where, other = serials[card.serial]
            raise CardDataError(
                source,
                card.key,
                "serial",
                f"serial number {card.serial} is already the serial of {other.key!r} "
                f"({where}); serial numbers are unique (2.9)",
            )
        serials[card.serial] = (source, card)


def check_links(cards: Iterable[Sourced]) -> None:
    """Raise :class:`CardDataError` for a mythic link that names no card of ``cards``."""
    every = list(cards)
    names = sorted({card.name_en for _, card in every})
    known = set(names)
    for source, card in every:
        for i, link in enumerate(card.links):
            if link not in known:
                close = difflib.get_close_matches(link, names, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise CardDataError(
                    source,
                    card.key,
                    f"links[{i}]",
                    f"no card named {link!r} in the loaded sets (a link names a card's "
                    f"name_en, 2.8){hint}",
                )
