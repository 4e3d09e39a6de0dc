"""Chapter 5 and 2.7: a neutralised ability (5.5) and types that cannot be neutralised
(2.7); one card type, and a new one replacing the old (5.16); conditions met by the
player who summons (5.11); attachments lasting until their card is destroyed, a rune until
a use of it is neutralised, and a leader attached to a card, which counts as no leader on
the board until its condition is met (5.15)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    Designate,
    Summon,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import (
    AttachLeader,
    BecomeType,
    Cards,
    Chosen,
    Destroy,
    Immunity,
    Neutralize,
    NeutralizeAbility,
)
from mitosz_core.games.mitosz.engine import census
from mitosz_core.games.mitosz.rules import S, maneuvers
from mitosz_core.games.mitosz.rules.attachments import release_leaders
from mitosz_core.games.mitosz.rules.board import (
    controller,
    destroy,
    held_leader,
    leader_slot,
    remove_to_underworld,
)
from mitosz_core.games.mitosz.rules.continuous import (
    card_type,
    immune,
    neutralized,
)
from mitosz_core.games.mitosz.rules.hosting import attached_to
from mitosz_core.games.mitosz.rules.keywords.rune import AttachRune
from mitosz_core.games.mitosz.rules.levels import level, power
from mitosz_core.games.mitosz.rules.selection import matching
from mitosz_core.games.mitosz.state import (
    Fight,
    FightKind,
    LeaderSlot,
    Marker,
    Todo,
)
from mitosz_core.games.mitosz.wiring import apply_todo
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import E, battle, late_arena
from tests.mitosz.fixtures import (
    ATTACHMENT_RULESET,
    CROSS,
    ENEMY_LEADERS,
    TIMED_RULESET,
    act,
    arranged,
    attach_item,
    attach_location,
    build,
    next_turn,
    play,
    put_leader,
    refresh,
    sea,
    set_game,
    set_player,
    settle_counter,
    sky,
    the,
    timed_arena,
    to_hand,
)

ANY = Cards()


@pytest.mark.rule("5.5", "2.7")
def test_a_neutralised_ability_gives_no_level_and_uses_no_maneuver_but_keeps_its_types() -> None:
    # Sentinel: level 3; a reaction: destroy a leader
    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero"),), hand=("Silence",)),
        sea(empire=CROSS, leaders=(Leader("Sentinel"),)),
        ruleset=TIMED_RULESET,
    )
    me, other = 0, 1
    hero, silence, sentinel = the(s, "Hero"), the(s, "Silence"), the(s, "Sentinel", other)
    power_before = power(s.game, other)
    assert level(s.game, sentinel) == 3
    s = play(s, UseFreeManeuver(silence, hero, 0, sentinel))
    assert neutralized(s.game, sentinel)
    assert level(s.game, sentinel) == 0  # 5.5: it gives no level
    assert power(s.game, other) == power_before  # the power icon is a type (2.7)
    assert card_type(s.game, sentinel) is CardType.LEADER  # its types stay (2.7)
    assert sentinel in matching(s.game, me, ENEMY_LEADERS, hero)
    m = s.game.card(sentinel).maneuvers[0]
    reason = maneuvers.why_not_user(s, other, sentinel, 0, m)
    assert reason is not None and "neutralised" in reason
    # the effect lasts the turn: the next turn the sentinel is itself again
    s = next_turn(s)
    assert not neutralized(s.game, sentinel)
    assert level(s.game, sentinel) == 3
    assert maneuvers.why_not_user(s, other, sentinel, 0, m) is None


@pytest.mark.ruling("R-5.5-locked")
@pytest.mark.rule("5.5")
@pytest.mark.ruling("R-5.5-level")
def test_a_neutralised_item_or_locked_ability_gives_nothing() -> None:
    # Sword: +2
    # Bulwark: locked: immune to intrigues
    # Banner: locked: own leaders +1
    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero"),)),
        sea(
            empire=CROSS,
            leaders=(Leader("King", items=("Sword",)), Leader("Bulwark")),
            intrigues=("Banner",),
        ),
        ruleset=TIMED_RULESET,
    )
    me, other = 0, 1
    hero, king, sword = the(s, "Hero"), the(s, "King", other), the(s, "Sword", other)
    bulwark, banner = the(s, "Bulwark", other), the(s, "Banner", other)
    assert level(s.game, king) == 3 + 2 + 1
    assert immune(s.game, bulwark, Immunity.INTRIGUE)
    silenced = fx.lasting(s, NeutralizeAbility(Chosen(ANY)), me, hero, sword)
    assert level(silenced.game, king) == 3 + 1  # the item gives no level
    assert sword in {
        i for x in silenced.game.players[other].leaders for i in fx.items(silenced.game, x.card)
    }
    silenced = fx.lasting(s, NeutralizeAbility(Chosen(ANY)), me, hero, banner)
    assert level(silenced.game, king) == 3 + 2  # the intrigue's locked ability is off
    silenced = fx.lasting(s, NeutralizeAbility(Chosen(ANY)), me, hero, bulwark)
    assert not immune(silenced.game, bulwark, Immunity.INTRIGUE)
    # the king itself: no level of its own; other effects still change it (R-5.5-level)
    silenced = fx.lasting(s, NeutralizeAbility(Chosen(ANY)), me, hero, king)
    assert level(silenced.game, king) == 0 + 1


@pytest.mark.rule("5.5")
@pytest.mark.ruling("R-5.5-locked")
def test_a_neutralised_locked_ability_leaves_the_later_cards_locked_abilities_in_force() -> None:
    # 5.5 "Ha egy lap képességét semlegesítik, a lap nem adja szintjét és nem használhat
    # manővereket" (if a card's ability is neutralised, that card gives no level and uses
    # no maneuvers): that card's, no other's.
    # Bulwark: locked: immune to intrigues; Banner: locked: own leaders +1, an intrigue,
    # so after the Bulwark in the order of its side's cards
    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero"),)),
        sea(empire=CROSS, leaders=(Leader("King"), Leader("Bulwark")), intrigues=("Banner",)),
        ruleset=TIMED_RULESET,
    )
    me, other = 0, 1
    hero, king, bulwark = the(s, "Hero"), the(s, "King", other), the(s, "Bulwark", other)
    silenced = fx.lasting(s, NeutralizeAbility(Chosen(ANY)), me, hero, bulwark)
    assert not immune(silenced.game, bulwark, Immunity.INTRIGUE)
    assert level(silenced.game, king) == 3 + 1  # the Banner's +1 is still in force


@pytest.mark.ruling("R-5.16-place")
@pytest.mark.rule("5.16")
def test_a_card_that_gains_a_new_card_type_loses_the_old_one() -> None:
    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero"),), hand=("Petrify",)),
        sea(empire=CROSS, leaders=(Leader("King"),)),
        ruleset=TIMED_RULESET,
    )
    me, other = 0, 1
    hero, petrify, king = the(s, "Hero"), the(s, "Petrify"), the(s, "King", other)
    locations = Cards(types=(CardType.LOCATION,))
    assert king in matching(s.game, me, ENEMY_LEADERS, hero)
    s = play(s, UseFreeManeuver(petrify, hero, 0, king))
    assert card_type(s.game, king) is CardType.LOCATION
    assert king not in matching(s.game, me, ENEMY_LEADERS, hero)  # no longer a leader
    assert king in matching(s.game, me, locations, hero)
    assert s.game.card(king).type is CardType.LEADER  # the printed card is unchanged
    s = next_turn(s)  # the effect lasted the turn
    assert card_type(s.game, king) is CardType.LEADER


@pytest.mark.ruling("R-5.16-place")
@pytest.mark.rule("5.16", "5.1", "4.5")
def test_rules_keyed_on_the_card_type_follow_the_new_type() -> None:
    # Seer: rite: draw 2 on a reveal; turns when used
    s = build(
        sky(empire=CROSS, leaders=(Leader("Seer"),)),
        sea(empire=CROSS, leaders=(Leader("King"),)),
        ruleset=TIMED_RULESET,
    )
    me, other = 0, 1
    seer, king = the(s, "Seer"), the(s, "King", other)
    # 5.1: only permanents and troops are destroyed; a leader made a maneuver is not
    spell = fx.lasting(s, BecomeType(Chosen(ANY), CardType.MANEUVER), me, seer, king)
    after = apply_todo(spell, Todo(Destroy(Chosen(ANY)), me, seer, king))
    assert leader_slot(after.game, king) is not None
    after = apply_todo(s, Todo(Destroy(Chosen(ANY)), me, seer, king))
    assert leader_slot(after.game, king) is None
    # 4.5: an item never turns when it uses a maneuver; a leader made an item neither
    used = act(s, UseManeuver(seer, 0))
    assert leader_slot(used.game, seer)[1].turned  # type: ignore[index]
    item = fx.lasting(s, BecomeType(Chosen(ANY), CardType.ITEM), me, seer, seer)
    used = act(item, UseManeuver(seer, 0))
    assert not leader_slot(used.game, seer)[1].turned  # type: ignore[index]


def _ends(text: str) -> str:
    """A pattern for a refusal whose reason ends with ``text``, word for word."""
    return re.escape(text) + "$"


@pytest.mark.ruling("R-6.3.4")
@pytest.mark.rule("5.11", "6.3.4")
def test_the_summoning_player_meets_the_condition_with_their_own_cards() -> None:
    s, me, other = timed_arena()
    s, tyrant = to_hand(s, me, "Tyrant")  # summoning: sacrifice one of your leaders
    s, cheap = put_leader(s, me, "Cheap")
    s, king = put_leader(s, other, "King")
    s, own_in_hand = to_hand(s, me, "Hero")
    offered = {
        a.pay_with for a in mc.legal_actions(s) if isinstance(a, Summon) and a.card == tyrant
    }
    assert offered == {cheap}
    board = "meets the condition, by sacrifice from the board (5.11, 1.2.4)"
    for given in (king, own_in_hand):  # an enemy's leader; one not on the board (1.2.4)
        with pytest.raises(mc.IllegalActionError, match=_ends(board)):
            act(s, Summon(tyrant, pay_with=given))
    given_up = ": summoning Tyrant needs a card given up for its condition (6.3.4)"
    with pytest.raises(mc.IllegalActionError, match=_ends(given_up)):
        act(s, Summon(tyrant))
    god = s.game.players[me].high_god
    with pytest.raises(
        mc.IllegalActionError, match=_ends("the high god cannot be sacrificed (3.1)")
    ):
        act(s, Summon(tyrant, pay_with=god))
    s, changeling = to_hand(s, me, "Changeling")  # summoning: discard an item
    s, their_sword = to_hand(s, other, "Sword")
    s, my_sword = to_hand(s, me, "Sword")
    hand = "discards from their own hand (5.11, 1.5.1)"
    with pytest.raises(mc.IllegalActionError, match=_ends(hand)):
        act(s, Summon(changeling, pay_with=their_sword))  # from another's hand
    done = play(s, Summon(changeling, pay_with=my_sword))
    assert my_sword in done.game.players[me].underworld
    assert changeling in {x.card for x in done.game.players[me].leaders}


@pytest.mark.rule("5.15")
def test_an_attachment_lasts_until_its_card_is_destroyed() -> None:
    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero", items=("Sword",)),)),
        sea(empire=CROSS),
        ruleset=TIMED_RULESET,
    )
    me, other = 0, 1
    hero, sword = the(s, "Hero"), the(s, "Sword")
    s = next_turn(next_turn(s))  # turns pass; neutralising its ability does not detach it
    s = fx.lasting(s, NeutralizeAbility(Chosen(ANY)), other, hero, sword)
    assert leader_slot(s.game, hero) is not None and fx.items(s.game, hero) == (sword,)
    s = refresh(remove_to_underworld(s, hero))
    while s.phase == "forced.underworld_order":
        s = act(s, mc.legal_actions(s)[0])
    assert {hero, sword} <= set(s.game.players[me].underworld)
    assert all(e.target not in (hero, sword) for e in s.game.effects)  # no memories (1.2.6)


# --- 5.15: a leader attached to a card ----------------------------------------------------------


def _hidden_king(sanctum: bool = False) -> tuple[S, int, int, dict[str, int]]:
    """Late-pool game: my King (with a Sword) hidden on the Hollow Hill (or the Sanctum)
    attached to my Cross, by the location's maneuver: (state, me, other, cards)."""

    s, me, other = late_arena()
    cross = s.game.players[me].empire[0].card
    s, hill = attach_location(s, me, "Sanctum" if sanctum else "Hollow Hill", cross)
    s, king = put_leader(s, me, "King")  # unique, level 3, power 2
    s, sword = attach_item(s, me, "Sword", king)
    s, cheap = put_leader(s, me, "Cheap")
    s = play(s, UseManeuver(hill, 0, king))
    return (
        s,
        me,
        other,
        {"cross": cross, "hill": hill, "king": king, "sword": sword, "cheap": cheap},
    )


@pytest.mark.rule("5.15")
@pytest.mark.ruling("R-5.15-leader")
def test_a_leader_attached_to_a_card_no_longer_counts_as_a_leader_on_the_board() -> None:
    s, me, other, c = _hidden_king()
    king, sword, hill = c["king"], c["sword"], c["hill"]
    assert {x.card for x in s.game.players[me].leaders} == {c["cheap"]}
    held = held_leader(s.game, king)
    assert held is not None and held.host == hill and attached_to(s.game, king) == (sword,)
    # not a card of either side: no power, no target, no room taken in the row (3.4.2)
    assert controller(s.game, king) is None and controller(s.game, sword) is None
    assert king not in matching(s.game, other, ENEMY_LEADERS, None)
    assert king not in matching(s.game, me, Cards(types=(CardType.LEADER,)), None)
    plain = set_game(s, attachments=())
    assert power(s.game, me) == power(plain.game, me)  # as if it were nowhere
    s, king2 = to_hand(s, me, "King")  # but still on the board: the unique King (2.3)
    assert Summon(king2) not in mc.legal_actions(s)
    with pytest.raises(mc.IllegalActionError, match=r"unique King is on the board"):
        act(s, Summon(king2))
    saved = mc.arrange(arranged(s))  # hand-made changes, no event (6.5.1): an arranged start
    assert mc.State.from_json(saved.to_json()) == saved  # the census counts it, and its item, once
    assert all(n == 1 for n in census(s.game).values())


@pytest.mark.rule("5.15", "7.4.1")
@pytest.mark.ruling("R-5.15-leader")
def test_an_attached_leader_returns_when_its_location_is_attacked_and_may_defend() -> None:

    s, me, other, c = _hidden_king()
    king = c["king"]
    s = next_turn(s)  # the other player's turn: they attack my Cross
    s, captain = put_leader(s, other, "Captain")
    s = battle(s, c["cross"], E, captain)
    assert held_leader(s.game, king) is None
    slot = leader_slot(s.game, king)
    assert slot is not None and slot[0] == me and fx.items(s.game, king) == (c["sword"],)
    while s.phase == "response.respond":
        s = act(s, mc.legal_actions(s)[0])
    assert s.phase.endswith("defender")
    assert Designate(king) in mc.legal_actions(s)  # back as a leader, it defends


@pytest.mark.rule("5.15", "1.4.2")
@pytest.mark.ruling("R-5.15-leader")
def test_an_attached_leader_goes_to_the_underworld_with_its_card() -> None:
    s, me, _, c = _hidden_king()
    s = refresh(destroy(s, c["hill"]))
    while s.phase == "forced.underworld_order":
        s = act(s, mc.legal_actions(s)[0])
    assert fx.held_leaders(s) == ()
    assert {c["hill"], c["king"], c["sword"]} <= set(s.game.players[me].underworld)
    assert fx.location(s.game, s.game.players[me].empire[0].card) is None
    saved = mc.arrange(s)  # put in place by hand: the start of an arranged game
    assert mc.State.from_json(saved.to_json()) == saved


@pytest.mark.rule("5.15", "6.2.1")
@pytest.mark.ruling("R-5.15-leader")
def test_a_leader_attached_until_its_players_turn_returns_then() -> None:
    s, me, _, c = _hidden_king(sanctum=True)
    king = c["king"]
    s = next_turn(s)  # theirs: still attached
    assert held_leader(s.game, king) is not None and leader_slot(s.game, king) is None
    s = next_turn(s)  # mine: it returns, with its item
    assert s.game.active == me
    assert held_leader(s.game, king) is None
    slot = leader_slot(s.game, king)
    assert slot is not None and slot[0] == me and fx.items(s.game, king) == (c["sword"],)


@pytest.mark.rule("5.15")
@pytest.mark.ruling("R-5.15-leader")
@pytest.mark.parametrize("turned", [True, False])
def test_a_released_leader_returns_to_its_row_as_it_was_held(turned: bool) -> None:
    # 5.15: a held leader returns as it was: turned or not
    s, me, _, c = _hidden_king(sanctum=True)
    king = c["king"]
    found = held_leader(s.game, king)
    assert found is not None
    held = replace(found, turned=turned)
    board = tuple(held if a == found else a for a in s.game.board.attachments)
    s = release_leaders(s.evolve(game=s.game.with_board(attachments=board)), (held,))
    assert leader_slot(s.game, king) == (me, LeaderSlot(king, turned))


@pytest.mark.rule("5.15")
@pytest.mark.ruling("R-5.15-leader")
def test_a_leader_fighting_in_the_fight_in_progress_is_not_attached() -> None:
    s, me, other, c = _hidden_king(sanctum=True)
    s = next_turn(next_turn(s))  # the King is back
    king, hill = c["king"], c["hill"]
    attach = AttachLeader(Chosen(Cards(types=(CardType.LEADER,))))
    todo = Todo(attach, me, hill, king)
    fight = Fight(FightKind.BATTLE, me, other, attack=(king, None, None))
    fighting = set_game(s, fight=fight)
    assert leader_slot(apply_todo(fighting, todo).game, king) is not None
    assert leader_slot(apply_todo(s, todo).game, king) is None  # outside the fight it is


@pytest.mark.rule("5.15", "8.rune")
def test_an_attached_rune_lasts_until_a_use_of_it_is_neutralised() -> None:
    s = build(
        sky(leaders=(Leader("Scribe"), Leader("Cheap")), hand=("Ward Rune",)),
        sea(),
        ruleset=ATTACHMENT_RULESET,
        auto_pass=False,
    )
    me, other = 0, 1
    scribe, captain, ward = the(s, "Scribe"), the(s, "Cheap"), the(s, "Ward Rune")
    s = play(s, AttachRune(ward, scribe, captain))
    s = next_turn(next_turn(s))  # turns pass: it stays attached
    assert fx.runes(s) == (fx.rune(ward, captain),)
    s = act(s, UseManeuver(ward, 0, captain))
    pending = s.game.stack[-1].id
    s = apply_todo(s, Todo(Neutralize(), other, None, None, pending))  # a counter effect
    s = settle_counter(s)
    assert fx.runes(s) == ()
    assert ward in s.game.players[me].underworld
    assert leader_slot(s.game, captain) is not None  # the card it was attached to stays


@pytest.mark.ruling("R-5.16-place")
@pytest.mark.rule("5.16", "3.5", "3.3", "2.2")
def test_what_a_card_goes_onto_and_the_base_level_check_follow_its_new_type() -> None:

    s, me, other = late_arena()
    s, hero = put_leader(s, me, "Hero")
    s, sword = to_hand(s, me, "Sword")
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    cross = s.game.players[me].empire[0].card
    assert Summon(sword, hero) in mc.legal_actions(s)
    stone = fx.lasting(s, BecomeType(Chosen(ANY), CardType.LOCATION), other, hero, hero)
    assert Summon(sword, hero) not in mc.legal_actions(stone)  # 3.5: onto a leader only
    # the effects are placed by hand, and no card of the late pool gives them: ``act``
    # would validate the state and refuse it (card-effect), so the action goes straight
    # to the legality gate
    with pytest.raises(mc.IllegalActionError, match=r"Hero is a location now, not a leader"):
        mc.apply(stone, Summon(sword, hero))
    s, market = to_hand(s, me, "Market")
    assert Summon(market, cross) in mc.legal_actions(s)
    crowned = fx.lasting(s, BecomeType(Chosen(ANY), CardType.LEADER), other, hero, cross)
    with pytest.raises(mc.IllegalActionError, match=r"Cross is a leader now, not a people"):
        mc.apply(crowned, Summon(market, cross))  # 3.3: onto a people only
    # 2.2: a card whose base level fell below 1 leaves only as a permanent or troop; one
    # that is a maneuver now (5.16) stays
    low = set_game(s, markers=(Marker(hero, level=-3),))
    assert leader_slot(refresh(low).game, hero) is None
    spell = fx.lasting(low, BecomeType(Chosen(ANY), CardType.MANEUVER), other, hero, hero)
    assert leader_slot(refresh(spell).game, hero) is not None
