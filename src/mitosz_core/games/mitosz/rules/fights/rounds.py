"""Combat rounds (*harci kör*, 7.2.2; 7.4.8, 7.6.3) and the counter rounds inside a fight.

The fighting players act in combat-round order, starting with the attacking commander's
player in a battle and with the challenged leader's player in a duel: each summons troops
(battle only, 3.8, 7.5.3), uses maneuvers or plays cards that may affect the fight
(7.2.1), or passes. Every deed opens a counter round; no response of 6.1.4 is stacked
on it, since the combat round is that response (ruling R-7.4.8-turns). When all fighting
players pass in a row, the sides are compared (7.4.9, 7.6.4). If the attacked people, or
a commander or duelist, leaves the board, the fight is decided at once (7.4.8).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from mitosz_core.games.mitosz.actions import (
    Choose,
    ChooseTroopMode,
    ManeuverAction,
    Pass,
    PlayWithoutSummoning,
    Summon,
    SummonTroop,
)
from mitosz_core.games.mitosz.cards import CardType, linked
from mitosz_core.games.mitosz.machine import Trigger
from mitosz_core.games.mitosz.rules import S, counter_round, maneuvers, triggers
from mitosz_core.games.mitosz.rules.board import controller, remove_to_hand
from mitosz_core.games.mitosz.rules.counter_round import push, responder
from mitosz_core.games.mitosz.rules.fights import access
from mitosz_core.games.mitosz.rules.fights.army import (
    first_mode,
    is_monster_play,
    mode_chooser,
    resolve_troop,
    why_not_troop,
)
from mitosz_core.games.mitosz.rules.fights.combat_maneuvers import can_stop
from mitosz_core.games.mitosz.rules.fights.core import (
    ATTACK,
    DEFEND,
    army,
    attachments,
    combat_order,
    fight_of,
    is_battle,
    leader_of,
    line_of,
    set_fight,
    war_leaders,
)
from mitosz_core.games.mitosz.rules.fights.keywords import mount_of
from mitosz_core.games.mitosz.rules.fights.outcome import leave_outcome, sides_compared
from mitosz_core.games.mitosz.rules.flow import Step, choice_of, fire, to_choose
from mitosz_core.games.mitosz.rules.high_god import (
    effective_cost,
    linked_to_high_god,
    pay,
    substitutions,
    why_not_pay,
)
from mitosz_core.games.mitosz.rules.hooks import Wiring
from mitosz_core.games.mitosz.rules.summoning import (
    deed_rules,
    perform_play,
    plays,
    summon_cost,
    why_not_play,
)
from mitosz_core.games.mitosz.rules.zones import take_from_hand, update_player
from mitosz_core.games.mitosz.state import (
    LINES,
    ChoicePurpose,
    Game,
    PlayPending,
    Troop,
    TroopMode,
)
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule, allowed, dispatch
from mitosz_core.kernel.values import replace


def begin_rounds(s: S) -> S:
    """The lines are formed (7.3.4): a war leader's mount helps as a beast troop in its
    line (8.mount); the combat-round order is set (7.2.2, 7.4.8, 7.6.3)."""
    fight = fight_of(s)
    game = s.game
    troops = list(fight.troops)
    for side in (ATTACK, DEFEND):
        for line, leader in zip(LINES, army(fight, side), strict=True):
            mount = None if leader is None else mount_of(game, leader)
            if mount is not None:
                troops.append(
                    Troop(mount, side, line, first_mode(fight, side, line, False), False, True)
                )
    players = {fight.attacker, fight.defender, *(p for p, _ in fight.helpers)}
    first = fight.attacker if is_battle(fight) else fight.defender
    return set_fight(
        s,
        troops=tuple(troops),
        fighters=combat_order(game, first, players),
        current=0,
        passed=0,
        started=True,
    )


def prune(s: S) -> S:
    """Forget troops no longer attached to their war leader (gone from the board)."""
    fight = fight_of(s)
    kept = tuple(
        t
        for t in fight.troops
        if (leader := leader_of(fight, t)) is not None and t.card in attachments(s.game, leader)
    )
    return s if len(kept) == len(fight.troops) else set_fight(s, troops=kept)


# --- the combat round ------------------------------------------------------------------------


def _player(s: S) -> int:
    fight = fight_of(s)
    return fight.fighters[fight.current]


def troop_plays(s: S, player: int) -> Iterator[SummonTroop]:
    """Troop and monster plays worth testing for ``player`` (3.8, 8.monster)."""
    game = s.game
    fight = fight_of(s)
    if not is_battle(fight):
        return
    mine = [c for c in war_leaders(game, fight) if controller(game, c) == player]
    if not mine:
        return
    for card in game.players[player].hand:
        d = game.card(card)
        if d.type is not CardType.TROOP and not is_monster_play(game, card):
            continue
        to_god = linked_to_high_god(game, player, d)
        for leader in mine:
            yield SummonTroop(card, leader)
            if linked(d, game.card(leader)):
                yield SummonTroop(card, leader, free=True)
            if to_god:
                for substitute in substitutions(d.cost):
                    yield SummonTroop(card, leader, substitute=substitute)


def _why_not_summon_troop(s: S, player: int, a: SummonTroop) -> str | None:

    reason = why_not_troop(s, player, a.card, a.leader, a.free)
    if reason is not None or a.free:
        return reason
    game = s.game
    if a.substitute is not None and not linked_to_high_god(game, player, game.card(a.card)):
        return f"{game.card(a.card).name} has no mythic link to your high god (3.1)"
    cost = effective_cost(summon_cost(s, player, a.card), a.substitute)
    if isinstance(cost, str):
        return cost
    return why_not_pay(game.players[player].spheres, cost)


def _summon_troop(s: S, player: int, a: SummonTroop) -> S:
    """6.3.2-6.3.5 for a troop: show, pay (unless played without summoning), and wait on
    the stack for its counter round."""

    p = s.game.players[player]
    spheres = p.spheres
    if not a.free:
        cost = effective_cost(summon_cost(s, player, a.card), a.substitute)
        assert not isinstance(cost, str)
        spheres = pay(spheres, cost)
    s = update_player(s, player, hand=take_from_hand(p, a.card).hand, spheres=spheres)
    item = PlayPending(0, player, a.card, target=a.leader)
    return push(s, item)


def _candidates(s: S) -> Iterator[Action]:

    player = _player(s)
    yield Pass()
    yield from troop_plays(s, player)
    yield from maneuvers.candidates(s, player)
    yield from plays(s, player, anytime_only=True)


def _next_fighter(s: S, passed: int) -> S:
    """The turn in the combat round goes to the next fighter (7.2.2), with ``passed``
    passes in a row."""
    fight = fight_of(s)
    return set_fight(s, passed=passed, current=(fight.current + 1) % len(fight.fighters))


def _pass(s: S) -> S:
    fight = fight_of(s)
    passed = fight.passed + 1
    s = _next_fighter(s, passed)
    if passed >= len(fight.fighters):  # 7.4.9, 7.6.4: everybody passed in a row
        return fire(set_fight(s, outcome=sides_compared(s.game, fight_of(s))), Trigger.DECIDED)
    return s


def _troop_why_not(s: S, a: SummonTroop) -> str | None:
    return _why_not_summon_troop(s, _player(s), a)


def _troop(s: S, a: SummonTroop) -> S:
    player = _player(s)
    return _summon_troop(_next_fighter(s, 0), player, a)


def _maneuver_why_not(s: S, a: ManeuverAction) -> str | None:
    player = _player(s)
    return maneuvers.why_not(s, player, a) or access.why_not_action(s, player, a)


def _maneuver(s: S, a: ManeuverAction) -> S:
    player = _player(s)
    s, item = maneuvers.perform(_next_fighter(s, 0), player, a)
    return push(s, item)


def _play_why_not(s: S, a: Summon | PlayWithoutSummoning) -> str | None:
    player = _player(s)
    return why_not_play(s, player, a, anytime_only=True) or access.why_not_action(s, player, a)


def _play(s: S, a: Summon | PlayWithoutSummoning) -> S:
    player = _player(s)
    return perform_play(_next_fighter(s, 0), player, a)


def _settle(s: S) -> S | None:
    """7.4.8: a fight is decided at once when a commander, duelist or the attacked people
    has left the board; a support or reserve troop waits for its mode (3.8). A troop
    gone from the board is forgotten, also when the round goes on (it may come back as
    a new troop)."""
    pruned = prune(s)
    fight = fight_of(pruned)
    outcome = leave_outcome(pruned.game, fight)
    if outcome is not None:
        return fire(set_fight(pruned, outcome=outcome), Trigger.DECIDED)
    if any(t.mode is TroopMode.UNDECIDED for t in fight.troops):
        return fire(pruned, Trigger.TROOP_MODE)
    return None if pruned is s else pruned


ROUNDS = dispatch(
    (
        Rule(Pass, allowed, lambda s, a: _pass(s)),
        Rule(SummonTroop, _troop_why_not, _troop),
        *deed_rules(_maneuver_why_not, _maneuver, _play_why_not, _play),
    ),
    candidates=_candidates,
    decider=_player,
    settle=_settle,
)


# --- 3.8: a support or reserve troop's mode ----------------------------------------------------


def _undecided(s: S) -> Troop:
    return next(t for t in fight_of(s).troops if t.mode is TroopMode.UNDECIDED)


def _mode_candidates(s: S) -> Iterable[Action]:
    troop = _undecided(s)
    return (ChooseTroopMode(troop.card, m) for m in (TroopMode.LEVEL, TroopMode.MANEUVER))


def _mode_why_not(s: S, a: ChooseTroopMode) -> str | None:
    troop = _undecided(s)
    if a.card != troop.card:
        return f"the mode of #{troop.card} is to be chosen now"
    if a.mode not in (TroopMode.LEVEL, TroopMode.MANEUVER):
        return "a support or reserve troop gives its level or its maneuvers (3.8)"
    return None


def _mode(s: S, a: ChooseTroopMode) -> S:
    fight = fight_of(s)
    troops = tuple(replace(t, mode=a.mode) if t.card == a.card else t for t in fight.troops)
    return fire(set_fight(s, troops=troops), Trigger.NEXT)


TROOP_MODE = dispatch(
    (Rule(ChooseTroopMode, _mode_why_not, _mode),),
    candidates=_mode_candidates,
    decider=lambda s: mode_chooser(fight_of(s), _undecided(s), s.game),
)


# --- counter rounds inside a fight -------------------------------------------------------------


def resolve_step(s: S, w: Wiring) -> S:
    """A fight's counter round resolves like any other (6.4.1); a troop reaching the
    board joins its war leader's line (3.8), and then its maneuvers used when it is
    played are used (6.3.7), if its maneuvers take effect in its line (ruling
    R-6.3.7-troop)."""
    game = s.game
    if not game.todo and game.stack:
        item = game.stack[-1]
        if (
            isinstance(item, PlayPending)
            and item.target is not None
            and (game.card(item.card).type is CardType.TROOP or is_monster_play(game, item.card))
            and game.fight is not None
            and line_of(game.fight, item.target) is not None
        ):
            s = s.evolve(game=replace(game, stack=game.stack[:-1]))
            s = triggers.on_play(resolve_troop(s, item), item)
            return to_choose(s) if s.game.choice is not None else s
    return counter_round.resolve_step(s, w)


def _respond_why_not(s: S, a: Action, w: Wiring) -> str | None:
    reason = counter_round.respond_why_not(s, a, w)
    return reason or access.why_not_action(s, responder(s), a)


def respond_step(w: Wiring) -> Step[Game]:
    """A counter round in the combat phase: the fight's limits apply to the answers
    (7.2.1, 7.3.5)."""
    return Step(
        accepts=(Pass, *counter_round.RESPONSES),
        candidates=lambda s: counter_round.respond_candidates(s, w),
        why_not=lambda s, a: _respond_why_not(s, a, w),
        perform=lambda s, a: counter_round.respond(s, a, w),
        decider=responder,
        only_pass=lambda s: counter_round.holds_nothing(s, w),
    )


def _fear(s: S) -> bool:
    choice = s.game.choice
    return choice is not None and choice.purpose is ChoicePurpose.FEAR


def _choose_candidates(s: S) -> Iterable[Action]:
    if not _fear(s):
        return counter_round.choose_candidates(s)
    choice = choice_of(s)
    return (Pass(), Choose(choice.options[0]))


def _decline_why_not(s: S, a: Pass) -> str | None:
    if not _fear(s):
        return counter_round.why_not_decline(s, a)  # a pass only declines what may be (6.3.7)
    return None  # the fleeing creature flees (7.2.5.2)


def _choose_why_not(s: S, a: Choose) -> str | None:
    if not _fear(s):
        return counter_round.why_not_choose(s, a)
    choice = choice_of(s)
    if a.card != choice.options[0]:
        return f"#{choice.options[0]} is the fleeing creature to decide on now (7.2.5.2)"
    if not can_stop(s.game, a.card):
        return "you cannot pay to stop the fear (7.2.5.2)"
    return None


def _next_fleeing(s: S, rest: tuple[int, ...]) -> S:
    choice = choice_of(s)
    if not rest:
        return fire(s.evolve(game=replace(s.game, choice=None)), Trigger.CHOSEN)
    first = controller(s.game, rest[0])
    chooser = choice.player if first is None else first
    new = replace(choice, player=chooser, options=rest, count=len(rest))
    return s.evolve(game=replace(s.game, choice=new))


def _choose(s: S, a: Choose, w: Wiring) -> S:
    """Fear (7.2.5.2): pay to keep the first fleeing creature."""
    if not _fear(s):
        return counter_round.choose(s, a, w)
    choice = choice_of(s)
    side = controller(s.game, choice.options[0])
    assert side is not None  # the settle rule lets a creature gone from the board flee
    spheres = pay(s.game.players[side].spheres, fight_of(s).fear_cost)
    s = update_player(s, side, spheres=spheres)
    return _next_fleeing(s, choice.options[1:])


def _decline(s: S, w: Wiring) -> S:
    """A pass: declines an optional choice (6.3.7), or lets a fleeing creature flee."""
    if not _fear(s):
        return counter_round.decline(s, w)
    return _flee(s)


def _flee(s: S) -> S:
    """Fear (7.2.5.2): let the first fleeing creature flee to its player's hand."""
    choice = choice_of(s)
    card = choice.options[0]
    if controller(s.game, card) is not None:
        s = remove_to_hand(s, card)
    return _next_fleeing(s, choice.options[1:])


def _choose_settle(s: S) -> S | None:
    """A creature gone, or whose player cannot pay, flees without a decision."""
    if not _fear(s):
        return None
    choice = choice_of(s)
    card = choice.options[0]
    if controller(s.game, card) is not None and can_stop(s.game, card):
        return None
    return _flee(s)


def _chooser(s: S) -> int:
    choice = choice_of(s)
    return choice.player


FIGHT_PURPOSES = frozenset({ChoicePurpose.FEAR})
"""The choices this step answers itself, not through the wiring's answers."""


def choose_step(w: Wiring) -> Step[Game]:
    """The choose step of a fight's counter round: effects' choices, and fear's (7.2.5.2)."""
    return dispatch(
        (
            Rule(Choose, _choose_why_not, lambda s, a: _choose(s, a, w)),
            Rule(Pass, _decline_why_not, lambda s, a: _decline(s, w)),
        ),
        candidates=_choose_candidates,
        decider=_chooser,
        settle=_choose_settle,
    )
