"""A provisional card pool and four decks, until the card-data files replace them.

Every card here is written by the project; no card text of the published game is used.
"""

from __future__ import annotations

from mitosz_core.kernel.state import DeckEntry, DeckList
from mitosz_core.rulesets.mitosz.cards import CardDef, CardType, Edge, Mythos, Road

N, E, S, W = Edge.NORTH, Edge.EAST, Edge.SOUTH, Edge.WEST


def _roads(*spec: tuple[Edge, int]) -> tuple[Road, ...]:
    return tuple(Road(edge, level) for edge, level in spec)


def _mythos_cards(
    mythos: Mythos, prefix: str, god: str, god_hu: str, names: dict[str, str]
) -> list[CardDef]:
    """A balanced provisional set for one mythos: 1 high god, 5 peoples, 5 leaders
    (one the high god as a leader), 3 items and 2 locations."""
    serial = iter(range(100, 200))

    def card(key: str, kind: CardType, **kw: object) -> CardDef:
        name = kw.pop("name", key)
        return CardDef(
            key=key,
            name_en=str(name),
            name_hu=names.get(key, key),
            serial=f"{prefix}{next(serial)}",
            set_symbol="PROV",
            mythos=mythos,
            type=kind,
            **kw,  # type: ignore[arg-type]
        )

    p = prefix
    return [
        card(f"{god} (high god)", CardType.HIGH_GOD, name=god, spheres=(4, 3, 3, 4), unique=True),
        card(
            f"{p} Hill Folk",
            CardType.PEOPLE,
            level=1,
            power=2,
            roads=_roads((N, 2), (E, 1), (S, 2), (W, 1)),
            subtypes=("mountain",),
        ),
        card(
            f"{p} River Folk",
            CardType.PEOPLE,
            level=1,
            power=2,
            roads=_roads((E, 2), (W, 2)),
            subtypes=("water",),
        ),
        card(
            f"{p} Forest Folk",
            CardType.PEOPLE,
            level=2,
            power=3,
            roads=_roads((N, 3), (S, 1), (W, 2)),
            subtypes=("forest",),
            links=(god,),
        ),
        card(
            f"{p} City Folk",
            CardType.PEOPLE,
            level=2,
            power=3,
            roads=_roads((N, 2), (E, 2), (S, 2)),
            subtypes=("urban",),
        ),
        card(
            f"{p} Steppe Folk",
            CardType.PEOPLE,
            level=1,
            power=1,
            roads=_roads((N, 1), (E, 1), (S, 1), (W, 1)),
            subtypes=("steppe",),
        ),
        card(
            f"{god} (leader)",
            CardType.LEADER,
            name=god,
            level=4,
            power=1,
            cost=(2, 1, 0, 2),
            unique=True,
            magical=True,
            subtypes=("god",),
        ),
        card(
            f"{p} Champion",
            CardType.LEADER,
            level=3,
            power=1,
            cost=(0, 0, 1, 2),
            subtypes=("hero",),
            links=(f"{p} Warlord",),
        ),
        card(
            f"{p} Warlord",
            CardType.LEADER,
            level=3,
            power=1,
            cost=(0, 1, 0, 2),
            subtypes=("warlord",),
        ),
        card(
            f"{p} Sage",
            CardType.LEADER,
            level=2,
            power=1,
            cost=(2, 0, 0, 0),
            subtypes=("ruler",),
            links=(god,),
        ),
        card(
            f"{p} Queen",
            CardType.LEADER,
            level=2,
            power=2,
            cost=(0, 2, 1, 0),
            subtypes=("ruler",),
            unique=True,
        ),
        card(
            f"{p} Blade",
            CardType.ITEM,
            level=2,
            level_modifier=True,
            cost=(0, 0, 1, 1),
            subtypes=("weapon",),
            links=(f"{p} Champion",),
        ),
        card(
            f"{p} Mail",
            CardType.ITEM,
            level=1,
            level_modifier=True,
            cost=(0, 0, 1, 0),
            subtypes=("armour",),
        ),
        card(
            f"{p} Relic",
            CardType.ITEM,
            level=1,
            level_modifier=True,
            power=1,
            cost=(1, 0, 1, 0),
            subtypes=("relic",),
            magical=True,
        ),
        card(
            f"{p} Market",
            CardType.LOCATION,
            level=1,
            power=1,
            cost=(0, 1, 1, 0),
            produces=(0, 0, 1, 0),
            subtypes=("building",),
        ),
        card(
            f"{p} Holy Grove",
            CardType.LOCATION,
            level=2,
            cost=(1, 1, 0, 0),
            subtypes=("shrine",),
            magical=True,
        ),
    ]


_SETS = (
    (Mythos.HELLENIC, "Hellas", "Zeus", "Zeusz"),
    (Mythos.CELTIC, "Erin", "Dagda", "Dagda"),
    (Mythos.GERMANIC, "Midgard", "Odin", "Odin"),
    (Mythos.EGYPTIAN, "Kemet", "Ra", "Ré"),
)

POOL: dict[str, CardDef] = {
    c.key: c
    for mythos, prefix, god, hu in _SETS
    for c in _mythos_cards(mythos, prefix, god, hu, {})
}


def _deck(mythos: Mythos, god: str) -> DeckList:
    entries = []
    for c in POOL.values():
        if c.mythos is not mythos:
            continue
        if c.type is CardType.HIGH_GOD:
            entries.append(DeckEntry(1, c.key))
        else:
            entries.append(DeckEntry(4, c.key))
    return DeckList(name=mythos.value, entries=tuple(entries))


DECKS: dict[str, DeckList] = {m.value: _deck(m, god) for m, _, god, _ in _SETS}
