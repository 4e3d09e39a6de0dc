"""What a maneuver use offers and what it pays, at the edges that the scenario tests left
untried (found by mutation testing, ``tools/mutation.py``): a maneuver the player cannot
pay for (4.2.2), the steps of a scale and the repeats of a slash (4.2.6), a free
maneuver's first repeat free when linked to its user (3.9), and a fate or free maneuver
with more than one maneuver or a slash (3.7, 3.9).
"""

from __future__ import annotations

import pytest

from mitosz_core.games.mitosz.actions import PlayFate, UseFreeManeuver, UseManeuver
from mitosz_core.games.mitosz.effects.language import (
    ChangeLevel,
    Chosen,
    Draw,
    Maneuver,
    ManeuverStep,
)
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.maneuvers import candidates, chosen_cards, perform
from mitosz_core.games.mitosz.state import ManeuverPending
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import build, sea, sky, the

RULESET = MitoszRuleset(pool=fx.card_pool("base", "maneuvers", "maneuver_edges"))
ME = 0


def _position(spheres: tuple[int, int, int, int], *leaders: str, hand: tuple[str, ...] = ()) -> S:
    s = build(
        sky(leaders=tuple(Leader(name) for name in leaders), hand=hand),
        sea(),
        ruleset=RULESET,
        auto_pass=False,
    )
    return fx.set_player(s, ME, spheres=spheres)


def _paid(before: S, after: S) -> tuple[int, ...]:
    old, new = before.game.players[ME].spheres, after.game.players[ME].spheres
    return tuple(a - b for a, b in zip(old, new, strict=True))


# spheres are (magic, influence, wealth, force)


@pytest.mark.rule("4.2.2")
def test_a_maneuver_is_offered_only_when_its_cost_can_be_paid() -> None:
    # Bowman's Shoot costs 1 magic
    for magic, offered in ((0, False), (1, True)):
        s = _position((magic, 3, 3, 3), "Bowman")
        bowman = the(s, "Bowman")
        uses = [a for a in candidates(s, ME) if isinstance(a, UseManeuver) and a.user == bowman]
        assert (UseManeuver(bowman, 0) in uses) is offered
        assert len(uses) == int(offered)


@pytest.mark.rule("4.2.6")
def test_a_scale_offers_each_step_that_can_be_paid_from_the_first() -> None:
    # Stormcaller's Storm: 1 magic, and a second step for 1 magic more
    for magic, steps in ((1, [1]), (2, [1, 2]), (3, [1, 2])):
        s = _position((magic, 3, 3, 3), "Stormcaller")
        caller = the(s, "Stormcaller")
        uses = [a for a in candidates(s, ME) if isinstance(a, UseManeuver) and a.user == caller]
        assert sorted(a.steps for a in uses) == steps


@pytest.mark.rule("4.2.6")
def test_a_slash_offers_each_repeat_that_can_be_paid() -> None:
    # Raider's Plunder: 1 force a repeat
    for force, times in ((0, []), (1, [1]), (2, [1, 2]), (3, [1, 2, 3])):
        s = _position((3, 3, 3, force), "Raider")
        raider = the(s, "Raider")
        uses = [a for a in candidates(s, ME) if isinstance(a, UseManeuver) and a.user == raider]
        assert sorted(a.times for a in uses) == times
        assert {a.steps for a in uses} <= {1}


@pytest.mark.rule("3.9", "4.2.6")
def test_a_free_maneuver_linked_to_its_user_costs_nothing_and_its_slash_one_repeat_less() -> None:
    # Volley (linked to Bowman): Aim for 1 magic, Loose for 1 force a repeat. Linked to
    # its user, a free maneuver is free (3.9): Aim costs nothing, and Loose's first
    # repeat too; Drudge is not linked and pays in full
    s = _position((0, 3, 3, 1), "Bowman", "Drudge", hand=("Volley",))
    bowman, drudge, volley = the(s, "Bowman"), the(s, "Drudge"), the(s, "Volley")
    free = [a for a in candidates(s, ME) if isinstance(a, UseFreeManeuver)]
    assert sorted((a.index, a.times) for a in free if a.user == bowman) == [(0, 1), (1, 1), (1, 2)]
    assert sorted((a.index, a.times) for a in free if a.user == drudge) == [(1, 1)]
    assert all(a.card == volley for a in free)


@pytest.mark.rule("3.9", "4.2.6", "4.6.1")
def test_a_free_maneuver_used_announces_the_maneuver_and_repeats_chosen() -> None:
    s = _position((0, 3, 3, 3), "Bowman", hand=("Volley",))
    bowman, volley = the(s, "Bowman"), the(s, "Volley")
    after, item = perform(s, ME, UseFreeManeuver(volley, bowman, 1, times=3))
    assert isinstance(item, ManeuverPending)
    assert (item.card, item.user, item.maneuver, item.times) == (volley, bowman, 1, 3)
    assert _paid(s, after) == (0, 0, 0, 2)  # linked: the first repeat free (3.9)
    assert volley not in after.game.players[ME].hand


@pytest.mark.rule("3.7", "4.2.6", "4.6.1")
def test_a_fate_played_announces_its_effect_and_repeats_and_pays_them() -> None:
    # Torrent: Drizzle (free), or Torrent for 1 magic and 1 force a repeat
    s = _position((3, 3, 3, 3), hand=("Torrent",))
    torrent = the(s, "Torrent")
    after, item = perform(s, ME, PlayFate(torrent, 1, times=2))
    assert (item.card, item.user, item.maneuver, item.times) == (torrent, None, 1, 2)
    assert _paid(s, after) == (1, 0, 0, 2)
    assert torrent not in after.game.players[ME].hand


@pytest.mark.rule("3.7", "4.2.6")
def test_a_fate_with_a_scale_is_played_for_its_first_step_only() -> None:
    # Cascade: 1 magic, 1 force a repeat, and a second step for 1 magic more. A fate is
    # played, not used by a card, and its play names no steps: it takes its first step,
    # each play offered once, and pays for that step alone
    s = _position((2, 3, 3, 2), hand=("Cascade",))
    cascade = the(s, "Cascade")
    fates = [a for a in candidates(s, ME) if isinstance(a, PlayFate)]
    assert fates == [PlayFate(cascade, 0, times=1), PlayFate(cascade, 0, times=2)]
    after, item = perform(s, ME, PlayFate(cascade, 0, times=2))
    assert item.steps == 1
    assert _paid(s, after) == (1, 0, 0, 2)


@pytest.mark.rule("4.2.6", "4.6.1")
def test_a_bound_maneuver_used_announces_the_maneuver_and_repeats_chosen_and_pays_them() -> None:
    s = _position((3, 3, 3, 3), "Raider")
    raider = the(s, "Raider")
    after, item = perform(s, ME, UseManeuver(raider, 0, times=3))
    assert (item.card, item.user, item.maneuver, item.steps, item.times) == (None, raider, 0, 1, 3)
    assert _paid(s, after) == (0, 0, 0, 3)
    # Marksman: Aimed Shot for 1 magic, Snap Shot for 1 force
    s = _position((3, 3, 3, 3), "Marksman")
    marksman = the(s, "Marksman")
    after, item = perform(s, ME, UseManeuver(marksman, 1))
    assert (item.user, item.maneuver, item.steps, item.times) == (marksman, 1, 1, 1)
    assert _paid(s, after) == (0, 0, 0, 1)


@pytest.mark.rule("4.6.1", "4.2.6")
def test_the_card_a_multi_step_maneuver_chooses_may_be_named_by_a_further_step() -> None:
    # 4.6.1: the user chooses the card the maneuver acts on; in a multi-step maneuver
    # (4.2.6) that card may be named by a further step only, and every step counts
    aimed = ChangeLevel(Chosen(fx.OWN_LEADERS), 1)
    later = Maneuver("Later", Draw(1), steps=(ManeuverStep((0, 0, 0, 0), aimed),))
    third = Maneuver(
        "Third",
        Draw(1),
        steps=(ManeuverStep((0, 0, 0, 0), Draw(1)), ManeuverStep((0, 0, 0, 0), aimed)),
    )
    assert chosen_cards(later) == chosen_cards(third) == fx.OWN_LEADERS
    assert (
        chosen_cards(Maneuver("None", Draw(1), steps=(ManeuverStep((0, 0, 0, 0), Draw(1)),)))
        is None
    )
