"""The layouts of the tensors: per ruleset, the named fields of the observation tensor
in order (:data:`MITOSZ_OBSERVATION`, :data:`MYTHOS_OBSERVATION`), each a
:class:`Field` with its size and what its values mean; the information state's extra
field (:func:`layout` with ``information_state=True``) and the shapes (:func:`shape`).

The builders (:mod:`.mitosz`, :mod:`.mythos`) write the fields at the offsets these
tables give; the offsets they use are worked out here once (``*_SIZE``, ``*_INDEX``).
"""

from __future__ import annotations

from dataclasses import dataclass

from mitosz_core.games.mitosz import actionspace as mitosz_space
from mitosz_core.games.mitosz.engine import ACTION_TYPES as MITOSZ_ACTIONS
from mitosz_core.games.mitosz.terms import CardType, Edge
from mitosz_core.games.mythos import actionspace as mythos_space
from mitosz_core.games.mythos.actions import ACTION_TYPES as MYTHOS_ACTIONS
from mitosz_core.games.mythos.cards import CardType as MythosCardType
from mitosz_core.kernel.action import Action


@dataclass(frozen=True)
class Field:
    """One field of a tensor: ``size`` values, described by ``doc``."""

    name: str
    size: int
    doc: str


def size_of(fields: tuple[Field, ...]) -> int:
    """The number of values of ``fields``."""
    return sum(f.size for f in fields)


# --- Mítosz ---------------------------------------------------------------------------

M_SEATS = mitosz_space.SEATS
M_HAND = mitosz_space.HAND
M_LEADERS = mitosz_space.LEADERS
M_PEOPLES = mitosz_space.PEOPLES
M_INTRIGUES = mitosz_space.INTRIGUES
M_TYPES = tuple(CardType)
M_EDGES = tuple(Edge)

MITOSZ_SEAT: tuple[Field, ...] = (
    Field("present", 1, "1 if the seat is in the game"),
    Field("active", 1, "1 if it is this seat's turn"),
    Field("to_act", 1, "1 if this seat decides now"),
    Field("spheres", 4, "sphere points (magic, influence, wealth, force) / 10"),
    Field("sphere_maxima", 4, "sphere maxima / 10"),
    Field("power", 1, "power / 12"),
    Field("sizes", 4, f"deck, hand, underworld, oblivion sizes / 60 (hand / {M_HAND})"),
    Field("holding", 1, "1 while a power hold runs (1.1.1)"),
    Field(
        "leaders",
        M_LEADERS * 4,
        f"{M_LEADERS} leader slots: present, level / 10, turned, items / 3",
    ),
    Field(
        "empire",
        M_PEOPLES * 13,
        f"{M_PEOPLES} people slots: present, x / 6, y / 6, location, building, "
        "road level / 10 and road open for north, east, south, west",
    ),
    Field("intrigues", M_INTRIGUES, f"{M_INTRIGUES} intrigue slots: present"),
)
MITOSZ_HAND_CARD: tuple[Field, ...] = (
    Field("present", 1, "1 if the hand slot holds a card"),
    Field("type", len(M_TYPES), "card type, one-hot (" + ", ".join(t.value for t in M_TYPES) + ")"),
    Field("level", 1, "printed level / 10"),
    Field("cost", 4, "summoning cost per sphere / 10"),
    Field("power", 1, "printed power / 12"),
)
MITOSZ_OBSERVATION: tuple[Field, ...] = (
    Field("turn", 1, "turns begun / 50"),
    Field("over", 1, "1 once the game is over"),
    Field("won", 1, "1 if the player won"),
    Field("stack", 1, "events on the pending stack / 8"),
    Field("choice", 1, "1 if the player must choose among options"),
    Field("fight", 3, "a fight runs; the player attacks; the player defends"),
    Field(
        "seats",
        M_SEATS * size_of(MITOSZ_SEAT),
        f"{M_SEATS} seats, the player's own first, each: "
        + "; ".join(f"{f.name} ({f.size})" for f in MITOSZ_SEAT),
    ),
    Field(
        "hand",
        M_HAND * size_of(MITOSZ_HAND_CARD),
        f"{M_HAND} own hand slots, each: "
        + "; ".join(f"{f.name} ({f.size})" for f in MITOSZ_HAND_CARD),
    ),
)

M_SEAT_SIZE = size_of(MITOSZ_SEAT)
"""The values of one seat of :data:`MITOSZ_SEAT`."""
M_CARD_SIZE = size_of(MITOSZ_HAND_CARD)
"""The values of one hand slot of :data:`MITOSZ_HAND_CARD`."""
M_EDGE_NAMES = tuple(e.value for e in M_EDGES)
M_EDGE_INDEX = {e: i for i, e in enumerate(M_EDGES)}
M_TYPE_INDEX = {t: i for i, t in enumerate(M_TYPES)}

# --- MYTHOS ---------------------------------------------------------------------------

Y_HAND = mythos_space.HAND
Y_SLOTS = 5
Y_TYPES = tuple(MythosCardType)
MYTHOS_SLOT: tuple[Field, ...] = (
    Field("present", 1, "1 if the slot holds a card"),
    Field("type", len(Y_TYPES), "card type, one-hot"),
    Field("attached", 1, "1 if a card is attached"),
    Field("unit", 5, "attack / 10, life / 10, max life / 10, mobilised, attacked"),
)
MYTHOS_SEAT: tuple[Field, ...] = (
    Field("life", 1, "life / 20"),
    Field("aura", 2, "aura / 10, aura cap / 10"),
    Field("sizes", 3, "deck / 64, hand / 10, graveyard / 64"),
    Field("active", 1, "1 if it is this seat's turn"),
    Field(
        "rows",
        3 * Y_SLOTS * size_of(MYTHOS_SLOT),
        "battlefield, infirmary, sanctuary: 5 slots each: "
        + "; ".join(f"{f.name} ({f.size})" for f in MYTHOS_SLOT),
    ),
)
MYTHOS_OBSERVATION: tuple[Field, ...] = (
    Field("turn", 1, "turns begun / 80"),
    Field("round", 1, "round / 40"),
    Field("over", 1, "1 once the game is over"),
    Field("won", 1, "1 if the player won"),
    Field("to_act", 1, "1 if the player decides now"),
    Field("combat", 3, "attackers / 5, blocks / 5, damage order entries / 5"),
    Field("payment", 1, "attach cost left / 3"),
    Field(
        "seats",
        2 * size_of(MYTHOS_SEAT),
        "2 seats, the player's own first: "
        + "; ".join(f"{f.name} ({f.size})" for f in MYTHOS_SEAT),
    ),
    Field(
        "hand",
        Y_HAND * (1 + len(Y_TYPES) + 1),
        f"{Y_HAND} own hand slots: present, type one-hot, aura cost / 10",
    ),
)

Y_ROWS = 3
"""The rows of a seat in the tensor: battlefield, infirmary, sanctuary."""
Y_SEAT_SIZE = size_of(MYTHOS_SEAT)
"""The values of one seat of :data:`MYTHOS_SEAT`."""
Y_SLOT_SIZE = size_of(MYTHOS_SLOT)
"""The values of one row slot of :data:`MYTHOS_SLOT`."""
Y_CARD_SIZE = 1 + len(Y_TYPES) + 1
"""The values of one hand slot: present, type one-hot, aura cost."""
Y_TYPE_INDEX = {t: i for i, t in enumerate(Y_TYPES)}
Y_TYPE_NAMES = {t.value: i for i, t in enumerate(Y_TYPES)}

# --- both -----------------------------------------------------------------------------

ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "mitosz": MITOSZ_ACTIONS,
    "mythos": MYTHOS_ACTIONS,
}
"""The action classes of each ruleset, in the order of the history field."""
SEATS = {"mitosz": M_SEATS, "mythos": 2}
"""The seats of each ruleset's tensors."""
KINDS = {ruleset: {cls: i for i, cls in enumerate(actions)} for ruleset, actions in ACTIONS.items()}
"""Each action class's place in the history field, per ruleset."""


def _history_fields(actions: tuple[type[Action], ...], seats: int) -> tuple[Field, ...]:
    return (
        Field(
            "history",
            seats * len(actions),
            f"{seats} seats, the player's own first: decisions taken per action class "
            f"({', '.join(a.kind for a in actions)}) / 100",
        ),
    )


def layout(ruleset: str, information_state: bool = False) -> tuple[Field, ...]:
    """The fields of a ruleset's observation (or information-state) tensor, in order."""
    if ruleset == "mitosz":
        fields = MITOSZ_OBSERVATION
        extra = _history_fields(MITOSZ_ACTIONS, M_SEATS)
    else:
        fields = MYTHOS_OBSERVATION
        extra = _history_fields(MYTHOS_ACTIONS, 2)
    return (*fields, *extra) if information_state else fields


def shape(ruleset: str, information_state: bool = False) -> tuple[int]:
    """The shape of a ruleset's observation (or information-state) tensor."""
    return (size_of(layout(ruleset, information_state)),)


SIZES = {
    (ruleset, information): size_of(layout(ruleset, information))
    for ruleset in ("mitosz", "mythos")
    for information in (False, True)
}
"""The tensor sizes by ruleset and ``information_state``, worked out once."""
