"""The interpreter of the effect language: one ``match`` over the closed set of effects.

A resolving maneuver's effect is queued as :class:`~..state.Todo` items; each call of
:func:`apply_todo` makes one take hold. An effect that needs a player's choice (which
cards to discard, which card a search takes) sets :attr:`Game.choice` and the counter
round's ``choose`` step asks for it; the rest of the queue waits.

The effects of a fight's own procedure (arrow volley, poison, fear, a forced retreat) and
stealing (5.2, which may ask where a stolen card goes) take hold through the module of
their rule, which exports a :class:`Handles` value for each (:data:`DELEGATED`); the
caller hands :func:`apply_todo` the table of them built once from explicit lists
(:mod:`mitosz_core.games.mitosz.wiring`): the interpreter knows no module above it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, assert_never

from mitosz_core.errors import MachineError
from mitosz_core.games.mitosz.cards import PERMANENT_TYPES, SPHERES, CardType
from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    AnyTarget,
    ArrowVolley,
    AttachLeader,
    BecomeType,
    ChangeLevel,
    ChangePower,
    Chosen,
    CounterPlay,
    Delayed,
    Destroy,
    Discard,
    Draw,
    Duration,
    Effect,
    Every,
    Exile,
    Fear,
    GainSpheres,
    Grant,
    LoseSpheres,
    MakeImmune,
    Maneuver,
    Neutralize,
    NeutralizeAbility,
    PlayerPermission,
    Poison,
    Retreat,
    ReturnToHand,
    Sacrifice,
    Search,
    Sequence,
    SetHandSize,
    SetLevel,
    Steal,
    StealSpheres,
    TakeBack,
    Timing,
    Trigger,
    TurnBackCards,
    TurnCards,
    User,
    Who,
)
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.attachments import attach_leaders
from mitosz_core.games.mitosz.rules.board import (
    controller,
    destroy_all,
    is_cursed,
    remove_all_to_underworld,
    remove_to_hand,
    remove_to_oblivion,
    set_turned,
)
from mitosz_core.games.mitosz.rules.continuous import Lasting, card_type, immune, source_kinds
from mitosz_core.games.mitosz.rules.fights.core import reach_of
from mitosz_core.games.mitosz.rules.high_god import maxima
from mitosz_core.games.mitosz.rules.maneuvers import counterable
from mitosz_core.games.mitosz.rules.selection import matches, matching
from mitosz_core.games.mitosz.rules.selectors import def_matches
from mitosz_core.games.mitosz.rules.zones import draw, to_underworld, update_player
from mitosz_core.games.mitosz.state import (
    ActiveEffect,
    CardId,
    Choice,
    ChoicePurpose,
    Game,
    Marker,
    PlayPending,
    Todo,
    Waiting,
)
from mitosz_core.kernel.compiled import mypyc_attr
from mitosz_core.kernel.values import replace

DESTROYABLE = (PERMANENT_TYPES | {CardType.TROOP}) - {CardType.HIGH_GOD}
"""Only permanents and troops can be destroyed (5.1); never the high god (3.1). The
card's current type decides (5.16, :func:`~.continuous.card_type`)."""


E = TypeVar("E", bound=Effect)

Handler = Callable[[S, Todo, E], S]
"""How an effect that belongs to a rule above the interpreter takes hold."""

Handlers = Mapping[type[Effect], Handler[Any]]
"""The handler of each :data:`DELEGATED` effect class."""


@mypyc_attr(native_class=False)  # generic: mypyc cannot compile it
@dataclass(frozen=True, slots=True)
class Handles(Generic[E]):
    """How effects of class ``kind`` take hold, exported by the module of their rule."""

    kind: type[E]
    handler: Handler[E]


DELEGATED: tuple[type[Effect], ...] = (ArrowVolley, Poison, Fear, Retreat, Steal)
"""The effects that take hold through the module of their rule (a fight's procedure,
stealing): the one ``case`` of :func:`apply_todo` that reads the handlers names these."""


def _delegated(s: S, todo: Todo, effect: Effect, handlers: Handlers) -> S:
    handler = handlers.get(type(effect))
    if handler is None:
        raise MachineError(f"no module handles the effect {type(effect).__name__}")
    return handler(s, todo, effect)


PLAYER_EFFECTS = (
    Draw,
    Discard,
    Search,
    TakeBack,
    GainSpheres,
    LoseSpheres,
    StealSpheres,
    SetHandSize,
    PlayerPermission,
)
"""Effects on players, not on cards: their hands, decks, underworlds and spheres."""


def _held_to_the_fight(game: Game, todo: Todo) -> bool:
    """7.2.1: whether ``todo`` comes from a card taking part in the fight under way, which
    may affect only the fight and its cards, so no player's hand, deck or spheres (ruling
    R-7.2.1-every). A text written for fights alone says otherwise (G2): a troop's (a
    troop is played only into a fight), a combat maneuver's, and once the fight is
    decided its end-of-fight effects (7.4.12)."""
    fight = game.fight
    if fight is None or fight.outcome is not None or reach_of(game, todo.source) is None:
        return False
    return not _written_for_fights(game, todo)


def _written_for_fights(game: Game, todo: Todo) -> bool:
    source = todo.source
    if source is None:
        return False
    if game.card(source).type is CardType.TROOP or card_type(game, source) is CardType.TROOP:
        return True
    return _of_combat_maneuver(game, todo)


def _of_combat_maneuver(game: Game, todo: Todo) -> bool:
    """Whether ``todo`` is (a part of) the effect of a combat maneuver (4.2.1 "Harci")."""
    for card in (todo.free_card, todo.source):
        if card is None:
            continue
        for m in game.card(card).maneuvers:
            if m.timing is Timing.COMBAT and any(_same(todo.effect, e) for e in _effects_of(m)):
                return True
    return False


def _same(queued: AnyEffect, printed: AnyEffect) -> bool:
    """Whether ``queued`` is ``printed``, or its share for one of the players it names
    (a discard is queued per player, :func:`_discard`)."""
    if isinstance(queued, Discard) and isinstance(printed, Discard):
        return queued.count == printed.count
    return queued == printed


def _effects_of(m: Maneuver) -> tuple[AnyEffect, ...]:
    """Every effect a maneuver may queue: its own and its steps', with their parts."""
    found: list[AnyEffect] = []
    todo: list[AnyEffect] = [m.effect, *(step.effect for step in m.steps)]
    while todo:
        e = todo.pop()
        found.append(e)
        if isinstance(e, Sequence):
            todo.extend(e.effects)
        elif isinstance(e, Delayed):
            todo.append(e.effect)
    return tuple(found)


def apply_todo(s: S, todo: Todo, handlers: Handlers) -> S:
    """Make one queued effect take hold; ``handlers`` make the :data:`DELEGATED` ones."""
    e = todo.effect
    me = todo.player
    if isinstance(e, PLAYER_EFFECTS) and _held_to_the_fight(s.game, todo):
        return s  # 7.2.1: a fighting card affects only the fight (ruling R-7.2.1-every)
    match e:
        case Destroy(target):
            # at once (1.4.2); a region takes its people with it (8.region)
            return destroy_all(s, [c for c in targets(s, todo, target) if _movable(s, c)])
        case Sacrifice(target):
            game = s.game
            return remove_all_to_underworld(  # at once (1.4.2)
                s,
                [
                    card
                    for card in targets(s, todo, target)
                    if controller(game, card) == me  # 1.2.4, 5.11: one's own, on the board
                    and not is_cursed(game, card)  # 2.4, 8.rune
                    and card_type(game, card) in DESTROYABLE
                ],
            )
        case ReturnToHand(target):
            for card in targets(s, todo, target):
                if _movable(s, card):
                    s = remove_to_hand(s, card)
            return s
        case Exile(target):
            for card in targets(s, todo, target):
                if _movable(s, card):
                    s = remove_to_oblivion(s, card)
            return s
        case TurnCards(target):
            return set_turned(s, targets(s, todo, target), True)
        case TurnBackCards(target):
            return set_turned(s, targets(s, todo, target), False)
        case Neutralize():
            return _neutralize(s, todo, e)
        case CounterPlay(types):
            return _counter_play(s, todo, types)
        case Draw(count, who):
            for player in _players(s, me, who):
                s = draw(s, player, count)
            return s
        case Discard(count, who):
            return _discard(s, todo, count, who)
        case Search(cards):
            p = s.game.players[me]
            options = tuple(c for c in p.deck if def_matches(s.game, c, cards))
            if not options:
                shuffled, rng = s.rng.shuffled(p.deck)
                return update_player(s, me, deck=shuffled).evolve(rng=rng)
            restricted = cards != type(cards)()
            purpose = ChoicePurpose.SEARCH if restricted else ChoicePurpose.SEARCH_HIDDEN
            return _choose(s, Choice(me, purpose, options))
        case TakeBack(cards):
            p = s.game.players[me]
            options = tuple(c for c in p.underworld if def_matches(s.game, c, cards))
            return _choose(s, Choice(me, ChoicePurpose.TAKE_BACK, options)) if options else s
        case GainSpheres(sphere, amount, who):
            i = SPHERES.index(sphere)
            for player in _players(s, me, who):
                spheres = list(s.game.players[player].spheres)
                top = maxima(s.game, player)[i]
                spheres[i] = max(spheres[i], min(top, spheres[i] + amount))
                s = update_player(s, player, spheres=tuple(spheres))
            return s
        case LoseSpheres(sphere, amount, who):
            i = SPHERES.index(sphere)
            for player in _players(s, me, who):
                spheres = list(s.game.players[player].spheres)
                spheres[i] = max(0, spheres[i] - amount)
                s = update_player(s, player, spheres=tuple(spheres))
            return s
        case StealSpheres(sphere, amount):
            i = SPHERES.index(sphere)
            for player in _players(s, me, Who.EACH_OPPONENT):
                theirs = list(s.game.players[player].spheres)
                taken = min(amount, theirs[i])
                theirs[i] -= taken
                mine = list(s.game.players[me].spheres)
                top = maxima(s.game, me)[i]  # 3.1: never above the maximum but by spoils
                mine[i] = max(mine[i], min(top, mine[i] + taken))  # ruling R-3.1-steal
                s = update_player(s, player, spheres=tuple(theirs))
                s = update_player(s, me, spheres=tuple(mine))
            return s
        case ChangeLevel(target, amount, duration) if duration is Duration.MARKER:
            markers = tuple(Marker(c, level=amount) for c in targets(s, todo, target))
            return s.evolve(game=replace(s.game, markers=(*s.game.markers, *markers)))
        case ChangePower(target, amount, duration) if duration is Duration.MARKER:
            markers = tuple(Marker(c, power=amount) for c in targets(s, todo, target))
            return s.evolve(game=replace(s.game, markers=(*s.game.markers, *markers)))
        case (
            ChangeLevel(target)
            | SetLevel(target)
            | ChangePower(target)
            | Grant(target)
            | MakeImmune(target)
            | NeutralizeAbility(target)
            | BecomeType(target)
        ):
            return _lasting_on_cards(s, todo, target)
        case AttachLeader(target, onto, release):
            hosts = targets(s, todo, onto)
            return attach_leaders(s, targets(s, todo, target), hosts, release)  # 5.15
        case Delayed(when, effect):
            return _delay(s, todo, when, effect)
        case SetHandSize() | PlayerPermission():
            return _add_effect(s, todo, None)
        case Sequence(effects):
            queued = tuple(replace(todo, effect=sub) for sub in effects)
            return s.evolve(game=replace(s.game, todo=(*queued, *s.game.todo)))
        case ArrowVolley() | Poison() | Fear() | Retreat() | Steal():
            return _delegated(s, todo, e, handlers)
        case _:
            assert_never(e)


# --- targets ----------------------------------------------------------------------------


def _movable(s: S, card: CardId) -> bool:
    """Whether ``card`` can be destroyed, returned or exiled now: it is still on the board
    (1.2.3, 1.2.5; an earlier card of the same effect may have taken it along) and of a
    type that can be (5.1), by its current type (5.16)."""
    return controller(s.game, card) is not None and card_type(s.game, card) in DESTROYABLE


def reaches(s: S, todo: Todo, card: CardId) -> bool:
    """Whether an effect reaches ``card``, which may be immune to its kind (5.12)."""
    item = Lasting("", todo.effect, todo.player, todo.source, card)
    return not any(immune(s.game, card, kind) for kind in source_kinds(s.game, item, card))


def targets(s: S, todo: Todo, target: AnyTarget) -> tuple[CardId, ...]:
    """The cards ``target`` names now; a card gone from the board, or immune, drops out."""
    game = s.game
    found: tuple[CardId, ...]
    match target:
        case Chosen(cards):
            card = todo.target
            side = None if card is None else controller(game, card)
            if card is None or side is None:
                found = ()
            else:
                found = (
                    (card,) if matches(game, todo.player, side, card, cards, todo.source) else ()
                )
        case Every(cards):
            found = matching(game, todo.player, cards, todo.source)
        case User():
            card = todo.source
            found = () if card is None or controller(game, card) is None else (card,)
        case _:
            assert_never(target)
    confined = reach_of(game, todo.source)  # 7.2.1: a fighting card affects the fight only
    return tuple(c for c in found if (confined is None or c in confined) and reaches(s, todo, c))


def _players(s: S, me: int, who: Who) -> tuple[int, ...]:
    """The players ``who`` names, in turn order starting after ``me``."""
    order = s.game.order
    start = order.index(me)
    rotated = [order[(start + k) % len(order)] for k in range(len(order))]
    if who is Who.ME:
        return (me,)
    if who is Who.EACH_OPPONENT:
        return tuple(p for p in rotated if p != me)
    return tuple(rotated)


# --- effects with more to them ------------------------------------------------------------


def _neutralize(s: S, todo: Todo, effect: Neutralize) -> S:
    """4.1, 4.2.6: a neutralised maneuver will not take hold. A locked one cannot be, nor
    a fate unless the effect names fate (3.7)."""
    stack = s.game.stack
    for i, item in enumerate(stack):
        if item.id != todo.target_pending:
            continue
        if not counterable(s.game, item, effect):
            return s
        stack = (*stack[:i], replace(item, neutralized=True), *stack[i + 1 :])
        return s.evolve(game=replace(s.game, stack=stack))
    return s


def _counter_play(s: S, todo: Todo, types: tuple[CardType, ...]) -> S:
    """A counter effect on a card being played: it goes to its owner's underworld."""
    stack = s.game.stack
    for i, item in enumerate(stack):
        if item.id != todo.target_pending or not isinstance(item, PlayPending):
            continue
        if types and s.game.card(item.card).type not in types:
            return s
        s = s.evolve(game=replace(s.game, stack=(*stack[:i], *stack[i + 1 :])))
        return to_underworld(s, (item.card,))
    return s


def _discard(s: S, todo: Todo, count: int, who: Who) -> S:
    """Each named player discards ``count`` cards of their choice (1.5.1)."""
    if who is not Who.ME:
        queued = tuple(
            replace(todo, effect=Discard(count, Who.ME), player=p)
            for p in _players(s, todo.player, who)
        )
        return s.evolve(game=replace(s.game, todo=(*queued, *s.game.todo)))
    me = todo.player
    hand = s.game.players[me].hand
    if len(hand) <= count:
        s = update_player(s, me, hand=())
        return to_underworld(s, hand)
    return _choose(s, Choice(me, ChoicePurpose.DISCARD, hand, count))


def _delay(s: S, todo: Todo, when: Trigger, effect: AnyEffect) -> S:
    """A delayed effect waits for its moment (6.2.1.3, 6.2.4.5, 7.4.12); one meant for
    the end of a fight, made outside a fight, never takes hold (ruling R-7.4.12-delayed)."""
    game = s.game
    if when is Trigger.FIGHT_END and game.fight is None:
        return s
    if when in (Trigger.ON_PLAY, Trigger.ON_PLAY_OPTIONAL):
        return s  # nothing is played by a delayed effect; card data checks refuse it
    waiting = Waiting(game.next_id, when, effect, todo.player, todo.source)
    return s.evolve(game=replace(game, waiting=(*game.waiting, waiting), next_id=game.next_id + 1))


def _choose(s: S, choice: Choice) -> S:
    return s.evolve(game=replace(s.game, choice=choice))


def _lasting_on_cards(s: S, todo: Todo, target: AnyTarget) -> S:
    """A lasting effect on cards: on each named card, or on whatever its selector matches
    while it lasts (5.7)."""
    if isinstance(target, Every):
        return _add_effect(s, todo, None)
    for card in targets(s, todo, target):
        s = _add_effect(s, todo, card)
    return s


def _add_effect(s: S, todo: Todo, target: CardId | None) -> S:
    game = s.game
    fate = todo.free_card
    if fate is not None and game.card(fate).type is CardType.FATE and fate not in game.lingering:
        return s  # 3.7: a counter fate went to the underworld right after use; its effect ended
    rounds = game.card(fate).rounds if fate is not None else None
    effect = ActiveEffect(
        id=game.next_id,
        effect=todo.effect,
        player=todo.player,
        source=todo.source,
        target=target,
        free_card=todo.free_card,
        rounds=rounds,
        round_owner=game.active,
        # 4.2.1 "Harci: ... Hatása az adott harci fázis végén megszűnik", a fight or none
        fight=used_in_fight(game, todo) or (rounds is None and _of_combat_maneuver(game, todo)),
    )
    return s.evolve(game=replace(game, effects=(*game.effects, effect), next_id=game.next_id + 1))


def used_in_fight(game: Game, todo: Todo) -> bool:
    """Whether ``todo`` comes from a maneuver used while a fight runs (7.4.13, 7.6.6): not
    a fate (3.7: what speaks only of maneuvers does not touch fate), and not an
    end-of-fight effect, which comes once the fight is decided."""
    fight = game.fight
    if fight is None or not fight.started or fight.outcome is not None:
        return False
    return todo.free_card is None or game.card(todo.free_card).type is not CardType.FATE
