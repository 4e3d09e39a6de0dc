"""3.2 peoples and the empire on the grid, and 3.3 locations."""

from __future__ import annotations

import random

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import PlacePeople, Summon
from mitosz_core.games.mitosz.cards import CardType, Edge
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.empire import (
    adjacent,
    frontier,
    open_roads,
    placements,
    why_not_place,
)
from mitosz_core.games.mitosz.rules.levels import road_level
from mitosz_core.mitosz import MarkerAt, People
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import (
    act,
    build,
    pass_until,
    play,
    sea,
    sky,
    start,
    to_hand,
)


def _with_cross(key: str, *more: str, theirs: tuple[People, ...] = ()) -> tuple[S, int]:
    """The active player has a Cross at (0, 0) and ``key`` (and ``more``) in hand; the
    other player's empire is ``theirs``."""
    s = build(sky(empire=(People("Cross", 0, 0),), hand=(key, *more)), sea(empire=theirs))
    return s, s.game.players[0].hand[0]


@pytest.mark.rule("3.2", "3.2.1")
def test_the_first_people_goes_to_the_origin() -> None:
    s = start()
    me = s.game.active
    s, cross = to_hand(s, me, "Cross")
    cells = {(a.x, a.y) for a in mc.legal_actions(s) if isinstance(a, PlacePeople)}
    assert cells == {(0, 0)}
    s = play(s, PlacePeople(cross, 0, 0))
    assert s.game.players[me].empire[0].card == cross


@pytest.mark.rule("3.2.1")
@pytest.mark.ruling("R-3.2.1-join")
def test_a_new_people_joins_through_facing_roads_and_is_never_rotated() -> None:
    s, corner = _with_cross("Corner")  # roads south and west only
    legal = {
        (a.x, a.y) for a in mc.legal_actions(s) if isinstance(a, PlacePeople) and a.card == corner
    }
    # north of Cross: Corner's south road meets Cross's north road;
    # east of Cross: Corner's west road meets Cross's east road.
    assert legal == {(0, 1), (1, 0)}
    with pytest.raises(mc.IllegalActionError, match=r"no road of Corner at \(-1, 0\) meets"):
        act(s, PlacePeople(corner, -1, 0))
    with pytest.raises(mc.IllegalActionError, match=r"cell \(0, 0\) is already taken"):
        act(s, PlacePeople(corner, 0, 0))


@pytest.mark.rule("3.2.1")
def test_one_people_per_turn_in_either_summoning_step() -> None:
    s, line = _with_cross("Line", "Stub")
    stub = s.game.players[0].hand[1]
    s = play(s, PlacePeople(line, 1, 0))
    assert not any(isinstance(a, PlacePeople) for a in mc.legal_actions(s))
    with pytest.raises(mc.IllegalActionError, match=r"already been placed this turn \(3\.2\.1\)"):
        act(s, PlacePeople(stub, 0, -1))
    s = pass_until(s, "turn.summoning_2")
    assert not any(isinstance(a, PlacePeople) for a in mc.legal_actions(s))
    # a player who placed none in the first step may place one in the second
    t, stub2 = _with_cross("Stub")
    t = pass_until(t, "turn.summoning_2")
    t = play(t, PlacePeople(stub2, 0, -1))
    assert len(t.game.players[t.game.active].empire) == 2


@pytest.mark.rule("3.2.1")
@pytest.mark.ruling("R-3.2.1-copies")
def test_no_more_copies_of_a_people_than_its_roads_on_the_whole_board() -> None:
    # Stub has one road; the copy on the board is the opponent's
    s = build(sky(hand=("Stub",)), sea(empire=(People("Stub"),)))
    with pytest.raises(mc.IllegalActionError, match=r"as many times as it has roads \(1\)"):
        act(s, PlacePeople(s.game.players[0].hand[0], 0, 0))


@pytest.mark.rule("3.2.1")
def test_adjacency_counts_sides_and_corners() -> None:
    # a corner contact, and no contact with (0, 0)
    empire = (People("Cross", 0, 0), People("Line", 1, 1), People("Line", 2, 0))
    s = build(sky(empire=empire), sea())
    a, b, c = s.game.players[0].empire
    assert {x.card for x in adjacent(s.game, 0, a)} == {b.card}
    assert {x.card for x in adjacent(s.game, 0, b)} == {a.card, c.card}


@pytest.mark.rule("3.2.1", "3.3")
def test_level_given_to_a_people_or_by_its_location_goes_to_every_road() -> None:
    s = build(sky(empire=(People("Cross"),)), sea(), markers=(MarkerAt(0, "Cross", level=2),))
    slot = s.game.players[0].empire[0]
    roads = s.game.card(slot.card).roads
    assert [road_level(s.game, 0, slot, r) for r in roads] == [r.level + 2 for r in roads]


@pytest.mark.rule("3.2.2")
def test_only_open_roads_can_be_attacked() -> None:
    # Line closes Cross's east road, Stub its south road (Stub has no road there)
    empire = (People("Cross", 0, 0), People("Line", 1, 0), People("Stub", 0, -1))
    s = build(sky(empire=empire), sea())
    slot = s.game.players[0].empire[0]
    assert {r.edge for r in open_roads(s.game, 0, slot)} == {Edge.NORTH, Edge.WEST}


@pytest.mark.rule("3.3")
def test_one_location_per_own_people() -> None:
    s, market = _with_cross("Market", "Tower", theirs=(People("Line"),))
    me = s.game.active
    cross = s.game.players[me].empire[0].card
    s = play(s, Summon(market, cross))
    assert fx.location(s.game, s.game.players[me].empire[0].card) == market
    tower = s.game.players[me].hand[0]
    with pytest.raises(mc.IllegalActionError, match=r"Cross already has a location \(3\.3\)"):
        act(s, Summon(tower, cross))
    theirs = s.game.players[1 - me].empire[0].card
    with pytest.raises(mc.IllegalActionError, match=r"not a people of your empire \(3\.3\)"):
        act(s, Summon(tower, theirs))
    with pytest.raises(mc.IllegalActionError, match="must be attached"):
        act(s, Summon(tower))


@pytest.mark.rule("3.2.1")
def test_the_placements_offered_are_exactly_the_cells_where_a_people_may_go() -> None:
    """Core v2: the summoning step offers PlacePeople only where the gate agrees; the
    generator is exact, not a superset filtered afterwards."""
    checked = 0
    for seed in range(3):
        chooser = random.Random(seed)
        s = mc.new_game("mitosz", seed=seed, players=3)
        for _ in range(300):
            if s.is_over:
                break
            game = s.game
            for player in range(len(game.players)):
                for card in game.players[player].hand:
                    if game.card(card).type is not CardType.PEOPLE:
                        continue
                    cells = frontier(game, player)
                    exact = [c for c in cells if why_not_place(game, player, card, c) is None]
                    assert list(placements(game, player, card)) == exact
                    checked += 1
            s = mc.apply(s, chooser.choice(mc.legal_actions(s)))
    assert checked > 500
