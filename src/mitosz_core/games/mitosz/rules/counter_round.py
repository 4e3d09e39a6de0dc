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
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

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
from mitosz_core.games.mitosz.effects.interpret import apply_todo
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
    resume,
)
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
    Pending,
)
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.compiled import mypyc_attr
from mitosz_core.kernel.steps import Rule, dispatch
from mitosz_core.kernel.values import replace

A = TypeVar("A", bound=Action)

Resolver = Callable[[S], S]
"""One unit of work of a counter round's ``resolve`` step."""

RESPONSES = (UseManeuver, UseFreeManeuver, PlayFate, Summon, PlayWithoutSummoning)
"""What a counter round may accept besides a pass (6.4.1): a counter or locked effect
used, bound, free or a fate, or played, an intrigue summoned or a card played without
summoning; the sources that make them register."""


def push(s: S, item: AnyPending) -> S:
    """Put an event on the pending stack and open a counter round over it (6.4.1): a
    response opens a new one over the same stack, any other deed interrupts its step."""
    game = s.game
    item = replace(item, id=game.next_id)
    game = replace(game, stack=(*game.stack, item), next_id=game.next_id + 1, counter=None)
    game = game.with_turn(deeds=game.this_turn.deeds + 1)  # 6.1.4: the others may answer
    s = s.evolve(game=game)
    if in_counter_round(s):
        return fire(s, Trigger.RESPOND)
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
    return fire(s.evolve(game=replace(s.game, counter=CounterRound(first))), Trigger.OPENED)


def responder(s: S) -> int:
    """Who decides now: in turn order from the affected player (6.4.1)."""
    counter = counter_of(s)
    order = s.game.order
    return order[(order.index(counter.first) + counter.passed) % len(order)]


# --- respond -----------------------------------------------------------------------------


@mypyc_attr(native_class=False)  # generic: mypyc cannot compile it
@dataclass(frozen=True, slots=True)
class ResponseSource(Generic[A]):
    """Deeds a player may answer with in a counter round (6.4.1), registered by the module
    of their rule (:func:`add_response_source`): the counter round knows none of them.
    Its handlers take the source's own action type ``A``: the step hands them only actions
    of the classes the source ``accepts``."""

    rank: int
    """Where the source's actions stand in the legal actions (lower first)."""
    accepts: tuple[type[A], ...]
    candidates: Callable[[S, int], Iterable[A]]
    why_not: Callable[[S, int, A], str | None]
    perform: Callable[[S, int, A], S]
    """Make the deed; it pushes its event with :func:`push`."""


_SOURCES: list[ResponseSource[Any]] = []

P = TypeVar("P", bound=Pending)

_RESOLVERS: dict[type[Pending], Callable[[S, Any], S]] = {}
"""How a pending item of each class resolves, taken off the stack (:func:`add_resolver`)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """How a choice of one purpose is answered in the ``choose`` step, registered by the
    module of its rule (:func:`add_answer`)."""

    chosen: Callable[[S, Choose], S]
    """What choosing a card does."""
    declined: Callable[[S], S] | None = None
    """What a pass does, for a purpose whose choices may be optional (6.3.7)."""


_ANSWERS: dict[ChoicePurpose, Answer] = {}


def add_response_source(source: ResponseSource[Any]) -> None:
    """Register the deeds of one rule as answers in counter rounds."""
    if any(other.rank == source.rank for other in _SOURCES):
        raise MachineError(f"two response sources of rank {source.rank}")
    _SOURCES.append(source)
    _SOURCES.sort(key=lambda other: other.rank)


def add_resolver(kind: type[P], resolve: Callable[[S, P], S]) -> None:
    """Register how pending items of class ``kind`` resolve: typed with that class."""
    if kind in _RESOLVERS:
        raise MachineError(f"two resolvers for pending {kind.kind}")
    _RESOLVERS[kind] = resolve


def add_answer(purpose: ChoicePurpose, answer: Answer) -> None:
    """Register how a choice of ``purpose`` is answered."""
    if purpose in _ANSWERS:
        raise MachineError(f"two answers for the choice {purpose.value}")
    _ANSWERS[purpose] = answer


def _source(a: Action) -> ResponseSource[Any]:
    for source in _SOURCES:
        if isinstance(a, source.accepts):
            return source
    raise MachineError(f"no response source takes {a.kind}")


def _respond_candidates(s: S) -> Iterator[Action]:
    player = responder(s)
    yield Pass()
    for source in _SOURCES:
        yield from source.candidates(s, player)


def _respond_why_not(s: S, a: Action) -> str | None:
    if isinstance(a, Pass):
        return None
    return _source(a).why_not(s, responder(s), a)


def _respond(s: S, a: Action) -> S:
    player = responder(s)
    if isinstance(a, Pass):
        counter = counter_of(s)
        passed = counter.passed + 1
        if passed < len(s.game.players):
            return s.evolve(game=replace(s.game, counter=replace(counter, passed=passed)))
        return fire(s.evolve(game=replace(s.game, counter=None)), Trigger.ALL_PASSED)
    return _source(a).perform(s, player, a)


RESPOND: Step[Game] = Step(
    accepts=(Pass, *RESPONSES),
    candidates=_respond_candidates,
    why_not=_respond_why_not,
    perform=_respond,
    decider=responder,
)


# --- resolve -----------------------------------------------------------------------------


def resolve_step(s: S) -> S:
    """The ``resolve`` step: one unit of work per call. Queued effects first, then the top
    of the stack; an empty stack ends the counter round."""
    game = s.game
    if game.todo:
        todo = game.todo[0]
        s = apply_todo(s.evolve(game=replace(game, todo=game.todo[1:])), todo)
        return fire(s, Trigger.CHOOSE) if s.game.choice is not None else s
    if game.stack:
        item = game.stack[-1]
        s = s.evolve(game=replace(game, stack=game.stack[:-1]))
        resolve = _RESOLVERS.get(type(item))
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


def _choose_candidates(s: S) -> Iterable[Action]:
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


def decline(s: S) -> S:
    """A pass declines an optional choice (6.3.7): its purpose's rule says what follows."""
    choice = choice_of(s)
    answer = _ANSWERS.get(choice.purpose)
    if answer is None or answer.declined is None:
        raise MachineError(f"the choice {choice.purpose.value} cannot be declined")
    s = answer.declined(s)
    return s if s.game.choice is not None else fire(s, Trigger.CHOSEN)


def choose(s: S, a: Choose) -> S:
    """The chosen card: its purpose's rule answers it, or the counter round's own
    purposes (discard, take back, search)."""
    choice = choice_of(s)
    answer = _ANSWERS.get(choice.purpose)
    if answer is not None:  # a purpose its own rule answers (6.3.7: on-play choices)
        s = answer.chosen(s, a)
        return s if s.game.choice is not None else fire(s, Trigger.CHOSEN)
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
    return fire(s.evolve(game=replace(s.game, choice=None)), Trigger.CHOSEN)


CHOOSE: Step[Game] = dispatch(
    (Rule(Choose, why_not_choose, choose), Rule(Pass, why_not_decline, lambda s, a: decline(s))),
    candidates=_choose_candidates,
    decider=_chooser,
)
