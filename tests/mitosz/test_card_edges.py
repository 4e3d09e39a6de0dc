"""Rules fidelity at the edges of the card rules that the scenario tests left untried
(found by mutation testing, ``tools/mutation.py``): adjacency of peoples and the level of
their roads (3.2.1, 3.3, 5.5, 8.region), which cards a permission or a lasting effect
names (1.5.3, 5.12, 5.17), power markers (5.10), the enemy deck a reveal looks at and the
card a peek finds (4.2.3), the summonings offered for cards linked to the high god or to
their people (3.1, 8.region), a high god's maneuvers (4.5), ties settled through earlier
ties (5.9), and where a stolen item or location goes (5.2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Choose, Summon, UseManeuver
from mitosz_core.games.mitosz.cards import CardType, Mythos
from mitosz_core.games.mitosz.effects.language import (
    Cards,
    ChangeLevel,
    Chosen,
    Every,
    Immunity,
    MakeImmune,
    NeutralizeAbility,
    Permission,
    PlayerPermission,
    Side,
    Steal,
)
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import remove_to_underworld
from mitosz_core.games.mitosz.rules.empire import adjacent
from mitosz_core.games.mitosz.rules.levels import level, power, road_level_now
from mitosz_core.games.mitosz.rules.precedence import settle_ties
from mitosz_core.games.mitosz.rules.selection import matching
from mitosz_core.games.mitosz.rules.stealing import answer_attach, steal
from mitosz_core.games.mitosz.rules.summoning import FREE, summon_cost
from mitosz_core.games.mitosz.state import CardId, PeopleSlot, Tiebreak, Todo
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.games.mitosz.terms import Sphere
from mitosz_core.games.mitosz.wiring import apply_todo
from mitosz_core.mitosz import Leader, MarkerAt, People
from mitosz_core.mitosz import Side as PlayerSide
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import CROSS, build, play, sea, sky, the
from tests.mitosz.test_ch8_attachments import add_building


def _people(s: S, player: int, card: CardId) -> PeopleSlot:
    (slot,) = (x for x in s.game.players[player].empire if x.card == card)
    return slot


def _roads(s: S, player: int, card: CardId) -> list[int]:
    """The level of each road of ``player``'s people ``card`` as the rules use it."""
    slot = _people(s, player, card)
    return [road_level_now(s.game, player, slot, r) for r in s.game.card(card).roads]


def _printed_roads(s: S, card: CardId) -> list[int]:
    return [r.level for r in s.game.card(card).roads]


# --- 3.2.1: peoples touching by a side or a corner ---------------------------------------------


@pytest.mark.rule("3.2.1")
def test_peoples_are_adjacent_by_a_side_or_a_corner_anywhere_on_the_grid() -> None:
    # a column of three away from the origin, and one beside the middle one
    empire = (
        People("Cross", 0, 1),
        People("Cross", 0, 2),
        People("Cross", 0, 3),
        People("Line", -1, 2),
    )
    s = build(sky(empire=empire), sea())
    low, middle, high, side = s.game.players[0].empire

    def touching(slot: PeopleSlot) -> set[CardId]:
        return {x.card for x in adjacent(s.game, 0, slot)}

    assert touching(low) == {middle.card, side.card}  # a side, a corner
    assert touching(middle) == {low.card, high.card, side.card}
    assert touching(high) == {middle.card, side.card}
    assert touching(side) == {low.card, middle.card, high.card}


# --- 3.2.1, 3.3, 5.5, 8.region: the level of a people's roads ----------------------------------


@pytest.mark.rule("3.2.1", "3.2.2")
def test_a_lasting_level_change_of_a_people_goes_to_every_road() -> None:
    # "Ha egy nép szintet kap, azt minden útjához hozzá kell adni": a lasting +2, then a
    # lasting -1, on Cross, each seen on every road as the rules read them
    s = build(sky(empire=CROSS), sea(empire=CROSS))
    cross = the(s, "Cross")
    printed = _printed_roads(s, cross)
    assert _roads(s, 0, cross) == printed
    s = fx.lasting(s, ChangeLevel(Every(Cards()), 2), 1, the(s, "Sea God", 1), cross)
    assert _roads(s, 0, cross) == [r + 2 for r in printed]
    s = fx.lasting(s, ChangeLevel(Every(Cards()), -1), 1, the(s, "Sea God", 1), cross)
    assert _roads(s, 0, cross) == [r + 2 - 1 for r in printed]
    # the other player's Cross is not changed
    assert _roads(s, 1, the(s, "Cross", 1)) == printed


@pytest.mark.rule("3.3", "5.5", "8.region", "8.building")
@pytest.mark.ruling("R-5.5-level")
def test_a_neutralised_location_gives_its_roads_nothing_but_its_building_still_does() -> None:
    # my Cross (hellenic) with Vale (a hellenic region, level 1) and on it the Forge (a
    # celtic building, level 2), my high god the Sky (hellenic): Vale gives 1 + 1 (5.8),
    # the Forge 2 "as if attached to the people" (8.region)
    mine = sky(empire=(People("Cross", 0, 0, location="Vale"),), hand=("Forge",))
    s = build(mine, sea(empire=CROSS), ruleset=fx.ATTACHMENT_RULESET)
    me, other = 0, 1
    cross, vale = the(s, "Cross"), the(s, "Vale")
    s, forge = add_building(s, me, "Forge", vale)
    printed = _printed_roads(s, cross)
    assert _roads(s, me, cross) == [r + (1 + 1) + 2 for r in printed]
    silence = NeutralizeAbility(Every(Cards()))
    source = the(s, "Sea God", other)
    # 5.5: "a lap nem adja szintjét": the neutralised region gives no level, the building
    # on it keeps giving its own
    quiet_vale = fx.lasting(s, silence, other, source, vale)
    assert _roads(quiet_vale, me, cross) == [r + 2 for r in printed]
    quiet_forge = fx.lasting(s, silence, other, source, forge)
    assert _roads(quiet_forge, me, cross) == [r + (1 + 1) for r in printed]


# --- 1.5.3, 5.17: cards in hand named by the printed data ----------------------------------------


def _free_for(s: S, player: int, cards: Cards) -> S:
    """``s`` with a lasting permission of ``player``: summon the cards ``cards`` names free
    (1.5.3)."""
    permission = PlayerPermission(Permission.SUMMON_FREE, cards)
    return fx.lasting(s, permission, player, s.game.players[player].high_god, None)


@pytest.mark.rule("1.5.3", "5.17", "G2")
def test_a_free_summoning_names_cards_in_hand_by_type_subtype_mythos_and_magic() -> None:
    hand = ("King", "Pricey", "Cheap", "Axe", "Sword", "Plate", "Cursed Ring")
    s = build(sky(empire=CROSS, hand=hand), sea(), ruleset=fx.RULESET)
    me = 0
    cards = {key: the(s, key) for key in hand}
    assert all(s.game.card(c).cost != FREE for c in cards.values())

    def free(rule: Cards) -> set[str]:
        t = _free_for(s, me, rule)
        found = {key for key, c in cards.items() if summon_cost(t, me, c) == FREE}
        # the others keep their printed cost ("nem kell érte szférapontot levonni" only
        # for what the permission names)
        for key in set(hand) - found:
            assert summon_cost(t, me, cards[key]) == t.game.card(cards[key]).cost
        return found

    assert free(Cards()) == set(hand)  # nothing narrows it
    # celtic leaders: not the hellenic Cheap, nor the celtic Axe (an item)
    celtic_leaders = Cards(types=(CardType.LEADER,), mythos=(Mythos.CELTIC,))
    assert free(celtic_leaders) == {"King", "Pricey"}
    assert free(Cards(mythos=(Mythos.HELLENIC,))) == {"Cheap", "Sword", "Plate", "Cursed Ring"}
    assert free(Cards(subtypes=(Subtype.WEAPON,))) == {"Axe", "Sword"}  # not the armour
    assert free(Cards(types=(CardType.ITEM,), magical=True)) == {"Cursed Ring"}
    assert free(Cards(types=(CardType.ITEM,), magical=False)) == {"Axe", "Sword", "Plate"}
    # a permission of another kind gives no free summoning, nor does another player's
    for permission, player in ((Permission.WITHOUT_SUMMONING, me), (Permission.SUMMON_FREE, 1)):
        t = fx.lasting(s, PlayerPermission(permission, Cards()), player, None, None)
        assert {key for key, c in cards.items() if summon_cost(t, me, c) == FREE} == set()
    # and the summoning itself pays nothing: with no sphere points left, the King is
    # summoned free
    broke = fx.set_player(_free_for(s, me, Cards()), me, spheres=(0, 0, 0, 0))
    assert mc.is_legal(broke, Summon(cards["King"]))
    assert not mc.is_legal(fx.set_player(s, me, spheres=(0, 0, 0, 0)), Summon(cards["King"]))


@pytest.mark.rule("5.17", "3.1", "3.4.1")
def test_a_selector_names_board_cards_by_the_high_god_type_mythos_magic_and_turned_state() -> None:
    # 5.17 "Ha egy kitétel több lapra is igaz, úgy a hatás az összes ilyen lapra hat" (if
    # a condition is true of several cards, the effect acts on all of them): on those
    # only. 3.1: the high god is reached only by a card that names it.
    # King: celtic, turned; Cheap: hellenic, with the Sword and the (magical) Cursed Ring
    mine = sky(
        empire=CROSS,
        leaders=(Leader("King", turned=True), Leader("Cheap", items=("Sword", "Cursed Ring"))),
    )
    s = build(mine, sea(), ruleset=fx.RULESET)
    me = 0
    king, cheap = the(s, "King"), the(s, "Cheap")
    sword, ring = the(s, "Sword"), the(s, "Cursed Ring")
    gods = tuple(p.high_god for p in s.game.players)

    def reached(**rule: object) -> tuple[CardId, ...]:
        return matching(s.game, me, Cards(**rule), None)  # type: ignore[arg-type]

    assert reached(types=(CardType.HIGH_GOD,)) == gods
    assert not set(gods) & set(reached(types=(CardType.LEADER, CardType.ITEM)))
    assert reached(types=(CardType.LEADER,), mythos=(Mythos.CELTIC,)) == (king,)
    assert reached(types=(CardType.LEADER,), mythos=(Mythos.HELLENIC,)) == (cheap,)
    assert reached(types=(CardType.ITEM,), magical=True) == (ring,)
    assert reached(types=(CardType.ITEM,), magical=False) == (sword,)
    assert reached(types=(CardType.LEADER,), turned=True) == (king,)
    assert reached(types=(CardType.LEADER,), turned=False) == (cheap,)


@pytest.mark.rule("5.17", "4.5", "3.4.1")
@pytest.mark.ruling("R-5.17-turned")
def test_a_selector_of_the_turned_state_takes_leaders_only() -> None:
    # 4.5 "Főisten, helyszín, nép, intrika és tárgy nem fordul el" (the high god,
    # locations, peoples, intrigues and items do not turn): they have no turned state,
    # so a selector naming one (turned or not) takes neither them nor the Sword and
    # Cursed Ring, only the leaders in their rows
    mine = sky(
        empire=CROSS,
        leaders=(Leader("King", turned=True), Leader("Cheap", items=("Sword", "Cursed Ring"))),
        intrigues=("Banner",),
    )
    s = build(mine, sea(empire=CROSS), ruleset=fx.RULESET)
    me = 0
    king, cheap = the(s, "King"), the(s, "Cheap")

    def reached(**rule: object) -> tuple[CardId, ...]:
        return matching(s.game, me, Cards(**rule), None)  # type: ignore[arg-type]

    assert reached(turned=False) == (cheap,)
    assert reached(turned=True) == (king,)
    assert reached(types=(CardType.ITEM,), turned=False) == ()
    assert reached(types=(CardType.ITEM,)) == (the(s, "Sword"), the(s, "Cursed Ring"))
    assert {king, cheap, the(s, "Banner")} <= set(reached(side=Side.OWN))  # no state asked


# --- 1.1.1, 5.10: power markers count for the card they are on ----------------------------------


@pytest.mark.rule("1.1.1", "5.10")
def test_a_power_marker_counts_for_the_player_of_the_card_it_is_on_only() -> None:
    # my Cross (power 2) and Cheap (1) with a +2 power marker on the Cross; the other
    # player's Cross (2) with a -1 power marker: "A jelző csak akkor fejti ki hatását egy
    # lapra, ha rajta van"
    mine = sky(empire=CROSS, leaders=(Leader("Cheap"),))
    markers = (MarkerAt(0, "Cross", power=2), MarkerAt(1, "Cross", power=-1))
    s = build(mine, sea(empire=CROSS), markers=markers)
    assert (power(s.game, 0), power(s.game, 1)) == (2 + 1 + 2, 2 - 1)


# --- 5.17: the reach of a lasting effect read against its user ----------------------------------


@pytest.mark.rule("5.17")
def test_a_lasting_effects_reach_leaves_out_its_user_or_reads_levels_below_it() -> None:
    # two lasting effects of the King (level 3): every own leader but the user +1, and
    # every enemy leader below the user's level -1
    mine = sky(empire=CROSS, leaders=(Leader("Cheap"), Leader("Hero")))
    s = build(mine, sea(empire=CROSS, leaders=(Leader("King"), Leader("Seer"))))
    other = 1
    cheap, hero = the(s, "Cheap"), the(s, "Hero")
    king, seer = the(s, "King", other), the(s, "Seer", other)
    levels = {c: level(s.game, c) for c in (cheap, hero, king, seer)}
    assert levels == {cheap: 2, hero: 3, king: 3, seer: 2}
    others = Cards(types=(CardType.LEADER,), side=Side.OWN, not_user=True)
    s = fx.lasting(s, ChangeLevel(Every(others), 1), other, king, None)
    assert level(s.game, king) == 3 and level(s.game, seer) == 2 + 1
    below = Cards(types=(CardType.LEADER,), side=Side.ENEMY, below_user=True)
    s = fx.lasting(s, ChangeLevel(Every(below), -1), other, king, None)
    # Cheap (2) is below the King (3), the Hero (3) is not
    assert (level(s.game, cheap), level(s.game, hero)) == (2 - 1, 3)


@pytest.mark.rule("5.12", "5.14")
def test_a_card_immune_to_enemy_effects_is_not_reached_by_an_enemys_lasting_effect() -> None:
    # my Hero is immune to enemy effects; the other player's King lowers every leader
    # of its enemies by 1, and my own effect raises my leaders by 1
    mine = sky(empire=CROSS, leaders=(Leader("Hero"), Leader("Cheap")))
    s = build(mine, sea(empire=CROSS, leaders=(Leader("King"),)))
    me, other = 0, 1
    hero, cheap, king = the(s, "Hero"), the(s, "Cheap"), the(s, "King", other)
    s = fx.lasting(s, MakeImmune(Chosen(Cards()), Immunity.ENEMY), me, hero, hero)
    enemies = Cards(types=(CardType.LEADER,), side=Side.ENEMY)
    s = fx.lasting(s, ChangeLevel(Every(enemies), -1), other, king, None)
    assert (level(s.game, hero), level(s.game, cheap)) == (3, 2 - 1)
    own = Cards(types=(CardType.LEADER,), side=Side.OWN)
    s = fx.lasting(s, ChangeLevel(Every(own), 1), me, cheap, None)  # not an enemy's
    assert (level(s.game, hero), level(s.game, cheap)) == (3 + 1, 2 - 1 + 1)


# --- 4.2.3: the enemy deck a reveal looks at, the enemy hand a peek looks into ------------------

CARD_EDGE_RULESET = MitoszRuleset(
    pool=fx.card_pool("base", "maneuvers", "attachments", "card_edges")
)
"""The test cards with those of ``cards/card_edges.toml``: the Augur, whose maneuver
reveals an enemy card and targets a leader on any side, three cards linked to the Sky,
and the Twin god with two maneuvers."""


@pytest.mark.rule("4.2.3")
@pytest.mark.ruling("R-4.2.3-enemy")
def test_a_reveal_looks_at_the_targets_player_if_an_enemy_else_the_next_in_turn_order() -> None:
    # three players, in the turn order 0, 2, 1: the Augur reveals the top card of an
    # enemy deck ("Egy ellenséges pakli felső lapját"), which then goes to the bottom
    s = build(
        sky(leaders=(Leader("Augur"), Leader("Cheap"))),
        sea(leaders=(Leader("Cheap"),)),
        sky(leaders=(Leader("Cheap"),)),
        ruleset=CARD_EDGE_RULESET,
        order=(0, 2, 1),
    )
    augur = the(s, "Augur")
    decks = [p.deck for p in s.game.players]
    # the target's player when an enemy; for my own card, the next opponent in turn
    # order (player 2, not player 1)
    for target_owner, revealed in ((1, 1), (2, 2), (0, 2)):
        target = the(s, "Cheap", target_owner)
        after = play(s, UseManeuver(augur, 0, target))
        assert level(after.game, target) == 2 + 1  # the reveal held ("0+")
        top = decks[revealed][0]
        assert after.game.revealed == (top,)
        expected = list(decks)
        expected[revealed] = (*decks[revealed][1:], top)  # the same cards, the top under
        assert [p.deck for p in after.game.players] == expected


@pytest.mark.rule("4.2.3")
def test_the_card_a_peek_finds_does_not_depend_on_the_order_of_the_hand() -> None:
    # "Ellenfelünk kezéből véletlenszerűen megnézünk egy lapot": a random card of the
    # hand; the hand has no order a rule reads, so the same hand in another order, with
    # the same random draws, shows the same card; and the draw is used up
    def peeked(hand: tuple[str, ...], seed: int) -> str:
        s = build(sky(leaders=(Leader("Spy"),)), sea(hand=hand), seed=seed)
        after = fx.act(s, UseManeuver(the(s, "Spy"), 0))
        after = fx.pass_counter(after)
        assert after.game.peeked is not None and after.game.peeked[0] == 0
        assert after.rng != s.rng
        return after.game.card(after.game.peeked[1]).key

    seen = set()
    for seed in range(6):
        found = {
            peeked(hand, seed) for hand in (("Sword", "Axe", "Sword"), ("Axe", "Sword", "Sword"))
        }
        assert len(found) == 1, (seed, found)
        seen |= found
    assert seen == {"Sword", "Axe"}


# --- 3.1, 6.3.4, 8.region: the summonings offered, and what each pays ----------------------------


def _summonings(s: S) -> set[Summon]:
    offered = {a for a in mc.legal_actions(s) if isinstance(a, Summon)}
    for a in offered:  # each one offered is one the rules allow
        assert CARD_EDGE_RULESET.why_not(s, a) is None, a
    return offered


@pytest.mark.rule("3.1", "6.3.4", "3.5")
def test_a_card_linked_to_the_high_god_is_offered_each_substitution_its_player_can_pay() -> None:
    # "Ha a játékos egy lapja mitológiai kapcsolatban áll főistenével, idézésekor egy
    # szférapont egy másikkal helyettesíthető": three cards linked to the Sky, with 1
    # magic and 1 wealth to pay: the Devotee (2 wealth), the Sky Charm (an item, 1
    # wealth) and the Sky Tyrant (1 force, and an own leader sacrificed, 6.3.4)
    hand = ("Devotee", "Sky Charm", "Sky Tyrant")
    mine = sky(
        spheres=(1, 0, 1, 0), empire=CROSS, leaders=(Leader("Cheap"), Leader("Hero")), hand=hand
    )
    s = build(mine, sea(), ruleset=CARD_EDGE_RULESET)
    devotee, charm, tyrant = (the(s, key) for key in hand)
    leaders = (the(s, "Cheap"), the(s, "Hero"))
    magic, wealth, force = Sphere.MAGIC, Sphere.WEALTH, Sphere.FORCE
    assert _summonings(s) == {
        # 2 wealth cannot be paid; 1 wealth and 1 magic instead of the other can
        Summon(devotee, None, (wealth, magic)),
        # onto each of my leaders: paid as printed, or with the magic instead
        *(Summon(charm, leader) for leader in leaders),
        *(Summon(charm, leader, (wealth, magic)) for leader in leaders),
        # no force: magic or wealth instead, each with the leader it sacrifices
        *(
            Summon(tyrant, None, (force, instead), leader)
            for instead in (magic, wealth)
            for leader in leaders
        ),
    }


@pytest.mark.rule("8.region", "3.3")
def test_a_region_linked_to_a_people_is_offered_free_onto_that_people_only() -> None:
    # "Ha csatolt népével mitológiai kapcsolatban áll, ingyen idézhető": the Vale (1
    # influence) is linked to the Cross, not to the Line; no influence to pay with
    empire = (People("Cross", 0, 0), People("Line", 1, 0))
    s = build(
        sky(spheres=(3, 0, 3, 3), empire=empire, hand=("Vale",)), sea(), ruleset=CARD_EDGE_RULESET
    )
    vale = the(s, "Vale")
    cross = s.game.players[0].empire[0].card
    assert _summonings(s) == {Summon(vale, cross)}


@pytest.mark.rule("3.6", "3.4.2")
def test_an_intrigue_or_a_leader_is_summoned_onto_no_card() -> None:
    # an intrigue goes to its player's side, a leader to the leader row (3.4.2): neither
    # is attached to a card, so neither is offered or allowed onto one; the refusals
    # are compared whole
    mine = sky(empire=CROSS, leaders=(Leader("Hero"),), hand=("Banner", "Cheap"))
    s = build(mine, sea(empire=CROSS, leaders=(Leader("King"),)), ruleset=CARD_EDGE_RULESET)
    banner, cheap, hero = the(s, "Banner"), the(s, "Cheap"), the(s, "Hero")
    assert _summonings(s) == {Summon(banner), Summon(cheap)}
    refusals = {
        banner: "an intrigue takes no target (3.6)",
        cheap: "a leader takes no target; it goes to the leader row",
    }
    for card, refusal in refusals.items():
        for target in (hero, the(s, "Cross"), the(s, "King", 1)):
            assert CARD_EDGE_RULESET.why_not(s, Summon(card, target)) == refusal
            with pytest.raises(mc.IllegalActionError, match="takes no target"):
                fx.act(s, Summon(card, target))


# --- 4.5: a high god uses each of its maneuvers once a turn -------------------------------------


@pytest.mark.rule("4.5", "4.1")
def test_a_high_god_may_use_its_other_maneuver_but_not_the_same_one_again() -> None:
    # "Ez alól kivétel a főisten, melynek csak az adott kötött manővere nem alkalmazható
    # többször a körben": the Twin god has two maneuvers (each: draw a card)
    mine = PlayerSide("Twin God", empire=CROSS, deck=fx.FILLER)
    s = build(mine, sea(), ruleset=CARD_EDGE_RULESET)
    god = s.game.players[0].high_god
    morning, evening = UseManeuver(god, 0), UseManeuver(god, 1)

    def usable(t: S) -> set[mc.Action]:
        return {a for a in mc.legal_actions(t) if a in (morning, evening)}

    assert usable(s) == {morning, evening}
    s = play(s, morning)
    assert usable(s) == {evening}
    assert (
        CARD_EDGE_RULESET.why_not(s, morning) == "the high god used this maneuver this turn (4.5)"
    )
    s = play(s, evening)
    assert usable(s) == set()


# --- 5.9: a tie settled through a chain of earlier ties ---------------------------------------


@dataclass(frozen=True)
class _Source:
    """A conflicting effect as 5.9 ranks it: its key, source card and player."""

    key: str
    source: CardId | None
    player: int


@pytest.mark.rule("5.9")
@pytest.mark.ruling("R-5.9-transitive")
def test_a_tie_that_earlier_ties_decide_is_settled_without_a_reveal() -> None:
    # e1 beat e2, e2 beat e3 (both by reveals); e3 and e1 now conflict, with sources of
    # one rank: the order stays transitive, so e1 wins and no card is revealed
    s = fx.start()
    settled = (Tiebreak("e1", "e2", "e1"), Tiebreak("e3", "e2", "e2"))
    s = fx.set_game(s, tiebreaks=settled)
    decks = [p.deck for p in s.game.players]
    for first, second in (("e3", "e1"), ("e1", "e3")):
        group = (_Source(first, None, 1), _Source(second, None, 0))
        after = settle_ties(s, (group,))
        assert after.game.tiebreaks == (*settled, Tiebreak(first, second, "e1"))
        assert [p.deck for p in after.game.players] == decks  # nothing revealed
        assert after.game.revealed == s.game.revealed and after.rng == s.rng


# --- 5.2: a stolen item or location attached to the thief's chosen card ------------------------


def _thief_and_victim() -> S:
    """I (the thief) have two peoples without a location and the Hero and Cheap; the
    other player two peoples with a location each, and the King with the Sword."""
    mine = sky(
        empire=(People("Cross", 0, 0), People("Line", 1, 0)),
        leaders=(Leader("Hero"), Leader("Cheap")),
    )
    theirs = sea(
        empire=(People("Cross", 0, 0, location="Market"), People("Line", 1, 0, location="Tower")),
        leaders=(Leader("King", items=("Sword",)),),
    )
    return build(mine, theirs)


@pytest.mark.rule("5.2", "3.3")
@pytest.mark.ruling("R-5.2")
def test_a_stolen_location_goes_only_onto_the_people_its_thief_chooses() -> None:
    s = _thief_and_victim()
    me, other = 0, 1
    market, tower = the(s, "Market", other), the(s, "Tower", other)
    line = s.game.players[me].empire[1].card  # my Line
    s = steal(s, me, market)
    s = answer_attach(s, Choose(line))
    # the Market left the other player's Cross; their Line keeps the Tower
    assert [fx.location(s.game, e.card) for e in s.game.players[other].empire] == [None, tower]
    # it went onto my Line only: my Cross has still no location
    assert [fx.location(s.game, e.card) for e in s.game.players[me].empire] == [None, market]


@pytest.mark.rule("5.2", "3.5")
@pytest.mark.ruling("R-5.2")
def test_a_stolen_item_whose_chosen_leader_or_itself_left_meanwhile_is_not_moved() -> None:
    # the thief's answer comes when the card it chose can no longer take the item: the
    # item is not moved (it cannot go onto a card that is not the thief's leader, 3.5)
    s = _thief_and_victim()
    me, other = 0, 1
    sword, hero = the(s, "Sword", other), the(s, "Hero")
    s = steal(s, me, sword)
    gone = remove_to_underworld(s, hero)
    after = answer_attach(gone, Choose(hero))
    assert after.game.choice is None
    assert after.game.players == gone.game.players
    assert [fx.items(after.game, x.card) for x in after.game.players[other].leaders] == [(sword,)]
    # 5.2 "Ha a lap a túlvilágba kerül, a hatás megszűnik": the Sword itself went to the
    # underworld meanwhile; the answer moves nothing
    gone = remove_to_underworld(s, sword)
    after = answer_attach(gone, Choose(hero))
    assert after.game.players == gone.game.players
    assert sword in after.game.players[other].underworld


@pytest.mark.rule("5.2", "3.5")
@pytest.mark.ruling("R-5.2")
def test_a_stolen_item_already_on_the_thiefs_side_is_not_moved_between_leaders() -> None:
    # meanwhile the thief took the King itself, with the Sword (5.2): the Sword is the
    # thief's already, and items on the board are not moved between leaders (3.5)
    s = _thief_and_victim()
    me, other = 0, 1
    sword, king, hero = the(s, "Sword", other), the(s, "King", other), the(s, "Hero")
    s = steal(s, me, sword)
    s = steal(s, me, king)
    after = answer_attach(s, Choose(hero))
    assert after.game.players == s.game.players
    (taken,) = (x for x in after.game.players[me].leaders if x.card == king)
    assert fx.items(after.game, taken.card) == (sword,)


@pytest.mark.rule("5.2", "5.17")
@pytest.mark.ruling("R-5.2")
def test_a_steal_of_every_enemy_item_attaches_each_of_them() -> None:
    # 5.17: the effect acts on every card it names; each stolen item goes onto a leader
    # of the thief's, who chooses it (5.2). The choices come one at a time: the next
    # item is stolen once the thief has placed the one before (the counter round's
    # resolve step does the queued effects one by one, each after the choice before)
    mine = sky(empire=CROSS, leaders=(Leader("Hero"),))
    king = Leader("King", items=("Sword", "Plate", "Horn"))  # three: each one is asked
    s = build(mine, sea(empire=CROSS, leaders=(king,)))
    me, other = 0, 1
    sword, plate, horn = the(s, "Sword", other), the(s, "Plate", other), the(s, "Horn", other)
    every_item = Steal(Every(Cards(types=(CardType.ITEM,), side=Side.ENEMY)))
    s = apply_todo(s, Todo(every_item, me, the(s, "Hero"), None))
    hero = the(s, "Hero")
    asked = []
    while s.game.choice is not None or s.game.todo:
        if s.game.choice is not None:
            source = s.game.choice.source
            assert source is not None
            asked.append(source)
            s = answer_attach(s, Choose(hero))
        else:
            todo, rest = s.game.todo[0], s.game.todo[1:]
            s = apply_todo(s.evolve(game=replace(s.game, todo=rest)), todo)
    assert sorted(asked) == sorted((sword, plate, horn))
    (row,) = s.game.players[other].leaders
    assert fx.items(s.game, row.card) == ()
    (taker,) = (x for x in s.game.players[me].leaders if x.card == hero)
    assert set(fx.items(s.game, taker.card)) == {sword, plate, horn}
