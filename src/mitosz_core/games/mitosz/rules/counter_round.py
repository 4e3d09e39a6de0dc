"""The counter round (*kontra kör*, 6.4) and the pending stack it resolves.

Every card played (6.3.5) and every maneuver used (4.6.4) is pushed on the pending stack
and opens a counter round: starting with the affected player (the controller of what it
targets, else the player whose turn it is), players in turn order use or play a counter
or locked effect, or pass (6.4.1; ruling R-6.4.1-responses: a deed of another kind
answers in the response of 6.1.4 that follows, :mod:`.events`). Such an answer is itself
an event and opens a new counter round over the same stack; the nesting depth is the
stack's height, with no limit. When everybody passes in a row, the whole stack
resolves, last in first out (ruling R-6.4.1-lifo): a counter effect resolves before the
event it acts on, "before it takes hold" (4.2.6).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from mitosz_core.errors import MachineError
from mitosz_core.games.mitosz.actions import (
    Choose,
    Pass,
    PlayFate,
    PlayWithoutSummoning,
    Summon,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.machine import Trigger
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.affected import affected_players
from mitosz_core.games.mitosz.rules.board import controller
from mitosz_core.games.mitosz.rules.flow import (
    Step,
    choice_of,
    counter_of,
    fire,
    in_counter_round,
    interrupt,
    open_counter_round,
    resume,
    to_choose,
    with_counter,
)
from mitosz_core.games.mitosz.rules.hooks import Answer, ResponseSource, Wiring
from mitosz_core.games.mitosz.rules.interpret import apply_todo
from mitosz_core.games.mitosz.rules.zones import (
    discard,
    take_back,
    to_underworld,
    update_player,
)
from mitosz_core.games.mitosz.state import (
    AnyPending,
    CardId,
    ChoicePurpose,
    CounterFrame,
    CounterRound,
    Game,
    ManeuverPending,
)
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule, dispatch
from mitosz_core.kernel.values import replace

Resolver = Callable[[S], S]
"""One unit of work of a counter round's ``resolve`` step."""

RESPONSES = (UseManeuver, UseFreeManeuver, PlayFate, Summon, PlayWithoutSummoning)
"""What a counter round may accept besides a pass (6.4.1): a counter or locked effect
used, bound, free or a fate, or played, an intrigue summoned or a card played without
summoning; the response sources (:class:`~.hooks.ResponseSource`) that make them are
handed in by the wiring (:mod:`mitosz_core.games.mitosz.wiring`)."""


def push(s: S, item: AnyPending) -> S:
    """Put an event on the pending stack and open a counter round over it (6.4.1): a
    response opens a new one over the same stack, any other deed interrupts its step."""
    game = s.game
    item = replace(item, id=game.next_id)
    game = replace(game, stack=(*game.stack, item), next_id=game.next_id + 1)
    game = game.with_turn(deeds=game.this_turn.deeds + 1)  # 6.1.4: the others may answer
    s = s.evolve(game=game)
    if in_counter_round(s):
        return fire(with_counter(s, None), Trigger.RESPOND)
    return interrupt(s, CounterFrame, Trigger.PLAY)


def affected_player(s: S, item: AnyPending) -> int:
    """6.4.1: whom the event affects; with several, the player whose turn it is. With no
    target, a maneuver's effect says whom it affects (ruling R-6.4.1-affected)."""
    if item.target is not None:
        side = controller(s.game, item.target)
        if side is not None:
            return side
    aimed = item.target_pending if isinstance(item, ManeuverPending) else None
    if aimed is not None:
        for other in s.game.stack:
            if other.id == aimed:
                return other.player
    if isinstance(item, ManeuverPending) and item.target is None and aimed is None:
        players = affected_players(s.game, item)
        if players is not None and len(players) == 1:
            (only,) = players
            return only
    return s.game.active


def open_round(s: S) -> S:
    """The ``open`` step: the affected player will decide first."""
    first = affected_player(s, s.game.stack[-1])
    return open_counter_round(with_counter(s, CounterRound(first)))


def responder(s: S) -> int:
    """Who decides now: in turn order from the affected player (6.4.1)."""
    counter = counter_of(s)
    order = s.game.order
    return order[(order.index(counter.first) + counter.passed) % len(order)]


# --- respond -----------------------------------------------------------------------------


def _source(a: Action, w: Wiring) -> ResponseSource[Any]:
    for source in w.sources:
        if isinstance(a, source.accepts):
            return source
    raise MachineError(f"no response source takes {a.kind}")


def respond_candidates(s: S, w: Wiring) -> Iterator[Action]:
    """A pass, then what each response source offers the responder, by rank."""
    player = responder(s)
    yield Pass()
    for source in w.sources:
        yield from source.candidates(s, player)


def respond_why_not(s: S, a: Action, w: Wiring) -> str | None:
    """Why the responder may not answer with ``a``, or ``None``."""
    if isinstance(a, Pass):
        return None
    return _source(a, w).why_not(s, responder(s), a)


def respond(s: S, a: Action, w: Wiring) -> S:
    """A pass, or the deed of the source that takes ``a``."""
    player = responder(s)
    if isinstance(a, Pass):
        counter = counter_of(s)
        passed = counter.passed + 1
        if passed < len(s.game.players):
            return with_counter(s, replace(counter, passed=passed))
        return fire(with_counter(s, None), Trigger.ALL_PASSED)
    return _source(a, w).perform(s, player, a)


def holds_nothing(s: S, w: Wiring) -> bool:
    """Whether the responder holds nothing that any of ``w``'s response sources could
    answer with (each source's cheap test, :attr:`~.hooks.ResponseSource.holds`): then
    its one legal action is the pass."""
    game = s.game
    player = responder(s)
    return all(source.holds is not None and not source.holds(game, player) for source in w.sources)


def respond_step(w: Wiring) -> Step[Game]:
    """The ``respond`` step, answered by the deeds of ``w``'s response sources."""
    return Step(
        accepts=(Pass, *RESPONSES),
        candidates=lambda s: respond_candidates(s, w),
        why_not=lambda s, a: respond_why_not(s, a, w),
        perform=lambda s, a: respond(s, a, w),
        decider=responder,
        only_pass=lambda s: holds_nothing(s, w),
    )


# --- resolve -----------------------------------------------------------------------------


def resolve_step(s: S, w: Wiring) -> S:
    """The ``resolve`` step: one unit of work per call. Queued effects first, then the top
    of the stack; an empty stack ends the counter round."""
    game = s.game
    if game.todo:
        todo = game.todo[0]
        s = apply_todo(s.evolve(game=replace(game, todo=game.todo[1:])), todo, w.handlers)
        return to_choose(s) if s.game.choice is not None else s
    if game.stack:
        item = game.stack[-1]
        s = s.evolve(game=replace(game, stack=game.stack[:-1]))
        resolve = w.resolvers.get(type(item))
        if resolve is None:
            raise MachineError(f"no module resolves pending {item.kind}")
        return resolve(s, item)
    return resume(release_lingering(s), Trigger.RESOLVED)


def release_lingering(s: S) -> S:
    """Free-maneuver and fate cards go to the underworld once no effect of theirs lasts
    (3.7, 3.9)."""
    game = s.game
    if not game.lingering:
        return s
    held = {e.free_card for e in game.effects}
    gone = tuple(c for c in game.lingering if c not in held)
    if not gone:
        return s
    s = s.evolve(game=replace(game, lingering=tuple(c for c in game.lingering if c in held)))
    return to_underworld(s, gone)


# --- choose ------------------------------------------------------------------------------


def _chooser(s: S) -> int:
    choice = choice_of(s)
    return choice.player


def choose_candidates(s: S) -> Iterable[Action]:
    """A pass if the choice may be declined (6.3.7), then each card to choose from."""
    choice = choice_of(s)
    declines: tuple[Action, ...] = (Pass(),) if choice.optional else ()
    return (*declines, *(Choose(c) for c in choice.options))


def why_not_choose(s: S, a: Choose) -> str | None:
    """Why ``a`` does not answer the choice being made, or ``None``."""
    choice = choice_of(s)
    if a.card not in choice.options:
        return f"#{a.card} is not one of the cards to choose from"
    return None


def why_not_decline(s: S, a: Pass) -> str | None:
    """Why the choice being made may not be declined, or ``None`` (6.3.7)."""
    choice = choice_of(s)
    return None if choice.optional else "choose one of the cards"


def decline(s: S, w: Wiring) -> S:
    """A pass declines an optional choice (6.3.7): its purpose's rule says what follows."""
    choice = choice_of(s)
    answer = w.answers.get(choice.purpose)
    if answer is None or answer.declined is None:
        raise MachineError(f"the choice {choice.purpose.value} cannot be declined")
    s = answer.declined(s)
    return s if s.game.choice is not None else fire(s, Trigger.CHOSEN)


def choose(s: S, a: Choose, w: Wiring) -> S:
    """The chosen card: its purpose's rule answers it (6.3.7: on-play choices; the
    counter round's own purposes, :data:`ANSWERS`)."""
    choice = choice_of(s)
    answer = w.answers.get(choice.purpose)
    if answer is None:
        raise MachineError(f"no module answers the choice {choice.purpose.value}")
    s = answer.chosen(s, a)
    return s if s.game.choice is not None else fire(s, Trigger.CHOSEN)


def _pick(s: S, a: Choose) -> S:
    """A card chosen for an effect's own choice: discarded, taken back, or found by a
    search; a choice of several cards asks again."""
    choice = choice_of(s)
    player = choice.player
    card: CardId = a.card
    if choice.purpose is ChoicePurpose.DISCARD:
        s = discard(s, card)
    elif choice.purpose is ChoicePurpose.TAKE_BACK:
        s = take_back(s, card)
    else:
        p = s.game.players[player]
        deck, rng = s.rng.shuffled(tuple(c for c in p.deck if c != card))
        s = update_player(s, player, deck=deck, hand=(*p.hand, card)).evolve(rng=rng)
        shown = (card,) if choice.purpose is ChoicePurpose.SEARCH else ()
        s = s.evolve(game=replace(s.game, revealed=shown))
    left = choice.count - 1
    options = tuple(c for c in choice.options if c != card)
    if left and options:
        return s.evolve(game=replace(s.game, choice=replace(choice, options=options, count=left)))
    return s.evolve(game=replace(s.game, choice=None))


ANSWERS = (
    Answer(ChoicePurpose.DISCARD, _pick),  # 1.5.1
    Answer(ChoicePurpose.TAKE_BACK, _pick),
    Answer(ChoicePurpose.SEARCH, _pick),  # 1.3.3: shown to everyone
    Answer(ChoicePurpose.SEARCH_HIDDEN, _pick),
)
"""The choices the effects themselves ask (:mod:`.interpret`): never declined."""


def choose_step(w: Wiring) -> Step[Game]:
    """The ``choose`` step, answered by ``w``'s answers."""
    return dispatch(
        (
            Rule(Choose, why_not_choose, lambda s, a: choose(s, a, w)),
            Rule(Pass, why_not_decline, lambda s, a: decline(s, w)),
        ),
        candidates=choose_candidates,
        decider=_chooser,
    )
