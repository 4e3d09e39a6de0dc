"""Rules fidelity at the edges of single rule functions that the scenario tests left
untried (found by mutation testing, ``tools/mutation.py``): the order of sources and
transitive ties (5.9), what a steal does and does not move (5.2), a troop or monster
resolving into its line (6.3.6, 7.3.4, 8.monster), the sacrifices offered for an item or
a potion (3.5, 8.potion), and attaching runes and buildings (8.rune, 8.region).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    Pass,
    SacrificeItem,
    SummonTroop,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import ChangeLevel, Neutralize
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import (
    controller,
    is_magical,
    leader_slot,
    remove_to_underworld,
)
from mitosz_core.games.mitosz.rules.fights.army import resolve_troop
from mitosz_core.games.mitosz.rules.fights.core import ATTACK
from mitosz_core.games.mitosz.rules.keywords.rune import AttachRune
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.rules.precedence import _implied, rank
from mitosz_core.games.mitosz.rules.stealing import steal
from mitosz_core.games.mitosz.state import (
    LeaderSlot,
    LineName,
    PlayPending,
    Tiebreak,
    Todo,
    Troop,
    TroopMode,
)
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.games.mitosz.wiring import apply_todo
from mitosz_core.mitosz import Leader, People
from tests.mitosz import fight_fixtures as ff
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import E, battle, designate
from tests.mitosz.fixtures import CROSS, build, refresh, sea, sky, the
from tests.mitosz.test_ch8_attachments import add_building
from tests.properties.cardgen import inject

# --- 5.9: the order of sources, and ties settled through a chain ------------------------------

BOOK_ORDER = (
    CardType.HIGH_GOD,
    CardType.FATE,
    CardType.LEADER,
    CardType.INTRIGUE,
    CardType.PEOPLE,
    CardType.LOCATION,
    CardType.TROOP,
    CardType.ITEM,
)
"""5.9 as the rulebook lists it: Főisten, Fátum, Vezér, Intrika, Nép, Helyszín, Hadtáp,
Tárgy."""


@pytest.mark.rule("5.9")
def test_sources_rank_by_the_books_card_types_then_magic() -> None:
    s = fx.start()
    ranked = []  # strongest first: each type magical, then not (5.9 "a mágikus erősebb")
    for kind in BOOK_ORDER:
        for magical in (True, False):
            s, cid = inject(s, 0, fx.card(f"{kind.name} {magical}", kind, magical=magical))
            ranked.append(cid)
    # a maneuver ranks by its user (5.9); the card type itself is not in the order, so a
    # maneuver card as a source ranks below every type the order lists
    s, maneuver = inject(s, 0, fx.card("Plain Maneuver", CardType.MANEUVER))
    ranks = [rank(s.game, cid) for cid in (*ranked, maneuver)]
    assert all(a > b for a, b in pairwise(ranks)), ranks
    assert all(rank(s.game, None) < r for r in ranks)  # no source card: weaker than any


@pytest.mark.rule("5.9", "8.rune")
def test_a_magical_rune_makes_its_card_rank_as_magical() -> None:
    s = fx.start()
    s, plain = inject(s, 0, fx.card("Plain Leader", CardType.LEADER))
    s, magical = inject(s, 0, fx.card("Magical Leader", CardType.LEADER, magical=True))
    s, rune = inject(
        s, 0, fx.card("Bright Rune", CardType.MANEUVER, magical=True, subtypes=(Subtype.RUNE,))
    )
    assert rank(s.game, plain) < rank(s.game, magical)
    s = fx.attached(s, fx.rune(rune, plain))
    assert rank(s.game, plain) == rank(s.game, magical)


def _won(winner: str, loser: str, first: bool = True) -> Tiebreak:
    """A settled tie that ``winner`` won over ``loser``; named first in it or second."""
    return Tiebreak(winner, loser, winner) if first else Tiebreak(loser, winner, winner)


@pytest.mark.rule("5.9")
@pytest.mark.ruling("R-5.9-transitive")
def test_a_tie_follows_from_a_chain_of_settled_ties_in_either_direction() -> None:
    assert _implied((), "e1", "e2") is None  # nothing settled yet: a reveal decides
    for first in (True, False):
        tie = (_won("e1", "e2", first),)
        assert _implied(tie, "e1", "e2") == _implied(tie, "e2", "e1") == "e1"
    # e1 > e2 > e3 > e4, recorded out of order, winners named first or second
    chain = (_won("e3", "e4", False), _won("e1", "e2"), _won("e2", "e3", False))
    for a, b in (("e1", "e3"), ("e1", "e4"), ("e2", "e4")):
        assert _implied(chain, a, b) == a  # a chain down from a
        assert _implied(chain, b, a) == a  # the same chain, asked the other way round
    assert _implied(chain, "e1", "e5") is None  # e5 never tied


@pytest.mark.rule("5.9")
@pytest.mark.ruling("R-5.9-transitive")
def test_no_chain_leaves_a_tie_to_a_reveal() -> None:
    fork = (_won("e1", "e2"), _won("e3", "e2", False))  # both beat e2: e1, e3 unordered
    assert _implied(fork, "e1", "e3") is None and _implied(fork, "e3", "e1") is None
    join = (_won("e1", "e2"), _won("e1", "e3"))  # e2, e3 both lost to e1
    assert _implied(join, "e2", "e3") is None
    # settled ties never form a cycle (the order is kept transitive), but the search
    # must end even on one, and find nothing for a key outside it
    cycle = (_won("e1", "e2"), _won("e2", "e3"), _won("e3", "e1"))
    assert _implied(cycle, "e1", "e4") is None and _implied(cycle, "e4", "e2") is None


# --- 5.2: what a steal moves, and what it leaves alone -------------------------------------------


def _stealing_board() -> S:
    return build(
        sky(leaders=(Leader("Hero"), Leader("Seer")), intrigues=("Fog",)),
        sea(
            leaders=(Leader("King", items=("Sword",)), Leader("Cheap")),
            intrigues=("Banner", "Edict"),
            hand=("Fog",),
            underworld=("Spy",),
        ),
    )


@pytest.mark.rule("5.2")
@pytest.mark.ruling("R-5.2")
def test_stealing_ones_own_card_or_a_card_off_the_board_changes_nothing() -> None:
    s = _stealing_board()
    me, other = 0, 1
    # "elvesszük ellenfelünktől": only an opponent's card on the board is stolen
    for card in (the(s, "Hero"), the(s, "Fog")):  # my own leader and intrigue
        assert steal(s, me, card) == s
    for card in (the(s, "Fog", other), the(s, "Spy", other)):  # in a hand, an underworld
        assert steal(s, me, card) == s


@pytest.mark.rule("5.2", "G1")
@pytest.mark.ruling("R-5.2")
def test_a_stolen_intrigue_changes_side_and_works_for_the_thief() -> None:
    s = _stealing_board()
    me, other = 0, 1
    banner, edict, fog = the(s, "Banner", other), the(s, "Edict", other), the(s, "Fog")
    hero, king = the(s, "Hero"), the(s, "King", other)
    # Hero 3; King 3 + Sword 2 + the Banner's 1 (own leaders +1)
    assert (level(s.game, hero), level(s.game, king)) == (3, 3 + 2 + 1)
    s = steal(s, me, banner)
    assert s.game.players[me].intrigues == (fog, banner)
    assert s.game.players[other].intrigues == (edict,)
    assert controller(s.game, banner) == me and s.game.owner(banner) == other  # G1
    s = refresh(s)
    assert (level(s.game, hero), level(s.game, king)) == (3 + 1, 3 + 2)  # "mi használjuk"


@pytest.mark.rule("5.2", "3.5")
@pytest.mark.ruling("R-5.2")
def test_a_stolen_leader_moves_to_the_thiefs_row_with_its_items() -> None:
    s = _stealing_board()
    me, other = 0, 1
    king, sword, cheap = the(s, "King", other), the(s, "Sword", other), the(s, "Cheap", other)
    row = s.game.players[me].leaders
    s = steal(s, me, king)
    assert s.game.players[me].leaders[: len(row)] == row
    taken = s.game.players[me].leaders[-1]
    assert (taken.card, fx.items(s.game, taken.card)) == (king, (sword,))
    assert [x.card for x in s.game.players[other].leaders] == [cheap]
    assert controller(s.game, sword) == me and s.game.owner(sword) == other


@pytest.mark.rule("5.2", "8.mount", "8.building")
@pytest.mark.ruling("R-5.2")
def test_a_mount_or_a_building_on_a_region_is_not_stolen() -> None:
    # mounts and buildings cannot be stolen; a people of mine without a location
    # could otherwise take the building (3.3)
    me, other = 0, 1
    mine = sky(empire=CROSS, leaders=(Leader("Captain"),))
    s = build(mine, sea(leaders=(Leader("Captain", items=("Winged Horse",)),)), ruleset=ff.RULESET)
    horse = the(s, "Winged Horse", other)
    assert steal(s, me, horse) == s
    theirs = sea(empire=(People("Cross", 0, 0, location="Vale"),), hand=("Forge",))
    s = build(sky(empire=CROSS), theirs, ruleset=fx.ATTACHMENT_RULESET)
    s, forge = add_building(s, other, "Forge", the(s, "Vale", other))
    assert fx.location(s.game, s.game.players[me].empire[0].card) is None
    assert steal(s, me, forge) == s


# --- 6.3.6, 7.3.4, 8.monster.3: a troop or monster resolving into its war leader's line ----------


def _lines() -> tuple[S, int, dict[str, int]]:
    """My Captain (cost 2 force: two troops) leads the front line and my Lieutenant (cost
    1: one troop) the support line against the Guardian; my Scout stays in the row; my
    turn in the combat rounds, the Hoplites (linked to the Captain), Wolves, Archers and
    the Cyclops (a monster) in my hand and force to pay for them."""
    s, me, other = ff.arena(auto_pass=False)
    cards = {}
    for key in ("Captain", "Lieutenant", "Scout"):
        s, cards[key] = fx.put_leader(s, me, key)
    for key in ("Hoplites", "Wolves", "Archers", "Cyclops"):
        s, cards[key] = fx.to_hand(s, me, key)
    s, hills = fx.put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = fx.put_leader(s, other, "Guardian")
    s = fx.set_player(s, me, spheres=(3, 3, 3, 3))
    s = designate(battle(s, hills, E, cards["Captain"]), guardian)
    s = designate(s, cards["Lieutenant"], LineName.SUPPORT)
    while not s.phase.endswith(".rounds") or s.to_act != me:
        s = fx.act(s, Pass())
    return s, me, cards


def _resolve(s: S, me: int, card: int, leader: int) -> S:
    """``card`` taken from ``me``'s hand as a troop played beside ``leader`` resolves
    (6.3.6), whatever happened in its counter round."""
    s = fx.set_player(s, me, hand=tuple(c for c in s.game.players[me].hand if c != card))
    return resolve_troop(s, PlayPending(0, me, card, target=leader))


def _troops(s: S) -> tuple[Troop, ...]:
    assert s.game.fight is not None
    return s.game.fight.troops


@pytest.mark.rule("6.3.6", "7.3.4")
@pytest.mark.ruling("R-6.3.6")
def test_a_troop_whose_war_leader_left_during_its_counter_round_goes_to_the_underworld() -> None:
    s, me, c = _lines()
    s = fx.act(s, SummonTroop(c["Wolves"], c["Lieutenant"]))
    assert s.phase == "counter.combat_respond"
    s = remove_to_underworld(s, c["Lieutenant"])  # destroyed meanwhile
    s = fx.settle_counter(s)
    assert c["Wolves"] in s.game.players[me].underworld
    assert _troops(s) == ()
    # a leader in my row that leads no line takes no troop either (7.3.4)
    s, me, c = _lines()
    s = _resolve(s, me, c["Wolves"], c["Scout"])
    assert c["Wolves"] in s.game.players[me].underworld
    assert _troops(s) == () and leader_slot(s.game, c["Scout"]) == (me, LeaderSlot(c["Scout"]))


@pytest.mark.rule("6.3.6", "7.3.4")
@pytest.mark.ruling("R-6.3.6")
def test_a_troop_resolving_into_a_line_filled_meanwhile_goes_to_the_underworld() -> None:
    s, me, c = _lines()
    s = fx.settle_counter(fx.act(s, SummonTroop(c["Wolves"], c["Lieutenant"])))
    wolves = Troop(c["Wolves"], ATTACK, LineName.SUPPORT, TroopMode.UNDECIDED)
    assert _troops(s) == (wolves,)  # the support line holds one troop: it is full
    s = _resolve(s, me, c["Archers"], c["Lieutenant"])
    assert c["Archers"] in s.game.players[me].underworld
    assert _troops(s) == (wolves,)
    # the front line holds two: one more joins it, a third does not
    s = _resolve(s, me, c["Hoplites"], c["Captain"])
    hoplites = Troop(c["Hoplites"], ATTACK, LineName.FRONT, TroopMode.FULL)
    assert _troops(s) == (wolves, hoplites)
    s, archers = fx.to_hand(s, me, "Archers")
    s = _resolve(s, me, archers, c["Captain"])
    s, second = fx.to_hand(s, me, "Wolves")
    s = _resolve(s, me, second, c["Captain"])
    assert second in s.game.players[me].underworld
    assert [t.card for t in _troops(s)] == [c["Wolves"], c["Hoplites"], archers]


@pytest.mark.rule("8.monster.2", "8.monster.3", "6.3.6")
@pytest.mark.ruling("R-6.3.6")
def test_a_monster_joins_only_a_line_without_troops_and_then_closes_it() -> None:
    s, me, c = _lines()
    s = _resolve(s, me, c["Hoplites"], c["Captain"])  # the front line: one of two places
    s = _resolve(s, me, c["Cyclops"], c["Captain"])
    assert c["Cyclops"] in s.game.players[me].underworld  # 8.monster.3: a troop is there
    assert [t.card for t in _troops(s)] == [c["Hoplites"]]
    s, cyclops = fx.to_hand(s, me, "Cyclops")
    s = _resolve(s, me, cyclops, c["Lieutenant"])  # the empty support line
    # 8.monster.2: its ability holds in every line, so it takes effect in full there
    monster = Troop(cyclops, ATTACK, LineName.SUPPORT, TroopMode.FULL, monster=True)
    assert _troops(s)[-1] == monster
    s = _resolve(s, me, c["Wolves"], c["Lieutenant"])  # 8.monster.3: no troop after it
    assert c["Wolves"] in s.game.players[me].underworld
    assert _troops(s)[-1] == monster


# --- 3.5, 8.potion: the sacrifices offered for what hangs on one's leaders --------------------


def _sacrifices(s: S) -> set[mc.Action]:
    return {a for a in mc.legal_actions(s) if isinstance(a, SacrificeItem)}


@pytest.mark.rule("3.5", "8.mount")
def test_an_item_is_sacrificed_whatever_its_maneuver_and_a_mount_is_no_item() -> None:
    # the Warhorn's maneuver is a combat one (not usable now); it is no potion, so it is
    # sacrificed as an item (3.5); the Winged Horse is a mount, a leader, not an item
    mine = sky(empire=CROSS, leaders=(Leader("Captain", items=("Warhorn", "Winged Horse")),))
    s = build(mine, sea(), ruleset=ff.RULESET)
    assert _sacrifices(s) == {SacrificeItem(the(s, "Warhorn"))}


@pytest.mark.rule("8.potion", "4.2.2")
@pytest.mark.ruling("R-8.potion")
def test_a_potion_is_offered_for_sacrifice_once_for_each_target_its_player_may_pay_for() -> None:
    # Tonic: sacrifice it, +2 to a chosen own leader
    mine = sky(leaders=(Leader("Cheap", items=("Tonic",)), Leader("Scribe")))
    s = build(mine, sea(leaders=(Leader("Quaker"),)), ruleset=fx.ATTACHMENT_RULESET)
    tonic, cheap, scribe = the(s, "Tonic"), the(s, "Cheap"), the(s, "Scribe")
    assert _sacrifices(s) == {SacrificeItem(tonic, 0, cheap), SacrificeItem(tonic, 0, scribe)}
    # the same potion with a use cost of 1 magic (4.2.2), and no magic to pay it with
    sip = fx.ATTACHMENT_POOL["Tonic"].maneuvers[0]
    dear = replace(fx.ATTACHMENT_POOL["Tonic"], maneuvers=(replace(sip, cost=(1, 0, 0, 0)),))
    ruleset = MitoszRuleset(pool={**fx.ATTACHMENT_POOL, "Tonic": dear})
    poor = sky(spheres=(0, 3, 3, 3), leaders=mine.leaders)
    s = build(poor, sea(leaders=(Leader("Quaker"),)), ruleset=ruleset)
    assert _sacrifices(s) == set()
    assert "not enough sphere points" in str(ruleset.why_not(s, SacrificeItem(tonic, 0, cheap)))


EDGE_RULESET = MitoszRuleset(pool=fx.card_pool("base", "maneuvers", "attachments", "edges"))
"""The attachment cards with those of ``cards/edges.toml``: a potion and a rune whose
outcome hangs on their user."""


@pytest.mark.rule("8.potion", "3.5", "4.5")
@pytest.mark.ruling("R-8.potion")
def test_a_potions_targets_below_its_user_are_read_against_the_potion() -> None:
    # Nightshade (a +3 potion): sacrifice it, destroy an enemy leader of a level below
    # the user's. The potion is the user of its own maneuver (4.5: an item using a
    # maneuver does not turn), so "below" reads its level, 3 (2.2), not its leader's:
    # Quaker (2) is offered, King (3, not below) is not
    mine = sky(leaders=(Leader("Cheap", items=("Nightshade",)),))
    theirs = sea(empire=CROSS, leaders=(Leader("Quaker"), Leader("King")))
    s = build(mine, theirs, ruleset=EDGE_RULESET)
    nightshade, quaker, king = the(s, "Nightshade"), the(s, "Quaker", 1), the(s, "King", 1)
    assert level(s.game, nightshade) == 3 and (level(s.game, quaker), level(s.game, king)) == (2, 3)
    assert _sacrifices(s) == {SacrificeItem(nightshade, 0, quaker)}
    s = fx.play(s, SacrificeItem(nightshade, 0, quaker))
    assert controller(s.game, quaker) is None and controller(s.game, king) == 1
    assert nightshade in s.game.players[0].underworld


# --- 8.rune: a rune being attached, and a rune whose use is neutralised -----------------------


def _scribe_and_rune(ruleset: MitoszRuleset = fx.ATTACHMENT_RULESET) -> tuple[S, int, int, int]:
    """My Scribe and Cheap (level 2), the Ward Rune (magical, +1 level to an own leader)
    in my hand; every counter round left open: (state, scribe, cheap, ward)."""
    mine = sky(leaders=(Leader("Scribe"), Leader("Cheap")), hand=("Ward Rune",))
    s = build(mine, sea(), ruleset=ruleset, auto_pass=False)
    return s, the(s, "Scribe"), the(s, "Cheap"), the(s, "Ward Rune")


def _neutralise_top(s: S, player: int) -> S:
    """A counter effect of ``player`` neutralises the use on top of the stack (4.2.6)."""
    return apply_todo(s, Todo(Neutralize(), player, None, None, s.game.stack[-1].id))


@pytest.mark.rule("8.rune", "4.2.6")
@pytest.mark.ruling("R-8.rune")
def test_a_rune_goes_to_the_underworld_if_its_attaching_is_neutralised_or_its_card_left() -> None:
    me, other = 0, 1
    s, scribe, cheap, ward = _scribe_and_rune()
    s = fx.settle_counter(_neutralise_top(fx.act(s, AttachRune(ward, scribe, cheap)), other))
    assert fx.runes(s) == () and ward in s.game.players[me].underworld
    assert level(s.game, cheap) == 2 and not is_magical(s.game, cheap)
    s, scribe, cheap, ward = _scribe_and_rune()
    s = remove_to_underworld(fx.act(s, AttachRune(ward, scribe, cheap)), cheap)
    s = fx.settle_counter(s)
    assert fx.runes(s) == ()
    assert s.game.players[me].underworld == (cheap, ward)  # the card, then the rune


@pytest.mark.rule("8.rune", "5.15")
@pytest.mark.ruling("R-8.rune")
def test_a_neutralised_use_of_a_rune_whose_card_left_meanwhile_moves_nothing_more() -> None:
    me, other = 0, 1
    s, scribe, cheap, ward = _scribe_and_rune()
    s = fx.settle_counter(fx.act(s, AttachRune(ward, scribe, cheap)))
    assert fx.runes(s) == (fx.rune(ward, cheap),)
    s = fx.act(s, UseManeuver(ward, 0, cheap))  # its card uses it
    s = remove_to_underworld(_neutralise_top(s, other), cheap)  # the rune goes along
    s = fx.settle_counter(fx.lay_underworld(fx.settle_counter(s)))  # 1.4.2: laid in order
    assert fx.runes(s) == () and sorted(s.game.players[me].underworld) == sorted((cheap, ward))


@pytest.mark.rule("8.rune", "4.2.2", "4.2.6")
@pytest.mark.ruling("R-8.rune")
def test_a_rune_attached_with_its_second_maneuver_uses_that_one_once() -> None:
    # the Ward Rune with a second maneuver: +2 for 1 magic, and 1 force more for the
    # slash (4.2.6), which attaching it pays once
    ward = fx.ATTACHMENT_POOL["Ward Rune"]
    first = ward.maneuvers[0]
    assert isinstance(first.effect, ChangeLevel)
    great = replace(
        first,
        name="Great Ward",
        effect=replace(first.effect, amount=2),
        cost=(1, 0, 0, 0),
        per=(0, 0, 0, 1),
    )
    pool = {**fx.ATTACHMENT_POOL, "Ward Rune": replace(ward, maneuvers=(first, great))}
    s, scribe, cheap, rune = _scribe_and_rune(MitoszRuleset(pool=pool))
    me = 0
    spheres = s.game.players[me].spheres
    s = fx.settle_counter(fx.act(s, AttachRune(rune, scribe, cheap, 1)))
    assert fx.runes(s) == (fx.rune(rune, cheap),)
    assert level(s.game, cheap) == 2 + 2
    paid = tuple(a - b for a, b in zip(spheres, s.game.players[me].spheres, strict=True))
    assert paid == (1, 0, 0, 1)


@pytest.mark.rule("8.rune", "5.9", "4.6.2.1")
@pytest.mark.ruling("R-8.rune")
def test_a_rune_being_attached_ranks_as_its_scribe_in_a_conflict() -> None:
    # my Leaden Decree (an intrigue) sets my leaders' level to 1; the Seal Rune sets the
    # level of its card to 4. The scribe that attaches it is the rune's user (4.6.2.1:
    # a free maneuver names its user), and a maneuver ranks as its user (5.9): a leader
    # (3rd) over an intrigue (4th), so the rune's level holds on its card
    mine = sky(
        empire=CROSS,
        leaders=(Leader("Scribe"), Leader("Cheap")),
        intrigues=("Leaden Decree",),
        hand=("Seal Rune",),
    )
    s = build(mine, sea(), ruleset=EDGE_RULESET, auto_pass=False)
    scribe, cheap, seal = the(s, "Scribe"), the(s, "Cheap"), the(s, "Seal Rune")
    assert level(s.game, scribe) == level(s.game, cheap) == 1
    s = fx.settle_counter(fx.act(s, AttachRune(seal, scribe, cheap)))
    assert fx.runes(s) == (fx.rune(seal, cheap),)
    assert level(s.game, cheap) == 4  # the stronger source's level (5.9)
    assert level(s.game, scribe) == 1  # the rune acts on its card only (8.rune)
