"""3.6 intrigues, 3.7 fate and 3.9 free maneuvers."""

from __future__ import annotations

from dataclasses import replace

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    Pass,
    PlayFate,
    PlayWithoutSummoning,
    Summon,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.effects.language import (
    Draw,
    ManeuverStep,
    Permission,
    PlayerPermission,
)
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules.continuous import permitted
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import late_arena
from tests.mitosz.fixtures import (
    CROSS,
    act,
    build,
    duel,
    lay_underworld,
    next_turn,
    pass_counter,
    put_intrigue,
    put_leader,
    put_people,
    sea,
    settle_counter,
    sky,
    the,
    to_hand,
)


@pytest.mark.rule("3.6")
@pytest.mark.ruling("R-6.4.1-responses")
def test_an_intrigue_is_summoned_even_in_another_players_turn() -> None:
    # Fog: enemy leaders cannot attack (a locked effect)
    s = build(
        sky(leaders=(Leader("Archer"),)),
        sea(leaders=(Leader("King"),), hand=("Fog",)),
        auto_pass=False,
    )
    other = 1
    archer, king, fog = the(s, "Archer"), the(s, "King", other), the(s, "Fog", other)
    s = act(s, UseManeuver(archer, 0, king))
    assert s.phase == "counter.respond" and s.to_act == other
    # the intrigue is summoned when its player has the action (3.6): with its locked
    # effect in the counter round (6.4.1), and in the response that follows the deed (6.1.4)
    assert Summon(fog) in mc.legal_actions(s)
    s = pass_counter(s)
    assert s.phase == "response.respond" and s.to_act == other
    assert Summon(fog) in mc.legal_actions(s)
    s = settle_counter(act(s, Summon(fog)))
    assert fog in s.game.players[other].intrigues
    assert permitted(s.game, archer, Permission.CANNOT_ATTACK) is not False


@pytest.mark.rule("3.6")
@pytest.mark.ruling("R-3.6-limit")
def test_an_intrigue_beyond_the_limit_sends_the_others_to_the_underworld() -> None:
    # Edict: 3 = players + 1: the limit
    s = build(sky(hand=("Fog",), intrigues=("Banner",)), sea(intrigues=("Fog", "Edict")))
    me, other = 0, 1
    a, b, c, new = the(s, "Banner"), the(s, "Fog", other), the(s, "Edict", other), the(s, "Fog")
    s = settle_counter(act(s, Summon(new)))
    assert s.phase == "forced.underworld_order"  # the opponent's two go at once (1.4.2)
    s = lay_underworld(s)
    assert s.game.players[me].intrigues == (new,)
    assert s.game.players[other].intrigues == ()
    assert a in s.game.players[me].underworld
    assert {b, c} <= set(s.game.players[other].underworld)


@pytest.mark.rule("3.6", "4.2.6")
def test_countering_the_new_intrigue_keeps_the_others_on_the_board() -> None:
    # Veto: counters an intrigue being played
    s = build(
        sky(hand=("Fog",), intrigues=("Banner",)),
        sea(leaders=(Leader("Veto"),), intrigues=("Fog", "Edict")),
        auto_pass=False,
    )
    me, other = 0, 1
    a, b, c = the(s, "Banner"), the(s, "Fog", other), the(s, "Edict", other)
    veto, new = the(s, "Veto", other), the(s, "Fog")
    s = act(s, Summon(new))
    s = act(s, Pass())
    s = settle_counter(act(s, UseManeuver(veto, 0, None, s.game.stack[-1].id)))
    assert new in s.game.players[me].underworld
    assert s.game.players[me].intrigues == (a,)
    assert s.game.players[other].intrigues == (b, c)


@pytest.mark.rule("3.6")
def test_the_same_intrigue_takes_effect_only_once() -> None:
    s, me, _ = duel()
    s, hero = put_leader(s, me, "Hero")  # level 3
    s, _ = put_intrigue(s, me, "Banner")  # own leaders +1
    assert level(s.game, hero) == 4
    s, _ = put_intrigue(s, me, "Banner")
    assert level(s.game, hero) == 4


@pytest.mark.rule("3.7", "8.god")
def test_fate_needs_a_god_leader_or_a_link_to_the_high_god() -> None:
    s, me, _ = duel()
    s, omen = to_hand(s, me, "Omen")  # linked to the Sky high god
    s, doom = to_hand(s, me, "Doom")  # not linked
    legal = mc.legal_actions(s)
    assert PlayFate(omen) in legal
    assert PlayFate(doom) not in legal
    with pytest.raises(mc.IllegalActionError, match=r"needs a god leader or a mythic link"):
        act(s, PlayFate(doom))
    s, _ = put_leader(s, me, "Sky Leader")  # a god: one fate a turn
    s = settle_counter(act(s, PlayFate(doom)))
    assert doom in s.game.lingering
    s, doom2 = to_hand(s, me, "Doom")
    assert PlayFate(doom2) not in mc.legal_actions(s)


@pytest.mark.rule("3.7")
@pytest.mark.ruling("R-3.7-rounds")
def test_a_fate_lasting_rounds_ends_after_them_and_goes_to_the_underworld() -> None:
    # King: level 3
    # Doom: enemy leaders -1 for 2 rounds
    s = build(sky(leaders=(Leader("Sky Leader"),), hand=("Doom",)), sea(leaders=(Leader("King"),)))
    me, other = 0, 1
    king, doom = the(s, "King", other), the(s, "Doom")
    s = settle_counter(act(s, PlayFate(doom)))
    assert level(s.game, king) == 2
    for expected in (2, 2, 2, 3):  # theirs; mine (round 1 over); theirs; mine (over)
        s = next_turn(s)
        assert level(s.game, king) == expected, s.turn
    assert doom in s.game.players[me].underworld


@pytest.mark.rule("3.9", "4.6.2.1")
def test_a_free_maneuver_is_used_by_a_qualifying_card_and_then_goes_to_the_underworld() -> None:
    s, me, other = duel()
    s, feint = to_hand(s, me, "Feint")  # a leader may use it; turns an enemy leader
    s, king = put_leader(s, other, "King")
    assert not any(isinstance(a, UseFreeManeuver) for a in mc.legal_actions(s))  # no user
    s, _ = put_people(s, me, "Cross", 0, 0)
    assert not any(isinstance(a, UseFreeManeuver) for a in mc.legal_actions(s))  # 3.2.2
    s, hero = put_leader(s, me, "Hero")
    magic = s.game.players[me].spheres[0]
    s = settle_counter(act(s, UseFreeManeuver(feint, hero, 0, king)))
    assert s.game.players[me].spheres[0] == magic - 1
    assert s.game.players[other].leaders[-1].turned
    assert feint in s.game.players[me].underworld


@pytest.mark.rule("3.9")
def test_a_free_maneuver_linked_to_its_user_costs_nothing() -> None:
    # Feint: linked to the Champion
    s = build(sky(leaders=(Leader("Champion"),), hand=("Feint",)), sea(leaders=(Leader("King"),)))
    me, other = 0, 1
    feint, king, champion = the(s, "Feint"), the(s, "King", other), the(s, "Champion")
    spheres = s.game.players[me].spheres
    s = settle_counter(act(s, UseFreeManeuver(feint, champion, 0, king)))
    assert s.game.players[me].spheres == spheres


@pytest.mark.rule("3.9", "4.2.5")
def test_a_free_maneuver_with_a_lasting_effect_stays_until_the_effect_ends() -> None:
    # Hex: an enemy leader -1 until the next turn
    s = build(sky(leaders=(Leader("Hero"),), hand=("Hex",)), sea(leaders=(Leader("King"),)))
    me, other = 0, 1
    hex_card, king, hero = the(s, "Hex"), the(s, "King", other), the(s, "Hero")
    s = settle_counter(act(s, UseFreeManeuver(hex_card, hero, 0, king)))
    assert level(s.game, king) == 2
    assert hex_card in s.game.lingering
    s = next_turn(s)
    assert level(s.game, king) == 3
    assert hex_card in s.game.players[me].underworld


@pytest.mark.rule("3.7", "4.1")
def test_an_effect_naming_only_maneuvers_does_not_touch_fate() -> None:
    # Warden: neutralises a maneuver, not fate
    s = build(sky(hand=("Omen",)), sea(leaders=(Leader("Warden"),)), auto_pass=False)
    me, other = 0, 1
    omen, warden = the(s, "Omen"), the(s, "Warden", other)
    s = act(s, PlayFate(omen))
    assert not any(isinstance(a, UseManeuver) and a.user == warden for a in mc.legal_actions(s))
    hand = len(s.game.players[me].hand)
    s = settle_counter(s)
    assert len(s.game.players[me].hand) == hand + 1
    assert omen in s.game.players[me].underworld  # an immediate fate, used up


@pytest.mark.rule("3.7", "6.5.1")
@pytest.mark.ruling("R-6.4.1-responses")
def test_a_fate_is_used_whenever_its_player_has_the_action_even_in_another_players_turn() -> None:
    s, me, other = late_arena(sky_first=False, auto_pass=False)
    s, smith = put_leader(s, me, "Smith")  # a maneuver of mine opens a counter round
    s, omen = to_hand(s, other, "Omen")  # no timing, no counter: linked to their Sky god
    s = act(s, UseManeuver(smith, 0))
    # a counter round takes counter and locked effects only (6.4.1): Omen waits
    assert s.phase == "counter.respond"
    assert PlayFate(omen) not in mc.legal_actions(act(s, Pass()))
    s = pass_counter(s)
    assert s.phase == "response.respond"
    assert s.to_act == other and PlayFate(omen) in mc.legal_actions(s)
    hand = len(s.game.players[other].hand)
    s = settle_counter(act(s, PlayFate(omen)))
    assert len(s.game.players[other].hand) == hand  # Omen left the hand, a card came
    assert omen in s.game.players[other].underworld
    s, omen2 = to_hand(s, other, "Omen")
    s = act(s, Pass())  # the end of my summoning step is an event (6.5.1)
    assert s.phase == "response.respond" and s.to_act == other
    assert PlayFate(omen2) in mc.legal_actions(s)


@pytest.mark.rule("1.5.3", "6.1.4")
@pytest.mark.ruling("R-1.5.3-anytime")
def test_a_player_allowed_to_play_a_card_without_summoning_is_asked_to_respond() -> None:
    # 1.5.3: a card played without summoning is played whenever its player has the
    # action; the other player, allowed to play its Axe so (an effect in force; no
    # leader on the board is linked to it), holds nothing else, and is asked to answer
    # my pass
    s = build(
        sky(leaders=(Leader("Cheap"),)),
        sea(leaders=(Leader("King"),), hand=("Axe",)),
        auto_pass=False,
    )
    other = 1
    axe, king = the(s, "Axe", other), the(s, "King", other)
    s = fx.lasting(s, PlayerPermission(Permission.WITHOUT_SUMMONING), other)
    s = act(s, Pass())  # the end of my summoning step is an event (6.5.1)
    assert s.phase == "response.respond" and s.to_act == other
    assert PlayWithoutSummoning(axe, king) in mc.legal_actions(s)


@pytest.mark.rule("3.7")
def test_a_fate_is_never_summoned_nor_played_without_summoning() -> None:
    s = build(sky(leaders=(Leader("Hero"),), hand=("Omen",)), sea())
    me = 0
    omen, hero = the(s, "Omen"), the(s, "Hero")
    s = fx.lasting(s, PlayerPermission(Permission.WITHOUT_SUMMONING), me)
    legal = mc.legal_actions(s)
    assert not any(isinstance(a, Summon | PlayWithoutSummoning) and a.card == omen for a in legal)
    with pytest.raises(mc.IllegalActionError, match=r"a fate is not summoned"):
        act(s, Summon(omen))
    for target in (None, hero):
        with pytest.raises(mc.IllegalActionError, match=r"not played without summoning.*3\.7"):
            act(s, PlayWithoutSummoning(omen, target))
    assert PlayFate(omen) in legal  # it is used, like a maneuver without a user


@pytest.mark.rule("3.7")
def test_a_counter_fate_goes_to_the_underworld_right_after_use_and_its_effect_ends() -> None:
    s, me, other = late_arena(sky_first=False, auto_pass=False)
    s, smith = put_leader(s, me, "Smith")
    s, king = put_leader(s, me, "King")  # level 3
    s, twist = to_hand(s, other, "Twist of Fate")  # counter, "2 rounds": neutralise, -1
    s = act(s, UseManeuver(smith, 0))
    s = act(s, Pass())
    s = settle_counter(act(s, PlayFate(twist, 0, None, s.game.stack[-1].id)))
    assert level(s.game, smith) == 2  # neutralised: no +1
    assert twist in s.game.players[other].underworld and twist not in s.game.lingering
    assert level(s.game, king) == 3  # the lasting part ended right after use
    assert all(e.free_card != twist for e in s.game.effects)


_FEINT = fx.POOL["Feint"]
STEPPED_FEINT = fx.variant(
    _FEINT,
    "Stepped Feint",
    maneuvers=(replace(_FEINT.maneuvers[0], steps=(ManeuverStep((1, 0, 0, 0), Draw(1)),)),),
)
"""The Feint (1 magic: turn an enemy leader) with a further step (1 magic: draw a card)."""
STEPPED_RULESET = MitoszRuleset(pool={**fx.POOL, STEPPED_FEINT.key: STEPPED_FEINT})


@pytest.mark.rule("3.9", "4.2.6", "4.2.2")
def test_a_free_maneuvers_use_pays_its_first_step_only() -> None:
    # a free maneuver is used once, its first step (a use names no further steps)
    mine = sky(empire=CROSS, leaders=(Leader("Hero"),), hand=("Stepped Feint",))
    s = build(mine, sea(leaders=(Leader("King"),)), ruleset=STEPPED_RULESET)
    hero, feint, king = the(s, "Hero"), the(s, "Stepped Feint"), the(s, "King", 1)
    magic, hand = s.game.players[0].spheres[0], len(s.game.players[0].hand)
    exact = fx.set_player(s, 0, spheres=(1, 0, 0, 0))  # the first step's cost, no more
    assert STEPPED_RULESET.why_not(exact, UseFreeManeuver(feint, hero, 0, king)) is None
    s = settle_counter(act(s, UseFreeManeuver(feint, hero, 0, king)))
    assert s.game.players[0].spheres[0] == magic - 1
    assert len(s.game.players[0].hand) == hand - 1  # the card was used; nothing drawn
    assert s.game.players[1].leaders[0].turned


_DOOM = fx.POOL["Doom"]
DEAR_DOOM = fx.variant(
    _DOOM, "Dear Doom", maneuvers=(replace(_DOOM.maneuvers[0], cost=(1, 0, 0, 0)),)
)
"""The Doom (a fate: enemy leaders -1) at 1 magic."""
DEAR_RULESET = MitoszRuleset(pool={**fx.POOL, DEAR_DOOM.key: DEAR_DOOM})


@pytest.mark.rule("3.7", "4.2.2")
def test_a_fate_is_paid_for_like_a_maneuver() -> None:
    mine = sky(leaders=(Leader("Sky Leader"),), hand=("Dear Doom",), spheres=(0, 0, 0, 0))
    s = build(mine, sea(leaders=(Leader("King"),)), ruleset=DEAR_RULESET)
    doom = the(s, "Dear Doom")
    assert PlayFate(doom) not in mc.legal_actions(s)
    assert DEAR_RULESET.why_not(s, PlayFate(doom)) is not None  # no magic to pay with
    paid = fx.set_player(s, 0, spheres=(1, 0, 0, 0))
    assert DEAR_RULESET.why_not(paid, PlayFate(doom)) is None
    # a fate's further steps cannot be bought (a play names none): its first is paid only
    cascade = fx.variant(
        DEAR_DOOM,
        "Stepped Doom",
        maneuvers=(replace(DEAR_DOOM.maneuvers[0], steps=(ManeuverStep((1, 0, 0, 0), Draw(1)),)),),
    )
    stepped = MitoszRuleset(pool={**fx.POOL, cascade.key: cascade})
    mine = sky(leaders=(Leader("Sky Leader"),), hand=("Stepped Doom",), spheres=(1, 0, 0, 0))
    s = build(mine, sea(leaders=(Leader("King"),)), ruleset=stepped)
    assert stepped.why_not(s, PlayFate(the(s, "Stepped Doom"))) is None
