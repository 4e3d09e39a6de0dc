"""The counter round (*kontra kör*, 6.4) and the pending stack it resolves.

Every card played (6.3.5) and every maneuver used (4.6.4) is pushed on the pending stack
and opens a counter round: starting with the affected player (the controller of what it
targets, else the player whose turn it is), players in turn order use a counter effect or
pass (6.4.1; ruling R-6.4.1-responses: a deed of another kind answers in the response of
6.1.4 that follows, :mod:`.events`). A counter effect is itself an event and opens a new
counter round over the same stack; the nesting depth is the stack's height, with no
limit. When everybody passes in a row, the whole stack resolves, last in first out
(ruling R-6.4.1-lifo): a counter effect resolves before the event it acts on, "before
it takes hold" (4.2.6).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from mitosz_core.games.mitosz.actions import (
    Choose,
    Pass,
    PlayFate,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.effects.interpret import apply_todo
from mitosz_core.games.mitosz.effects.language import (
    ChangeLevel,
    Duration,
    Peek,
    Reveal,
    Sacrifice,
    User,
)
from mitosz_core.games.mitosz.machine import Trigger
from mitosz_core.games.mitosz.rules import S, maneuvers
from mitosz_core.games.mitosz.rules.board import controller
from mitosz_core.games.mitosz.rules.flow import Step, fire, in_counter_round, interrupt, resume
from mitosz_core.games.mitosz.rules.levels import maneuver_level
from mitosz_core.games.mitosz.rules.zones import (
    discard,
    take_back,
    to_underworld,
    update_player,
)
from mitosz_core.games.mitosz.state import (
    CardId,
    ChoicePurpose,
    CounterFrame,
    CounterRound,
    Pending,
    PendingKind,
    Todo,
)
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.values import replace

Resolver = Callable[[S], S]
"""One unit of work of a counter round's ``resolve`` step."""

RESPONSES = (UseManeuver, UseFreeManeuver, PlayFate)
"""What answers in a counter round: a counter effect, bound, free or a fate (6.4.1)."""


def push(s: S, item: Pending) -> S:
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


def affected_player(s: S, item: Pending) -> int:
    """6.4.1: whom the event affects; with several, the player whose turn it is."""
    if item.target is not None:
        side = controller(s.game, item.target)
        if side is not None:
            return side
    if item.target_pending is not None:
        for other in s.game.stack:
            if other.id == item.target_pending:
                return other.player
    return s.game.active


def open_round(s: S) -> S:
    """The ``open`` step: the affected player will decide first."""
    first = affected_player(s, s.game.stack[-1])
    return fire(s.evolve(game=replace(s.game, counter=CounterRound(first))), Trigger.OPENED)


def responder(s: S) -> int:
    """Who decides now: in turn order from the affected player (6.4.1)."""
    counter = s.game.counter
    assert counter is not None
    order = s.game.order
    return order[(order.index(counter.first) + counter.passed) % len(order)]


# --- respond -----------------------------------------------------------------------------


def _respond_candidates(s: S) -> Iterator[Action]:
    player = responder(s)
    yield Pass()
    yield from maneuvers.candidates(s, player)


def _respond_why_not(s: S, a: Action) -> str | None:
    if isinstance(a, Pass):
        return None
    assert isinstance(a, UseManeuver | UseFreeManeuver | PlayFate)
    return maneuvers.why_not(s, responder(s), a)


def _respond(s: S, a: Action) -> S:
    player = responder(s)
    if isinstance(a, Pass):
        counter = s.game.counter
        assert counter is not None
        passed = counter.passed + 1
        if passed < len(s.game.players):
            return s.evolve(game=replace(s.game, counter=replace(counter, passed=passed)))
        return fire(s.evolve(game=replace(s.game, counter=None)), Trigger.ALL_PASSED)
    assert isinstance(a, UseManeuver | UseFreeManeuver | PlayFate)
    s, item = maneuvers.perform(s, player, a)
    return push(s, item)


RESPOND = Step(
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
        if item.kind is PendingKind.PLAY:
            from mitosz_core.games.mitosz.rules.summoning import resolve_play

            s = resolve_play(s, item)
            return fire(s, Trigger.CHOOSE) if s.game.choice is not None else s  # 6.3.7
        return _resolve_maneuver(s, item)
    return resume(release_lingering(s), Trigger.RESOLVED)


def _resolve_maneuver(s: S, item: Pending) -> S:
    """4.6.5-4.6.7: conditions, the effect (with the maneuver's level), the sacrifice."""
    game = s.game
    m = maneuvers.maneuver_of(game, item)
    if item.rune is not None:  # 8.rune: attached by a scribe, or used on its card only
        from mitosz_core.games.mitosz.rules.attachments import rune_resolution

        s, found, m = rune_resolution(s, item, m)
        if found is None:
            return s
        item, game = found, s.game
    if item.neutralized:
        if item.card is not None:  # a free maneuver or fate goes to the underworld
            return to_underworld(s, (item.card,))
        assert item.user is not None
        return s.evolve(game=game.with_turn(blocked=(*game.blocked, (item.user, item.maneuver))))
    s, holds = _conditions(s, item)
    source = item.user if item.user is not None else item.card
    base = Todo(m.effect, item.player, source, item.target, item.target_pending, item.card)
    todos: list[Todo] = []
    if holds:
        repeats = item.times if m.per is not None else 1
        for effect in maneuvers.effects_of(m, item.steps):
            todos.extend(replace(base, effect=effect) for _ in range(repeats))
        given = maneuver_level(s.game, item.player, m.level, item.card, item.user)  # 5.8
        if given and item.user is not None:
            duration = Duration.COMBAT if maneuvers.in_combat(s) else Duration.TURN
            todos.append(replace(base, effect=ChangeLevel(User(), given, duration)))
    if m.sacrifices_user and item.user is not None:
        todos.append(replace(base, effect=Sacrifice(User())))
    game = s.game
    if item.card is not None and m.counter and maneuvers.is_fate(game, item):
        # 3.7: a counter fate goes to the underworld right after use, whatever rounds it
        # names, and its effect ends: it makes no lasting effect
        s = s.evolve(game=replace(game, todo=(*todos, *game.todo)))
        return to_underworld(s, (item.card,))
    lingering = game.lingering if item.card is None else (*game.lingering, item.card)
    return s.evolve(game=replace(game, todo=(*todos, *game.todo), lingering=lingering))


def _conditions(s: S, item: Pending) -> tuple[S, bool]:
    """4.2.3: reveal the top card of an enemy deck (it goes to the bottom), or peek at a
    random card of an enemy hand; with nothing to look at, the effect fails."""
    m = maneuvers.maneuver_of(s.game, item)
    enemy = _enemy(s, item)
    for condition in m.conditions:
        if isinstance(condition, Reveal):
            deck = s.game.players[enemy].deck
            if not deck:
                return s, False
            top = deck[0]
            s = update_player(s, enemy, deck=(*deck[1:], top))
            s = s.evolve(game=replace(s.game, revealed=(top,)))
            if condition.test is not None and not condition.test.holds(
                s.game.card(top).card_number
            ):
                return s, False
        elif isinstance(condition, Peek):
            hand = s.game.players[enemy].hand
            if not hand:
                return s, False
            index, rng = s.rng.below(len(hand))
            card = hand[index]
            s = s.evolve(rng=rng, game=replace(s.game, peeked=(item.player, card)))
            if condition.test is not None and not condition.test.holds(
                s.game.card(card).card_number
            ):
                return s, False
    return s, True


def _enemy(s: S, item: Pending) -> int:
    """The enemy whose deck or hand a condition looks at: the target's player if that is
    an enemy, else the next opponent in turn order (ruling R-4.2.3-enemy)."""
    if item.target is not None:
        side = controller(s.game, item.target)
        if side is not None and side != item.player:
            return side
    order = s.game.order
    return order[(order.index(item.player) + 1) % len(order)]


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
    choice = s.game.choice
    assert choice is not None
    return choice.player


def _choose_candidates(s: S) -> Iterable[Action]:
    choice = s.game.choice
    assert choice is not None
    declines: tuple[Action, ...] = (Pass(),) if choice.optional else ()
    return (*declines, *(Choose(c) for c in choice.options))


def _choose_why_not(s: S, a: Action) -> str | None:
    choice = s.game.choice
    assert choice is not None
    if isinstance(a, Pass):
        return None if choice.optional else "choose one of the cards"
    assert isinstance(a, Choose)
    if a.card not in choice.options:
        return f"#{a.card} is not one of the cards to choose from"
    return None


def _choose(s: S, a: Action) -> S:
    choice = s.game.choice
    assert choice is not None
    if choice.purpose is ChoicePurpose.ON_PLAY:  # 6.3.7
        from mitosz_core.games.mitosz.rules.triggers import answer_on_play

        s = answer_on_play(s, a)
        return s if s.game.choice is not None else fire(s, Trigger.CHOSEN)
    assert isinstance(a, Choose)
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


CHOOSE = Step(
    accepts=(Choose, Pass),
    candidates=_choose_candidates,
    why_not=_choose_why_not,
    perform=_choose,
    decider=_chooser,
)
