"""Issue #4, chapter 4 (and the effects of chapter 5): every timing, condition, number
test, flag, effect and target of the effect language shown working through a card of the
built-in sample pool."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    Attack,
    Choose,
    DeclareFight,
    Designate,
    Discard,
    Pass,
    PlacePeople,
    PlayFate,
    PlayWithoutSummoning,
    Summon,
    SummonTroop,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import Edge
from mitosz_core.games.mitosz.effects.language import Immunity
from mitosz_core.games.mitosz.rules import S, maneuvers
from mitosz_core.games.mitosz.rules.board import controller, held_leader, leader_slot
from mitosz_core.games.mitosz.rules.continuous import hand_size, immune
from mitosz_core.games.mitosz.rules.fights.army import troop_level
from mitosz_core.games.mitosz.rules.fights.combat_maneuvers import is_turned
from mitosz_core.games.mitosz.rules.levels import has_power, level, power, printed_power
from mitosz_core.games.mitosz.state import FightKind
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import E, battle, to_combat
from tests.mitosz.fixtures import (
    act,
    attach_item,
    attach_location,
    lay_underworld,
    next_turn,
    pass_counter,
    pass_until,
    play,
    put_leader,
    put_people,
    set_player,
    settle_counter,
    the,
    to_hand,
)
from tests.mitosz.pool_fixtures import (
    NUMBERED,
    game,
    my_move,
    position,
    sample,
    side,
    to_rounds,
    with_hand_of_one,
    with_top,
)

FULL = (6, 6, 6, 6)


def row(s: S, player: int) -> dict[int, bool]:
    """The leader row of ``player``: card -> turned."""
    return {x.card: x.turned for x in s.game.players[player].leaders}


# --- timing (4.2.1) ----------------------------------------------------------------------


@pytest.mark.rule("4.2.1", "4.2.5", "4.2.6")
def test_timing_action_and_flag_level_horus_strikes_in_his_own_turn() -> None:
    # Horus: action, level 1: turn an enemy leader
    s = position(side("Ra (high god)", leaders=(Leader("Horus"),)), side(leaders=(Leader("King"),)))
    me, other = 0, 1
    horus, king = the(s, "Horus"), the(s, "King", other)
    before = level(s.game, horus)
    s = play(s, UseManeuver(horus, 0, king))
    assert row(s, other)[king]
    assert level(s.game, horus) == before + 1  # the maneuver's level, until next turn
    m = sample("Horus").maneuvers[0]
    s = next_turn(s)
    assert level(s.game, horus) == before
    assert maneuvers.why_not_timing(s, me, m) == (
        "an action is used only in its player's own turn (4.2.1)"
    )


@pytest.mark.rule("4.2.1", "4.2.6", "4.1")
def test_timing_reaction_and_flag_counter_odysseus_neutralises_a_maneuver() -> None:
    s, me, other = game("Zeus (high god)", auto_pass=False)
    god = s.game.players[me].high_god
    s, king = put_leader(s, other, "King")
    s, odysseus = put_leader(s, other, "Odysseus")  # reaction, counter: neutralise
    m = sample("Odysseus").maneuvers[0]
    s = act(s, UseManeuver(god, 0, king))  # Thunderbolt: turn the King
    assert s.to_act == other
    assert maneuvers.why_not_timing(s, other, m) is None
    answer = UseManeuver(odysseus, 0, None, s.game.stack[-1].id)
    assert answer in mc.legal_actions(s)
    s = settle_counter(act(s, answer))
    assert not row(s, other)[king]  # never took hold
    assert (god, 0) in s.game.blocked
    s = next_turn(s)
    assert maneuvers.why_not_timing(s, other, m) == (
        "a reaction is never used in its player's own turn (4.2.1)"
    )


@pytest.mark.rule("4.2.1", "3.1")
def test_timing_rite_and_gain_spheres_the_dagda_plays_his_harp() -> None:
    s, me, _ = game("Dagda (high god)")
    god = s.game.players[me].high_god
    s = set_player(s, me, spheres=(3, 3, 0, 3))
    s = play(s, UseManeuver(god, 0))  # rite, 1 magic: gain 2 wealth
    assert s.game.players[me].spheres == (2, 3, 2, 3)
    combat = s.evolve(phase="turn.combat.declare")
    assert maneuvers.why_not_timing(combat, me, sample("Dagda (high god)").maneuvers[0]) == (
        "a rite is not used in the combat phase (4.2.1)"
    )


@pytest.mark.rule("4.2.1", "4.2.5", "7.4.12")
def test_timing_combat_the_hoplite_phalanx_raises_its_level_for_the_combat() -> None:
    s, me, other = game("Zeus (high god)", auto_pass=False)
    s, leonidas = put_leader(s, me, "Leonidas")
    s, line = put_people(s, other, "Line", 0, 0)
    s, phalanx = to_hand(s, me, "Hoplite Phalanx")  # combat: itself +1 for the combat
    m = sample("Hoplite Phalanx").maneuvers[0]
    assert maneuvers.why_not_timing(s, me, m) == (
        "a combat maneuver is used only in the combat phase (4.2.1)"
    )
    s = to_rounds(s, leonidas, line)
    s = my_move(play(s, SummonTroop(phalanx, leonidas, free=True)), me)
    fight = s.game.fight
    assert fight is not None
    before = troop_level(s.game, fight, fight.troops[0])
    s = play(s, UseManeuver(phalanx, 0))
    fight = s.game.fight
    assert fight is not None
    assert troop_level(s.game, fight, fight.troops[0]) == before + 1
    s = pass_until(lay_underworld(s), "turn.summoning_2")
    assert s.game.effects == ()  # it ended with the combat


# --- conditions and number tests (4.2.3) ---------------------------------------------------


@pytest.mark.rule("4.2.3", "4.6.7", "8.potion")
def test_condition_sacrifice_the_mead_of_poetry_is_drunk_and_gone() -> None:
    # Mead of Poetry: rite, sacrifice: draw 2
    s = position(
        side("Odin (high god)", leaders=(Leader("King", items=("Mead of Poetry",)),)), side()
    )
    me = 0
    mead = the(s, "Mead of Poetry")
    hand = len(s.game.players[me].hand)
    s = play(s, UseManeuver(mead, 0))
    assert len(s.game.players[me].hand) == hand + 2
    assert mead in s.game.players[me].underworld
    assert fx.row_items(s.game, me) == ()


@pytest.mark.rule("4.2.3", "5.1")
def test_condition_reveal_8_plus_heracles_destroys_a_lower_leader() -> None:
    mine = side("Zeus (high god)", leaders=(Leader("Heracles"),), spheres=FULL)  # reveal 8+:
    s = position(mine, side(leaders=(Leader("Cheap"),), deck=NUMBERED))  # destroy a lower one
    me, other = 0, 1
    heracles, cheap = the(s, "Heracles"), s.game.players[other].leaders[0].card
    hit = play(with_top(s, other, lambda n: n >= 8), UseManeuver(heracles, 0, cheap))
    assert cheap in hit.game.players[other].underworld
    miss = play(with_top(s, other, lambda n: n < 8), UseManeuver(heracles, 0, cheap))
    assert cheap in row(miss, other)
    assert miss.game.players[me].spheres[3] == 4  # paid all the same


@pytest.mark.rule("4.2.3", "5.2")
def test_number_test_3_minus_set_steals_a_lower_leader() -> None:
    mine = side("Ra (high god)", leaders=(Leader("Set"),), spheres=FULL)  # reveal 3-: steal
    s = position(mine, side(leaders=(Leader("King"),), deck=NUMBERED))  # a lower enemy leader
    me, other = 0, 1
    set_, king = the(s, "Set"), s.game.players[other].leaders[0].card
    hit = play(with_top(s, other, lambda n: n <= 3), UseManeuver(set_, 0, king))
    assert controller(hit.game, king) == me
    assert hit.game.instances[king].owner == other  # G1
    miss = play(with_top(s, other, lambda n: n > 3), UseManeuver(set_, 0, king))
    assert controller(miss.game, king) == other


@pytest.mark.rule("4.2.3")
def test_number_test_exactly_4_medb_raids_the_cattle() -> None:
    mine = side("Dagda (high god)", leaders=(Leader("Medb"),), spheres=(3, 3, 3, 3))
    s = position(mine, side(spheres=(3, 3, 3, 3), deck=NUMBERED))  # Medb: reveal exactly 4:
    me, other = 0, 1  # steal 2 wealth
    medb = the(s, "Medb")
    hit = play(with_top(s, other, lambda n: n == 4), UseManeuver(medb, 0))
    assert hit.game.players[other].spheres[2] == 1
    assert hit.game.players[me].spheres[2] == 3 - 1 + 2
    for near in (3, 5):
        miss = play(with_top(s, other, near.__eq__), UseManeuver(medb, 0))
        assert miss.game.players[other].spheres[2] == 3


@pytest.mark.rule("4.2.3", "1.5.1")
def test_condition_peek_6_plus_the_sphinx_sets_a_level_by_her_riddle() -> None:
    s, me, other = game("Ra (high god)")
    s, sphinx = put_leader(s, me, "Sphinx")  # peek 6+: an enemy leader's level is 1
    s, pricey = put_leader(s, other, "Pricey")  # level 5
    high, _ = with_hand_of_one(s, other, lambda n: n >= 6)
    high = play(high, UseManeuver(sphinx, 0, pricey))
    assert high.game.peeked is not None and high.game.peeked[0] == me
    assert level(high.game, pricey) == 1
    low, _ = with_hand_of_one(s, other, lambda n: n < 6)
    low = play(low, UseManeuver(sphinx, 0, pricey))
    assert level(low.game, pricey) == 5
    empty = play(s, UseManeuver(sphinx, 0, pricey))  # no card to peek at
    assert level(empty.game, pricey) == 5


# --- flags (4.2.6) -------------------------------------------------------------------------


@pytest.mark.rule("4.2.6", "4.5")
def test_flag_permanent_twice_a_turn_the_cauldron_of_the_dagda_feeds_twice() -> None:
    # Cauldron of the Dagda: P, 2x: draw 1
    s = position(
        side(
            "Dagda (high god)",
            leaders=(Leader("King", turned=True, items=("Cauldron of the Dagda",)),),
            spheres=FULL,
        ),
        side(),
    )
    me = 0
    cauldron = the(s, "Cauldron of the Dagda")
    hand = len(s.game.players[me].hand)
    s = play(s, UseManeuver(cauldron, 0))
    s = play(s, UseManeuver(cauldron, 0))
    assert len(s.game.players[me].hand) == hand + 2
    assert s.game.players[me].spheres[2] == 4
    with pytest.raises(mc.IllegalActionError, match=r"used it 2 times this turn \(4\.2\.6\)"):
        act(s, UseManeuver(cauldron, 0))


@pytest.mark.rule("4.2.6")
def test_flag_locked_brynhild_is_always_one_level_higher() -> None:
    # Brynhild: locked: +1 level
    s = position(side("Odin (high god)", leaders=(Leader("Brynhild"),)), side())
    brynhild = the(s, "Brynhild")
    assert level(s.game, brynhild) == sample("Brynhild").level + 1
    assert not any(isinstance(a, UseManeuver) and a.user == brynhild for a in mc.legal_actions(s))
    with pytest.raises(mc.IllegalActionError, match=r"locked: always on, never used"):
        act(s, UseManeuver(brynhild, 0))


@pytest.mark.rule("4.2.6", "1.5.1")
def test_flag_per_the_satire_of_the_bards_repeats_per_influence() -> None:
    s, me, other = game("Dagda (high god)")
    s, satire = to_hand(s, me, "Satire of the Bards")  # a poet or ruler: discard 1 / 1 infl.
    s, medb = put_leader(s, me, "Medb")  # a ruler
    s = set_player(s, me, spheres=FULL)
    for key in ("Cross", "Line", "Stub"):
        s, _ = to_hand(s, other, key)
    s = settle_counter(act(s, UseFreeManeuver(satire, medb, 0, times=2)))
    assert s.game.players[me].spheres[1] == 4
    while s.game.choice is not None:
        s = act(s, mc.legal_actions(s)[0])
    s = settle_counter(s)
    assert len(s.game.players[other].hand) == 1


@pytest.mark.rule("4.2.6")
def test_flag_steps_lugh_buys_three_steps_together() -> None:
    # Lugh: 1 infl: draw; 1 magic: +1 level; 1 force: draw
    s = position(side("Dagda (high god)", leaders=(Leader("Lugh"),), spheres=FULL), side())
    me = 0
    lugh = the(s, "Lugh")
    before = level(s.game, lugh)
    one = play(s, UseManeuver(lugh, 0))
    assert len(one.game.players[me].hand) == 1 and level(one.game, lugh) == before
    s = play(s, UseManeuver(lugh, 0, steps=3))
    assert s.game.players[me].spheres == (5, 5, 6, 5)
    assert len(s.game.players[me].hand) == 2
    assert level(s.game, lugh) == before + 1


# --- effects (4.2.5, chapter 5) ---------------------------------------------------------------


@pytest.mark.rule("4.2.5", "5.1")
def test_effect_sacrifice_in_sequence_the_temple_at_uppsala_trades_an_item() -> None:
    s, me, _ = game("Odin (high god)")
    s, king = put_leader(s, me, "King")
    s, gram = attach_item(s, me, "Gram", king)
    cross = s.game.players[me].empire[0].card
    s, temple = attach_location(s, me, "Temple at Uppsala", cross)  # sacrifice an item: 2 magic
    s = set_player(s, me, spheres=(1, 3, 3, 3))
    s = play(s, UseManeuver(temple, 0, gram))
    assert gram in s.game.players[me].underworld
    assert s.game.players[me].spheres[0] == 3


@pytest.mark.rule("4.2.5", "3.7")
def test_effect_return_to_hand_the_mists_of_manannan_answer_an_attack() -> None:
    s, me, other = game("Zeus (high god)", other_god="Dagda (high god)", auto_pass=False)
    god = s.game.players[me].high_god
    s, heracles = put_leader(s, me, "Heracles")
    s, king = put_leader(s, other, "King")
    s, mists = to_hand(s, other, "Mists of Manannán")  # reaction: an enemy leader to hand
    s = pass_counter(act(s, UseManeuver(god, 0, king)))
    assert s.phase == "response.respond"  # a reaction answers in the response (6.1.4)
    assert PlayFate(mists, 0, heracles) in mc.legal_actions(s)
    s = settle_counter(act(s, PlayFate(mists, 0, heracles)))
    assert heracles in s.game.players[me].hand
    assert mists in s.game.players[other].underworld


@pytest.mark.rule("4.2.5", "1.4.4")
def test_effect_exile_apophis_devours_a_leader_into_oblivion() -> None:
    # Apophis: exile an enemy leader below him
    # Pricey: level 5: not below
    s = position(
        side("Ra (high god)", leaders=(Leader("Apophis"),), spheres=FULL),
        side(leaders=(Leader("King"), Leader("Pricey"))),
    )
    other = 1
    apophis, king, pricey = the(s, "Apophis"), the(s, "King", other), the(s, "Pricey", other)
    assert UseManeuver(apophis, 0, pricey) not in mc.legal_actions(s)
    s = play(s, UseManeuver(apophis, 0, king))
    assert s.game.players[other].oblivion == (king,)
    assert king not in s.game.players[other].underworld


@pytest.mark.rule("4.2.5")
def test_effect_turn_back_the_valkyries_rouse_another_leader() -> None:
    # Valkyries: turn back another own leader
    s = position(
        side("Odin (high god)", leaders=(Leader("Valkyries"), Leader("King", turned=True))), side()
    )
    me = 0
    valkyries, king = the(s, "Valkyries"), the(s, "King")
    assert UseManeuver(valkyries, 0, valkyries) not in mc.legal_actions(s)
    s = play(s, UseManeuver(valkyries, 0, king))
    assert row(s, me) == {valkyries: True, king: False}


@pytest.mark.rule("4.2.5", "3.9", "4.1")
def test_effect_counter_play_the_veto_of_the_assembly_stops_a_summoned_leader() -> None:
    s, me, other = game("Zeus (high god)", auto_pass=False)
    s, odysseus = put_leader(s, other, "Odysseus")  # a ruler
    s, veto = to_hand(s, other, "Veto of the Assembly")  # counter a leader or intrigue
    s, heracles = to_hand(s, me, "Heracles")
    s = act(act(s, Summon(heracles)), Pass())  # I pass; the opponent may answer
    answer = UseFreeManeuver(veto, odysseus, 0, None, s.game.stack[-1].id)
    assert answer in mc.legal_actions(s)
    s = settle_counter(act(s, answer))
    assert heracles in s.game.players[me].underworld
    assert heracles not in row(s, me)


@pytest.mark.rule("4.2.5", "5.4")
def test_effect_draw_odin_takes_the_high_seat() -> None:
    s, me, _ = game("Odin (high god)")
    god = s.game.players[me].high_god
    top = s.game.players[me].deck[0]
    s = play(s, UseManeuver(god, 0))  # rite: draw 1
    assert s.game.players[me].hand == (top,)


@pytest.mark.rule("4.2.5", "1.3.3")
def test_effect_search_mimir_finds_a_rune_in_the_deck() -> None:
    s, me, _ = game("Odin (high god)")
    s, mimir = put_leader(s, me, "Mímir")  # search the deck for a rune
    s = settle_counter(act(s, UseManeuver(mimir, 0)))
    options = {a.card for a in mc.legal_actions(s) if isinstance(a, Choose)}
    assert options and all(sample(s.game.card(c).key).has_subtype(Subtype.RUNE) for c in options)
    pick = min(options)
    s = settle_counter(act(s, Choose(pick)))
    assert s.game.players[me].hand == (pick,)


@pytest.mark.rule("4.2.5", "1.4.3")
def test_effect_take_back_the_voyage_of_bran_brings_a_leader_back() -> None:
    # Voyage of Bran: a hero or ruler: take back a leader
    s = position(
        side("Dagda (high god)", leaders=(Leader("Lugh"),), hand=("Voyage of Bran", "King")), side()
    )
    me = 0
    bran, lugh, king = the(s, "Voyage of Bran"), the(s, "Lugh"), the(s, "King")
    s = set_player(s, me, hand=(bran,), underworld=(king,))
    s = settle_counter(act(s, UseFreeManeuver(bran, lugh)))
    assert Choose(king) in mc.legal_actions(s)
    s = settle_counter(act(s, Choose(king)))
    assert king in s.game.players[me].hand
    assert king not in s.game.players[me].underworld


@pytest.mark.rule("4.2.5")
def test_effect_lose_spheres_the_morrigan_spreads_battle_dread() -> None:
    # Morrígan (leader): each opponent loses 1 force
    s = position(side("Morrígan (high god)", leaders=(Leader("Morrígan (leader)"),)), side())
    other = 1
    morrigan = the(s, "Morrígan (leader)")
    s = set_player(s, other, spheres=(3, 3, 3, 3))
    s = play(s, UseManeuver(morrigan, 0))
    assert s.game.players[other].spheres == (3, 3, 3, 2)


@pytest.mark.rule("4.2.5", "5.10")
def test_change_level_marker_thor_marks_a_giant_for_good() -> None:
    s, me, other = game("Thor (high god)")
    god = s.game.players[me].high_god
    s, balor = put_leader(s, other, "Balor")  # a giant
    s, king = put_leader(s, other, "King")  # no giant
    assert UseManeuver(god, 0, king) not in mc.legal_actions(s)
    before = level(s.game, balor)
    s = play(s, UseManeuver(god, 0, balor))
    assert level(s.game, balor) == before - 1
    s = next_turn(next_turn(s))
    assert level(s.game, balor) == before - 1  # a marker stays


@pytest.mark.rule("4.2.5", "3.6")
def test_change_level_turn_the_curse_of_the_tomb_weakens_every_enemy_leader() -> None:
    s, me, other = game("Ra (high god)")
    s, mine = put_leader(s, me, "King")
    s, theirs = put_leader(s, other, "Cheap")  # level 2
    s, curse = to_hand(s, me, "Curse of the Tomb")  # locked: enemy leaders -1
    s = play(s, Summon(curse))
    assert level(s.game, theirs) == 1 and level(s.game, mine) == 3
    s, later = put_leader(s, other, "Pricey")  # it reaches cards that come later (5.7)
    assert level(s.game, later) == 4


@pytest.mark.rule("4.2.5", "1.1.1")
def test_effect_change_power_the_cult_of_the_pharaoh_empowers_rulers() -> None:
    s, me, _ = game("Ra (high god)")
    s, pharaoh = put_leader(s, me, "Pharaoh")  # a ruler
    s, _ = put_leader(s, me, "King")  # no ruler
    before = power(s.game, me)
    s, cult = to_hand(s, me, "Cult of the Pharaoh")  # own rulers +1 power
    s = play(s, Summon(cult))
    assert power(s.game, me) == before + 1
    del pharaoh


@pytest.mark.rule("4.2.5", "1.1.1")
def test_a_power_hold_is_judged_by_the_power_with_its_changes() -> None:
    """The hold's test (:func:`has_power`) answers as the power does, whether the bounds
    of what the changes in force could add decide it or the changes are counted."""
    s, me, _ = game("Ra (high god)")
    s, _ = put_leader(s, me, "Pharaoh")  # a ruler
    s, _ = put_leader(s, me, "King")  # no ruler
    s, cult = to_hand(s, me, "Cult of the Pharaoh")  # own rulers +1 power
    s = play(s, Summon(cult))
    printed, now = printed_power(s.game, me), power(s.game, me)
    assert now == printed + 1
    for amount in range(printed - 1, printed + 8):
        assert has_power(s.game, me, amount) == (now >= amount), amount


@pytest.mark.rule("4.2.5", "5.12")
def test_effect_make_immune_achilles_dipped_in_the_styx() -> None:
    s, me, other = game("Zeus (high god)", other_god="Dagda (high god)", auto_pass=False)
    god = s.game.players[me].high_god
    s, achilles = put_leader(s, me, "Achilles")  # rite: immune to enemy effects this turn
    s, king = put_leader(s, me, "King")
    s, target = put_leader(s, other, "Cheap")
    s, mists = to_hand(s, other, "Mists of Manannán")
    s = set_player(s, me, spheres=FULL)
    s = settle_counter(act(s, UseManeuver(achilles, 0)))
    assert immune(s.game, achilles, Immunity.ENEMY)
    s = pass_counter(act(s, UseManeuver(god, 0, target)))  # Mists answers in the response
    bounced = settle_counter(act(s, PlayFate(mists, 0, king)))
    assert king in bounced.game.players[me].hand
    s = settle_counter(act(s, PlayFate(mists, 0, achilles)))
    assert achilles in row(s, me)  # the enemy fate does not reach it (5.12)


@pytest.mark.rule("4.2.5", "1.5.2", "6.2.4.1")
def test_effect_set_hand_size_fimbulwinter_shrinks_every_hand() -> None:
    s, me, other = game("Odin (high god)")
    s, winter = to_hand(s, me, "Fimbulwinter")  # each player's hand size is 6
    s = set_player(s, me, spheres=FULL)
    s = play(s, Summon(winter))
    assert hand_size(s.game, me) == 6 and hand_size(s.game, other) == 6
    for _ in range(7):
        s, _ = to_hand(s, me, "Cross" if len(s.game.players[me].hand) < 2 else "Line")
    s = pass_until(s, "turn.end.discard")
    s = act(s, next(a for a in mc.legal_actions(s) if isinstance(a, Discard)))
    assert len(s.game.players[me].hand) == 6
    assert not any(isinstance(a, Discard) for a in mc.legal_actions(s))


@pytest.mark.rule("4.2.5", "3.2.1", "G2")
def test_player_permission_extra_people_the_founding_of_colonies() -> None:
    s, me, _ = game("Zeus (high god)", people=False)
    s, a = to_hand(s, me, "Athenians")
    s, b = to_hand(s, me, "Arcadian Shepherds")
    s = act(s, PlacePeople(a, 0, 0))
    assert not any(isinstance(x, PlacePeople) for x in mc.legal_actions(s))
    s, colonies = to_hand(s, me, "Founding of Colonies")  # one more people this turn
    s = set_player(s, me, spheres=FULL)
    s = play(s, Summon(colonies))
    place = next(x for x in mc.legal_actions(s) if isinstance(x, PlacePeople))
    s = act(s, place)
    assert [x.card for x in s.game.players[me].empire] == [a, b]


@pytest.mark.rule("6.2.2.1", "G2")
def test_player_permission_extra_draw_the_house_of_life_draws_one_more() -> None:
    # House of Life: locked: one more card when drawing
    s = position(side("Ra (high god)", intrigues=("House of Life",)), side())
    me, other = 0, 1
    house = the(s, "House of Life")
    s = pass_until(next_turn(s), "turn.summoning_1")
    assert s.game.active == other
    deck = len(s.game.players[me].deck)
    s = pass_until(next_turn(s), "turn.summoning_1")
    assert s.game.active == me
    assert len(s.game.players[me].deck) == deck - 3  # 2 + 1 in the draw phase (6.2.2.1)
    assert house in s.game.players[me].intrigues


@pytest.mark.rule("4.2.5", "1.5.3", "3.7")
def test_player_permission_summon_free_samhain_opens_the_mounds() -> None:
    # Samhain: linked to the Morrígan: locations are free
    s = position(
        side("Morrígan (high god)", hand=("Samhain", "Emain Macha"), spheres=(1, 0, 0, 0)), side()
    )
    me = 0
    samhain, tara = the(s, "Samhain"), the(s, "Emain Macha")
    cross = s.game.players[me].empire[0].card
    assert Summon(tara, cross) not in mc.legal_actions(s)  # costs 1 wealth, 2 force
    s = play(s, PlayFate(samhain))
    assert s.game.players[me].spheres == (0, 0, 0, 0)
    assert Summon(tara, cross) in mc.legal_actions(s)
    s = play(s, Summon(tara, cross))
    assert fx.location(s.game, s.game.players[me].empire[0].card) == tara


@pytest.mark.rule("4.2.5", "1.5.3")
def test_player_permission_without_summoning_the_oath_of_the_einherjar_arms_leaders() -> None:
    # Oath of the Einherjar: weapons without summoning
    s = position(
        side(
            "Odin (high god)",
            leaders=(Leader("King"),),
            hand=("Gram",),
            intrigues=("Oath of the Einherjar",),
            spheres=(0, 0, 0, 0),
        ),
        side(),
    )
    me = 0
    king, oath, gram = the(s, "King"), the(s, "Oath of the Einherjar"), the(s, "Gram")
    assert PlayWithoutSummoning(gram, king) in mc.legal_actions(s)
    s = play(s, PlayWithoutSummoning(gram, king))
    assert fx.row_items(s.game, me) == (gram,)
    del oath


# --- grants (7.2.3, 3.2.2) and the combat maneuvers (7.2.5) -----------------------------------


@pytest.mark.rule("4.2.5", "3.2.2", "8.flying", "G2")
@pytest.mark.ruling("R-3.2.2-deny-closed-roads")
def test_grant_deny_the_walls_of_troy_ground_even_flying_attackers() -> None:
    s, me, other = game("Ra (high god)")
    s, horus = put_leader(s, me, "Horus")  # flying
    s, line = put_people(s, other, "Line", 0, 0)  # roads east and west ...
    s, athenians = put_people(s, other, "Athenians", 1, 0)  # ... the east one closed
    open_sky = to_rounds_commander(s, line, Edge.EAST)
    assert Designate(horus) in mc.legal_actions(open_sky)
    s, walls = attach_location(s, other, "Walls of Troy", athenians)  # locked: denied
    declared = act(to_combat(s), battle_declared())
    assert Attack(line, Edge.EAST) not in mc.legal_actions(declared)
    with pytest.raises(mc.IllegalActionError, match="no leader of yours can attack by its east"):
        act(declared, Attack(line, Edge.EAST))
    assert Attack(line, Edge.WEST) in mc.legal_actions(declared)  # an open road still is
    del walls


def battle_declared() -> DeclareFight:
    return DeclareFight(FightKind.BATTLE)


def to_rounds_commander(s: S, people: int, road: Edge) -> S:
    """Declare a battle on ``people`` by ``road``: the attacker names its commander."""
    return act(act(to_combat(s), battle_declared()), Attack(people, road))


def siege(commander: str, god: str, defender: str = "King") -> tuple[S, dict[str, int]]:
    """My ``commander`` attacks the enemy's Line, defended by ``defender``, who brings
    the Wolves of Odin (a beast, level 1): the attacker's move in the first round."""
    s, me, other = game(god, auto_pass=False)
    s, mine = put_leader(s, me, commander)
    s, line = put_people(s, other, "Line", 0, 0)
    s, theirs = put_leader(s, other, defender)
    s, crocs = to_hand(s, other, "Wolves of Odin")
    s = set_player(s, me, spheres=FULL)
    s = set_player(s, other, spheres=(0, 0, 0, 1))
    s = to_rounds(s, mine, line, theirs)
    while s.to_act != other:
        s = act(s, Pass())
    s = my_move(play(s, SummonTroop(crocs, theirs)), me)
    return s, {"me": me, "other": other, "mine": mine, "theirs": theirs, "crocs": crocs}


@pytest.mark.rule("7.2.5", "7.2.5.1", "3.8")
def test_effect_arrow_volley_the_chariot_archers_shoot_a_beast() -> None:
    s, k = siege("Set", "Ra (high god)")
    s, archers = to_hand(s, k["me"], "Chariot Archers")  # combat, 1 force: a volley
    s = my_move(play(s, SummonTroop(archers, k["mine"])), k["me"])
    with pytest.raises(mc.IllegalActionError, match="not below half the volley's level"):
        act(s, UseManeuver(archers, 0, k["theirs"]))  # the King, 3: not below 3 / 2
    s = lay_underworld(play(s, UseManeuver(archers, 0, k["crocs"])))  # 1 < 2
    assert k["crocs"] in s.game.players[k["other"]].underworld


@pytest.mark.rule("7.2.5", "7.2.5.2")
def test_effect_fear_fafnir_sends_the_defenders_home() -> None:
    s, k = siege("Fáfnir", "Odin (high god)")  # level 5, card number 2: levels 3 to 4
    s = settle_counter(act(s, UseManeuver(k["mine"], 1)))
    while s.game.choice is not None:  # the opponent has no influence to pay with
        s = settle_counter(act(s, Pass()))
    hand = s.game.players[k["other"]].hand
    assert k["theirs"] in hand  # the King, level 3, flees to hand
    assert k["crocs"] not in hand  # the Wolves, level 1: not above the card number


@pytest.mark.rule("7.2.5", "7.2.5.3", "5.6")
def test_effect_poison_the_khopesh_of_set_poisons_a_lower_creature() -> None:
    s, k = siege("Set", "Ra (high god)")
    s, khopesh = attach_item(s, k["me"], "Khopesh of Set", k["mine"])  # poison level 2
    with pytest.raises(mc.IllegalActionError, match="not below the poison's level 2"):
        act(s, UseManeuver(khopesh, 0, k["theirs"]))  # the King, level 3
    assert not is_turned(s.game, k["crocs"])
    s = settle_counter(act(s, UseManeuver(khopesh, 0, k["crocs"])))
    assert is_turned(s.game, k["crocs"])  # the Wolves, level 1: poisoned


@pytest.mark.rule("5.15", "7.4.1")
@pytest.mark.ruling("R-5.15-leader")
def test_effect_attach_leader_the_valley_of_the_kings_hides_a_pharaoh_until_attacked() -> None:

    s, me, other = game("Isis (high god)", "Zeus (high god)")
    cross = s.game.players[me].empire[0].card
    s, valley = attach_location(s, me, "Valley of the Kings", cross)  # action: hide a leader
    s, pharaoh = put_leader(s, me, "Pharaoh")
    s = set_player(s, me, spheres=FULL)
    s = play(s, UseManeuver(valley, 0, pharaoh))
    assert s.game.players[me].spheres[0] == FULL[0] - 1  # 1 magic
    assert leader_slot(s.game, pharaoh) is None and controller(s.game, pharaoh) is None
    held = held_leader(s.game, pharaoh)
    assert held is not None and held.host == valley
    s = next_turn(s)  # theirs: the valley's people is attacked, and the Pharaoh returns
    s, king = put_leader(s, other, "King")
    s = settle_counter(battle(s, cross, E, king))
    assert held_leader(s.game, pharaoh) is None
    found = leader_slot(s.game, pharaoh)
    assert found is not None and found[0] == me
    assert s.phase.endswith("defender") and Designate(pharaoh) in mc.legal_actions(s)
