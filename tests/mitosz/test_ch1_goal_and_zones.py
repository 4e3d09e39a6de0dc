"""Chapter 1 (alapfogalmak): the goal, the deck, the underworld, oblivion, the hand."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    Discard,
    Pass,
    PlayWithoutSummoning,
    Summon,
    ToUnderworld,
)
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import remove_to_oblivion, remove_to_underworld
from mitosz_core.games.mitosz.rules.levels import power
from mitosz_core.games.mitosz.rules.zones import search, take_back
from mitosz_core.kernel.state import DeckEntry, DeckList
from mitosz_core.mitosz import Leader, People
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import (
    RULESET,
    SKY,
    act,
    build,
    pass_until,
    play,
    refresh,
    sea,
    set_player,
    sky,
    start,
    the,
)

TWELVE = tuple(People(key, i, 0) for i, key in enumerate(["Cross"] * 4 + ["Lone Queen", "Line"]))
"""An empire of power 12 (2 + 2 + 2 + 2 + 3 + 1), in a row."""


def _on_board(s: S, player: int, key: str) -> int:
    return next(x.card for x in s.game.players[player].empire if s.game.card(x.card).key == key)


def _next_turn(s: S) -> S:
    turn = s.turn
    while s.turn == turn and not s.is_over:
        legal = mc.legal_actions(s)
        s = act(s, Pass() if Pass() in legal else legal[0])
    return s


@pytest.mark.rule("1.1", "1.1.1", "6.1.3")
@pytest.mark.ruling("R-1.1.1")
def test_power_victory_after_a_full_round() -> None:
    s = build(sky(empire=TWELVE), sea())  # the state-based check has noted the hold
    me = 0
    assert power(s.game, me) == 12
    hold = s.game.players[me].hold
    assert hold is not None and hold.turn == s.turn and hold.round_owner == me
    s = _next_turn(s)  # the opponent's turn: the round is not over yet
    assert not s.is_over and s.game.active != me
    s = _next_turn(s)  # my next turn starts: the round is complete
    assert s.is_over and s.winner == me
    assert s.game.ending == "power" and s.phase == "over" and s.to_act is None


@pytest.mark.rule("1.1.1")
def test_power_below_twelve_breaks_the_hold() -> None:
    s = build(sky(empire=TWELVE), sea())
    me = 0
    s = _next_turn(s)
    line = _on_board(s, me, "Line")
    s = refresh(remove_to_underworld(s, line))
    assert s.game.players[me].hold is None
    s = _next_turn(s)
    assert not s.is_over


@pytest.mark.rule("1.1.1", "6.1.3")
@pytest.mark.ruling("R-1.1.1")
def test_power_reached_in_another_players_turn_waits_for_that_players_round() -> None:
    """Ruling R-1.1.1: the round begun in the opponent's turn ends when the opponent's
    next turn starts."""
    s = build(sky(), sea(empire=TWELVE))
    me, other = 0, 1
    hold = s.game.players[other].hold
    assert hold is not None and hold.round_owner == me
    s = _next_turn(s)  # the holder's own turn starts: not yet
    assert not s.is_over and s.game.active == other
    s = _next_turn(s)  # my next turn starts: the round begun in my turn is complete
    assert s.is_over and s.winner == other


def _deck(entries: list[tuple[int, str]]) -> DeckList:
    return DeckList("t", tuple(DeckEntry(n, k) for n, k in entries))


@pytest.mark.rule("1.3", "1.3.1")
@pytest.mark.ruling("R-1.3.1-god")
def test_deck_legality() -> None:
    RULESET.check_deck(SKY)
    assert SKY.size() >= 60
    base = [(e.count, e.card) for e in SKY.entries]
    short = [(1, "Sky God"), *[(4, k) for _, k in base[2:16]], (3, "Sky Leader")]
    assert sum(n for n, _ in short) == 60
    RULESET.check_deck(_deck(short))  # the high god counts toward 60 (ruling R-1.3.1-god)
    with pytest.raises(mc.DeckError, match=r"59 cards, at least 60 \(rule 1.3.1\)"):
        RULESET.check_deck(_deck([*short[:-1], (2, "Sky Leader")]))
    with pytest.raises(mc.DeckError, match=r"5 copies of 'Cross', at most 4 \(rule 1.3.1\)"):
        RULESET.check_deck(_deck([*base, (1, "Cross")]))
    with pytest.raises(mc.DeckError, match=r"2 high gods, exactly one"):
        RULESET.check_deck(_deck([*base, (1, "Sea God")]))
    with pytest.raises(mc.DeckError, match=r"0 high gods"):
        RULESET.check_deck(_deck([(n, k) for n, k in base if k != "Sky God"]))
    with pytest.raises(mc.DeckError, match="unknown card 'Dragon'"):
        RULESET.check_deck(_deck([*base, (1, "Dragon")]))


@pytest.mark.rule("1.3.2", "6.2.2.1", "5.4")
def test_draw_phase_draws_two_from_own_deck() -> None:
    s = start()
    me = s.game.active
    s = _next_turn(s)
    other = s.game.active
    assert other != me
    # the new active player drew the top two of their own deck, at once (5.4)
    assert len(s.game.players[other].hand) == 9
    assert len(s.game.players[other].deck) == len(start().game.players[other].deck) - 2


@pytest.mark.rule("1.3.3")
def test_search_takes_a_card_reveals_it_and_shuffles() -> None:
    s = start()
    me = s.game.active
    deck_before = s.game.players[me].deck
    found = search(s, me, lambda c: c.type is CardType.LOCATION, restricted=True)
    p = found.game.players[me]
    new_card = p.hand[-1]
    assert found.game.card(new_card).type is CardType.LOCATION
    assert sorted(p.deck) == sorted(c for c in deck_before if c != new_card)
    assert p.deck != tuple(c for c in deck_before if c != new_card)  # reshuffled
    assert found.game.revealed == (new_card,)
    assert mc.observe(found, 1 - me)["revealed"][0]["id"] == new_card
    unrestricted = search(s, me, lambda c: True, restricted=False)
    assert unrestricted.game.revealed == ()


@pytest.mark.rule("1.3.4")
@pytest.mark.ruling("R-1.3.4")
def test_deck_out_ends_the_game_after_a_round_with_every_deck_empty() -> None:
    s = build(sky(empire=(People("Cross"),), deck=()), sea(deck=()))
    me = 0
    s = _next_turn(s)  # the first turn start with every deck empty marks the round
    mark = s.game.deckout
    assert mark is not None and mark.round_owner == 1 - me and not s.is_over
    s = _next_turn(s)  # my turn: the round begun in the opponent's turn still runs
    assert not s.is_over
    s = _next_turn(s)  # back to the marking player: the round has passed
    assert s.is_over and s.game.ending == "deck-out"
    assert s.winner == me  # the most power


@pytest.mark.rule("1.3.4")
@pytest.mark.ruling("R-1.3.4")
def test_one_empty_deck_does_not_end_the_game_and_ties_draw() -> None:
    s = build(sky(deck=()), sea())
    for _ in range(4):
        s = _next_turn(s)
    assert not s.is_over and s.game.deckout is None
    s = build(sky(deck=()), sea(deck=()))
    s = _next_turn(_next_turn(_next_turn(s)))
    assert s.is_over and s.winner is None  # equal power: a draw


@pytest.mark.rule("1.4", "1.4.1", "1.4.2", "G1")
@pytest.mark.ruling("R-1.4.2-order")
def test_cards_go_to_their_owners_underworld_with_attachments() -> None:
    hero_row = (Leader("Hero", items=("Sword", "Plate")),)
    s = build(sky(leaders=hero_row), sea(leaders=(Leader("Cheap"),)))
    me, other = 0, 1
    hero, sword, plate = the(s, "Hero"), the(s, "Sword"), the(s, "Plate")
    gone = refresh(remove_to_underworld(s, hero))
    # 1.4.2: the owner lays the three cards one at a time, in the order they choose
    assert gone.phase == "forced.underworld_order"
    assert gone.to_act == me
    assert set(mc.legal_actions(gone)) == {ToUnderworld(c) for c in (hero, sword, plate)}
    gone = act(gone, ToUnderworld(plate))
    gone = act(gone, ToUnderworld(hero))  # the last card, the sword, follows by itself
    assert gone.game.players[me].underworld[-3:] == (plate, hero, sword)
    assert gone.phase == s.phase
    kept = remove_to_underworld(s, sword)
    assert [x.card for x in kept.game.players[me].leaders] == [hero]  # the host stays
    # a card on another player's side (stolen) still goes to its owner's pile (G1)
    stolen = the(s, "Cheap", other)
    p_other = s.game.players[other]
    s = set_player(s, other, leaders=())
    s = set_player(s, me, leaders=(*s.game.players[me].leaders, *p_other.leaders))
    moved = remove_to_underworld(s, stolen)
    assert stolen in moved.game.players[other].underworld
    assert stolen not in moved.game.players[me].underworld
    view = mc.observe(moved, me)  # the underworld is face up for everyone
    assert view["players"][other]["underworld"][-1]["id"] == stolen


@pytest.mark.rule("1.4.3")
def test_take_back_from_the_underworld_keeps_its_order() -> None:
    s = build(sky(hand=("Hero",), underworld=("Cross", "Line", "Stub")), sea())
    me = 0
    under = s.game.players[me].underworld
    back = take_back(s, under[1])
    assert back.game.players[me].underworld == (under[0], under[2])
    assert back.game.players[me].hand == (the(s, "Hero"), under[1])
    assert back.game.revealed == (under[1],)
    with pytest.raises(ValueError, match="not in its owner's underworld"):
        take_back(back, under[1])


@pytest.mark.rule("1.4.4")
def test_oblivion_removes_a_card_for_good() -> None:
    s = build(sky(leaders=(Leader("Hero", items=("Sword",)),)), sea())
    me, hero, sword = 0, the(s, "Hero"), the(s, "Sword")
    s = remove_to_oblivion(s, hero)
    p = s.game.players[me]
    assert p.oblivion == (hero,) and p.underworld[-1] == sword
    assert all(hero not in zone for zone in (p.deck, p.hand, p.underworld))


@pytest.mark.rule("1.5", "1.5.2", "6.2.4.1")
def test_hand_size_at_the_end_of_ones_own_turn_player_chooses() -> None:
    s = start()

    def same(a: int, b: int) -> bool:
        return s.game.card(a).key == s.game.card(b).key

    me = s.game.active
    other = 1 - me
    assert len(s.game.players[me].hand) == 9
    s = pass_until(s, "turn.end.discard")
    assert len(s.game.players[other].hand) == 7
    options = mc.legal_actions(s)
    hand = s.game.players[me].hand
    listed = {a.card for a in options if isinstance(a, Discard)}
    assert all(mc.is_legal(s, Discard(card)) for card in hand)  # the player chooses any
    # each card once: of identical copies in hand only the lowest id is listed
    assert sorted(listed) == sorted({min(c for c in hand if same(c, d)) for d in hand})
    choice = s.game.players[me].hand[-1]
    s = act(s, Discard(choice))
    assert choice in s.game.players[me].underworld
    s = act(s, Discard(s.game.players[me].hand[0]))
    assert s.phase != "turn.end.discard"
    assert len(s.game.players[me].hand) == 7
    assert s.game.active == other  # the turn ended at once; the next one has begun


@pytest.mark.rule("1.5.3", "3.5")
@pytest.mark.ruling("R-1.5.3-anytime")
def test_without_summoning_is_free_and_ignores_what_blocks_summoning() -> None:
    s = build(sky(spheres=(0, 0, 0, 0), leaders=(Leader("Hero"),), hand=("Sword",)), sea())
    me, hero, sword = 0, the(s, "Hero"), the(s, "Sword")
    with pytest.raises(mc.IllegalActionError, match="not enough sphere points"):
        act(s, Summon(sword, hero))
    s = play(s, PlayWithoutSummoning(sword, hero))
    assert s.game.players[me].spheres == (0, 0, 0, 0)
    assert sword in fx.row_items(s.game, me)
