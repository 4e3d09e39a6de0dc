"""Keyword coverage of a card pool: which cards use each rule of chapters 3, 4 and 8.

A keyword is ``"<kind>:<word>"``. The words come from the engine's own tables wherever it
has one, so a new effect, target, condition, timing, flag or card type shows up here (as
missing) without anyone retyping a list. With ``language`` for
:mod:`mitosz_core.games.mitosz.effects.language`:

- ``type:`` every ``CardType`` (chapter 3);
- ``timing:`` every ``language.Timing`` (4.2.1);
- ``condition:`` every kind of ``language.CONDITIONS`` (4.2.3), and ``number_test:`` the
  three forms of a reveal or peek test, ``n+`` (``8+``), ``n-`` (``3-``) and ``n`` (``4``);
- ``flag:`` every optional field of ``language.Maneuver`` (4.2.6: permanent, uses per
  turn, locked, counter, level, the slash ``per``, ``steps``);
- ``effect:`` every kind of ``language.EFFECTS``, and its variants: ``change_level:`` each
  ``language.Duration``, ``grant:allow`` and ``grant:deny``, and ``player_permission:``
  each player-level ``language.Permission``;
- ``target:`` every kind of ``language.TARGETS``;
- ``subtype:`` the chapter-8 subtypes that carry a rule (:data:`RULED_SUBTYPES`);
- ``users:`` free maneuvers (3.9) with icon groups, and one linked to a leader;
- ``fate:`` fates with rounds, immediate fates, and fates linked to a high god (3.7);
- ``intrigue:locked``: an intrigue with a locked, always-on lasting effect (3.6, 4.2.6).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

from mitosz_core.games.mitosz.carddata.vocabulary import (
    FATE_SUBTYPES,
    ITEM_SUBTYPES,
    LEADER_SUBTYPES,
    LOCATION_SUBTYPES,
)
from mitosz_core.games.mitosz.cards import CardDef, CardType, linked
from mitosz_core.games.mitosz.effects.language import (
    CONDITIONS,
    EFFECTS,
    TARGETS,
    AnyEffect,
    ChangeLevel,
    Duration,
    Grant,
    Maneuver,
    NumberTest,
    Peek,
    Permission,
    PlayerPermission,
    Reveal,
    Sequence,
    Timing,
)
from mitosz_core.games.mitosz.rules.keywords import KEYWORDS

Report = dict[str, tuple[str, ...]]
"""Keyword -> the keys of the cards that use it, in pool order."""

RULED_SUBTYPES: tuple[str, ...] = (
    *(word for word in LEADER_SUBTYPES if word != "ruler"),  # the ruler has no rule (8)
    *LOCATION_SUBTYPES,
    *ITEM_SUBTYPES,
    *FATE_SUBTYPES,  # calamity: shrines are immune to it (8.shrine)
    "flying",  # 8.flying
    *(word for k in KEYWORDS for word in (k.subtype, *k.concerns)),  # their own modules
)
"""The subtypes of chapter 8 that carry a rule of their own."""

PLAYER_PERMISSIONS: tuple[Permission, ...] = (
    Permission.SUMMON_FREE,
    Permission.WITHOUT_SUMMONING,
    Permission.EXTRA_PEOPLE,
    Permission.EXTRA_DRAW,
)
"""The permissions a ``PlayerPermission`` effect gives a player (1.5.3, 3.2.1, 6.2.2.1)."""

NUMBER_TESTS: dict[int, str] = {
    direction: str(NumberTest(0, direction)).replace("0", "n") for direction in (1, -1, 0)
}
"""A number test's direction -> its printed form with ``n`` for the number (4.2.3):
``n+`` (e.g. 8+), ``n-`` (e.g. 3-) and ``n`` (e.g. 4)."""

_DESCRIPTORS = frozenset({"name", "effect", "timing", "cost", "conditions", "subtypes"})
FLAGS: tuple[str, ...] = tuple(
    f.name for f in dataclasses.fields(Maneuver) if f.name not in _DESCRIPTORS
)
"""The optional flags of a maneuver (4.2.6): every field that is not its name, effect,
timing, cost, conditions or subtypes."""


def keywords() -> tuple[str, ...]:
    """Every keyword, in report order."""
    return (
        *(f"type:{t.value}" for t in CardType),
        *(f"timing:{t.value}" for t in Timing),
        *(f"condition:{kind}" for kind in CONDITIONS),
        *(f"number_test:{form}" for form in NUMBER_TESTS.values()),
        *(f"flag:{name}" for name in FLAGS),
        *(f"effect:{kind}" for kind in EFFECTS),
        *(f"{ChangeLevel.kind}:{d.value}" for d in Duration),
        f"{Grant.kind}:allow",
        f"{Grant.kind}:deny",
        *(f"{PlayerPermission.kind}:{p.value}" for p in PLAYER_PERMISSIONS),
        *(f"target:{kind}" for kind in TARGETS),
        *(f"subtype:{word}" for word in RULED_SUBTYPES),
        "users:groups",
        "users:linked_leader",
        "fate:rounds",
        "fate:immediate",
        "fate:linked_high_god",
        "intrigue:locked",
    )


def keyword_coverage(pool: Mapping[str, CardDef]) -> Report:
    """Each keyword of :func:`keywords` -> the keys of the cards of ``pool`` using it."""
    found: dict[str, list[str]] = {word: [] for word in keywords()}
    for key, card in pool.items():
        for word in dict.fromkeys(_card_keywords(card, pool)):
            if word in found:
                found[word].append(key)
    return {word: tuple(keys) for word, keys in found.items()}


def missing(report: Report) -> tuple[str, ...]:
    """The keywords of ``report`` that no card uses."""
    return tuple(word for word, keys in report.items() if not keys)


# --- what one card uses -----------------------------------------------------------------


def _card_keywords(card: CardDef, pool: Mapping[str, CardDef]) -> Iterator[str]:
    yield f"type:{card.type.value}"
    for word in card.subtypes:
        yield f"subtype:{word}"
    for m in card.maneuvers:
        yield from _maneuver_keywords(m)
    if card.type is CardType.MANEUVER:
        if card.users:
            yield "users:groups"
        if any(_linked_of_type(card, pool, CardType.LEADER)):
            yield "users:linked_leader"
    if card.type is CardType.FATE:
        yield "fate:immediate" if card.rounds is None else "fate:rounds"
        if any(_linked_of_type(card, pool, CardType.HIGH_GOD)):
            yield "fate:linked_high_god"
    if card.type is CardType.INTRIGUE and any(m.locked for m in card.maneuvers):
        yield "intrigue:locked"


def _linked_of_type(card: CardDef, pool: Mapping[str, CardDef], kind: CardType) -> Iterator[str]:
    for other in pool.values():
        if other.type is kind and linked(card, other):
            yield other.key


def _maneuver_keywords(m: Maneuver) -> Iterator[str]:
    if m.timing is not None:
        yield f"timing:{m.timing.value}"
    for condition in m.conditions:
        yield f"condition:{condition.kind}"
        if isinstance(condition, Reveal | Peek) and condition.test is not None:
            yield f"number_test:{NUMBER_TESTS[condition.test.direction]}"
    for f in dataclasses.fields(Maneuver):
        if f.name in FLAGS and getattr(m, f.name) != f.default:
            yield f"flag:{f.name}"
    for top in (m.effect, *(step.effect for step in m.steps)):
        for effect in _walk(top):
            yield from _effect_keywords(effect)


def _walk(effect: AnyEffect) -> Iterator[AnyEffect]:
    yield effect
    if isinstance(effect, Sequence):
        for sub in effect.effects:
            yield from _walk(sub)


def _effect_keywords(effect: AnyEffect) -> Iterator[str]:
    yield f"effect:{effect.kind}"
    target = getattr(effect, "target", None)
    if target is not None:
        yield f"target:{target.kind}"
    if isinstance(effect, ChangeLevel):
        yield f"{effect.kind}:{effect.duration.value}"
    elif isinstance(effect, Grant):
        yield f"{effect.kind}:{'allow' if effect.allow else 'deny'}"
    elif isinstance(effect, PlayerPermission):
        yield f"{effect.kind}:{effect.permission.value}"
