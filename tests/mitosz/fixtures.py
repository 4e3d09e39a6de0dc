"""A small test-only card pool and tools to arrange Mítosz scenarios.

Scenario tests build their games from these cards, not from the sample pool, so a change
to the sample cards never changes what a rule test means. The cards are card-set files
(``tests/mitosz/cards/*.toml``, the format of the built-in sets and of a user's sets),
read by the public card-set loader.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Pass, ToUnderworld
from mitosz_core.games.mitosz.carddata import Pool, load_set, load_sets
from mitosz_core.games.mitosz.cards import CardDef, CardType, Edge, Mythos, Road
from mitosz_core.games.mitosz.effects.language import AnyEffect, Cards, Release, Side
from mitosz_core.games.mitosz.engine import MitoszRuleset, settle
from mitosz_core.games.mitosz.machine import COUNTER_RESPOND_STEPS, Phase
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.events import seen_now
from mitosz_core.games.mitosz.rules.flow import at_quiet_moment, turn_phase
from mitosz_core.games.mitosz.rules.hosting import (
    attach,
    items_of,
    location_of,
    of_kind,
    placed_on,
)
from mitosz_core.games.mitosz.state import (
    ActiveEffect,
    AttachKind,
    Attachment,
    CardId,
    Game,
    LeaderSlot,
    PeopleSlot,
)
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig
from mitosz_core.mitosz import People, Position
from mitosz_core.mitosz import Side as PlayerSide

N, E, So, W = Edge.NORTH, Edge.EAST, Edge.SOUTH, Edge.WEST
H, C = Mythos.HELLENIC, Mythos.CELTIC
CARD_FILES = Path(__file__).parent / "cards"
"""The test-only card sets, in the card file format of the built-in sets."""


def card_set(name: str) -> tuple[CardDef, ...]:
    """The cards of the test set ``cards/<name>.toml``, read by the public card-set loader."""
    return load_set(CARD_FILES / f"{name}.toml").cards


def card_pool(*names: str) -> Pool:
    """The test sets ``names`` loaded together (links resolved among them), as
    ``new_game(card_sets=...)`` loads a user's sets, without the built-in sets."""
    return load_sets([CARD_FILES / f"{n}.toml" for n in names])


ENEMY_LEADERS = Cards(types=(CardType.LEADER,), side=Side.ENEMY)
OWN_LEADERS = Cards(types=(CardType.LEADER,), side=Side.OWN)
MANEUVER_CARDS = list(card_set("maneuvers"))
CARDS = [*card_set("base"), *MANEUVER_CARDS]
POOL = card_pool("base", "maneuvers")
RULESET = MitoszRuleset(pool=POOL)
_serial = iter(range(1118, 9999))
"""Serials of cards a test makes with :func:`card` (past those of the card files)."""


def card(key: str, kind: CardType, mythos: Mythos = H, **kw: Any) -> CardDef:
    """A test card made in Python, for a test that needs a card of its own."""
    name = kw.pop("name", key)
    serial = kw.pop("serial", str(next(_serial)))
    return CardDef(
        key=key,
        name_en=name,
        name_hu=key,
        serial=serial,
        set_symbol="TEST",
        mythos=mythos,
        type=kind,
        **kw,
    )


def variant(base: CardDef, key: str, **changes: Any) -> CardDef:
    """A test card made from ``base`` under the name ``key``, with a serial of its own
    (as :func:`card` gives) and ``changes``."""
    return replace(base, key=key, name_en=key, name_hu=key, serial=str(next(_serial)), **changes)


def roads(*spec: tuple[Edge, int]) -> tuple[Road, ...]:
    return tuple(Road(e, lv) for e, lv in spec)


CROSS = (People("Cross", 10, 10),)
"""An empire of one Cross on cell (10, 10), as the arenas deal each player: room for a
third leader in the row (3.4.2)."""
FILLER = ("Line",) * 12
"""A deck to draw from in positions (the deck is listed from its top)."""


def sky(**zones: Any) -> PlayerSide:
    """The Sky god's side of a position (spheres 3/3/3/3 unless given), ``FILLER`` deck."""
    zones.setdefault("deck", FILLER)
    return PlayerSide("Sky God", **zones)


def sea(**zones: Any) -> PlayerSide:
    """The Sea god's side of a position (spheres 2/4/1/5 unless given), ``FILLER`` deck."""
    zones.setdefault("deck", FILLER)
    return PlayerSide("Sea God", **zones)


def build(*sides: PlayerSide, ruleset: MitoszRuleset | None = None, **turn: Any) -> S:
    """The position of ``sides`` (player 0 first) in ``ruleset``'s pool (this test pool
    by default), checked by the shared validator (``mitosz_core.mitosz.Position``);
    ``turn`` as Position takes it."""
    return Position(players=sides, **turn).state(RULESET if ruleset is None else ruleset)


def the(s: S, key: str, owner: int = 0) -> int:
    """The id of ``owner``'s one card ``key``."""
    (found,) = ids(s, key, owner)
    return found


def deck(god: str, name: str) -> DeckList:
    others = [c.key for c in CARDS if c.type is not CardType.HIGH_GOD and c.key != "Sky Leader"]
    entries = [DeckEntry(1, god), DeckEntry(1, "Sky Leader")]
    entries += [DeckEntry(4, k) for k in others]
    return DeckList(name, tuple(entries))


SKY = deck("Sky God", "sky")
SEA = deck("Sea God", "sea")


def start(seed: int = 3, players: int = 2, **kw: Any) -> S:
    """A new test game at the starting player's first summoning step, every response
    on the way passed (6.5.1)."""
    decks = tuple([SKY, SEA, SKY, SEA][:players])
    s = RULESET.setup(GameConfig(seed=seed, players=players, decks=decks, **kw))
    return pass_windows(s)


def pass_windows(s: S) -> S:
    """Pass every open response (6.1.4, 6.5.1)."""

    while s.phase == "response.respond":
        s = act(s, Pass())
    return s


def start_sky(players: int = 2, **kw: Any) -> S:
    """A new test game whose starting player has the Sky god (spheres 3/3/3/3)."""
    for seed in range(100):
        s = start(seed, players, **kw)
        if s.game.card(s.game.players[s.game.active].high_god).key == "Sky God":
            return s
    raise AssertionError("no seed lets the Sky player start")


def ids(s: S, key: str, owner: int) -> list[int]:
    return [
        i
        for i, inst in enumerate(s.game.instances)
        if inst.owner == owner and s.game.cards[inst.card].key == key
    ]


def _pull(s: S, player: int, key: str) -> tuple[S, int]:
    """Take a card ``key`` owned by ``player`` out of their deck, hand or underworld."""
    p = s.game.players[player]
    for zone in ("deck", "hand", "underworld"):
        cards: tuple[int, ...] = getattr(p, zone)
        for cid in cards:
            if s.game.card(cid).key == key:
                rest = tuple(c for c in cards if c != cid)
                p = replace(p, **{zone: rest})  # type: ignore[arg-type]
                return s.evolve(game=s.game.with_player(player, p)), cid
    raise AssertionError(f"player {player} has no {key} left off the board")


def to_hand(s: S, player: int, key: str) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    p = s.game.players[player]
    return s.evolve(game=s.game.with_player(player, replace(p, hand=(*p.hand, cid)))), cid


def put_people(s: S, player: int, key: str, x: int, y: int) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    p = s.game.players[player]
    p = p.changed(empire=(*p.empire, PeopleSlot(cid, x, y)))
    return s.evolve(game=s.game.with_player(player, p)), cid


def put_leader(s: S, player: int, key: str, turned: bool = False) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    p = s.game.players[player]
    p = p.changed(leaders=(*p.leaders, LeaderSlot(cid, turned)))
    return s.evolve(game=s.game.with_player(player, p)), cid


def attach_item(s: S, player: int, key: str, leader: int) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    return attached(s, Attachment(cid, leader, AttachKind.ITEM)), cid


def items(game: Game, leader: CardId) -> tuple[CardId, ...]:
    """What ``leader`` carries (its items, its mount, a battle's troops), in the order
    attached."""
    return items_of(game, leader)


def row_items(game: Game, player: int, index: int = 0) -> tuple[CardId, ...]:
    """What the ``index``-th leader of ``player``'s leader row carries."""
    return items_of(game, game.players[player].leaders[index].card)


def attach_location(s: S, player: int, key: str, people: int) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    return attached(s, Attachment(cid, people, AttachKind.LOCATION)), cid


def location(game: Game, people: CardId) -> CardId | None:
    """The location attached to ``people`` (3.3), if any."""
    return location_of(game, people)


def building(game: Game, people: CardId) -> CardId | None:
    """The building on the region attached to ``people`` (8.region), if any."""
    placed = placed_on(game, people)
    return placed[1] if len(placed) > 1 else None


def with_building(s: S, player: int, building: CardId, people: CardId) -> S:
    """``s`` with ``building`` from ``player``'s hand onto the region on ``people``."""
    region = location_of(s.game, people)
    assert region is not None
    p = s.game.players[player]
    s = set_player(s, player, hand=tuple(c for c in p.hand if c != building))
    return attached(s, Attachment(building, region, AttachKind.BUILDING))


def set_player(s: S, player: int, **changes: Any) -> S:
    return s.evolve(game=s.game.with_player(player, s.game.players[player].changed(**changes)))


def set_game(s: S, **changes: Any) -> S:
    return s.evolve(game=s.game.changed(**changes))


def lasting(
    s: S,
    effect: AnyEffect,
    player: int,
    source: CardId | None = None,
    target: CardId | None = None,
) -> S:
    """``s`` with a lasting effect of ``player``'s ``source`` in force: fixed on ``target``,
    or, with ``target`` ``None``, on what its selector names (5.7) or on its players."""
    made = ActiveEffect(s.game.next_id, effect, player, source, target)
    return set_game(s, effects=(*s.game.effects, made), next_id=s.game.next_id + 1)


# --- the board's attachments (Board.attachments), by hand -----------------------------------


def rune(card: CardId, host: CardId) -> Attachment:
    """Rune ``card`` attached to ``host`` (8.rune)."""
    return Attachment(card, host, AttachKind.KEYWORD)


def mount(card: CardId, rider: CardId) -> Attachment:
    """Mount ``card`` attached to ``rider`` (8.mount)."""
    return Attachment(card, rider, AttachKind.MOUNT)


def held(
    slot: LeaderSlot, host: CardId, player: int, release: Release, items: tuple[CardId, ...] = ()
) -> tuple[Attachment, ...]:
    """Leader ``slot`` held by card ``host`` (5.15), with ``items``."""
    leader = Attachment(
        slot.card, host, AttachKind.HELD, player=player, release=release, turned=slot.turned
    )
    return (leader, *(Attachment(i, slot.card, AttachKind.ITEM) for i in items))


def attached(s: S, *added: Attachment) -> S:
    """``s`` with ``added`` attached last on the board."""
    return s.evolve(game=attach(s.game, *added))


def runes(s: S) -> tuple[Attachment, ...]:
    return of_kind(s.game, AttachKind.KEYWORD)


def mounts(s: S) -> tuple[Attachment, ...]:
    return of_kind(s.game, AttachKind.MOUNT)


def held_leaders(s: S) -> tuple[Attachment, ...]:
    return of_kind(s.game, AttachKind.HELD)


def refresh(s: S) -> S:
    """Re-run the state-based checks and automatic steps after arranging a state."""
    return settle(s)


@cache
def _validator(cards: tuple[CardDef, ...]) -> MitoszRuleset:
    """A ruleset whose pool is ``cards``, to validate a state of those cards."""
    return MitoszRuleset(pool={c.key: c for c in cards})


def arranged(s: S) -> S:
    """``s`` with its arranged changes taken as the baseline: a test that puts cards in
    place by hand has made no event (6.5.1), so no event window opens for it. A state
    changed by hand (at a quiet moment) is checked by the shared validator, as a built
    position is (``build``), so no test plays on from a position the rules forbid."""

    if not at_quiet_moment(s) or s.game.seen is None:
        return s
    now = seen_now(s)
    if now == s.game.seen:
        return s
    out = s.evolve(game=replace(s.game, seen=now))
    _validator(s.game.cards).validate(out)
    return out


def act(s: S, action: mc.Action) -> S:
    """Take ``action`` in ``s`` (whose hand-arranged changes are no events)."""
    result: S = mc.apply(arranged(s), action)
    return result


def pass_until(s: S, phase: str, limit: int = 200) -> S:
    """Take the first legal action (a pass where possible) until ``phase`` is reached."""

    for _ in range(limit):
        if s.phase == phase:
            return s
        legal = mc.legal_actions(s)
        s = act(s, Pass() if Pass() in legal else legal[0])
    raise AssertionError(f"{phase} not reached; stuck in {s.phase}")


def lay_underworld(s: S, order: list[int] | None = None) -> S:
    """Answer the 1.4.2 ordering choice: the cards in ``order`` first, then any."""

    wanted = list(order or [])
    while s.phase == "forced.underworld_order":
        legal = mc.legal_actions(s)
        pick = next((a for a in legal if isinstance(a, ToUnderworld) and a.card in wanted), None)
        s = act(s, pick or legal[0])
    return s


def settle_counter(s: S) -> S:
    """Pass every open counter round and response until play is back in a main step
    (or a player must choose cards for an effect)."""

    while s.phase in (*COUNTER_RESPOND_STEPS, "response.respond"):
        s = act(s, Pass())
    return s


def pass_counter(s: S) -> S:
    """Pass every open counter round (6.4.1), and only those."""
    while s.phase in COUNTER_RESPOND_STEPS:
        s = act(s, Pass())
    return s


def clear_hands(s: S) -> S:
    """Every hand goes to the bottom of its deck, so no stray card can respond."""
    for i, p in enumerate(s.game.players):
        s = set_player(s, i, hand=(), deck=(*p.deck, *p.hand))
    return s


def put_intrigue(s: S, player: int, key: str) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    p = s.game.players[player]
    return s.evolve(game=s.game.with_player(player, p.changed(intrigues=(*p.intrigues, cid)))), cid


def duel(seed: int = 0, **kw: Any) -> tuple[S, int, int]:
    """A Sky-player's first summoning step with both hands emptied: (state, me, other)."""
    s = clear_hands(start_sky(**kw))
    me = s.game.active
    return s, me, 1 - me


def next_turn(s: S) -> S:
    """Play passes (or the first legal action) until the next turn has begun and its
    start and draw phases are over (their windows passed, ruling R-6.1.4-phases)."""

    turn = s.turn
    while not s.is_over and (s.turn == turn or turn_phase(s) in (Phase.START, Phase.DRAW)):
        legal = mc.legal_actions(s)
        s = act(s, Pass() if Pass() in legal else legal[0])
    return s


def play(s: S, action: mc.Action) -> S:
    """Take ``action`` and pass the counter rounds it opens."""
    return settle_counter(act(s, action))


# --- chapter 8 attachments: regions, buildings, potions, runes (8.region ... 8.rune) --------

ATTACHMENT_CARDS = list(card_set("attachments"))
ATTACHMENT_POOL = card_pool("base", "maneuvers", "attachments")
ATTACHMENT_RULESET = MitoszRuleset(pool=ATTACHMENT_POOL)


def attachment_deck(god: str, name: str) -> DeckList:
    entries = [DeckEntry(1, god), DeckEntry(1, "Sky Leader")]
    entries += [DeckEntry(4, c.key) for c in ATTACHMENT_CARDS]
    entries += [DeckEntry(4, k) for k in ("Cross", "Line", "Cheap", "Hero", "Sword", "Fog")]
    entries += [DeckEntry(4, k) for k in ("Market", "Tower", "Thief", "Devotee", "Banner")]
    return DeckList(name, tuple(entries))


def attachment_arena(**kw: Any) -> tuple[S, int, int]:
    """A Sky player's first summoning step with the chapter 8 attachment cards in both
    decks and every hand emptied: (state, me, other). ``kw`` goes to the game's config."""
    decks = (attachment_deck("Sky God", "sky"), attachment_deck("Sea God", "sea"))
    for seed in range(200):
        config = GameConfig(seed=seed, players=2, decks=decks, **kw)
        s = pass_windows(ATTACHMENT_RULESET.setup(config))
        if s.game.card(s.game.players[s.game.active].high_god).key == "Sky God":
            s = clear_hands(s)
            return s, s.game.active, 1 - s.game.active
    raise AssertionError("no seed lets the Sky player start")


# --- timed effects, on-play maneuvers, summoning conditions, neutralised abilities and ----
# --- new card types (6.2.1.3, 6.2.4.5, 7.4.12, 6.3.4, 6.3.7, 5.5, 5.16) -------------------


TIMED_CARDS = list(card_set("timed"))
TIMED_POOL = card_pool("base", "maneuvers", "timed")
TIMED_RULESET = MitoszRuleset(pool=TIMED_POOL)


def timed_deck(god: str, name: str) -> DeckList:
    entries = [DeckEntry(1, god), DeckEntry(1, "Sky Leader")]
    entries += [DeckEntry(4, c.key) for c in TIMED_CARDS]
    entries += [DeckEntry(4, k) for k in ("Cross", "Line", "Cheap", "Hero", "Sword", "King")]
    entries += [DeckEntry(4, k) for k in ("Banner", "Bulwark", "Sentinel", "Seer", "Thief")]
    entries += [DeckEntry(4, "Gatekeeper")]
    return DeckList(name, tuple(entries))


def timed_arena(sky_first: bool = True) -> tuple[S, int, int]:
    """The first summoning step of a game with the timed-effect cards in both decks, every
    hand emptied and a people on each side (room in the leader rows): (state, me, other).
    ``me`` is the starting player, who has the Sky god if ``sky_first``, else the Sea god."""
    decks = (timed_deck("Sky God", "sky"), timed_deck("Sea God", "sea"))
    want = "Sky God" if sky_first else "Sea God"
    for seed in range(200):
        s = pass_windows(TIMED_RULESET.setup(GameConfig(seed=seed, players=2, decks=decks)))
        if s.game.card(s.game.players[s.game.active].high_god).key == want:
            s = clear_hands(s)
            for player in range(2):
                s, _ = put_people(s, player, "Cross", 10, 10)
            return s, s.game.active, 1 - s.game.active
    raise AssertionError(f"no seed lets the {want} player start")
