"""Issue #4, chapter 8: every subtype that carries a rule shown working through a card of
the built-in sample pool, and the checklist: each keyword of
:func:`~mitosz_core.games.mitosz.carddata.coverage.keywords` has a pool scenario test."""

from __future__ import annotations

import importlib

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    AttachMount,
    Attack,
    DeclareFight,
    Designate,
    PlayFate,
    SacrificeBuilding,
    Summon,
    SummonTroop,
    UseManeuver,
)
from mitosz_core.games.mitosz.carddata.coverage import keyword_coverage, keywords
from mitosz_core.games.mitosz.cards import Edge
from mitosz_core.games.mitosz.effects.language import Immunity
from mitosz_core.games.mitosz.rules.board import remove_to_hand
from mitosz_core.games.mitosz.rules.continuous import immune
from mitosz_core.games.mitosz.rules.fights.army import capacity, side_level, troop_level
from mitosz_core.games.mitosz.rules.hosting import placed_on
from mitosz_core.games.mitosz.rules.keywords.rune import AttachRune
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.state import FightKind, LineName
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import pass_rounds, to_combat
from tests.mitosz.fixtures import (
    act,
    attach_location,
    lay_underworld,
    next_turn,
    play,
    put_leader,
    put_people,
    set_player,
    the,
    to_hand,
)
from tests.mitosz.pool_fixtures import SAMPLE, game, my_move, position, sample, side, to_rounds

FULL = (6, 6, 6, 6)


@pytest.mark.rule("8.warlord", "3.8", "7.3.4")
def test_subtype_warlord_leonidas_leads_one_more_troop() -> None:
    s, me, other = game("Zeus (high god)", auto_pass=False)
    s, leonidas = put_leader(s, me, "Leonidas")  # a warlord
    s, line = put_people(s, other, "Line", 0, 0)
    s, king = put_leader(s, other, "King")  # no warlord
    s = to_rounds(s, leonidas, line, king)
    fight = s.game.fight
    assert fight is not None
    assert capacity(s.game, fight, 0, LineName.FRONT) == sum(sample("Leonidas").cost) + 1
    assert capacity(s.game, fight, 1, LineName.FRONT) == sum(s.game.card(king).cost)


@pytest.mark.rule("8.mount", "5.15")
def test_subtype_mount_enbarr_carries_lugh_into_battle() -> None:
    # Enbarr: a mount, level 2
    s = position(side("Dagda (high god)", leaders=(Leader("Lugh"), Leader("Enbarr"))), side())
    me, other = 0, 1
    lugh, enbarr = the(s, "Lugh"), the(s, "Enbarr")
    s, line = put_people(s, other, "Line", 0, 0)
    assert s.phase == "turn.summoning_1"  # a mount is attached in a summoning step
    assert AttachMount(enbarr, lugh) in mc.legal_actions(s)
    with pytest.raises(mc.IllegalActionError, match="not another leader"):
        act(s, AttachMount(enbarr, enbarr))
    s = act(s, AttachMount(enbarr, lugh))
    assert enbarr not in {x.card for x in s.game.players[me].leaders}  # 5.15
    assert fx.row_items(s.game, me) == (enbarr,)
    s = to_rounds(s, lugh, line)
    fight = s.game.fight
    assert fight is not None and fight.troops[0].card == enbarr and fight.troops[0].mount
    # Lugh and Enbarr, each +1 for sharing the Dagda's (celtic) mythos (5.8)
    assert side_level(s.game, fight, 0) >= level(s.game, lugh) + sample("Enbarr").level


@pytest.mark.rule("8.mount", "5.15")
def test_a_mount_whose_rider_leaves_is_no_longer_mounted() -> None:
    """The mount goes to the underworld with its rider; no record of it stays behind to
    name the rider once it is back in a hand (observe would show a hidden card)."""
    s = position(side("Dagda (high god)", leaders=(Leader("Lugh"), Leader("Enbarr"))), side())
    me = 0
    lugh, enbarr = the(s, "Lugh"), the(s, "Enbarr")
    s = act(s, AttachMount(enbarr, lugh))  # in the first summoning step
    assert [(m.card, m.host) for m in fx.mounts(s)] == [(enbarr, lugh)]
    s = remove_to_hand(s, lugh)
    assert lugh in s.game.players[me].hand and enbarr in s.game.players[me].underworld
    assert fx.mounts(s) == ()
    assert mc.observe(s, 1 - me)["mounts"] == []


@pytest.mark.rule("8.hero", "7.6.1")
def test_subtype_hero_heracles_challenges_a_leader_to_a_duel() -> None:
    # Heracles: a hero
    # King: no hero
    # Cheap: level 2
    s = position(
        side("Zeus (high god)", leaders=(Leader("Heracles"), Leader("King"))),
        side(leaders=(Leader("Cheap"),)),
    )
    me, other = 0, 1
    heracles, king, cheap = the(s, "Heracles"), the(s, "King"), the(s, "Cheap", other)
    s = act(to_combat(s), DeclareFight(FightKind.DUEL))
    assert mc.legal_actions(s) == (Designate(heracles),)
    with pytest.raises(mc.IllegalActionError, match="not an unturned hero"):
        act(s, Designate(king))
    s = lay_underworld(pass_rounds(act(act(s, Designate(heracles)), Designate(cheap))))
    assert cheap in s.game.players[other].underworld
    assert heracles in {x.card for x in s.game.players[me].leaders}


@pytest.mark.rule("8.god", "3.7")
def test_subtype_god_zeus_as_a_leader_lets_an_unlinked_fate_be_played() -> None:
    s, me, _ = game("Zeus (high god)")
    s, owl = to_hand(s, me, "Owl of Athena")  # linked to Athena, not to Zeus
    assert PlayFate(owl) not in mc.legal_actions(s)
    s, _ = put_leader(s, me, "Zeus (leader)")  # a god: one fate a turn
    assert PlayFate(owl) in mc.legal_actions(s)
    s = play(s, PlayFate(owl))
    assert owl in s.game.lingering
    s, second = to_hand(s, me, "Owl of Athena")
    assert PlayFate(second) not in mc.legal_actions(s)


@pytest.mark.rule("8.monster", "8.monster.1", "8.monster.3")
def test_subtype_monster_the_minotaur_fights_as_a_troop() -> None:
    s, me, other = game("Zeus (high god)", auto_pass=False)
    s, king = put_leader(s, me, "King")
    s, line = put_people(s, other, "Line", 0, 0)
    s, minotaur = to_hand(s, me, "Minotaur")  # a monster
    s = set_player(s, me, spheres=FULL)
    s = to_rounds(s, king, line)
    assert SummonTroop(minotaur, king) in mc.legal_actions(s)
    s = play(s, SummonTroop(minotaur, king))
    fight = s.game.fight
    assert fight is not None and fight.troops[0].card == minotaur and fight.troops[0].monster
    assert minotaur not in {x.card for x in s.game.players[me].leaders}


@pytest.mark.rule("8.shrine", "5.12", "3.7")
def test_subtype_shrine_and_calamity_ragnarok_spares_delphi() -> None:
    s, me, other = game("Odin (high god)")
    s, line = put_people(s, other, "Line", 0, 0)
    s, delphi = attach_location(s, other, "Delphi", line)  # a shrine, level 1
    cross = s.game.players[other].empire[0].card
    s, market = attach_location(s, other, "Market", cross)  # no shrine, level 1
    s, ragnarok = to_hand(s, me, "Ragnarök")  # a calamity: every location below 2
    s = set_player(s, me, spheres=FULL)
    s = lay_underworld(play(s, PlayFate(ragnarok)))
    assert market in s.game.players[other].underworld
    assert delphi not in s.game.players[other].underworld


@pytest.mark.rule("8.fortress", "5.8")
def test_subtype_fortress_emain_macha_weakens_the_attacking_troops() -> None:
    s, me, other = game("Zeus (high god)", auto_pass=False)
    s, leonidas = put_leader(s, me, "Leonidas")
    s, line = put_people(s, other, "Line", 0, 0)
    s, phalanx = to_hand(s, me, "Hoplite Phalanx")
    open_field = my_move(play(to_rounds(s, leonidas, line), SummonTroop(phalanx, leonidas)), me)
    s, _ = attach_location(s, other, "Emain Macha", line)  # a fortress
    walled = my_move(play(to_rounds(s, leonidas, line), SummonTroop(phalanx, leonidas)), me)
    a, b = open_field.game.fight, walled.game.fight
    assert a is not None and b is not None
    assert (
        troop_level(walled.game, b, b.troops[0]) == troop_level(open_field.game, a, a.troops[0]) - 1
    )


@pytest.mark.rule("8.relic", "3.5")
def test_subtype_relic_the_aegis_goes_only_onto_a_hellenic_leader() -> None:
    # Heracles: hellenic
    # Lugh: celtic
    # Aegis: a hellenic relic
    s = position(
        side(
            "Zeus (high god)",
            leaders=(Leader("Heracles"), Leader("Lugh")),
            hand=("Aegis",),
            spheres=FULL,
        ),
        side(),
    )
    me = 0
    heracles, lugh, aegis = the(s, "Heracles"), the(s, "Lugh"), the(s, "Aegis")
    with pytest.raises(mc.IllegalActionError, match=r"own mythos \(8\.relic\)"):
        act(s, Summon(aegis, lugh))
    s = play(s, Summon(aegis, heracles))
    assert fx.row_items(s.game, me) == (aegis,)


@pytest.mark.rule("8.weapon", "3.5")
def test_subtype_weapon_heracles_carries_one_weapon_only() -> None:
    # Bow of Heracles: a weapon
    # Gram: another weapon
    # Armour of Achilles: no weapon
    s = position(
        side(
            "Zeus (high god)",
            leaders=(Leader("Heracles", items=("Bow of Heracles",)),),
            hand=("Gram", "Armour of Achilles"),
            spheres=FULL,
        ),
        side(),
    )
    heracles, gram, armour = the(s, "Heracles"), the(s, "Gram"), the(s, "Armour of Achilles")
    with pytest.raises(mc.IllegalActionError, match=r"8\.weapon"):
        act(s, Summon(gram, heracles))
    assert Summon(armour, heracles) in mc.legal_actions(s)


@pytest.mark.rule("8.armour", "3.5")
def test_subtype_armour_achilles_wears_one_armour_only() -> None:
    # Armour of Achilles: an armour
    # Helm of Awe: another armour
    # Bow of Heracles: no armour
    s = position(
        side(
            "Zeus (high god)",
            leaders=(Leader("Achilles", items=("Armour of Achilles",)),),
            hand=("Helm of Awe", "Bow of Heracles"),
            spheres=FULL,
        ),
        side(),
    )
    achilles, helm, bow = the(s, "Achilles"), the(s, "Helm of Awe"), the(s, "Bow of Heracles")
    with pytest.raises(mc.IllegalActionError, match=r"8\.armour"):
        act(s, Summon(helm, achilles))
    assert Summon(bow, achilles) in mc.legal_actions(s)


@pytest.mark.rule("8.flying", "3.2.2", "7.4.1")
def test_subtype_flying_the_valkyries_attack_across_a_closed_road() -> None:
    s, me, other = game("Odin (high god)", auto_pass=False)
    s, valkyries = put_leader(s, me, "Valkyries")  # flying
    s, king = put_leader(s, me, "King")
    s, line = put_people(s, other, "Line", 0, 0)
    s, _ = put_people(s, other, "Athenians", 1, 0)  # closes the Line's east road
    s = act(act(to_combat(s), DeclareFight(FightKind.BATTLE)), Attack(line, Edge.EAST))
    assert Designate(valkyries) in mc.legal_actions(s)
    with pytest.raises(mc.IllegalActionError, match="only a flying commander"):
        act(s, Designate(king))
    s = act(s, Designate(valkyries))
    fight = s.game.fight
    assert fight is not None and fight.flying


@pytest.mark.rule("8.potion", "5.10")
def test_subtype_potion_ambrosia_works_when_sacrificed() -> None:
    # Ambrosia: sacrifice: an own leader +1 marker
    s = position(
        side("Zeus (high god)", leaders=(Leader("King", items=("Ambrosia",)), Leader("Heracles"))),
        side(),
    )
    me = 0
    heracles, ambrosia = the(s, "Heracles"), the(s, "Ambrosia")
    before = level(s.game, heracles)
    s = play(s, UseManeuver(ambrosia, 0, heracles))
    assert ambrosia in s.game.players[me].underworld
    assert level(s.game, heracles) == before + 1


@pytest.mark.rule("8.region", "8.building")
def test_subtype_region_and_building_mount_olympus_holds_the_agora_and_falls_with_its_people() -> (
    None
):
    s, me, other = game("Zeus (high god)")
    s, athenians = put_people(s, other, "Athenians", 0, 0)
    s, olympus = attach_location(s, other, "Mount Olympus", athenians)  # a region
    s, agora = to_hand(s, other, "Agora of Athens")  # a building
    turn = next_turn(s)  # the region's player may attach the building in its turn
    turn = set_player(turn, other, spheres=FULL)
    assert Summon(agora, olympus) in mc.legal_actions(turn)
    turn = play(turn, Summon(agora, olympus))
    slot = turn.game.players[other].empire[-1]
    assert (slot.card, *placed_on(turn.game, slot.card)) == (athenians, olympus, agora)
    s, wrath = to_hand(s, me, "Wrath of Poseidon")  # destroys an enemy location
    s = set_player(s, me, spheres=FULL)
    s = lay_underworld(play(s, PlayFate(wrath, 0, olympus)))
    assert {olympus, athenians} <= set(s.game.players[other].underworld)  # 8.region


@pytest.mark.rule("8.building")
def test_subtype_building_the_great_pyramid_is_sacrificed_as_a_maneuver() -> None:
    s, me, _ = game("Ra (high god)")
    cross = s.game.players[me].empire[0].card
    s, pyramid = attach_location(s, me, "Great Pyramid", cross)  # a building
    assert SacrificeBuilding(pyramid) in mc.legal_actions(s)
    s = play(s, SacrificeBuilding(pyramid))
    assert pyramid in s.game.players[me].underworld


@pytest.mark.rule("8.rune", "3.9")
@pytest.mark.ruling("R-8.rune")
def test_subtype_rune_and_scribe_mimir_carves_the_runes_of_warding_on_a_leader() -> None:
    # Mímir: a scribe
    # Runes of Warding: a rune: immune to enemy effects
    s = position(
        side(
            "Odin (high god)",
            leaders=(Leader("Mímir"), Leader("King")),
            hand=("Runes of Warding",),
            spheres=FULL,
        ),
        side(),
    )
    me = 0
    mimir, king, runes = the(s, "Mímir"), the(s, "King"), the(s, "Runes of Warding")
    attach = AttachRune(runes, mimir, king)
    assert attach in mc.legal_actions(s)
    s = play(s, attach)
    assert immune(s.game, king, Immunity.ENEMY)
    assert not immune(s.game, mimir, Immunity.ENEMY)  # only the card it is attached to
    assert runes not in s.game.players[me].hand


# --- the checklist ------------------------------------------------------------------------

CH3 = "tests.mitosz.test_pool_ch3_types"
CH4 = "tests.mitosz.test_pool_ch4_maneuvers"
CH8 = "tests.mitosz.test_pool_ch8_keywords"
CH57 = "tests.mitosz.test_pool_ch5_to_7_effects"

POOL_TESTS: dict[str, tuple[str, str, str]] = {
    # keyword: (test module, test function, the sample card it uses)
    "type:high_god": (CH3, "test_type_high_god_zeus_uses_its_thunderbolt", "Zeus (high god)"),
    "type:people": (CH3, "test_type_people_athenians_join_the_empire_and_give_power", "Athenians"),
    "type:location": (CH3, "test_type_location_delphi_raises_its_peoples_roads", "Delphi"),
    "type:leader": (CH3, "test_type_leader_heracles_is_summoned_into_the_leader_row", "Heracles"),
    "type:item": (
        CH3,
        "test_type_item_the_bow_of_heracles_is_played_free_on_its_linked_leader",
        "Bow of Heracles",
    ),
    "type:intrigue": (
        CH3,
        "test_type_intrigue_olympic_truce_stops_every_attack",
        "Olympic Truce",
    ),
    "type:fate": (
        CH3,
        "test_type_fate_wrath_of_poseidon_is_linked_to_zeus_and_used_at_once",
        "Wrath of Poseidon",
    ),
    "type:troop": (
        CH3,
        "test_type_troop_the_hoplite_phalanx_fights_beside_leonidas",
        "Hoplite Phalanx",
    ),
    "type:maneuver": (
        CH3,
        "test_type_maneuver_the_trojan_horse_is_used_by_a_ruler_or_a_hero",
        "Trojan Horse",
    ),
    "timing:action": (
        CH4,
        "test_timing_action_and_flag_level_horus_strikes_in_his_own_turn",
        "Horus",
    ),
    "timing:reaction": (
        CH4,
        "test_timing_reaction_and_flag_counter_odysseus_neutralises_a_maneuver",
        "Odysseus",
    ),
    "timing:rite": (
        CH4,
        "test_timing_rite_and_gain_spheres_the_dagda_plays_his_harp",
        "Dagda (high god)",
    ),
    "timing:combat": (
        CH4,
        "test_timing_combat_the_hoplite_phalanx_raises_its_level_for_the_combat",
        "Hoplite Phalanx",
    ),
    "condition:sacrifice": (
        CH4,
        "test_condition_sacrifice_the_mead_of_poetry_is_drunk_and_gone",
        "Mead of Poetry",
    ),
    "condition:reveal": (
        CH4,
        "test_condition_reveal_8_plus_heracles_destroys_a_lower_leader",
        "Heracles",
    ),
    "condition:peek": (
        CH4,
        "test_condition_peek_6_plus_the_sphinx_sets_a_level_by_her_riddle",
        "Sphinx",
    ),
    "number_test:n+": (
        CH4,
        "test_condition_reveal_8_plus_heracles_destroys_a_lower_leader",
        "Heracles",
    ),
    "number_test:n-": (CH4, "test_number_test_3_minus_set_steals_a_lower_leader", "Set"),
    "number_test:n": (CH4, "test_number_test_exactly_4_medb_raids_the_cattle", "Medb"),
    "flag:permanent": (
        CH4,
        "test_flag_permanent_twice_a_turn_the_cauldron_of_the_dagda_feeds_twice",
        "Cauldron of the Dagda",
    ),
    "flag:uses_per_turn": (
        CH4,
        "test_flag_permanent_twice_a_turn_the_cauldron_of_the_dagda_feeds_twice",
        "Cauldron of the Dagda",
    ),
    "flag:locked": (CH4, "test_flag_locked_brynhild_is_always_one_level_higher", "Brynhild"),
    "flag:counter": (
        CH4,
        "test_timing_reaction_and_flag_counter_odysseus_neutralises_a_maneuver",
        "Odysseus",
    ),
    "flag:level": (
        CH4,
        "test_timing_action_and_flag_level_horus_strikes_in_his_own_turn",
        "Horus",
    ),
    "flag:per": (
        CH4,
        "test_flag_per_the_satire_of_the_bards_repeats_per_influence",
        "Satire of the Bards",
    ),
    "flag:steps": (CH4, "test_flag_steps_lugh_buys_three_steps_together", "Lugh"),
    "effect:destroy": (
        CH4,
        "test_condition_reveal_8_plus_heracles_destroys_a_lower_leader",
        "Heracles",
    ),
    "effect:sacrifice": (
        CH4,
        "test_effect_sacrifice_in_sequence_the_temple_at_uppsala_trades_an_item",
        "Temple at Uppsala",
    ),
    "effect:return_to_hand": (
        CH4,
        "test_effect_return_to_hand_the_mists_of_manannan_answer_an_attack",
        "Mists of Manannán",
    ),
    "effect:exile": (CH4, "test_effect_exile_apophis_devours_a_leader_into_oblivion", "Apophis"),
    "effect:steal": (CH4, "test_number_test_3_minus_set_steals_a_lower_leader", "Set"),
    "effect:turn": (CH3, "test_type_high_god_zeus_uses_its_thunderbolt", "Zeus (high god)"),
    "effect:turn_back": (
        CH4,
        "test_effect_turn_back_the_valkyries_rouse_another_leader",
        "Valkyries",
    ),
    "effect:neutralize": (
        CH4,
        "test_timing_reaction_and_flag_counter_odysseus_neutralises_a_maneuver",
        "Odysseus",
    ),
    "effect:counter_play": (
        CH4,
        "test_effect_counter_play_the_veto_of_the_assembly_stops_a_summoned_leader",
        "Veto of the Assembly",
    ),
    "effect:draw": (CH4, "test_effect_draw_odin_takes_the_high_seat", "Odin (high god)"),
    "effect:discard": (
        CH4,
        "test_flag_per_the_satire_of_the_bards_repeats_per_influence",
        "Satire of the Bards",
    ),
    "effect:search": (CH4, "test_effect_search_mimir_finds_a_rune_in_the_deck", "Mímir"),
    "effect:take_back": (
        CH4,
        "test_effect_take_back_the_voyage_of_bran_brings_a_leader_back",
        "Voyage of Bran",
    ),
    "effect:gain_spheres": (
        CH4,
        "test_timing_rite_and_gain_spheres_the_dagda_plays_his_harp",
        "Dagda (high god)",
    ),
    "effect:lose_spheres": (
        CH4,
        "test_effect_lose_spheres_the_morrigan_spreads_battle_dread",
        "Morrígan (leader)",
    ),
    "effect:steal_spheres": (CH4, "test_number_test_exactly_4_medb_raids_the_cattle", "Medb"),
    "effect:change_level": (
        CH4,
        "test_change_level_turn_the_curse_of_the_tomb_weakens_every_enemy_leader",
        "Curse of the Tomb",
    ),
    "effect:set_level": (
        CH4,
        "test_condition_peek_6_plus_the_sphinx_sets_a_level_by_her_riddle",
        "Sphinx",
    ),
    "effect:change_power": (
        CH4,
        "test_effect_change_power_the_cult_of_the_pharaoh_empowers_rulers",
        "Cult of the Pharaoh",
    ),
    "effect:grant": (CH3, "test_type_intrigue_olympic_truce_stops_every_attack", "Olympic Truce"),
    "effect:make_immune": (
        CH4,
        "test_effect_make_immune_achilles_dipped_in_the_styx",
        "Achilles",
    ),
    "effect:set_hand_size": (
        CH4,
        "test_effect_set_hand_size_fimbulwinter_shrinks_every_hand",
        "Fimbulwinter",
    ),
    "effect:player_permission": (
        CH4,
        "test_player_permission_extra_people_the_founding_of_colonies",
        "Founding of Colonies",
    ),
    "effect:sequence": (
        CH4,
        "test_effect_sacrifice_in_sequence_the_temple_at_uppsala_trades_an_item",
        "Temple at Uppsala",
    ),
    "effect:arrow_volley": (
        CH4,
        "test_effect_arrow_volley_the_chariot_archers_shoot_a_beast",
        "Chariot Archers",
    ),
    "effect:fear": (CH4, "test_effect_fear_fafnir_sends_the_defenders_home", "Fáfnir"),
    "effect:poison": (
        CH4,
        "test_effect_poison_the_khopesh_of_set_poisons_a_lower_creature",
        "Khopesh of Set",
    ),
    "change_level:turn": (
        CH4,
        "test_change_level_turn_the_curse_of_the_tomb_weakens_every_enemy_leader",
        "Curse of the Tomb",
    ),
    "change_level:combat": (
        CH4,
        "test_timing_combat_the_hoplite_phalanx_raises_its_level_for_the_combat",
        "Hoplite Phalanx",
    ),
    "change_level:marker": (
        CH4,
        "test_change_level_marker_thor_marks_a_giant_for_good",
        "Thor (high god)",
    ),
    "grant:allow": (CH3, "test_type_intrigue_olympic_truce_stops_every_attack", "Olympic Truce"),
    "grant:deny": (
        CH4,
        "test_grant_deny_the_walls_of_troy_ground_even_flying_attackers",
        "Walls of Troy",
    ),
    "player_permission:summon_free": (
        CH4,
        "test_player_permission_summon_free_samhain_opens_the_mounds",
        "Samhain",
    ),
    "player_permission:without_summoning": (
        CH4,
        "test_player_permission_without_summoning_the_oath_of_the_einherjar_arms_leaders",
        "Oath of the Einherjar",
    ),
    "player_permission:extra_people": (
        CH4,
        "test_player_permission_extra_people_the_founding_of_colonies",
        "Founding of Colonies",
    ),
    "player_permission:extra_draw": (
        CH4,
        "test_player_permission_extra_draw_the_house_of_life_draws_one_more",
        "House of Life",
    ),
    "target:chosen": (CH3, "test_type_high_god_zeus_uses_its_thunderbolt", "Zeus (high god)"),
    "target:every": (
        CH4,
        "test_change_level_turn_the_curse_of_the_tomb_weakens_every_enemy_leader",
        "Curse of the Tomb",
    ),
    "target:user": (CH4, "test_flag_locked_brynhild_is_always_one_level_higher", "Brynhild"),
    "subtype:warlord": (CH8, "test_subtype_warlord_leonidas_leads_one_more_troop", "Leonidas"),
    "subtype:mount": (CH8, "test_subtype_mount_enbarr_carries_lugh_into_battle", "Enbarr"),
    "subtype:hero": (
        CH8,
        "test_subtype_hero_heracles_challenges_a_leader_to_a_duel",
        "Heracles",
    ),
    "subtype:god": (
        CH8,
        "test_subtype_god_zeus_as_a_leader_lets_an_unlinked_fate_be_played",
        "Zeus (leader)",
    ),
    "subtype:monster": (CH8, "test_subtype_monster_the_minotaur_fights_as_a_troop", "Minotaur"),
    "subtype:shrine": (CH8, "test_subtype_shrine_and_calamity_ragnarok_spares_delphi", "Delphi"),
    "subtype:fortress": (
        CH8,
        "test_subtype_fortress_emain_macha_weakens_the_attacking_troops",
        "Emain Macha",
    ),
    "subtype:relic": (
        CH8,
        "test_subtype_relic_the_aegis_goes_only_onto_a_hellenic_leader",
        "Aegis",
    ),
    "subtype:weapon": (CH8, "test_subtype_weapon_heracles_carries_one_weapon_only", "Gram"),
    "subtype:potion": (CH8, "test_subtype_potion_ambrosia_works_when_sacrificed", "Ambrosia"),
    "subtype:armour": (
        CH8,
        "test_subtype_armour_achilles_wears_one_armour_only",
        "Helm of Awe",
    ),
    "subtype:calamity": (
        CH8,
        "test_subtype_shrine_and_calamity_ragnarok_spares_delphi",
        "Ragnarök",
    ),
    "subtype:flying": (
        CH8,
        "test_subtype_flying_the_valkyries_attack_across_a_closed_road",
        "Valkyries",
    ),
    "users:groups": (
        CH3,
        "test_type_maneuver_the_trojan_horse_is_used_by_a_ruler_or_a_hero",
        "Trojan Horse",
    ),
    "users:linked_leader": (
        CH3,
        "test_type_maneuver_the_trojan_horse_is_used_by_a_ruler_or_a_hero",
        "Trojan Horse",
    ),
    "fate:rounds": (CH3, "test_fate_rounds_the_owl_of_athena_lasts_two_rounds", "Owl of Athena"),
    "fate:immediate": (
        CH3,
        "test_type_fate_wrath_of_poseidon_is_linked_to_zeus_and_used_at_once",
        "Wrath of Poseidon",
    ),
    "fate:linked_high_god": (
        CH3,
        "test_type_fate_wrath_of_poseidon_is_linked_to_zeus_and_used_at_once",
        "Wrath of Poseidon",
    ),
    "subtype:region": (
        CH8,
        "test_subtype_region_and_building_mount_olympus_holds_the_agora_and_falls_with_its_people",
        "Mount Olympus",
    ),
    "subtype:building": (
        CH8,
        "test_subtype_building_the_great_pyramid_is_sacrificed_as_a_maneuver",
        "Great Pyramid",
    ),
    "subtype:rune": (
        CH8,
        "test_subtype_rune_and_scribe_mimir_carves_the_runes_of_warding_on_a_leader",
        "Runes of Warding",
    ),
    "subtype:scribe": (
        CH8,
        "test_subtype_rune_and_scribe_mimir_carves_the_runes_of_warding_on_a_leader",
        "Mímir",
    ),
    "intrigue:locked": (
        CH3,
        "test_intrigue_locked_the_judgement_of_paris_is_always_on",
        "Judgement of Paris",
    ),
    "flag:trigger": (
        CH57,
        "test_flag_trigger_the_sacred_oak_grove_gives_magic_at_its_players_turn_start",
        "Sacred Oak Grove",
    ),
    "effect:delayed": (
        CH57,
        "test_effect_delayed_the_stone_of_fal_draws_a_card_at_my_next_turn_start",
        "Stone of Fál",
    ),
    "effect:retreat": (
        CH57,
        "test_effect_retreat_the_ford_of_retreat_ends_a_lost_battle_without_a_loser",
        "Ford of Retreat",
    ),
    "effect:become_type": (
        CH57,
        "test_effect_become_type_the_stone_of_fal_makes_a_leader_a_location",
        "Stone of Fál",
    ),
    "effect:neutralize_ability": (
        CH57,
        "test_effect_neutralize_ability_the_geis_of_silence_gags_odysseus_for_the_turn",
        "Geis of Silence",
    ),
    "effect:attach_leader": (
        CH4,
        "test_effect_attach_leader_the_valley_of_the_kings_hides_a_pharaoh_until_attacked",
        "Valley of the Kings",
    ),
}
"""Each keyword -> the pool scenario test that shows it working, and its sample card."""


def test_every_keyword_has_a_pool_scenario_test_on_a_card_using_it() -> None:
    report = keyword_coverage(SAMPLE)
    assert set(POOL_TESTS) == set(keywords()), "a keyword without a pool test"
    for word, (module, name, card) in POOL_TESTS.items():
        assert card in report[word], f"{card} does not use {word}"
        test = getattr(importlib.import_module(module), name, None)
        assert callable(test), f"{module}.{name} (for {word}) does not exist"
        marks = [m for m in getattr(test, "pytestmark", []) if m.name == "rule"]
        assert marks, f"{name} has no rule marker"
