"""The referee (:mod:`tests.properties.referee`): random games checked at every decision,
and hand-built bad transitions it must report.

The random games are fixed seeds, played once per module and shared by the tests of the
invariants, so each invariant costs nothing beyond its own check. Every invariant holds
in both rulesets (the turned-user and fight-turn gaps of issue 29 are fixed).
"""

from __future__ import annotations

import functools
import random
from dataclasses import replace

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz import actions as ma
from mitosz_core.games.mitosz.machine import REGAIN_STEP, RESPONSE_STEP, ROUNDS
from mitosz_core.games.mitosz.rules.continuous import hand_size
from mitosz_core.games.mitosz.state import Fight, FightKind, Outcome
from mitosz_core.games.mythos import actions as ya
from mitosz_core.games.mythos.rules.hand import HAND_MAX
from mitosz_core.games.mythos.state import Combat
from mitosz_core.kernel.action import Decision
from tests.properties.referee import (
    ALTERNATION,
    CONSERVATION,
    INVARIANTS,
    LIMITS,
    TURNED_USER,
    WHO_DECIDES,
    AnyState,
    Finding,
    Referee,
)

MITOSZ_GAMES = ((2, 2, True), (5, 3, True), (0, 4, True))
"""(seed, players, auto_pass) of the Mítosz games."""
MYTHOS_GAMES = ((0, True), (1, False), (2, True))
"""(seed, auto_pass) of the MYTHOS games."""
DECISIONS = 250
"""Decisions per game at most: enough to reach fights and end phases."""


def _play(s: AnyState, seed: int) -> dict[str, list[str]]:
    rng = random.Random(seed)
    referee = Referee.watch(s)
    found: dict[str, list[str]] = {name: [] for name in INVARIANTS}
    for f in referee.state(s):
        found[f.invariant].append(f"start: {f.text}")
    for i in range(DECISIONS):
        if s.is_over:
            break
        action = rng.choice(mc.legal_actions(s))
        after = mc.apply(s, action)
        for f in referee.check(s, action, after):
            found[f.invariant].append(f"seed {seed}, decision {i}: {f.text}")
        s = after
    return found


@functools.cache
def mitosz_findings() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {name: [] for name in INVARIANTS}
    for seed, players, auto in MITOSZ_GAMES:
        s = mc.new_game("mitosz", seed=seed, players=players, auto_pass=auto)
        for name, texts in _play(s, seed).items():
            out[name] += [f"{players} players, {t}" for t in texts]
    return out


@functools.cache
def mythos_findings() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {name: [] for name in INVARIANTS}
    for seed, auto in MYTHOS_GAMES:
        s = mc.new_game("mythos", seed=seed, auto_pass=auto)
        for name, texts in _play(s, seed).items():
            out[name] += texts
    return out


def _rules(*ids: str) -> pytest.MarkDecorator:
    return pytest.mark.rule(*ids)


@pytest.mark.parametrize(
    "invariant",
    [
        pytest.param(TURNED_USER, marks=_rules("3.4.1", "4.2.6", "4.6.3")),
        pytest.param(ALTERNATION, marks=_rules("7.4.8", "7.6.3")),
        pytest.param(WHO_DECIDES, marks=_rules("6.2", "7.4.8", "7.6.3")),
        pytest.param(CONSERVATION, marks=_rules("G1")),
        pytest.param(LIMITS, marks=_rules("3.4.2", "6.2.4.1", "6.2.4.2")),
    ],
)
def test_random_mitosz_games_keep_the_referee_invariants(invariant: str) -> None:
    assert mitosz_findings()[invariant] == []


@pytest.mark.parametrize(
    "invariant",
    [
        pytest.param(TURNED_USER, marks=_rules("06.1")),
        pytest.param(ALTERNATION, marks=[_rules("11.9"), pytest.mark.ruling("R-04.4-windows")]),
        pytest.param(WHO_DECIDES, marks=_rules("04.4", "06.2")),
        pytest.param(CONSERVATION, marks=_rules("02.1")),
        pytest.param(LIMITS, marks=_rules("02.1", "07.2")),
    ],
)
def test_random_mythos_games_keep_the_referee_invariants(invariant: str) -> None:
    assert mythos_findings()[invariant] == []


# --- the referee can fail ------------------------------------------------------------------


def _kinds(found: list[Finding]) -> set[str]:
    return {f.invariant for f in found}


def _mitosz_with_a_leader() -> tuple[AnyState, int, int]:
    """A Mítosz game played at random until some leader with a maneuver that is not
    permanent stands in a row: the state, the leader and the maneuver's index."""
    rng = random.Random(3)
    s = mc.new_game("mitosz", seed=3, players=2)
    while not s.is_over:
        for p in s.game.players:
            for slot in p.realm.leaders:
                for i, m in enumerate(s.game.card(slot.card).maneuvers):
                    if not m.permanent:
                        return s, slot.card, i
        s = mc.apply(s, rng.choice(mc.legal_actions(s)))
    raise AssertionError("no leader with a maneuver came into play")


def _turn(s: AnyState, card: int) -> AnyState:
    players = []
    for p in s.game.players:
        leaders = tuple(replace(x, turned=True) if x.card == card else x for x in p.realm.leaders)
        players.append(replace(p, realm=replace(p.realm, leaders=leaders)))
    return s.evolve(game=replace(s.game, players=tuple(players)))


@pytest.mark.rule("3.4.1", "4.2.6")
def test_the_referee_reports_a_turned_user() -> None:
    s, leader, index = _mitosz_with_a_leader()
    use = ma.UseManeuver(user=leader, index=index)
    referee = Referee.watch(s)
    assert TURNED_USER not in _kinds(referee.check(s, use, s))
    turned = _turn(s, leader)
    assert TURNED_USER in _kinds(referee.check(turned, use, turned))
    free = ma.UseFreeManeuver(card=leader, user=leader, index=index)
    assert TURNED_USER in _kinds(referee.check(turned, free, turned))


@pytest.mark.rule("7.4.8")
def test_the_referee_reports_a_double_deed_in_a_fight() -> None:
    s = mc.new_game("mitosz", seed=1, players=3)
    fight = Fight(kind=FightKind.BATTLE, attacker=0, defender=1, fighters=(0, 1, 2), started=True)
    s = s.evolve(game=replace(s.game, fight=fight), phase=ROUNDS[0], to_act=0)
    deed, other = ma.Discard(card=0), s.evolve(to_act=1)
    referee = Referee.watch(s, [ALTERNATION])
    assert referee.check(s, deed, s) == []  # P0 opens the rounds
    assert referee.check(other, ma.Pass(), other) == []  # P1 passes, P2 not yet
    assert _kinds(referee.check(s, deed, s)) == {ALTERNATION}  # P0 again
    late = Referee.watch(s, [ALTERNATION])
    second = s.evolve(to_act=1)
    assert _kinds(late.check(second, deed, second)) == {ALTERNATION}  # 7.4.8: P0 starts
    fair = Referee.watch(s, [ALTERNATION])
    for who, action in ((0, deed), (1, ma.Pass()), (2, ma.Pass()), (0, deed)):
        here = s.evolve(to_act=who)
        assert fair.check(here, action, here) == [], who


@pytest.mark.rule("7.4.8", "R-6.1.4-pass")
def test_the_referee_leaves_a_decided_fight_to_the_response() -> None:
    """Once the combat rounds decided the fight (its spoils, end effects, clean-up), a
    deed is answered by the response of 6.1.4, where the players other than the one whose
    turn it is are asked: the defender may answer its own spoils with a fate (found by
    the state machine test as a false report, seed 82)."""
    s = mc.new_game("mitosz", seed=1, players=2)
    fight = Fight(kind=FightKind.BATTLE, attacker=1, defender=0, fighters=(1, 0), started=True)
    rounds = s.evolve(game=replace(s.game, fight=fight), phase=ROUNDS[0], to_act=0)
    decided = rounds.evolve(
        game=replace(rounds.game, fight=replace(fight, outcome=Outcome.DEFENDER)),
        phase=RESPONSE_STEP,
    )
    deed = ma.Discard(card=0)
    for state, expected in ((rounds, {ALTERNATION}), (decided, set())):
        referee = Referee.watch(state, [ALTERNATION])
        other = state.evolve(to_act=1)
        referee.check(other, ma.Pass(), other)
        assert referee.check(state, deed, state) == []
        assert _kinds(referee.check(state, deed, state)) == expected


@pytest.mark.rule("G1")
def test_the_referee_reports_a_duplicated_or_lost_card() -> None:
    s = mc.new_game("mythos", seed=1)
    referee = Referee.watch(s)
    assert referee.state(s) == []
    p = s.game.players[0]
    twice = replace(p, deck=(*p.deck, p.hand[0]))
    bad = s.evolve(game=s.game.with_player(0, twice))
    assert _kinds(referee.check(s, ya.Pass(), bad)) == {CONSERVATION}
    lost = replace(p, hand=p.hand[1:])
    bad = s.evolve(game=s.game.with_player(0, lost))
    assert _kinds(referee.state(bad)) == {CONSERVATION}
    m = mc.new_game("mitosz", seed=1, players=2)
    q = m.game.players[1]
    stolen = replace(q, hand=(*q.hand, m.game.players[0].hand[0]))
    bad_m = m.evolve(game=replace(m.game, players=(m.game.players[0], stolen)))
    assert CONSERVATION in _kinds(Referee.watch(m).state(bad_m))


@pytest.mark.rule("07.2", "6.2.4.1")
def test_the_referee_reports_an_over_limit_hand() -> None:
    s = mc.new_game("mythos", seed=1)
    p = s.game.players[0]
    full = replace(p, hand=p.hand + p.deck[: HAND_MAX + 1 - len(p.hand)], deck=p.deck[2:])
    bad = s.evolve(game=s.game.with_player(0, full))
    assert len(full.hand) == HAND_MAX + 1
    assert LIMITS in _kinds(Referee.watch(s, [LIMITS]).state(bad))
    m = mc.new_game("mitosz", seed=1, players=2)
    me = m.game.this_turn.active
    q = m.game.players[me]
    extra = hand_size(m.game, me) + 1 - len(q.hand)
    big = replace(q, hand=q.hand + q.deck[:extra], deck=q.deck[extra:])
    players = tuple(big if i == me else x for i, x in enumerate(m.game.players))
    at_end = m.evolve(
        game=replace(m.game, players=players, frames=()), phase=REGAIN_STEP, to_act=me
    )
    assert _kinds(Referee.watch(m, [LIMITS]).state(at_end)) == {LIMITS}
    assert Referee.watch(m, [LIMITS]).state(at_end.evolve(phase="turn.summoning_1")) == []


@pytest.mark.rule("06.2")
def test_the_referee_reports_the_wrong_player_deciding() -> None:
    s = mc.new_game("mythos", seed=1)
    referee = Referee.watch(s, [WHO_DECIDES])
    assert referee.state(s) == []
    foe = 1 - s.game.active
    assert _kinds(referee.state(s.evolve(to_act=foe))) == {WHO_DECIDES}
    fight = s.evolve(phase="turn.combat.press_block", to_act=foe)
    assert _kinds(referee.state(fight)) == {WHO_DECIDES}


@pytest.mark.rule("11.9")
@pytest.mark.ruling("R-04.4-windows")
def test_the_referee_reports_a_defender_window_before_the_attackers() -> None:
    s = mc.new_game("mythos", seed=1)
    me, foe = s.game.active, 1 - s.game.active
    unit = s.game.players[me].hand[0]
    window = s.evolve(
        game=replace(s.game, combat=Combat((unit,))),
        phase="turn.combat.respond_block",
        to_act=foe,
    )
    referee = Referee.watch(s, [ALTERNATION])
    blocked = window.evolve(_log=window._log.append(Decision(foe, ya.Block(unit, unit))))
    assert _kinds(referee.check(blocked, ya.Pass(), blocked)) == {ALTERNATION}
    pressed = blocked.evolve(_log=blocked._log.append(Decision(me, ya.Pass(), auto=True)))
    assert referee.check(pressed, ya.Pass(), pressed) == []
    answered = pressed.evolve(_log=pressed._log.append(Decision(foe, ya.Play(unit))))
    assert referee.check(answered, ya.Pass(), answered) == []
