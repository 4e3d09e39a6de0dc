"""Rules fidelity at the edges of the fight functions that the scenario tests left
untried (found by mutation testing, ``tools/mutation.py``): an arrow volley's and a
poison's level and reach (7.2.5.1, 7.2.5.3), what may be used or played while the combat
phase lasts, before a fight and in it (7.2.1, 7.3.5), the defending commander (7.4.3.1),
the helpers and the order of a combat round (7.2.2, 7.4.4-7.4.7), the spoils (7.4.11),
and a troop gone from the board while a choice is made in the fight (7.3.4, 1.5.1).

The cards of ``cards/fight_edges.toml`` sit on top of the fight pool, in a pool of their
own, so the decks of the other fight tests stay as they are.
"""

from __future__ import annotations

from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    AskHelp,
    Choose,
    Designate,
    Pass,
    PlayFate,
    PlayWithoutSummoning,
    Summon,
    SummonTroop,
    TakeSpoils,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import Sphere
from mitosz_core.games.mitosz.effects.language import Poison
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.machine import Phase
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.fights.combat_maneuvers import (
    is_creature,
    is_turned,
    why_not_poison,
)
from mitosz_core.games.mitosz.rules.flow import turn_phase
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.state import LineName, Outcome
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig
from mitosz_core.mitosz import observe
from tests.mitosz import fight_fixtures as ff
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import E, battle, designate, to_rounds, until_turn_of
from tests.mitosz.fixtures import (
    act,
    attach_location,
    lay_underworld,
    play,
    put_leader,
    put_people,
    set_player,
    settle_counter,
    to_hand,
)

EDGE_CARDS = fx.card_set("fight_edges")
POOL = fx.card_pool("base", "maneuvers", "fights", "fight_edges")
RULESET = MitoszRuleset(pool=POOL)
SUPPORT = LineName.SUPPORT


def _deck(god: str, name: str) -> DeckList:
    entries = [*ff.deck(god, name).entries, *(DeckEntry(4, c.key) for c in EDGE_CARDS)]
    return DeckList(name, tuple(entries))


DECKS = (_deck("Sky God", "sky"), _deck("Sea God", "sea"))


def arena(players: int = 2, **kw: Any) -> tuple[S, int, int]:
    """The Sky player's first summoning step, every hand emptied, a Cross on each side
    and no automatic passes: (state, me, the next player)."""
    decks = (DECKS * 2)[:players]
    for seed in range(200):
        config = GameConfig(seed=seed, players=players, decks=decks, auto_pass=False, **kw)
        s = fx.pass_windows(RULESET.setup(config))
        if s.game.card(s.game.players[s.game.active].high_god).key == "Sky God":
            s = fx.clear_hands(s)
            for player in range(players):
                s, _ = put_people(s, player, "Cross", 10, 10)
            me = s.game.active
            order = s.game.order
            return s, me, order[(order.index(me) + 1) % len(order)]
    raise AssertionError("no seed lets the Sky player start")


def defended(
    commander: str,
    *,
    comrade: str | None = None,
    extra: str | None = None,
    hand: tuple[str, ...] = (),
) -> tuple[S, dict[str, int]]:
    """A battle at its combat rounds, my turn: my ``commander`` (with ``comrade`` in my
    support line, ``extra`` in my row outside the fight, ``hand`` in my hand) against the
    Hillfolk, defended by the Guardian (level 3), the Shieldmaiden (level 2) as comrade,
    and the Wolves (a beast, level 2) the defender brought into the Guardian's line."""
    s, me, other = arena()
    k = {"me": me, "other": other}
    s, k["mine"] = put_leader(s, me, commander)
    if comrade is not None:
        s, k["second"] = put_leader(s, me, comrade)
    if extra is not None:
        s, k["outside"] = put_leader(s, me, extra)
    for key in hand:
        s, k[key] = to_hand(s, me, key)
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, k["guardian"] = put_leader(s, other, "Guardian")
    s, k["maiden"] = put_leader(s, other, "Shieldmaiden")
    s, k["wolves"] = to_hand(s, other, "Wolves")
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    s = designate(battle(s, hills, E, k["mine"]), k["guardian"])
    s = act(s, Pass()) if comrade is None else designate(s, k["second"], SUPPORT)
    s = designate(s, k["maiden"], SUPPORT)
    s = to_rounds(s)
    assert s.to_act == me
    s = act(s, Pass())  # the defender brings its Wolves
    s = play(s, SummonTroop(k["wolves"], k["guardian"]))
    assert s.to_act == me
    return s, k


def _legal(s: S) -> tuple[mc.Action, ...]:
    return mc.legal_actions(s)


def _levels(s: S) -> list[int]:
    """The levels of the attacking and the defending side, as the players see them."""
    fight = observe(s, 0)["fight"]
    assert fight is not None and fight["levels"] is not None
    return list(fight["levels"])


# --- 7.2.5.1: an arrow volley -----------------------------------------------------------------


@pytest.mark.rule("7.2.5.1", "7.2.1")
def test_an_arrow_volley_inside_a_sequence_is_shot_from_outside_the_fight() -> None:
    # the Skirmisher (level 6) shoots and cheers in one maneuver; it stays in my row, so
    # its volley has half its level, 3 (7.2.5.1: "Akkor is használható ha a használó nem
    # vesz részt a harcban; ekkor szintje feleződik")
    s, k = defended("Captain", extra="Skirmisher")
    skirmisher, me = k["outside"], k["me"]
    assert UseManeuver(skirmisher, 0, k["wolves"]) in _legal(s)  # a beast, 2 < 3
    with pytest.raises(mc.IllegalActionError, match="half the volley's level, 1"):
        act(s, UseManeuver(skirmisher, 0, k["maiden"]))  # a fighting leader, 2 not < 1
    hand = len(s.game.players[me].hand)
    s = lay_underworld(settle_counter(act(s, UseManeuver(skirmisher, 0, k["wolves"]))))
    assert k["wolves"] in s.game.players[k["other"]].underworld
    assert len(s.game.players[me].hand) == hand + 1  # the rest of the sequence


@pytest.mark.rule("7.2.5.1", "3.9", "4.6.2.1")
def test_a_free_maneuvers_arrow_volley_has_its_users_level() -> None:
    # Arrow Storm (a free maneuver): the volley's level is its user's, the Captain's 3 or
    # the Lieutenant's 2; a host or beast must be below it, a fighting leader below half
    s, k = defended("Captain", comrade="Lieutenant", hand=("Arrow Storm",))
    storm, captain, lieutenant = k["Arrow Storm"], k["mine"], k["second"]
    assert (level(s.game, captain), level(s.game, lieutenant)) == (3, 2)
    assert level(s.game, k["wolves"]) == 2
    assert UseFreeManeuver(storm, captain, 0, k["wolves"]) in _legal(s)
    with pytest.raises(mc.IllegalActionError, match="not below the volley's level 2"):
        act(s, UseFreeManeuver(storm, lieutenant, 0, k["wolves"]))  # equal is not below
    with pytest.raises(mc.IllegalActionError, match="half the volley's level, 1"):
        act(s, UseFreeManeuver(storm, captain, 0, k["maiden"]))
    s = lay_underworld(settle_counter(act(s, UseFreeManeuver(storm, captain, 0, k["wolves"]))))
    assert k["wolves"] in s.game.players[k["other"]].underworld


# --- 7.2.5.3: a poison's level is the level of its card -----------------------------------


@pytest.mark.rule("7.2.5.3", "5.6")
def test_a_leaders_poison_without_a_stated_level_has_the_leaders_level() -> None:
    # "a méreg szintjénél (ez egyenlő a lap szintjével, vagy a szövegmezőben van
    # feltüntetve)": the Adder's poison states none, so it has the Adder's level, 3
    s, k = defended("Adder")
    adder = k["mine"]
    with pytest.raises(mc.IllegalActionError, match="not below the poison's level 3"):
        act(s, UseManeuver(adder, 0, k["guardian"]))  # level 3
    s = settle_counter(act(s, UseManeuver(adder, 0, k["maiden"])))  # level 2
    assert is_turned(s.game, k["maiden"])


@pytest.mark.rule("5.6", "7.2.5.3")
def test_a_troop_is_a_creature_only_as_a_host_or_a_beast() -> None:
    # 5.6 "Ha egy lap lényre utal, akkor az alatt vezért, hadat és bestiát értünk" (a
    # creature is a leader, a host or a beast): the Ram, a war machine, is none, so no
    # poison or fear reaches it; the Wolves, a beast, are one
    s, me, other = arena()
    s, ram = to_hand(s, me, "Ram")
    s, wolves = to_hand(s, other, "Wolves")
    s, hero = put_leader(s, me, "Hero")
    assert [is_creature(s.game, c) for c in (ram, wolves, hero)] == [False, True, True]
    assert why_not_poison(s.game, hero, hero, Poison(level=9), ram) == (
        "Ram is not a creature (5.6, 7.2.5.3)"
    )


@pytest.mark.rule("7.2.5.3", "3.9", "4.6.2.1")
def test_a_free_maneuvers_poison_has_the_level_of_the_maneuver_card() -> None:
    # Venom (a free maneuver of level 4) used by the Captain (level 3): the poison has the
    # card's level, so the Guardian (3) is below it, though not below its user
    s, k = defended("Captain", hand=("Venom",))
    venom, captain, guardian = k["Venom"], k["mine"], k["guardian"]
    assert (level(s.game, captain), level(s.game, guardian)) == (3, 3)
    assert UseFreeManeuver(venom, captain, 0, guardian) in _legal(s)
    s = settle_counter(act(s, UseFreeManeuver(venom, captain, 0, guardian)))
    assert is_turned(s.game, guardian)


@pytest.mark.rule("7.2.5.3", "3.7", "7.3.5")
def test_a_fates_poison_has_the_fates_level() -> None:
    # the Serpent Omen (a fate of level 3, linked to my high god) has no user (3.7): its
    # poison has the fate's level
    s, k = defended("Captain", hand=("Serpent Omen",))
    omen = k["Serpent Omen"]
    with pytest.raises(mc.IllegalActionError, match="not below the poison's level 3"):
        act(s, PlayFate(omen, 0, k["guardian"]))
    assert PlayFate(omen, 0, k["maiden"]) in _legal(s)
    s = settle_counter(act(s, PlayFate(omen, 0, k["maiden"])))
    assert is_turned(s.game, k["maiden"])


@pytest.mark.rule("7.2.5.3", "7.2.1")
def test_a_poison_naming_several_creatures_takes_hold_on_each_below_its_level() -> None:
    # the Plaguebearer's poison (level 3, its own) names every enemy leader, the fighting
    # ones in the fight (7.2.1): the Guardian (3) is not below it, the Shieldmaiden (2)
    # is, whichever comes first
    s, k = defended("Plaguebearer")
    s = settle_counter(act(s, UseManeuver(k["mine"], 0)))
    assert not is_turned(s.game, k["guardian"])
    assert is_turned(s.game, k["maiden"])


# --- 7.2.1, 7.3.5: what is used and played while the combat phase lasts --------------------


@pytest.mark.rule("7.2.1", "7.2.5.3")
@pytest.mark.ruling("R-7.2.1-every")
def test_a_war_leaders_maneuvers_reach_only_the_fight() -> None:
    # "A harcban részvevő lapok csak a harcot és az abban résztvevő lapokat
    # befolyásolhatják": my Adder (a war leader) may poison the Shieldmaiden, not the
    # Squire (level 1, below the poison's 3) sitting in the defender's row; its Battle
    # Cry (+2 to an own leader) may raise the Adder, not the Scout sitting in my row
    s, k = defended("Adder", extra="Scout", hand=("Battle Cry",))
    s, squire = put_leader(s, k["other"], "Squire")
    adder, cry = k["mine"], k["Battle Cry"]
    assert UseManeuver(adder, 0, k["maiden"]) in _legal(s)
    with pytest.raises(mc.IllegalActionError, match=r"Squire is not in the fight.*\(7\.2\.1\)"):
        act(s, UseManeuver(adder, 0, squire))
    assert UseFreeManeuver(cry, adder, 0, adder) in _legal(s)
    with pytest.raises(mc.IllegalActionError, match=r"Scout is not in the fight.*\(7\.2\.1\)"):
        act(s, UseFreeManeuver(cry, adder, 0, k["outside"]))


@pytest.mark.rule("7.2.1", "7.3.5", "3.5", "1.5.3", "3.6")
def test_in_a_fight_an_item_goes_only_onto_ones_own_war_leader_and_intrigues_are_played() -> None:
    # the Trusty Blade is linked to the Captain and the Lieutenant, so it is played onto
    # either without summoning (3.5), whenever an effect could be used (1.5.3); while
    # the fight lasts only onto the war leader (7.3.5 8), not onto the Lieutenant in my
    # row. An intrigue is summoned whenever I have the action (3.6) and may affect any
    # fight (7.3.5 3)
    s, k = defended("Captain", extra="Lieutenant", hand=("Trusty Blade", "Banner"))
    blade, captain = k["Trusty Blade"], k["mine"]
    assert PlayWithoutSummoning(blade, captain) in _legal(s)
    with pytest.raises(mc.IllegalActionError, match=r"only cards that affect it.*\(7\.2\.1\)"):
        act(s, PlayWithoutSummoning(blade, k["outside"]))
    assert Summon(k["Banner"]) in _legal(s)
    s = settle_counter(act(s, PlayWithoutSummoning(blade, captain)))
    assert blade in fx.items(s.game, captain)
    s = settle_counter(act(until_turn_of(s, k["me"]), Summon(k["Banner"])))
    assert k["Banner"] in s.game.players[k["me"]].intrigues


@pytest.mark.rule("7.2.1", "7.3.5", "3.6")
@pytest.mark.ruling("R-7.2.1-every")
def test_before_a_fight_an_intrigue_and_a_locations_non_combat_maneuver_are_used() -> None:
    # the combat phase has begun and no fight is declared: a location's non-combat
    # maneuver (7.3.5 4: the Watchtower's Signal) and an intrigue (7.3.5 3) may affect
    # any fight, so they are used; the Watchtower's combat maneuver (Beacon) is not
    s, me, other = arena()
    s, _ = put_leader(s, me, "Captain")  # a fight can be declared: the phase is played
    cross = s.game.players[other].empire[0].card
    s, tower = attach_location(s, other, "Watchtower", cross)
    s, banner = to_hand(s, other, "Banner")
    s = act(s, Pass())  # my first summoning step ends
    while turn_phase(s) is not Phase.COMBAT:  # the window of the summoning step's end
        s = act(s, Pass())
    assert s.phase == "response.respond" and s.to_act == other  # the combat phase begins
    assert s.game.fight is None
    options = _legal(s)
    assert Summon(banner) in options
    assert UseManeuver(tower, 1) in options  # Signal
    assert UseManeuver(tower, 0) not in options  # Beacon
    with pytest.raises(mc.IllegalActionError, match=r"before a fight is declared"):
        act(s, UseManeuver(tower, 0))
    s = settle_counter(act(s, Summon(banner)))
    assert banner in s.game.players[other].intrigues


# --- 7.4.3.1: the defending commander --------------------------------------------------------


@pytest.mark.rule("7.4.3.1")
def test_the_defender_names_its_commander_from_its_own_leader_row() -> None:
    # "A védő ... kijelöli védő vezérét": a leader of its own (from hand it summons one,
    # it does not name it), never a leader of the attacker's row
    s, me, other = arena()
    s, captain = put_leader(s, me, "Captain")
    s, scout = put_leader(s, me, "Scout")  # unturned, outside the fight
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s, maiden = to_hand(s, other, "Shieldmaiden")
    s = battle(s, hills, E, captain)
    assert s.phase == "turn.combat.battle.defender" and s.to_act == other
    assert Designate(guardian) in _legal(s)
    for card in (scout, maiden):
        with pytest.raises(mc.IllegalActionError, match=r"not a leader in your leader row"):
            act(s, Designate(card))


# --- 7.4.11: the spoils --------------------------------------------------------------------------


@pytest.mark.rule("7.4.11")
def test_the_spoils_are_one_card_drawn_or_one_sphere_point_stolen() -> None:
    # "Ha a védő nyer, húzhat egy lapot; ha a támadó, elorozhat egy szférapontot"
    s, me, other = arena()
    s, scout = put_leader(s, me, "Scout")  # level 1
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")  # level 3
    won = lay_underworld(ff.pass_rounds(to_rounds(designate(battle(s, hills, E, scout), guardian))))
    assert won.game.fight is not None and won.game.fight.outcome is Outcome.DEFENDER
    assert won.phase.endswith("battle.spoils") and won.to_act == other
    before = won.game.players[other]
    won = act(won, TakeSpoils())
    after = won.game.players[other]
    assert after.hand == (*before.hand, before.deck[0]) and after.deck == before.deck[1:]
    # the attacker wins against an undefended people whose road it beats (7.4.3.2)
    s, me, other = arena()
    s, captain = put_leader(s, me, "Captain")  # level 3
    s, plains = put_people(s, other, "Plainsfolk", 0, 0)  # east road 1
    s = set_player(s, other, spheres=(0, 4, 0, 0))
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    s = battle(s, plains, E, captain)
    while not s.phase.endswith("battle.spoils"):
        s = lay_underworld(act(s, Pass()))
    assert s.game.fight is not None and s.game.fight.outcome is Outcome.ATTACKER
    assert s.to_act == me
    s = act(s, TakeSpoils(Sphere.INFLUENCE))
    assert s.game.players[other].spheres == (0, 3, 0, 0)
    assert s.game.players[me].spheres == (3, 4, 3, 3)


# --- 7.2.2, 7.4.4-7.4.7: helpers, and the order of a combat round ----------------------------


@pytest.mark.rule("7.4.5", "7.4.6", "7.2.2", "7.4.8", "5.13")
@pytest.mark.ruling("R-7.4.4-help")
def test_a_helper_of_one_side_is_not_asked_by_the_other_and_the_round_follows_the_turn_order() -> (
    None
):
    # 7.4.5: the defender asks anybody but the attacker and its helpers; 7.4.6: the
    # attacker anybody but the defender and its helpers. Both the third and the fourth
    # player have leaders that could fight on either side
    s, me, other = arena(players=4)
    order = s.game.order
    third, fourth = (p for p in order if p not in (me, other))
    s, captain = put_leader(s, me, "Captain")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    leaders = {}
    for player in (third, fourth):
        for key in ("Lieutenant", "Scout", "Shieldmaiden"):  # allies of either side
            s, leaders[player, key] = put_leader(s, player, key)
    s = designate(battle(s, hills, E, captain), guardian)
    assert s.phase.endswith("battle.attacker_comrade")
    s = act(s, AskHelp(third))
    s = designate(s, leaders[third, "Lieutenant"], SUPPORT)
    assert s.phase.endswith("battle.defender_comrade") and s.to_act == other
    assert AskHelp(fourth) in _legal(s)
    with pytest.raises(mc.IllegalActionError, match=r"cannot be asked for help now"):
        act(s, AskHelp(third))
    s = act(s, AskHelp(fourth))
    s = designate(s, leaders[fourth, "Shieldmaiden"], SUPPORT)
    assert s.phase.endswith("battle.attacker_second") and s.to_act == me
    assert AskHelp(third) in _legal(s)
    with pytest.raises(mc.IllegalActionError, match=r"cannot be asked for help now"):
        act(s, AskHelp(fourth))
    s = to_rounds(s)
    fight = s.game.fight
    assert fight is not None and fight.helpers == ((third, 0), (fourth, 1))
    # 7.4.8: the attacking commander's player first; 7.2.2: then in the turn order
    start = order.index(me)
    expected = [order[(start + i) % len(order)] for i in range(len(order))]
    seen = []
    for _ in expected:
        seen.append(s.to_act)
        s = act(s, Pass())
    assert seen == expected


# --- 7.3.4, 1.5.1: a troop gone from the board while a choice is made in the fight -----------


@pytest.mark.rule("7.3.4", "7.4.9", "1.5.1")
@pytest.mark.ruling("R-7.3.4-attached")
def test_a_troop_destroyed_in_the_fight_counts_no_more_while_a_discard_is_chosen() -> None:
    # the Marauder's Raid destroys the Wolves, then the defender discards a card of its
    # choice (1.5.1): while it chooses, the Wolves are gone and the defending army's
    # level is what it was before they came
    s, me, other = arena()
    s, marauder = put_leader(s, me, "Marauder")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s, wolves = to_hand(s, other, "Wolves")
    kept = []
    for key in ("Squire", "Scout"):
        s, card = to_hand(s, other, key)
        kept.append(card)
    s = to_rounds(designate(battle(s, hills, E, marauder), guardian))
    levels = _levels(s)
    s = play(act(s, Pass()), SummonTroop(wolves, guardian))
    with_wolves = _levels(s)
    assert with_wolves[0] == levels[0] and with_wolves[1] > levels[1]
    s = settle_counter(act(s, UseManeuver(marauder, 0, wolves)))
    assert wolves in s.game.players[other].underworld
    assert s.game.choice is not None and s.to_act == other
    assert set(_legal(s)) == {Choose(card) for card in kept}
    assert _levels(s) == levels
    s = act(s, Choose(kept[0]))
    assert s.game.players[other].hand == (kept[1],)
