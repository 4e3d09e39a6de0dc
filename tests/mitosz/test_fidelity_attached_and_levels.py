"""Issue 29, the smaller gaps of the third review: what is attached to what, whatever the
container (5.12, 8.region, 8.rune, 5.15), a flying army (8.flying), a base level lowered
below 1 (2.2), cursed cards attached to enemy cards (2.4), and an intrigue taking effect
once (3.6)."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    AttachMount,
    Attack,
    DeclareFight,
    Designate,
    Pass,
    PlayFate,
    SacrificeCommander,
    SacrificeLeader,
    Summon,
    SummonTroop,
    ToUnderworld,
)
from mitosz_core.games.mitosz.cards import CardType, Edge
from mitosz_core.games.mitosz.effects.language import (
    Cards,
    Every,
    Immunity,
    Maneuver,
    Release,
    SetLevel,
    Side,
)
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import controller
from mitosz_core.games.mitosz.rules.continuous import immune
from mitosz_core.games.mitosz.rules.hosting import attached_to, carried_by, host_of, hosts_of
from mitosz_core.games.mitosz.rules.leaders import over_limit
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.rules.turn import extra_draws
from mitosz_core.games.mitosz.state import FightKind, LeaderSlot
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.mitosz import Leader, MarkerAt, People
from tests.mitosz import fight_fixtures as ff
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import to_combat
from tests.mitosz.fixtures import (
    act,
    lay_underworld,
    play,
    put_leader,
    put_people,
    set_player,
    the,
    to_hand,
)
from tests.mitosz.pool_fixtures import game, my_move, position, side
from tests.properties.cardgen import inject

FULL = (6, 6, 6, 6)


# --- 5.12, 8.region, 8.rune, 5.15: one relation of attached cards ----------------------------


def _with_building(s: S, player: int, people: int, building: int) -> S:
    """``building`` from ``player``'s hand onto the region of ``people`` (8.region)."""
    return fx.with_building(s, player, building, people)


@pytest.mark.rule("5.12", "8.region", "8.building", "8.shrine")
def test_immunity_reaches_a_building_on_a_region_of_an_immune_people() -> None:
    # Karnak: own peoples are immune to calamities
    # Ragnarök: a calamity, destroys every location below level 2
    # Mount Olympus: a region, level 2; Great Pyramid: a building, level 1
    s = position(
        side("Odin (high god)", spheres=FULL, hand=("Ragnarök",)),
        side(
            empire=(
                People("Cross", 10, 10, location="Karnak"),
                People("Athenians", 0, 0, location="Mount Olympus"),
            ),
            hand=("Great Pyramid", "Market"),
        ),
    )
    other = 1
    athenians, olympus = the(s, "Athenians", other), the(s, "Mount Olympus", other)
    pyramid = the(s, "Great Pyramid", other)
    s = _with_building(s, other, athenians, pyramid)
    assert hosts_of(s.game, pyramid) == (olympus, athenians)
    assert immune(s.game, pyramid, Immunity.CALAMITY)  # indirectly attached (5.12)
    s = lay_underworld(play(s, PlayFate(the(s, "Ragnarök"))))
    assert fx.building(s.game, s.game.players[other].empire[-1].card) == pyramid
    assert pyramid not in s.game.players[other].underworld


@pytest.mark.rule("5.12", "8.rune", "5.15", "8.mount", "3.5", "3.3")
def test_host_of_and_immunity_follow_every_kind_of_attachment() -> None:
    # Karnak on the Cross: own peoples immune to calamities
    s = position(
        side(),
        side(
            empire=(People("Cross", 10, 10, location="Karnak"),),
            leaders=(Leader("King", items=("Sword", "Pegasus")),),
            hand=("Runes of Warding", "Cheap", "Market"),
        ),
    )
    other = 1
    cross, karnak = the(s, "Cross", other), the(s, "Karnak", other)
    king, sword, horse = the(s, "King", other), the(s, "Sword", other), the(s, "Pegasus", other)
    runes, cheap, market = (
        the(s, "Runes of Warding", other),
        the(s, "Cheap", other),
        the(s, "Market", other),
    )
    s = set_player(s, other, hand=())
    held = fx.held(LeaderSlot(cheap), cross, other, Release.TURN_START, items=(market,))
    assert fx.mounts(s) == (fx.mount(horse, king),)  # a mount among the items rides (8.mount)
    assert fx.items(s.game, king) == (sword, horse)  # its one record, in the order attached
    s = fx.attached(s, fx.rune(runes, cross), *held)
    game = s.game
    assert host_of(game, karnak) == cross and host_of(game, runes) == cross  # 3.3, 8.rune
    assert host_of(game, cheap) == cross and host_of(game, market) == cheap  # 5.15
    assert host_of(game, sword) == king and host_of(game, horse) == king  # 3.5, 8.mount
    assert host_of(game, cross) is None and host_of(game, king) is None
    assert attached_to(game, market) == () and carried_by(game, market) == ()  # nothing on it
    assert attached_to(game, cross) == (karnak, cheap, runes)
    assert carried_by(game, cross) == (karnak, cheap, market, runes)
    for card in (runes, cheap, market):  # directly or indirectly on the immune Cross
        assert immune(game, card, Immunity.CALAMITY), game.card(card).name
    assert not immune(game, sword, Immunity.CALAMITY)  # the King is no people


# --- 3.6: the same intrigue takes effect once, on each card it reaches ---------------------


@pytest.mark.rule("3.6", "5.17")
@pytest.mark.ruling("R-3.6-once")
def test_two_players_curses_of_the_tomb_each_lower_the_others_leaders() -> None:
    # Curse of the Tomb: locked, enemy leaders -1; Pricey: level 5
    curse = ("Curse of the Tomb",)
    s = position(
        side(leaders=(Leader("Pricey"),), intrigues=curse),
        side(leaders=(Leader("Pricey"),), intrigues=curse),
        side(leaders=(Leader("Pricey"),)),
    )
    leaders = [the(s, "Pricey", p) for p in range(3)]
    assert [level(s.game, c) for c in leaders] == [4, 4, 4]  # the third: once, not twice


@pytest.mark.rule("3.6")
@pytest.mark.ruling("R-3.6-once")
def test_a_second_copy_of_ones_own_intrigue_adds_nothing() -> None:
    curse = ("Curse of the Tomb",)
    s = position(side(intrigues=curse * 2), side(leaders=(Leader("King"), Leader("Pricey"))))
    king, pricey = the(s, "King", 1), the(s, "Pricey", 1)
    printed = s.game.card(pricey).level
    assert level(s.game, king) == 2 and level(s.game, pricey) == printed - 1


@pytest.mark.rule("3.6", "6.2.2.1")
@pytest.mark.ruling("R-3.6-once")
def test_an_intrigues_player_effect_reaches_each_of_its_players_once() -> None:
    # House of Life: locked, you draw one more card in your draw phase
    life = ("House of Life",)
    s = position(side(intrigues=life * 2), side(intrigues=life), side())
    assert [extra_draws(s.game, p) for p in range(3)] == [1, 1, 0]


# --- 8.flying: a flying commander's army flies, whatever else lets it cross -----------------


def _to_rounds(s: S) -> S:
    """Nobody defends or helps: the first combat round."""
    while not s.phase.endswith(".rounds"):
        legal = mc.legal_actions(s)
        s = act(s, Pass() if Pass() in legal else legal[-1])
    return s


@pytest.mark.rule("8.flying", "3.2.2")
@pytest.mark.ruling("R-8.flying-army")
def test_a_flying_commander_with_a_grant_to_cross_still_leads_a_flying_army() -> None:
    # Pegasus: flying; locked: Pegasus may attack over closed roads
    # Hoplite Phalanx: a troop that does not fly
    s, me, other = game("Zeus (high god)", auto_pass=False)
    s, pegasus = put_leader(s, me, "Pegasus")
    s, phalanx = to_hand(s, me, "Hoplite Phalanx")
    s = set_player(s, me, spheres=FULL)
    s, line = put_people(s, other, "Line", 0, 0)
    s, _ = put_people(s, other, "Athenians", 1, 0)  # closes the Line's east road
    s = act(act(to_combat(s), DeclareFight(FightKind.BATTLE)), Attack(line, Edge.EAST))
    s = act(s, Designate(pegasus))
    fight = s.game.fight
    assert fight is not None and fight.flying
    s = my_move(_to_rounds(s), me)
    with pytest.raises(mc.IllegalActionError, match="its troops must fly"):
        act(s, SummonTroop(phalanx, pegasus))


# --- 2.2: a base level lowered below 1, whatever lowered it ----------------------------------

LEADEN_RING = fx.card("Leaden Ring", CardType.ITEM, level=-3, level_modifier=True, cursed=True)
"""A cursed -3 item: it may go onto an enemy leader (2.4) and lowers its base level (2.2)."""
RING_RULESET = MitoszRuleset(pool={**fx.POOL, LEADEN_RING.key: LEADEN_RING})


@pytest.mark.rule("2.2", "2.4")
@pytest.mark.ruling("R-2.2")
def test_an_attached_minus_card_sends_a_leader_below_one_to_the_underworld() -> None:
    s = fx.build(
        fx.sky(hand=("Leaden Ring",), spheres=FULL),
        fx.sea(leaders=(Leader("Cheap"),)),  # level 2
        ruleset=RING_RULESET,
    )
    me, other = 0, 1
    cheap, ring = the(s, "Cheap", other), the(s, "Leaden Ring")
    s = lay_underworld(play(s, Summon(ring, cheap)))
    assert s.game.players[other].leaders == ()
    assert cheap in s.game.players[other].underworld
    assert ring in s.game.players[me].underworld  # its owner's (1.4.2)


@pytest.mark.rule("2.2", "4.2.5", "5.10")
@pytest.mark.ruling("R-2.2")
def test_a_lasting_effect_with_a_marker_sends_a_leader_below_one_to_the_underworld() -> None:
    # Doom: a fate, enemy leaders -1 for 2 rounds; the Cheap: level 2, a -1 marker
    s = fx.build(
        fx.sky(leaders=(Leader("Sky Leader"),), hand=("Doom",)),
        fx.sea(leaders=(Leader("Cheap"), Leader("Pricey"))),
        markers=(MarkerAt(1, "Cheap", level=-1),),
    )
    other = 1
    cheap, pricey = the(s, "Cheap", other), the(s, "Pricey", other)
    assert [x.card for x in s.game.players[other].leaders] == [cheap, pricey]  # base 1: stays
    s = lay_underworld(fx.settle_counter(act(s, PlayFate(the(s, "Doom")))))
    assert [x.card for x in s.game.players[other].leaders] == [pricey]
    assert cheap in s.game.players[other].underworld


@pytest.mark.rule("2.2", "3.6", "4.2.6")
@pytest.mark.ruling("R-2.2")
def test_an_always_on_intrigue_sends_a_leader_below_one_to_the_underworld() -> None:
    # Curse of the Tomb: locked, enemy leaders -1; Imhotep: level 1
    s, me, other = game("Ra (high god)")
    s, imhotep = put_leader(s, other, "Imhotep")
    s, curse = to_hand(s, me, "Curse of the Tomb")
    s = set_player(s, me, spheres=FULL)
    s = lay_underworld(play(s, Summon(curse)))
    assert imhotep in s.game.players[other].underworld
    assert s.game.players[other].leaders == ()


LEADEN_EDICT = fx.card(
    "Leaden Edict",
    CardType.INTRIGUE,
    cost=(0, 1, 0, 0),
    maneuvers=(
        Maneuver(
            "Edict",
            SetLevel(Every(Cards(types=(CardType.LEADER,), side=Side.ENEMY)), 0),
            locked=True,
        ),
    ),
)
"""An always-on intrigue (locked): enemy leaders' level is 0."""
EDICT_RULESET = MitoszRuleset(pool={**fx.POOL, LEADEN_EDICT.key: LEADEN_EDICT})


def _edict_played() -> tuple[S, int, int]:
    """The Leaden Edict played against the other player's Cheap and Pricey (both set to
    level 0), with the ids of those two leaders."""
    s = fx.build(
        fx.sky(hand=("Leaden Edict",), spheres=FULL),
        fx.sea(leaders=(Leader("Cheap"), Leader("Pricey"))),
        ruleset=EDICT_RULESET,
    )
    cheap, pricey = the(s, "Cheap", 1), the(s, "Pricey", 1)
    return play(s, Summon(the(s, "Leaden Edict"))), cheap, pricey


@pytest.mark.rule("2.2", "4.2.6")
@pytest.mark.ruling("R-2.2")
def test_a_lasting_set_level_below_one_sends_a_leader_to_the_underworld() -> None:
    # 2.2: "Ha egy permanens lap vagy hadtáp alapszintje 1 alá csökken, az a túlvilágba
    # kerül" (a permanent or troop whose base level falls below 1 goes to the
    # underworld): a level set to 0 (a test card: the sets' set levels are 1 or more)
    s, cheap, pricey = _edict_played()
    other = 1
    s = lay_underworld(s)
    assert s.game.players[other].leaders == ()
    assert {cheap, pricey} <= set(s.game.players[other].underworld)


@pytest.mark.rule("2.2", "1.4.2")
@pytest.mark.ruling("R-2.2", "R-1.4.2-order")
def test_leaders_one_check_sends_below_one_go_at_once_in_the_order_their_player_chooses() -> None:
    # 2.2 sends both leaders away in one state-based check; 1.4.2: "Ha egyszerre több
    # lap kerülne a túlvilágba, a játékosuk dönti el a sorrendet" (when several cards
    # would go to the underworld at once, their player decides the order)
    s, cheap, pricey = _edict_played()
    other = 1
    assert s.phase == "forced.underworld_order" and s.to_act == other
    assert set(mc.legal_actions(s)) == {ToUnderworld(cheap), ToUnderworld(pricey)}
    s = lay_underworld(s, [pricey])
    assert s.game.players[other].underworld[-2:] == (pricey, cheap)


# --- 2.4: a cursed card may be attached to an enemy card, whatever kind of attachment -------

HAUNTED_RUINS = fx.card("Haunted Ruins", CardType.LOCATION, level=1, cursed=True, cost=(1, 0, 0, 0))
"""A cursed location (not a building)."""
NIGHTMARE = fx.card("Nightmare", CardType.LEADER, subtypes=(Subtype.MOUNT,), level=1, cursed=True)
PONY = fx.card("Pony", CardType.LEADER, subtypes=(Subtype.MOUNT,), level=1)
CURSED_RULESET = MitoszRuleset(
    pool={**fx.ATTACHMENT_POOL, **{c.key: c for c in (HAUNTED_RUINS, NIGHTMARE, PONY)}}
)


@pytest.mark.rule("2.4", "3.3", "8.region", "8.building")
def test_a_cursed_location_or_building_goes_onto_an_enemy_people_or_region() -> None:
    # Dark Tower: a cursed building; Vale: a region; Market, Mill: a location, a building
    s = fx.build(
        fx.sky(hand=("Haunted Ruins", "Dark Tower", "Market", "Mill"), spheres=FULL),
        fx.sea(empire=(People("Cross", 10, 10), People("Line", 0, 0, location="Vale"))),
        ruleset=CURSED_RULESET,
    )
    me, other = 0, 1
    cross, vale = the(s, "Cross", other), the(s, "Vale", other)
    ruins, tower = the(s, "Haunted Ruins"), the(s, "Dark Tower")
    market, mill = the(s, "Market"), the(s, "Mill")
    legal = mc.legal_actions(s)
    assert Summon(ruins, cross) in legal and Summon(tower, vale) in legal
    assert Summon(market, cross) not in legal and Summon(mill, vale) not in legal
    with pytest.raises(mc.IllegalActionError, match=r"not a people of your empire \(3.3\)"):
        act(s, Summon(market, cross))
    with pytest.raises(mc.IllegalActionError, match=r"not a region of your empire"):
        act(s, Summon(mill, vale))
    s = play(play(s, Summon(ruins, cross)), Summon(tower, vale))
    cross_slot, line_slot = s.game.players[other].empire
    assert fx.location(s.game, cross_slot.card) == ruins
    assert fx.building(s.game, line_slot.card) == tower
    assert s.game.owner(ruins) == me and s.game.owner(tower) == me  # still mine (G1)
    assert controller(s.game, ruins) == other  # on the side of the card it is attached to


@pytest.mark.rule("2.4", "8.mount")
def test_a_cursed_mount_goes_onto_an_enemy_leader() -> None:
    s = fx.build(
        fx.sky(leaders=(Leader("Nightmare"), Leader("Pony"))),
        fx.sea(leaders=(Leader("Cheap"),)),
        ruleset=CURSED_RULESET,
    )
    other = 1
    nightmare, pony, cheap = the(s, "Nightmare"), the(s, "Pony"), the(s, "Cheap", other)
    legal = mc.legal_actions(s)
    assert AttachMount(nightmare, cheap) in legal
    assert AttachMount(pony, cheap) not in legal
    with pytest.raises(mc.IllegalActionError, match=r"not another leader in your leader row"):
        act(s, AttachMount(pony, cheap))
    s = play(s, AttachMount(nightmare, cheap))
    assert fx.row_items(s.game, other) == (nightmare,)
    assert host_of(s.game, nightmare) == cheap


# --- 2.4 with 8.rune: a card a cursed rune curses cannot be sacrificed -----------------------

SACRIFICE_RULESET = MitoszRuleset(
    pool=fx.card_pool("base", "maneuvers", "attachments", "card_edges")
)


def _hexed(s: S, *cards: int) -> S:
    """A Hex Rune (cursed, 8.rune) on each of ``cards``, from player 0's hand."""
    runes = [c for c in s.game.players[0].hand if s.game.card(c).key == "Hex Rune"]
    rest = tuple(c for c in s.game.players[0].hand if c not in runes[: len(cards)])
    s = set_player(s, 0, hand=rest)
    hexed = tuple(fx.rune(r, c) for r, c in zip(runes, cards, strict=False))
    return fx.attached(s, *hexed)


@pytest.mark.rule("2.4", "8.rune", "6.3.4")
def test_a_leader_cursed_by_a_rune_cannot_be_sacrificed_to_summon() -> None:
    # Sky Tyrant: summoned by sacrificing an own leader (6.3.4)
    mine = fx.sky(
        spheres=FULL,
        empire=fx.CROSS,
        leaders=(Leader("Cheap"), Leader("Hero")),
        hand=("Sky Tyrant", "Hex Rune"),
    )
    s = fx.build(mine, fx.sea(), ruleset=SACRIFICE_RULESET)
    tyrant, cheap, hero = the(s, "Sky Tyrant"), the(s, "Cheap"), the(s, "Hero")
    s = _hexed(s, hero)
    sacrificed = {a.pay_with for a in mc.legal_actions(s) if isinstance(a, Summon)}
    assert cheap in sacrificed and hero not in sacrificed
    with pytest.raises(mc.IllegalActionError, match=r"cursed and cannot be sacrificed \(2\.4\)"):
        act(s, Summon(tyrant, None, None, hero))


@pytest.mark.rule("2.4", "8.rune", "3.4.2")
@pytest.mark.ruling("R-3.4.2-cursed")
def test_a_cursed_leader_is_not_sacrificed_to_the_leader_row_limit() -> None:
    # no people: a row of 2 at most (3.4.2); three leaders, cursed by Hex Runes
    row = (Leader("Cheap"), Leader("Hero"))
    hand = ("Hex Rune", "Hex Rune", "Hex Rune", "Pricey")
    s = fx.build(fx.sky(leaders=row, hand=hand), fx.sea(), ruleset=SACRIFICE_RULESET)
    cheap, hero, pricey = the(s, "Cheap"), the(s, "Hero"), the(s, "Pricey")
    p = s.game.players[0]
    s = set_player(
        s,
        0,
        leaders=(*p.leaders, LeaderSlot(pricey)),
        hand=tuple(c for c in p.hand if c != pricey),
    )
    one = fx.refresh(_hexed(s, cheap, hero))
    assert {a for a in mc.legal_actions(one) if isinstance(a, SacrificeLeader)} == {
        SacrificeLeader(pricey)
    }
    with pytest.raises(mc.IllegalActionError, match=r"cursed and cannot be sacrificed"):
        act(one, SacrificeLeader(cheap))
    every = fx.refresh(_hexed(s, cheap, hero, pricey))  # none can go: the row stays
    assert not any(isinstance(a, SacrificeLeader) for a in mc.legal_actions(every))
    assert len(every.game.players[0].leaders) == 3
    # a state the validator accepts (as a position: the edits above are no decisions)
    arranged = mc.arrange(every, SACRIFICE_RULESET)
    assert mc.State.from_json(arranged.to_json()) == arranged


@pytest.mark.rule("2.4", "8.rune", "3.4.2")
@pytest.mark.ruling("R-3.4.2-cursed")
def test_a_row_over_its_limit_owes_no_more_sacrifices_than_it_has_uncursed_leaders() -> None:
    # 3.4.2 "fel kell áldoznunk annyi vezért, hogy ismét e limiten belül kerüljünk" (we
    # must sacrifice as many leaders as bring us back within the limit); a cursed one
    # cannot be sacrificed (2.4). No people: a row of 2 at most; four leaders, three of
    # them cursed by Hex Runes: two above the limit, one sacrifice owed.
    row = (Leader("Cheap"), Leader("Hero"))
    hand = ("Hex Rune", "Hex Rune", "Hex Rune", "Pricey", "Devotee")
    s = fx.build(fx.sky(leaders=row, hand=hand), fx.sea(), ruleset=SACRIFICE_RULESET)
    cheap, hero, pricey, devotee = (the(s, k) for k in ("Cheap", "Hero", "Pricey", "Devotee"))
    p = s.game.players[0]
    s = set_player(
        s,
        0,
        leaders=(*p.leaders, LeaderSlot(pricey), LeaderSlot(devotee)),
        hand=tuple(c for c in p.hand if c not in (pricey, devotee)),
    )
    s = fx.refresh(_hexed(s, cheap, hero, pricey))
    assert over_limit(s.game, 0) == 1
    assert {a for a in mc.legal_actions(s) if isinstance(a, SacrificeLeader)} == {
        SacrificeLeader(devotee)
    }
    s = act(s, SacrificeLeader(devotee))
    assert over_limit(s.game, 0) == 0 and not s.phase.startswith("forced")
    assert [x.card for x in s.game.players[0].leaders] == [cheap, hero, pricey]


CURSE_RUNE = fx.card("Curse Rune", CardType.MANEUVER, subtypes=(Subtype.RUNE,), cursed=True)


@pytest.mark.rule("2.4", "8.rune", "7.4.10.2")
def test_a_commander_cursed_by_a_rune_is_not_sacrificed_to_save_its_people() -> None:
    s, me, other = ff.arena()
    s, captain = put_leader(s, me, "Captain")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s, hoplites = to_hand(s, me, "Hoplites")
    s = ff.designate(ff.battle(s, hills, Edge.WEST, captain), guardian)
    s = ff.pass_rounds(act(s, SummonTroop(hoplites, captain, free=True)))
    assert s.phase == "turn.combat.battle.result"
    assert SacrificeCommander(guardian) in mc.legal_actions(s)
    s, rune = inject(s, me, CURSE_RUNE)  # a cursed rune on the Guardian curses it (8.rune)
    s = fx.attached(s, fx.rune(rune, guardian))
    s = set_player(s, me, underworld=s.game.players[me].underworld[:-1])
    assert mc.legal_actions(s) == (Pass(),)
    with pytest.raises(mc.IllegalActionError, match=r"cursed and cannot be sacrificed"):
        act(s, SacrificeCommander(guardian))
