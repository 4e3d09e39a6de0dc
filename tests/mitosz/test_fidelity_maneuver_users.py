"""Who may use a maneuver, and what answers in a counter round: a turned leader uses only
a permanent maneuver, free ones too, wherever a user is chosen (3.4.1, 4.2.6, 4.6.3); a
card that never turns is held back only by a use that would have turned it (4.5); a
counter round takes counter and locked effects, used or played (6.4.1, 1.5.3).
"""

from __future__ import annotations

from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    DeclareFight,
    Designate,
    Pass,
    PlayWithoutSummoning,
    Summon,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import Draw, Maneuver, ManeuverStep, Timing
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S, counter_plays, maneuvers
from mitosz_core.games.mitosz.rules.board import leader_slot
from mitosz_core.games.mitosz.rules.keywords.rune import AttachRune, why_not_attach_rune
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.state import FightKind
from mitosz_core.mitosz import Leader, Side
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import RULESET as FIGHT_RULESET
from tests.mitosz.fight_fixtures import to_combat
from tests.mitosz.fixtures import CROSS, act, build, play, sea, sky, the
from tests.mitosz.pool_fixtures import position, side

POOL = fx.card_pool("base", "maneuvers", "maneuver_users")
ME, OTHER = 0, 1
ONE_MAGIC_DRAW = ManeuverStep((1, 0, 0, 0), Draw(1))
"""A further step that is not permanent: 1 magic, draw 1 (4.2.6)."""
ECHO_SEER = fx.variant(
    POOL["Seer"],
    "Echo Seer",
    maneuvers=(
        Maneuver("Far Sight", Draw(1), Timing.RITE, permanent=True, steps=(ONE_MAGIC_DRAW,)),
    ),
)
"""A leader whose rite is permanent (draw 1), with a further step that is not, as the
Echo Horn's Ring but a rite: used in another player's turn."""
ECHO_DRILL = fx.variant(
    POOL["Drill"],
    "Echo Drill",
    maneuvers=(
        Maneuver("Echo Drill", Draw(1), Timing.ACTION, permanent=True, steps=(ONE_MAGIC_DRAW,)),
    ),
)
"""The Drill (a free maneuver, action, permanent: draw 1) with a further step that is
not permanent; a free maneuver's use takes its first step only."""
TWIN_DRILL = fx.variant(
    POOL["Drill"],
    "Twin Drill",
    maneuvers=(
        Maneuver("Hard Drill", Draw(1), Timing.ACTION),
        Maneuver("Easy Drill", Draw(1), Timing.ACTION, permanent=True),
    ),
)
"""A free maneuver (action, draw 1) printed twice: first not permanent, then permanent."""
RULESET = MitoszRuleset(pool={**POOL, **{c.key: c for c in (ECHO_SEER, ECHO_DRILL, TWIN_DRILL)}})


def _build(mine: Side, theirs: Side, **kw: Any) -> S:
    return build(mine, theirs, ruleset=RULESET, **kw)


def _turned(s: S, leader: int) -> bool:
    slot = leader_slot(s.game, leader)
    assert slot is not None
    return slot[1].turned


def _free_uses(s: S, player: int, card: int) -> set[UseFreeManeuver]:
    return {
        a
        for a in maneuvers.candidates(s, player)
        if isinstance(a, UseFreeManeuver) and a.card == card
    }


# --- 3.4.1, 4.2.6, 4.6.3: a turned leader and free maneuvers ---------------------------------


@pytest.mark.rule("3.4.1", "4.2.6", "4.6.3", "3.9")
def test_a_turned_leader_uses_a_free_maneuver_only_if_it_is_permanent() -> None:
    # Feint: action, turns an enemy leader; Drill: action, permanent, draw 1
    mine = sky(leaders=(Leader("Hero", turned=True),), hand=("Feint", "Drill"))
    s = _build(mine, sea(leaders=(Leader("King"),)))
    hero, feint, drill, king = the(s, "Hero"), the(s, "Feint"), the(s, "Drill"), the(s, "King", 1)
    assert UseFreeManeuver(feint, hero, 0, king) not in mc.legal_actions(s)
    with pytest.raises(mc.IllegalActionError, match=r"Hero is turned.*\(3\.4\.1, 4\.1, 4\.2\.6\)"):
        act(s, UseFreeManeuver(feint, hero, 0, king))
    assert hero not in set(maneuvers.free_users(s, ME, feint))
    # 4.2.6 Permanens: "Elforgatott lap is használhatja"
    assert UseFreeManeuver(drill, hero, 0) in mc.legal_actions(s)
    hand = len(s.game.players[ME].hand)
    s = play(s, UseFreeManeuver(drill, hero, 0))
    assert len(s.game.players[ME].hand) == hand - 1 + 1  # shown and gone, one card drawn
    assert _turned(s, hero)


@pytest.mark.rule("3.4.1", "4.6.3")
def test_a_free_maneuver_turns_its_leader_who_then_uses_no_other() -> None:
    mine = sky(leaders=(Leader("Hero"),), hand=("Feint", "Hex"))
    s = _build(mine, sea(leaders=(Leader("King"),)))
    hero, feint, hex_card = (the(s, k) for k in ("Hero", "Feint", "Hex"))
    king = the(s, "King", OTHER)
    s = play(s, UseFreeManeuver(feint, hero, 0, king))
    assert _turned(s, hero)  # 4.6.3: "elfordítja a manőver használóját"
    assert not _free_uses(s, ME, hex_card)
    with pytest.raises(mc.IllegalActionError, match=r"Hero is turned"):
        act(s, UseFreeManeuver(hex_card, hero, 0, king))


@pytest.mark.rule("3.4.1", "4.2.6", "6.4.1")
def test_in_a_counter_round_a_turned_leader_uses_no_counter_free_maneuver() -> None:
    # Archer's Volley turns the Archer; Parry: a counter free maneuver (neutralise)
    mine = sky(empire=CROSS, leaders=(Leader("Archer"), Leader("Hero")), hand=("Parry",))
    s = _build(mine, sea(leaders=(Leader("King"),)), auto_pass=False)
    archer, hero, parry, king = the(s, "Archer"), the(s, "Hero"), the(s, "Parry"), the(s, "King", 1)
    s = act(s, UseManeuver(archer, 0, king))
    assert s.phase == "counter.respond" and s.to_act == OTHER
    s = act(s, Pass())
    assert s.to_act == ME and _turned(s, archer)
    (pending,) = s.game.stack
    assert UseFreeManeuver(parry, hero, 0, None, pending.id) in mc.legal_actions(s)
    assert UseFreeManeuver(parry, archer, 0, None, pending.id) not in mc.legal_actions(s)
    with pytest.raises(mc.IllegalActionError, match=r"Archer is turned"):
        act(s, UseFreeManeuver(parry, archer, 0, None, pending.id))


@pytest.mark.rule("3.4.1", "4.2.6", "3.9", "4.6.3")
def test_a_permanent_free_maneuver_used_for_its_first_step_turns_nobody() -> None:
    # Echo Drill: permanent, its further step not; a free maneuver's use is its first
    # step (4.2.6: "Ha az összes használt lépcső [permanens], a használó nem fordul el")
    for turned in (False, True):
        s = _build(sky(leaders=(Leader("Hero", turned=turned),), hand=("Echo Drill",)), sea())
        hero, drill = the(s, "Hero"), the(s, "Echo Drill")
        assert UseFreeManeuver(drill, hero, 0) in mc.legal_actions(s)
        s = play(s, UseFreeManeuver(drill, hero, 0))
        assert _turned(s, hero) is turned
        assert drill in s.game.players[ME].underworld


@pytest.mark.rule("3.9", "4.2.6")
def test_a_free_maneuver_with_a_further_step_is_offered_once_for_its_first_step() -> None:
    # Echo Drill: a further step of 1 magic, which the player could pay; a free
    # maneuver's use is its first step, so the Hero's one use of it is listed once
    mine = sky(leaders=(Leader("Hero"),), hand=("Echo Drill",), spheres=(3, 3, 3, 3))
    s = _build(mine, sea())
    hero, drill = the(s, "Hero"), the(s, "Echo Drill")
    uses = [a for a in mc.legal_actions(s) if isinstance(a, UseFreeManeuver)]
    assert uses == [UseFreeManeuver(drill, hero, 0)]


@pytest.mark.rule("3.4.1", "4.2.6", "3.9")
def test_a_turned_leader_uses_the_permanent_maneuver_of_a_card_that_prints_another() -> None:
    # Twin Drill: its first maneuver is not permanent, its second is. 4.2.6 Permanens:
    # "Elforgatott lap is használhatja" (a turned card may use it), maneuver by maneuver
    s = _build(sky(leaders=(Leader("Hero", turned=True),), hand=("Twin Drill",)), sea())
    hero, twin = the(s, "Hero"), the(s, "Twin Drill")
    uses = [a for a in mc.legal_actions(s) if isinstance(a, UseFreeManeuver)]
    assert uses == [UseFreeManeuver(twin, hero, 1)]


@pytest.mark.rule("3.4.1", "4.2.6", "6.1.4")
def test_a_turned_leader_with_a_permanent_first_step_is_asked_to_respond() -> None:
    # Echo Seer (turned): a permanent rite whose further step is not permanent. 4.2.6
    # Permanens: "Elforgatott lap is használhatja" (a turned card may use it): its first
    # step answers the Hero's summoning, its second does not
    theirs = sea(leaders=(Leader("Echo Seer", turned=True),))
    s = _build(sky(hand=("Hero",)), theirs, auto_pass=False)
    seer = the(s, "Echo Seer", OTHER)
    s = fx.pass_counter(act(s, Summon(the(s, "Hero"))))
    assert s.phase == "response.respond" and s.to_act == OTHER
    legal = mc.legal_actions(s)
    assert UseManeuver(seer, 0) in legal and UseManeuver(seer, 0, steps=2) not in legal
    hand = len(s.game.players[OTHER].hand)
    s = fx.pass_counter(act(s, UseManeuver(seer, 0)))
    assert len(s.game.players[OTHER].hand) == hand + 1 and _turned(s, seer)


@pytest.mark.rule("3.4.1", "4.2.6")
def test_a_player_whose_only_free_maneuver_user_is_turned_is_not_asked_to_respond() -> None:
    # Dodge: a reaction free maneuver (draw 1), usable in the other player's turn
    for turned in (False, True):
        theirs = sea(leaders=(Leader("King", turned=turned),), hand=("Dodge",))
        s = _build(sky(hand=("Hero",)), theirs, auto_pass=False)
        king, dodge = the(s, "King", OTHER), the(s, "Dodge", OTHER)
        s = fx.pass_counter(act(s, Summon(the(s, "Hero"))))
        if not turned:
            assert s.phase == "response.respond" and s.to_act == OTHER
            assert UseFreeManeuver(dodge, king, 0) in mc.legal_actions(s)
        else:  # nothing to answer with: the response does not open (6.1.4)
            assert s.phase == "turn.summoning_1" and s.to_act == ME
            assert not _free_uses(s, OTHER, dodge)


@pytest.mark.rule("3.4.1", "4.2.6", "3.9")
def test_a_turned_odysseus_does_not_play_the_trojan_horse() -> None:
    # Trojan Horse: action, every enemy leader below 3 turns; linked to Odysseus
    mine = side(
        "Zeus (high god)", leaders=(Leader("Odysseus", turned=True),), hand=("Trojan Horse",)
    )
    s = position(mine, side(leaders=(Leader("Cheap"),)))
    odysseus, horse = the(s, "Odysseus"), the(s, "Trojan Horse")
    assert not any(isinstance(a, UseFreeManeuver) for a in mc.legal_actions(s))
    with pytest.raises(mc.IllegalActionError, match=r"Odysseus is turned"):
        act(s, UseFreeManeuver(horse, odysseus))


@pytest.mark.rule("3.4.1", "4.2.6", "4.6.3")
def test_in_a_fight_a_duelist_turned_by_a_free_maneuver_uses_no_second_one() -> None:
    # Battle Cry: combat, +2 to an own leader for the fight
    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero"),), hand=("Battle Cry", "Battle Cry")),
        sea(empire=CROSS, leaders=(Leader("Guardian"),)),
        ruleset=FIGHT_RULESET,
    )
    hero, guardian = the(s, "Hero"), the(s, "Guardian", OTHER)
    first, second = fx.ids(s, "Battle Cry", ME)
    s = act(act(to_combat(s), DeclareFight(FightKind.DUEL)), Designate(hero))
    s = act(s, Designate(guardian))
    assert s.phase == "turn.combat.duel.rounds" and s.to_act == ME  # the Sea player passed
    s = act(s, UseFreeManeuver(first, hero, 0, hero))
    assert _turned(s, hero)
    assert UseFreeManeuver(second, hero, 0, hero) not in mc.legal_actions(s)
    with pytest.raises(mc.IllegalActionError, match=r"Hero is turned"):
        act(s, UseFreeManeuver(second, hero, 0, hero))


@pytest.mark.rule("3.4.1", "4.2.6", "8.rune")
def test_a_turned_scribe_attaches_no_rune() -> None:
    s, me, _ = fx.attachment_arena()
    s, scribe = fx.put_leader(s, me, "Scribe", turned=True)
    s, captain = fx.put_leader(s, me, "Cheap")
    s, ward = fx.to_hand(s, me, "Ward Rune")  # action, not permanent
    s = fx.arranged(s)
    assert AttachRune(ward, scribe, captain) not in mc.legal_actions(s)
    reason = why_not_attach_rune(s, me, AttachRune(ward, scribe, captain))
    assert reason is not None and "Scribe is turned" in reason


@pytest.mark.rule("4.2.6", "4.6.3", "3.4.1")
def test_a_further_step_that_is_not_permanent_turns_the_user_of_a_permanent_maneuver() -> None:
    # Climber's Climb: permanent, draw 1; step 2 permanent, step 3 not (1 magic each)
    s = _build(sky(leaders=(Leader("Climber"),)), sea())
    climber = the(s, "Climber")
    s = play(s, UseManeuver(climber, 0, steps=2))
    assert not _turned(s, climber)  # "Ha az összes használt lépcső [permanens] ..."
    s = play(s, UseManeuver(climber, 0, steps=3))
    assert _turned(s, climber)
    uses = {a.steps for a in mc.legal_actions(s) if isinstance(a, UseManeuver)}
    assert uses == {1}  # no magic left for a further step
    s = fx.set_player(s, ME, spheres=(3, 3, 3, 3))
    uses = {a.steps for a in mc.legal_actions(fx.arranged(s)) if isinstance(a, UseManeuver)}
    assert uses == {1, 2}
    with pytest.raises(mc.IllegalActionError, match=r"Climber is turned"):
        act(s, UseManeuver(climber, 0, steps=3))


# --- 4.5: a card that never turns --------------------------------------------------------------


@pytest.mark.rule("4.5", "4.2.6")
@pytest.mark.ruling("R-4.5-permanent")
def test_a_permanent_use_does_not_hold_back_a_card_that_never_turns() -> None:
    # Twin Horn (an item): Echo, permanent; Blast, not permanent; both draw 1
    s = _build(sky(leaders=(Leader("Hero", items=("Twin Horn",)),)), sea())
    horn = the(s, "Twin Horn")
    s = play(s, UseManeuver(horn, 0))  # Echo: would turn nothing
    assert UseManeuver(horn, 1) in mc.legal_actions(s)
    s = play(s, UseManeuver(horn, 1))  # Blast: would have turned it
    with pytest.raises(mc.IllegalActionError, match=r"has used a maneuver this turn \(4\.5\)"):
        act(s, UseManeuver(horn, 1))
    assert UseManeuver(horn, 0) in mc.legal_actions(s)  # a permanent one still (4.2.6)


@pytest.mark.rule("4.5", "4.2.6")
@pytest.mark.ruling("R-4.5-permanent")
def test_a_further_step_that_is_not_permanent_holds_back_a_card_that_never_turns() -> None:
    # Echo Horn (an item): Ring, permanent, with a second step that is not; Peal, not
    for steps, held in ((1, False), (2, True)):
        s = _build(sky(leaders=(Leader("Hero", items=("Echo Horn",)),)), sea())
        horn = the(s, "Echo Horn")
        s = play(s, UseManeuver(horn, 0, steps=steps))
        assert (UseManeuver(horn, 1) not in mc.legal_actions(s)) is held


@pytest.mark.rule("4.5", "3.9")
@pytest.mark.ruling("R-4.5-permanent")
def test_a_card_that_never_turns_uses_no_free_maneuver_after_a_turning_use() -> None:
    # Polish: a free maneuver that items use (action, draw 1)
    mine = sky(leaders=(Leader("Hero", items=("Twin Horn",)),), hand=("Polish",))
    s = _build(mine, sea())
    horn, polish = the(s, "Twin Horn"), the(s, "Polish")
    assert UseFreeManeuver(polish, horn, 0) in mc.legal_actions(s)
    s = play(s, UseManeuver(horn, 1))  # Blast: a use that would have turned the Horn
    assert not _free_uses(s, ME, polish)
    with pytest.raises(mc.IllegalActionError, match=r"has used a maneuver this turn \(4\.5\)"):
        act(s, UseFreeManeuver(polish, horn, 0))


# --- 6.4.1, 1.5.3: counter and locked effects in a counter round --------------------------------


def _counter_round_of_the_other() -> tuple[S, int]:
    """The Sky player's Archer aims at the Sea player's Hero: the Sea player answers the
    counter round first (6.4.1, the affected player)."""
    s = _build(
        sky(leaders=(Leader("Archer"),)),
        sea(
            empire=CROSS,
            leaders=(Leader("Hero"), Leader("King")),
            hand=("Portent", "Rumour", "Aegis", "Charm", "Sentinel"),
        ),
        auto_pass=False,
    )
    s = act(s, UseManeuver(the(s, "Archer"), 0, the(s, "King", OTHER)))
    assert s.phase == "counter.respond" and s.to_act == OTHER
    return s, the(s, "Hero", OTHER)


@pytest.mark.rule("6.4.1", "4.2.6")
@pytest.mark.ruling("R-6.4.1-responses")
def test_an_intrigue_with_a_locked_effect_is_summoned_in_a_counter_round() -> None:
    # Portent: intrigue, locked: enemy leaders -1
    s, _ = _counter_round_of_the_other()
    portent, archer = the(s, "Portent", OTHER), the(s, "Archer")
    assert Summon(portent) in mc.legal_actions(s)
    s = act(s, Summon(portent))
    assert s.phase == "counter.respond"  # 6.4.1: "az is eseménynek számít"
    assert len(s.game.stack) == 2
    s = fx.settle_counter(s)
    assert portent in s.game.players[OTHER].intrigues
    assert level(s.game, archer) == 4 - 1


@pytest.mark.rule("6.4.1", "4.2.6")
@pytest.mark.ruling("R-6.4.1-responses")
def test_the_curse_of_the_tomb_is_summoned_in_a_counter_round() -> None:
    # Zeus (high god): action, turns a chosen enemy leader; Curse of the Tomb: an intrigue,
    # locked: every enemy leader -1
    s = position(
        side("Zeus (high god)", leaders=(Leader("Heracles"),)),
        side(leaders=(Leader("King"),), hand=("Curse of the Tomb",), spheres=(4, 3, 3, 3)),
        auto_pass=False,
    )
    zeus, heracles = s.game.players[ME].high_god, the(s, "Heracles")
    king, curse = the(s, "King", OTHER), the(s, "Curse of the Tomb", OTHER)
    before = level(s.game, heracles)
    s = act(s, UseManeuver(zeus, 0, king))
    assert s.phase == "counter.respond" and s.to_act == OTHER
    assert Summon(curse) in mc.legal_actions(s)
    s = fx.settle_counter(act(s, Summon(curse)))
    assert curse in s.game.players[OTHER].intrigues
    assert level(s.game, heracles) == before - 1


@pytest.mark.rule("6.4.1", "1.5.3", "4.2.6")
@pytest.mark.ruling("R-6.4.1-responses", "R-1.5.3-anytime")
def test_a_card_with_a_locked_effect_is_played_without_summoning_in_a_counter_round() -> None:
    # Aegis: an item linked to the Hero, locked: its leader is immune to intrigues
    s, hero = _counter_round_of_the_other()
    aegis = the(s, "Aegis", OTHER)
    assert PlayWithoutSummoning(aegis, hero) in mc.legal_actions(s)
    s = fx.settle_counter(act(s, PlayWithoutSummoning(aegis, hero)))
    (slot,) = [x for x in s.game.players[OTHER].leaders if x.card == hero]
    assert aegis in fx.items(s.game, slot.card)


@pytest.mark.rule("6.4.1", "1.5.3")
@pytest.mark.ruling("R-6.4.1-responses", "R-1.5.3-anytime")
def test_a_card_without_a_counter_or_locked_effect_is_still_refused_in_a_counter_round() -> None:
    # Rumour: intrigue with an action; Charm: an item linked to the Hero, no effect;
    # Sentinel: a leader (summoned only in its player's own summoning step)
    s, hero = _counter_round_of_the_other()
    rumour, charm, sentinel = (the(s, k, OTHER) for k in ("Rumour", "Charm", "Sentinel"))
    legal = mc.legal_actions(s)
    for refused in (Summon(rumour), PlayWithoutSummoning(charm, hero), Summon(sentinel)):
        assert refused not in legal
    with pytest.raises(mc.IllegalActionError, match=r"no counter or locked effect.*\(6\.4\.1\)"):
        act(s, Summon(rumour))
    with pytest.raises(mc.IllegalActionError, match=r"no counter or locked effect.*\(6\.4\.1\)"):
        act(s, PlayWithoutSummoning(charm, hero))
    with pytest.raises(mc.IllegalActionError, match=r"own summoning step"):
        act(s, Summon(sentinel))
    # the response that follows the counter round takes them (6.1.4)
    s = fx.pass_counter(s)
    assert s.phase == "response.respond" and s.to_act == OTHER
    assert {Summon(rumour), PlayWithoutSummoning(charm, hero)} <= set(mc.legal_actions(s))


PLAIN_INTRIGUE = fx.card("Plain Intrigue", CardType.INTRIGUE, cost=(0, 1, 0, 0))
"""An intrigue with no maneuver at all: summoned at any time (3.6), but not in a counter
round, having no counter or locked effect."""
PLAIN_RULESET = MitoszRuleset(pool={**fx.POOL, PLAIN_INTRIGUE.key: PLAIN_INTRIGUE})


@pytest.mark.rule("6.4.1", "3.6", "4.2.6")
@pytest.mark.ruling("R-6.4.1-responses")
def test_a_counter_round_offers_anytime_plays_of_cards_with_counter_or_locked_effects_only() -> (
    None
):
    # Banner: an intrigue, locked; Bulwark: a leader, locked (summoned only in one's
    # own summoning step, 6.2.3.1); Plain Intrigue: no effect to answer with
    hand = ("Banner", "Bulwark", "Plain Intrigue")
    s = build(sky(empire=CROSS), sea(empire=CROSS, hand=hand), ruleset=PLAIN_RULESET)
    banner, plain = the(s, "Banner", OTHER), the(s, "Plain Intrigue", OTHER)
    assert {a.card for a in counter_plays.candidates(s, OTHER)} == {banner}
    assert counter_plays.why_not(s, OTHER, Summon(plain)) == (
        "Plain Intrigue has no counter or locked effect: only such a card is played in a "
        "counter round (6.4.1)"
    )
