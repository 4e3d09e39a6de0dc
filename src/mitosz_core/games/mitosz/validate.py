"""The Mítosz validator: a whole state against every invariant of the game.

:func:`validate_state` is the one check of a state that :meth:`State.from_json
<mitosz_core.State.from_json>`, the position builder (:mod:`.position`) and the property
suite share. It raises :class:`~mitosz_core.errors.InvalidStateError` with the first
broken rule's name and the JSON path of the offending value; a state it accepts plays on
(it has a legal action, or the game is over).

The checks, in order: the kernel fields (:mod:`mitosz_core.kernel.validation`); the
players, the turn order and the configuration (the decks lay out exactly the cards in
play; a game from its set-up has the turn order and opening reveals its seed gives);
the card definitions (each one of the ruleset's pool as it is there, or, for a card not
in the pool, a card that a card file could define: ruling R-state-cards); every index
field against its range; every card in exactly one place and every pile its owner's;
each zone holding the card types it may hold; the board limits (2.3, 3.2.1, 3.4.2,
8.mount, 8.weapon, 8.armour); spheres; the frames, per frame kind (:data:`FRAME_KINDS`);
the fight; the interruption data and the turn's counters (:mod:`.validate_bounds`);
the effects the state holds, each one a card of the game gives, and the 5.9 tie-breaks
(:mod:`.validate_effects`); the result; and last, that the state plays on.

Cheap enough to run after every step: the parts that depend only on the cards and the
configuration are worked out once per such value (:func:`~mitosz_core.kernel.validation.once`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mitosz_core.errors import CardDataError, MitoszError
from mitosz_core.games.mitosz.carddata.checks import check_card
from mitosz_core.games.mitosz.cards import CardDef, CardType
from mitosz_core.games.mitosz.machine import (
    CLAMP_STEP,
    COUNTER_LEAVES,
    COUNTER_RESPOND_STEPS,
    END_EFFECTS_STEP,
    FORCED_LEAVES,
    HOSTS,
    INTERRUPTIBLE,
    PHASE_END_EDGES,
    PHASE_ENDS,
    PRODUCE_STEP,
    REGAIN_STEP,
    RESPONSE_LEAVES,
    TURN_BACK_STEP,
    TURN_LEAVES,
    WINDOW_HOSTS,
)
from mitosz_core.games.mitosz.rules.board import board_cards, held_cards
from mitosz_core.games.mitosz.rules.continuous import HAND_SIZE, hand_size
from mitosz_core.games.mitosz.rules.hosting import attached_as, items_of, walk
from mitosz_core.games.mitosz.rules.leaders import over_limit
from mitosz_core.games.mitosz.rules.levels import VICTORY_POWER, power
from mitosz_core.games.mitosz.rules.setup import build_game
from mitosz_core.games.mitosz.state import (
    AttachKind,
    CounterFrame,
    ForcedFrame,
    Frame,
    Game,
    ManeuverPending,
    ResponseFrame,
    RoundMark,
)
from mitosz_core.games.mitosz.subtypes import Subtype, attaching_keyword
from mitosz_core.games.mitosz.validate_bounds import check_counters, check_interruptions
from mitosz_core.games.mitosz.validate_effects import check_effects, check_tiebreaks
from mitosz_core.kernel.state import GameConfig, State
from mitosz_core.kernel.steps import StepRuleset
from mitosz_core.kernel.validation import (
    GAME,
    check_dealt,
    check_index,
    check_indices,
    check_kernel,
    check_optional_index,
    check_plays_on,
    check_range,
    decisions_taken,
    fail,
    once,
)

TERMINAL = frozenset({"over"})
MOUNT = Subtype.MOUNT
ONE_EACH = (Subtype.WEAPON, Subtype.ARMOUR)
"""A leader carries at most one of each (8.weapon, 8.armour)."""
AFTER_DISCARD = frozenset((CLAMP_STEP, REGAIN_STEP, PRODUCE_STEP, TURN_BACK_STEP))
"""The end-phase states after the discard step (6.2.4.2-6.2.4.4)."""
BEFORE_CLAMP = frozenset(
    s for s in TURN_LEAVES if s not in AFTER_DISCARD - {CLAMP_STEP} | {END_EFFECTS_STEP}
)
"""The steps of a turn in which the active player may still hold a stolen sphere point
above its maximum (7.4.11, 6.2.4.2)."""
SPHERE_CAP = 15
"""No sphere ever holds more: the largest maximum a card file can print (6) and the
largest gain it can print (9). Above its maximum, a sphere of the active player may hold
points gained this turn (spoils, 7.4.11, or a card's gain) until the end of the turn
clamps them (6.2.4.2)."""

ROW_OF_TYPE = {
    "high_god": frozenset({CardType.HIGH_GOD}),
    "empire": frozenset({CardType.PEOPLE}),
    "location": frozenset({CardType.LOCATION}),
    "leaders": frozenset({CardType.LEADER}),
    "intrigues": frozenset({CardType.INTRIGUE}),
}
"""The card types each zone of the board holds (3.1-3.6)."""

SERIAL = re.compile(r"[0-9]{1,6}")
"""A serial number, as the card schema writes it (2.9)."""
RANGES: tuple[tuple[str, int, int], ...] = (
    ("level", -9, 12),
    ("power", 0, 12),
)
SPHERE_RANGES: tuple[tuple[str, int, int], ...] = (
    ("cost", 0, 9),
    ("spheres", 0, 6),
    ("produces", 0, 6),
)
"""The ranges of the card schema (``mitosz-cards-1.schema.json``) for the numbers of a
card definition."""


@dataclass(frozen=True)
class FrameKind:
    """What a frame of one kind says: the machine states of the interruption it opens
    (``region``), and the states it may interrupt (``hosts``)."""

    region: frozenset[str]
    hosts: frozenset[str]


FRAME_KINDS: dict[type[Frame], FrameKind] = {
    CounterFrame: FrameKind(frozenset(COUNTER_LEAVES), frozenset(HOSTS)),
    ResponseFrame: FrameKind(frozenset(RESPONSE_LEAVES), frozenset(WINDOW_HOSTS)),
    ForcedFrame: FrameKind(frozenset(FORCED_LEAVES), frozenset(INTERRUPTIBLE)),
}
"""The frame kinds, one entry each: a new kind of interruption adds its row here."""
_WINDOW_EDGES = frozenset((host, str(edge)) for host, edge in PHASE_END_EDGES.items())
"""The edges a phase window may fire to end its phase (ruling R-6.1.4-phases)."""


def validate_state(
    state: State[Game], ruleset: StepRuleset[Game], pool: Mapping[str, CardDef]
) -> None:
    """Raise :class:`~mitosz_core.errors.InvalidStateError` unless ``state`` satisfies
    every invariant of Mítosz; ``pool`` is the ruleset's card pool."""
    game = state.game
    n = state.config.players
    check_kernel(state, ruleset, TERMINAL)
    _players(state)
    _card_defs(state.config, game, pool)
    _indices(state)  # the card indices first: the deal check of _config reads by them
    _config(state)
    _attachments(game)
    _places(state.config, game, n)
    _zones(game)
    _limits(state)
    _spheres(state)
    _frames(state)
    _fight(state)
    check_interruptions(state)
    check_counters(state)
    check_effects(state)
    check_tiebreaks(state)
    _result(state)
    check_plays_on(state, ruleset)


# --- players, order, configuration ----------------------------------------------------------


def _players(state: State[Game]) -> None:
    game, n = state.game, state.config.players
    if len(game.players) != n:
        fail(f"{GAME}.players", "player-count", f"expected {n} players, not {len(game.players)}")
    if len(state.config.decks) != n:
        fail("$.state.config.decks", "config-decks", f"expected {n} decks")
    if sorted(game.order) != list(range(n)):
        fail(f"{GAME}.order", "turn-order", "the turn order must list every player once")
    check_index(game.active, n, f"{GAME}.this_turn.active", "active-player", "player")


def _config(state: State[Game]) -> None:
    """The decks lay out the cards in play as ``new_game`` does; a game from its set-up
    has the turn order and opening reveals of its seed."""
    game, config = state.game, state.config
    layout = once(config, "layout", (game.cards,), lambda: _layout(config, game))
    if isinstance(layout, str):
        fail("$.state.config.decks", "config-decks", layout)
    once(config, "dealt", (game.cards, game.instances), lambda: _dealt(game, layout))
    reveals = game.opening_reveals
    if config.arranged:  # an arranged position: no set-up to compare with
        if reveals and len(reveals) != config.players:
            fail(f"{GAME}.opening_reveals", "opening-reveals", "one list of reveals per player")
        for i, row in enumerate(reveals):
            check_indices(
                row, len(game.instances), f"{GAME}.opening_reveals[{i}]", "opening-reveals", "card"
            )
        return
    start = once(config, "start", (game.cards,), lambda: _start(config, game))
    if isinstance(start, str):
        fail("$.state.config", "seed", start)
    order, first_reveals = start
    if game.order != order or reveals != first_reveals:
        fail(
            f"{GAME}.opening_reveals",
            "seed",
            "the turn order and opening reveals are not those the seed gives (6.1.1)",
        )
    decisions = decisions_taken(state)
    if state.turn > 1 + decisions:
        fail(
            "$.state.log",
            "log",
            f"turn {state.turn} after {decisions} decisions: a turn "
            "ends with a decision of its player",
        )


def _dealt(game: Game, layout: list[tuple[int, int]]) -> bool:
    dealt = [(inst.card, inst.owner) for inst in game.instances]
    check_dealt(dealt, layout, [c.key for c in game.cards], f"{GAME}.instances")
    return True


def _layout(config: GameConfig, game: Game) -> list[tuple[int, int]] | str:
    keys = sorted({e.card for deck in config.decks for e in deck.entries})
    if tuple(keys) != tuple(c.key for c in game.cards):
        return "the decks name other cards than the game holds"
    index = {k: i for i, k in enumerate(keys)}
    return [
        (index[e.card], owner)
        for owner, deck in enumerate(config.decks)
        for e in deck.entries
        for _ in range(e.count)
    ]


Start = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]


def _start(config: GameConfig, game: Game) -> Start | str:
    try:
        first, _ = build_game(config, {c.key: c for c in game.cards})
    except MitoszError as exc:
        return f"the configuration sets up no game: {exc}"
    return first.order, first.opening_reveals


# --- card definitions --------------------------------------------------------------------------


def _card_defs(config: GameConfig, game: Game, pool: Mapping[str, CardDef]) -> None:
    problem = once(config, "cards", (game.cards, pool), lambda: _card_problem(game, pool))
    if problem is not None:
        path, text = problem
        fail(path, "card-definition", text)


def _card_problem(game: Game, pool: Mapping[str, CardDef]) -> tuple[str, str] | None:
    keys = [c.key for c in game.cards]
    if keys != sorted(set(keys)):
        return f"{GAME}.cards", "the cards must have distinct keys, sorted"
    for i, card in enumerate(game.cards):
        path = f"{GAME}.cards[{i}]"
        known = pool.get(card.key)
        if known is not None:
            if card != known:
                return path, f"{card.key!r} differs from the card of that key in the card sets"
            continue
        text = _definition_problem(card)
        if text is not None:
            return path, text
    return None


def _definition_problem(card: CardDef) -> str | None:
    """What a card file could not say about ``card``: the schema's ranges and the card
    checks of :func:`~mitosz_core.games.mitosz.carddata.checks.check_card`."""
    if SERIAL.fullmatch(card.serial) is None:
        return f"the serial {card.serial[:20]!r} is not 1 to 6 digits"
    for name, low, high in RANGES:
        value = getattr(card, name)
        if not low <= value <= high:
            return f"{name} {value} is out of the range {low} to {high}"
    for name, low, high in SPHERE_RANGES:
        if any(not low <= v <= high for v in getattr(card, name)):
            return f"{name} {getattr(card, name)} is out of the range {low} to {high}"
    if card.rounds is not None and not 1 <= card.rounds <= 9:
        return f"rounds {card.rounds} is out of the range 1 to 9"
    if any(not 0 <= road.level <= 12 for road in card.roads):
        return "a road's level is out of the range 0 to 12"
    raw: dict[str, object] = {}
    if card.roads:
        raw["roads"] = True
    if any(card.spheres):
        raw["spheres"] = True
    try:
        check_card("a saved state", raw, card)
    except CardDataError as exc:
        return exc.problem
    return None


# --- index fields ------------------------------------------------------------------------------


def _indices(state: State[Game]) -> None:
    """Every field that names a player or a card id, against its range."""
    game, n = state.game, state.config.players
    ids = len(game.instances)
    bad = once(
        state.config, "instances", (game.instances, game.cards), lambda: _instance_problem(game, n)
    )
    if bad is not None:
        i, name = bad
        limit = len(game.cards) if name == "card" else n
        rule = "card-id" if name == "card" else "player-index"
        check_index(
            getattr(game.instances[i], name),
            limit,
            f"{GAME}.instances[{i}].{name}",
            rule,
            "card definition" if name == "card" else "player",
        )

    def cards(values: Sequence[int], path: str) -> None:
        check_indices(values, ids, path, "card-id", "card")

    def card(value: int | None, path: str) -> None:
        check_optional_index(value, ids, path, "card-id", "card")

    def player(value: int, path: str) -> None:
        check_index(value, n, path, "player-index", "player")

    for i, p in enumerate(game.players):
        at = f"{GAME}.players[{i}]"
        card(p.high_god, f"{at}.realm.high_god")
        for name in ("deck", "hand", "underworld", "oblivion"):
            cards(getattr(p, name), f"{at}.{name}")
        for j, slot in enumerate(p.empire):
            card(slot.card, f"{at}.realm.empire[{j}].card")
        for j, leader in enumerate(p.leaders):
            card(leader.card, f"{at}.realm.leaders[{j}].card")
        cards(p.intrigues, f"{at}.realm.intrigues")
        _round_mark(p.hold, n, f"{at}.hold")
    turn = game.this_turn
    at = f"{GAME}.this_turn"
    for name in ("peoples_placed", "regain_left", "turn_back_left"):
        check_range(getattr(turn, name), 0, 99, f"{at}.{name}", "turn-counter", name)
    for name in ("used", "blocked"):
        for j, (c, _) in enumerate(getattr(turn, name)):
            card(c, f"{at}.{name}[{j}][0]")
    for j, who in enumerate(turn.fates_played):
        player(who, f"{at}.fates_played[{j}]")
    for j, item in enumerate(game.stack):
        at = f"{GAME}.stack[{j}]"
        player(item.player, f"{at}.player")
        card(item.card, f"{at}.card")
        card(item.target, f"{at}.target")
        if isinstance(item, ManeuverPending):
            card(item.user, f"{at}.user")
            card(item.keyword_card, f"{at}.keyword_card")
            check_range(item.steps, 0, 99, f"{at}.steps", "pending", "steps")
            check_range(item.times, 0, 99, f"{at}.times", "pending", "times")
    for j, frame in enumerate(game.frames):
        if isinstance(frame, CounterFrame) and frame.round is not None:
            at = f"{GAME}.frames[{j}].round"
            player(frame.round.first, f"{at}.first")
            check_range(frame.round.passed, 0, n, f"{at}.passed", "counter-round", "passes")
    for j, todo in enumerate(game.todo):
        at = f"{GAME}.todo[{j}]"
        player(todo.player, f"{at}.player")
        for name in ("source", "target", "free_card"):
            card(getattr(todo, name), f"{at}.{name}")
    if game.choice is not None:
        player(game.choice.player, f"{GAME}.choice.player")
        cards(game.choice.options, f"{GAME}.choice.options")
        card(game.choice.source, f"{GAME}.choice.source")
        check_range(
            game.choice.count,
            1,
            max(1, len(game.choice.options)),
            f"{GAME}.choice.count",
            "choice",
            "count",
        )
    for j, effect in enumerate(game.effects):
        at = f"{GAME}.effects[{j}]"
        player(effect.player, f"{at}.player")
        player(effect.round_owner, f"{at}.round_owner")
        for name in ("source", "target", "free_card"):
            card(getattr(effect, name), f"{at}.{name}")
        if effect.rounds is not None:
            check_range(effect.rounds, 0, 9, f"{at}.rounds", "lasting-effect", "rounds")
    for j, waiting in enumerate(game.waiting):
        player(waiting.player, f"{GAME}.waiting[{j}].player")
        card(waiting.source, f"{GAME}.waiting[{j}].source")
    cards(game.lingering, f"{GAME}.lingering")
    for j, batch in enumerate(game.limbo):
        player(batch.owner, f"{GAME}.limbo[{j}].owner")
        cards(batch.cards, f"{GAME}.limbo[{j}].cards")
    for j, marker in enumerate(game.markers):
        card(marker.card, f"{GAME}.markers[{j}].card")
    for j, attached in enumerate(game.board.attachments):
        at = f"{GAME}.board.attachments[{j}]"
        card(attached.card, f"{at}.card")
        card(attached.host, f"{at}.host")
        if attached.player is not None:
            player(attached.player, f"{at}.player")
    for j, theft in enumerate(game.thefts):
        at = f"{GAME}.board.thefts[{j}]"
        card(theft.card, f"{at}.card")
        player(theft.thief, f"{at}.thief")
        player(theft.victim, f"{at}.victim")
        player(theft.round_owner, f"{at}.round_owner")
        if theft.rounds is not None:
            check_range(theft.rounds, 0, 9, f"{at}.rounds", "theft", "rounds")
    for j, (grantor, grantee) in enumerate(game.permits):
        player(grantor, f"{GAME}.permits[{j}][0]")
        player(grantee, f"{GAME}.permits[{j}][1]")
    _round_mark(game.deckout, n, f"{GAME}.deckout")
    cards(game.revealed, f"{GAME}.revealed")
    if game.peeked is not None:
        player(game.peeked[0], f"{GAME}.peeked[0]")
        card(game.peeked[1], f"{GAME}.peeked[1]")
    if game.seen is not None and len(game.seen.players) != n:
        fail(f"{GAME}.seen.players", "event-window", f"expected {n} players")
    if game.next_id < 1:
        fail(f"{GAME}.next_id", "ids", "ids of pending effects start at 1")


def _instance_problem(game: Game, n: int) -> tuple[int, str] | None:
    for i, inst in enumerate(game.instances):
        if not 0 <= inst.card < len(game.cards):
            return i, "card"
        if not 0 <= inst.owner < n:
            return i, "owner"
    return None


def _round_mark(mark: RoundMark | None, n: int, path: str) -> None:
    if mark is not None:
        check_range(mark.turn, 1, None, f"{path}.turn", "round-mark", "a round's turn")
        check_index(mark.round_owner, n, f"{path}.round_owner", "player-index", "player")


# --- places, owners, zones, limits -------------------------------------------------------------


def _places(config: GameConfig, game: Game, n: int) -> None:
    """1.2: every card in exactly one place; G1: every pile holds its owner's cards."""
    everywhere: list[int] = []
    for i, p in enumerate(game.players):
        everywhere += (*p.deck, *p.hand, *p.underworld, *p.oblivion, *board_cards(game, i))
    everywhere += held_cards(game)
    everywhere += (item.card for item in game.stack if item.card is not None)
    everywhere += game.lingering
    for batch in game.limbo:
        everywhere += batch.cards
    count = len(game.instances)
    if len(everywhere) != count or len(set(everywhere)) != count:
        seen = Counter(everywhere)
        for card in range(count):
            if seen[card] != 1:
                fail(GAME, "one-place", f"card #{card} is in {seen[card]} places, not exactly 1")
    mine = once(config, "owned", (game.instances,), lambda: _owned(game, n))
    for i, p in enumerate(game.players):
        if (
            mine[i].issuperset(p.deck)
            and mine[i].issuperset(p.hand)
            and (mine[i].issuperset(p.underworld) and mine[i].issuperset(p.oblivion))
        ):
            if p.high_god not in mine[i]:
                fail(
                    f"{GAME}.players[{i}].realm.high_god",
                    "card-owner",
                    "a high god stays with its owner",
                )
            continue
        for name in ("deck", "hand", "underworld", "oblivion"):
            for j, card in enumerate(getattr(p, name)):
                if game.owner(card) != i:
                    fail(
                        f"{GAME}.players[{i}].{name}[{j}]",
                        "card-owner",
                        f"card #{card} is player {game.owner(card)}'s, not player {i}'s (G1)",
                    )
        if game.owner(p.high_god) != i:
            fail(
                f"{GAME}.players[{i}].realm.high_god",
                "card-owner",
                "a high god stays with its owner",
            )
    for j, batch in enumerate(game.limbo):
        for card in batch.cards:
            if game.owner(card) != batch.owner:
                fail(
                    f"{GAME}.limbo[{j}]",
                    "card-owner",
                    f"card #{card} is not player {batch.owner}'s",
                )


_FACTS: Mapping[AttachKind, tuple[str, ...]] = {
    AttachKind.MOUNT: ("shared",),
    AttachKind.KEYWORD: (),
    AttachKind.HELD: ("player", "release", "turned"),
    AttachKind.ITEM: (),
    AttachKind.LOCATION: (),
    AttachKind.BUILDING: (),
}
"""The facts each kind of attachment may carry (:class:`~.state.Attachment`)."""
_REQUIRED: Mapping[AttachKind, tuple[str, ...]] = {AttachKind.HELD: ("player", "release")}
"""The facts a kind of attachment must carry."""
_HOST_KINDS: Mapping[AttachKind, tuple[AttachKind, ...]] = {
    AttachKind.BUILDING: (AttachKind.LOCATION,),
}
"""Kinds attached only to the card of another attachment: a region's building
(8.region)."""
_CARRIED = (AttachKind.ITEM, AttachKind.MOUNT)
"""Kinds attached only to a leader, in a leader row or held (3.5, 8.mount, 5.15)."""
_ONE_EACH: Mapping[AttachKind, str] = {
    AttachKind.LOCATION: "a people has one location (3.3)",
    AttachKind.BUILDING: "a region has one building (8.building)",
}
"""Kinds of which a host has at most one."""


def _attachments(game: Game) -> None:
    """The attachment relation (:func:`~.rules.hosting.walk`): each record of the board
    (:attr:`~.state.Board.attachments`) carries the facts of its kind only; no card is
    attached twice (a mount is its rider's mount, not also its item, 8.mount); nothing
    is attached to itself; every host of a record is a card on the board (an item's or
    a mount's a leader in a leader row or a held one, a location's a people of an
    empire, a building's a location); a people has one location and a region one
    building; a keyword's card carries an attaching keyword's subtype."""
    attachments = game.board.attachments
    if not attachments:
        return
    on_board = {c for i in range(len(game.players)) for c in board_cards(game, i)}
    peoples = {slot.card for p in game.players for slot in p.empire}
    kinds: dict[int, list[AttachKind]] = {}
    for card, _, kind in walk(game):
        kinds.setdefault(card, []).append(kind)
    held = {c for c, k in kinds.items() if AttachKind.HELD in k or AttachKind.ITEM in k}
    held |= {c for c, k in kinds.items() if AttachKind.MOUNT in k}
    leaders = {slot.card for p in game.players for slot in p.leaders}
    leaders |= {c for c, k in kinds.items() if AttachKind.HELD in k}
    for j, a in enumerate(attachments):
        at = f"{GAME}.board.attachments[{j}]"
        for name in ("shared", "player", "release", "turned"):
            value = getattr(a, name)
            if name not in _FACTS[a.kind] and value not in (None, False):
                fail(f"{at}.{name}", "attachment", f"a {a.kind} attachment has no {name}")
        for name in _REQUIRED.get(a.kind, ()):
            if getattr(a, name) is None:
                fail(f"{at}.{name}", "attachment", f"a {a.kind} attachment needs its {name}")
        if a.card == a.host:
            fail(f"{at}.host", "attachment-host", f"card #{a.card} is attached to itself")
        found = kinds[a.card]
        if len(found) > 1:
            fail(f"{at}.card", "attached-twice", f"card #{a.card} is attached more than once")
        if a.kind in _ONE_EACH and len(attached_as(game, a.host, a.kind)) > 1:
            fail(f"{at}.host", "attachment", _ONE_EACH[a.kind])
        hosts = _HOST_KINDS.get(a.kind)
        if a.kind is AttachKind.LOCATION:
            if a.host not in peoples:
                fail(
                    f"{at}.host",
                    "attachment-host",
                    f"card #{a.host} is no people of an empire, so no location's host (3.3)",
                )
        elif a.kind in _CARRIED:
            if a.host not in leaders:
                fail(
                    f"{at}.host",
                    "attachment-host",
                    f"card #{a.host} is no leader in a leader row or held by a card,"
                    f" so no {a.kind}'s host (3.5, 5.15)",
                )
        elif hosts is not None:
            if not set(kinds.get(a.host, ())) & set(hosts):
                fail(
                    f"{at}.host",
                    "attachment-host",
                    f"card #{a.host} is no {' or '.join(hosts)} attachment, so no {a.kind}'s host",
                )
        elif a.host not in on_board and a.host not in held:
            fail(
                f"{at}.host",
                "attachment-host",
                f"card #{a.host} is not on the board, so nothing is attached to it",
            )
        if a.kind is AttachKind.KEYWORD and attaching_keyword(game.card(a.card).subtypes) is None:
            fail(
                f"{at}.card",
                "attachment",
                f"{game.card(a.card).name} (#{a.card}) has no attaching keyword's subtype,"
                " so no keyword attaches it (chapter 8)",
            )


def _owned(game: Game, n: int) -> tuple[frozenset[int], ...]:
    """Each player's card ids."""
    return tuple(
        frozenset(c for c, inst in enumerate(game.instances) if inst.owner == i) for i in range(n)
    )


def _zones(game: Game) -> None:
    """Each zone of the board holds the card types it may hold (3.1-3.6, 3.8, 8.mount)."""
    troops = set() if game.fight is None else {t.card for t in game.fight.troops}
    where = {a.card: f"{GAME}.board.attachments[{j}]" for j, a in enumerate(game.board.attachments)}

    def expect(card: int, kinds: frozenset[CardType], path: str) -> None:
        kind = game.card(card).type
        if kind not in kinds:
            fail(path, "zone-type", f"a {kind} card cannot be here")

    for i, p in enumerate(game.players):
        at = f"{GAME}.players[{i}].realm"
        expect(p.high_god, ROW_OF_TYPE["high_god"], f"{at}.high_god")
        for j, slot in enumerate(p.empire):
            expect(slot.card, ROW_OF_TYPE["empire"], f"{at}.empire[{j}].card")
        for j, leader in enumerate(p.leaders):
            rider = game.card(leader.card)
            expect(leader.card, ROW_OF_TYPE["leaders"], f"{at}.leaders[{j}].card")
            carried = items_of(game, leader.card)
            attached = [(c, game.card(c)) for c in carried if c not in troops]
            for c, d in attached:
                if d.type is not CardType.ITEM and not d.has_subtype(MOUNT):
                    fail(
                        f"{where[c]}.card",
                        "zone-type",
                        f"a {d.type} card cannot be attached to a leader",
                    )
            mounts = [d for _, d in attached if d.type is CardType.LEADER]
            if len(mounts) > 1 or (mounts and rider.has_subtype(MOUNT)):
                fail(
                    f"{at}.leaders[{j}].card",
                    "mount",
                    "a leader rides one mount, and a mount rides none (8.mount)",
                )
            items = [d for _, d in attached if d.type is CardType.ITEM]
            for keyword in ONE_EACH:
                if sum(d.has_subtype(keyword) for d in items) > 1:
                    fail(
                        f"{at}.leaders[{j}].card",
                        keyword,
                        f"a leader carries one {keyword} (8.{keyword})",
                    )
        for j, card in enumerate(p.intrigues):
            expect(card, ROW_OF_TYPE["intrigues"], f"{at}.intrigues[{j}]")
    for j, a in enumerate(game.board.attachments):  # 3.3, 8.region: onto a people or region
        if a.kind is AttachKind.LOCATION or a.kind is AttachKind.BUILDING:
            expect(a.card, ROW_OF_TYPE["location"], f"{GAME}.board.attachments[{j}].card")


def _limits(state: State[Game]) -> None:
    """2.3 (unique cards), 3.2.1 (copies of a people, one people per cell), 3.4.2 (the
    leader row) and 1.5.2 (the hand after the discard step)."""
    game = state.game
    serials: Counter[str] = Counter()
    for i in range(len(game.players)):
        for card in board_cards(game, i):
            d = game.card(card)
            if d.unique and d.type is not CardType.HIGH_GOD:
                serials[d.serial] += 1
    twice = sorted(s for s, k in serials.items() if k > 1)
    if twice:
        fail(f"{GAME}.players", "unique", f"the unique card {twice[0]} is on the board twice (2.3)")
    copies = Counter(game.card(slot.card).key for p in game.players for slot in p.empire)
    for key, k in copies.items():
        roads = next(len(d.roads) for d in game.cards if d.key == key)
        if k > roads:
            fail(
                f"{GAME}.players",
                "people-copies",
                f"{k} copies of {key} on the board, at most as many as its roads ({roads}, 3.2.1)",
            )
    forced = state.phase in FORCED_LEAVES
    resume = game.frames[-1].host if forced and game.frames else None
    for i, p in enumerate(game.players):
        at = f"{GAME}.players[{i}].realm"
        cells = [(slot.x, slot.y) for slot in p.empire]
        if len(set(cells)) != len(cells):
            twice_cell = next(c for c in cells if cells.count(c) > 1)
            fail(
                f"{at}.empire",
                "one-people-per-cell",
                f"two peoples on the cell {twice_cell} (3.2.1)",
            )
        for j, (x, y) in enumerate(cells):
            check_range(x, -99, 99, f"{at}.empire[{j}].x", "cell", "a cell's x")
            check_range(y, -99, 99, f"{at}.empire[{j}].y", "cell", "a cell's y")
        if not forced and over_limit(game, i):  # cursed leaders may stay over (2.4)
            fail(
                f"{at}.leaders",
                "leader-row",
                f"{len(p.leaders)} leaders for {len(p.empire)} peoples (3.4.2)",
            )
    after = state.phase in AFTER_DISCARD or resume in AFTER_DISCARD
    if after:
        hand = game.players[game.active].hand
        if len(hand) > max(HAND_SIZE, hand_size(game, game.active)):
            fail(
                f"{GAME}.players[{game.active}].hand",
                "hand-size",
                f"{len(hand)} cards after the discard step (1.5.2)",
            )


def _spheres(state: State[Game]) -> None:
    """3.1: never below 0 nor above the printed maxima, except points the active player
    gained this turn, which fall at the end of the turn (6.2.4.2; :data:`SPHERE_CAP`)."""
    game = state.game
    phase = state.phase
    if game.frames:
        phase = game.frames[0].host
    for i, p in enumerate(game.players):
        path = f"{GAME}.players[{i}].spheres"
        top = game.card(p.high_god).spheres
        if any(v < 0 for v in p.spheres):
            fail(path, "spheres", f"spheres are never negative: {p.spheres}")
        if i == game.active and phase in BEFORE_CLAMP:
            top = (SPHERE_CAP,) * 4
        if any(v > m for v, m in zip(p.spheres, top, strict=True)):
            fail(path, "spheres", f"spheres {p.spheres} above the maxima {top} (3.1)")


# --- frames, fight, result ---------------------------------------------------------------------


def _frames(state: State[Game]) -> None:
    """Each frame names a state its kind may interrupt, inside the interruption below it
    (or a turn step for the first), and the machine state lies in the last one's region
    (or in a turn step when there is none). Checked per kind through :data:`FRAME_KINDS`."""
    game = state.game
    region: frozenset[str] = frozenset(TURN_LEAVES)
    for i, frame in enumerate(game.frames):
        kind = FRAME_KINDS.get(type(frame))
        path = f"{GAME}.frames[{i}]"
        if kind is None:
            fail(path, "frame", f"no frame kind {frame.kind!r}")
        if frame.host not in kind.hosts or frame.host not in region:
            fail(f"{path}.host", "frame", f"a {frame.kind} frame cannot interrupt {frame.host!r}")
        region = kind.region
    if not state.is_over and state.phase not in region:
        fail("$.state.phase", "frame", f"{state.phase!r} is not where the frames say play is")
    for i, frame in enumerate(game.frames):
        if isinstance(frame, ResponseFrame) and frame.then:
            window = (frame.host, frame.then)
            if frame.host not in PHASE_ENDS or window not in _WINDOW_EDGES:
                fail(
                    f"{GAME}.frames[{i}].then",
                    "frame",
                    f"no phase ends by {frame.then!r} at {frame.host!r} (R-6.1.4-phases)",
                )
        if isinstance(frame, ResponseFrame):
            check_index(
                frame.priority,
                state.config.players,
                f"{GAME}.frames[{i}].priority",
                "frame",
                "player",
            )
    last = game.frames[-1] if game.frames else None
    if state.phase in COUNTER_RESPOND_STEPS and (
        not isinstance(last, CounterFrame) or last.round is None
    ):
        at = f"{GAME}.frames[{len(game.frames) - 1}].round"
        fail(at, "counter-round", "a counter round is under way")


def _fight(state: State[Game]) -> None:
    game, n = state.game, state.config.players
    fight = game.fight
    if fight is None:
        return
    ids = len(game.instances)
    at = f"{GAME}.fight"
    for name in ("attacker", "defender"):
        check_index(getattr(fight, name), n, f"{at}.{name}", "fight", "player")
    for name in ("people", "pending_leader", "asked"):
        limit = n if name == "asked" else ids
        check_optional_index(getattr(fight, name), limit, f"{at}.{name}", "fight", name)
    for side in ("attack", "defend"):
        for j, leader in enumerate(getattr(fight, side)):
            check_optional_index(leader, ids, f"{at}.{side}[{j}]", "fight", "card")
    for j, (who, side_index) in enumerate(fight.helpers):
        check_index(who, n, f"{at}.helpers[{j}][0]", "fight", "player")
        check_index(side_index, 2, f"{at}.helpers[{j}][1]", "fight", "side")
    check_indices(fight.declined, n, f"{at}.declined", "fight", "player")
    check_indices(fight.fighters, n, f"{at}.fighters", "fight", "player")
    if fight.fighters:
        check_index(fight.current, len(fight.fighters), f"{at}.current", "fight", "fighter")
    check_range(fight.passed, 0, max(n, len(fight.fighters)), f"{at}.passed", "fight", "passes")
    for j, troop in enumerate(fight.troops):
        check_index(troop.card, ids, f"{at}.troops[{j}].card", "fight", "card")
        check_index(troop.side, 2, f"{at}.troops[{j}].side", "fight", "side")
    check_indices(fight.turned, ids, f"{at}.turned", "fight", "card")
    check_indices(fight.decided, ids, f"{at}.decided", "fight", "card")
    if any(v < 0 for v in fight.fear_cost):
        fail(f"{at}.fear_cost", "fight", "a cost is never negative")


def _result(state: State[Game]) -> None:
    """The ending agrees with the result (1.1.1, 1.3.4)."""
    game = state.game
    if not state.is_over:
        if game.ending is not None:
            fail(f"{GAME}.ending", "result", "a running game has no ending")
        return
    if game.ending not in ("power", "deck-out"):
        fail(f"{GAME}.ending", "result", "a game ends by power or by deck-out")
    if game.ending == "deck-out" and any(p.deck for p in game.players):
        fail(f"{GAME}.ending", "result", "a deck-out ending with cards left in a deck (1.3.4)")
    winner = state.winner
    if game.ending == "power" and winner is not None and power(game, winner) < VICTORY_POWER:
        fail("$.state.winner", "result", f"the winner has less than {VICTORY_POWER} power")
