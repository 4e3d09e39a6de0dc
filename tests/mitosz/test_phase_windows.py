"""The active player's own phases (4.1, 6.1.4; ruling R-6.1.4-phases).

"Manővert bármely kör bármely fázisában használhatunk" (4.1) and "Ha egy fázisban minden
játékos passzol, kezdve azzal, akinek a köre van, a fázis véget ér" (6.1.4): at the end
of the start, draw and end phases, and in the combat phase before a fight, the player
whose turn it is may act first, and the phase ends when every player has passed in turn
order from it. Each player here holds an intrigue (the Banner), which may be summoned
whenever its player has the action (3.6).
"""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    Pass,
    PlayWithoutSummoning,
    Summon,
    ToUnderworld,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import Destroy, Every, Maneuver, Trigger
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.machine import Phase
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.flow import turn_phase
from mitosz_core.games.mitosz.state import ResponseFrame
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import RULESET, arena
from tests.mitosz.fixtures import (
    CROSS,
    TIMED_RULESET,
    act,
    build,
    put_leader,
    sea,
    set_player,
    sky,
    the,
    to_hand,
)


def _window(s: S) -> ResponseFrame | None:
    frame = s.game.frames[-1] if s.game.frames else None
    return frame if isinstance(frame, ResponseFrame) and frame.then else None


def _end_window(s: S) -> S:
    """Pass every decision until the end phase's window of this turn (the player whose
    turn it is passes its steps, the others pass their answers), or until the turn has
    passed to another player without one."""
    active = s.game.active
    while s.game.active == active and (turn_phase(s) is not Phase.END or _window(s) is None):
        s = act(s, Pass())
    return s


def _pass_others(s: S, me: int) -> S:
    """Pass for every player but ``me`` until ``me`` decides (or the phase moves on)."""
    while s.to_act != me:
        s = act(s, Pass())
    return s


@pytest.mark.rule("4.1", "6.1.4", "6.2.3.2", "6.2.4", "6.2.1", "6.2.2")
@pytest.mark.ruling("R-6.1.4-phases")
def test_the_active_player_acts_first_in_each_phase_of_its_own_turn() -> None:
    s, me, other = arena(auto_pass=False)
    s, first = to_hand(s, me, "Banner")
    s, second = to_hand(s, me, "Banner")
    s, theirs = to_hand(s, other, "Banner")
    # my first summoning step ends; the other player answers my pass and passes
    s = act(s, Pass())
    while turn_phase(s) is Phase.SUMMONING_1:
        s = act(s, Pass())
    # the combat phase: no fight can be started, yet I may use what affects one (7.3.5:
    # an intrigue) before the phase ends (its start, an event, is answered first)
    assert turn_phase(s) is Phase.COMBAT
    s = _pass_others(s, me)
    assert s.phase == "turn.combat.declare" and s.to_act == me
    assert mc.is_legal(s, Summon(first))
    s = act(s, Summon(first))
    while s.phase.startswith("counter"):
        s = act(s, Pass())
    s = _pass_others(s, me)  # the other player answers my intrigue
    assert s.phase == "turn.combat.declare" and s.to_act == me  # the phase is mine again
    s = act(s, Pass())  # my pass asks the other player, who passes: the phase ends
    s = _pass_others(act(s, Pass()), me)
    assert turn_phase(s) is Phase.SUMMONING_2 and s.to_act == me
    s = act(s, Pass())
    while _window(s) is None:  # the other player answers the events on the way
        assert s.to_act == other
        s = act(s, Pass())
    # the end phase, its steps done: I am asked first, then the other player
    window = _window(s)
    assert window is not None and window.host == "turn.end.effects"
    assert turn_phase(s) is Phase.END and s.game.active == me and s.to_act == me
    assert mc.is_legal(s, Summon(second))
    s = act(s, Pass())
    assert s.to_act == other and s.game.active == me
    s = act(s, Pass())
    # the other player's turn: its start phase ends with it asked first, then me
    assert s.game.active == other and turn_phase(s) is Phase.START and s.to_act == other
    assert mc.is_legal(s, Summon(theirs))
    s = act(s, Pass())
    assert turn_phase(s) is Phase.START and s.to_act == me
    s = act(s, Pass())
    # and its draw phase, after the draw
    assert turn_phase(s) is Phase.DRAW and s.to_act == other
    assert len(s.game.players[other].hand) == 3
    s = act(s, Pass())
    s = _pass_others(act(s, Pass()), other)  # I answer the new phase's start
    assert turn_phase(s) is Phase.SUMMONING_1 and s.to_act == other


@pytest.mark.rule("6.1.4", "4.1")
@pytest.mark.ruling("R-6.1.4-phases")
def test_an_answer_in_a_phase_window_gives_the_active_player_the_phase_back() -> None:
    s, me, other = arena(auto_pass=False)
    s, theirs = to_hand(s, other, "Banner")
    s, _ = to_hand(s, me, "Banner")
    s = act(s, Pass())
    while turn_phase(s) is not Phase.END or _window(s) is None:
        s = act(s, Pass())
    assert s.to_act == me
    s = act(s, Pass())
    assert s.to_act == other
    s = act(s, Summon(theirs))  # the other player acts after my pass
    while s.phase.startswith("counter"):
        s = act(s, Pass())
    # the run of passes is broken: I am asked again before the phase ends
    assert turn_phase(s) is Phase.END and s.game.active == me and s.to_act == me
    s = act(s, Pass())
    assert s.game.active == other  # nobody else holds anything: the turn ends


@pytest.mark.rule("6.1.4", "6.2.1", "6.2.2", "6.2.4")
@pytest.mark.ruling("R-6.1.4-phases")
def test_a_phase_where_nobody_holds_anything_usable_costs_no_decision() -> None:
    s, me, other = arena(auto_pass=False)  # every hand emptied, no maneuver on the board
    s = act(s, Pass())  # my second summoning step: no fight, nothing between them
    assert turn_phase(s) is Phase.SUMMONING_2 and s.to_act == me
    s = act(s, Pass())
    # the end phase, the other player's start and draw phases: no decision at all
    assert s.game.active == other and turn_phase(s) is Phase.SUMMONING_1
    assert s.game.frames == ()


@pytest.mark.rule("4.1", "6.1.4", "7.2.1", "6.2.3.1")
@pytest.mark.ruling("R-6.1.4-phases")
def test_the_active_player_plays_in_its_own_phases_only_what_may_be_played_at_any_time() -> None:
    s, me, _ = arena(auto_pass=False)
    s, banner = to_hand(s, me, "Banner")
    s, cheap = to_hand(s, me, "Cheap")  # a leader: summoned only in a summoning step
    s, sword = to_hand(s, me, "Sword")
    s, hero = put_leader(s, me, "Hero")
    s, thunder = put_leader(s, me, "Stormlord")  # Thunder: a combat maneuver
    s, turned = put_leader(s, me, "Stormlord", turned=True)
    s = act(s, Pass())
    while turn_phase(s) is Phase.SUMMONING_1:
        s = act(s, Pass())
    s = _pass_others(s, me)
    assert s.phase == "turn.combat.declare" and s.to_act == me
    assert Summon(banner) in mc.legal_actions(s)  # an intrigue may affect a fight (7.3.5)
    assert RULESET.why_not(s, UseManeuver(thunder, 0, None)) == (
        "Stormlord: before a fight is declared only the high god, fate, intrigues and a "
        "location's non-combat maneuver may be used in the combat phase (7.2.1, 7.3.5, 7.5.2)"
    )
    assert RULESET.why_not(s, UseManeuver(turned, 0, None)) == (
        "Stormlord is turned: a turned card uses only a permanent maneuver (3.4.1, 4.1, 4.2.6)"
    )
    assert RULESET.why_not(s, Summon(cheap)) == (
        "a leader is summoned only in one's own summoning step (6.2.3.1)"
    )
    # an item may be played without summoning at any time, but not before a fight (7.2.1)
    assert RULESET.why_not(s, PlayWithoutSummoning(sword, hero)) == (
        "before a fight is declared only the high god, fate, intrigues and a location's "
        "non-combat maneuver may be used in the combat phase (7.2.1, 7.3.5, 7.5.2)"
    )
    while turn_phase(s) is not Phase.SUMMONING_2:
        s = act(s, Pass())
    s = act(s, Pass())
    while _window(s) is None:
        s = act(s, Pass())
    assert turn_phase(s) is Phase.END and s.game.active == me and s.to_act == me
    assert RULESET.why_not(s, Summon(cheap)) == (
        "a leader is summoned only in one's own summoning step (6.2.3.1)"
    )
    assert mc.is_legal(s, Summon(banner))


@pytest.mark.rule("4.1", "6.1.4", "3.9")
@pytest.mark.ruling("R-6.1.4-phases")
def test_the_active_player_with_only_a_free_maneuver_in_hand_is_asked_in_its_own_phase() -> None:
    # 4.1 "Manővert bármely kör bármely fázisában használhatunk" (a maneuver may be used
    # in any phase of any turn): a free maneuver in hand, no maneuver on the board
    s, me, other = arena(auto_pass=False)
    s, hero = put_leader(s, me, "Hero")
    s, feint = to_hand(s, me, "Feint")  # an action, used by any leader
    s, theirs = put_leader(s, other, "Hero")  # the Feint's target
    s = set_player(s, me, spheres=(3, 3, 3, 3))  # the Feint's magic
    s = act(s, Pass())
    s = _end_window(s)
    assert s.game.active == me and turn_phase(s) is Phase.END and s.to_act == me
    assert mc.is_legal(s, UseFreeManeuver(feint, hero, target=theirs))


@pytest.mark.rule("6.1.4", "6.2.4", "6.2.1.3", "4.2.6")
@pytest.mark.ruling("R-6.1.4-phases")
def test_a_timed_ability_or_a_locked_effect_alone_asks_nobody_in_a_phase_window() -> None:
    # the Dawn Priest's start-of-turn ability takes hold by itself (6.2.1.3) and the
    # Banner's locked effect is no use (4.2.6): the player whose turn it is holds nothing
    # to act with, so the end phase's window asks the other player first
    s = build(
        sky(empire=CROSS, leaders=(Leader("Dawn Priest"),), intrigues=("Banner",)),
        sea(empire=CROSS, hand=("Banner",), spheres=(2, 4, 1, 5)),
        ruleset=TIMED_RULESET,
        auto_pass=False,
    )
    me, other = 0, 1
    s = act(s, Pass())
    s = _end_window(s)
    assert s.game.active == me and turn_phase(s) is Phase.END
    assert s.to_act == other and mc.is_legal(s, Summon(the(s, "Banner", other)))


@pytest.mark.rule("6.1.4", "6.2.4", "3.6")
@pytest.mark.ruling("R-6.1.4-phases")
def test_a_phase_window_opens_for_the_last_player_in_turn_order_alone() -> None:
    # "Ha egy fázisban minden játékos passzol, kezdve azzal, akinek a köre van, a fázis
    # véget ér" (6.1.4): of three players only the last in turn order holds anything (an
    # intrigue, summoned whenever its player has the action, 3.6); the end phase waits
    # for it
    s = build(
        sky(empire=CROSS),
        sea(empire=CROSS),
        sky(empire=CROSS, hand=("Banner",), spheres=(1, 1, 1, 1)),
        auto_pass=False,
    )
    me, last = 0, 2
    s = act(s, Pass())
    s = _end_window(s)
    assert s.game.active == me and turn_phase(s) is Phase.END
    assert s.to_act == last and mc.is_legal(s, Summon(the(s, "Banner", last)))


@pytest.mark.rule("6.1.4", "6.1.5", "6.2.4")
@pytest.mark.ruling("R-6.1.4-phases")
def test_in_a_phase_window_a_player_who_could_not_act_is_passed_over() -> None:
    # 6.1.4: "Ha egy fázisban minden játékos passzol, kezdve azzal, akinek a köre van, a
    # fázis véget ér" (when every player has passed in a phase, starting with the one
    # whose turn it is, the phase ends): after my pass the second player, who holds
    # nothing, passes by itself, and the third, who holds an intrigue (3.6), is asked
    s, me, second = arena(players=3, auto_pass=False)
    third = s.game.order[(s.game.order.index(me) + 2) % 3]
    s, _ = to_hand(s, me, "Banner")
    s, theirs = to_hand(s, third, "Banner")
    s = _end_window(s)
    assert s.game.active == me and s.to_act == me
    s = act(s, Pass())
    assert s.to_act == third and s.game.active == me
    assert _window(s) == ResponseFrame("turn.end.effects", third, ending=True, then="done")
    assert mc.is_legal(s, Summon(theirs))
    s = act(s, Pass())
    assert s.game.active == second and turn_phase(s) is not Phase.END


@pytest.mark.rule("6.1.4", "6.1.5", "6.2.4")
@pytest.mark.ruling("R-6.1.4-phases")
def test_a_phase_window_ends_when_nobody_can_act_after_an_answer() -> None:
    # the second player answers in my end phase's window; then neither the third, nor
    # I, nor the second hold anything more: every one of us passes by itself, and the
    # phase ends (6.1.4) without a decision of mine
    s, me, second = arena(players=3, auto_pass=False)
    s, theirs = to_hand(s, second, "Banner")
    s = _end_window(s)
    assert s.game.active == me and s.to_act == second  # I hold nothing: passed over
    s = act(s, Summon(theirs))
    while s.phase.startswith("counter"):
        s = act(s, Pass())
    assert theirs in s.game.players[second].realm.intrigues
    assert s.game.active == second and turn_phase(s) is not Phase.END


NIGHT_REAPER = fx.card(
    "Night Reaper",
    CardType.LEADER,
    level=2,
    maneuvers=(
        Maneuver(
            "Reap by night",
            Destroy(Every(fx.ENEMY_LEADERS)),
            trigger=Trigger.TURN_END,
        ),
    ),
)
"""A leader whose end-of-turn ability destroys every enemy leader: the end phase's own
work sends several cards of one player to the underworld at once (6.2.4.5, 1.4.2)."""
REAPER_RULESET = MitoszRuleset(pool={**fx.POOL, NIGHT_REAPER.key: NIGHT_REAPER})


def _reaped(hand: tuple[str, ...]) -> S:
    """My turn with the Reaper, ``hand`` in my hand, the other player's King and Hero in
    its row, played on to the order of the two leaders the Reaper destroys at the end of
    my turn (no window opened on the way)."""
    s = build(
        sky(empire=CROSS, leaders=(Leader("Night Reaper"),), hand=hand),
        sea(empire=CROSS, leaders=(Leader("King"), Leader("Hero"))),
        ruleset=REAPER_RULESET,
        auto_pass=False,
    )
    me = s.game.active
    s = act(s, Pass())
    while s.phase != "forced.underworld_order":
        assert s.game.active == me and _window(s) is None
        s = act(s, Pass())
    return s


@pytest.mark.rule("6.1.4", "6.2.4", "6.2.4.5", "1.4.2")
@pytest.mark.ruling("R-6.1.4-phases", "R-1.4.2-order")
def test_the_end_phase_window_opens_after_the_cards_its_work_destroyed_are_laid() -> None:
    # the Reaper's end-of-turn ability destroys both enemy leaders at once: their player
    # lays them in the order it chooses (1.4.2), and then the phase ends as every phase
    # does, when every player has passed starting with the one whose turn it is (6.1.4):
    # I, holding an intrigue (3.6), am asked first
    s = _reaped(("Banner",))
    me, other = 0, 1
    king, hero = the(s, "King", other), the(s, "Hero", other)
    assert s.to_act == other and set(mc.legal_actions(s)) == {
        ToUnderworld(king),
        ToUnderworld(hero),
    }
    s = act(s, ToUnderworld(hero))
    assert s.game.players[other].underworld[-2:] == (hero, king)
    window = _window(s)
    assert window is not None and window.host == "turn.end.effects"
    assert s.game.active == me and turn_phase(s) is Phase.END and s.to_act == me
    assert mc.is_legal(s, Summon(the(s, "Banner")))
    s = act(s, Pass())
    assert s.game.active == other and turn_phase(s) is not Phase.END


@pytest.mark.rule("6.1.4", "6.2.4", "1.4.2")
@pytest.mark.ruling("R-6.1.4-phases")
def test_the_end_phase_ends_by_itself_after_the_cards_are_laid_when_nobody_can_act() -> None:
    # as above, but nobody holds anything to act with: once the cards are laid, every
    # player passes by itself and the turn passes without a decision of mine
    s = _reaped(())
    other, turn = 1, s.turn
    s = act(s, ToUnderworld(the(s, "King", other)))
    assert s.game.limbo == () and s.turn == turn + 1 and s.game.active == other
