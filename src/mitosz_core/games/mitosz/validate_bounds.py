"""The Mítosz validator's checks of interruption data and of the turn's counters.

Part of :func:`~mitosz_core.games.mitosz.validate.validate_state`, run after the index
checks (every card id and player index is in range here). Each check refuses a state
that no game reaches, naming its rule:

- ``interruption``: the data of an interruption only while it is under way: a counter
  round's ``counter`` and ``stack`` while a counter round is (6.4.1), a ``choice`` in its
  step (6.3.7), a ``fight`` while a fight step is, and none left in the declaration
  step (chapter 7); no option of a choice and no pending item twice;
- ``fight``: a player fights another (a battle's or duel's two sides are one player
  only before the target or the challenged is chosen); no helper twice, nor one of the
  two sides (5.13); a war leader in a leader row leads a line of the side of the player
  who controls it, the side's main player or one of its helpers (7.3.2, 5.13). Control,
  not ownership: a stolen leader leads for its taker (5.2); and a war leader that has
  left the leader row leads no more (:func:`~.rules.fights.core.war_leaders`), so it is
  not checked.
- ``permit``: a permit (3.4.3) is given to another player, once;
- ``marker``: markers (5.10) lie on cards on the board (1.2.6);
- ``round-mark``: a round (6.1.3) begun in a turn that has begun;
- ``turn-counter``: the deeds of a turn (6.5.1) count its plays and uses, so each use
  (4.2.6) is a deed, and no turn takes more deeds than a game takes decisions;
- ``event-window``: what the last event window saw (6.5.1) names cards of the game.
"""

from __future__ import annotations

from mitosz_core.games.mitosz.machine import (
    COUNTER_CHOOSE_STEPS,
    COUNTER_LEAVES,
    COUNTER_RESPOND_STEPS,
)
from mitosz_core.games.mitosz.rules.board import board_cards, held_cards, leader_slot
from mitosz_core.games.mitosz.rules.maneuvers import TURNING
from mitosz_core.games.mitosz.state import CounterFrame, Game
from mitosz_core.kernel.state import State
from mitosz_core.kernel.validation import (
    GAME,
    check_index,
    check_indices,
    check_range,
    fail,
)

BATTLE = "turn.combat.battle."
DUEL = "turn.combat.duel."
DECLARE = "turn.combat.declare"
UNCHOSEN = frozenset((f"{BATTLE}target", f"{DUEL}challenger", f"{DUEL}challenged"))
"""The fight steps before the other side is known: the attacker stands for both."""
MAX_DEEDS = 10_000
"""No turn takes more deeds than a game takes decisions (ruling R-1.3.4-length)."""


def check_interruptions(state: State[Game]) -> None:
    """The interruption data against the machine state and the frames."""
    game = state.game
    if state.is_over:
        return
    places = (state.phase, *(frame.host for frame in game.frames))
    counting = state.phase in COUNTER_LEAVES or any(
        isinstance(frame, CounterFrame) for frame in game.frames
    )
    for i, frame in enumerate(game.frames):
        if isinstance(frame, CounterFrame) and frame.round is not None:
            now = state.phase if i == len(game.frames) - 1 else game.frames[i + 1].host
            if now not in COUNTER_RESPOND_STEPS:
                fail(
                    f"{GAME}.frames[{i}].round",
                    "interruption",
                    "a counter round's data while its players are not responding",
                )
    if game.stack and not counting:
        fail(f"{GAME}.stack", "interruption", "pending items while no counter round is under way")
    if game.choice is not None:
        if not any(step in places for step in COUNTER_CHOOSE_STEPS):
            fail(f"{GAME}.choice", "interruption", "a choice outside the step of choosing")
        options = game.choice.options
        if len(set(options)) != len(options):
            fail(f"{GAME}.choice.options", "interruption", "an option listed twice")
    ids = [item.id for item in game.stack]
    for j, item in enumerate(game.stack):
        if not 1 <= item.id < game.next_id or ids.index(item.id) != j:
            fail(f"{GAME}.stack[{j}].id", "interruption", "a pending item listed twice")
    if game.fight is not None:
        if DECLARE in places:
            fail(f"{GAME}.fight", "interruption", "a fight left in the declaration step")
        if not any(p.startswith((BATTLE, DUEL)) for p in places):
            fail(f"{GAME}.fight", "interruption", "a fight while no fight step is under way")
        _fight_sides(game, places)


def _fight_sides(game: Game, places: tuple[str, ...]) -> None:
    fight = game.fight
    assert fight is not None
    at = f"{GAME}.fight"
    step = next(p for p in reversed(places) if p.startswith((BATTLE, DUEL)))
    if fight.attacker == fight.defender:
        if step not in UNCHOSEN:
            fail(f"{at}.defender", "fight", "a player does not fight themself")
        return
    helpers = [who for who, _ in fight.helpers]
    for j, who in enumerate(helpers):
        if who in (fight.attacker, fight.defender) or helpers.index(who) != j:
            fail(f"{at}.helpers[{j}]", "fight", f"player {who} cannot help here (5.13)")
    for side, name in enumerate(("attack", "defend")):
        players = {fight.attacker if side == 0 else fight.defender}
        players.update(who for who, helped in fight.helpers if helped == side)
        for j, leader in enumerate(getattr(fight, name)):
            found = None if leader is None else leader_slot(game, leader)
            if found is not None and found[0] not in players:
                fail(
                    f"{at}.{name}[{j}]",
                    "fight",
                    f"player {found[0]}'s leader #{leader} leads a line of the other side "
                    "(7.3.2, 5.13; a stolen leader leads for its taker, 5.2)",
                )


def check_counters(state: State[Game]) -> None:
    """Permits, markers, round marks and the turn's counters."""
    game = state.game
    for j, (grantor, grantee) in enumerate(game.permits):
        if grantor == grantee or game.permits.index((grantor, grantee)) != j:
            fail(f"{GAME}.permits[{j}]", "permit", "a permit goes to another player, once (3.4.3)")
    if game.markers:
        board = set(held_cards(game))
        for i in range(len(game.players)):
            board.update(board_cards(game, i))
        for j, marker in enumerate(game.markers):
            if marker.card not in board:
                fail(f"{GAME}.markers[{j}].card", "marker", "a marker lies on a card on the board")
    marks = [(f"{GAME}.deckout", game.deckout)]
    marks += [(f"{GAME}.players[{i}].hold", p.hold) for i, p in enumerate(game.players)]
    for path, mark in marks:
        if mark is not None and mark.turn > state.turn:
            fail(f"{path}.turn", "round-mark", f"turn {mark.turn} has not begun (6.1.3)")
    turn = game.this_turn
    at = f"{GAME}.this_turn"
    check_range(turn.deeds, 0, MAX_DEEDS, f"{at}.deeds", "turn-counter", "the turn's deeds")
    if game.seen is not None:
        check_range(game.seen.deeds, 0, MAX_DEEDS, f"{GAME}.seen.deeds", "turn-counter", "deeds")
        _event_window(game)
    uses = sum(1 for _, index in turn.used if index != TURNING)  # a mark beside a use
    if uses > turn.deeds:
        fail(
            f"{at}.used",
            "turn-counter",
            f"{uses} uses in a turn of {turn.deeds} deeds: each use is a deed (6.5.1)",
        )


def _event_window(game: Game) -> None:
    """What the event window saw (6.5.1) names cards of the game, on cells in range."""
    assert game.seen is not None
    ids = len(game.instances)
    for i, glance in enumerate(game.seen.players):
        at = f"{GAME}.seen.players[{i}]"
        check_range(glance.deck, 0, ids, f"{at}.deck", "event-window", "a deck's size")
        for name in ("hand", "underworld", "oblivion", "intrigues"):
            check_indices(getattr(glance, name), ids, f"{at}.{name}", "event-window", "card")
        for j, slot in enumerate(glance.empire):
            check_index(slot.card, ids, f"{at}.empire[{j}].card", "event-window", "card")
        for j, leader in enumerate(glance.leaders):
            check_index(leader.card, ids, f"{at}.leaders[{j}].card", "event-window", "card")
