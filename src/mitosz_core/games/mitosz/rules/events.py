"""Events, and the response to a deed (6.5.1, 6.1.4).

6.5.1 lists what opens a counter round: (1) a phase starting or ending, (2) a card
played, (3) a change to a high god's sphere points, (4) a card moving between hand, deck,
board, underworld and oblivion, (5) a maneuver used, (6) a counter effect, (7) a card
turned or turned back. Plays, maneuvers and counter effects wait on the pending stack
and open their own counter round (:mod:`.counter_round`), where only counter effects
answer (6.4.1). Every other event has already happened when it is seen: nothing waits
that a counter effect could act on, so its counter round is merged with the response of
6.1.4 that follows every deed (ruling R-6.5.1-window).

The response: "Ha a játékos cselekedett, a körsorrendnek megfelelően bármely játékos
reagálhat rá egy cselekedettel" (6.1.4). Events are *noticed*: at each quiet moment (a
step of the turn outside any interruption, with nothing pending) the game is compared
with what the last response saw (:class:`~..state.Seen`); a difference means a deed or
another event happened, and the players other than the one whose turn it is, in turn
order from the next one, may answer with a deed their timing marks allow (4.2.1), an
intrigue (3.6), a fate (3.7) or a card without summoning (1.5.3), or pass (ruling
R-6.4.1-responses). The active player's pass in a summoning step opens a response too,
and the phase ends only when all the others pass after it; an answer gives the active
player the phase back (ruling R-6.1.4-pass). Inside a fight's combat round no response
opens: the combat round is the response there, and what happened in it is not noticed
again after it (ruling R-7.4.8-turns).

Finding out whether anybody can respond is cheap: only players who hold something that
could answer at all (:func:`could_answer`) are probed, and a response opens only if one
of them has a legal deed, so nobody is asked only to pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain

from mitosz_core.errors import MachineError
from mitosz_core.games.mitosz.actions import (
    DeclareFight,
    ManeuverAction,
    Pass,
)
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import Maneuver, Timing
from mitosz_core.games.mitosz.machine import Phase, Trigger
from mitosz_core.games.mitosz.rules import S, counter_round, maneuvers, summoning
from mitosz_core.games.mitosz.rules.board import board_cards
from mitosz_core.games.mitosz.rules.fights import access, declare, rounds
from mitosz_core.games.mitosz.rules.flow import (
    active_player,
    at_quiet_moment,
    fire,
    in_combat_round,
    in_fight,
    response_frame,
    resume,
    turn_phase,
    with_frame,
)
from mitosz_core.games.mitosz.rules.hooks import Wiring
from mitosz_core.games.mitosz.rules.summoning import AnytimePlay
from mitosz_core.games.mitosz.state import (
    CardId,
    Game,
    Glance,
    ResponseFrame,
    Seen,
    Spheres,
    cached,
    keys_by_player,
    memoised,
)
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule, allowed, dispatch
from mitosz_core.kernel.values import replace


def seen_now(s: S) -> Seen:
    """What a response notices (6.5.1): the phase, and for each player the deck's size,
    the hand, the public zones, the spheres and the board. The board's relation (the
    locations, buildings, items, mounts, runes and held leaders attached to cards, and a
    battle's troops) is not looked at: a card is attached only by a deed (a play, a
    troop's too, or a maneuver use, counted in ``deeds``), and it leaves its host only
    by a deed or for a zone a glance holds."""
    return Seen(
        turn_phase(s),
        tuple(
            Glance(
                len(p.deck),
                p.hand,
                p.underworld,
                p.oblivion,
                p.spheres,
                p.realm.empire,
                p.realm.leaders,
                p.realm.intrigues,
            )
            for p in s.game.players
        ),
        s.game.this_turn.deeds,
    )


def still_seen(seen: Seen, s: S) -> bool:
    """Whether ``seen`` is what :func:`seen_now` would see in ``s`` (equal to it), found
    without building it: the parts of a glance are compared as objects first."""
    game = s.game
    if seen.deeds != game.this_turn.deeds or len(seen.players) != len(game.players):
        return False
    for g, p in zip(seen.players, game.players, strict=True):
        realm = p.realm  # each part the very object seen, or else an equal one
        if not (
            g.deck == len(p.deck)
            and (g.hand is p.hand or g.hand == p.hand)
            and (g.spheres is p.spheres or g.spheres == p.spheres)
            and (g.underworld is p.underworld or g.underworld == p.underworld)
            and (g.oblivion is p.oblivion or g.oblivion == p.oblivion)
            and (g.empire is realm.empire or g.empire == realm.empire)
            and (g.leaders is realm.leaders or g.leaders == realm.leaders)
            and (g.intrigues is realm.intrigues or g.intrigues == realm.intrigues)
        ):
            return False
    return seen.seen_in(turn_phase(s))


def notice(s: S) -> S:
    """The state-based check of 6.5.1: at a quiet moment, open a response (6.1.4) if
    something happened since the last one and some other player can answer it. Nothing
    is pending then: a pending event, an effect still to take hold, a choice and cards
    waiting in limbo for their owner's order (1.4.2, laid first by
    :func:`.checks.state_checks`) interrupt play."""
    game = s.game
    combat_round = in_combat_round(s)
    if not (combat_round or at_quiet_moment(s)):
        return s
    if game.seen is not None and still_seen(game.seen, s):
        return s
    now = seen_now(s)
    s = s.evolve(game=replace(game, seen=now))
    if game.seen is None or combat_round:
        # the game's first turn: nothing happened before it; in a combat round the
        # taking-part players answer in the round itself (ruling R-7.4.8-turns)
        return s
    opened = open_response(s, ending=False)
    return s if opened is None else opened


def open_response(s: S, ending: bool) -> S | None:
    """``s`` in a response (6.1.4) over its current step, at the first asked player who
    could answer, if some asked player has a legal deed; ``None`` otherwise. ``ending``:
    the player whose turn it is passed, and the phase ends if all the others pass too.

    Only the asked players who pass the cheap tests of :func:`_might_answer` are probed
    with their deeds."""
    game = s.game
    combat = turn_phase(s) is Phase.COMBAT
    first: int | None = None
    hopeful: list[int] = []
    for player in asked_players(game):
        anytime = summoning.may_play_anytime(game, player)
        if not (anytime or _may_answer(game, player)):
            continue  # not asked at all (:func:`could_answer`)
        if first is None:
            first = player
        if anytime or _might_answer(s, player, combat):
            hopeful.append(player)
    if first is None or not hopeful:
        return None  # nobody holds anything usable now: nothing to probe
    opened = fire(with_frame(s, ResponseFrame, priority=first, ending=ending), Trigger.EVENT)
    for player in hopeful:
        probe = _with_priority(opened, player)
        if any(RESPONSE.why_not(probe, a) is None for a in _deeds(probe, player)):
            return opened
    return None


def asked_players(game: Game) -> list[int]:
    """The players a response asks, in turn order from the one after the active player
    (6.1.4, 6.1.5)."""
    order = game.order
    start = order.index(game.active)
    return [order[(start + k) % len(order)] for k in range(1, len(order))]


def could_answer(game: Game, player: int) -> bool:
    """Whether ``player`` holds anything that might answer a deed at all (an index of
    possible responders: cheap, and necessary for a legal answer)."""
    return _may_answer(game, player) or summoning.may_play_anytime(game, player)


_MAY_ANSWER = keys_by_player("may answer")


def _may_answer(game: Game, player: int) -> bool:
    """Whether ``player`` holds a maneuver that may be used in another player's turn
    (4.2.1: anything but an action), on the board (:func:`answering_maneuvers`) or a free
    maneuver in hand, or a fate in hand (3.7). A view of the board and the hand, cached
    with the board's views (:func:`.state.cached`): the responders' index."""
    key = _MAY_ANSWER[player]
    found: bool | None = memoised(game, key)
    if found is not None:
        return found
    hand = game.players[player].hand
    return cached(game, key, (hand,), lambda: _holds_answer(game, player))


def _holds_answer(game: Game, player: int) -> bool:
    if answering_maneuvers(game, player):
        return True
    return any(
        _may_be_used(m, game.card(card).type is CardType.FATE)
        for card in game.players[player].hand
        for m in game.card(card).maneuvers
    )


def _may_be_used(m: Maneuver, fate: bool) -> bool:
    """Whether ``m`` is a maneuver a player might use in another player's turn (4.2.1):
    not an action unless a fate's, not locked, no timed ability (4.2.6)."""
    return (m.timing is not Timing.ACTION or fate) and not m.locked and m.trigger is None


def _might_answer(s: S, player: int, combat: bool) -> bool:
    """Whether ``player``, asked to respond now, might answer with a maneuver or a fate:
    the cheap necessary conditions of a legal one, checked before any deed is built. It
    must be timely in another player's turn (4.2.1, :func:`_timely`) and affordable at
    its cheapest (:func:`_affordable`) with a target; a bound one needs a ready user
    (4.1, 4.5), a fate a god leader or a link (3.7), a free maneuver a user (3.9)."""
    game = s.game
    spheres = game.players[player].spheres
    for user, index, m in answering_maneuvers(game, player):
        if (
            _timely(m, combat)
            and _affordable(m, spheres)
            and maneuvers.why_not_user(s, player, user, index, m) is None
            and _targets_some(s, player, m, user)
        ):
            return True
    for card in game.players[player].hand:
        d = game.card(card)
        if d.type is CardType.FATE:
            if maneuvers.fate_allowed(game, player, card) and any(
                _timely(m, combat) and _affordable(m, spheres) and _targets_some(s, player, m, None)
                for m in d.maneuvers
            ):
                return True
        elif (
            d.type is CardType.MANEUVER
            and any(_timely(m, combat) for m in d.maneuvers)
            and next(maneuvers.free_users(s, player, card), None) is not None
        ):
            return True
    return False


def _targets_some(s: S, player: int, m: Maneuver, user: CardId | None) -> bool:
    """Whether ``m`` has a target now (a use without one is no deed: 4.2.6)."""
    return next(maneuvers.target_options(s, player, m, user), None) is not None


_ANSWERING = keys_by_player("answering")


def answering_maneuvers(game: Game, player: int) -> tuple[tuple[CardId, int, Maneuver], ...]:
    """The bound maneuvers on ``player``'s side of the board that might answer a deed
    in another player's turn (:func:`_may_be_used`), as ``(user, index, maneuver)``: the
    responders' index of :func:`_may_answer` and :func:`_might_answer`. Derived from the
    board alone, so cached with its views (:func:`.state.cached`)."""
    key = _ANSWERING[player]
    found: tuple[tuple[CardId, int, Maneuver], ...] | None = memoised(game, key)
    if found is not None:
        return found
    return cached(game, key, (), lambda: _answering_maneuvers(game, player))


def _answering_maneuvers(game: Game, player: int) -> tuple[tuple[CardId, int, Maneuver], ...]:
    return tuple(
        (user, index, m)
        for user in board_cards(game, player)
        for index, m in enumerate(game.card(user).maneuvers)
        if _may_be_used(m, game.card(user).type is CardType.FATE)
    )


def _timely(m: Maneuver, combat: bool) -> bool:
    """Whether the timing marks of ``m`` allow its use in a response, in another player's
    turn (4.2.1; :func:`.maneuvers.why_not_timing` in the response's state): never an
    action, a rite only outside the combat phase, a combat maneuver only inside it."""
    timing = m.timing
    if timing is Timing.ACTION:
        return False
    if timing is Timing.RITE:
        return not combat
    return timing is not Timing.COMBAT or combat


def _affordable(m: Maneuver, spheres: Spheres) -> bool:
    """Whether ``spheres`` pay for the cheapest use of ``m``: one step, the slash paid
    once (:func:`.maneuvers.total_cost`; sphere costs are never negative). A free
    maneuver's cost is checked with its user (:func:`_might_answer`)."""
    cost, per = m.cost, m.per
    if per is None:
        return all(have >= need for have, need in zip(spheres, cost, strict=True))
    return all(have >= a + b for have, a, b in zip(spheres, cost, per, strict=True))


def _with_priority(s: S, player: int) -> S:
    """``s`` with the response's priority at ``player``; its frame is the innermost one
    (:func:`open_response` makes it so, and the response's steps run only inside it)."""
    frame = s.game.frames[-1]
    if not isinstance(frame, ResponseFrame):
        raise MachineError(f"the innermost interruption is no response: {frame!r}")
    frames = (*s.game.frames[:-1], replace(frame, priority=player))
    return s.evolve(game=replace(s.game, frames=frames))


def _deeds(s: S, player: int) -> Iterator[Action]:
    """The deeds worth testing for ``player`` in a response: a maneuver or fate, an
    intrigue or a card without summoning."""
    if player == s.game.active or _may_answer(s.game, player):
        yield from maneuvers.candidates(s, player)
    yield from summoning.plays(s, player, anytime_only=True)


def _next(game: Game, player: int) -> int:
    order = game.order
    return order[(order.index(player) + 1) % len(order)]


def _close(s: S, frame: ResponseFrame) -> S:
    """The response is over: the player whose turn it is has the step back, or, if it
    passed there and nobody answered since, the phase ends (6.1.4); a phase window ends
    its phase. What the response saw is not noticed again."""
    s = resume(s, Trigger.RESUME)
    s = s.evolve(game=replace(s.game, seen=seen_now(s)))
    if frame.then:
        return fire(s, Trigger(frame.then))
    return fire(s, Trigger.PASS) if frame.ending else s


# --- phase windows: the end of a phase that is no decision of its own (6.1.4, 4.1) ---------


def phase_window(s: S, then: Trigger) -> S:
    """The end of a start, draw or end phase (6.2.1, 6.2.2, 6.2.4), its work done: every
    player, starting with the one whose turn it is, may act with what its timing marks
    allow, and the phase ends (``then``) when all have passed in a row (6.1.4, 4.1;
    ruling R-6.1.4-phases). The window opens only if some player has a legal deed; its
    events are not noticed again after it. The phase's work leaves nothing pending (its
    timed effects take hold at once and ask no choice, :func:`.triggers.take_hold`) but
    cards it sent to the underworld at once: their owner lays them in order first (1.4.2,
    a forced choice over the window), and the window opens then, whoever has a deed after
    the cards are laid (a card taken back from the underworld, say); in it, a player who
    could not act passes by itself (:func:`_window_settle`)."""
    game = s.game
    s = s.evolve(game=replace(game, seen=seen_now(s)))
    active = game.active
    opened = fire(with_frame(s, ResponseFrame, priority=active, then=then.value), Trigger.EVENT)
    if game.limbo:
        return opened
    for player in (active, *asked_players(game)):
        if player != active and not could_answer(game, player):
            continue
        probe = _with_priority(opened, player)
        if any(RESPONSE.why_not(probe, a) is None for a in _deeds(probe, player)):
            return opened
    return fire(s, then)


def _could_act(game: Game, player: int) -> bool:
    """Whether ``player`` may be asked in a phase window: the player whose turn it is
    when it holds a maneuver on the board or in hand, or a card it may play at any time;
    any other player when it could answer (:func:`could_answer`)."""
    if player != game.active:
        return could_answer(game, player)
    if summoning.may_play_anytime(game, player):
        return True
    cards = chain(board_cards(game, player), game.players[player].hand)
    return any(
        not m.locked and m.trigger is None for card in cards for m in game.card(card).maneuvers
    )


def _window_settle(s: S, frame: ResponseFrame) -> S | None:
    """A phase window: a player who could not act passes by itself; the window ends when
    the turn comes back to the player whose turn it is after it passed."""
    game = s.game
    active = game.active
    player, ending = frame.priority, frame.ending
    for _ in range(len(game.order) + 1):
        if player == active and ending:
            return _close(s, frame)
        if _could_act(game, player):
            if player == frame.priority and ending == frame.ending:
                return None
            return s.evolve(game=_window_frame(s, player, ending))
        ending = ending or player == active
        player = _next(game, player)
    return _close(s, frame)


def _window_frame(s: S, player: int, ending: bool) -> Game:
    frame = s.game.frames[-1]
    assert isinstance(frame, ResponseFrame)
    changed = replace(frame, priority=player, ending=ending)
    return replace(s.game, frames=(*s.game.frames[:-1], changed))


def _frame(s: S) -> ResponseFrame:
    """The response being made: the steps of :data:`RESPONSE` run only inside one."""
    frame = response_frame(s)
    if frame is None:
        raise MachineError("no response is being made")
    return frame


def _decider(s: S) -> int:
    return _frame(s).priority


def _candidates(s: S) -> Iterable[Action]:
    return chain((Pass(),), _deeds(s, _decider(s)))


def _fight_limits(s: S, player: int, a: ManeuverAction | AnytimePlay) -> str | None:
    """7.2.1: in the combat phase, a fight declared or not, or over while the phase lasts
    (:func:`.maneuvers.in_combat`), the fight's own limits."""
    return access.why_not_action(s, player, a) if maneuvers.in_combat(s) else None


def _why_not_maneuver(s: S, a: ManeuverAction) -> str | None:
    player = _decider(s)
    return maneuvers.why_not(s, player, a) or _fight_limits(s, player, a)


def _why_not_play(s: S, a: AnytimePlay) -> str | None:
    player = _decider(s)
    return summoning.why_not_play(s, player, a, anytime_only=True) or _fight_limits(s, player, a)


def _pass(s: S, a: Pass) -> S:
    """A pass gives the response to the next player; back at the player whose turn it
    is, the response is over."""
    frame = _frame(s)
    following = _next(s.game, frame.priority)
    if frame.then:  # a phase window: it ends after the active player passed (6.1.4)
        ending = frame.ending or frame.priority == s.game.active
        if following == s.game.active and ending:
            return _close(s, frame)
        return s.evolve(game=_window_frame(s, following, ending))
    if following == s.game.active:
        return _close(s, frame)
    return _with_priority(s, following)


def _answered(s: S) -> tuple[S, int]:
    """``s`` after the player with priority answers: the players after it are asked
    next, then the active player has the phase back (ruling R-6.1.4-pass); and that
    player."""
    frame = _frame(s)
    player = frame.priority
    answered = replace(frame, priority=_next(s.game, player), ending=False)
    return s.evolve(game=replace(s.game, frames=(*s.game.frames[:-1], answered))), player


def _maneuver(s: S, a: ManeuverAction) -> S:
    s, player = _answered(s)
    s, item = maneuvers.perform(s, player, a)
    return counter_round.push(s, item)


def _play(s: S, a: AnytimePlay) -> S:
    s, player = _answered(s)
    return summoning.perform_play(s, player, a)


def _settle(s: S) -> S | None:
    """Players who hold nothing that could answer are not asked; when the turn comes
    back to the player whose turn it is, the response is over."""
    frame = _frame(s)
    if frame.then:
        return _window_settle(s, frame)
    game = s.game
    player = frame.priority
    if player != game.active and could_answer(game, player):
        return None
    while player != game.active and not could_answer(game, player):
        player = _next(game, player)
    if player == game.active:
        return _close(s, frame)
    return _with_priority(s, player)


def _only_pass(s: S) -> bool:
    """Whether the player with priority certainly has no deed but the pass: another
    player than the one whose turn it is, who fails the cheap tests that
    :func:`open_response` probes by (no card to play at any time, no maneuver or fate
    that might answer now). Then the engine passes for it without listing its deeds."""
    player = _decider(s)
    game = s.game
    if player == game.active or summoning.may_play_anytime(game, player):
        return False
    combat = turn_phase(s) is Phase.COMBAT
    return not (_may_answer(game, player) and _might_answer(s, player, combat))


RESPONSE = dispatch(
    (
        Rule(Pass, allowed, _pass),
        *summoning.deed_rules(_why_not_maneuver, _maneuver, _why_not_play, _play),
    ),
    candidates=_candidates,
    decider=_decider,
    settle=_settle,
    only_pass=_only_pass,
)
"""The response (6.1.4): the player who has priority answers with a deed, or passes."""


def pass_phase(s: S) -> S:
    """The active player passes in a summoning step (6.1.4): the others may still answer
    in turn order; the phase ends when they all pass (ruling R-6.1.4-pass)."""
    opened = open_response(s, ending=True)
    return fire(s, Trigger.PASS) if opened is None else opened


MAIN = summoning.main_step(lambda s, a: pass_phase(s))
"""The summoning steps (6.2.3.1, 6.2.3.3), whose pass opens a response (6.1.4)."""


# --- the combat phase before a fight: the active player may act (4.1, 7.3.5) ----------------


def _why_not_own_maneuver(s: S, a: ManeuverAction) -> str | None:
    active = s.game.active
    return maneuvers.why_not(s, active, a) or access.why_not_action(s, active, a)


def _own_maneuver(s: S, a: ManeuverAction) -> S:
    s, item = maneuvers.perform(s, s.game.active, a)
    return counter_round.push(s, item)


def _why_not_own_play(s: S, a: AnytimePlay) -> str | None:
    active = s.game.active
    return summoning.why_not_play(s, active, a, anytime_only=True) or access.why_not_action(
        s, active, a
    )


def _own_play(s: S, a: AnytimePlay) -> S:
    return summoning.perform_play(s, s.game.active, a)


def _declare_candidates(s: S) -> Iterable[Action]:
    return chain(declare.candidates(s), _deeds(s, s.game.active))


def _declare_settle(s: S) -> S | None:
    """6.2.3.2: with no fight to start and nothing the active player may use before one
    (7.2.1, 7.3.5), the combat phase ends at once; else the player decides."""
    if not declare.nothing_to_declare(s):
        return None
    active = s.game.active
    if _could_act(s.game, active) and any(DECLARE.why_not(s, a) is None for a in _deeds(s, active)):
        return None
    return declare.no_fight(s)


DECLARE = dispatch(
    (
        Rule(Pass, allowed, lambda s, a: pass_phase(declare.closing(s))),
        Rule(DeclareFight, declare.why_not_declare, declare.declare),
        *summoning.deed_rules(_why_not_own_maneuver, _own_maneuver, _why_not_own_play, _own_play),
    ),
    candidates=_declare_candidates,
    decider=active_player,
    settle=_declare_settle,
)
"""The combat phase before a fight (6.2.3.2): the active player starts a fight, uses
what may affect one (4.1, 7.2.1, 7.3.5), or passes; its pass asks the others in turn
order, and the phase ends when they all pass too (6.1.4; ruling R-6.1.4-phases)."""


# --- counter rounds: inside a fight, only what may affect it answers (7.2.1) ---------------


def resolve_counter(s: S, w: Wiring) -> S:
    """The ``resolve`` step of a counter round: inside a fight a troop joins its line
    (:func:`.fights.rounds.resolve_step`). (Its respond and choose steps are declared
    apart for the combat phase and a fight: ``counter.combat_respond``,
    ``counter.fight_choose``; this step resolves one unit per call and the fight's
    version differs only in what a unit is, so it stays one step.)"""
    if in_fight(s):
        return rounds.resolve_step(s, w)
    return counter_round.resolve_step(s, w)
