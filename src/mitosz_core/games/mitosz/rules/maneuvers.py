"""Maneuvers (*manőverek*, chapter 4), free maneuvers (3.9) and fate (3.7): who may use
what, when, for how much, and what using it does before its counter round (4.6.1-4.6.4).

What happens when it takes hold (4.6.5-4.6.7) is in :mod:`.counter_round`, which resolves
the pending stack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from mitosz_core.games.mitosz.actions import ManeuverAction, PlayFate, UseFreeManeuver, UseManeuver
from mitosz_core.games.mitosz.cards import CardDef, CardType, linked
from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    Cards,
    CounterPlay,
    Maneuver,
    Neutralize,
    Sequence,
    Timing,
)
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.bearing import bound_host
from mitosz_core.games.mitosz.rules.board import (
    board_cards,
    controller,
    is_cursed,
    leader_slot,
    set_turned,
)
from mitosz_core.games.mitosz.rules.continuous import card_type, neutralized
from mitosz_core.games.mitosz.rules.flow import (
    in_combat_phase,
    in_combat_round_step,
    in_counter_round,
    responding,
)
from mitosz_core.games.mitosz.rules.high_god import (
    affordable,
    linked_to_high_god,
    pay,
    why_not_pay,
)
from mitosz_core.games.mitosz.rules.selection import matches, matching
from mitosz_core.games.mitosz.rules.selectors import subtypes
from mitosz_core.games.mitosz.rules.zones import take_from_hand, update_player
from mitosz_core.games.mitosz.state import (
    AnyPending,
    CardId,
    Game,
    ManeuverPending,
    PlayPending,
    Spheres,
    cached,
    keys_by_player,
    memoised,
)
from mitosz_core.games.mitosz.subtypes import Subtype

TURNING_TYPES = frozenset({CardType.LEADER, CardType.TROOP})
"""Cards that turn when they use a maneuver; the others never do (4.5)."""
FREE = -1
"""The index a free maneuver's use is recorded with (:func:`exhaust`): it names no
maneuver printed on its user."""
TURNING = -2
"""Recorded besides a permanent maneuver's use that turned its user, by a further step
that is not permanent (4.2.6): that use counts as one that turns (4.5)."""
MAX_TIMES = 4
"""The most slash repetitions offered as separate actions (4.2.6)."""
NO_COST: Spheres = (0, 0, 0, 0)


# --- reading maneuvers ---------------------------------------------------------------------


def maneuver_of(game: Game, item: ManeuverPending) -> Maneuver:
    """The maneuver a pending item uses."""
    if item.keyword_card is not None and item.card is None:  # 3.9: bound, attached to its user
        return game.card(item.keyword_card).maneuvers[item.maneuver]
    if item.card is not None and game.card(item.card).type in (CardType.MANEUVER, CardType.FATE):
        return game.card(item.card).maneuvers[item.maneuver]
    assert item.user is not None
    return game.card(item.user).maneuvers[item.maneuver]


def maneuver_types(game: Game, item: ManeuverPending) -> tuple[str, ...]:
    """A maneuver's subtypes, plus every type of its user (4.2.4, 4.4)."""
    m = maneuver_of(game, item)
    own = (*m.subtypes, "maneuver")
    if item.user is None:
        return own
    user = game.card(item.user)
    return (*own, user.type.value, *sorted(subtypes(game, item.user)))  # 8.mount: shared


def effects_of(m: Maneuver, steps: int = 1) -> tuple[AnyEffect, ...]:
    """The effects of the first ``steps`` steps of ``m``."""
    return (m.effect, *(step.effect for step in m.steps[: steps - 1]))


def _walk(effect: AnyEffect) -> Iterator[AnyEffect]:
    yield effect
    if isinstance(effect, Sequence):
        for sub in effect.effects:
            yield from _walk(sub)


def chosen_cards(m: Maneuver) -> Cards | None:
    """The selector of the card the player chooses when using ``m`` (4.6.1), if any."""
    for top in effects_of(m, 1 + len(m.steps)):
        for e in _walk(top):
            chosen = e.chosen()
            if chosen is not None:
                return chosen.cards
    return None


def pending_target(m: Maneuver) -> Neutralize | CounterPlay | None:
    """The counter effect of ``m`` that names a pending event, if any (4.2.6)."""
    for e in _walk(m.effect):
        if isinstance(e, Neutralize | CounterPlay):
            return e
    return None


def total_cost(m: Maneuver, steps: int, times: int, free: bool) -> Spheres:
    """Use cost, further steps, and the slash repeated ``times`` times (4.2.2, 4.2.6); a
    free maneuver's first repetition is free too."""
    cost = [0, 0, 0, 0] if free else list(m.cost)
    for step in m.steps[: steps - 1]:
        cost = [a + b for a, b in zip(cost, step.cost, strict=True)]
    if m.per is not None:
        paid = times - 1 if free else times
        cost = [a + b * paid for a, b in zip(cost, m.per, strict=True)]
    return (cost[0], cost[1], cost[2], cost[3])


# --- when and by whom ---------------------------------------------------------------------


def in_combat(s: S) -> bool:
    """Whether the combat phase is on (6.2.3.2): combat maneuvers may be used then, and
    the effects of maneuvers used in it last until it ends (4.2.1, 4.2.5, 7.4.13). It
    lasts after its fight closed (or no fight was declared) while the players answer its
    last deeds (6.1.4 "Ha egy fázisban minden játékos passzol ... a fázis véget ér";
    ruling R-7.2.1-every)."""
    return in_combat_phase(s)


def in_combat_round(s: S, player: int) -> bool:
    """Whether it is ``player``'s turn to act in a combat round (7.2.2, 7.4.8, 7.6.3):
    then a fighting player acts outside a counter round, even in another's turn."""
    fight = s.game.fight
    return (
        fight is not None
        and fight.started
        and in_combat_round_step(s)
        and fight.fighters[fight.current] == player
    )


def why_not_timing(s: S, player: int, m: Maneuver) -> str | None:
    """4.2.1 timing, 6.4.1 and 6.1.4 (ruling R-6.4.1-responses): the timing marks alone
    limit when a maneuver or fate is used; in a counter round only a counter or locked
    effect answers; outside one, a player acts when it has the action: in its own steps, when
    asked to respond to a deed (6.1.4), or in its combat round (7.2.2). A fate keeps the
    timing printed on it (3.7)."""
    own = player == s.game.active
    if m.timing is Timing.ACTION and not own:
        return "an action is used only in its player's own turn (4.2.1)"
    if m.timing is Timing.REACTION and own:
        return "a reaction is never used in its player's own turn (4.2.1)"
    if m.timing is Timing.RITE and in_combat(s):
        return "a rite is not used in the combat phase (4.2.1)"
    if m.timing is Timing.COMBAT and not in_combat(s):
        return "a combat maneuver is used only in the combat phase (4.2.1)"
    if in_counter_round(s):
        if not (m.counter or m.locked):
            return "only a counter or locked effect answers in a counter round (6.4.1)"
        return None
    if not own and not responding(s, player) and not in_combat_round(s, player):
        return "a player acts in another's turn only when asked to respond (6.1.4)"
    return None


def timely(s: S, player: int) -> Callable[[Maneuver], bool]:
    """Whether a maneuver's timing lets ``player`` use it now: :func:`why_not_timing`
    finds nothing, with the facts of the moment (whose turn, the combat phase, a counter
    round, the right to act) read once for every maneuver asked about."""
    own = player == s.game.active
    combat = in_combat(s)
    counter = in_counter_round(s)
    acts = counter or own or responding(s, player) or in_combat_round(s, player)
    banned = {
        Timing.ACTION: not own,
        Timing.REACTION: own,
        Timing.RITE: combat,
        Timing.COMBAT: not combat,
    }

    def check(m: Maneuver) -> bool:
        if not acts or (m.timing is not None and banned[m.timing]):
            return False
        return m.counter or m.locked or not counter

    return check


def why_not_user(
    s: S, player: int, user: CardId, index: int, m: Maneuver, steps: int = 1
) -> str | None:
    """Whether ``user`` may use its bound maneuver ``index`` now, for ``steps`` steps
    (4.1, 4.2.6, 4.5)."""
    if controller(s.game, user) != player:
        return f"#{user} is not a card on your side of the board"
    return _why_not_usable(s, user, index, m, steps)


def _why_not_usable(s: S, user: CardId, index: int, m: Maneuver, steps: int = 1) -> str | None:
    """:func:`why_not_user` for a card known to be on the user's side."""
    game = s.game
    d = game.card(user)
    if m.locked:
        return f"{d.name}'s maneuver is locked: always on, never used (4.2.6)"
    if m.trigger is not None:
        return f"{d.name}'s ability takes hold by itself ({m.trigger}), it is never used"
    if neutralized(game, user):
        return f"{d.name}'s ability is neutralised: it cannot use maneuvers (5.5)"
    if (user, index) in game.blocked:
        return f"{d.name}'s maneuver was neutralised; usable again next turn (4.1)"
    host = bound_host(game, user)
    if host is not None:  # 3.9: attached as a bound maneuver of its host, which uses it
        if neutralized(game, host):
            return f"{game.card(host).name}'s ability is neutralised (5.5)"
        return _why_not_ready(s, host, index, m, steps)
    return _why_not_ready(s, user, index, m, steps)


def _why_not_ready(s: S, user: CardId, index: int, m: Maneuver, steps: int) -> str | None:
    reason = why_not_ready(s, user, index, m, steps)
    if reason is None and m.sacrifices_user and is_cursed(s.game, user):  # 2.4
        return f"{s.game.card(user).name} is cursed and cannot be sacrificed (2.4)"
    return reason


def why_not_ready(s: S, user: CardId, index: int, m: Maneuver, steps: int = 1) -> str | None:
    """Whether ``user`` is ready to use maneuver ``m`` now for ``steps`` steps, bound
    (``index`` on the card) or free (:data:`FREE`): a turned leader makes only a
    permanent use (:func:`permanent_use`; 3.4.1, 4.1, 4.2.6); a card that never turns
    makes no other use in the turn after a use that would have turned it, and a high god
    only not of the same bound maneuver again (4.5, ruling R-4.5-permanent); a permanent
    bound maneuver is used at most its number of times a turn (4.2.6)."""
    game = s.game
    d = game.card(user)
    uses = [u for u in game.used if u[0] == user]
    if (
        m.permanent
        and index >= 0
        and m.uses_per_turn is not None
        and sum(1 for u in uses if u[1] == index) >= m.uses_per_turn
    ):
        return f"{d.name} used it {m.uses_per_turn} times this turn (4.2.6)"
    if permanent_use(m, steps):
        return None
    if card_type(game, user) in TURNING_TYPES:
        slot = leader_slot(game, user)
        if slot is not None and slot[1].turned:
            return (
                f"{d.name} is turned: a turned card uses only a permanent maneuver "
                "(3.4.1, 4.1, 4.2.6)"
            )
    elif d.type is CardType.HIGH_GOD:
        if index >= 0 and any(u[1] == index for u in uses):
            return "the high god used this maneuver this turn (4.5)"
    elif any(_turning_use(game, used, at) for used, at in uses):
        return f"{d.name} has used a maneuver this turn (4.5)"
    return None


def permanent_use(m: Maneuver, steps: int) -> bool:
    """Whether a use of ``m`` for ``steps`` steps turns no user (4.2.6 Permanens): the
    maneuver is permanent, and so is every further step used ("Ha az összes használt
    lépcső [permanens], a használó nem fordul el")."""
    return m.permanent and all(step.permanent for step in m.steps[: steps - 1])


def _turning_use(game: Game, user: CardId, index: int) -> bool:
    """Whether a recorded use would have turned ``user`` (4.5): a free maneuver's use is
    recorded only when it is not permanent, a permanent maneuver's use that turned its
    user with :data:`TURNING` besides (:func:`_exhaust`); a bound one by its index."""
    if index < 0:
        return True
    printed = game.card(user).maneuvers
    return index >= len(printed) or not printed[index].permanent


def fate_allowed(game: Game, player: int, card: CardId) -> bool:
    """3.7: a fate is usable when a god leader allows it (8.god, once a turn) or it is
    linked to the player's high god."""
    if linked_to_high_god(game, player, game.card(card)):
        return True
    if player in game.fates_played:
        return False
    return any(
        game.card(slot.card).has_subtype(Subtype.GOD) for slot in game.players[player].leaders
    )


def free_users(s: S, player: int, card: CardId) -> Iterator[CardId]:
    """Who may use free maneuver ``card`` now (3.9): one's own permanents and troops
    meeting one of its icon groups, or linked to it, ready to use one of its maneuvers
    (:func:`why_not_ready`: a turned leader only a permanent one, 3.4.1, 4.2.6; a card
    that never turns none after a use that would have turned it, 4.5). Peoples and
    locations, by their current type (5.16), only while they fight (3.2.2, 3.3)."""
    printed = s.game.card(card).maneuvers
    for user in qualifying_users(s, player, card):
        if any(why_not_ready(s, user, FREE, m) is None for m in printed):
            yield user


def qualifying_users(s: S, player: int, card: CardId) -> Iterator[CardId]:
    """The cards on ``player``'s side that qualify to use free maneuver ``card`` (3.9),
    ready or not (:func:`free_users` asks that too)."""
    return _free_users(s, player, card, free_user_pool(s, player))


def free_user_pool(s: S, player: int) -> tuple[tuple[CardId, CardDef], ...]:
    """The cards on ``player``'s side that may use some free maneuver now (3.9), with
    their printed cards: the facts of :func:`free_users` that do not depend on the free
    maneuver. Peoples and locations, by their current type (5.16), only while they fight
    (3.2.2, 3.3); never a maneuver card attached to another (3.9), nor a neutralised card
    (5.5)."""
    game = s.game
    combat = in_combat(s)
    pool = []
    for user in board_cards(game, player):
        kind = card_type(game, user)  # 5.16: the current type
        if kind in (CardType.PEOPLE, CardType.LOCATION) and not combat:
            continue
        if kind is CardType.MANEUVER:
            continue  # an attached maneuver card is no permanent or troop (3.9)
        if neutralized(game, user):
            continue  # 5.5: a neutralised card uses no maneuver, free ones neither
        pool.append((user, game.card(user)))
    return tuple(pool)


def _free_users(
    s: S, player: int, card: CardId, pool: tuple[tuple[CardId, CardDef], ...]
) -> Iterator[CardId]:
    game = s.game
    d = game.card(card)
    for user, u in pool:
        if linked(d, u) or any(
            matches(game, player, player, user, group, None) for group in d.users
        ):
            yield user


# --- targets ------------------------------------------------------------------------------


def target_options(
    s: S, player: int, m: Maneuver, user: CardId | None
) -> Iterator[tuple[CardId | None, int | None]]:
    """``(target card, target pending)`` choices for using ``m`` now."""
    host = None if user is None else bound_host(s.game, user)
    if host is not None:  # 3.9: attached as a bound maneuver, it acts on its host only
        if pending_target(m) is None:
            yield host, None
        return
    counter = pending_target(m)
    if counter is not None:
        for item in s.game.stack:
            if counterable(s.game, item, counter):
                yield None, item.id
        return
    cards = chosen_cards(m)
    if cards is None:
        yield None, None
        return
    for card in matching(s.game, player, cards, user):
        yield card, None


def counterable(game: Game, item: AnyPending, counter: Neutralize | CounterPlay) -> bool:
    """Whether a counter effect can act on pending ``item`` (4.2.6, 3.7)."""
    if item.neutralized:
        return False
    if isinstance(counter, CounterPlay):
        if not isinstance(item, PlayPending):
            return False
        return not counter.types or game.card(item.card).type in counter.types
    if not isinstance(item, ManeuverPending) or maneuver_of(game, item).locked:
        return False
    if is_fate(game, item) and not counter.fate:
        return False  # 3.7: an effect naming only maneuvers leaves fate alone
    return not counter.subtypes or bool(set(counter.subtypes) & set(maneuver_types(game, item)))


def is_fate(game: Game, item: ManeuverPending) -> bool:
    """Whether a pending event is a fate (3.7)."""
    return item.card is not None and game.card(item.card).type is CardType.FATE


def _why_not_target(
    s: S, player: int, m: Maneuver, user: CardId | None, target: int | None, pending: int | None
) -> str | None:
    if (target, pending) in set(target_options(s, player, m, user)):
        return None
    host = None if user is None else bound_host(s.game, user)
    if user is not None and host is not None:
        return f"{s.game.card(user).name} acts only on the card it is attached to, #{host} (3.9)"
    if pending is not None:
        return f"pending event {pending} is not one this maneuver can counter"
    if target is None:
        return "this maneuver needs a target card"
    return f"#{target} is not a card this maneuver can target"


# --- the three kinds of use ---------------------------------------------------------------


def candidates(s: S, player: int) -> Iterator[ManeuverAction]:
    """Every maneuver action ``player`` may take now: exactly those :func:`why_not`
    passes, in this order: the bound maneuvers of the cards on the player's side (board
    order, maneuver by maneuver, then target, steps and repetitions ascending), then for
    each card in hand its free-maneuver uses (user by user) or its fate plays."""
    game = s.game
    spheres = game.players[player].spheres
    in_time = timely(s, player)
    for user, index, m in bound_maneuvers(game, player):
        if not in_time(m):
            continue
        paid = _affordable(m, spheres, False)
        if m.steps:  # 4.2.6: a further step that is not permanent turns the user
            paid = [(k, n) for k, n in paid if not _why_not_usable(s, user, index, m, k)]
        if not paid or _why_not_usable(s, user, index, m):
            continue
        for target, pending in target_options(s, player, m, user):
            for steps, times in paid:
                yield UseManeuver(user, index, target, pending, steps, times)
    pool: tuple[tuple[CardId, CardDef], ...] | None = None  # worked out once, if needed
    for card in game.players[player].hand:
        d = game.card(card)
        if d.type is CardType.MANEUVER:
            usable = [(i, m) for i, m in enumerate(d.maneuvers) if in_time(m)]
            if not usable:
                continue
            if pool is None:
                pool = free_user_pool(s, player)
            for user in _free_users(s, player, card, pool):
                free = linked(d, game.card(user))
                for index, m in usable:
                    if why_not_ready(s, user, FREE, m) is not None:
                        continue  # 3.4.1, 4.2.6, 4.5
                    times_paid = [times for _, times in _affordable(m, spheres, free, steps=False)]
                    if not times_paid:
                        continue
                    for target, pending in target_options(s, player, m, user):
                        for times in times_paid:
                            yield UseFreeManeuver(card, user, index, target, pending, times)
        elif d.type is CardType.FATE and fate_allowed(game, player, card):
            for index, m in enumerate(d.maneuvers):
                if not in_time(m):
                    continue
                times_paid = [times for _, times in _affordable(m, spheres, False, steps=False)]
                if not times_paid:
                    continue
                for target, pending in target_options(s, player, m, None):
                    for times in times_paid:
                        yield PlayFate(card, index, target, pending, times)


_HOLDS_COUNTER = keys_by_player("holds counter")


def holds_counter(game: Game, player: int) -> bool:
    """Whether ``player`` holds a maneuver it might use in a counter round, where only a
    counter or locked effect answers (6.4.1; :func:`timely`): a counter effect among the
    bound maneuvers of its side (:func:`bound_maneuvers`, none of them locked), or a
    free maneuver or fate in hand with a counter or locked effect. A necessary condition
    of a maneuver action in a counter round (:func:`candidates`), cached as a view of the
    board and the hand (:func:`.state.cached`)."""
    key = _HOLDS_COUNTER[player]
    found: bool | None = memoised(game, key)
    if found is not None:
        return found
    hand = game.players[player].hand
    return cached(game, key, (hand,), lambda: _holds_counter(game, player, hand))


def _holds_counter(game: Game, player: int, hand: tuple[CardId, ...]) -> bool:
    if any(m.counter for _, _, m in bound_maneuvers(game, player)):
        return True
    return any(
        m.counter or m.locked
        for card in hand
        if game.card(card).type in (CardType.MANEUVER, CardType.FATE)
        for m in game.card(card).maneuvers
    )


_BOUND_MANEUVERS = keys_by_player("bound-maneuvers")


def bound_maneuvers(game: Game, player: int) -> tuple[tuple[CardId, int, Maneuver], ...]:
    """``(user, index, maneuver)`` for every maneuver printed on a card on ``player``'s
    side that may ever be used (not locked, not taking hold by itself: 4.2.6), in board
    order: a view of the board, worked out once for each board (:func:`.state.cached`)."""

    def compute() -> tuple[tuple[CardId, int, Maneuver], ...]:
        return tuple(
            (user, index, m)
            for user in board_cards(game, player)
            for index, m in enumerate(game.card(user).maneuvers)
            if not m.locked and m.trigger is None
        )

    return cached(game, _BOUND_MANEUVERS[player], (), compute)


def _affordable(
    m: Maneuver, spheres: Spheres, free: bool, steps: bool = True
) -> list[tuple[int, int]]:
    """The ``(steps, times)`` uses of ``m`` the player can pay for (4.2.2, 4.2.6), in
    ascending order; with ``steps`` false, only the first step is used."""
    if m.per is None and (not steps or not m.steps):  # one use only: the usual case
        return [(1, 1)] if affordable(spheres, NO_COST if free else m.cost) else []
    most = len(m.steps) + 1 if steps else 1
    return [
        (count, times)
        for count in range(1, most + 1)
        for times in _times(m)
        if affordable(spheres, total_cost(m, count, times, free))
    ]


def _times(m: Maneuver) -> range:
    return range(1, MAX_TIMES + 1) if m.per is not None else range(1, 2)


def why_not(s: S, player: int, a: ManeuverAction) -> str | None:
    """Why ``player`` may not take the maneuver action ``a`` now, or ``None``."""
    game = s.game
    if isinstance(a, UseManeuver):
        d = game.card(a.user)
        if not 0 <= a.index < len(d.maneuvers):
            return f"{d.name} has no maneuver {a.index}"
        m = d.maneuvers[a.index]
        if not 1 <= a.steps <= len(m.steps) + 1:
            return f"this maneuver has {len(m.steps) + 1} steps, not {a.steps} (4.2.6)"
        return (
            why_not_timing(s, player, m)
            or why_not_user(s, player, a.user, a.index, m, a.steps)
            or _why_not_times(m, a.times)
            or _why_not_target(s, player, m, a.user, a.target, a.target_pending)
            or why_not_pay(
                game.players[player].spheres, total_cost(m, a.steps, a.times, free=False)
            )
        )
    if isinstance(a, UseFreeManeuver):
        if a.card not in game.players[player].hand:
            return f"#{a.card} is not in your hand"
        d = game.card(a.card)
        if d.type is not CardType.MANEUVER:
            return f"{d.name} is not a free maneuver (3.9)"
        if not 0 <= a.index < len(d.maneuvers):
            return f"{d.name} has no maneuver {a.index}"
        m = d.maneuvers[a.index]
        if a.user not in set(qualifying_users(s, player, a.card)):
            return f"#{a.user} may not use {d.name} (3.9)"
        free = linked(d, game.card(a.user))
        return (
            why_not_ready(s, a.user, FREE, m)  # 3.4.1, 4.2.6, 4.5
            or why_not_timing(s, player, m)
            or _why_not_times(m, a.times)
            or _why_not_target(s, player, m, a.user, a.target, a.target_pending)
            or why_not_pay(game.players[player].spheres, total_cost(m, 1, a.times, free))
        )
    # a fate (the union leaves no other class)
    if a.card not in game.players[player].hand:
        return f"#{a.card} is not in your hand"
    d = game.card(a.card)
    if d.type is not CardType.FATE:
        return f"{d.name} is not a fate (3.7)"
    if not fate_allowed(game, player, a.card):
        return f"{d.name} needs a god leader or a mythic link to your high god (3.7)"
    if not 0 <= a.index < len(d.maneuvers):
        return f"{d.name} has no effect {a.index}"
    m = d.maneuvers[a.index]
    return (
        why_not_timing(s, player, m)
        or _why_not_times(m, a.times)
        or _why_not_target(s, player, m, None, a.target, a.target_pending)
        or why_not_pay(game.players[player].spheres, total_cost(m, 1, a.times, False))
    )


def _why_not_times(m: Maneuver, times: int) -> str | None:
    if m.per is None and times != 1:
        return "only a maneuver with a slash repeats (4.2.6)"
    if not 1 <= times <= MAX_TIMES:
        return f"a slash repeats 1 to {MAX_TIMES} times"
    return None


def perform(s: S, player: int, a: ManeuverAction) -> tuple[S, ManeuverPending]:
    """4.6.1-4.6.3: announce, show, pay, turn the user; returns the pending event."""
    game = s.game
    p = game.players[player]
    if isinstance(a, UseManeuver):
        m = game.card(a.user).maneuvers[a.index]
        s = update_player(s, player, spheres=pay(p.spheres, total_cost(m, a.steps, a.times, False)))
        host = bound_host(game, a.user)  # 3.9: the card it is attached to uses it
        user = a.user if host is None else host
        s = _exhaust(s, user, a.index, m, a.steps)
        item = ManeuverPending(
            0,
            player,
            user=user,
            maneuver=a.index,
            target=a.target,
            target_pending=a.target_pending,
            steps=a.steps,
            times=a.times,
            keyword_card=None if host is None else a.user,
        )
        return s, item
    if isinstance(a, UseFreeManeuver):
        s = take_free_maneuver(s, player, a.card, a.index, a.user, a.times)
        item = ManeuverPending(
            0,
            player,
            card=a.card,
            user=a.user,
            maneuver=a.index,
            target=a.target,
            target_pending=a.target_pending,
            times=a.times,
        )
        return s, item
    # a fate (the union leaves no other class)
    m = game.card(a.card).maneuvers[a.index]
    hand = take_from_hand(p, a.card).hand
    s = update_player(
        s, player, hand=hand, spheres=pay(p.spheres, total_cost(m, 1, a.times, False))
    )
    if not linked_to_high_god(game, player, game.card(a.card)):
        s = s.evolve(game=s.game.with_turn(fates_played=(*s.game.fates_played, player)))
    item = ManeuverPending(
        0,
        player,
        card=a.card,
        maneuver=a.index,
        target=a.target,
        target_pending=a.target_pending,
        times=a.times,
    )
    return s, item


def take_free_maneuver(s: S, player: int, card: CardId, index: int, user: CardId, times: int) -> S:
    """4.6.1-4.6.3 for free maneuver ``card`` used by ``user``: taken from hand and shown,
    paid (free when linked to its user, 3.9), and its user turns (4.5)."""
    game = s.game
    p = game.players[player]
    d = game.card(card)
    m = d.maneuvers[index]
    cost = total_cost(m, 1, times, linked(d, game.card(user)))
    s = update_player(s, player, hand=take_from_hand(p, card).hand, spheres=pay(p.spheres, cost))
    return exhaust(s, user, FREE, m)


def exhaust(s: S, user: CardId, index: int, m: Maneuver) -> S:
    """4.6.3 for ``user``: see :func:`_exhaust`."""
    return _exhaust(s, user, index, m)


def _exhaust(s: S, user: CardId, index: int, m: Maneuver, steps: int = 1) -> S:
    """4.6.3: the user turns, unless the use is permanent (:func:`permanent_use`) or the
    user never turns; the use is recorded for per-turn limits (4.2.6, 4.5). A permanent
    free maneuver's use (``index`` :data:`FREE`) is not: it turns nothing and no limit
    counts it (4.2.6); a permanent maneuver's use that turns its user (a further step
    that is not permanent) is recorded with :data:`TURNING` too."""

    permanent = permanent_use(m, steps)
    if not permanent and card_type(s.game, user) in TURNING_TYPES:  # 4.5 with 5.16
        s = set_turned(s, (user,), True)
    if index == FREE and permanent:
        return s
    if index >= 0 and m.permanent and not permanent:
        s = s.evolve(game=s.game.with_turn(used=(*s.game.used, (user, TURNING))))
    return s.evolve(game=s.game.with_turn(used=(*s.game.used, (user, index))))
