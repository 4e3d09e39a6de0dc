"""Rules fidelity at the edges of set-up, turn flow and responses that the scenario tests
left untried (found by mutation testing, ``tools/mutation.py``): the decks a game is not
set up from (1.3.1), the turn order and its reveals (6.1.1, 6.2.4.6), a people in each
player's own turn (3.2.1), a deck-out round broken by a refilled deck (1.3.4), a row two
over its limit (3.4.2), a search that finds nothing (1.3.3), the maneuvers used when a
card is played (6.3.7, 5.5) and the counter round of a fight (7.2.1).
"""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    Choose,
    Pass,
    PlacePeople,
    SacrificeLeader,
    Summon,
    SummonTroop,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S, triggers
from mitosz_core.games.mitosz.rules.board import remove_to_underworld
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.rules.setup import _turn_order
from mitosz_core.games.mitosz.rules.zones import search
from mitosz_core.games.mitosz.state import PlayPending, RoundMark
from mitosz_core.kernel.rng import Rng
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig
from mitosz_core.mitosz import Leader, People
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import E, battle
from tests.mitosz.fixtures import CROSS, act, build, play, sea, settle_counter, sky, the
from tests.mitosz.pool_fixtures import my_move

FLOW_RULESET = MitoszRuleset(pool=fx.card_pool("base", "maneuvers", "timed", "flow_edges"))
FIGHT_RULESET = MitoszRuleset(
    pool=fx.card_pool("base", "maneuvers", "fights", "late", "flow_edges")
)


def _hand(s: S, player: int) -> int:
    return len(s.game.players[player].hand)


# --- 1.3.1, 6.1: the set-up -------------------------------------------------------------------


@pytest.mark.rule("1.3.1", "6.1")
def test_a_game_is_not_set_up_from_a_deck_with_an_unknown_card_or_no_high_god() -> None:
    odd = DeckList("odd", (*fx.SEA.entries, DeckEntry(1, "Dragon")))
    with pytest.raises(mc.DeckError, match=r"^deck 'odd': unknown card 'Dragon'$"):
        fx.RULESET.setup(GameConfig(seed=1, players=2, decks=(fx.SKY, odd)))
    godless = DeckList("godless", tuple(e for e in fx.SEA.entries if e.card != "Sea God"))
    with pytest.raises(mc.DeckError, match=r"^deck 'godless': no high god \(rule 1\.3\.1\)$"):
        fx.RULESET.setup(GameConfig(seed=1, players=2, decks=(fx.SKY, godless)))


# --- 6.1.1, 6.2.4.6, 3.2.1: whose turn comes next, and what it may do ----------------------------


@pytest.mark.rule("6.1.1", "6.2.4.6")
def test_the_turn_passes_to_the_next_player_in_the_turn_order() -> None:
    s = fx.start(players=3)
    order = s.game.order
    seen = [s.game.active]
    for _ in range(len(order)):
        s = fx.next_turn(s)
        seen.append(s.game.active)
    assert seen == [*order, order[0]]  # "a többiek növekvő sorrendben következnek"


@pytest.mark.rule("3.2.1", "6.2.4.6")
def test_each_player_places_a_people_in_their_own_turn() -> None:
    s = build(sky(hand=("Cross", "Cross")), sea(hand=("Cross",)))
    me, other = 0, 1
    place = next(a for a in mc.legal_actions(s) if isinstance(a, PlacePeople))
    s = play(s, place)
    assert not any(isinstance(a, PlacePeople) for a in mc.legal_actions(s))  # one a turn
    s = fx.next_turn(s)
    assert s.game.active == other
    assert any(isinstance(a, PlacePeople) for a in mc.legal_actions(s))  # a turn of its own
    s = fx.next_turn(s)
    assert s.game.active == me
    assert any(isinstance(a, PlacePeople) for a in mc.legal_actions(s))


@pytest.mark.rule("6.1.1")
def test_a_tie_is_revealed_again_with_each_players_next_card() -> None:
    # player 0's deck is (0, 1, 2), player 1's (3, 4, 5): a tie on the first cards, the
    # second ones settle it (9 against 3), the third ones would have settled it the other
    # way (1 against 8)
    number = [2, 9, 1, 2, 3, 8]
    order, reveals, _ = _turn_order([0, 1], [(0, 1, 2), (3, 4, 5)], number, Rng.from_seed(1))
    assert order == [1, 0]
    assert reveals == [[0, 1], [3, 4]]


@pytest.mark.rule("6.1.1")
def test_decks_that_tie_card_for_card_still_settle_the_turn_order() -> None:
    # the reveals cannot settle it ("mindaddig, míg a körsorrend el nem dől"): the order
    # is still settled, every player once, after each deck was revealed in full
    for seed in range(4):
        order, reveals, _ = _turn_order(
            [0, 1, 2], [(0,), (1,), (2,)], [4, 4, 4], Rng.from_seed(seed)
        )
        assert sorted(order) == [0, 1, 2]
        assert reveals == [[0], [1], [2]]


@pytest.mark.rule("1.3.4", "6.2.1.1")
@pytest.mark.ruling("R-1.3.4")
def test_a_deck_that_is_no_longer_empty_breaks_the_deck_out_round() -> None:
    s = build(sky(empire=(People("Cross"),), hand=("Line",), deck=()), sea(deck=()))
    me, other = 0, 1
    s = fx.next_turn(s)  # every deck empty at the start of a turn: the round is marked
    assert s.game.deckout == RoundMark(s.turn, other)
    line = the(s, "Line", me)  # a card of my hand goes back into my deck
    s = fx.set_player(s, me, deck=(line,), hand=())
    s = fx.next_turn(s)  # my turn starts with a card in my deck: no round without draws
    assert s.game.deckout is None and not s.is_over
    s = fx.next_turn(s)  # I drew it: every deck is empty again, a new round begins
    assert s.game.deckout == RoundMark(s.turn, other) and not s.is_over
    s = fx.next_turn(fx.next_turn(s))  # that round has passed
    assert s.is_over and s.game.ending == "deck-out" and s.winner == me


@pytest.mark.rule("3.4.2")
def test_a_row_two_over_its_limit_sacrifices_one_leader_at_a_time_until_within_it() -> None:
    s = fx.start()
    me = s.game.active
    other = 1 - me
    s, people = fx.put_people(s, other, "Cross", 0, 0)
    leaders = []
    for key in ("Cheap", "Hero", "Devotee", "King"):
        s, cid = fx.put_leader(s, other, key)
        leaders.append(cid)
    s = fx.refresh(remove_to_underworld(s, people))  # no people: 2 leaders at most, not 4
    assert s.phase == "forced.sacrifice_leader" and s.to_act == other
    s = act(s, SacrificeLeader(leaders[0]))
    assert s.phase == "forced.sacrifice_leader" and s.to_act == other  # still one over
    assert set(mc.legal_actions(s)) == {SacrificeLeader(c) for c in leaders[1:]}
    s = act(s, SacrificeLeader(leaders[3]))
    assert s.phase == "turn.summoning_1" and s.to_act == me
    assert [x.card for x in s.game.players[other].leaders] == leaders[1:3]


# --- 1.3.3: a search ---------------------------------------------------------------------------


@pytest.mark.rule("1.3.3")
def test_a_search_that_finds_nothing_still_shuffles_the_deck() -> None:
    s = fx.start()
    me = s.game.active
    before = s.game.players[me]
    missed = search(s, me, lambda c: False, restricted=True)
    p = missed.game.players[me]
    assert p.hand == before.hand  # nothing taken, nothing shown
    assert missed.game.revealed == ()
    assert sorted(p.deck) == sorted(before.deck) and p.deck != before.deck  # shuffled
    # the game goes on from that shuffle: the next search takes a card and shuffles again
    found = search(missed, me, lambda c: c.type is CardType.PEOPLE, restricted=True)
    q = found.game.players[me]
    (taken,) = set(q.hand) - set(p.hand)
    assert found.game.card(taken).type is CardType.PEOPLE
    assert found.game.revealed == (taken,)
    assert sorted(q.deck) == sorted(c for c in p.deck if c != taken)
    assert q.deck != tuple(c for c in p.deck if c != taken)


# --- 6.3.7: the maneuvers used when a card is played ----------------------------------------


@pytest.mark.rule("6.3.7")
@pytest.mark.ruling("R-6.3.7")
def test_every_maneuver_used_when_a_card_is_played_is_used_by_that_card() -> None:
    # Bellwether (level 2): Toll, an action (draw 1); when played: Ring, +1 level marker
    # to its user; when played: Call, draw 1
    s = build(sky(empire=CROSS, hand=("Bellwether",)), sea(empire=CROSS), ruleset=FLOW_RULESET)
    me = 0
    bellwether = the(s, "Bellwether")
    s = play(s, Summon(bellwether))
    assert s.phase == "turn.summoning_1" and s.game.choice is None
    assert level(s.game, bellwether) == 2 + 1  # Ring: the card itself is its user
    assert _hand(s, me) == 1  # Call drew a card; Toll, not an on-play maneuver, was not used


@pytest.mark.rule("6.3.7")
@pytest.mark.ruling("R-6.3.7")
def test_a_maneuver_used_when_played_that_names_another_card_asks_for_one() -> None:
    # Marshal (level 3), when played: Muster, draw 1; Rally, +1 level marker to another
    # of your leaders
    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero"),), hand=("Marshal",)),
        sea(empire=CROSS),
        ruleset=FLOW_RULESET,
    )
    me = 0
    marshal, hero = the(s, "Marshal"), the(s, "Hero")
    s = play(s, Summon(marshal))
    assert s.phase == "counter.choose" and s.to_act == me
    assert set(mc.legal_actions(s)) == {Choose(hero)}  # not the Marshal, Rally's user
    assert mc.observe(s, me)["choice"]["count"] == 1  # one card
    s = settle_counter(act(s, Choose(hero)))
    assert s.phase == "turn.summoning_1" and s.game.choice is None
    assert level(s.game, hero) == 3 + 1 and level(s.game, marshal) == 3
    assert _hand(s, me) == 1  # Muster drew once


@pytest.mark.rule("6.3.7")
@pytest.mark.ruling("R-6.3.7")
def test_a_card_played_may_name_itself_for_its_own_maneuver() -> None:
    # Standard-bearer (level 2), when played: +1 level marker to one of your leaders
    s = build(sky(empire=CROSS, hand=("Standard-bearer",)), sea(empire=CROSS), ruleset=FLOW_RULESET)
    bearer = the(s, "Standard-bearer")
    s = play(s, Summon(bearer))
    assert set(mc.legal_actions(s)) == {Choose(bearer)}
    s = settle_counter(act(s, Choose(bearer)))
    assert level(s.game, bearer) == 2 + 1


@pytest.mark.rule("6.3.7", "5.5")
@pytest.mark.ruling("R-6.3.7")
def test_no_maneuver_is_used_when_played_by_a_neutralised_card_or_without_its_cost() -> None:
    # Hush Decree (theirs): the abilities of their enemies' leaders are neutralised
    # Herald, when played: draw 1
    s = build(
        sky(empire=CROSS, hand=("Herald",)),
        sea(empire=CROSS, intrigues=("Hush Decree",)),
        ruleset=FLOW_RULESET,
    )
    me = 0
    herald = the(s, "Herald")
    s = play(s, Summon(herald))
    assert herald in {x.card for x in s.game.players[me].leaders}
    assert _hand(s, me) == 0  # 5.5: a neutralised card uses no maneuver
    # Envoy, when played, you may: 1 wealth, draw 2. Without wealth nothing is asked.
    s = build(
        sky(empire=CROSS, hand=("Envoy",), spheres=(3, 3, 0, 3)),
        sea(empire=CROSS),
        ruleset=FLOW_RULESET,
    )
    envoy = the(s, "Envoy")
    s = play(s, Summon(envoy))
    assert envoy in {x.card for x in s.game.players[me].leaders}
    assert s.phase == "turn.summoning_1" and s.game.choice is None
    assert _hand(s, me) == 0 and s.game.players[me].spheres == (3, 2, 0, 3)


@pytest.mark.rule("6.3.7", "1.2.2")
@pytest.mark.ruling("R-6.3.6")
def test_a_card_that_went_to_the_underworld_instead_of_the_board_uses_no_maneuver() -> None:
    # Herald, when played: draw 1. It resolved into the underworld (ruling ).
    s = build(sky(empire=CROSS, underworld=("Herald",)), sea(empire=CROSS), ruleset=FLOW_RULESET)
    me = 0
    herald = the(s, "Herald")
    after = triggers.on_play(s, PlayPending(s.game.next_id, me, herald))
    assert after.game.todo == () and after.game.choice is None
    assert after.game.players[me] == s.game.players[me]


# --- 7.2.1: a counter round in a fight ---------------------------------------------------------


@pytest.mark.rule("7.2.1", "6.4.1")
def test_in_a_fights_counter_round_a_card_outside_the_fight_does_not_answer() -> None:
    # Sentry: counter: a leader or troop being played goes to the underworld
    s = build(
        sky(
            empire=CROSS,
            leaders=(Leader("Captain"),),
            hand=("Skirmishers", "Hero"),
        ),
        sea(empire=CROSS, leaders=(Leader("Sentry"),)),
        ruleset=FIGHT_RULESET,
        auto_pass=False,
    )
    me, other = 0, 1
    captain, sentry = the(s, "Captain"), the(s, "Sentry", other)

    def halts(s: S) -> list[mc.Action]:
        return [a for a in mc.legal_actions(s) if isinstance(a, UseManeuver) and a.user == sentry]

    # outside the combat phase the Sentry answers a leader being played (6.4.1)
    summoned = act(act(s, Summon(the(s, "Hero"))), Pass())  # I pass first, in my turn
    assert summoned.phase == "counter.respond" and summoned.to_act == other
    assert halts(summoned)
    # in a battle it takes no part in, it does not answer a troop joining it (7.2.1)
    s = battle(s, s.game.players[other].empire[0].card, E, captain)
    s = settle_counter(s)
    s = act(s, Pass())  # nobody defends
    s = my_move(s, me)
    s = act(act(s, SummonTroop(the(s, "Skirmishers"), captain)), Pass())
    assert s.phase == "counter.combat_respond" and s.to_act == other
    assert halts(s) == []
    with pytest.raises(mc.IllegalActionError, match=r"7\.2\.1"):
        act(s, UseManeuver(sentry, 0, target_pending=s.game.stack[-1].id))
