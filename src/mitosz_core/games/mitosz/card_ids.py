"""Where the Mítosz game data holds card ids: each dataclass field that holds one, and
its shape (:data:`~mitosz_core.kernel.copies.CardIdFields`), declared once for the
ruleset (:attr:`MitoszRuleset.card_id_fields <.engine.MitoszRuleset>`).

The kernel reads and renames card ids by this declaration (identical copies,
:mod:`mitosz_core.kernel.copies`), not by reading annotations or source files. A field
added to :mod:`.state` that holds a card id (annotated ``CardId``) is declared here
too; the property suite checks the two agree.
"""

from __future__ import annotations

from mitosz_core.games.mitosz.state import (
    ActiveEffect,
    Attachment,
    Choice,
    Fight,
    Game,
    Glance,
    LeaderSlot,
    Limbo,
    ManeuverPending,
    Marker,
    PeopleSlot,
    Player,
    PlayPending,
    Realm,
    Theft,
    Todo,
    Troop,
    Turn,
    Waiting,
)
from mitosz_core.kernel.copies import CARD, CARDS, At, CardIdFields, Each

USED = Each(At(((0, CARD),)))
"""``(card, maneuver index)`` pairs."""

CARD_IDS: CardIdFields = {
    PeopleSlot: {"card": CARD},
    LeaderSlot: {"card": CARD},
    Marker: {"card": CARD},
    Realm: {"high_god": CARD, "intrigues": CARDS},
    Player: {"deck": CARDS, "hand": CARDS, "underworld": CARDS, "oblivion": CARDS},
    PlayPending: {"card": CARD, "target": CARD},
    ManeuverPending: {"user": CARD, "card": CARD, "target": CARD, "keyword_card": CARD},
    Glance: {"hand": CARDS, "underworld": CARDS, "oblivion": CARDS, "intrigues": CARDS},
    Todo: {"source": CARD, "target": CARD, "free_card": CARD},
    Choice: {"options": CARDS, "source": CARD},
    ActiveEffect: {"source": CARD, "target": CARD, "free_card": CARD},
    Waiting: {"source": CARD},
    Limbo: {"cards": CARDS},
    Troop: {"card": CARD},
    Fight: {
        "people": CARD,
        "attack": CARDS,
        "defend": CARDS,
        "pending_leader": CARD,
        "turned": CARDS,
        "decided": CARDS,
    },
    Attachment: {"card": CARD, "host": CARD},
    Theft: {"card": CARD},
    Turn: {"used": USED, "blocked": USED},
    Game: {"lingering": CARDS, "revealed": CARDS, "peeked": At(((1, CARD),))},
}
"""The card-id fields of the Mítosz game data."""
