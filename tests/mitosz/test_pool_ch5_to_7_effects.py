"""Issue #4, chapters 5 to 7: the timed abilities (6.2.1.3, 6.2.4.5, 6.3.7, 7.4.12), the
delayed effects, a neutralised ability (5.5), a new card type (5.16) and the forced retreat
(7.4.10.1) shown working through the cards of the built-in sample pool."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    Choose,
    Pass,
    Summon,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.rules import S, maneuvers
from mitosz_core.games.mitosz.rules.continuous import card_type, neutralized
from mitosz_core.games.mitosz.rules.fights.outcome import sides_compared
from mitosz_core.games.mitosz.rules.levels import level, power
from mitosz_core.games.mitosz.state import Outcome
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import pass_rounds
from tests.mitosz.fixtures import (
    act,
    attach_item,
    attach_location,
    lay_underworld,
    next_turn,
    pass_until,
    play,
    put_leader,
    put_people,
    set_player,
    settle_counter,
    the,
    to_hand,
)
from tests.mitosz.pool_fixtures import game, my_move, position, sample, side, to_rounds

FULL = (6, 6, 6, 6)
EMPTY = (0, 0, 0, 0)
MAGIC, INFLUENCE, FORCE = 0, 1, 3


def spheres(s: S, player: int) -> tuple[int, int, int, int]:
    return s.game.players[player].spheres


def hand(s: S, player: int) -> int:
    return len(s.game.players[player].hand)


def leaders(s: S, player: int) -> set[int]:
    return {x.card for x in s.game.players[player].leaders}


# --- timed abilities (flag:trigger) ---------------------------------------------------------


@pytest.mark.rule("6.2.1.3")
def test_flag_trigger_the_sacred_oak_grove_gives_magic_at_its_players_turn_start() -> None:
    s, me, _ = game("Dagda (high god)")
    cross = s.game.players[me].empire[0].card
    bare = set_player(s, me, spheres=EMPTY)
    grove_s, grove = attach_location(bare, me, "Sacred Oak Grove", cross)  # turn start: +1 magic
    with pytest.raises(
        mc.IllegalActionError, match=r"takes hold by itself \(turn_start\), it is never used"
    ):
        act(grove_s, UseManeuver(grove, 0))
    plain, grown = next_turn(bare), next_turn(grove_s)  # the other player's turn starts
    assert spheres(grown, me) == spheres(plain, me)
    plain, grown = next_turn(plain), next_turn(grown)  # my turn starts
    assert spheres(grown, me)[MAGIC] == spheres(plain, me)[MAGIC] + 1
    assert spheres(grown, me)[1:] == spheres(plain, me)[1:]


@pytest.mark.rule("6.3.7", "6.2.4.5")
@pytest.mark.ruling("R-6.3.7")
def test_flag_trigger_the_harp_of_the_bards_draws_when_played_and_pays_at_turn_end() -> None:
    s, me, _ = game("Dagda (high god)")
    s, lugh = put_leader(s, me, "Lugh")
    s, harp = to_hand(s, me, "Harp of the Bards")  # when played, you may: draw a card
    s = set_player(s, me, spheres=(3, 1, 0, 0))
    s = play(s, Summon(harp, lugh))
    assert s.phase == "counter.choose" and s.to_act == me
    assert set(mc.legal_actions(s)) == {Pass(), Choose(harp)}
    declined = settle_counter(act(s, Pass()))
    used = settle_counter(act(s, Choose(harp)))
    assert hand(declined, me) == 0 and hand(used, me) == 1
    assert lugh in leaders(used, me) and fx.row_items(used.game, me, -1) == (harp,)
    # at the end of my turn: +1 influence (6.2.4.5), not at the end of the other's turn
    s, me, _ = game("Dagda (high god)")
    s, lugh = put_leader(s, me, "Lugh")
    bare = set_player(s, me, spheres=EMPTY)
    harped, _ = attach_item(bare, me, "Harp of the Bards", lugh)
    plain, paid = next_turn(bare), next_turn(harped)
    assert spheres(paid, me)[INFLUENCE] == spheres(plain, me)[INFLUENCE] + 1
    assert spheres(paid, me)[MAGIC] == spheres(plain, me)[MAGIC]
    again, paid_again = next_turn(plain), next_turn(paid)
    assert spheres(paid_again, me)[INFLUENCE] == spheres(again, me)[INFLUENCE] + 1


@pytest.mark.rule("7.4.12")
def test_flag_trigger_the_fomorian_tyrant_takes_force_from_a_fight_it_fought_in() -> None:
    # Fomorian Tyrant: end of a fight it fought in: +1 force
    s = position(
        side("Zeus (high god)", leaders=(Leader("Fomorian Tyrant"), Leader("King"))),
        side(),
        auto_pass=False,
    )
    me, other = 0, 1
    tyrant, king = the(s, "Fomorian Tyrant"), the(s, "King")
    s, line = put_people(s, other, "Line", 0, 0)
    s = set_player(s, me, spheres=(3, 4, 2, 0))
    fought = pass_until(lay_underworld(pass_rounds(to_rounds(s, tyrant, line))), "turn.summoning_2")
    assert line in fought.game.players[other].underworld
    assert spheres(fought, me)[FORCE] == 1
    watched = pass_until(lay_underworld(pass_rounds(to_rounds(s, king, line))), "turn.summoning_2")
    assert spheres(watched, me)[FORCE] == 0  # the tyrant did not fight


# --- effect:delayed and effect:become_type (the Stone of Fál) -------------------------------


def _stone() -> tuple[S, int, int, dict[str, int]]:
    """The Dagda's player with Medb (a ruler), Balor and the Stone of Fál in hand; the
    other player has a King: (state, me, other, cards)."""
    # Balor: action: destroy an enemy leader
    s = position(
        side(
            "Dagda (high god)",
            leaders=(Leader("Medb"), Leader("Balor")),
            hand=("Stone of Fál",),
            spheres=FULL,
        ),
        side(leaders=(Leader("King"),)),
    )
    me, other = 0, 1
    medb, balor, king = the(s, "Medb"), the(s, "Balor"), the(s, "King", other)
    stone = the(s, "Stone of Fál")
    return s, me, other, {"medb": medb, "balor": balor, "king": king, "stone": stone}


@pytest.mark.rule("5.16")
@pytest.mark.ruling("R-5.16-place")
def test_effect_become_type_the_stone_of_fal_makes_a_leader_a_location() -> None:
    s, me, other, c = _stone()
    king, balor = c["king"], c["balor"]
    evil_eye = [a for a in mc.legal_actions(s) if isinstance(a, UseManeuver) and a.user == balor]
    assert evil_eye and all(a.target == king for a in evil_eye)
    s = play(s, UseFreeManeuver(c["stone"], c["medb"], 0, king))
    assert spheres(s, me)[MAGIC] == FULL[MAGIC] - 2
    assert card_type(s.game, king) is CardType.LOCATION  # the leader type is lost
    assert s.game.card(king).type is CardType.LEADER  # the printed card is unchanged
    assert king in leaders(s, other)  # it stays where it lies
    # no enemy leader left to aim the Evil Eye at
    assert not any(isinstance(a, UseManeuver) and a.user == balor for a in mc.legal_actions(s))
    s = next_turn(s)  # it lasted my turn
    assert card_type(s.game, king) is CardType.LEADER


@pytest.mark.rule("6.2.1.3")
def test_effect_delayed_the_stone_of_fal_draws_a_card_at_my_next_turn_start() -> None:
    s, me, _, c = _stone()
    s = play(s, UseFreeManeuver(c["stone"], c["medb"], 0, c["king"]))
    assert len(s.game.waiting) == 1 and hand(s, me) == 0  # it waits, nothing drawn yet
    s = pass_until(s, "turn.summoning_2")
    assert len(s.game.waiting) == 1 and hand(s, me) == 0  # not at the end of this turn
    s = next_turn(s)  # the other player's turn starts: not yet
    assert len(s.game.waiting) == 1 and hand(s, me) == 0
    s = next_turn(s)  # my next turn: the delayed card, then the draw phase's two (6.2.2.1)
    assert not s.game.waiting
    assert hand(s, me) == 1 + 2


# --- effect:neutralize_ability (the Geis of Silence) ------------------------------------------


@pytest.mark.rule("5.5", "2.7", "3.9")
def test_effect_neutralize_ability_the_geis_of_silence_gags_odysseus_for_the_turn() -> None:
    # Morrígan (leader): a god
    # Lugh: a ruler: no god, no poet
    # Odysseus: reaction, counter: neutralise
    s = position(
        side(
            "Morrígan (high god)",
            leaders=(Leader("Morrígan (leader)"), Leader("Lugh")),
            hand=("Geis of Silence",),
            spheres=FULL,
        ),
        side(leaders=(Leader("Odysseus"),)),
        auto_pass=False,
    )
    other = 1
    morrigan, lugh = the(s, "Morrígan (leader)"), the(s, "Lugh")
    odysseus, geis = the(s, "Odysseus", other), the(s, "Geis of Silence")
    before, power_before = level(s.game, odysseus), power(s.game, other)
    assert before > 0
    with pytest.raises(mc.IllegalActionError, match=r"may not use Geis of Silence \(3\.9\)"):
        act(s, UseFreeManeuver(geis, lugh, 0, odysseus))
    gagged = play(s, UseFreeManeuver(geis, morrigan, 0, odysseus))
    assert neutralized(gagged.game, odysseus)
    assert level(gagged.game, odysseus) == 0  # no level
    assert card_type(gagged.game, odysseus) is CardType.LEADER  # keeps its types (2.7)
    assert power(gagged.game, other) == power_before
    # Lugh draws a card: Odysseus may answer it, unless gagged
    free = act(act(s, UseManeuver(lugh, 0)), Pass())
    assert free.to_act == other
    assert any(isinstance(a, UseManeuver) and a.user == odysseus for a in mc.legal_actions(free))
    answer = act(act(gagged, UseManeuver(lugh, 0)), Pass())
    assert answer.to_act == other and mc.legal_actions(answer) == (Pass(),)
    m = sample("Odysseus").maneuvers[0]
    reason = maneuvers.why_not_user(answer, other, odysseus, 0, m)
    assert reason is not None and "neutralised" in reason
    later = next_turn(gagged)  # this turn only
    assert not neutralized(later.game, odysseus) and level(later.game, odysseus) == before


# --- effect:retreat (the Ford of Retreat) ---------------------------------------------------


@pytest.mark.rule("7.4.10.1", "7.4.12", "3.9")
@pytest.mark.ruling("R-7.4.10.1-retreat")
def test_effect_retreat_the_ford_of_retreat_ends_a_lost_battle_without_a_loser() -> None:
    s, me, other = game("Zeus (high god)", "Morrígan (high god)", auto_pass=False)
    s, tyrant = put_leader(s, me, "Fomorian Tyrant")  # level 5; +1 force after a fight
    s, line = put_people(s, other, "Line", 0, 0)
    s, cheap = put_leader(s, other, "Cheap")  # level 2
    s, ford = to_hand(s, other, "Ford of Retreat")
    s = set_player(s, me, spheres=(3, 4, 2, 0))
    top = spheres(s, other)  # the Morrígan's maxima
    s = my_move(to_rounds(s, tyrant, line, cheap), other)
    fight = s.game.fight
    assert fight is not None and sides_compared(s.game, fight) is Outcome.ATTACKER
    goddess = s.game.players[other].high_god  # linked to the ford: may use it (3.9)
    assert UseFreeManeuver(ford, goddess, 0) in mc.legal_actions(s)
    lost = pass_until(lay_underworld(pass_rounds(s)), "turn.summoning_2")
    assert line in lost.game.players[other].underworld  # without the ford
    s = lay_underworld(play(s, UseFreeManeuver(ford, cheap, 0)))
    assert s.phase == "turn.summoning_2" and s.game.fight is None
    assert line in {x.card for x in s.game.players[other].empire}  # no loser
    assert tyrant in leaders(s, me) and cheap in leaders(s, other)
    assert spheres(s, other) == (top[0] - 2, *top[1:])  # paid 2 magic, nothing stolen
    assert spheres(s, me)[FORCE] == 1  # the fight still ends: the tyrant's effect (7.4.12)
    assert ford in s.game.players[other].underworld
