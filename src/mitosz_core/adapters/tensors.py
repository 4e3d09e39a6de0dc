"""Observation and information-state tensors (NumPy), per ruleset, of fixed shape.

Both hold exactly what :func:`~mitosz_core.observe` shows the player, so nothing the
player may not see; the printed features of a visible card (type, cost, level) come
from its card definition. :func:`observation_tensor` reads those values straight from
the state (the same rule functions ``observe`` calls, without building the observation's
card views); :func:`reference_observation_tensor` builds the same tensor from ``observe``
itself, field by field as documented, and the property suite checks that the two are
equal in every state. Every value is finite and, but for counts, in [0, 1]. The
layout of each ruleset is a list of named fields (:data:`MITOSZ_OBSERVATION`,
:data:`MYTHOS_OBSERVATION`); :func:`layout` gives it, and the docs page "Using the
engine for AI research" prints it field by field.

The information-state tensor is the observation tensor followed by what the player has
seen happen so far: for each seat (the player's own first), how many decisions of each
action class that seat has taken (a public record), divided by 100.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from mitosz_core.games.mitosz import actionspace as mitosz_space
from mitosz_core.games.mitosz.actions import ACTION_TYPES as MITOSZ_ACTIONS
from mitosz_core.games.mitosz.cards import CardDef as MitoszCard
from mitosz_core.games.mitosz.effects.language import ChangeLevel, NeutralizeAbility, SetLevel
from mitosz_core.games.mitosz.observation import Observation as MitoszObservation
from mitosz_core.games.mitosz.observation import SphereValues
from mitosz_core.games.mitosz.rules.continuous import lasting, lasting_of
from mitosz_core.games.mitosz.rules.empire import is_open
from mitosz_core.games.mitosz.rules.high_god import maxima
from mitosz_core.games.mitosz.rules.levels import level, power, road_level_now
from mitosz_core.games.mitosz.state import Game as MitoszGame
from mitosz_core.games.mitosz.state import LeaderSlot, cached, derived
from mitosz_core.games.mitosz.terms import CardType, Edge
from mitosz_core.games.mythos import actionspace as mythos_space
from mitosz_core.games.mythos.actions import ACTION_TYPES as MYTHOS_ACTIONS
from mitosz_core.games.mythos.cards import CardDef as MythosCard
from mitosz_core.games.mythos.cards import CardType as MythosCardType
from mitosz_core.games.mythos.observation import Observation as MythosObservation
from mitosz_core.games.mythos.rules.stats import Bonuses, attack, aura_cap, bonuses, life, max_life
from mitosz_core.games.mythos.state import CardId as MythosCardId
from mitosz_core.games.mythos.state import Game as MythosGame
from mitosz_core.games.mythos.state import Player as MythosPlayer
from mitosz_core.games.mythos.state import Slot
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.api import observe
from mitosz_core.kernel.state import State
from mitosz_core.kernel.values import CHECK_VIEWS, same_objects

Tensor = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Field:
    """One field of a tensor: ``size`` values, described by ``doc``."""

    name: str
    size: int
    doc: str


def _size(fields: tuple[Field, ...]) -> int:
    return sum(f.size for f in fields)


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
    Field("sizes", 4, "deck, hand, underworld, oblivion sizes / 60 (hand / 14)"),
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
        M_SEATS * _size(MITOSZ_SEAT),
        f"{M_SEATS} seats, the player's own first, each: "
        + "; ".join(f"{f.name} ({f.size})" for f in MITOSZ_SEAT),
    ),
    Field(
        "hand",
        M_HAND * _size(MITOSZ_HAND_CARD),
        f"{M_HAND} own hand slots, each: "
        + "; ".join(f"{f.name} ({f.size})" for f in MITOSZ_HAND_CARD),
    ),
)

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
        3 * Y_SLOTS * _size(MYTHOS_SLOT),
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
        2 * _size(MYTHOS_SEAT),
        "2 seats, the player's own first: "
        + "; ".join(f"{f.name} ({f.size})" for f in MYTHOS_SEAT),
    ),
    Field(
        "hand",
        Y_HAND * (1 + len(Y_TYPES) + 1),
        f"{Y_HAND} own hand slots: present, type one-hot, aura cost / 10",
    ),
)


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
    return (_size(layout(ruleset, information_state)),)


def _tenths(values: SphereValues) -> list[float]:
    """The four sphere numbers / 10, in the order of ``SPHERES``."""
    return [
        values["magic"] / 10,
        values["influence"] / 10,
        values["wealth"] / 10,
        values["force"] / 10,
    ]


_M_SEAT = _size(MITOSZ_SEAT)
_M_CARD = _size(MITOSZ_HAND_CARD)
_M_EDGE_NAMES = tuple(e.value for e in M_EDGES)
_M_EDGE_INDEX = {e: i for i, e in enumerate(M_EDGES)}
_M_TYPE_INDEX = {t: i for i, t in enumerate(M_TYPES)}


def _mitosz_reference(state: State[Any], player: int, out: list[float]) -> None:
    # The values go into a Python list, one index at a time (cheaper than writing into
    # a NumPy array); the caller makes the array at the end.
    obs = cast(MitoszObservation, observe(state, player))
    game = state.game
    n = state.config.players
    out[0] = obs["turn"] / 50
    out[1] = float(obs["over"])
    out[2] = float(obs["winner"] == player)
    out[3] = len(obs["stack"]) / 8
    out[4] = float(obs["choice"] is not None and obs["choice"]["player"] == player)
    fight = obs["fight"]
    if fight is not None:
        out[5:8] = (1.0, float(fight["attacker"] == player), float(fight["defender"] == player))
    at = 8
    for q in range(min(n, M_SEATS)):
        v = at + q * _M_SEAT
        i = (player + q) % n
        p = obs["players"][i]
        out[v] = 1.0
        out[v + 1] = float(obs["active"] == i)
        out[v + 2] = float(obs["to_act"] == i)
        out[v + 3 : v + 7] = _tenths(p["spheres"])
        out[v + 7 : v + 11] = _tenths(p["sphere_maxima"])
        out[v + 11] = p["power"] / 12
        out[v + 12 : v + 16] = (
            p["deck_size"] / 60,
            p["hand_size"] / M_HAND,
            len(p["underworld"]) / 60,
            len(p["oblivion"]) / 60,
        )
        out[v + 16] = float(p["holding_since_turn"] is not None)
        k = v + 17
        for j, leader in enumerate(p["leaders"][:M_LEADERS]):
            out[k + 4 * j : k + 4 * j + 4] = (
                1.0,
                leader["level"] / 10,
                float(leader["turned"]),
                len(leader["items"]) / 3,
            )
        k += 4 * M_LEADERS
        for j, slot in enumerate(p["empire"][:M_PEOPLES]):
            c = k + 13 * j
            out[c : c + 5] = (
                1.0,
                slot["x"] / 6,
                slot["y"] / 6,
                float(slot["location"] is not None),
                float(slot["building"] is not None),
            )
            for road in slot["roads"]:
                e = _M_EDGE_NAMES.index(road["edge"])
                out[c + 5 + e] = road["level"] / 10
                out[c + 9 + e] = float(road["open"])
        k += 13 * M_PEOPLES
        for j in range(min(len(p["intrigues"]), M_INTRIGUES)):
            out[k + j] = 1.0
    at += M_SEATS * _M_SEAT
    for j, card in enumerate(obs["players"][player].get("hand", [])[:M_HAND]):
        d = game.card(card["id"])
        v = at + j * _M_CARD
        out[v] = 1.0
        out[v + 1 + _M_TYPE_INDEX[d.type]] = 1.0
        k = v + 1 + len(M_TYPES)
        out[k] = d.level / 10
        out[k + 1 : k + 5] = [c / 10 for c in d.cost]
        out[k + 5] = d.power / 12


_Y_SEAT = _size(MYTHOS_SEAT)
_Y_SLOT = _size(MYTHOS_SLOT)
_Y_CARD = 1 + len(Y_TYPES) + 1
_Y_TYPE_INDEX = {t: i for i, t in enumerate(Y_TYPES)}
_Y_TYPE_NAMES = {t.value: i for i, t in enumerate(Y_TYPES)}


def _mythos_reference(state: State[Any], player: int, out: list[float]) -> None:
    obs = cast(MythosObservation, observe(state, player))
    game = state.game
    out[0] = obs["turn"] / 80
    out[1] = obs["round"] / 40
    out[2] = float(obs["over"])
    out[3] = float(obs["winner"] == player)
    out[4] = float(obs["to_act"] == player)
    combat = obs["combat"]
    if combat is not None:
        out[5:8] = (
            len(combat["attackers"]) / 5,
            len(combat["blocks"]) / 5,
            len(combat["order"]) / 5,
        )
    payment = obs["payment"]
    if payment is not None:
        out[8] = payment["left"] / 3
    at = 9
    u = 1 + len(Y_TYPES)
    for q in range(2):
        i = (player + q) % 2
        p = obs["players"][i]
        v = at + q * _Y_SEAT
        out[v] = p["life"] / 20
        out[v + 1 : v + 3] = (p["aura"] / 10, p["aura_cap"] / 10)
        out[v + 3 : v + 6] = (
            p["deck_size"] / 64,
            p["hand_size"] / Y_HAND,
            len(p["graveyard"]) / 64,
        )
        out[v + 6] = float(obs["active"] == i)
        k = v + 7
        for r, row in enumerate((p["battlefield"], p["infirmary"], p["sanctuary"])):
            for j, slot in enumerate(row[:Y_SLOTS]):
                w = k + (r * Y_SLOTS + j) * _Y_SLOT
                out[w] = 1.0
                out[w + 1 + _Y_TYPE_NAMES[slot["card"]["type"]]] = 1.0
                out[w + u] = float(slot["attached"] is not None)
                if "attack" in slot:
                    out[w + u + 1 : w + u + 6] = (
                        slot["attack"] / 10,
                        slot["life"] / 10,
                        slot["max_life"] / 10,
                        float(slot["mobilized"]),
                        float(slot["attacked"]),
                    )
    at += 2 * _Y_SEAT
    for j, card in enumerate(obs["players"][player].get("hand", [])[:Y_HAND]):
        d = game.card(card["id"])
        v = at + j * _Y_CARD
        out[v] = 1.0
        out[v + 1 + _Y_TYPE_INDEX[d.type]] = 1.0
        out[v + u] = d.cost / 10


def _floats(count: int) -> struct.Struct:
    """The packer of ``count`` float32 values in the machine's byte order (NumPy's
    ``float32``): each Python float is rounded to float32 as NumPy rounds it."""
    return struct.Struct(f"={count}f")


def _blank(count: int) -> bytes:
    """``count`` float32 zeros."""
    return bytes(4 * count)


_M_HEAD = _floats(8)
_M_SEAT_HEAD = _floats(17)
_M_LEADER = _floats(4)
_M_PEOPLE = _floats(13)
_M_CARD_ROW = _floats(_M_CARD)
_M_NO_SEAT = _blank(_M_SEAT)
_M_NO_LEADERS = tuple(_blank(4 * (M_LEADERS - k)) for k in range(M_LEADERS + 1))
_M_NO_PEOPLES = tuple(_blank(13 * (M_PEOPLES - k)) for k in range(M_PEOPLES + 1))
_M_NO_CARDS = tuple(_blank(_M_CARD * (M_HAND - k)) for k in range(M_HAND + 1))
_M_INTRIGUE_ROWS = tuple(
    _floats(M_INTRIGUES).pack(*([1.0] * k + [0.0] * (M_INTRIGUES - k)))
    for k in range(M_INTRIGUES + 1)
)
"""The intrigues field of a seat by how many intrigue slots are taken."""


def _mitosz(state: State[Any], player: int, memo: TensorMemo | None) -> bytes:
    # The fields of _mitosz_reference, read from the game value with the rule functions
    # that observe() calls for them (levels, road levels, open roads, maxima, power),
    # and nothing else: no card views, no levels of cards the tensor does not show. Each
    # part is packed as float32 bytes and the parts are joined once; the board fields of
    # a seat and the rows of the printed cards are cached views, copied in whole.
    game = cast(MitoszGame, state.game)
    if memo is not None:
        memo._sync(game)
    n = state.config.players
    choice = game.choice
    fight = game.fight
    parts = [
        _M_HEAD.pack(
            state.turn / 50,
            float(state.is_over),
            float(state.winner == player),
            len(game.stack) / 8,
            float(choice is not None and choice.player == player),
            0.0 if fight is None else 1.0,
            float(fight is not None and fight.attacker == player),
            float(fight is not None and fight.defender == player),
        )
    ]
    active = game.active
    to_act = state.to_act
    seats = min(n, M_SEATS)
    printed = not lasting(game) or (  # no lasting effect changes, sets or neutralises a level
        not lasting_of(game, ChangeLevel)
        and not lasting_of(game, SetLevel)
        and not lasting_of(game, NeutralizeAbility)
    )
    for q in range(seats):
        i = (player + q) % n
        p = game.players[i]
        magic, influence, wealth, force = p.spheres
        top = maxima(game, i)
        parts.append(
            _M_SEAT_HEAD.pack(
                1.0,
                float(active == i),
                float(to_act == i),
                magic / 10,
                influence / 10,
                wealth / 10,
                force / 10,
                top[0] / 10,
                top[1] / 10,
                top[2] / 10,
                top[3] / 10,
                power(game, i) / 12,
                len(p.deck) / 60,
                len(p.hand) / M_HAND,
                len(p.underworld) / 60,
                len(p.oblivion) / 60,
                float(p.hold is not None),
            )
        )
        if memo is None:
            parts += _mitosz_board(game, i, printed)
        else:
            parts += memo.mitosz_board(game, i, printed)
        parts.append(_M_INTRIGUE_ROWS[min(len(p.intrigues), M_INTRIGUES)])
    parts += (_M_NO_SEAT,) * (M_SEATS - seats)
    hand = game.players[player].hand[:M_HAND]
    if hand:
        if memo is None:
            rows = _mitosz_cards(game)
            instances = game.instances
            parts += [rows[instances[card].card] for card in hand]
        else:
            parts += memo.hand_rows(game, hand, _mitosz_card)
    parts.append(_M_NO_CARDS[len(hand)])
    return b"".join(parts)


def _mitosz_board(game: MitoszGame, i: int, printed: bool) -> tuple[bytes, bytes]:
    """The leaders and the empire fields of seat ``i`` (float32 bytes each), views of
    the board cached as the rules cache theirs (:mod:`mitosz_core.games.mitosz.state`),
    so that a decision that changes none of their inputs (a pass, a payment, a card
    drawn, another seat's realm) does not work out the levels and roads again (a
    :class:`TensorMemo` keeps them on the same parts, :meth:`TensorMemo.mitosz_board`).

    While no lasting effect changes, sets or neutralises a level (``printed``), the
    levels of the seat's leaders are those of its leader row, its high god, the markers
    and the printed cards alone, and the roads of its peoples those of its empire, its
    high god, the markers and the printed cards
    (:func:`~mitosz_core.games.mitosz.state.derived`, as
    :func:`~mitosz_core.games.mitosz.rules.levels.power` does): turning a leader leaves
    the empire's view as it was, and a new people the leaders'. Else they may depend on
    every realm, the board, the lasting effects, the fight (7.2.1) and the tie-breaks
    that settle between two effects that set a level (5.9):
    :func:`~mitosz_core.games.mitosz.state.cached` on those parts."""
    if printed:
        realm = game.players[i].realm
        leaders = derived(
            game,
            ("observation-tensor-leaders-printed", i),
            (realm.leaders, realm.high_god, game.markers),
            lambda: _mitosz_leader_values(game, i),
        )
        empire = derived(
            game,
            ("observation-tensor-empire-printed", i),
            (realm.empire, realm.high_god, game.markers),
            lambda: _mitosz_empire_values(game, i),
        )
        return leaders, empire
    parts = (game.markers, game.effects, game.fight, game.tiebreaks)
    leaders = cached(
        game, ("observation-tensor-leaders", i), parts, lambda: _mitosz_leader_values(game, i)
    )
    empire = cached(
        game, ("observation-tensor-empire", i), parts, lambda: _mitosz_empire_values(game, i)
    )
    return leaders, empire


def _mitosz_leader_values(game: MitoszGame, i: int) -> bytes:
    """The leaders field of seat ``i``: present, level / 10, turned, items / 3 per slot."""
    return _mitosz_leader_fields(game.players[i].leaders, _mitosz_levels(game, i))


def _mitosz_levels(game: MitoszGame, i: int) -> tuple[int, ...]:
    """The levels of the leaders of seat ``i`` (its first :data:`M_LEADERS` slots)."""
    return tuple([level(game, leader.card) for leader in game.players[i].leaders[:M_LEADERS]])


def _mitosz_leader_fields(leaders: tuple[LeaderSlot, ...], levels: tuple[int, ...]) -> bytes:
    """The leaders field of a seat from its leader slots and their ``levels``."""
    pack = _M_LEADER.pack
    parts = [
        pack(1.0, value / 10, float(leader.turned), len(leader.items) / 3)
        for leader, value in zip(leaders[:M_LEADERS], levels, strict=True)
    ]
    parts.append(_M_NO_LEADERS[len(levels)])
    return b"".join(parts)


def _mitosz_empire_values(game: MitoszGame, i: int) -> bytes:
    """The empire field of seat ``i``: per people slot, present, x / 6, y / 6, location,
    building, then road level / 10 and road open for north, east, south, west."""
    empire = game.players[i].empire[:M_PEOPLES]
    parts = []
    for slot in empire:
        row = [
            1.0,
            slot.x / 6,
            slot.y / 6,
            float(slot.location is not None),
            float(slot.building is not None),
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
        ]
        for road in game.card(slot.card).roads:
            e = _M_EDGE_INDEX[road.edge]
            row[5 + e] = road_level_now(game, i, slot, road) / 10
            row[9 + e] = float(is_open(game, i, slot, road))
        parts.append(_M_PEOPLE.pack(*row))
    parts.append(_M_NO_PEOPLES[len(empire)])
    return b"".join(parts)


def _mitosz_cards(game: MitoszGame) -> tuple[bytes, ...]:
    """The hand-slot fields of every printed card of the game, by its index in
    ``game.cards`` (float32 bytes), worked out once per set of cards
    (:func:`~mitosz_core.games.mitosz.state.derived`)."""
    return derived(
        game,
        "observation-tensor-cards",
        (),
        lambda: tuple(_mitosz_card(d) for d in game.cards),
    )


def _mitosz_card(d: MitoszCard) -> bytes:
    """The fields of a hand slot holding the printed card ``d``."""
    row = [0.0] * _M_CARD
    row[0] = 1.0
    row[1 + _M_TYPE_INDEX[d.type]] = 1.0
    k = 1 + len(M_TYPES)
    row[k] = d.level / 10
    row[k + 1 : k + 5] = [c / 10 for c in d.cost]
    row[k + 5] = d.power / 12
    return _M_CARD_ROW.pack(*row)


_Y_ROWS = 3
"""The rows of a seat in the tensor: battlefield, infirmary, sanctuary."""
_Y_HEAD = _floats(9)
_Y_SEAT_HEAD = _floats(7)
_Y_SLOT_ROW = _floats(_Y_SLOT)
_Y_CARD_ROW = _floats(_Y_CARD)
_Y_NO_SLOTS = tuple(_blank(_Y_SLOT * (Y_SLOTS - k)) for k in range(Y_SLOTS + 1))
_Y_NO_CARDS = tuple(_blank(_Y_CARD * (Y_HAND - k)) for k in range(Y_HAND + 1))
_Y_NO_UNIT = (0.0, 0.0, 0.0, 0.0, 0.0)
"""The unit fields of a slot that holds no unit."""

Tables = tuple[Bonuses, ...]
"""The passive bonuses (09.6) of every player, by the player's index."""


def _mythos_tables(game: MythosGame) -> Tables:
    """Every player's passive bonuses."""
    return tuple([bonuses(game, o) for o in range(len(game.players))])


def _mythos_slot(game: MythosGame, slot: Slot, tables: Tables) -> tuple[Extra, bytes]:
    """The fields of a row's slot (float32 bytes) and, for a unit, the passive bonuses
    of its owner that reach it (``tables[owner].of(unit)``: its attack and life count
    them), else ``None``."""
    kind = game.card(slot.card).type
    if kind is not MythosCardType.UNIT:
        return None, _Y_SLOT_ROW.pack(*_Y_ROW[kind, slot.attached is not None], *_Y_NO_UNIT)
    table = tables[game.owner(slot.card)]
    fields = _Y_SLOT_ROW.pack(
        *_Y_ROW[kind, slot.attached is not None],
        attack(game, slot, table) / 10,
        life(game, slot, table) / 10,
        max_life(game, slot, table) / 10,
        float(slot.mobilized),
        float(slot.attacked),
    )
    return table.of(slot.card), fields


def _mythos_row(game: MythosGame, row: tuple[Slot, ...], tables: Tables) -> bytes:
    """The fields of the first :data:`Y_SLOTS` slots of ``row`` (float32 bytes)."""
    slots = row[:Y_SLOTS]
    parts = [_mythos_slot(game, slot, tables)[1] for slot in slots]
    parts.append(_Y_NO_SLOTS[len(slots)])
    return b"".join(parts)


def _mythos_rows(p: MythosPlayer) -> tuple[tuple[Slot, ...], ...]:
    """The rows of a seat in the order of the tensor."""
    return (p.battlefield, p.infirmary, p.sanctuary)


def _mythos_seat(game: MythosGame, p: MythosPlayer, tables: Tables) -> bytes:
    """The fields of the rows of the seat of player ``p`` (float32 bytes)."""
    return b"".join([_mythos_row(game, row, tables) for row in _mythos_rows(p)])


def _sources(p: MythosPlayer) -> tuple[tuple[tuple[MythosCardId, MythosCardId | None], ...], ...]:
    """The cards of a player's rows and the cards attached to them, row by row: with the
    printed cards and the owners, all that the player's passive sources are read from
    (:func:`~mitosz_core.games.mythos.rules.stats.passive_sources`), so their bonuses
    and aura cap too; damage, markers and flags are not among them."""
    return tuple(tuple([(s.card, s.attached) for s in row]) for row in _mythos_rows(p))


Extra = tuple[int, int] | None
"""The passive attack and life bonuses that reach a unit (``None`` for a slot that holds
no unit)."""


class _PlayerEntry:
    """A player as the memo keeps them: the player value and its rows, the sources read
    from them (:func:`_sources`), their passive bonuses and aura cap."""

    __slots__ = ("cap", "player", "rows", "sources", "table")

    def __init__(
        self,
        player: MythosPlayer,
        sources: tuple[object, ...],
        table: Bonuses,
        cap: int,
    ) -> None:
        self.player = player
        self.rows = _mythos_rows(player)
        self.sources = sources
        self.table = table
        self.cap = cap


class _RowEntry:
    """A row as the memo keeps it: the row, every player's bonus tables it was read with,
    each slot with the bonuses that reach its unit and its fields, and the row's fields."""

    __slots__ = ("fields", "row", "slots", "tables")

    def __init__(
        self,
        row: tuple[Slot, ...],
        tables: Tables,
        slots: tuple[tuple[Slot, Extra, bytes], ...],
        fields: bytes,
    ) -> None:
        self.row = row
        self.tables = tables
        self.slots = slots
        self.fields = fields


class _SeatEntry:
    """A seat as the memo keeps it: the player value, every player's bonus tables its
    rows were read with, and the fields of its rows."""

    __slots__ = ("fields", "player", "tables")

    def __init__(self, player: MythosPlayer, tables: Tables, fields: bytes) -> None:
        self.player = player
        self.tables = tables
        self.fields = fields


class _BoardEntry:
    """A Mítosz seat's board fields as the memo keeps them: the leaders and the empire
    fields with the parts each was read from; the leaders' levels with theirs."""

    __slots__ = (
        "empire",
        "empire_parts",
        "leaders",
        "leaders_parts",
        "levels",
        "levels_key",
        "levels_parts",
    )

    def __init__(self) -> None:
        self.leaders_parts: tuple[object, ...] = ()
        self.leaders = b""
        self.empire_parts: tuple[object, ...] = ()
        self.empire = b""
        self.levels_parts: tuple[object, ...] = ()
        self.levels_key: tuple[object, ...] = ()
        self.levels: tuple[int, ...] = ()


class TensorMemo:
    """Parts of the observation tensors worked out for earlier states, kept between
    decisions by whoever builds the tensors of one game after another (an environment, an
    OpenSpiel game) and passed to :func:`observation_tensor`. It holds the parts of one
    set of printed cards and owners at a time (a state of another game empties it):

    * the fields of a hand slot, per printed card;
    * for Mítosz, a seat's leaders and empire fields, each kept while the parts it is
      read from are the same objects (see :meth:`mitosz_board`);
    * for MYTHOS, each player's passive bonuses and aura cap, kept while the cards in
      their rows and the cards attached to them are the same (:func:`_sources`: damage,
      markers and flags do not count); the fields of a seat's rows, kept while the
      seat's player value and the bonus tables are the same objects; else each row's,
      kept while the row and the tables are; else each slot's, kept while the slot is
      the same object and the bonuses that reach its unit are equal (a decision that
      damages one unit works out one slot again, not six rows).

    An entry is used only while what it was worked out from is the very object it holds
    (so that no other object can take its place) or, where said, equal to it. In the
    debug mode of the cached views (``MITOSZ_CHECK_VIEWS=1``,
    :data:`~mitosz_core.kernel.values.CHECK_VIEWS`) every entry used is worked out again
    and compared. A deep copy of a memo is the memo itself (the clones of an OpenSpiel
    state share their game's); a pickle of one is a new, empty memo."""

    __slots__ = ("_boards", "_cards", "_hand", "_players", "_seat", "_seats")

    def __init__(self) -> None:
        self._cards: tuple[object, object] | None = None
        """The printed cards and the owners (``game.cards``, ``game.instances``) of the
        entries."""
        self._hand: dict[int, bytes] = {}
        """The hand-slot fields by printed card (its index in ``game.cards``)."""
        self._boards: dict[int, _BoardEntry] = {}
        """Per Mítosz seat."""
        self._players: dict[int, _PlayerEntry] = {}
        """Per player."""
        self._seat: dict[int, _SeatEntry] = {}
        """Per seat."""
        self._seats: dict[tuple[int, int], _RowEntry] = {}
        """Per seat and row (0, 1, 2: battlefield, infirmary, sanctuary)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> TensorMemo:
        return self

    def __reduce__(self) -> tuple[type[TensorMemo], tuple[()]]:
        return (TensorMemo, ())

    def _sync(self, game: MitoszGame | MythosGame) -> None:
        """Empty the memo if ``game`` has other printed cards or owners than its
        entries (called first by every tensor the memo serves: the other methods take
        it as done)."""
        held = self._cards
        if held is None or held[0] is not game.cards or held[1] is not game.instances:
            self._cards = (game.cards, game.instances)
            self._hand.clear()
            self._boards.clear()
            self._players.clear()
            self._seat.clear()
            self._seats.clear()

    def hand_rows(
        self, game: MitoszGame | MythosGame, hand: tuple[int, ...], build: Callable[[Any], bytes]
    ) -> list[bytes]:
        """The fields of the hand slots holding ``hand``'s cards: ``build`` of each one's
        printed card, kept per printed card."""
        rows = self._hand
        instances = game.instances
        out = []
        for card in hand:
            index: int = instances[card].card
            row = rows.get(index)
            if row is None:
                row = rows[index] = build(game.cards[index])
            elif CHECK_VIEWS:
                assert build(game.cards[index]) == row, f"stale tensor memo of card {card}"
            out.append(row)
        return out

    def mitosz_board(self, game: MitoszGame, i: int, printed: bool) -> tuple[bytes, bytes]:
        """:func:`_mitosz_board` of seat ``i``, each field kept while the parts it is
        read from (those that :func:`_mitosz_board` names, the board value among them)
        are the very objects they were; and, while ``printed``, the levels of the
        leaders kept while the leaders and their items are equal (turning a leader does
        not change its level)."""
        realm = game.players[i].realm
        board, markers = game.board, game.markers
        leaders_parts: tuple[object, ...]
        empire_parts: tuple[object, ...]
        if printed:
            leaders_parts = (True, board, markers, realm.high_god, realm.leaders)
            empire_parts = (True, board, markers, realm.high_god, realm.empire)
        else:
            realms = [p.realm for p in game.players]
            leaders_parts = (False, board, markers, game.effects, game.fight, game.tiebreaks)
            leaders_parts = empire_parts = (*leaders_parts, *realms)
        entry = self._boards.get(i)
        if entry is None:
            entry = self._boards[i] = _BoardEntry()
        leaders_hit = same_objects(entry.leaders_parts, leaders_parts)
        if leaders_hit:
            if CHECK_VIEWS:
                fresh = _mitosz_leader_values(game, i)
                assert fresh == entry.leaders, f"stale tensor memo of seat {i}'s leaders"
        else:
            if printed:
                levels = self._levels(game, i, entry)
                entry.leaders = _mitosz_leader_fields(realm.leaders, levels)
            else:
                entry.leaders = _mitosz_leader_values(game, i)
            entry.leaders_parts = leaders_parts
        if (
            leaders_hit
            and empire_parts is leaders_parts
            and entry.empire_parts is entry.leaders_parts
        ) or same_objects(entry.empire_parts, empire_parts):  # (the same parts checked once)
            if CHECK_VIEWS:
                fresh = _mitosz_empire_values(game, i)
                assert fresh == entry.empire, f"stale tensor memo of seat {i}'s empire"
        else:
            entry.empire = _mitosz_empire_values(game, i)
            entry.empire_parts = empire_parts
        return entry.leaders, entry.empire

    def _levels(self, game: MitoszGame, i: int, entry: _BoardEntry) -> tuple[int, ...]:
        """The levels of seat ``i``'s leaders while no lasting effect changes a level:
        kept while the board, the markers and the high god are the same objects and the
        leaders and their items equal."""
        realm = game.players[i].realm
        parts = (game.board, game.markers, realm.high_god)
        key = tuple([(leader.card, leader.items) for leader in realm.leaders[:M_LEADERS]])
        if same_objects(entry.levels_parts, parts) and entry.levels_key == key:
            if CHECK_VIEWS:
                fresh = _mitosz_levels(game, i)
                assert fresh == entry.levels, f"stale tensor memo of seat {i}'s levels"
            return entry.levels
        entry.levels = _mitosz_levels(game, i)
        entry.levels_parts, entry.levels_key = parts, key
        return entry.levels

    def _player(self, game: MythosGame, o: int) -> _PlayerEntry:
        """Player ``o``'s entry: passive bonuses and aura cap (09.6, 03.5)."""
        p = game.players[o]
        entry = self._players.get(o)
        if entry is not None and entry.player is not p:
            rows = entry.rows
            if rows[0] is p.battlefield and rows[1] is p.infirmary and rows[2] is p.sanctuary:
                entry.player = p
            elif entry.sources == _sources(p):
                entry.player, entry.rows = p, _mythos_rows(p)
            else:
                entry = None
        if entry is None:
            table = bonuses(game, o)
            was = self._players.get(o)
            if was is not None and was.table == table:
                table = was.table  # the same object, so that the rows read with it hold
            entry = self._players[o] = _PlayerEntry(p, _sources(p), table, aura_cap(game, o))
        elif CHECK_VIEWS:
            fresh = (bonuses(game, o), aura_cap(game, o))
            assert fresh == (entry.table, entry.cap), f"stale tensor memo of player {o}"
        return entry

    def mythos_players(self, game: MythosGame) -> tuple[Tables, tuple[int, ...]]:
        """Every player's passive bonuses and aura cap, by the player's index."""
        entries = [self._player(game, o) for o in range(len(game.players))]
        return tuple([e.table for e in entries]), tuple([e.cap for e in entries])

    def mythos_seat(self, game: MythosGame, i: int, tables: Tables) -> bytes:
        """:func:`_mythos_seat` of seat ``i`` (``tables`` as :meth:`mythos_players`
        gives them), from the memo as far as it holds."""
        p = game.players[i]
        seat = self._seat.get(i)
        if seat is not None and seat.player is p and same_objects(seat.tables, tables):
            if CHECK_VIEWS:
                fresh = _mythos_seat(game, p, tables)
                assert fresh == seat.fields, f"stale tensor memo of seat {i}"
            return seat.fields
        parts = []
        for r, row in enumerate(_mythos_rows(p)):
            entry = self._seats.get((i, r))
            if entry is None or entry.row is not row or not same_objects(entry.tables, tables):
                entry = self._seats[i, r] = _row_entry(game, row, tables, entry)
            elif CHECK_VIEWS:
                fresh = _mythos_row(game, row, tables)
                assert fresh == entry.fields, f"stale tensor memo of seat {i}, row {r}"
            parts.append(entry.fields)
        fields = b"".join(parts)
        self._seat[i] = _SeatEntry(p, tables, fields)
        return fields


def _row_entry(
    game: MythosGame, row: tuple[Slot, ...], tables: Tables, before: _RowEntry | None
) -> _RowEntry:
    """The memo entry of ``row``, its slots taken from ``before`` (the row's entry in an
    earlier state) where the slot and the bonuses that reach its unit are equal."""
    slots = row[:Y_SLOTS]
    old = () if before is None else before.slots
    instances = game.instances
    kept: list[tuple[Slot, Extra, bytes]] = []
    for j, slot in enumerate(slots):
        if j < len(old):
            entry = old[j]
            extra = entry[1]
            was = entry[0]
            if (was is slot or was == slot) and (
                extra is None or tables[instances[slot.card].owner].of(slot.card) == extra
            ):
                if CHECK_VIEWS:
                    fresh = _mythos_slot(game, slot, tables)
                    assert fresh == entry[1:], f"stale tensor memo of {slot}"
                kept.append(entry)
                continue
        kept.append((slot, *_mythos_slot(game, slot, tables)))
    fields = b"".join([entry[2] for entry in kept]) + _Y_NO_SLOTS[len(slots)]
    return _RowEntry(row, tables, tuple(kept), fields)


def _mythos(state: State[Any], player: int, memo: TensorMemo | None) -> bytes:
    # The fields of _mythos_reference, read from the game value with the rule functions
    # that observe() calls for them (attack, life, aura cap), without the card views,
    # packed as float32 bytes and joined once.
    game = cast(MythosGame, state.game)
    if memo is not None:
        memo._sync(game)
    combat = game.combat
    payment = game.payment
    parts = [
        _Y_HEAD.pack(
            state.turn / 80,
            game.round / 40,
            float(state.is_over),
            float(state.winner == player),
            float(state.to_act == player),
            0.0 if combat is None else len(combat.attackers) / 5,
            0.0 if combat is None else len(combat.blocks) / 5,
            0.0 if combat is None else len(combat.order) / 5,
            0.0 if payment is None else payment.left / 3,
        )
    ]
    if memo is None:
        tables = _mythos_tables(game)
        caps = tuple([aura_cap(game, o) for o in range(len(game.players))])
    else:
        tables, caps = memo.mythos_players(game)
    for q in range(2):
        i = (player + q) % 2
        p = game.players[i]
        rows = _mythos_seat(game, p, tables) if memo is None else memo.mythos_seat(game, i, tables)
        parts.append(
            _Y_SEAT_HEAD.pack(
                p.life / 20,
                p.aura / 10,
                caps[i] / 10,
                len(p.deck) / 64,
                len(p.hand) / Y_HAND,
                len(p.graveyard) / 64,
                float(game.active == i),
            )
        )
        parts.append(rows)
    hand = game.players[player].hand[:Y_HAND]
    if memo is None:
        parts += [_mythos_card(game.card(card)) for card in hand]
    else:
        parts += memo.hand_rows(game, hand, _mythos_card)
    parts.append(_Y_NO_CARDS[len(hand)])
    return b"".join(parts)


def _mythos_card(d: MythosCard) -> bytes:
    """The fields of a hand slot holding the printed card ``d``."""
    return _Y_CARD_ROW.pack(*_Y_ROW[d.type, False][: 1 + len(Y_TYPES)], d.cost / 10)


_Y_ROW = {
    (kind, attached): (1.0, *(float(t is kind) for t in Y_TYPES), float(attached))
    for kind in Y_TYPES
    for attached in (False, True)
}
"""The first fields of a slot (present, type one-hot, attached) by type and attachment."""


Fill = Callable[[State[Any], int, list[float]], None]
_FILL: dict[str, Callable[[State[Any], int, TensorMemo | None], bytes]] = {
    "mitosz": _mitosz,
    "mythos": _mythos,
}
_REFERENCE: dict[str, Fill] = {"mitosz": _mitosz_reference, "mythos": _mythos_reference}
_ACTIONS = {"mitosz": MITOSZ_ACTIONS, "mythos": MYTHOS_ACTIONS}
_SEATS = {"mitosz": M_SEATS, "mythos": 2}


_SIZES = {
    (ruleset, information): _size(layout(ruleset, information))
    for ruleset in ("mitosz", "mythos")
    for information in (False, True)
}
"""The tensor sizes, worked out once."""


def _check_out(size: int, out: Tensor) -> None:
    """Refuse an ``out`` array that is not a float32 vector of ``size``."""
    if out.shape != (size,) or out.dtype != np.float32:
        raise ValueError(
            f"out must be a float32 array of shape ({size},), not {out.dtype} {out.shape}"
        )


def observation_bytes(state: State[Any], player: int, memo: TensorMemo | None = None) -> bytes:
    """The values of :func:`observation_tensor` as float32 bytes in the machine's byte
    order (``np.frombuffer(data, np.float32)`` reads them): what the tensor is made
    from, without an array (OpenSpiel's list of floats is read straight from them)."""
    return _FILL[state.ruleset](state, player, memo)


def observation_tensor(
    state: State[Any], player: int, out: Tensor | None = None, memo: TensorMemo | None = None
) -> Tensor:
    """The player's observation as a float32 vector of :func:`shape`; written into
    ``out`` (and returned) if given, else into a new array. A :class:`TensorMemo` kept
    from call to call saves work; the tensor is the same without."""
    if out is not None:
        _check_out(_SIZES[state.ruleset, False], out)
    values = np.frombuffer(_FILL[state.ruleset](state, player, memo), dtype=np.float32)
    if out is None:
        return values.copy()
    out[:] = values
    return out


def reference_observation_tensor(state: State[Any], player: int) -> Tensor:
    """The observation tensor built from :func:`~mitosz_core.observe` field by field as
    the layout documents it: slower than :func:`observation_tensor`, which must equal
    it in every state (a property of the test suite)."""
    values = [0.0] * _SIZES[state.ruleset, False]
    _REFERENCE[state.ruleset](state, player, values)
    return np.array(values, dtype=np.float32)


_KINDS = {
    ruleset: {cls: i for i, cls in enumerate(actions)} for ruleset, actions in _ACTIONS.items()
}


def _history(state: State[Any], player: int) -> Tensor:
    """The information state's extra part: decisions per seat (the player's own first)
    and action class, / 100."""
    ruleset = state.ruleset
    kinds = _KINDS[ruleset]
    count = len(kinds)
    n = state.config.players
    counts = np.zeros(_SEATS[ruleset] * count, dtype=np.float32)
    for decision in state.history:
        q = (decision.player - player) % n
        counts[q * count + kinds[type(decision.action)]] += 1
    share: Tensor = counts / np.float32(100)
    return share


def information_state_tensor(
    state: State[Any], player: int, out: Tensor | None = None, memo: TensorMemo | None = None
) -> Tensor:
    """The observation tensor followed by the public record of decisions per seat and
    action class (see the module); written into ``out`` (and returned) if given."""
    ruleset = state.ruleset
    size = _SIZES[ruleset, True]
    if out is None:
        target: Tensor = np.empty(size, dtype=np.float32)
    else:
        _check_out(size, out)
        target = out
    at = _SIZES[ruleset, False]
    target[:at] = np.frombuffer(_FILL[ruleset](state, player, memo), dtype=np.float32)
    target[at:] = _history(state, player)
    return target


def reference_information_state_tensor(state: State[Any], player: int) -> Tensor:
    """The information-state tensor from :func:`reference_observation_tensor`, as
    :func:`information_state_tensor` must give it."""
    return np.concatenate([reference_observation_tensor(state, player), _history(state, player)])
