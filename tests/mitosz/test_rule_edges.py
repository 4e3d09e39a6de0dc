"""Rules fidelity at the edges of single rule functions that the scenario tests left
untried (found by mutation testing, ``tools/mutation.py``): the order of sources and
transitive ties (5.9), what a steal does and does not move (5.2), a troop or monster
resolving into its line (6.3.6, 7.3.4, 8.monster), the sacrifices offered for an item or
a potion (3.5, 8.potion), and attaching runes and buildings (8.rune, 8.region).
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import controller
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.rules.precedence import _implied, rank
from mitosz_core.games.mitosz.rules.stealing import steal
from mitosz_core.games.mitosz.state import Attached, Tiebreak
from mitosz_core.mitosz import Leader, People
from tests.mitosz import fight_fixtures as ff
from tests.mitosz import fixtures as fx
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
    s, rune = inject(s, 0, fx.card("Bright Rune", CardType.MANEUVER, magical=True))
    assert rank(s.game, plain) < rank(s.game, magical)
    s = fx.set_game(s, runes=(Attached(rune, plain),))
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
    assert (taken.card, taken.items) == (king, (sword,))
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
    assert s.game.players[me].empire[0].location is None
    assert steal(s, me, forge) == s
