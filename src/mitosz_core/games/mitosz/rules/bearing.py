"""What a card attached by its keyword is to its host (chapter 8), and the questions the
generic rules ask about it.

Each attaching keyword's bearing (:class:`~..subtypes.Bearing`) is declared beside its
subtype (:data:`~..subtypes.ATTACHING_KEYWORDS`), below the rules. The generic rules
that an attached card changes (who uses a maneuver and on what, :mod:`.maneuvers`;
whether a card is cursed or magical, :mod:`.board`) sit below the keyword modules, which
import them to write their own rules; they ask here, by a card's own attaching
keyword's subtype. Nothing here names a keyword.

- :func:`bound_host`: the card whose bound maneuver an attached card is (3.9).
- :func:`passing`: the cards attached to a card that pass their cursed or magical
  marks on to it (2.4).
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mitosz.cards import CardDef
from mitosz_core.games.mitosz.rules.hosting import attached_as, attachment_of
from mitosz_core.games.mitosz.state import AttachKind, CardId, Game
from mitosz_core.games.mitosz.subtypes import ATTACHING_KEYWORDS, Bearing, attaching_keyword

KEYWORD = AttachKind.KEYWORD


def bearing_of(card: CardDef) -> Bearing | None:
    """What ``card`` is to its host when its keyword attaches it, if a keyword does."""
    subtype = attaching_keyword(card.subtypes)
    return None if subtype is None else ATTACHING_KEYWORDS[subtype]


def bound_host(game: Game, card: CardId) -> CardId | None:
    """The card ``card`` is attached to as a bound maneuver of it (3.9), if it is so
    attached (by a keyword whose cards are their host's bound maneuvers, such as a rune,
    8.rune)."""
    found = attachment_of(game, card)
    if found is None or found.kind is not KEYWORD:
        return None
    bearing = bearing_of(game.card(card))
    return found.host if bearing is not None and bearing.bound_maneuver else None


def passing(game: Game, host: CardId) -> Iterator[CardDef]:
    """The printed cards attached to ``host`` by a keyword whose cards pass their cursed
    or magical marks on to their host (2.4), in the order attached."""
    for card in attached_as(game, host, KEYWORD):
        d = game.card(card)
        bearing = bearing_of(d)
        if bearing is not None and bearing.passes_cursed_magical:
            yield d
