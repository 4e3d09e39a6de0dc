"""Timed effects: start-of-turn (6.2.1.3), end-of-turn (6.2.4.5) and end-of-fight
(7.4.12, 7.6.5) effects, and the maneuvers used when a card is played (6.3.7).

Two things wait for a moment. A card's *timed ability* (a maneuver with a
:class:`~..effects.language.Trigger`) is never used by a player: like a locked maneuver
it is always on, and takes hold by itself at its moment while its card is on the board
and its ability is not neutralised (5.5). A *delayed effect*
(:class:`~..effects.language.Delayed`), made by a maneuver, waits in
:attr:`Game.waiting` and takes hold once.

Nobody may act between the end of a turn and the start of the next (6.2.4.6), so timed
effects take hold without a counter round and ask no choice: they name no chosen card
(card data checks refuse one). When several take hold at the same moment they do so in a
fixed order (ruling R-6.2.1.3-order): delayed effects in the order they were made, then
card abilities in board order (high god, empire, leader row, intrigues), the active
player's first.

When a card is played (6.3.7), a maneuver that *must* be used then takes hold at once;
one that *may* be used, or that names a card, asks its player (an ``on_play`` choice,
answered with :class:`~..actions.Choose`, or :class:`~..actions.Pass` to decline an
optional one). Its use cost is paid when it is used; it cannot be used when it cannot be
paid. It takes hold in the counter round in which the card resolved (ruling R-6.3.7).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    ArrowVolley,
    Chosen,
    CounterPlay,
    Discard,
    Fear,
    Maneuver,
    Neutralize,
    Poison,
    Search,
    Sequence,
    TakeBack,
    Trigger,
)
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import board_cards, controller
from mitosz_core.games.mitosz.rules.continuous import neutralized
from mitosz_core.games.mitosz.rules.fights.core import troop_maneuvers_act
from mitosz_core.games.mitosz.rules.flow import choice_of, source_of
from mitosz_core.games.mitosz.rules.high_god import pay, why_not_pay
from mitosz_core.games.mitosz.rules.hooks import Answer
from mitosz_core.games.mitosz.rules.interpret import Handlers, apply_todo
from mitosz_core.games.mitosz.rules.maneuvers import chosen_cards
from mitosz_core.games.mitosz.rules.selection import matching
from mitosz_core.games.mitosz.rules.zones import update_player
from mitosz_core.games.mitosz.state import (
    CardId,
    Choice,
    ChoicePurpose,
    PlayPending,
    Todo,
    Waiting,
)
from mitosz_core.kernel.values import replace

ON_PLAY = (Trigger.ON_PLAY, Trigger.ON_PLAY_OPTIONAL)
"""The triggers of maneuvers used when their card is played (6.3.7)."""


# --- timed abilities and delayed effects -------------------------------------------------


def asks_choice(effect: AnyEffect) -> bool:
    """Whether ``effect`` names a chosen card or asks a player to choose: such an effect
    cannot wait for a moment when nobody acts (card data checks use this)."""

    if isinstance(effect, Sequence):
        return any(asks_choice(sub) for sub in effect.effects)
    choosing = (Discard, Search, TakeBack, Neutralize, CounterPlay, Fear, ArrowVolley, Poison)
    return isinstance(effect, choosing) or isinstance(getattr(effect, "target", None), Chosen)


def turn_start(s: S, handlers: Handlers) -> S:
    """6.2.1.3: start-of-turn effects take hold: the active player's delayed ones, then
    the start-of-turn abilities of their cards on the board."""
    active = s.game.active
    return _moment(s, Trigger.TURN_START, (active,), lambda w: w.player == active, handlers)


def turn_end(s: S, handlers: Handlers) -> S:
    """6.2.4.5: end-of-turn effects take hold: every delayed one meant for the end of this
    turn, then the end-of-turn abilities of the active player's cards."""
    return _moment(s, Trigger.TURN_END, (s.game.active,), lambda w: True, handlers)


def fight_end(s: S, fought: tuple[CardId, ...], handlers: Handlers) -> S:
    """7.4.12, 7.6.5: end-of-fight effects take hold: every delayed one made in the fight,
    then the end-of-fight abilities of the cards that fought in it (``fought``: the war
    leaders or duelists and the troops still on the board)."""
    return _moment(s, Trigger.FIGHT_END, (), lambda w: True, handlers, fought)


def _moment(
    s: S,
    when: Trigger,
    sides: tuple[int, ...],
    due: Callable[[Waiting], bool],
    handlers: Handlers,
    cards: Iterable[CardId] = (),
) -> S:
    game = s.game
    fired = tuple(w for w in game.waiting if w.when is when and due(w))
    if fired:
        left = tuple(w for w in game.waiting if w not in fired)
        s = s.evolve(game=replace(game, waiting=left))
    todos = [Todo(w.effect, w.player, w.source) for w in fired]
    holders = [c for side in sides for c in board_cards(s.game, side)] + list(cards)
    for card in holders:
        side = controller(s.game, card)
        if side is None or neutralized(s.game, card):
            continue  # 1.2.2: only cards on the board; 5.5: a neutralised ability is off
        for m in s.game.card(card).maneuvers:
            if m.trigger is when:
                todos.append(Todo(m.effect, side, card))
    return take_hold(s, todos, handlers)


def take_hold(s: S, todos: Iterable[Todo], handlers: Handlers) -> S:
    """Make ``todos`` take hold now, one after another, outside a counter round. A
    sequence's parts are queued in front and done at once too. Timed effects ask no
    choice (card data checks refuse such an effect); were one to ask, it is dropped."""

    before = s.game.todo
    s = s.evolve(game=replace(s.game, todo=(*todos, *before)))
    while len(s.game.todo) > len(before):
        todo = s.game.todo[0]
        s = apply_todo(s.evolve(game=replace(s.game, todo=s.game.todo[1:])), todo, handlers)
        if s.game.choice is not None:
            s = s.evolve(game=replace(s.game, choice=None))
    return s


# --- 6.3.7: maneuvers used when a card is played -------------------------------------------


def on_play(s: S, item: PlayPending, start: int = 0) -> S:
    """6.3.7: the played card is on the board; its on-play maneuvers from ``start`` on are
    used now: a mandatory one without a chosen card takes hold at once, the others ask
    the card's player. Stops at the first question; answering it goes on from the next.
    A troop uses them only if its maneuvers take effect in its line (3.8): in the front
    line, not in the support or reserve line, whose mode is chosen after its counter
    round (ruling R-6.3.7-troop)."""

    card = item.card
    if card is None or controller(s.game, card) is None:
        return s
    if not troop_maneuvers_act(s.game, card):
        return s
    player = item.player
    maneuvers = s.game.card(card).maneuvers
    for index in range(start, len(maneuvers)):
        m = maneuvers[index]
        if m.trigger not in ON_PLAY or neutralized(s.game, card) or not _payable(s, player, m):
            continue
        optional = m.trigger is Trigger.ON_PLAY_OPTIONAL
        cards = chosen_cards(m)
        if cards is None and not optional:
            s = _use(s, player, card, m, None)
            continue
        options = (card,) if cards is None else matching(s.game, player, cards, card)
        if options:
            choice = Choice(player, ChoicePurpose.ON_PLAY, options, 1, optional, card, index)
            return s.evolve(game=replace(s.game, choice=choice))
    return s


def answer_on_play(s: S, chosen: CardId | None) -> S:
    """The answer to an ``on_play`` choice: a chosen card uses the maneuver (on that
    card, if it names one), ``None`` (a pass) declines an optional one; then the card's
    other on-play maneuvers follow."""
    choice = choice_of(s)
    source = source_of(choice)
    s = s.evolve(game=replace(s.game, choice=None))
    card = source
    if chosen is not None and controller(s.game, card) is not None:
        m = s.game.card(card).maneuvers[choice.index]
        target = None if chosen == card and _names_no_card(m) else chosen
        s = _use(s, choice.player, card, m, target)
    item = PlayPending(0, choice.player, card)
    return on_play(s, item, choice.index + 1)


def _names_no_card(m: Maneuver) -> bool:

    return chosen_cards(m) is None


def _payable(s: S, player: int, m: Maneuver) -> bool:

    return why_not_pay(s.game.players[player].spheres, m.cost) is None


def _use(s: S, player: int, card: CardId, m: Maneuver, target: CardId | None) -> S:
    """Pay the use cost and queue the effect; the counter round resolving the card's
    play makes it take hold next (ruling R-6.3.7)."""

    spheres = pay(s.game.players[player].spheres, m.cost)
    s = update_player(s, player, spheres=spheres)
    effect: AnyEffect = m.effect
    todo = Todo(effect, player, card, target)
    return s.evolve(game=replace(s.game, todo=(*s.game.todo, todo)))


ANSWER = Answer(  # 6.3.7
    ChoicePurpose.ON_PLAY,
    lambda s, a: answer_on_play(s, a.card),
    lambda s: answer_on_play(s, None),
)
"""The card an on-play maneuver is used on, or a pass declining an optional one."""
