"""Playing cards: the summoning steps (6.2.3.1, 6.2.3.3) and the summoning procedure (6.3).

In a summoning step the active player may place a people (3.2.1), summon leaders, items,
locations and intrigues (6.3, 3.6), play cards without summoning (1.5.3, 3.5), sacrifice
items (3.5) and use maneuvers (chapter 4). Whenever a player has the action, in a
response (6.1.4) or, with a counter or locked effect, in a counter round (6.4.1), they may
summon an intrigue (3.6) or play a card without summoning (1.5.3).
A played card goes on the pending stack and opens a counter round (6.3.5); it reaches
the board when it resolves (6.3.6).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeAlias

from mitosz_core.games.mitosz.actions import (
    AttachMount,
    ManeuverAction,
    Pass,
    PermitHighGod,
    PlacePeople,
    PlayFate,
    PlayWithoutSummoning,
    SacrificeBuilding,
    SacrificeItem,
    Summon,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import CardType, Sphere, linked
from mitosz_core.games.mitosz.effects.language import Permission, SummonCondition
from mitosz_core.games.mitosz.rules import S, attachments, maneuvers, triggers
from mitosz_core.games.mitosz.rules.board import (
    board_cards,
    controller,
    is_cursed,
    leader_slot,
    people_slot,
    region_slot,
    remove_to_underworld,
)
from mitosz_core.games.mitosz.rules.continuous import card_type, extra_people, player_may
from mitosz_core.games.mitosz.rules.counter_round import push
from mitosz_core.games.mitosz.rules.empire import placements, why_not_place
from mitosz_core.games.mitosz.rules.fights.keywords import (
    attach_mount,
    mount_options,
    why_not_mount,
)
from mitosz_core.games.mitosz.rules.flow import active_player, to_choose
from mitosz_core.games.mitosz.rules.high_god import (
    affordable,
    effective_cost,
    linked_to_high_god,
    pay,
    substitutions,
    why_not_pay,
    withheld_permission,
)
from mitosz_core.games.mitosz.rules.hooks import Resolves
from mitosz_core.games.mitosz.rules.hosting import attach, items_of
from mitosz_core.games.mitosz.rules.keywords import KEYWORDS
from mitosz_core.games.mitosz.rules.leaders import (
    plays_without_summoning,
    unique_on_board,
    why_not_target,
)
from mitosz_core.games.mitosz.rules.selection import matches
from mitosz_core.games.mitosz.rules.selectors import def_matches
from mitosz_core.games.mitosz.rules.zones import (
    discard,
    take_from_hand,
    to_underworld,
    update_player,
)
from mitosz_core.games.mitosz.state import (
    AttachKind,
    Attachment,
    CardId,
    Game,
    LeaderSlot,
    PeopleSlot,
    PlayPending,
    cached,
    keys_by_player,
    memoised,
)
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule, Step, allowed, dispatch
from mitosz_core.kernel.values import replace

SUMMONABLE = (CardType.LEADER, CardType.ITEM, CardType.LOCATION, CardType.INTRIGUE)
"""Card types summoned in one's summoning steps (6.2.3.1, 3.6)."""
WITHOUT_SUMMONING = (CardType.LEADER, CardType.ITEM, CardType.LOCATION, CardType.INTRIGUE)
"""Card types that an effect may let a player play without summoning (1.5.3)."""
ANYTIME = (CardType.INTRIGUE,)
"""Card types summoned whenever the player has the right to act (3.6)."""
AnytimePlay: TypeAlias = Summon | PlayWithoutSummoning
"""A play a player makes whenever it has the action, even in another's turn: an
intrigue (3.6), a card without summoning (1.5.3); in a counter round only a card with a
counter or locked effect (:mod:`.counter_plays`, ruling R-6.4.1-responses)."""
ANYTIME_PLAYS: tuple[type[AnytimePlay], ...] = (Summon, PlayWithoutSummoning)
"""The classes of :data:`AnytimePlay`."""
FREE: tuple[int, int, int, int] = (0, 0, 0, 0)


# --- candidates ---------------------------------------------------------------------------


def _targets(s: S, player: int, card: CardId) -> tuple[CardId | None, ...]:
    p = s.game.players[player]
    kind = s.game.card(card).type
    if kind is CardType.LOCATION:
        # 2.4: a cursed location onto an enemy's people (or region) too
        sides = range(len(s.game.players)) if s.game.card(card).cursed else (player,)
        peoples = tuple(slot.card for i in sides for slot in s.game.players[i].empire)
        if s.game.card(card).has_subtype(Subtype.BUILDING):  # 8.building: onto a region too
            return (*peoples, *(r for i in sides for r in attachments.building_hosts(s.game, i)))
        return peoples
    if kind is CardType.ITEM:
        if s.game.card(card).cursed:  # 2.4: onto an enemy leader too
            return tuple(slot.card for q in s.game.players for slot in q.leaders)
        return tuple(slot.card for slot in p.leaders)
    return (None,)


def plays(s: S, player: int, anytime_only: bool) -> Iterator[Action]:
    """Every card play ``player`` may make now (``anytime_only`` outside its own
    summoning step): exactly those :func:`why_not_play` passes, in this order: card by
    card in hand order, a people's placements (:func:`.empire.placements` order), a
    card's summonings (target by target, each way of meeting its condition, the plain
    payment before each link substitution, 3.1) and its plays without summoning; then
    the sacrifices of items (leader by leader) and of buildings."""
    game = s.game
    p = game.players[player]
    granted = player_may(game, player, Permission.WITHOUT_SUMMONING, None)  # for any card
    for card in p.hand:
        d = game.card(card)
        if d.type is CardType.PEOPLE:
            if (
                not anytime_only
                and game.peoples_placed < 1 + extra_people(game, player)
                and not (d.unique and unique_on_board(game, d))
            ):
                for x, y in placements(game, player, card):  # exactly the placeable cells
                    yield PlacePeople(card, x, y)
        elif d.type in (ANYTIME if anytime_only else SUMMONABLE):
            yield from _summons(s, player, card)
        if d.type is CardType.ITEM or (granted and d.type in WITHOUT_SUMMONING):
            yield from _plays_without_summoning(s, player, card, granted)
    if not anytime_only:
        for leader in p.leaders:
            for item in items_of(game, leader.card):
                yield from _item_sacrifices(s, player, item)
        for building in attachments.buildings(game, player):
            if not is_cursed(game, building):  # 2.4, 8.building
                yield SacrificeBuilding(building)


def _summons(s: S, player: int, card: CardId) -> Iterator[Action]:
    """The summonings of ``card`` that :func:`why_not_play` passes: the card's own facts
    (2.3, 3.4.3, its condition) once, then each target and its cost (6.3)."""
    game = s.game
    d = game.card(card)
    if d.unique and unique_on_board(game, d):
        return
    if withheld_permission(game, player, d) is not None:
        return
    linked = linked_to_high_god(game, player, d)
    spheres = game.players[player].spheres
    givens: tuple[CardId | None, ...] | None = None
    for target in _targets(s, player, card):
        if why_not_target(game, player, card, target) is not None:
            continue
        if givens is None:  # the same for every target
            givens = pay_with_options(s, player, card)
            if not givens:
                return
        cost = summon_cost(s, player, card, target)
        plain = affordable(spheres, cost)
        swaps: list[tuple[Sphere, Sphere]] = []
        if linked:
            for substitute in substitutions(d.cost):
                swapped = effective_cost(cost, substitute)
                if not isinstance(swapped, str) and affordable(spheres, swapped):
                    swaps.append(substitute)
        for given in givens:
            if plain:
                yield Summon(card, target, pay_with=given)
            for substitute in swaps:
                yield Summon(card, target, substitute, given)


def _plays_without_summoning(s: S, player: int, card: CardId, granted: bool) -> Iterator[Action]:
    """The plays of ``card`` without summoning that :func:`why_not_play` passes: an item
    onto a leader it is linked to (3.5), or what an effect allows (1.5.3; ``granted``
    if one allows it for some card)."""
    game = s.game
    if withheld_permission(game, player, game.card(card)) is not None:  # 3.4.3
        return
    anyway = granted and player_may(game, player, Permission.WITHOUT_SUMMONING, card)
    for target in _targets(s, player, card):
        if (anyway or plays_without_summoning(game, card, target)) and why_not_target(
            game, player, card, target
        ) is None:
            yield PlayWithoutSummoning(card, target)


_MAY_PLAY_ANYTIME = keys_by_player("may play anytime")


def may_play_anytime(game: Game, player: int) -> bool:
    """Whether :func:`plays` with ``anytime_only`` could yield anything for ``player``
    (a necessary condition, cheap to check): an intrigue in hand (3.6), an item in hand
    linked to some leader on the board (3.5), or a card in hand that an effect lets the
    player play without summoning (1.5.3). A view of the hand, the board and what is in
    force, cached with the board's views (:func:`.state.cached`)."""
    key = _MAY_PLAY_ANYTIME[player]
    found: bool | None = memoised(game, key)
    if found is not None:
        return found
    parts = (game.players[player].hand, game.effects, game.fight)  # the fight: lasting()
    return cached(game, key, parts, lambda: _may_play_anytime(game, player))


def _may_play_anytime(game: Game, player: int) -> bool:
    p = game.players[player]
    for card in p.hand:
        d = game.card(card)
        if d.type in ANYTIME:
            return True
        if d.type not in WITHOUT_SUMMONING:
            continue
        if d.type is CardType.ITEM and any(
            linked(d, game.card(slot.card)) for q in game.players for slot in q.leaders
        ):
            return True
        if player_may(game, player, Permission.WITHOUT_SUMMONING, card):
            return True
    return False


def _item_sacrifices(s: S, player: int, item: CardId) -> Iterator[Action]:
    """The sacrifices of ``item`` (attached to one of ``player``'s leaders) that
    :func:`why_not_play` passes (3.5, 2.4); a potion's sacrifice uses one of its
    maneuvers (8.potion, ruling R-8.potion)."""
    game = s.game
    d = game.card(item)
    if d.type is not CardType.ITEM or controller(game, item) != player:
        return  # a mount rides with its leader's items (8.mount)
    if is_cursed(game, item):  # 2.4, 8.rune
        return
    if not (d.has_subtype(Subtype.POTION) and d.maneuvers):
        yield SacrificeItem(item)
        return
    for index, m in enumerate(d.maneuvers):
        for target, pending in maneuvers.target_options(s, player, m, item):
            if (
                pending is None
                and maneuvers.why_not(s, player, UseManeuver(item, index, target)) is None
            ):
                yield SacrificeItem(item, index, target)


def _main_candidates(s: S) -> Iterator[Action]:
    """The legal actions of a summoning step, exactly (:attr:`MAIN` is exact), in this
    order: the pass, the card plays (:func:`plays`), the maneuvers
    (:func:`.maneuvers.candidates`), the mounts (8.mount), the runes (8.rune) and the
    permissions (3.4.3)."""
    player = s.game.active
    yield Pass()
    yield from plays(s, player, anytime_only=False)
    yield from maneuvers.candidates(s, player)
    for mount in mount_options(s, player):  # 8.mount: in the summoning steps only
        if why_not_mount(s, player, mount) is None:
            yield mount
    for keyword in KEYWORDS:  # 8.rune and the other keywords declared in modules
        yield from keyword.main_candidates(s, player)
    yield from _permits(s, player)  # 3.4.3


# --- 6.3.4, 5.11: a further condition of summoning ------------------------------------------


def pay_with_options(s: S, player: int, card: CardId) -> tuple[CardId | None, ...]:
    """The cards ``player`` could give up for ``card``'s further summoning condition
    (6.3.4); ``(None,)`` when it has none."""

    cond = s.game.card(card).summoning
    if cond is None:
        return (None,)
    pool = (*s.game.players[player].hand, *board_cards(s.game, player))
    return tuple(c for c in pool if _why_not_condition(s, player, card, cond, c) is None)


def _why_not_condition(
    s: S, player: int, card: CardId, cond: SummonCondition, given: CardId | None
) -> str | None:
    """6.3.4 with 5.11: the summoning player meets the condition with their own card: a
    sacrifice from their side of the board (1.2.4; never a cursed card, 2.4, nor the high
    god, 3.1), a discard from their hand (1.5.1)."""
    game = s.game
    name = game.card(card).name
    if given is None:
        return f"summoning {name} needs a card given up for its condition (6.3.4)"
    if given == card:
        return f"{name} cannot meet its own condition"
    if cond.sacrifice is not None:
        side = controller(game, given)
        if side != player:
            return (
                f"#{given} is not a card on your side of the board: the summoning player "
                "meets the condition, by sacrifice from the board (5.11, 1.2.4)"
            )
        d = game.card(given)
        if is_cursed(game, given):  # 2.4, 8.rune
            return f"{d.name} is cursed and cannot be sacrificed (2.4)"
        if card_type(game, given) is CardType.HIGH_GOD:
            return "the high god cannot be sacrificed (3.1)"
        if not matches(game, player, side, given, cond.sacrifice, None):
            return f"{d.name} is not a card this summoning may sacrifice (6.3.4)"
        return None
    if cond.discard is not None:
        if given not in game.players[player].hand:
            return (
                f"#{given} is not in your hand: the summoning player discards from their own "
                "hand (5.11, 1.5.1)"
            )
        if not def_matches(game, given, cond.discard):
            return f"{game.card(given).name} is not a card this summoning may discard (6.3.4)"
    return None


def _meet_condition(s: S, card: CardId, given: CardId | None) -> S:
    """6.3.4: the further condition of the summoning is carried out."""
    cond = s.game.card(card).summoning
    if cond is None or given is None:
        return s
    if cond.sacrifice is not None:
        return remove_to_underworld(s, given)
    return discard(s, given)


# --- 3.4.3: permission to summon one's high god as a leader ------------------------------------


def _permits(s: S, player: int) -> Iterator[Action]:
    """The permissions ``player`` may grant or withdraw: towards the players who own a
    leader of the name of ``player``'s high god (3.4.3)."""
    game = s.game
    for other in range(len(game.players)):
        if other != player and _owns_god_leader(s, player, other):
            yield PermitHighGod(other, (player, other) not in game.permits)


def _owns_god_leader(s: S, player: int, other: int) -> bool:
    """Whether ``other`` owns a leader of the name of ``player``'s high god (3.4.3)."""
    game = s.game
    return (player, other) in cached(game, "god-leader-owners", (), lambda: _god_leaders(game))


def _god_leaders(game: Game) -> frozenset[tuple[int, int]]:
    """``(player, other)``: ``other`` owns a leader of the name of ``player``'s high god
    (the owners and the printed cards never change)."""
    gods = {game.card(p.high_god).name_en: i for i, p in enumerate(game.players)}
    found: set[tuple[int, int]] = set()
    for inst in game.instances:
        d = game.cards[inst.card]
        if d.type is CardType.LEADER and d.name_en in gods:
            found.add((gods[d.name_en], inst.owner))
    return frozenset(found)


def _why_not_permit(s: S, player: int, a: PermitHighGod) -> str | None:
    if not 0 <= a.player < len(s.game.players) or a.player == player:
        return f"P{a.player} is not another player"
    if not _owns_god_leader(s, player, a.player):
        god = s.game.card(s.game.players[player].high_god).name
        return f"P{a.player} has no leader {god} to summon with your permission (3.4.3)"
    granted = (player, a.player) in s.game.permits
    if granted == a.allow:
        return f"P{a.player} {'already has' if granted else 'has no'} your permission (3.4.3)"
    return None


def _permit(s: S, player: int, a: PermitHighGod) -> S:
    """3.4.3: grant or withdraw the permission; it is no event (no counter round)."""
    permits = tuple(x for x in s.game.permits if x != (player, a.player))
    if a.allow:
        permits = (*permits, (player, a.player))
    return s.evolve(game=replace(s.game, permits=permits))


# --- legality -----------------------------------------------------------------------------


def _in_hand(s: S, player: int, card: CardId) -> str | None:
    if card not in s.game.players[player].hand:
        return f"#{card} is not in your hand"
    return None


def summon_cost(
    s: S, player: int, card: CardId, target: CardId | None = None
) -> tuple[int, int, int, int]:
    """The printed cost, or nothing for a card summoned free (1.5.3): by an effect, or a
    region or building linked to what it goes onto (8.region, 8.building)."""
    if player_may(s.game, player, Permission.SUMMON_FREE, card):
        return FREE
    if attachments.free_by_link(s.game, card, target):
        return FREE
    return s.game.card(card).cost


def why_not_play(s: S, player: int, a: AnytimePlay, anytime_only: bool) -> str | None:
    """Why ``player`` may not make card play ``a`` now, or ``None``: a summoning (in its
    own summoning step, or of an intrigue whenever it has the action with
    ``anytime_only``, 3.6) or a play without summoning (1.5.3)."""
    if isinstance(a, Summon):
        return _why_not_summon(s, player, a, anytime_only)
    return _why_not_without(s, player, a)


def _why_not_people(s: S, player: int, a: PlacePeople) -> str | None:
    game = s.game
    if (reason := _in_hand(s, player, a.card)) is not None:
        return reason
    d = game.card(a.card)
    if d.type is not CardType.PEOPLE:
        return f"{d.name} is a {d.type}, not a people"
    if game.peoples_placed >= 1 + extra_people(game, player):
        return "a people has already been placed this turn (3.2.1)"
    if d.unique and unique_on_board(game, d):
        return f"the unique {d.name} is already on the board (2.3)"
    return why_not_place(game, player, a.card, (a.x, a.y))


def _why_not_summon(s: S, player: int, a: Summon, anytime_only: bool) -> str | None:
    game = s.game
    if (reason := _in_hand(s, player, a.card)) is not None:
        return reason
    d = game.card(a.card)
    if d.type not in SUMMONABLE:
        return f"a {d.type} is not summoned (6.2.3.1, 6.3.8)"
    if anytime_only and d.type not in ANYTIME:
        return f"a {d.type} is summoned only in one's own summoning step (6.2.3.1)"
    if d.unique and unique_on_board(game, d):
        return f"the unique {d.name} is on the board, so no other can be summoned (2.3)"
    if (reason := why_not_target(game, player, a.card, a.target)) is not None:
        return reason
    if (owner := withheld_permission(game, player, d)) is not None:
        return f"{d.name} is P{owner}'s high god: summoning it needs their permission (3.4.3)"
    if d.summoning is None and a.pay_with is not None:
        return f"summoning {d.name} has no further condition to meet (6.3.4)"
    if d.summoning is not None:
        reason = _why_not_condition(s, player, a.card, d.summoning, a.pay_with)
        if reason is not None:
            return reason
    if a.substitute is not None and not linked_to_high_god(game, player, d):
        return f"{d.name} has no mythic link to your high god, so no substitution (3.1)"
    cost = effective_cost(summon_cost(s, player, a.card, a.target), a.substitute)
    if isinstance(cost, str):
        return cost
    return why_not_pay(game.players[player].spheres, cost)


def _why_not_without(s: S, player: int, a: PlayWithoutSummoning) -> str | None:
    game = s.game
    if (reason := _in_hand(s, player, a.card)) is not None:
        return reason
    kind = game.card(a.card).type
    if kind not in WITHOUT_SUMMONING:
        # 3.7, 3.9: a fate or free maneuver is used, never summoned nor played onto
        # the board; a people is placed (3.2.1), a troop goes into a battle (3.8)
        return f"a {kind} is not played without summoning (1.5.3, 3.7, 3.9)"
    allowed = plays_without_summoning(game, a.card, a.target) or player_may(
        game, player, Permission.WITHOUT_SUMMONING, a.card
    )
    if not allowed:
        return (
            f"{game.card(a.card).name} cannot be played without summoning here: only an "
            "item linked to the leader it goes onto (3.5), or what an effect allows (1.5.3)"
        )
    if (owner := withheld_permission(game, player, game.card(a.card))) is not None:
        return f"this is P{owner}'s high god: playing it needs their permission (3.4.3)"
    return why_not_target(game, player, a.card, a.target)


def _why_not_sacrifice_item(s: S, player: int, a: SacrificeItem) -> str | None:
    game = s.game
    d = game.card(a.card)
    if d.type is not CardType.ITEM or controller(game, a.card) != player:
        return f"#{a.card} is not an item on your side of the board"
    if not any(a.card in items_of(game, slot.card) for slot in game.players[player].leaders):
        return f"{d.name} is not attached to one of your leaders (3.5)"
    if is_cursed(game, a.card):  # 2.4, 8.rune
        return f"{d.name} is cursed and cannot be sacrificed (2.4)"
    if d.has_subtype(Subtype.POTION) and d.maneuvers:  # 8.potion: the sacrifice is its effect
        return maneuvers.why_not(s, player, UseManeuver(a.card, a.index, a.target))
    if a.index != 0 or a.target is not None:
        return "only a potion's sacrifice uses a maneuver and names a target (8.potion)"
    return None


# --- performing ---------------------------------------------------------------------------


def perform_play(s: S, player: int, a: AnytimePlay) -> S:
    """6.3.2-6.3.5: announce, show and pay; the card waits on the stack. For a card play
    that :func:`why_not_play` let through."""
    if isinstance(a, Summon):
        return _summon(s, player, a)
    return _play_without(s, player, a)


def _place_people(s: S, player: int, a: PlacePeople) -> S:
    p = s.game.players[player]
    s = update_player(s, player, hand=take_from_hand(p, a.card).hand)
    s = s.evolve(game=s.game.with_turn(peoples_placed=s.game.peoples_placed + 1))
    return push(s, PlayPending(0, player, a.card, cell=(a.x, a.y)))


def _summon(s: S, player: int, a: Summon) -> S:
    p = s.game.players[player]
    cost = effective_cost(summon_cost(s, player, a.card, a.target), a.substitute)
    assert not isinstance(cost, str)  # the gate refused a substitution that cannot be made
    hand = take_from_hand(p, a.card).hand
    s = update_player(s, player, hand=hand, spheres=pay(p.spheres, cost))
    s = _meet_condition(s, a.card, a.pay_with)  # 6.3.4
    return push(s, PlayPending(0, player, a.card, target=a.target))


def _play_without(s: S, player: int, a: PlayWithoutSummoning) -> S:
    s = update_player(s, player, hand=take_from_hand(s.game.players[player], a.card).hand)
    item = PlayPending(0, player, a.card, target=a.target)
    return push(s, item)


def _sacrifice_item(s: S, player: int, a: SacrificeItem) -> S:
    d = s.game.card(a.card)
    if d.has_subtype(Subtype.POTION) and d.maneuvers:  # 8.potion: its effect, then sacrificed
        s, item = maneuvers.perform(s, player, UseManeuver(a.card, a.index, a.target))
        return push(s, item)
    return remove_to_underworld(s, a.card)


def _maneuver(s: S, a: ManeuverAction) -> S:
    s, item = maneuvers.perform(s, s.game.active, a)
    return push(s, item)


def deed_rules(
    why_not_maneuver: Callable[[S, ManeuverAction], str | None],
    maneuver: Callable[[S, ManeuverAction], S],
    why_not_play: Callable[[S, AnytimePlay], str | None],
    play: Callable[[S, AnytimePlay], S],
) -> tuple[Rule[Game, Any], ...]:
    """The rules of the deeds a player makes whenever it has the action outside its own
    summoning step (a response, 6.1.4; a combat round, 7.2.2): a maneuver or fate
    (4.6), an intrigue or a card without summoning (:data:`AnytimePlay`), one rule per
    action class, in that order."""
    return (
        Rule(UseManeuver, why_not_maneuver, maneuver),
        Rule(UseFreeManeuver, why_not_maneuver, maneuver),
        Rule(PlayFate, why_not_maneuver, maneuver),
        Rule(Summon, why_not_play, play),
        Rule(PlayWithoutSummoning, why_not_play, play),
    )


def main_step(on_pass: Callable[[S, Pass], S]) -> Step[Game]:
    """The summoning step (6.2.3): one typed rule per action class, in the order of the
    legal actions' classes; what a pass does is the response's to say (6.1.4:
    :data:`.events.MAIN`), so it is given here."""
    return dispatch(
        (
            Rule(Pass, allowed, on_pass),
            Rule(
                PermitHighGod,
                lambda s, a: _why_not_permit(s, s.game.active, a),
                lambda s, a: _permit(s, s.game.active, a),
            ),
            Rule(
                PlacePeople,
                lambda s, a: _why_not_people(s, s.game.active, a),
                lambda s, a: _place_people(s, s.game.active, a),
            ),
            Rule(
                Summon,
                lambda s, a: _why_not_summon(s, s.game.active, a, False),
                lambda s, a: _summon(s, s.game.active, a),
            ),
            Rule(
                PlayWithoutSummoning,
                lambda s, a: _why_not_without(s, s.game.active, a),
                lambda s, a: _play_without(s, s.game.active, a),
            ),
            Rule(
                SacrificeItem,
                lambda s, a: _why_not_sacrifice_item(s, s.game.active, a),
                lambda s, a: _sacrifice_item(s, s.game.active, a),
            ),
            Rule(UseManeuver, lambda s, a: maneuvers.why_not(s, s.game.active, a), _maneuver),
            Rule(UseFreeManeuver, lambda s, a: maneuvers.why_not(s, s.game.active, a), _maneuver),
            Rule(PlayFate, lambda s, a: maneuvers.why_not(s, s.game.active, a), _maneuver),
            Rule(AttachMount, lambda s, a: why_not_mount(s, s.game.active, a), attach_mount),
            Rule(
                SacrificeBuilding,
                lambda s, a: attachments.why_not_sacrifice_building(s, s.game.active, a),
                attachments.sacrifice_building,
            ),
            *(rule for keyword in KEYWORDS for rule in keyword.main_rules),
        ),
        candidates=_main_candidates,
        decider=active_player,
        exact=True,
    )


# --- resolving a played card (6.3.6) -----------------------------------------------------


def intrigue_limit(s: S) -> int:
    """At most players + 1 intrigues on the board (3.6)."""
    return len(s.game.players) + 1


def resolve_play(s: S, item: PlayPending) -> S:
    """6.3.6-6.3.8: the card reaches the board, then the maneuvers used when it is played
    are used (6.3.7, :func:`.triggers.on_play`)."""
    s = _reach_board(s, item)
    return triggers.on_play(s, item)


def _reach_board(s: S, item: PlayPending) -> S:
    """6.3.6: the card reaches the board. If what it was to be attached to has
    left, or its cell can no longer take it, it goes to the underworld (ruling R-6.3.6).
    An intrigue played at the limit sends every other intrigue to the underworld (3.6)."""
    game = s.game
    me = item.player
    p = game.players[me]
    kind = game.card(item.card).type
    if kind is CardType.PEOPLE:
        assert item.cell is not None
        if why_not_place(game, me, item.card, item.cell) is None:
            x, y = item.cell
            return update_player(s, me, empire=(*p.empire, PeopleSlot(item.card, x, y)))
    elif kind is CardType.LEADER:
        return update_player(s, me, leaders=(*p.leaders, LeaderSlot(item.card)))
    elif kind is CardType.INTRIGUE:
        others = tuple(c for q in game.players for c in q.intrigues)
        if len(others) >= intrigue_limit(s):
            for i, q in enumerate(game.players):
                if q.intrigues:
                    s = update_player(s, i, intrigues=())
            s = to_underworld(s, others)
        p = s.game.players[me]
        return update_player(s, me, intrigues=(*p.intrigues, item.card))
    elif kind is CardType.LOCATION:  # onto a people or a region, an enemy's too if cursed (2.4)
        region_card = item.target
        region = region_slot(game, region_card) if region_card is not None else None
        if region is not None and region_card is not None:
            if why_not_target(game, me, item.card, item.target) is None:  # 8.building
                building = Attachment(item.card, region_card, AttachKind.BUILDING)
                return s.evolve(game=attach(game, building))
            return to_underworld(s, (item.card,))
        people = people_slot(game, item.target) if item.target is not None else None
        if people is not None and why_not_target(game, me, item.card, item.target) is None:
            location = Attachment(item.card, people[1].card, AttachKind.LOCATION)  # 3.3
            return s.evolve(game=attach(game, location))
    elif kind is CardType.ITEM:
        found = leader_slot(game, item.target) if item.target is not None else None
        still_fits = why_not_target(game, me, item.card, item.target) is None
        if found is not None and still_fits:
            held = Attachment(item.card, found[1].card, AttachKind.ITEM)  # 3.5
            return s.evolve(game=attach(game, held))
    return to_underworld(s, (item.card,))


def _resolve(s: S, item: PlayPending) -> S:
    s = resolve_play(s, item)
    return to_choose(s) if s.game.choice is not None else s  # 6.3.7


RESOLVES = Resolves(PlayPending, _resolve)
"""A card played resolves off the pending stack (6.3.5)."""
