"""Whom an untargeted event affects, read from its effect (6.4.1 "az érintett
játékossal kezdve", ruling R-6.4.1-affected): a sequence's every part, a delayed
effect's own effect, and the further steps the use bought all count."""

from __future__ import annotations

import pytest

from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    Cards,
    ChangeLevel,
    Delayed,
    Discard,
    Draw,
    Every,
    Maneuver,
    ManeuverStep,
    Sequence,
    Timing,
    Trigger,
    User,
    Who,
)
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules.affected import affected_players
from mitosz_core.games.mitosz.state import ManeuverPending
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import CROSS, ENEMY_LEADERS, build, sea, sky, the

MINE = Draw(1)  # the user's player draws
THEIRS = Discard(1, Who.EACH_OPPONENT)  # each opponent discards


def _maneuver(name: str, effect: AnyEffect, *steps: ManeuverStep) -> Maneuver:
    return Maneuver(name, effect, timing=Timing.ACTION, steps=steps)


HERALD = fx.card(
    "Affecting Herald",
    CardType.LEADER,
    level=2,
    maneuvers=(
        _maneuver("Both", Sequence((MINE, THEIRS))),
        _maneuver("Later", Delayed(Trigger.TURN_END, THEIRS)),
        _maneuver("Scale", MINE, ManeuverStep((0, 0, 0, 0), THEIRS)),
        _maneuver("All", Draw(1, Who.EACH_PLAYER)),
        _maneuver("Self", ChangeLevel(User(), 1)),
        _maneuver("Enemies", ChangeLevel(Every(ENEMY_LEADERS), -1)),
        _maneuver("Others", ChangeLevel(Every(Cards(types=(CardType.LEADER,), not_user=True)), 1)),
    ),
)
RULESET = MitoszRuleset(pool={**fx.POOL, HERALD.key: HERALD})


@pytest.mark.rule("6.4.1")
@pytest.mark.ruling("R-6.4.1-affected")
@pytest.mark.parametrize(
    ("index", "steps", "expected"),
    [
        (0, 1, {0, 1, 2}),
        (1, 1, {1, 2}),
        (2, 1, {0}),
        (2, 2, {0, 1, 2}),
        (3, 1, {0, 1, 2}),
        (4, 1, {0}),
        (5, 1, {1}),
        (6, 1, {1}),
    ],
    ids=[
        "every-part-of-a-sequence",
        "a-delayed-effect",
        "first-step",
        "a-bought-step",
        "each-player",
        "the-users-player",
        "the-players-whose-cards-match",
        "the-players-whose-cards-match-read-with-the-user",
    ],
)
def test_the_players_an_untargeted_maneuver_affects(
    index: int, steps: int, expected: set[int]
) -> None:
    mine = sky(empire=CROSS, leaders=(Leader("Affecting Herald"),))
    s = build(mine, sea(leaders=(Leader("King"),)), sky(), ruleset=RULESET)  # 2 has none
    used = ManeuverPending(0, 0, user=the(s, "Affecting Herald"), maneuver=index, steps=steps)
    assert affected_players(s.game, used) == frozenset(expected)


@pytest.mark.rule("6.4.1")
@pytest.mark.ruling("R-6.4.1-affected")
def test_an_effect_on_a_user_gone_from_the_board_names_nobody_known() -> None:
    # the user has left the board before its use's counter round: the event names no
    # player, so the counter round starts with the player whose turn it is
    s = build(sky(empire=CROSS, hand=("Affecting Herald",)), sea(), ruleset=RULESET)
    used = ManeuverPending(0, 0, user=the(s, "Affecting Herald"), maneuver=4, steps=1)
    assert affected_players(s.game, used) is None
