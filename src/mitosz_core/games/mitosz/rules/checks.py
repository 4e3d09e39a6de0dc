"""Checks made after every step, before anyone decides again (state-based rules).

- 2.2: a permanent or troop whose base level has been lowered below 1 goes to the
  underworld.
- 2.3: if a unique card is on the board more than once, every copy is destroyed.
- 3.7, 3.9: a free-maneuver or fate card whose effects all ended goes to the underworld.
- 3.4.2: a leader row above its limit interrupts play until its owner sacrifices leaders.
- 1.1.1: power holds start and break.
- 6.5.1: an event noticed at a quiet moment opens a counter round (:mod:`.events`).
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from mitosz_core.games.mitosz.cards import PERMANENT_TYPES, CardType
from mitosz_core.games.mitosz.effects.language import ChangeLevel, SetLevel
from mitosz_core.games.mitosz.machine import Phase, Trigger
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import (
    all_board_cards,
    controller,
    destroy_all,
    remove_all_to_underworld,
)
from mitosz_core.games.mitosz.rules.continuous import (
    AnyLasting,
    applies_to,
    card_type,
    lasting_of,
    settle_conflicts,
)
from mitosz_core.games.mitosz.rules.counter_round import release_lingering
from mitosz_core.games.mitosz.rules.events import notice
from mitosz_core.games.mitosz.rules.fights.army import combat_effects_end
from mitosz_core.games.mitosz.rules.flow import in_forced_choice, interrupt, turn_phase
from mitosz_core.games.mitosz.rules.hosting import host_of
from mitosz_core.games.mitosz.rules.leaders import over_limit
from mitosz_core.games.mitosz.rules.levels import base_level_now
from mitosz_core.games.mitosz.rules.victory import update_holds
from mitosz_core.games.mitosz.state import (
    CardId,
    ForcedFrame,
    Game,
    cached,
    checking_views,
    memo_settled,
    memoised,
    settle,
    settled,
)
from mitosz_core.kernel.values import frozen

STABLE = "checks-stable"
"""The mark of the board checks that found nothing to do (:func:`state_checks`)."""


def state_checks(s: S) -> S:
    """Every state-based check, in order.

    The checks of the board and of what is in force (5.9 conflicts, 2.2, 2.3, 3.7/3.9,
    1.1.1) read only the parts named by :func:`_board_check_parts`; once they found
    nothing to do on some parts, they are not run again while those parts stay the same
    objects (a pass, a counter or a move between machine states changes none of them).
    The forced choices and the event window depend on the machine state too, and always
    run: a leader row over its limit (3.4.2) is taken before cards waiting for their
    owner's order (1.4.2), and neither while a forced choice is being made."""
    s = _board_checks(s)
    if not (in_forced_choice(s) or s.is_over):
        if _any_over_limit(s.game):
            s = interrupt(s, ForcedFrame, Trigger.LEADER_OVERFLOW)
        elif s.game.limbo:
            s = interrupt(s, ForcedFrame, Trigger.UNDERWORLD_ORDER)
    return _combat_phase_over(notice(s))


def _combat_phase_over(s: S) -> S:
    """6.1.4, 4.2.1: once its fight is over (or none was declared) and its last deeds are
    answered, the combat phase ends, and with it every effect lasting until its end
    (ruling R-7.2.1-every)."""
    game = s.game
    if not game.this_turn.combat_closing or game.frames or turn_phase(s) is Phase.COMBAT:
        return s
    return combat_effects_end(s.evolve(game=game.with_turn(combat_closing=False)))


def _board_checks(s: S) -> S:
    """The checks of the board and of what is in force, unless they found nothing to do
    on this game value (its memo) or on the same parts of another (the board's cache).
    In the debug mode (``MITOSZ_CHECK_VIEWS=1``) they run anyway, and must find nothing
    to do there.

    The lingering cards (3.7, 3.9) are checked apart, every time: that check is a few
    tests, and what it reads (the pending stack, the queued effects, a choice being
    made) changes at nearly every step of a counter round, which would otherwise make
    the other checks run again in full where none of their parts changed."""
    before = s.game
    debug = checking_views()
    known = memoised(before, STABLE) is not None
    if known and not debug:
        return s
    parts = _board_check_parts(s)
    marked = known or settled(before, STABLE, parts)
    if marked and not debug:
        if before.lingering:
            s = _lingering(s)
        if s.game is before:
            memo_settled(before, STABLE)
        return s
    s = settle_conflicts(s)
    s = _base_levels(s)
    s = _uniques(s)
    found = s.game is not before
    s = _lingering(s)
    released = s
    s = update_holds(s)
    if s.game is before:
        settle(before, STABLE, parts)
        memo_settled(before, STABLE)
    else:
        found = found or s is not released
        assert not (marked and found), "the board checks changed a game they had found settled"
    return s


def _board_check_parts(s: S) -> tuple[object, ...]:
    """Everything the board checks read besides the realms and the lingering cards'
    check: the board, what is in force and its tie-breaks, the fight, the power holds
    (and, for a hold that starts, the turn and the active player)."""
    game = s.game
    return (
        game.board,
        game.effects,
        game.markers,
        game.fight,
        game.tiebreaks,
        *map(_HOLD, game.players),
    )


_HOLD = attrgetter("hold")
"""A player's power hold."""


def _lingering(s: S) -> S:
    """3.7, 3.9: a free-maneuver or fate card goes to the underworld once no effect of it
    lasts, however its effects ended (their card left the board, say); not while its
    effects are still being made."""
    game = s.game
    if not game.lingering or game.stack or game.todo or game.choice:
        return s
    return release_lingering(s)


def _base_levels(s: S) -> S:
    """2.2: a permanent or troop (5.1) whose base level was lowered below 1 goes to the
    underworld, whatever lowered it: markers, an attached -N card, a lasting effect
    (:func:`~.levels.base_level_now`); the high god and +/- modifier cards are exempt
    (ruling R-2.2)."""
    game = s.game
    doomed = [
        c
        for c in _lowered(game)
        if controller(game, c) is not None  # 5.16: by the type it has now
        and card_type(game, c) in (PERMANENT_TYPES | {CardType.TROOP}) - {CardType.HIGH_GOD}
        and not game.card(c).level_modifier
        and base_level_now(game, c) < min(1, game.card(c).level)
    ]
    return remove_all_to_underworld(s, doomed) if doomed else s  # at once (1.4.2)


def _lowered(game: Game) -> tuple[CardId, ...]:
    """The board cards something may have lowered (2.2): those with markers (5.10), those
    carrying a -N card (2.2), and those a lowering or level-setting lasting effect reaches
    (4.2.5); in board order, each once."""
    cards: dict[CardId, None] = dict.fromkeys(m.card for m in game.markers)
    for card in all_board_cards(game):
        d = game.card(card)
        if d.level_modifier and d.level < 0:
            host = host_of(game, card)
            if host is not None:
                cards[host] = None
    lowering: list[AnyLasting] = [i for i in lasting_of(game, ChangeLevel) if i.effect.amount < 0]
    lowering += lasting_of(game, SetLevel)
    if lowering:
        for card in all_board_cards(game):
            if card not in cards and any(applies_to(game, i, card) for i in lowering):
                cards[card] = None
    return tuple(cards)


def _uniques(s: S) -> S:
    """2.3: duplicates of a unique card on the board are all destroyed. High gods are
    exempt: nothing affects them (3.1), so two players may bring the same one (R-2.3-god)."""
    game = s.game
    dupes = cached(game, "unique-dupes", (), lambda: _duplicate_serials(game))
    if not dupes:
        return s
    doomed = [c for c in all_board_cards(game) if game.card(c).serial in dupes]
    return destroy_all(s, doomed)  # at once (1.4.2); a unique region takes its people (8.region)


def _any_over_limit(game: Game) -> bool:
    """Whether some leader row is over its limit (3.4.2), a view of the realms."""
    found: bool | None = memoised(game, "over-limit")
    if found is not None:
        return found
    return cached(
        game, "over-limit", (), lambda: any(over_limit(game, i) for i in range(len(game.players)))
    )


def first_over_limit(s: S) -> int:
    """The player, in turn order from the active one, who must sacrifice a leader."""
    order = s.game.order
    start = order.index(s.game.active)
    for k in range(len(order)):
        player = order[(start + k) % len(order)]
        if over_limit(s.game, player):
            return player
    raise ValueError("no leader row is over its limit")


def _duplicate_serials(game: Game) -> frozenset[str]:
    """Serial numbers of unique cards (not high gods) on the board more than once."""
    serials = Counter(
        game.card(c).serial
        for c in all_board_cards(game)
        # the high god card itself, by its printed type: nothing changes it (3.1)
        if game.card(c).unique and game.card(c).type is not CardType.HIGH_GOD
    )
    return frozen(serial for serial, n in serials.items() if n > 1)
