"""How a keyword's attached cards bear on their host (chapter 8), as the keyword declares
it (:class:`Bearing`), and the questions the generic rules ask about it.

A keyword module (``rules/keywords/<name>.py``) holds its rules and its
:class:`~.keywords.keyword.Keyword` value, which names its bearing. The generic rules
that an attached card changes (who uses a maneuver and on what, :mod:`.maneuvers`;
whether a card is cursed or magical, :mod:`.board`) sit below the keyword modules:
those import them to write their own rules, so these cannot import the keywords back.
They ask here instead: :data:`BEARINGS` lists every declared bearing explicitly, and a
test checks that it holds each keyword's bearing and nothing else. Nothing here names a
keyword's rules.

- :func:`bound_host`: the card whose bound maneuver an attached card is (3.9).
- :data:`PASSING`: the kinds whose cursed or magical cards make their host so (2.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from mitosz_core.games.mitosz.rules.hosting import attachment_of
from mitosz_core.games.mitosz.state import AttachKind, CardId, Game


@dataclass(frozen=True, slots=True)
class Bearing:
    """What a keyword's card attached as ``kind`` is to its host."""

    kind: AttachKind
    """How its cards are attached (:attr:`~..state.Board.attachments`)."""
    bound_maneuver: bool = False
    """Attached, its card acts as a bound maneuver of its host (3.9): the host uses it,
    and its maneuver acts on the host only."""
    passes_cursed_magical: bool = False
    """Attached, a cursed or magical card of it makes its host cursed or magical (2.4)."""


RUNE = Bearing(AttachKind.KEYWORD, bound_maneuver=True, passes_cursed_magical=True)
"""A rune (8.rune): a bound maneuver of the card it is attached to, which a cursed or
magical rune makes cursed or magical."""

BEARINGS: tuple[Bearing, ...] = (RUNE,)
"""The bearings the keyword modules declare (:data:`.keywords.KEYWORDS`), listed
explicitly."""

BOUND: frozenset[AttachKind] = frozenset(b.kind for b in BEARINGS if b.bound_maneuver)
"""The kinds whose cards act as their host's bound maneuver."""
PASSING: tuple[AttachKind, ...] = tuple(b.kind for b in BEARINGS if b.passes_cursed_magical)
"""The kinds whose cursed or magical cards make their host so."""


def bound_host(game: Game, card: CardId) -> CardId | None:
    """The card ``card`` is attached to as a bound maneuver of it (3.9), if it is so
    attached (a rune's card, 8.rune)."""
    found = attachment_of(game, card)
    return found.host if found is not None and found.kind in BOUND else None
