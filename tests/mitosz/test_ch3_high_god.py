"""3.1 the high god and its spheres; 6.2.4.2-6.2.4.3 spheres at the end of the turn."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Regain, Summon
from mitosz_core.games.mitosz.cards import Sphere
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import remove_to_underworld
from mitosz_core.games.mitosz.rules.high_god import effective_cost
from mitosz_core.mitosz import People
from tests.mitosz.fixtures import (
    act,
    build,
    pass_windows,
    sea,
    sky,
    start,
    the,
)


@pytest.mark.rule("3.1")
def test_high_god_starts_on_the_board_with_full_spheres() -> None:
    s = start()
    for p in s.game.players:
        god = s.game.card(p.high_god)
        assert p.spheres == god.spheres
        assert p.high_god not in p.deck and p.high_god not in p.hand
    with pytest.raises(ValueError, match=r"high god cannot leave the board \(3\.1\)"):
        remove_to_underworld(s, s.game.players[0].high_god)


@pytest.mark.rule("3.1")
def test_a_card_linked_to_the_high_god_may_substitute_one_sphere_point() -> None:
    s = build(sky(hand=("Devotee", "Hero")), sea())  # the Devotee: wealth 2, linked to Sky
    me, devotee, hero = 0, the(s, "Devotee"), the(s, "Hero")
    options = [a for a in mc.legal_actions(s) if isinstance(a, Summon) and a.card == devotee]
    assert Summon(devotee, None, (Sphere.WEALTH, Sphere.MAGIC)) in options
    assert len(options) == 1 + 3  # plain, or one wealth point paid from another sphere
    s = build(sky(spheres=(3, 3, 1, 3), hand=("Devotee", "Hero")), sea())
    with pytest.raises(mc.IllegalActionError, match="wealth 1 < 2"):
        act(s, Summon(devotee))
    after = act(s, Summon(devotee, None, (Sphere.WEALTH, Sphere.FORCE)))
    assert after.game.players[me].spheres == (3, 3, 0, 2)  # the Hero is not linked:
    with pytest.raises(mc.IllegalActionError, match=r"no mythic link to your high god.*\(3\.1\)"):
        act(s, Summon(hero, None, (Sphere.INFLUENCE, Sphere.MAGIC)))
    assert effective_cost((0, 1, 0, 0), (Sphere.MAGIC, Sphere.WEALTH)) == (
        "the cost has no magic point to substitute"
    )


def to_end_of_turn(s: S, stop: str = "") -> S:
    """Player 0 (with nothing in hand) passes their turn until ``stop`` or its end."""
    while s.game.active == 0 and s.phase != stop:
        s = act(s, mc.legal_actions(s)[0])
    return s


@pytest.mark.rule("6.2.4.2", "7.4.11")
def test_spheres_above_their_maximum_fall_to_it_at_the_end_of_the_turn() -> None:
    s = to_end_of_turn(build(sky(spheres=(5, 3, 3, 3)), sea()))  # magic 2 above the maximum
    assert s.game.active == 1
    assert s.game.players[0].spheres == (3, 3, 3, 3)


@pytest.mark.rule("6.2.4.3")
@pytest.mark.ruling("R-6.2.4.3")
def test_regain_three_points_chosen_by_the_player_within_the_maxima() -> None:
    s = to_end_of_turn(build(sky(spheres=(0, 0, 3, 3)), sea()), "turn.end.regain")
    me = 0
    assert s.phase == "turn.end.regain" and s.to_act == me
    assert set(mc.legal_actions(s)) == {Regain(Sphere.MAGIC), Regain(Sphere.INFLUENCE)}
    with pytest.raises(mc.IllegalActionError, match=r"wealth is at its maximum"):
        act(s, Regain(Sphere.WEALTH))
    s = act(s, Regain(Sphere.MAGIC))
    s = act(s, Regain(Sphere.MAGIC))
    s = pass_windows(act(s, Regain(Sphere.INFLUENCE)))
    assert s.game.active != me
    assert s.game.players[me].spheres[:2] == (2, 1)


@pytest.mark.rule("6.2.4.3")
@pytest.mark.ruling("R-6.2.4.3")
def test_regain_fills_by_itself_when_there_is_no_real_choice() -> None:
    s = build(sea(spheres=(1, 4, 0, 5)), sky())  # the Sea god's maxima: 2/4/1/5
    s = to_end_of_turn(s, "turn.end.regain")
    assert s.game.active == 1  # no regain step: 2 points short, both regained
    assert s.game.players[0].spheres == (2, 4, 1, 5)


@pytest.mark.rule("6.2.4.3")
def test_cards_that_produce_sphere_points_produce_them_up_to_the_maximum() -> None:
    empire = (People("Cross", location="Market"),)  # the Market produces 1 wealth
    s = build(sky(spheres=(3, 3, 0, 0), empire=empire), sea())  # Sky: maxima 3/3/3/3
    s = to_end_of_turn(s, "turn.end.regain")
    for _ in range(3):  # 6 points short: the force is regained, then 1 wealth produced
        s = act(s, Regain(Sphere.FORCE))
    s = pass_windows(s)
    assert s.game.active == 1
    assert s.game.players[0].spheres == (3, 3, 1, 3)
    s = build(sky(spheres=(3, 3, 0, 3), empire=empire), sea())
    s = to_end_of_turn(s)  # 3 wealth regained, 1 produced: up to the maximum, 3
    assert s.game.players[0].spheres == (3, 3, 3, 3)
