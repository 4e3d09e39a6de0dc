"""Chapter 8 attachment keywords: region, building, rune (with scribe) and potion."""

from __future__ import annotations

from dataclasses import replace

import pytest

import mitosz_core as mc
from mitosz_core.errors import CardDataError
from mitosz_core.games.mitosz.actions import (
    SacrificeBuilding,
    SacrificeItem,
    Summon,
    UseManeuver,
)
from mitosz_core.games.mitosz.carddata.checks import check_card
from mitosz_core.games.mitosz.effects.language import (
    Cards,
    ChangeLevel,
    Chosen,
    ManeuverStep,
    Neutralize,
    NeutralizeAbility,
)
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import (
    board_cards,
    is_cursed,
    is_magical,
    leader_slot,
    people_slot,
    remove_to_underworld,
)
from mitosz_core.games.mitosz.rules.hosting import placed_on
from mitosz_core.games.mitosz.rules.keywords.rune import AttachRune
from mitosz_core.games.mitosz.rules.levels import level, road_level
from mitosz_core.games.mitosz.rules.selection import matching
from mitosz_core.games.mitosz.rules.summoning import summon_cost
from mitosz_core.games.mitosz.state import ActiveEffect, AttachKind, Attachment
from mitosz_core.mitosz import KeywordAt, Leader, People
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import (
    ATTACHMENT_POOL,
    ATTACHMENT_RULESET,
    CROSS,
    act,
    attach_location,
    attachment_arena,
    build,
    lay_underworld,
    play,
    put_leader,
    put_people,
    refresh,
    sea,
    set_player,
    sky,
    the,
    to_hand,
)

FREE = (0, 0, 0, 0)


def why(s: S, action: mc.Action) -> str:
    reason = ATTACHMENT_RULESET.why_not(s, action)
    assert reason is not None, f"{action} should be illegal"
    return reason


def add_building(s: S, player: int, key: str, region: int) -> tuple[S, int]:
    """Attach building ``key`` to ``region`` in ``player``'s empire directly."""
    s, card = to_hand(s, player, key)
    p = s.game.players[player]
    hand = tuple(c for c in p.hand if c != card)
    s = set_player(s, player, hand=hand)
    return fx.attached(s, Attachment(card, region, AttachKind.BUILDING)), card


def roads(s: S, player: int, people: int) -> list[int]:
    found = people_slot(s.game, people)
    assert found is not None
    slot = found[1]
    return [road_level(s.game, player, slot, r) for r in s.game.card(people).roads]


@pytest.mark.rule("8.region")
def test_a_region_linked_to_its_people_is_summoned_free() -> None:
    s, me, _ = attachment_arena()
    s, cross = put_people(s, me, "Cross", 0, 0)
    s, line = put_people(s, me, "Line", 1, 0)
    s, vale = to_hand(s, me, "Vale")  # a region linked to Cross
    s, wild = to_hand(s, me, "Wild Vale")  # a region linked to nothing
    assert summon_cost(s, me, vale, cross) == FREE
    assert summon_cost(s, me, vale, line) == (0, 1, 0, 0)
    assert summon_cost(s, me, wild, cross) == (0, 1, 0, 0)
    spheres = s.game.players[me].spheres
    s = play(s, Summon(vale, cross))
    assert s.game.players[me].spheres == spheres
    found = people_slot(s.game, cross)
    assert found is not None and fx.location(s.game, found[1].card) == vale


@pytest.mark.rule("8.region", "8.building")
def test_a_building_goes_onto_a_region_as_if_onto_the_people_one_per_region() -> None:
    s, me, _ = attachment_arena()
    s, cross = put_people(s, me, "Cross", 0, 0)
    s, vale = attach_location(s, me, "Vale", cross)
    s, forge = to_hand(s, me, "Forge")  # a building linked to Vale, level 2
    s, mill = to_hand(s, me, "Mill")  # a building linked to nothing
    s, wild = to_hand(s, me, "Wild Vale")
    assert summon_cost(s, me, forge, vale) == FREE  # 8.building: linked to its region
    assert summon_cost(s, me, forge, cross) == (0, 0, 1, 0)  # onto a people: paid
    assert summon_cost(s, me, mill, vale) == (0, 0, 1, 0)
    assert Summon(forge, vale) in mc.legal_actions(s)
    assert "only a building" in why(s, Summon(wild, vale))
    before = roads(s, me, cross)
    spheres = s.game.players[me].spheres
    s = play(s, Summon(forge, vale))
    found = people_slot(s.game, cross)
    assert found is not None and placed_on(s.game, found[1].card) == (vale, forge)
    assert s.game.players[me].spheres == spheres
    assert roads(s, me, cross) == [r + 2 for r in before]  # as if attached to the people
    assert forge in board_cards(s.game, me)
    assert "already has a building" in why(s, Summon(mill, vale))
    assert Summon(mill, vale) not in mc.legal_actions(s)
    view = ATTACHMENT_RULESET.observe(s, me)
    shown = next(e for e in view["players"][me]["empire"] if e["people"]["id"] == cross)
    building = shown["building"]
    assert building is not None and building["id"] == forge
    saved = mc.arrange(s)  # put in place by hand: the start of an arranged game
    assert mc.State.from_json(saved.to_json()) == saved  # the census counts the building once


@pytest.mark.rule("6.3.6", "8.region", "8.building", "3.3", "3.5", "8.weapon")
@pytest.mark.ruling("R-6.3.6")
def test_a_card_to_attach_whose_host_cannot_take_it_when_it_resolves_goes_to_the_underworld() -> (
    None
):
    s, me, _ = attachment_arena(auto_pass=False)
    s, cross = put_people(s, me, "Cross", 0, 0)
    s, line = put_people(s, me, "Line", 2, 0)
    s, vale = attach_location(s, me, "Vale", cross)
    s, _ = attach_location(s, me, "Wild Vale", line)  # another region
    s, hero = put_leader(s, me, "Hero")
    s, mill = to_hand(s, me, "Mill")
    s = set_player(s, me, spheres=(6, 6, 6, 6))
    s, second_vale = to_hand(s, me, "Vale")
    assert why(s, Summon(second_vale, vale)) == (
        "only a building is attached to a region (8.region, 8.building)"
    )
    # a building goes onto its own region only, whatever other regions the player has
    built = fx.settle_counter(act(s, Summon(mill, vale)))
    assert [fx.building(built.game, p) for p in (cross, line)] == [mill, None]
    # the region took another building meanwhile (as a response would): no room
    s, forge = to_hand(s, me, "Forge")
    pending = act(s, Summon(mill, vale))
    pending = fx.settle_counter(fx.with_building(pending, me, forge, cross))
    assert mill in pending.game.players[me].underworld
    assert [fx.building(pending.game, p) for p in (cross, line)] == [forge, None]
    # a people given a location meanwhile takes no other (3.3)
    s, bare = put_people(s, me, "Cross", 4, 0)
    s, market = to_hand(s, me, "Market")
    pending = act(s, Summon(market, bare))
    pending, tower = attach_location(pending, me, "Tower", bare)
    pending = fx.settle_counter(pending)
    assert market in pending.game.players[me].underworld
    assert fx.location(pending.game, bare) == tower
    # a leader given a weapon meanwhile takes no second one (8.weapon)
    s, sword = to_hand(s, me, "Sword")
    pending = act(s, Summon(sword, hero))
    pending, first = fx.attach_item(pending, me, "Sword", hero)
    pending = fx.settle_counter(pending)
    assert sword in pending.game.players[me].underworld
    slot = leader_slot(pending.game, hero)
    assert slot is not None and fx.items(pending.game, hero) == (first,)


@pytest.mark.rule("8.region")
def test_a_destroyed_region_takes_its_people_and_building_with_it() -> None:
    s, me, other = attachment_arena()
    s, quaker = put_leader(s, me, "Quaker")  # destroys an enemy location
    s, cross = put_people(s, other, "Cross", 0, 0)
    s, line = put_people(s, other, "Line", 1, 0)
    s, vale = attach_location(s, other, "Vale", cross)
    s, forge = add_building(s, other, "Forge", vale)
    s, mill = attach_location(s, other, "Mill", line)  # a building, no region
    s = lay_underworld(play(s, UseManeuver(quaker, 0, vale)))
    gone = s.game.players[other].underworld
    assert {cross, vale, forge} <= set(gone)
    assert people_slot(s.game, cross) is None
    s, second = put_leader(s, me, "Quaker")
    s = lay_underworld(play(s, UseManeuver(second, 0, mill)))
    assert mill in s.game.players[other].underworld
    assert people_slot(s.game, line) is not None  # only a region takes its people


@pytest.mark.rule("8.building")
@pytest.mark.ruling("R-8.building-sacrifice")
def test_a_building_is_sacrificed_as_a_maneuver_unless_cursed() -> None:
    s, me, other = attachment_arena()
    s, cross = put_people(s, me, "Cross", 0, 0)
    s, line = put_people(s, me, "Line", 1, 0)
    s, vale = attach_location(s, me, "Vale", cross)
    s, forge = add_building(s, me, "Forge", vale)
    s, tower = attach_location(s, me, "Dark Tower", line)  # a cursed building
    s, theirs = put_people(s, other, "Cross", 0, 0)
    s, enemy_mill = attach_location(s, other, "Mill", theirs)
    legal = mc.legal_actions(s)
    assert SacrificeBuilding(forge) in legal
    assert SacrificeBuilding(tower) not in legal
    assert "cursed" in why(s, SacrificeBuilding(tower))
    assert "not a building in your empire" in why(s, SacrificeBuilding(enemy_mill))
    assert "not a building" in why(s, SacrificeBuilding(vale))  # a region is no building
    s = act(s, SacrificeBuilding(forge))
    assert forge in s.game.players[me].underworld
    found = people_slot(s.game, cross)
    assert found is not None and placed_on(s.game, found[1].card) == (vale,)


@pytest.mark.rule("8.potion")
@pytest.mark.ruling("R-8.potion")
def test_sacrificing_a_potion_makes_its_effect_take_hold() -> None:
    # Tonic: +1; sip: +2 to an own leader
    s = build(sky(leaders=(Leader("Cheap", items=("Tonic",)),)), sea(), ruleset=ATTACHMENT_RULESET)
    me = 0
    captain, tonic = the(s, "Cheap"), the(s, "Tonic")
    before = level(s.game, captain)
    legal = mc.legal_actions(s)
    assert SacrificeItem(tonic, 0, captain) in legal
    assert SacrificeItem(tonic) not in legal  # the sacrifice names what its effect acts on
    assert "target" in why(s, SacrificeItem(tonic))
    s = play(s, SacrificeItem(tonic, 0, captain))
    assert tonic in s.game.players[me].underworld
    assert level(s.game, captain) == s.game.card(captain).level + 2 < before + 2


CURSED_TONIC = fx.variant(ATTACHMENT_POOL["Tonic"], "Cursed Tonic", cursed=True)
"""A cursed potion: its maneuver would sacrifice it, which a cursed card never is (2.4)."""
CURSED_RULESET = MitoszRuleset(pool={**ATTACHMENT_POOL, CURSED_TONIC.key: CURSED_TONIC})


@pytest.mark.rule("8.potion", "2.4")
@pytest.mark.ruling("R-3.4.2-cursed")
def test_a_cursed_potion_is_not_sacrificed_for_its_effect() -> None:
    s = build(
        sky(leaders=(Leader("Cheap", items=("Cursed Tonic",)),)), sea(), ruleset=CURSED_RULESET
    )
    captain, tonic = the(s, "Cheap"), the(s, "Cursed Tonic")
    assert SacrificeItem(tonic, 0, captain) not in mc.legal_actions(s)
    assert CURSED_RULESET.why_not(s, SacrificeItem(tonic, 0, captain)) == (
        "Cursed Tonic is cursed and cannot be sacrificed (2.4)"
    )


@pytest.mark.rule("8.potion")
def test_a_potion_whose_maneuver_does_not_sacrifice_it_is_rejected_as_card_data() -> None:
    tonic = ATTACHMENT_POOL["Tonic"]
    check_card("test", {}, tonic)
    broken = replace(tonic, maneuvers=(replace(tonic.maneuvers[0], conditions=()),))
    with pytest.raises(CardDataError, match=r"8\.potion"):
        check_card("test", {}, broken)


@pytest.mark.rule("8.rune")
@pytest.mark.ruling("R-8.rune")
def test_a_scribe_attaches_a_rune_which_then_acts_on_that_card_only() -> None:
    s, me, _ = attachment_arena()
    s, _ = put_people(s, me, "Cross", 0, 0)  # room for three leaders (3.4.2)
    s, scribe = put_leader(s, me, "Scribe")
    s, captain = put_leader(s, me, "Cheap")
    s, hero = put_leader(s, me, "Hero")
    s, ward = to_hand(s, me, "Ward Rune")  # magical; +1 level to an own leader
    base = level(s.game, captain)
    assert not is_magical(s.game, captain)
    assert AttachRune(ward, scribe, captain) in mc.legal_actions(s)
    assert "not a scribe" in why(s, AttachRune(ward, hero, captain))
    s = play(s, AttachRune(ward, scribe, captain))
    assert fx.runes(s) == (fx.rune(ward, captain),)
    assert ward in board_cards(s.game, me)
    assert ward not in s.game.players[me].underworld
    assert level(s.game, captain) == base + 1
    assert is_magical(s.game, captain)  # a magical rune makes its card magical
    assert captain in matching(s.game, me, Cards(magical=True), None)
    slot = leader_slot(s.game, scribe)
    assert slot is not None and slot[1].turned  # the scribe used it
    view = ATTACHMENT_RULESET.observe(s, me)
    [shown] = view["keyword_cards"]
    assert shown["card"]["id"] == ward and shown["host"]["id"] == captain
    assert shown["keyword"] == "rune"
    saved = mc.arrange(s)  # put in place by hand: the start of an arranged game
    assert mc.State.from_json(saved.to_json()) == saved  # the census counts the rune once
    # from now on it is the captain's bound maneuver, acting on the captain only
    legal = mc.legal_actions(s)
    assert UseManeuver(ward, 0, captain) in legal
    assert UseManeuver(ward, 0, hero) not in legal
    assert "only on the card it is attached to" in why(s, UseManeuver(ward, 0, hero))
    s = play(s, UseManeuver(ward, 0, captain))
    assert level(s.game, captain) == base + 2
    assert level(s.game, hero) == 3
    slot = leader_slot(s.game, captain)
    assert slot is not None and slot[1].turned
    assert fx.runes(s) == (fx.rune(ward, captain),)


SCRIBE_OF_HELLAS = fx.variant(
    fx.ATTACHMENT_POOL["Scribe"], "Scribe of Hellas", links=("Ward Rune",)
)
"""A scribe in mythic link with the Ward Rune (2.8), so it uses it for free (3.9)."""
_WARD = fx.ATTACHMENT_POOL["Ward Rune"]
NULL_RUNE = fx.variant(
    _WARD, "Null Rune", maneuvers=(replace(_WARD.maneuvers[0], effect=Neutralize()),)
)
"""A rune whose maneuver names a pending event, not a card (4.2.6)."""
LINKED_RULESET = MitoszRuleset(
    pool={**fx.ATTACHMENT_POOL, "Scribe of Hellas": SCRIBE_OF_HELLAS, "Null Rune": NULL_RUNE}
)


@pytest.mark.rule("8.rune", "3.9", "4.2.2")
@pytest.mark.ruling("R-8.rune")
def test_a_rune_is_attached_only_where_and_when_its_maneuver_could_take_hold() -> None:
    # Ward Rune: action, 1 magic, +1 level to a chosen own leader
    def position(spheres: tuple[int, int, int, int], scribe: str = "Scribe") -> S:
        mine = sky(
            empire=(People("Cross", 10, 10),),
            leaders=(Leader(scribe), Leader("Cheap")),
            hand=("Ward Rune", "Null Rune"),
            spheres=spheres,
        )
        return build(mine, sea(), ruleset=LINKED_RULESET)

    s = position((1, 0, 0, 0))
    scribe, captain, ward = the(s, "Scribe"), the(s, "Cheap"), the(s, "Ward Rune")
    god, cross = s.game.players[0].high_god, the(s, "Cross")
    assert AttachRune(ward, scribe, captain) in mc.legal_actions(s)  # its cost, once
    assert why(s, AttachRune(ward, scribe, captain, index=1)) == "Ward Rune has no maneuver 1"
    assert why(s, AttachRune(the(s, "Null Rune"), scribe, captain)) == (
        "a rune that acts on a pending event has no card to act on (ruling R-8.rune)"
    )
    assert "is not a permanent or troop on the board" in why(s, AttachRune(ward, scribe, god))
    # a people is no leader: the Ward could not act on it, so it is not attached there
    assert why(s, AttachRune(ward, scribe, cross)) == (
        "Ward Rune cannot act on Cross, so it cannot be attached to it (8.rune)"
    )
    broke = position((0, 0, 0, 0))
    assert AttachRune(ward, scribe, captain) not in mc.legal_actions(broke)  # 4.2.2
    linked = position((0, 0, 0, 0), "Scribe of Hellas")
    user = the(linked, "Scribe of Hellas")
    assert AttachRune(ward, user, captain) in mc.legal_actions(linked)  # 3.9: free


STEADY_RUNE = fx.variant(
    _WARD, "Steady Rune", maneuvers=(replace(_WARD.maneuvers[0], permanent=True),)
)
"""The Ward Rune with a permanent maneuver (4.2.6): a turned card may still use it."""
HOST_RULESET = MitoszRuleset(pool={**fx.ATTACHMENT_POOL, "Steady Rune": STEADY_RUNE})


@pytest.mark.rule("8.rune", "3.9", "3.4.1", "4.2.6", "5.5")
@pytest.mark.ruling("R-8.rune")
def test_an_attached_rune_is_used_as_its_cards_bound_maneuver() -> None:
    # 3.9: "Ha szabad manővert csatolnak, az a továbbiakban kötött manőverként kezelendő"
    # (an attached free maneuver is treated as a bound maneuver from then on): the card
    # the rune is on uses it, so that card's state decides. 3.4.1: a leader that is not
    # turned uses maneuvers; 4.2.6 Permanens: "Elforgatott lap is használhatja" (a
    # turned card may use it too); 5.5: a card whose ability is neutralised "nem
    # használhat manővereket" (cannot use maneuvers)
    def position(rune: str, turned: bool) -> S:
        mine = sky(empire=CROSS, leaders=(Leader("Hero"), Leader("Cheap", turned=turned)))
        placed = (KeywordAt(0, rune, 0, "Cheap"),)
        return build(mine, sea(), ruleset=HOST_RULESET, keyword_cards=placed)

    s = position("Ward Rune", turned=False)
    ward, captain = the(s, "Ward Rune"), the(s, "Cheap")
    use = UseManeuver(ward, 0, captain)
    assert HOST_RULESET.why_not(s, use) is None
    silence = ActiveEffect(s.game.next_id, NeutralizeAbility(Chosen(Cards())), 1, captain, captain)
    s = fx.set_game(s, effects=(silence,), next_id=s.game.next_id + 1)
    assert HOST_RULESET.why_not(s, use) == "Cheap's ability is neutralised (5.5)"
    s = position("Ward Rune", turned=True)
    assert HOST_RULESET.why_not(s, use) == (
        "Cheap is turned: a turned card uses only a permanent maneuver (3.4.1, 4.1, 4.2.6)"
    )
    s = position("Steady Rune", turned=True)
    steady = the(s, "Steady Rune")
    assert HOST_RULESET.why_not(s, UseManeuver(steady, 0, captain)) is None
    s = play(s, UseManeuver(steady, 0, captain))
    assert level(s.game, captain) == level(position("Steady Rune", True).game, captain) + 1


TWIN_RUNE = fx.variant(
    _WARD,
    "Twin Rune",
    maneuvers=(
        _WARD.maneuvers[0],
        replace(_WARD.maneuvers[0], name="Lasting Ward", permanent=True),
    ),
)
"""The Ward Rune with a second maneuver, the same one made permanent (4.2.6)."""
TWIN_RULESET = MitoszRuleset(pool={**fx.ATTACHMENT_POOL, "Twin Rune": TWIN_RUNE})


@pytest.mark.rule("8.rune", "3.4.1", "4.2.6")
def test_a_turned_scribe_attaches_a_rune_by_its_permanent_maneuver_only() -> None:
    # 3.4.1 "Minden el nem forgatott vezér képes … manővereket használni" (every leader
    # not turned can use maneuvers); 4.2.6 Permanens "Elforgatott lap is használhatja"
    # (a turned card may use it too). A card in hand before the rune changes nothing.
    mine = sky(
        leaders=(Leader("Scribe", turned=True), Leader("Cheap")),
        hand=("Tonic", "Twin Rune"),
        spheres=(1, 0, 0, 0),
    )
    s = build(mine, sea(), ruleset=TWIN_RULESET)
    scribe, captain, twin = the(s, "Scribe"), the(s, "Cheap"), the(s, "Twin Rune")
    runes = {a for a in mc.legal_actions(s) if isinstance(a, AttachRune)}
    assert runes == {AttachRune(twin, scribe, host, 1) for host in (scribe, captain)}
    assert why(s, AttachRune(twin, scribe, captain, 0)) == (
        "Scribe is turned: a turned card uses only a permanent maneuver (3.4.1, 4.1, 4.2.6)"
    )


STEEP_RUNE = fx.variant(
    _WARD,
    "Steep Rune",
    maneuvers=(
        replace(
            _WARD.maneuvers[0],
            per=(1, 0, 0, 0),
            steps=(ManeuverStep((5, 0, 0, 0), ChangeLevel(Chosen(fx.OWN_LEADERS), 1)),),
        ),
    ),
)
"""The Ward Rune (1 magic) with a slash of 1 magic and a further step of 5 (4.2.6)."""
STEEP_RULESET = MitoszRuleset(pool={**fx.ATTACHMENT_POOL, "Steep Rune": STEEP_RUNE})


@pytest.mark.rule("8.rune", "4.2.2", "4.2.6")
@pytest.mark.ruling("R-8.rune")
def test_attaching_a_rune_costs_its_use_with_the_slash_once_and_no_further_step() -> None:
    # the scribe attaching a rune uses its maneuver once: its cost and one slash, 2
    # magic in all; a further step is bought only when the attached rune is used
    def attaching(magic: int) -> str | None:
        leaders = (Leader("Scribe"), Leader("Cheap"))
        mine = sky(leaders=leaders, hand=("Steep Rune",), spheres=(magic, 0, 0, 0))
        s = build(mine, sea(), ruleset=STEEP_RULESET)
        rune = AttachRune(the(s, "Steep Rune"), the(s, "Scribe"), the(s, "Cheap"))
        return STEEP_RULESET.why_not(s, rune)

    assert attaching(2) is None
    assert "magic" in str(attaching(1))


_OTHERS = Chosen(replace(fx.OWN_LEADERS, not_user=True))
OTHERS_RUNE = fx.variant(
    _WARD, "Others' Rune", maneuvers=(replace(_WARD.maneuvers[0], effect=ChangeLevel(_OTHERS, 1)),)
)
"""The Ward Rune for an own leader other than its user (5.17)."""


@pytest.mark.rule("8.rune", "4.6.2.1", "5.17")
@pytest.mark.ruling("R-8.rune")
def test_a_rune_that_spares_its_user_is_not_attached_to_its_scribe() -> None:
    # the scribe attaching a rune is its user (4.6.2.1): a rune whose maneuver acts on an
    # own leader other than its user could not act on the scribe, so it is not attached
    # there, only to another leader (ruling R-8.rune)
    ruleset = MitoszRuleset(pool={**fx.ATTACHMENT_POOL, "Others' Rune": OTHERS_RUNE})
    mine = sky(leaders=(Leader("Scribe"), Leader("Cheap")), hand=("Others' Rune",))
    s = build(mine, sea(), ruleset=ruleset)
    rune, scribe, cheap = the(s, "Others' Rune"), the(s, "Scribe"), the(s, "Cheap")
    assert ruleset.why_not(s, AttachRune(rune, scribe, cheap)) is None
    assert ruleset.why_not(s, AttachRune(rune, scribe, scribe)) == (
        "Others' Rune cannot act on Scribe, so it cannot be attached to it (8.rune)"
    )


@pytest.mark.rule("8.rune", "1.4.2")
def test_a_rune_goes_to_the_underworld_with_its_card() -> None:
    s = build(
        sky(leaders=(Leader("Scribe"), Leader("Cheap")), hand=("Ward Rune",)),
        sea(),
        ruleset=ATTACHMENT_RULESET,
    )
    me = 0
    scribe, captain, ward = the(s, "Scribe"), the(s, "Cheap"), the(s, "Ward Rune")
    s = play(s, AttachRune(ward, scribe, captain))
    s = lay_underworld(refresh(remove_to_underworld(s, captain)))
    assert fx.runes(s) == ()
    assert {captain, ward} <= set(s.game.players[me].underworld)
    saved = mc.arrange(s)  # put in place by hand: the start of an arranged game
    assert mc.State.from_json(saved.to_json()) == saved


@pytest.mark.rule("8.rune", "2.4")
def test_only_a_cursed_rune_goes_onto_an_enemy_card_and_curses_it() -> None:
    # Hex Rune: cursed; -1 level to a leader
    s = build(
        sky(leaders=(Leader("Scribe"),), hand=("Ward Rune", "Hex Rune")),
        sea(leaders=(Leader("Hero"),)),
        ruleset=ATTACHMENT_RULESET,
    )
    other = 1
    scribe, enemy, ward = the(s, "Scribe"), the(s, "Hero", other), the(s, "Ward Rune")
    hex_rune = the(s, "Hex Rune")
    assert "only a cursed rune" in why(s, AttachRune(ward, scribe, enemy))
    assert not is_cursed(s.game, enemy)
    base = level(s.game, enemy)
    s = play(s, AttachRune(hex_rune, scribe, enemy))
    assert is_cursed(s.game, enemy) and is_magical(s.game, enemy)
    assert level(s.game, enemy) == base - 1
    assert hex_rune in board_cards(s.game, other)  # on the side of its card
