"""A position builder for Mítosz: any quiet moment of a game, from the cards by key.

:class:`Position` lists each player's zones (:class:`Side`): the high god, the spheres,
the empire (:class:`People` on cells, with a location and the building on a region), the
leader row (:class:`Leader`, turned or not, with its items, a mount among them), the
intrigues, hand, deck, underworld and oblivion; the cards attached by their keyword to
cards on the board (:class:`KeywordAt`, such as runes, 8.rune) and the leaders held by
cards (:class:`HeldAt`, 5.15), so that every kind of attached card
(:class:`~mitosz_core.games.mitosz.state.AttachKind`) can be placed; and the turn: its
number, the active player, the turn order, and the step (one of :data:`PHASES`, the
quiet moments where the active player decides). :meth:`Position.state` builds the
:class:`~mitosz_core.State` and checks it with the ruleset's validator (the one
``State.from_json`` uses): a position that breaks a rule raises
:class:`~mitosz_core.errors.InvalidStateError` naming the rule. The state's
configuration is marked ``arranged`` and carries the position as its starting position
(:attr:`~mitosz_core.GameConfig.start`), so saved states of the game replay from it. The
state plays on from there; what the position placed is no event (6.5.1): the event
window has seen it.

A position can be a TOML or JSON file (:func:`load_position`), with the JSON Schema
``mitosz-position-1.schema.json`` of the package's schemas.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from mitosz_core.errors import InvalidStateError
from mitosz_core.games.mitosz.cards import CardDef
from mitosz_core.games.mitosz.effects.language import Release
from mitosz_core.games.mitosz.engine import RULESET, MitoszRuleset
from mitosz_core.games.mitosz.rules.events import seen_now
from mitosz_core.games.mitosz.state import (
    AttachKind,
    Attachment,
    Board,
    Game,
    Instance,
    LeaderSlot,
    Marker,
    PeopleSlot,
    Player,
    Realm,
    Turn,
)
from mitosz_core.games.mitosz.subtypes import Subtype, attaching_keyword
from mitosz_core.kernel.history import arrange
from mitosz_core.kernel.position_files import card_set_paths, read_position_file
from mitosz_core.kernel.rng import Rng
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig, State

PHASES: Mapping[str, str] = {
    "summoning_1": "turn.summoning_1",
    "combat": "turn.combat.declare",
    "summoning_2": "turn.summoning_2",
}
"""The steps a position may be at (6.2.3): the first summoning step, the start of the
combat phase (a fight may be declared), the second summoning step."""
SCHEMA = "mitosz-position-1.schema.json"
MOUNT = Subtype.MOUNT


@dataclass(frozen=True)
class People:
    """A people (by card key) on cell ``(x, y)`` of an empire, with a location on it."""

    card: str
    x: int = 0
    y: int = 0
    location: str | None = None
    building: str | None = None
    """A building attached to the location, a region (8.region)."""


@dataclass(frozen=True)
class Leader:
    """A leader in the leader row, turned or not, with its items (a mount among them
    rides with it, 8.mount)."""

    card: str
    turned: bool = False
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class Side:
    """One player's cards by key. ``spheres`` default to the high god's maxima (3.1);
    the deck is listed from its top."""

    high_god: str
    spheres: tuple[int, int, int, int] | None = None
    empire: tuple[People, ...] = ()
    leaders: tuple[Leader, ...] = ()
    intrigues: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    underworld: tuple[str, ...] = ()
    oblivion: tuple[str, ...] = ()


@dataclass(frozen=True)
class MarkerAt:
    """A marker (5.10) on ``player``'s card ``card`` on the board (the first of that key
    on their side: the high god, the empire, the leader row, the intrigues)."""

    player: int
    card: str
    level: int = 0
    power: int = 0


@dataclass(frozen=True)
class KeywordAt:
    """Player ``player``'s card ``card`` attached by its keyword (chapter 8: the attaching
    keyword's subtype it carries, such as a rune, 8.rune) to the card ``host`` on player
    ``host_player``'s side of the board (the first card of that key there, as for a
    :class:`MarkerAt`)."""

    player: int
    card: str
    host_player: int
    host: str


@dataclass(frozen=True)
class HeldAt:
    """Player ``player``'s leader ``card``, with its ``items``, held by the card ``host``
    on player ``host_player``'s side of the board (5.15) until ``release`` (``"attacked"``
    or ``"turn_start"``: :class:`~mitosz_core.games.mitosz.effects.language.Release`)."""

    player: int
    card: str
    host_player: int
    host: str
    release: str = "turn_start"
    turned: bool = False
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class Position:
    """A Mítosz position: the players' sides and the turn. See the module doc."""

    players: tuple[Side, ...]
    active: int = 0
    turn: int = 1
    phase: str = "summoning_1"
    order: tuple[int, ...] | None = None
    """The turn order; by default from player 0 up."""
    markers: tuple[MarkerAt, ...] = ()
    keyword_cards: tuple[KeywordAt, ...] = ()
    """Cards attached by their keyword to cards on the board (such as runes, 8.rune), in
    the order attached."""
    held: tuple[HeldAt, ...] = ()
    """Leaders held by cards (5.15), in the order attached."""
    seed: int = 0
    """Seeds the random generator from the position on (shuffles, reveals)."""
    auto_pass: bool = True
    card_sets: tuple[str, ...] = field(default=())
    """Card-set files whose cards the position names, beside the built-in sets."""

    def ruleset(self) -> MitoszRuleset:
        return RULESET if not self.card_sets else RULESET.with_card_sets(self.card_sets)

    def state(self, ruleset: MitoszRuleset | None = None) -> State[Game]:
        """The position as a state at its step, checked by the ruleset's validator;
        raises :class:`~mitosz_core.errors.InvalidStateError` naming the first broken
        rule. ``ruleset`` (by default the built-in one, with ``card_sets``) gives the
        card pool the keys name."""
        ruleset = self.ruleset() if ruleset is None else ruleset
        pool = ruleset.pool
        n = len(self.players)
        if not ruleset.min_players <= n <= ruleset.max_players:
            raise InvalidStateError(
                "players",
                "player-count",
                f"{n} players; Mítosz is played by {ruleset.players_text()}",
            )
        if not 0 <= self.active < n:
            raise InvalidStateError("active", "active-player", f"no player {self.active}")
        phase = PHASES.get(self.phase)
        if phase is None:
            raise InvalidStateError(
                "phase", "position-phase", f"{self.phase!r} is not one of {', '.join(PHASES)}"
            )
        layout = _Layout(pool)
        for j, held in enumerate(self.held):
            layout.player_index(f"held[{j}].player", held.player, n)
        for j, kept in enumerate(self.keyword_cards):
            layout.player_index(f"keyword_cards[{j}].player", kept.player, n)
        players = tuple(
            layout.side(i, side, self.held, self.keyword_cards)
            for i, side in enumerate(self.players)
        )
        markers = tuple(layout.marker(j, m, players) for j, m in enumerate(self.markers))
        for j, held in enumerate(self.held):
            layout.held(j, held, players)
        for j, kept in enumerate(self.keyword_cards):
            layout.keyword_card(j, kept, players)
        keys = sorted(set(layout.keys))
        index = {k: i for i, k in enumerate(keys)}
        game = Game(
            cards=tuple(pool[k] for k in keys),
            instances=tuple(
                Instance(index[k], owner)
                for k, owner in zip(layout.keys, layout.owners, strict=True)
            ),
            players=players,
            order=tuple(range(n)) if self.order is None else tuple(self.order),
            this_turn=Turn(active=self.active),
            markers=markers,
            board=Board(attachments=tuple(layout.attachments)),
        )
        decks = tuple(
            DeckList(f"position, player {i}", tuple(DeckEntry(1, k) for k in layout.of(i)))
            for i in range(n)
        )
        config = GameConfig(self.seed, n, decks, self.auto_pass, arranged=True)
        state: State[Game] = State(
            ruleset="mitosz",
            config=config,
            phase=phase,
            to_act=self.active,
            turn=self.turn,
            winner=None,
            is_over=False,
            rng=Rng.from_seed(self.seed),
            game=game,
        )
        state = _unseen(state)
        try:
            ruleset.validate(state)
        except InvalidStateError as exc:
            if exc.rule != "checks-done":
                raise
        else:
            state = arrange(state, ruleset)
            return ruleset.take_automatic(state) if self.auto_pass else state
        checked = ruleset.checks(state)  # what play would have noted: power holds (1.1.1)
        if checked.phase != state.phase or checked.is_over:
            raise InvalidStateError(
                "phase",
                "quiet-moment",
                f"not a quiet moment: the state-based checks go on to {checked.phase!r}",
            )
        state = _unseen(checked)
        ruleset.validate(state)
        state = arrange(state, ruleset)
        return ruleset.take_automatic(state) if self.auto_pass else state


def _unseen(state: State[Game]) -> State[Game]:
    """``state`` as the event window has seen it: what the position placed is no event
    (6.5.1)."""
    return state.evolve(game=replace(state.game, seen=seen_now(state)))


class _Layout:
    """Card ids handed out in order, by player; what each id is."""

    def __init__(self, pool: Mapping[str, CardDef]) -> None:
        self.pool = pool
        self.keys: list[str] = []
        self.owners: list[int] = []
        self.attachments: list[Attachment] = []
        self.placed: dict[str, tuple[int, tuple[int, ...]]] = {}
        """The cards attached by their keyword and the held leaders (and their items), by
        path."""

    def of(self, player: int) -> list[str]:
        return [k for k, o in zip(self.keys, self.owners, strict=True) if o == player]

    def take(self, player: int, key: object, path: str) -> int:
        if not isinstance(key, str) or key not in self.pool:
            raise InvalidStateError(path, "card-key", f"no card {key!r} in the card sets")
        self.keys.append(key)
        self.owners.append(player)
        return len(self.keys) - 1

    def many(self, player: int, keys: Sequence[str], path: str) -> tuple[int, ...]:
        return tuple(self.take(player, k, f"{path}[{j}]") for j, k in enumerate(keys))

    def side(
        self, i: int, side: Side, held: tuple[HeldAt, ...], kept: tuple[KeywordAt, ...]
    ) -> Player:
        at = f"players[{i}]"
        god = self.take(i, side.high_god, f"{at}.high_god")
        empire = []
        for j, p in enumerate(side.empire):
            people = self.take(i, p.card, f"{at}.empire[{j}].card")
            empire.append(PeopleSlot(people, p.x, p.y))
            if p.location is not None:  # 3.3: onto the people
                location = self.take(i, p.location, f"{at}.empire[{j}].location")
                self.attachments.append(Attachment(location, people, AttachKind.LOCATION))
                if p.building is not None:  # 8.region: onto the region
                    building = self.take(i, p.building, f"{at}.empire[{j}].building")
                    self.attachments.append(Attachment(building, location, AttachKind.BUILDING))
            elif p.building is not None:
                raise InvalidStateError(
                    f"{at}.empire[{j}].building",
                    "attachment-host",
                    "a building is attached to a region: this people has no location (8.region)",
                )
        leaders = []
        for j, leader in enumerate(side.leaders):
            card = self.take(i, leader.card, f"{at}.leaders[{j}].card")
            items = self.many(i, leader.items, f"{at}.leaders[{j}].items")
            self.attachments += (self.carried(item, card) for item in items)
            leaders.append(LeaderSlot(card, leader.turned))
        intrigues = self.many(i, side.intrigues, f"{at}.intrigues")
        hand = self.many(i, side.hand, f"{at}.hand")
        deck = self.many(i, side.deck, f"{at}.deck")
        underworld = self.many(i, side.underworld, f"{at}.underworld")
        oblivion = self.many(i, side.oblivion, f"{at}.oblivion")
        for j, h in enumerate(held):  # a player's cards are dealt together (config decks)
            if h.player == i:
                card = self.take(i, h.card, f"held[{j}].card")
                self.placed[f"held[{j}]"] = (card, self.many(i, h.items, f"held[{j}].items"))
        for j, k in enumerate(kept):
            if k.player == i:
                path = f"keyword_cards[{j}]"
                self.placed[path] = (self.take(i, k.card, f"{path}.card"), ())
        spheres = self.pool[side.high_god].spheres if side.spheres is None else side.spheres
        return Player(
            realm=Realm(god, tuple(empire), tuple(leaders), intrigues),
            spheres=tuple(spheres),  # type: ignore[arg-type]
            deck=deck,
            hand=hand,
            underworld=underworld,
            oblivion=oblivion,
        )

    def marker(self, j: int, m: MarkerAt, players: tuple[Player, ...]) -> Marker:
        card = self.on_board(f"markers[{j}]", "marker", m.player, m.card, players)
        return Marker(card, m.level, m.power)

    def on_board(
        self, path: str, rule: str, player: int, key: str, players: tuple[Player, ...]
    ) -> int:
        """The first card of ``key`` on ``player``'s side of the board."""
        if not 0 <= player < len(players):
            raise InvalidStateError(f"{path}.player", "player-index", f"no player {player}")
        realm = players[player].realm
        peoples = [s.card for s in realm.empire]
        leaders = [s.card for s in realm.leaders]
        locations = [
            a.card for a in self.attachments if a.kind is AttachKind.LOCATION and a.host in peoples
        ]
        board = (
            realm.high_god,
            *peoples,
            *locations,
            *(
                a.card
                for a in self.attachments
                if a.kind is AttachKind.BUILDING and a.host in locations
            ),
            *leaders,
            *(
                a.card
                for a in self.attachments
                if (a.kind is AttachKind.ITEM or a.kind is AttachKind.MOUNT) and a.host in leaders
            ),
            *realm.intrigues,
        )
        for card in board:
            if self.keys[card] == key:
                return card
        raise InvalidStateError(
            f"{path}.card" if rule == "marker" else f"{path}.host",
            rule,
            f"no {key!r} on player {player}'s side of the board",
        )

    def player_index(self, path: str, player: int, n: int) -> int:
        if not 0 <= player < n:
            raise InvalidStateError(path, "player-index", f"no player {player}")
        return player

    def keyword_card(self, j: int, k: KeywordAt, players: tuple[Player, ...]) -> None:
        path = f"keyword_cards[{j}]"
        if attaching_keyword(self.pool[k.card].subtypes) is None:
            raise InvalidStateError(
                f"{path}.card",
                "attachment",
                f"{k.card!r} has no attaching keyword's subtype, so no keyword attaches it",
            )
        self.player_index(f"{path}.host_player", k.host_player, len(players))
        host = self.on_board(path, "attachment-host", k.host_player, k.host, players)
        card = self.placed[path][0]
        self.attachments.append(Attachment(card, host, AttachKind.KEYWORD))

    def held(self, j: int, h: HeldAt, players: tuple[Player, ...]) -> None:
        path = f"held[{j}]"
        self.player_index(f"{path}.host_player", h.host_player, len(players))
        host = self.on_board(path, "attachment-host", h.host_player, h.host, players)
        try:
            release = Release(h.release)
        except ValueError:
            allowed = ", ".join(r.value for r in Release)
            raise InvalidStateError(
                f"{path}.release", "attachment", f"{h.release!r} is not one of {allowed}"
            ) from None
        card, items = self.placed[path]
        self.attachments.append(
            Attachment(
                card, host, AttachKind.HELD, player=h.player, release=release, turned=h.turned
            )
        )
        self.attachments += (self.carried(item, card) for item in items)

    def carried(self, item: int, leader: int) -> Attachment:
        """The record of a card a leader carries: its mount (8.mount) or an item (3.5)."""
        mount = self.pool[self.keys[item]].has_subtype(MOUNT)
        return Attachment(item, leader, AttachKind.MOUNT if mount else AttachKind.ITEM)


def position_from_data(data: Mapping[str, Any]) -> Position:
    """A position from the data of a position file (already checked against the
    schema)."""
    players = tuple(
        Side(
            high_god=p["high_god"],
            spheres=None if "spheres" not in p else tuple(p["spheres"]),
            empire=tuple(
                People(
                    e["card"], e.get("x", 0), e.get("y", 0), e.get("location"), e.get("building")
                )
                for e in p.get("empire", ())
            ),
            leaders=tuple(
                Leader(lead["card"], lead.get("turned", False), tuple(lead.get("items", ())))
                for lead in p.get("leaders", ())
            ),
            **{
                name: tuple(p.get(name, ()))
                for name in ("intrigues", "hand", "deck", "underworld", "oblivion")
            },
        )
        for p in data["players"]
    )
    markers = tuple(
        MarkerAt(m["player"], m["card"], m.get("level", 0), m.get("power", 0))
        for m in data.get("markers", ())
    )
    keyword_cards = tuple(
        KeywordAt(k["player"], k["card"], k["host_player"], k["host"])
        for k in data.get("keyword_cards", ())
    )
    held = tuple(
        HeldAt(
            h["player"],
            h["card"],
            h["host_player"],
            h["host"],
            h.get("release", "turn_start"),
            h.get("turned", False),
            tuple(h.get("items", ())),
        )
        for h in data.get("held", ())
    )
    order = data.get("order")
    return Position(
        players=players,
        active=data.get("active", 0),
        turn=data.get("turn", 1),
        phase=data.get("phase", "summoning_1"),
        order=None if order is None else tuple(order),
        markers=markers,
        keyword_cards=keyword_cards,
        held=held,
        seed=data.get("seed", 0),
        auto_pass=data.get("auto_pass", True),
        card_sets=tuple(data.get("card_sets", ())),
    )


def load_position(path: str | os.PathLike[str]) -> Position:
    """Read a position file (``.toml`` or ``.json``), within the input limits and
    checked against its JSON Schema; a file that breaks either raises
    :class:`~mitosz_core.errors.DecodeError` naming the file and the field. The
    ``card_sets`` paths are taken from the file's folder and must stay inside it (see
    :func:`~mitosz_core.kernel.position_files.card_set_paths`)."""
    data = read_position_file(path, SCHEMA, "mitosz")
    return replace(position_from_data(data), card_sets=card_set_paths(path, data))
