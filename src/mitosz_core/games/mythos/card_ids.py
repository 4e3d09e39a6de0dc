"""Where the MYTHOS game data holds card ids: each dataclass field that holds one, and
its shape (:data:`~mitosz_core.kernel.copies.CardIdFields`), declared once for the
ruleset. The property suite checks it against the annotations of :mod:`.state`."""

from __future__ import annotations

from mitosz_core.games.mythos.state import Combat, Payment, Player, Slot
from mitosz_core.kernel.copies import CARD, CARDS, CardIdFields, Each

CARD_IDS: CardIdFields = {
    Slot: {"card": CARD, "attached": CARD},
    Player: {"deck": CARDS, "hand": CARDS, "graveyard": CARDS},
    Combat: {"attackers": CARDS, "blocks": Each(CARDS), "order": Each(CARDS)},
    Payment: {"upgrade": CARD, "place": CARD},
}
"""The card-id fields of the MYTHOS game data."""
