"""The Mítosz integer action space (see the docs page "Using the engine for AI research").

Every card an action names is coded by *where it is, seen from the deciding player*: a
slot of their hand, a slot of a board (their own first, then each next seat's), a troop
of the fight, a card going to the underworld, an option of the choice asked, an event on
the pending stack. So the same index means the same kind of choice in every state:
"summon the card in hand slot 3 onto own leader slot 1", "attack the east road of the
next player's people slot 2". The sizes below bound the space; the property suite
checks that no legal action of a reachable state falls outside them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import permutations
from typing import Any

from mitosz_core.games.mitosz.actions import (
    AskHelp,
    AttachMount,
    Attack,
    Choose,
    ChooseTroopMode,
    DeclareFight,
    Designate,
    Discard,
    KeepMonster,
    Pass,
    PermitHighGod,
    PlacePeople,
    PlayFate,
    PlayWithoutSummoning,
    Regain,
    SacrificeBuilding,
    SacrificeCommander,
    SacrificeItem,
    SacrificeLeader,
    Summon,
    SummonTroop,
    SummonWarLeader,
    TakeSpoils,
    ToUnderworld,
    TurnBack,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.rules.hosting import attached_as, items_of, of_keyword, of_kind
from mitosz_core.games.mitosz.rules.keywords import KEYWORDS
from mitosz_core.games.mitosz.state import AttachKind, FightKind, Game, LineName, TroopMode
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.games.mitosz.terms import SPHERES, CardType, Edge
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.actionspace import (
    Domain,
    Either,
    Layout,
    LayoutSpace,
    LegalSource,
    OrNone,
    Positions,
    Values,
)
from mitosz_core.kernel.state import State

HAND = 64
"""Hand slots. The hand size is 7, but only at the end of its own turn is a hand
discarded down to it (6.2.4.1): a player who draws in the other players' turns holds
more (the deep property profile reached 15 after a draw maneuver used three times in
one turn). A hand holds only its player's own cards (1.1.1), so never more than their
deck: the built-in decks hold 63 and 64."""
SEATS = 4
"""Boards: the deciding player's, then each next seat's (at most 4 players)."""
LEADERS = 7
"""Leader slots per board (peoples + 2, 3.4.2)."""
ATTACHED = 45
"""Slots per board for the cards attached to leaders
(:func:`~mitosz_core.games.mitosz.rules.hosting.items_of`: items, mounts, and a
battle's troops, monsters played as troops among them), numbered over the board's leaders in
order, then each leader's cards in order. No rule bounds one leader's items but to one
weapon and one armour (3.5, 8.weapon, 8.armour), so they are not counted per leader. A
card attached to a leader is an item, a troop, a mount or a monster of the game's decks
(no effect makes a card one), so a board never holds more than the decks do together:
the four built-in decks hold 45 (31 items, 4 troops, 5 mounts, 5 monsters).
:meth:`MitoszActionSpace.covers` tells whether a game's decks stay within."""
PEOPLES = 10
"""People slots per board (a people, its location, its building)."""
INTRIGUES = 3
"""Intrigue slots per board."""
BOARD_SLOTS = 1 + LEADERS + ATTACHED + PEOPLES * 3 + INTRIGUES
"""The slots of one board: high god, leaders, attached cards, peoples with location and
building, intrigues."""
TROOPS = 9
"""Troops of the fight: troops, and monsters played as troops (8.monster), of the
game's decks; the built-in decks hold 9 (4 troops, 5 monsters)."""
LINGERING = 4
"""Fate and free-maneuver cards whose effects last."""
HELD = 4
"""Leaders held by cards (5.15)."""
MOUNTS = 5
"""Mounts attached to riders (8.mount): mounts of the game's decks, 5 in the built-in
ones."""
KEYWORD_SLOTS: tuple[tuple[str, Subtype, int], ...] = tuple(
    (k.name, k.subtype, k.slots) for k in KEYWORDS if k.kind is not None and k.slots
)
"""The attached cards of the keywords declared in modules that have codes of their own
(:attr:`~.rules.keywords.keyword.Keyword.slots`), whoever attached them: per keyword,
its name, its subtype and how many. Their codes follow the core rules' own and any
positions (a card that is a bound maneuver of its host, 3.9, is used as one of the
deciding player's cards)."""
KEYWORD_CODES = sum(size for _, _, size in KEYWORD_SLOTS)
"""The codes of the keywords' attached cards."""
LIMBO = 24
"""Cards going to the underworld together (1.4.2)."""
OPTIONS = 64
"""Options of a choice (a search of a deck offers the whole deck)."""
STACK = 8
"""Events on the pending stack."""
MANEUVERS = 3
"""Maneuvers printed on one card."""
STEPS = 3
"""Steps bought of a multi-step maneuver."""
TIMES = 6
"""Times a slash cost of a maneuver is paid."""
CARD_TIMES = 3
"""Times a slash cost of a free maneuver or a fate card is paid."""
SUBTYPES = 6
"""Subtypes printed on a mount (the one it shares)."""
GRID = 6
"""Empire cells from -6 to 6 on each axis."""


def _me(state: State[Any]) -> int:
    return state.to_act if state.to_act is not None else 0


DECK_BOUNDED: Mapping[str, int] = {
    "hand": HAND,
    "attached": ATTACHED,
    "troops": TROOPS,
    "mounts": MOUNTS,
    **{f"{name}s": size for name, _, size in KEYWORD_SLOTS},
}
"""The sizes bounded by what the game's decks hold (see :meth:`MitoszActionSpace.exceeded`)."""
_ATTACHED_BASE = 1 + LEADERS
_PEOPLE_BASES = tuple(_ATTACHED_BASE + ATTACHED + k * 3 for k in range(PEOPLES))
_INTRIGUE_CODES = tuple(_ATTACHED_BASE + ATTACHED + PEOPLES * 3 + t for t in range(INTRIGUES))


def _board(game: Game, player: int) -> dict[object, int]:
    """The cards of one board by slot, numbered from 0: the high god, the leaders with
    the cards they carry (:func:`~.rules.hosting.items_of`: items, mount, troops), the
    peoples with their locations and the buildings on these, the intrigues."""
    realm = game.players[player].realm
    out: dict[object, int] = {realm.high_god: 0}
    # the first LEADERS, ATTACHED, PEOPLES, INTRIGUES of each (no zip: a call with its
    # keyword strict= costs more than the few slots it pairs)
    attached = _ATTACHED_BASE
    for i, slot in enumerate(realm.leaders[:LEADERS]):
        out[slot.card] = 1 + i
        for card in items_of(game, slot.card):
            if attached < _PEOPLE_BASES[0]:
                out[card] = attached
                attached += 1
    for k, people in enumerate(realm.empire[:PEOPLES]):
        base = _PEOPLE_BASES[k]
        out[people.card] = base
        for location in attached_as(game, people.card, AttachKind.LOCATION):
            out[location] = base + 1
            for building in attached_as(game, location, AttachKind.BUILDING):
                out[building] = base + 2
    for t, card in enumerate(realm.intrigues[:INTRIGUES]):
        out[card] = _INTRIGUE_CODES[t]
    return out


def _board_slot_name(code: int) -> str:
    if code == 0:
        return "high god"
    code -= 1
    if code < LEADERS:
        return f"leader {code}"
    code -= LEADERS
    if code < ATTACHED:
        return f"attached {code}"
    code -= ATTACHED
    if code < PEOPLES * 3:
        people, part = divmod(code, 3)
        return f"people {people}" + ("", " location", " building")[part]
    return f"intrigue {code - PEOPLES * 3}"


def _seat(q: int) -> str:
    return "own" if q == 0 else f"next+{q}" if q > 1 else "next"


def _hand(state: State[Any]) -> Mapping[object, int]:
    return {c: i for i, c in enumerate(state.game.players[_me(state)].hand)}


def _own_troops(game: Game, me: int) -> dict[object, int]:
    troops = game.fight.troops if game.fight is not None else ()
    mine = [t.card for t in troops if game.owner(t.card) == me]
    return {c: i for i, c in enumerate(mine[:TROOPS])}


def _own(state: State[Any]) -> Mapping[object, int]:
    game: Game = state.game
    me = _me(state)
    out: dict[object, int] = {c: BOARD_SLOTS + i for c, i in _own_troops(game, me).items()}
    base = BOARD_SLOTS + TROOPS
    for _, subtype, size in KEYWORD_SLOTS:
        for i, a in enumerate(of_keyword(game, subtype)[:size]):
            out[a.card] = base + i
        base += size
    out.update(_board(game, me))
    return out


def _own_name(code: int) -> str:
    if code < BOARD_SLOTS:
        return f"own {_board_slot_name(code)}"
    if code < BOARD_SLOTS + TROOPS:
        return f"own troop {code - BOARD_SLOTS}"
    return f"own {_keyword_slot_name(code - BOARD_SLOTS - TROOPS)}"


def _keyword_slot_name(code: int) -> str:
    for name, _, size in KEYWORD_SLOTS:
        if code < size:
            return f"{name} {code}"
        code -= size
    return f"slot {code}"


_EXTRA = SEATS * BOARD_SLOTS
"""Where the fight's troops start among the board codes."""
_BOARD_KINDS = (
    (AttachKind.HELD, TROOPS + LINGERING, HELD),
    (AttachKind.MOUNT, TROOPS + LINGERING + HELD, MOUNTS),
)
"""The board's attachments (:attr:`~mitosz_core.games.mitosz.state.Board.attachments`)
that have codes of their own after the fight's troops and the lingering cards: per
kind, where its codes start and how many there are, in attach order."""
_BOARD_KEYWORDS = tuple(
    (subtype, TROOPS + LINGERING + HELD + MOUNTS + sum(s for _, _, s in KEYWORD_SLOTS[:j]), size)
    for j, (_, subtype, size) in enumerate(KEYWORD_SLOTS)
)
"""The same for the keywords' attached cards (:data:`KEYWORD_SLOTS`), after the mounts:
per keyword's subtype."""


def _any(state: State[Any]) -> Mapping[object, int]:
    game: Game = state.game
    me = _me(state)
    n = len(game.players)
    out: dict[object, int] = {}
    base = _EXTRA
    for kind, offset, size in _BOARD_KINDS:
        for i, a in enumerate(of_kind(game, kind)[:size]):
            out[a.card] = base + offset + i
    for subtype, offset, size in _BOARD_KEYWORDS:
        for i, a in enumerate(of_keyword(game, subtype)[:size]):
            out[a.card] = base + offset + i
    for i, c in enumerate(game.lingering[:LINGERING]):
        out[c] = base + TROOPS + i
    troops = game.fight.troops if game.fight is not None else ()
    for i, t in enumerate(troops[:TROOPS]):
        out[t.card] = base + i
    for q in reversed(range(n)):
        player = (me + q) % n
        for card, slot in _board(game, player).items():
            out[card] = q * BOARD_SLOTS + slot
    return out


def _any_name(code: int) -> str:
    if code < _EXTRA:
        q, slot = divmod(code, BOARD_SLOTS)
        return f"{_seat(q)} {_board_slot_name(slot)}"
    code -= _EXTRA
    for name, size in (("troop", TROOPS), ("lingering", LINGERING), ("held", HELD)):
        if code < size:
            return f"{name} {code}"
        code -= size
    return f"mount {code}" if code < MOUNTS else _keyword_slot_name(code - MOUNTS)


def _limbo(state: State[Any]) -> Mapping[object, int]:
    cards = [c for batch in state.game.limbo for c in batch.cards]
    return {c: i for i, c in enumerate(cards)}


def _options(state: State[Any]) -> Mapping[object, int]:
    choice = state.game.choice
    return {} if choice is None else {c: i for i, c in enumerate(choice.options)}


def _stack(state: State[Any]) -> Mapping[object, int]:
    return {item.id: i for i, item in enumerate(state.game.stack)}


class _Aim(Domain):
    """A maneuver's aim: nothing, a card (``target``), or a pending event
    (``target_pending``), coded one after another."""

    def __init__(self, cards: Domain, pending: Domain) -> None:
        self.cards = cards
        self.pending = pending
        self.size = 1 + cards.size + pending.size

    def code(self, state: State[Any], value: object) -> int | None:
        assert isinstance(value, tuple)
        target, pending = value
        if target is None and pending is None:
            return 0
        if pending is None:
            found = self.cards.code(state, target)
            return None if found is None else 1 + found
        if target is None:
            found = self.pending.code(state, pending)
            return None if found is None else 1 + self.cards.size + found
        return None

    def label(self, state: State[Any], value: object) -> str:
        assert isinstance(value, tuple)
        target, pending = value
        if target is None and pending is None:
            return "none"
        if pending is None:
            return self.cards.label(state, target)
        return f"pending {self.pending.label(state, pending)}"


class _Shared(Domain):
    """A mount and the subtype it shares with its rider: the mount's own-board code and
    the position of the subtype among the mount's printed subtypes."""

    def __init__(self, cards: Domain) -> None:
        self.cards = cards
        self.size = cards.size * (1 + SUBTYPES)

    def code(self, state: State[Any], value: object) -> int | None:
        assert isinstance(value, tuple)
        card, shared = value
        found = self.cards.code(state, card)
        if found is None:
            return None
        if shared is None:
            return found * (1 + SUBTYPES)
        game: Game = state.game
        subtypes: tuple[str, ...] = game.card(card).subtypes
        if shared not in subtypes or subtypes.index(shared) >= SUBTYPES:
            return None
        position: int = subtypes.index(shared)
        return found * (1 + SUBTYPES) + 1 + position

    def label(self, state: State[Any], value: object) -> str:
        assert isinstance(value, tuple)
        card, shared = value
        where = self.cards.label(state, card)
        return where if shared is None else f"{where} sharing {shared}"


def _names(prefix: str) -> Any:
    return lambda code: f"{prefix} {code}"


def layouts() -> tuple[Layout, ...]:
    """The blocks of the space, in index order."""
    hand = Positions("hand", HAND, _hand, _names("hand"))
    own = Positions("own", BOARD_SLOTS + TROOPS + KEYWORD_CODES, _own, _own_name)
    extra = TROOPS + LINGERING + HELD + MOUNTS + KEYWORD_CODES
    board = Positions("any", _EXTRA + extra, _any, _any_name)
    limbo = Positions("limbo", LIMBO, _limbo, _names("going to the underworld"))
    option = Positions("options", OPTIONS, _options, _names("option"))
    stack = Positions("stack", STACK, _stack, _names("on the stack at"))
    aim = _Aim(board, stack)
    spheres = Values(tuple(SPHERES))
    substitute = OrNone(Values(tuple(permutations(SPHERES, 2))))
    index = Values(tuple(range(MANEUVERS)))
    times = Values(tuple(range(1, TIMES + 1)))
    card_times = Values(tuple(range(1, CARD_TIMES + 1)))
    seat = Values(tuple(range(SEATS)))
    cell = Values(tuple(range(-GRID, GRID + 1)))
    lines = Values(tuple(LineName))
    owned = OrNone(Either(own, hand))
    core = (
        Layout(Pass),
        Layout(PlacePeople, (("card", hand), ("x", cell), ("y", cell))),
        Layout(
            Summon,
            (
                ("card", hand),
                ("target", OrNone(own)),
                ("substitute", substitute),
                ("pay_with", owned),
            ),
        ),
        Layout(PermitHighGod, (("player", seat), ("allow", Values((False, True))))),
        Layout(PlayWithoutSummoning, (("card", hand), ("target", OrNone(board)))),
        Layout(SacrificeItem, (("card", own), ("index", index), ("target", OrNone(board)))),
        Layout(SacrificeBuilding, (("card", own),)),
        Layout(SacrificeLeader, (("card", own),)),
        Layout(ToUnderworld, (("card", limbo),)),
        Layout(Discard, (("card", hand),)),
        Layout(Regain, (("sphere", spheres),)),
        Layout(TurnBack, (("card", own),)),
        Layout(
            UseManeuver,
            (
                ("user", own),
                ("index", index),
                ("target|target_pending", aim),
                ("steps", Values(tuple(range(1, STEPS + 1)))),
                ("times", times),
            ),
        ),
        Layout(
            UseFreeManeuver,
            (
                ("card", hand),
                ("user", own),
                ("index", index),
                ("target|target_pending", aim),
                ("times", card_times),
            ),
        ),
        Layout(
            PlayFate,
            (
                ("card", hand),
                ("index", index),
                ("target|target_pending", aim),
                ("times", card_times),
            ),
        ),
        Layout(Choose, (("card", option),)),
        Layout(DeclareFight, (("fight", Values(tuple(FightKind))),)),
        Layout(Attack, (("people", board), ("road", Values(tuple(Edge))))),
        Layout(Designate, (("card", board), ("line", lines))),
        Layout(
            SummonWarLeader,
            (("card", hand), ("line", lines), ("substitute", substitute), ("pay_with", owned)),
        ),
        Layout(AskHelp, (("player", seat),)),
        Layout(
            SummonTroop,
            (
                ("card", hand),
                ("leader", board),
                ("free", Values((False, True))),
                ("substitute", substitute),
            ),
        ),
        Layout(ChooseTroopMode, (("card", board), ("mode", Values(tuple(TroopMode))))),
        Layout(SacrificeCommander, (("card", board),)),
        Layout(TakeSpoils, (("sphere", OrNone(spheres, "draw")),)),
        Layout(KeepMonster, (("card", board),)),
        Layout(AttachMount, (("card|shared", _Shared(own)), ("rider", own))),
    )
    positions: dict[str, Domain] = {"hand": hand, "own": own, "any": board, "index": index}
    out = list(core)
    for keyword in KEYWORDS:
        for declared in keyword.actions:
            fields = tuple(
                (name, _positions(positions, declared.action, name, where))
                for name, where in declared.fields
            )
            out.insert(_after(out, declared.after) + 1, Layout(declared.action, fields))
    return tuple(out)


def _positions(
    positions: Mapping[str, Domain], action: type[Action], name: str, where: str
) -> Domain:
    """The positions a keyword action's field names, by their name."""
    if where not in positions:
        known = ", ".join(positions)
        raise ValueError(f"{action.__name__}.{name}: no positions {where!r} (known: {known})")
    return positions[where]


def _after(layouts: list[Layout], action: type[Action]) -> int:
    """Where the layout of ``action`` is among ``layouts``, for a keyword's action to
    follow it."""
    for i, layout in enumerate(layouts):
        if layout.kind is action:
            return i
    raise ValueError(f"a keyword's action follows {action.__name__}, which has no layout")


class MitoszActionSpace(LayoutSpace):
    """The Mítosz action space: :func:`layouts` over the deciding player's positions."""

    def __init__(self, rules: LegalSource) -> None:
        super().__init__(rules, layouts())

    @staticmethod
    def exceeded(state: State[Any]) -> tuple[str, ...]:
        """The sizes of the space that ``state``'s game could outgrow, by what its decks
        hold: a hand (:data:`HAND`, the largest deck), the cards attached to a board's
        leaders (:data:`ATTACHED`: items, troops, mounts and monsters), the fight's
        troops (:data:`TROOPS`: troops and monsters), mounts (:data:`MOUNTS`) and the
        keywords' attached cards (:data:`KEYWORD_SLOTS`, cards of the keyword's subtype).
        Empty for every game on the built-in decks."""
        game: Game = state.game
        decks = [0] * len(game.players)
        found: Counter[str] = Counter()
        for instance in game.instances:
            decks[instance.owner] += 1
            printed = game.cards[instance.card]
            mount = Subtype.MOUNT in printed.subtypes
            troop = printed.type is CardType.TROOP or Subtype.MONSTER in printed.subtypes
            found["attached"] += troop or mount or printed.type is CardType.ITEM
            found["troops"] += troop
            found["mounts"] += mount
            for keyword in KEYWORDS:
                if keyword.slots:
                    found[f"{keyword.name}s"] += keyword.subtype in printed.subtypes
        found["hand"] = max(decks)
        return tuple(
            f"{name}: the decks allow {found[name]}, the space has {size}"
            for name, size in DECK_BOUNDED.items()
            if found[name] > size
        )

    @classmethod
    def covers(cls, state: State[Any]) -> bool:
        """Whether every legal action of every state ``state``'s game can reach has an
        index, as far as the decks decide it (:meth:`exceeded` is empty); the other
        sizes are checked by the property suite. True on the built-in decks."""
        return not cls.exceeded(state)
