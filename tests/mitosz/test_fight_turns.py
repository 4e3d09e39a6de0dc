"""Who acts when inside a fight (7.4.8, 7.6.3, 7.2.2, 7.4.9, 7.6.4; ruling R-7.4.8-turns).

The combat round is the response of 6.1.4 inside a fight: from the start of the combat
round to the comparison the players taking part act one deed at a time in combat-round
order, starting with the attacking commander's player (battle) or the challenged
leader's player (duel); no separate response is stacked on their deeds. Each trace walks
a fight in which every taking-part player holds a Battle Cry (combat: +2 to an own
leader) and uses it (or an intrigue it holds) when it has the action, and records who
decided outside the counter rounds.
"""

from __future__ import annotations

import random

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    AskHelp,
    DeclareFight,
    Designate,
    Pass,
    Summon,
    UseFreeManeuver,
)
from mitosz_core.games.mitosz.machine import COUNTER_LEAVES
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.flow import turn_state
from mitosz_core.games.mitosz.state import FightKind, LineName
from tests.mitosz.fight_fixtures import E, arena, battle, designate, to_combat
from tests.mitosz.fixtures import act, put_leader, put_people, to_hand

SUPPORT = LineName.SUPPORT
Trace = list[tuple[str, int]]


def _step(s: S) -> str:
    """The step a decision is in, by its last name (``rounds``, ``respond``...)."""
    return s.phase.rsplit(".", 1)[-1] if not s.phase.startswith("response") else "response"


def walk(s: S) -> tuple[S, Trace]:
    """Play the fight to its comparison: every deciding player outside a counter round
    uses its Battle Cry on its own fighting leader (or summons its intrigue) when it may,
    else passes; counter rounds are passed. The deciders outside counter rounds, with their step."""
    trace: Trace = []
    while turn_state(s).endswith(".rounds") or s.phase == "response.respond":
        if s.phase in COUNTER_LEAVES:
            s = act(s, Pass())
            continue
        assert s.to_act is not None
        trace.append((_step(s), s.to_act))
        cries = [a for a in mc.legal_actions(s) if isinstance(a, UseFreeManeuver | Summon)]
        s = act(s, cries[0] if cries else Pass())
    return s, trace


def no_double_deeds(trace: Trace, fighters: int) -> None:
    """Nobody decides twice in a row unless all the others passed in between: in a trace
    of one combat round after another, a player's turns are ``fighters`` apart."""
    last: dict[int, int] = {}
    for i, (_, player) in enumerate(trace):
        if player in last:
            assert i - last[player] == fighters, (trace, i)
        last[player] = i


def _cry(s: S, player: int) -> S:
    return to_hand(s, player, "Battle Cry")[0]


@pytest.mark.rule("7.4.8", "7.2.2", "7.4.9", "6.1.4")
@pytest.mark.ruling("R-7.4.8-turns")
def test_a_two_player_battle_alternates_one_deed_at_a_time() -> None:
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s = _cry(_cry(s, me), other)
    s = designate(battle(s, hills, E, captain), guardian)
    while not s.phase.endswith(".rounds"):
        s = act(s, Pass())
    s, trace = walk(s)
    # the attacker's deed, the defender's deed, then both pass: compared
    assert trace == [("rounds", me), ("rounds", other), ("rounds", me), ("rounds", other)]
    no_double_deeds(trace, 2)


@pytest.mark.rule("7.4.8", "7.2.2", "7.4.9")
@pytest.mark.ruling("R-7.4.8-turns")
def test_a_three_player_battle_asks_the_helper_in_turn_order() -> None:
    # the third player gives the attacker a comrade: it takes part in the fight
    s, me, other = arena(players=3, auto_pass=False)
    order = s.game.order
    (third,) = (p for p in order if p not in (me, other))
    s, captain = put_leader(s, me, "Captain")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s, lieutenant = put_leader(s, third, "Lieutenant")
    for player in (me, other, third):
        s = _cry(s, player)
    s = designate(battle(s, hills, E, captain), guardian)
    s = designate(act(s, AskHelp(third)), lieutenant, SUPPORT)
    while not s.phase.endswith(".rounds"):
        s = act(s, Pass())
    s, trace = walk(s)
    # me, then the turn order: other, then third (order[me+1] is other by the arena)
    deeds = [("rounds", p) for p in (me, other, third)]
    assert trace == deeds + deeds
    no_double_deeds(trace, 3)


@pytest.mark.rule("7.4.8", "7.2.2", "7.4.9")
@pytest.mark.ruling("R-7.4.8-turns")
def test_a_four_player_battle_with_a_helper_on_each_side() -> None:
    s, me, other = arena(players=4, auto_pass=False)
    order = s.game.order
    third, fourth = (p for p in order if p not in (me, other))
    s, captain = put_leader(s, me, "Captain")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s, lieutenant = put_leader(s, third, "Lieutenant")
    s, maiden = put_leader(s, fourth, "Shieldmaiden")
    for player in order:
        s = _cry(s, player)
    s = designate(battle(s, hills, E, captain), guardian)
    s = designate(act(s, AskHelp(third)), lieutenant, SUPPORT)
    s = designate(act(s, AskHelp(fourth)), maiden, SUPPORT)
    while not s.phase.endswith(".rounds"):
        s = act(s, Pass())
    s, trace = walk(s)
    start = order.index(me)
    rotation = [("rounds", order[(start + i) % 4]) for i in range(4)]
    assert trace == rotation + rotation
    no_double_deeds(trace, 4)


@pytest.mark.rule("7.6.3", "7.2.2", "7.6.4")
@pytest.mark.ruling("R-7.4.8-turns")
def test_a_duel_starts_with_the_challenged_player_and_alternates() -> None:
    s, me, other = arena(auto_pass=False)
    s, hero = put_leader(s, me, "Hero")
    s, guardian = put_leader(s, other, "Guardian")
    s = _cry(_cry(s, me), other)
    s, _ = to_hand(s, other, "Banner")  # and an intrigue, which may affect a fight (7.3.5)
    s = act(act(to_combat(s), DeclareFight(FightKind.DUEL)), Designate(hero))
    s = act(s, Designate(guardian))
    s, trace = walk(s)
    # the challenged player first, then one deed each in turn until both pass: its
    # intrigue waits for its next turn in the round
    assert trace[0] == ("rounds", other) and len(trace) >= 4
    assert trace == [("rounds", (other, me)[i % 2]) for i in range(len(trace))]
    no_double_deeds(trace, 2)


def _random_fights(players: int, seed: int, decisions: int) -> tuple[int, list[str]]:
    """Play a random game (no automatic passes, a fight declared whenever one may be) for
    ``decisions`` decisions; return how many combat-round decisions were checked and the
    breaches of the combat-round order found: a response inside a combat round, or a
    decider that is not the fighter after the previous one (7.2.2)."""
    rng = random.Random(seed)
    s = mc.new_game(seed=seed, players=players, auto_pass=False)
    checked, breaches = 0, []
    previous: int | None = None
    for _ in range(decisions):
        if s.is_over:
            break
        in_round = turn_state(s).endswith(".rounds")
        if in_round and s.phase == "response.respond":
            breaches.append(f"turn {s.turn}: a response inside a combat round")
        if in_round and s.phase.endswith(".rounds"):
            fight = s.game.fight
            assert fight is not None and s.to_act is not None
            fighters = fight.fighters
            if previous is not None and previous in fighters:
                expected = fighters[(fighters.index(previous) + 1) % len(fighters)]
                if s.to_act != expected:
                    breaches.append(f"turn {s.turn}: {s.to_act} after {previous}")
            previous = s.to_act
            checked += 1
        elif not in_round:
            previous = None
        legal = mc.legal_actions(s)
        fights = [a for a in legal if isinstance(a, DeclareFight)]
        deeds = [a for a in legal if not isinstance(a, Pass)]
        action: mc.Action
        if fights:
            action = rng.choice(fights)
        elif deeds and rng.random() < 0.7:
            action = rng.choice(deeds)
        else:
            action = rng.choice(legal)
        s = mc.apply(s, action)
    return checked, breaches


@pytest.mark.rule("7.4.8", "7.6.3", "7.2.2")
@pytest.mark.ruling("R-7.4.8-turns")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_nobody_makes_two_deeds_in_a_row_in_a_combat_round_of_random_games(players: int) -> None:
    # every decision of a combat round goes to the taking-part player after the one who
    # decided before (a pass included): two in a row only when all the others passed
    checked, breaches = 0, []
    for seed in range(6):
        n, found = _random_fights(players, seed, 1500)
        checked += n
        breaches += found
    assert checked > 20
    assert breaches == []
