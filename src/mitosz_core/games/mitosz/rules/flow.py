"""Moving along the declared machine, and the typed questions rules ask about it.

:func:`fire` and :func:`interrupt` / :func:`resume` are the only ways the Mítosz rules
change ``State.phase``: they follow an edge of the compiled table (a return edge, for
:func:`resume`) or raise :class:`~mitosz_core.errors.MachineError`.

Rule code never reads machine-state names: it asks :func:`turn_phase`, :func:`top_frame`,
:func:`in_counter_round`, :func:`responding`, :func:`in_combat_round_step` or
:func:`is_settled`, which look the state up in tables built from the machine declaration.
"""

from __future__ import annotations

from mitosz_core.errors import MachineError
from mitosz_core.games.mitosz.machine import (
    COMBAT_ROUND_STEPS,
    COUNTER_LEAVES,
    FIGHT_LEAVES,
    FORCED_LEAVES,
    MACHINE,
    PHASE_OF,
    QUIET,
    RESPONSE_LEAVES,
    ROUNDS,
    Phase,
    Trigger,
)
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.state import (
    AnyFrame,
    CardId,
    Choice,
    CounterFrame,
    CounterRound,
    ResponseFrame,
)
from mitosz_core.kernel.steps import Step as Step  # re-exported: one decision state
from mitosz_core.kernel.values import replace

_COUNTER = frozenset(COUNTER_LEAVES)
_RESPONSE = frozenset(RESPONSE_LEAVES)
_QUIET = frozenset(QUIET)
_FORCED = frozenset(FORCED_LEAVES)
_ROUNDS = frozenset(ROUNDS)
_COMBAT_ROUND = frozenset(COMBAT_ROUND_STEPS)
_UNSETTLED = frozenset((*COUNTER_LEAVES, *RESPONSE_LEAVES, *FORCED_LEAVES, *FIGHT_LEAVES))


def fire(s: S, trigger: Trigger) -> S:
    """``s`` moved along the machine edge ``trigger`` from its current state."""
    return s.evolve(phase=MACHINE.fire(s.phase, trigger))


def with_frame(s: S, kind: type[AnyFrame], **fields: object) -> S:
    """``s`` with a frame of ``kind`` (and its other ``fields``) over the current state,
    which it will return to; the machine state is not moved."""
    frame = kind(s.phase, **fields)  # type: ignore[arg-type]
    return s.evolve(game=replace(s.game, frames=(*s.game.frames, frame)))


def interrupt(s: S, kind: type[AnyFrame], trigger: Trigger) -> S:
    """Interrupt the current state with a frame of ``kind`` and move along ``trigger``
    into the interruption."""
    return fire(with_frame(s, kind), trigger)


def resume(s: S, trigger: Trigger) -> S:
    """End the innermost interruption: play returns to the state its frame holds."""
    frames = s.game.frames
    frame = frames[-1]
    phase = MACHINE.resume(s.phase, trigger, frame.host)
    return s.evolve(phase=phase, game=replace(s.game, frames=frames[:-1]))


def top_frame(s: S) -> AnyFrame | None:
    """The innermost interruption under way, if any."""
    frames = s.game.frames
    return frames[-1] if frames else None


def turn_state(s: S) -> str:
    """The step of the turn under way, whatever counter round, event window or forced
    choice interrupts it (``setup`` and ``over`` outside any turn)."""
    leaf = s.phase
    frames = s.game.frames
    depth = len(frames)
    while leaf not in PHASE_OF and depth:
        depth -= 1
        leaf = frames[depth].host
    return leaf


def turn_phase(s: S) -> Phase:
    """The phase of the turn under way (6.2), through any interruption."""
    return PHASE_OF[turn_state(s)]


def in_combat_phase(s: S) -> bool:
    """Whether the combat phase is on (6.2.3.2), through any interruption, or its last
    deeds are being answered after its fight closed (ruling R-7.2.1-every)."""
    return turn_phase(s) is Phase.COMBAT or s.game.this_turn.combat_closing


def in_fight(s: S) -> bool:
    """Whether a fight (7.4, 7.6) is under way in the combat phase."""
    return s.game.fight is not None and turn_phase(s) is Phase.COMBAT


def open_counter_round(s: S) -> S:
    """Move from a counter round's ``open`` step to where its players respond: in the
    combat phase, the step where the fight's limits apply (7.2.1)."""
    return fire(s, Trigger.OPENED_IN_COMBAT if in_combat_phase(s) else Trigger.OPENED)


def to_choose(s: S) -> S:
    """Move from a counter round's ``resolve`` step to where a player chooses the cards
    an effect asks for: in a fight, the step that also asks fear's payment (7.2.5.2)."""
    return fire(s, Trigger.CHOOSE_IN_FIGHT if in_fight(s) else Trigger.CHOOSE)


def at_quiet_moment(s: S) -> bool:
    """Whether the machine is in a step of the turn where an event window may open
    (6.5.1; ruling R-6.5.1-window), not interrupted."""
    return s.phase in _QUIET


def in_forced_choice(s: S) -> bool:
    """Whether a forced choice (3.4.2, 1.4.2) is being made."""
    return s.phase in _FORCED


def is_settled(s: S) -> bool:
    """Whether nothing is under way that must end before the position can be judged:
    no counter round (6.4.1), response (6.1.4) or forced choice, and no step of a fight
    (7.4, 7.6); the declaration of a fight (7.1) is settled."""
    return s.phase not in _UNSETTLED


def in_counter_round(s: S) -> bool:
    """Whether a counter round (6.4.1) is under way: an event waits to take effect."""
    return s.phase in _COUNTER


def response_frame(s: S) -> ResponseFrame | None:
    """The response (6.1.4) being made now, not interrupted; ``None`` outside one."""
    if s.phase not in _RESPONSE:
        return None
    frame = s.game.frames[-1]
    if not isinstance(frame, ResponseFrame):
        raise MachineError(f"the response's state {s.phase!r} holds no response: {frame!r}")
    return frame


def responding(s: S, player: int) -> bool:
    """Whether ``player`` has the action in a response now (6.1.4): it is asked to
    answer a deed or an event in another player's turn."""
    frame = response_frame(s)
    return frame is not None and frame.priority == player


def choice_of(s: S) -> Choice:
    """The choice being made (6.3.7, and the forced choices): the steps that answer one
    run only while there is one."""
    choice = s.game.choice
    if choice is None:
        raise MachineError(f"no choice is being made in {s.phase!r}")
    return choice


def source_of(choice: Choice) -> CardId:
    """The card whose effect asks ``choice``: the purposes that answer an effect (an
    on-play maneuver, a steal) always have one."""
    if choice.source is None:
        raise MachineError(f"the choice {choice.purpose.value} names no card asking it")
    return choice.source


def _counter_frame(s: S) -> int:
    """The index of the innermost counter round's frame (a forced choice may stand on
    it)."""
    frames = s.game.frames
    for i in range(len(frames) - 1, -1, -1):
        if isinstance(frames[i], CounterFrame):
            return i
    raise MachineError(f"no counter round is under way in {s.phase!r}")


def counter_of(s: S) -> CounterRound:
    """The counter round whose players respond now (6.4.1): its steps run only inside
    one. Its data is held in its frame (:class:`~..state.CounterFrame`)."""
    frame = s.game.frames[_counter_frame(s)]
    counter = frame.round if isinstance(frame, CounterFrame) else None
    if counter is None:
        raise MachineError(f"no counter round is under way in {s.phase!r}")
    return counter


def with_counter(s: S, counter: CounterRound | None) -> S:
    """``s`` with the innermost counter round's data set to ``counter`` (``None``
    while the round opens or the stack resolves)."""
    i = _counter_frame(s)
    frames = s.game.frames
    frame = replace(frames[i], round=counter)
    return s.evolve(game=replace(s.game, frames=(*frames[:i], frame, *frames[i + 1 :])))


def in_combat_round(s: S) -> bool:
    """Whether the machine is in the combat round of a fight (7.4.8-7.4.9, 7.6.3-7.6.4),
    a troop's mode being chosen included (3.8), not interrupted: the combat round is the
    response there (ruling R-7.4.8-turns)."""
    return s.phase in _COMBAT_ROUND


def in_combat_round_step(s: S) -> bool:
    """Whether the machine is in a combat-round step (7.2.2), not interrupted."""
    return s.phase in _ROUNDS


def active_player(s: S) -> int:
    return s.game.active
