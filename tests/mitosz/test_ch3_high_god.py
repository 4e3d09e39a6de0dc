"""3.1 the high god and its spheres; 6.2.4.2-6.2.4.3 spheres at the end of the turn."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Regain, Summon
from mitosz_core.games.mitosz.cards import Sphere
from mitosz_core.games.mitosz.rules.board import remove_to_underworld
from mitosz_core.games.mitosz.rules.high_god import effective_cost
from tests.mitosz.fixtures import (
    act,
    attach_location,
    pass_until,
    pass_windows,
    put_people,
    set_player,
    start,
    start_sky,
    to_hand,
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
    s = start_sky()
    me = s.game.active
    s, devotee = to_hand(s, me, "Devotee")  # wealth 2, linked to Sky
    options = [a for a in mc.legal_actions(s) if isinstance(a, Summon) and a.card == devotee]
    assert Summon(devotee, None, (Sphere.WEALTH, Sphere.MAGIC)) in options
    assert len(options) == 1 + 3  # plain, or one wealth point paid from another sphere
    s = set_player(s, me, spheres=(3, 3, 1, 3))
    with pytest.raises(mc.IllegalActionError, match="wealth 1 < 2"):
        act(s, Summon(devotee))
    after = act(s, Summon(devotee, None, (Sphere.WEALTH, Sphere.FORCE)))
    assert after.game.players[me].spheres == (3, 3, 0, 2)
    s, hero = to_hand(s, me, "Hero")  # not linked
    with pytest.raises(mc.IllegalActionError, match=r"no mythic link to your high god.*\(3\.1\)"):
        act(s, Summon(hero, None, (Sphere.INFLUENCE, Sphere.MAGIC)))
    assert effective_cost((0, 1, 0, 0), (Sphere.MAGIC, Sphere.WEALTH)) == (
        "the cost has no magic point to substitute"
    )


@pytest.mark.rule("6.2.4.2", "7.4.11")
def test_spheres_above_their_maximum_fall_to_it_at_the_end_of_the_turn() -> None:
    s = start()
    me = s.game.active
    top = s.game.card(s.game.players[me].high_god).spheres
    s = set_player(s, me, spheres=(top[0] + 2, top[1], top[2], top[3]))
    s = pass_until(s, "turn.end.discard")
    while s.game.active == me:
        s = act(s, mc.legal_actions(s)[0])
    assert s.game.players[me].spheres[0] == top[0]


@pytest.mark.rule("6.2.4.3")
@pytest.mark.ruling("R-6.2.4.3")
def test_regain_three_points_chosen_by_the_player_within_the_maxima() -> None:
    s = start_sky()
    me = s.game.active
    top = s.game.card(s.game.players[me].high_god).spheres
    s = set_player(s, me, spheres=(0, 0, top[2], top[3]))
    s = pass_until(s, "turn.end.discard")
    while s.phase == "turn.end.discard":
        s = act(s, mc.legal_actions(s)[0])
    s = pass_windows(s)  # the discards were events (6.5.1)
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
    s = start()
    me = s.game.active
    top = s.game.card(s.game.players[me].high_god).spheres
    s = set_player(s, me, spheres=(top[0] - 1, top[1], top[2] - 1, top[3]))
    s = pass_until(s, "turn.end.discard")
    while s.game.active == me:
        assert s.phase != "turn.end.regain"
        s = act(s, mc.legal_actions(s)[0])
    assert s.game.players[me].spheres == top


@pytest.mark.rule("6.2.4.3")
def test_cards_that_produce_sphere_points_produce_them_up_to_the_maximum() -> None:
    s = start()
    me = s.game.active
    top = s.game.card(s.game.players[me].high_god).spheres
    s, cross = put_people(s, me, "Cross", 0, 0)
    s, _ = attach_location(s, me, "Market", cross)  # produces 1 wealth
    s = set_player(s, me, spheres=(top[0], top[1], top[2] - 4, top[3]))
    s = pass_until(s, "turn.end.discard")
    while s.game.active == me:
        s = act(s, mc.legal_actions(s)[0])
    assert s.game.players[me].spheres[2] == top[2]  # 3 regained + 1 produced
