"""Events and the counter rounds they open (6.5.1, 6.1.4).

6.5.1 lists what opens a counter round: (1) a phase starting or ending, (2) a card
played, (3) a change to a high god's sphere points, (4) a card moving between hand, deck,
board, underworld and oblivion, (5) a maneuver used, (6) a counter effect, (7) a card
turned or turned back. Plays, maneuvers and counter effects wait on the pending stack
and open their own counter round (:mod:`.counter_round`). Every other event is *noticed*:
at each quiet moment (a state of the turn outside any counter round, with nothing
pending) the game is compared with what the last window saw (:class:`~..state.Seen`);
a difference is an event, and all events since the last window share one counter round,
the *event window* (ruling R-6.5.1-window). An event is never missed, however it came
about, because it is found by comparison and not announced by the code that caused it.

The window is a counter round over an :attr:`~..state.PendingKind.EVENT` item: the
players other than the one whose turn it is, in turn order from the next one, may
respond as in any counter round (ruling R-6.4.1-responses); the player whose turn it is
holds the action in its own steps (6.1.3, 6.1.4) and is not asked. A response is an
event itself and opens a counter round of its own, where everybody answers. Finding
out whether anybody can respond is cheap: a window opens only if some player has a
legal response, so nobody is asked only to pass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import chain

from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import Timing
from mitosz_core.games.mitosz.machine import Phase, Trigger
from mitosz_core.games.mitosz.rules import S, counter_round, maneuvers
from mitosz_core.games.mitosz.rules.board import board_cards
from mitosz_core.games.mitosz.rules.fights import rounds
from mitosz_core.games.mitosz.rules.flow import (
    Step,
    at_quiet_moment,
    fire,
    resume,
    turn_phase,
    with_frame,
)
from mitosz_core.games.mitosz.rules.summoning import may_play_anytime, plays
from mitosz_core.games.mitosz.state import (
    CounterRound,
    Game,
    Glance,
    Pending,
    PendingKind,
    Seen,
    WindowFrame,
)
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.values import replace


def seen_now(s: S) -> Seen:
    """What an event window notices (6.5.1): the phase, and for each player the sizes of
    the hidden zones, the public zones, the spheres and the board."""
    return Seen(
        turn_phase(s),
        tuple(
            Glance(
                len(p.deck),
                len(p.hand),
                p.underworld,
                p.oblivion,
                p.spheres,
                p.empire,
                p.leaders,
                p.intrigues,
            )
            for p in s.game.players
        ),
    )


def notice(s: S) -> S:
    """The state-based check of 6.5.1: at a quiet moment, open an event window if
    something happened since the last one and some player can respond to it."""
    game = s.game
    if not at_quiet_moment(s) or game.stack or game.todo or game.choice or game.limbo:
        return s
    now = seen_now(s)
    if game.seen == now:
        return s
    s = s.evolve(game=replace(game, seen=now))
    if game.seen is None:  # the game's first turn: nothing happened before it
        return s
    if not any(could_answer(s.game, player) for player in asked_players(s.game)):
        return s  # nobody holds anything to answer with: no window to probe
    window = _window(s)
    return fire(window, Trigger.EVENT) if can_respond(window) else s


def _window(s: S) -> S:
    """``s`` with an event on the pending stack, its counter round open at the first
    player who may respond, and its frame over the current step; the machine state is
    left for :func:`notice` to move."""
    game = s.game
    item = Pending(game.next_id, game.active, PendingKind.EVENT)
    s = s.evolve(
        game=replace(
            game, stack=(item,), next_id=game.next_id + 1, counter=CounterRound(game.active)
        )
    )
    return with_frame(s, WindowFrame)


def asked_players(game: Game) -> list[int]:
    """The players an event window asks, in turn order from the one after the active
    player (ruling R-6.5.1-window)."""
    order = game.order
    start = order.index(game.active)
    return [order[(start + k) % len(order)] for k in range(1, len(order))]


def could_answer(game: Game, player: int) -> bool:
    """Whether ``player`` holds anything that might answer an event at all (an index
    of possible responders: cheap, and necessary for a legal response)."""

    return _may_answer(game, player) or may_play_anytime(game, player)


def can_respond(window: S) -> bool:
    """Whether some player asked in ``window`` has a legal response other than passing.

    The step's own candidates and gate decide; a player who holds nothing that could
    answer (:func:`could_answer`) is not probed, and the maneuvers are only enumerated
    for a player with a card whose maneuver could answer at all (a counter or a
    reaction)."""

    counter = window.game.counter
    assert counter is not None
    asked = window.evolve(phase="window.respond")
    for passed in range(len(window.game.players) - 1):
        probe = asked.evolve(game=replace(asked.game, counter=replace(counter, passed=passed)))
        player = counter_round.responder(probe)
        answers = _may_answer(probe.game, player)
        if not answers and not may_play_anytime(probe.game, player):
            continue
        step = _respond_step(probe)
        options: Iterable[Action] = plays(probe, player, anytime_only=True)
        if answers:
            options = chain(options, maneuvers.candidates(probe, player))
        if any(step.why_not(probe, a) is None for a in options):
            return True
    return False


def _may_answer(game: Game, player: int) -> bool:
    """Whether ``player`` holds a card with a maneuver that answers in a counter round
    (6.4.1, 4.2.1): a counter or a reaction, on the board or a free maneuver in hand, or
    a fate in hand, used whenever its player has the action (3.7)."""
    cards = chain(board_cards(game, player), game.players[player].hand)
    return any(
        m.counter or m.timing is Timing.REACTION or game.card(card).type is CardType.FATE
        for card in cards
        for m in game.card(card).maneuvers
        if not m.locked
    )


def resolve_window(s: S) -> S:
    """The ``resolve`` step: the pending stack resolves as in any counter round; when it
    is empty, play goes on in the state where the event was noticed."""
    game = s.game
    if game.todo or game.stack:
        return _resolve(s)(s)
    return resume(counter_round.release_lingering(s), Trigger.RESUME)


def resolve_counter(s: S) -> S:
    """The ``resolve`` step of a counter round: inside a fight a troop joins its line
    (:func:`.fights.rounds.resolve_step`)."""
    return _resolve(s)(s)


def _in_fight(s: S) -> bool:
    return s.game.fight is not None and turn_phase(s) is Phase.COMBAT


def _resolve(s: S) -> counter_round.Resolver:
    return rounds.resolve_step if _in_fight(s) else counter_round.resolve_step


def _respond_step(s: S) -> Step[Game]:
    return rounds.RESPOND if _in_fight(s) else counter_round.RESPOND


def _choose_step(s: S) -> Step[Game]:
    return rounds.CHOOSE if _in_fight(s) else counter_round.CHOOSE


def _delegate(
    chooser: Callable[[S], Step[Game]], plain: Step[Game], fight: Step[Game]
) -> Step[Game]:
    """A counter-round or window step that follows the rules of where it happens: inside
    a fight, only what may affect the fight answers (7.2.1)."""

    def candidates(s: S) -> Iterable[Action]:
        return chooser(s).candidates(s)

    def why_not(s: S, a: Action) -> str | None:
        step = chooser(s)
        if not isinstance(a, step.accepts):
            return f"{a.kind} is not possible now"
        return step.why_not(s, a)

    def perform(s: S, a: Action) -> S:
        return chooser(s).perform(s, a)

    def decider(s: S) -> int:
        return chooser(s).decider(s)

    def settle(s: S) -> S | None:
        finish = chooser(s).settle
        return None if finish is None else finish(s)

    accepts = tuple(dict.fromkeys((*plain.accepts, *fight.accepts)))
    return Step(accepts, candidates, why_not, perform, decider, settle)


RESPOND = _delegate(_respond_step, counter_round.RESPOND, rounds.RESPOND)
CHOOSE = _delegate(_choose_step, counter_round.CHOOSE, rounds.CHOOSE)
