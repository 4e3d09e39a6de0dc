"""The gate of a maneuver action not listed by ``legal_actions`` (4.2, 4.6, 3.7, 3.9):
each condition refuses on its own, whatever the others say. Survivors of the mutation
run over round 3's rule functions (``maneuvers.why_not``) showed these untested: an index
one past the card's maneuvers, a repeat count, a target and a payment each checked only
when another check failed; a free maneuver's target read against its user, and a fate's
slash cost read with the repeats chosen."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import PlayFate, UseFreeManeuver, UseManeuver
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import (
    Cards,
    Chosen,
    Draw,
    Maneuver,
    Side,
    Timing,
    TurnCards,
)
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import leader_slot
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import POOL as FIGHT_POOL
from tests.mitosz.fixtures import CROSS, RULESET, build, sea, sky, the

NONE = (0, 0, 0, 0)


@pytest.mark.rule("4.6.2.1", "3.9", "3.7", "4.2.2")
def test_each_condition_of_a_maneuver_action_refuses_on_its_own() -> None:
    # Feint: a free maneuver, action, 1 magic: turn an enemy leader; linked to Champion.
    # Doom: a fate (a god leader lets it be played, 8.god): enemy leaders -1, no target
    def position(spheres: tuple[int, int, int, int]) -> tuple[S, int, int, int, int, int]:
        mine = sky(
            empire=CROSS,
            leaders=(Leader("Hero"), Leader("Champion"), Leader("Sky Leader")),
            hand=("Feint", "Doom"),
            spheres=spheres,
        )
        s = build(mine, sea(leaders=(Leader("King"),)))
        hero, champion, feint, doom = (the(s, k) for k in ("Hero", "Champion", "Feint", "Doom"))
        return s, hero, champion, feint, doom, the(s, "King", 1)

    s, hero, champion, feint, doom, king = position((3, 3, 3, 3))

    def why(action: mc.Action) -> str | None:
        return RULESET.why_not(s, action)

    assert why(UseFreeManeuver(feint, hero, 0, king)) is None
    assert why(UseManeuver(hero, 0)) == "Hero has no maneuver 0"  # it has none
    assert why(UseFreeManeuver(feint, hero, 1, king)) == "Feint has no maneuver 1"
    assert why(PlayFate(doom, 1)) == "Doom has no effect 1"
    assert why(UseFreeManeuver(feint, hero, 0, king, times=2)) is not None  # no slash
    assert why(UseFreeManeuver(feint, hero, 0, hero)) is not None  # an own leader
    assert why(PlayFate(doom, 0, times=2)) is not None
    assert why(PlayFate(doom, 0, king)) is not None  # it names no card
    broke = position(NONE)[0]
    assert RULESET.why_not(broke, UseFreeManeuver(feint, hero, 0, king)) is not None  # 4.2.2
    # 3.9: linked to its user, it costs nothing
    assert RULESET.why_not(broke, UseFreeManeuver(feint, champion, 0, king)) is None


CURSED_ZEALOT = fx.variant(FIGHT_POOL["Zealot"], "Cursed Zealot", cursed=True)
"""The Zealot (Martyrdom: action, sacrifices itself) made cursed (2.4)."""
ZEALOT_RULESET = MitoszRuleset(pool={**FIGHT_POOL, CURSED_ZEALOT.key: CURSED_ZEALOT})


@pytest.mark.rule("2.4", "4.2.6")
@pytest.mark.ruling("R-3.4.2-cursed")
def test_a_cursed_card_does_not_sacrifice_itself_for_its_maneuver() -> None:
    mine = sky(empire=CROSS, leaders=(Leader("Cursed Zealot"),))
    s = build(mine, sea(leaders=(Leader("King"),)), ruleset=ZEALOT_RULESET)
    zealot, king = the(s, "Cursed Zealot"), the(s, "King", 1)
    assert not any(isinstance(a, UseManeuver) and a.user == zealot for a in mc.legal_actions(s))
    assert ZEALOT_RULESET.why_not(s, UseManeuver(zealot, 0, king)) == (
        "Cursed Zealot is cursed and cannot be sacrificed (2.4)"
    )


LOW_FEINT = fx.variant(
    fx.POOL["Feint"],
    "Low Feint",
    links=(),
    maneuvers=(
        Maneuver(
            "Low Feint",
            TurnCards(Chosen(Cards(types=(CardType.LEADER,), side=Side.ENEMY, below_user=True))),
            timing=Timing.ACTION,
            cost=(1, 0, 0, 0),
        ),
    ),
)
"""Feint whose target is read against its user: turn an enemy leader whose level is
below the user's (a free maneuver, action, 1 magic; any leader uses it, none linked)."""
LOW_FEINT_RULESET = MitoszRuleset(pool={**fx.POOL, LOW_FEINT.key: LOW_FEINT})


@pytest.mark.rule("3.9", "4.6.2.1")
def test_a_free_maneuvers_target_is_read_against_the_user_chosen_for_it() -> None:
    # Archer: level 4; Hero and King: level 3. 4.6.2.1: "Szabad manőver esetén kezéből
    # felmutatja a lapot és megnevezi a használót" (a free maneuver is shown from hand
    # and its user named): "below the user's level" is the named user's level
    mine = sky(empire=CROSS, leaders=(Leader("Archer"), Leader("Hero")), hand=("Low Feint",))
    s = build(mine, sea(leaders=(Leader("King"),)), ruleset=LOW_FEINT_RULESET)
    archer, hero, feint = (the(s, k) for k in ("Archer", "Hero", "Low Feint"))
    king = the(s, "King", 1)
    by_archer = UseFreeManeuver(feint, archer, 0, king)
    by_hero = UseFreeManeuver(feint, hero, 0, king)
    legal = mc.legal_actions(s)
    assert by_archer in legal and by_hero not in legal
    assert LOW_FEINT_RULESET.why_not(s, by_archer) is None
    assert LOW_FEINT_RULESET.why_not(s, by_hero) == (
        f"#{king} is not a card this maneuver can target"
    )
    slot = leader_slot(fx.play(s, by_archer).game, king)
    assert slot is not None and slot[1].turned


EDGES_RULESET = MitoszRuleset(pool=fx.card_pool("base", "maneuvers", "maneuver_edges"))


SQUALL = fx.variant(
    EDGES_RULESET.pool["Torrent"],
    "Squall",
    maneuvers=(
        Maneuver("Squall", Draw(1), Timing.COMBAT),
        *EDGES_RULESET.pool["Torrent"].maneuvers[::-1],
    ),
)
"""A fate linked to the Sky God with three maneuvers: a combat one (draw 1), the
Torrent's (1 magic, 1 force a repeat), then the Drizzle's (free, any time)."""
SQUALL_RULESET = MitoszRuleset(pool={**EDGES_RULESET.pool, SQUALL.key: SQUALL})


@pytest.mark.rule("3.7", "4.1", "4.2.1", "4.2.2")
def test_a_fates_later_maneuver_is_offered_when_an_earlier_one_is_not() -> None:
    # 4.1: "Ha egy lapon több manőver szerepel, az újabb manővert sorköz választja el
    # az előzőtől" (several maneuvers on a card are separate), and 3.7: a fate is used as
    # a maneuver is ("ugyanúgy használható, mint egy manőver"), each one on its own:
    # outside a fight the combat one is not in time (4.2.1), with no sphere points the
    # Torrent is not paid for (4.2.2); the Drizzle is
    s = build(sky(hand=("Squall",), spheres=(0, 0, 0, 0)), sea(), ruleset=SQUALL_RULESET)
    squall = the(s, "Squall")
    plays = [a for a in mc.legal_actions(s) if isinstance(a, PlayFate)]
    assert plays == [PlayFate(squall, 2)]


@pytest.mark.rule("3.7", "4.2.6", "4.2.2")
def test_a_fates_slash_is_paid_for_each_repeat_its_play_names() -> None:
    # Torrent: a fate linked to the Sky God; its effect Torrent costs 1 magic and 1 force
    # a repeat. 3.7: a fate has no user, "ettől eltekintve ugyanúgy használható, mint egy
    # manőver" (otherwise it is used as a maneuver is); 4.2.6: "Ha a / után szférapont
    # van, az használati költségnek számít" (a sphere point after the slash is a use cost)
    def position(spheres: tuple[int, int, int, int]) -> tuple[S, int]:
        s = build(sky(hand=("Torrent",), spheres=spheres), sea(), ruleset=EDGES_RULESET)
        return s, the(s, "Torrent")

    s, torrent = position((1, 0, 0, 2))
    assert EDGES_RULESET.why_not(s, PlayFate(torrent, 1, times=2)) is None
    s, torrent = position((1, 0, 0, 1))
    assert EDGES_RULESET.why_not(s, PlayFate(torrent, 1, times=1)) is None
    assert EDGES_RULESET.why_not(s, PlayFate(torrent, 1, times=2)) == (
        "not enough sphere points: force 1 < 2"
    )
