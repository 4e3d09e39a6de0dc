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
from mitosz_core.games.mitosz.rules.continuous import lasting_of
from mitosz_core.games.mitosz.rules.empire import is_open
from mitosz_core.games.mitosz.rules.high_god import maxima
from mitosz_core.games.mitosz.rules.levels import level, power, road_level_now
from mitosz_core.games.mitosz.state import Game as MitoszGame
from mitosz_core.games.mitosz.state import cached, derived
from mitosz_core.games.mitosz.terms import CardType, Edge
from mitosz_core.games.mythos import actionspace as mythos_space
from mitosz_core.games.mythos.actions import ACTION_TYPES as MYTHOS_ACTIONS
from mitosz_core.games.mythos.cards import CardType as MythosCardType
from mitosz_core.games.mythos.observation import Observation as MythosObservation
from mitosz_core.games.mythos.rules.stats import Bonuses, attack, aura_cap, bonuses, life, max_life
from mitosz_core.games.mythos.state import Game as MythosGame
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.api import observe
from mitosz_core.kernel.state import State
from mitosz_core.kernel.values import same_objects

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


def _mitosz(state: State[Any], player: int, out: Tensor, memo: TensorMemo | None) -> None:
    # The fields of _mitosz_reference, read from the game value with the rule functions
    # that observe() calls for them (levels, road levels, open roads, maxima, power),
    # and nothing else: no card views, no levels of cards the tensor does not show. The
    # board fields of a seat and the rows of the printed cards are cached views (float32
    # bytes), copied in whole.
    game = cast(MitoszGame, state.game)
    n = state.config.players
    choice = game.choice
    out[0:5] = (
        state.turn / 50,
        float(state.is_over),
        float(state.winner == player),
        len(game.stack) / 8,
        float(choice is not None and choice.player == player),
    )
    fight = game.fight
    if fight is not None:
        out[5:8] = (1.0, float(fight.attacker == player), float(fight.defender == player))
    active = game.active
    to_act = state.to_act
    at = 8
    for q in range(min(n, M_SEATS)):
        v = at + q * _M_SEAT
        i = (player + q) % n
        p = game.players[i]
        magic, influence, wealth, force = p.spheres
        top = maxima(game, i)
        out[v : v + 17] = (
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
        out[v + 17 : v + _M_SEAT] = np.frombuffer(_mitosz_board(game, i), dtype=np.float32)
    at += M_SEATS * _M_SEAT
    hand = game.players[player].hand[:M_HAND]
    if hand:
        rows = _mitosz_cards(game)
        instances = game.instances
        block = b"".join([rows[instances[card].card] for card in hand])
        out[at : at + len(hand) * _M_CARD] = np.frombuffer(block, dtype=np.float32)


_LEVEL_KINDS: tuple[type[ChangeLevel | SetLevel | NeutralizeAbility], ...] = (
    ChangeLevel,
    SetLevel,
    NeutralizeAbility,
)
"""The lasting effects that may make a level other than the realm's own."""


def _mitosz_board(game: MitoszGame, i: int) -> bytes:
    """The leaders, empire and intrigues fields of seat ``i`` (float32 bytes), a view of
    the board cached as the rules cache theirs (:mod:`mitosz_core.games.mitosz.state`),
    so that a decision that changes none of its inputs (a pass, a payment, a card
    drawn, another seat's realm) does not work out the levels and roads again.

    While no lasting effect changes, sets or neutralises a level, the levels of the
    seat's leaders and roads are those of its own realm, the markers and the printed
    cards alone (:func:`~mitosz_core.games.mitosz.state.derived`, as
    :func:`~mitosz_core.games.mitosz.rules.levels.power` does). Else they may depend on
    every realm, the board, the lasting effects, the fight (7.2.1) and the tie-breaks
    that settle between two effects that set a level (5.9):
    :func:`~mitosz_core.games.mitosz.state.cached` on those parts."""
    if not any(lasting_of(game, kind) for kind in _LEVEL_KINDS):
        return derived(
            game,
            ("observation-tensor-board-printed", i),
            (game.players[i].realm, game.markers),
            lambda: _mitosz_board_values(game, i),
        )
    return cached(
        game,
        ("observation-tensor-board", i),
        (game.markers, game.effects, game.fight, game.tiebreaks),
        lambda: _mitosz_board_values(game, i),
    )


def _mitosz_board_values(game: MitoszGame, i: int) -> bytes:
    out = [0.0] * (_M_SEAT - 17)
    p = game.players[i]
    for j, leader in enumerate(p.leaders[:M_LEADERS]):
        out[4 * j : 4 * j + 4] = (
            1.0,
            level(game, leader.card) / 10,
            float(leader.turned),
            len(leader.items) / 3,
        )
    k = 4 * M_LEADERS
    for j, slot in enumerate(p.empire[:M_PEOPLES]):
        c = k + 13 * j
        out[c : c + 5] = (
            1.0,
            slot.x / 6,
            slot.y / 6,
            float(slot.location is not None),
            float(slot.building is not None),
        )
        for road in game.card(slot.card).roads:
            e = _M_EDGE_INDEX[road.edge]
            out[c + 5 + e] = road_level_now(game, i, slot, road) / 10
            out[c + 9 + e] = float(is_open(game, i, slot, road))
    k += 13 * M_PEOPLES
    for j in range(min(len(p.intrigues), M_INTRIGUES)):
        out[k + j] = 1.0
    return np.array(out, dtype=np.float32).tobytes()


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
    return np.array(row, dtype=np.float32).tobytes()


class TensorMemo:
    """Parts of the observation tensors worked out for earlier states, kept between
    decisions by whoever builds the tensors of one game after another (an environment, an
    OpenSpiel game) and passed to :func:`observation_tensor`: a MYTHOS seat's aura cap
    and rows, which a decision that changes only the other player leaves as they were.
    (Mítosz needs none: its ruleset caches such views with its game values.) An entry is
    used while the values it was worked out from are the very objects it holds, so that
    no other object can take their place; it keeps one entry per seat. A copy or a pickle
    of a memo is a new, empty one."""

    __slots__ = ("_seats",)

    def __init__(self) -> None:
        self._seats: dict[int, tuple[tuple[object, ...], tuple[int, ...], int, bytes]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> TensorMemo:
        return self

    def __reduce__(self) -> tuple[type[TensorMemo], tuple[()]]:
        return (TensorMemo, ())

    def mythos_seat(self, game: MythosGame, i: int) -> tuple[int, bytes]:
        """:func:`_mythos_seat` of seat ``i``, from the memo while its inputs are the same
        objects: the printed cards, the owners, and the rows of seat ``i`` and of the
        players who own a unit in them (their passive bonuses count, 09.6)."""
        entry = self._seats.get(i)
        if entry is not None:
            parts, owners, cap, rows = entry
            if same_objects(parts, _mythos_parts(game, i, owners)):
                return cap, rows
        cap, rows, owners = _mythos_seat(game, i)
        self._seats[i] = (_mythos_parts(game, i, owners), owners, cap, rows)
        return cap, rows


def _mythos_parts(game: MythosGame, i: int, owners: tuple[int, ...]) -> tuple[object, ...]:
    """What a seat's aura cap and rows are worked out from besides the printed cards and
    the owners: the rows of seat ``i`` and of the players in ``owners`` (the passive
    sources, 09.6, are cards in the rows); a change to a player's life, aura, deck or
    hand leaves them as they were."""
    parts: list[object] = [game.cards, game.instances]
    for o in (i, *owners):
        p = game.players[o]
        parts += (p.battlefield, p.infirmary, p.sanctuary)
    return tuple(parts)


def _mythos_seat(game: MythosGame, i: int) -> tuple[int, bytes, tuple[int, ...]]:
    """Seat ``i``'s aura cap, the fields of its rows (float32 bytes) and the other
    players who own a unit in them."""
    p = game.players[i]
    u = 1 + len(Y_TYPES)
    out = [0.0] * (_Y_SEAT - 7)
    tables: dict[int, Bonuses] = {}
    for r, row in enumerate((p.battlefield, p.infirmary, p.sanctuary)):
        for j, slot in enumerate(row[:Y_SLOTS]):
            w = (r * Y_SLOTS + j) * _Y_SLOT
            kind = game.card(slot.card).type
            out[w : w + u + 1] = _Y_ROW[kind, slot.attached is not None]
            if kind is MythosCardType.UNIT:
                owner = game.owner(slot.card)
                table = tables.get(owner)
                if table is None:
                    table = tables[owner] = bonuses(game, owner)
                out[w + u + 1 : w + u + 6] = (
                    attack(game, slot, table) / 10,
                    life(game, slot, table) / 10,
                    max_life(game, slot, table) / 10,
                    float(slot.mobilized),
                    float(slot.attacked),
                )
    owners = tuple(sorted(o for o in tables if o != i))
    return aura_cap(game, i), np.array(out, dtype=np.float32).tobytes(), owners


def _mythos(state: State[Any], player: int, out: Tensor, memo: TensorMemo | None) -> None:
    # The fields of _mythos_reference, read from the game value with the rule functions
    # that observe() calls for them (attack, life, aura cap), without the card views.
    game = cast(MythosGame, state.game)
    out[0:5] = (
        state.turn / 80,
        game.round / 40,
        float(state.is_over),
        float(state.winner == player),
        float(state.to_act == player),
    )
    combat = game.combat
    if combat is not None:
        out[5:8] = (
            len(combat.attackers) / 5,
            len(combat.blocks) / 5,
            len(combat.order) / 5,
        )
    payment = game.payment
    if payment is not None:
        out[8] = payment.left / 3
    at = 9
    u = 1 + len(Y_TYPES)
    for q in range(2):
        i = (player + q) % 2
        p = game.players[i]
        v = at + q * _Y_SEAT
        if memo is None:
            cap, rows, _ = _mythos_seat(game, i)
        else:
            cap, rows = memo.mythos_seat(game, i)
        out[v : v + 7] = (
            p.life / 20,
            p.aura / 10,
            cap / 10,
            len(p.deck) / 64,
            len(p.hand) / Y_HAND,
            len(p.graveyard) / 64,
            float(game.active == i),
        )
        out[v + 7 : v + _Y_SEAT] = np.frombuffer(rows, dtype=np.float32)
    at += 2 * _Y_SEAT
    for j, card in enumerate(game.players[player].hand[:Y_HAND]):
        d = game.card(card)
        v = at + j * _Y_CARD
        out[v : v + _Y_CARD] = (*_Y_ROW[d.type, False][:u], d.cost / 10)


_Y_ROW = {
    (kind, attached): (1.0, *(float(t is kind) for t in Y_TYPES), float(attached))
    for kind in Y_TYPES
    for attached in (False, True)
}
"""The first fields of a slot (present, type one-hot, attached) by type and attachment."""


Fill = Callable[[State[Any], int, list[float]], None]
_FILL: dict[str, Callable[[State[Any], int, Tensor, TensorMemo | None], None]] = {
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


def _target(size: int, out: Tensor | None) -> Tensor:
    """A zeroed float32 vector of ``size``: a new one, or ``out`` cleared."""
    if out is None:
        return np.zeros(size, dtype=np.float32)
    if out.shape != (size,) or out.dtype != np.float32:
        raise ValueError(
            f"out must be a float32 array of shape ({size},), not {out.dtype} {out.shape}"
        )
    out.fill(0.0)
    return out


def observation_tensor(
    state: State[Any], player: int, out: Tensor | None = None, memo: TensorMemo | None = None
) -> Tensor:
    """The player's observation as a float32 vector of :func:`shape`; written into
    ``out`` (and returned) if given, else into a new array. A :class:`TensorMemo` kept
    from call to call saves work; the tensor is the same without."""
    target = _target(_SIZES[state.ruleset, False], out)
    _FILL[state.ruleset](state, player, target, memo)
    return target


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
    target = _target(_SIZES[ruleset, True], out)
    at = _SIZES[ruleset, False]
    _FILL[ruleset](state, player, target[:at], memo)
    target[at:] = _history(state, player)
    return target


def reference_information_state_tensor(state: State[Any], player: int) -> Tensor:
    """The information-state tensor from :func:`reference_observation_tensor`, as
    :func:`information_state_tensor` must give it."""
    return np.concatenate([reference_observation_tensor(state, player), _history(state, player)])
