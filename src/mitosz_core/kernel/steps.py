"""Rulesets written as tables over their machine states.

Most card games fit one shape: each machine state is either *automatic* (a function that
does its rule and fires the next edge) or a *decision* (a :class:`Step`: what may be
chosen, why not, what it does, and who decides). :class:`StepRuleset` implements the
kernel contract from those two tables, so a ruleset declares its tables and its
state-based checks and writes no dispatch of its own. :meth:`StepRuleset.settle` runs
checks and automatic states until a decision is due; ``apply`` never stops elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from mitosz_core.errors import MachineError
from mitosz_core.kernel.action import Action, wrong_field
from mitosz_core.kernel.api import legal_actions
from mitosz_core.kernel.compiled import mypyc_attr
from mitosz_core.kernel.history import check_history
from mitosz_core.kernel.ruleset import Ruleset
from mitosz_core.kernel.state import State
from mitosz_core.kernel.values import CHECK_VIEWS

G = TypeVar("G")
A = TypeVar("A", bound=Action)


@mypyc_attr(native_class=False)  # generic: mypyc makes no native class of it
@dataclass(frozen=True)
class Step(Generic[G]):
    """The rules of one decision state."""

    accepts: tuple[type[Action], ...]
    """The action classes this step takes."""
    candidates: Callable[[State[G]], Iterable[Action]]
    """Every action worth testing now (filtered by ``why_not``)."""
    why_not: Callable[[State[G], Action], str | None]
    """The legality gate for an action of an accepted class."""
    perform: Callable[[State[G], Action], State[G]]
    """What a legal action does (automatic states follow in ``settle``)."""
    decider: Callable[[State[G]], int]
    """Who decides in this state."""
    settle: Callable[[State[G]], State[G] | None] | None = None
    """Finishes the step by itself when no real choice is left; ``None`` if one is."""
    exact: bool = False
    """Whether ``candidates`` gives exactly the legal actions, each of which passes
    ``why_not`` (and the kernel's own checks of :meth:`StepRuleset.why_not`): then the
    legal actions are the candidates as they come, never re-checked one by one. The
    property suite keeps this true in every state it reaches."""
    only_pass: Callable[[State[G]], bool] | None = None
    """A cheap test, true only when the ruleset's ``pass_action`` is the one legal action
    (a responder who holds nothing that could answer): in an :attr:`~StepRuleset.auto_pass_steps`
    step the engine then passes without listing the legal actions. False when unsure;
    in the debug mode (``MITOSZ_CHECK_VIEWS=1``) every true answer is checked against
    the list."""


@mypyc_attr(native_class=False)  # generic: mypyc makes no native class of it
@dataclass(frozen=True, slots=True)
class Rule(Generic[G, A]):
    """The rules of one action class in one decision step: its legality gate and what it
    does, each typed with the step's own action class (mypy checks the handlers; no
    ``isinstance`` stands in for it)."""

    action: type[A]
    why_not: Callable[[State[G], A], str | None]
    perform: Callable[[State[G], A], State[G]]


def allowed(state: State[Any], action: Action) -> str | None:
    """A gate for an action that is always legal where it is offered (a pass, say)."""
    return None


def dispatch(
    rules: Iterable[Rule[G, Any]],
    candidates: Callable[[State[G]], Iterable[Action]],
    decider: Callable[[State[G]], int],
    settle: Callable[[State[G]], State[G] | None] | None = None,
    *,
    exact: bool = False,
    only_pass: Callable[[State[G]], bool] | None = None,
) -> Step[G]:
    """A decision step that dispatches on the action's class, one :class:`Rule` per
    class. ``candidates`` gives the step's actions in their documented order; ``exact``
    if it gives exactly the legal ones (:attr:`Step.exact`); ``only_pass`` a cheap test
    that the pass is the one legal action (:attr:`Step.only_pass`)."""
    table: dict[type[Action], Rule[G, Any]] = {}
    for rule in rules:
        if rule.action in table:
            raise MachineError(f"two rules for {rule.action.kind} in one step")
        table[rule.action] = rule

    def rule_of(action: Action) -> Rule[G, Any]:
        found = table.get(type(action))
        if found is None:  # the step's gate refuses other classes before this
            raise MachineError(f"this step has no rule for {action.kind}")
        return found

    def why_not(state: State[G], action: Action) -> str | None:
        return rule_of(action).why_not(state, action)

    def perform(state: State[G], action: Action) -> State[G]:
        return rule_of(action).perform(state, action)

    return Step(tuple(table), candidates, why_not, perform, decider, settle, exact, only_pass)


@mypyc_attr(allow_interpreted_subclasses=True)  # each game's ruleset
class StepRuleset(Ruleset[G]):
    """A ruleset defined by its automatic states and decision steps."""

    automatic: ClassVar[Mapping[str, Callable[[State[Any]], State[Any]]]]
    steps: ClassVar[Mapping[str, Step[Any]]]
    auto_pass_steps: ClassVar[frozenset[str]] = frozenset()
    """States where a player whose only legal action is ``pass_action`` passes at once."""
    pass_action: ClassVar[Action | None] = None
    settle_limit: ClassVar[int] = 10_000
    id_fields: ClassVar[tuple[str, ...]] = ()
    """Action fields that hold an id of the game's things (cards, say), which must be
    below :meth:`id_count`: checked before the step's gate, for actions from outside."""

    def id_count(self, state: State[G]) -> int:
        """How many ids :attr:`id_fields` may name in ``state`` (none by default)."""
        return 0

    def check_history(self, state: State[G]) -> None:
        """Replay ``state``'s history from its start and compare
        (``mitosz_core.kernel.history.check_history``)."""
        check_history(state, self)

    def checks(self, state: State[G]) -> State[G]:
        """State-based checks made before every step (none by default)."""
        return state

    def settle(self, state: State[G]) -> State[G]:
        """Run checks and automatic states until a decision is due or the game ends."""
        s = state
        for _ in range(self.settle_limit):
            s = self.checks(s)
            if s.is_over:
                return s
            auto = self.automatic.get(s.phase)
            if auto is not None:
                s = auto(s)
                continue
            step = self.steps[s.phase]
            if step.settle is not None:
                finished = step.settle(s)
                if finished is not None:
                    s = finished
                    continue
            return s.evolve(to_act=step.decider(s))
        raise MachineError(f"no decision reached after {self.settle_limit} automatic steps")

    def resting(self, state: State[G]) -> bool:
        """Whether :meth:`settle` would stop at ``state``: the game is over, or its step
        takes a decision and would not finish by itself (a window nobody is left to
        answer, say). Not a check of the whole state: :meth:`checks` may still change
        it."""
        if state.is_over:
            return True
        step = self.steps.get(state.phase)
        return step is not None and (step.settle is None or step.settle(state) is None)

    def candidates(self, state: State[G]) -> Iterable[Action]:
        step = self.steps.get(state.phase)
        return () if step is None else step.candidates(state)

    def why_not(self, state: State[G], action: Action) -> str | None:
        wrong = wrong_field(action)  # before anything compares its fields
        if wrong is not None:
            return wrong
        if self.id_fields:
            count = self.id_count(state)
            for name in self.id_fields:
                value = getattr(action, name, None)
                if isinstance(value, int) and not 0 <= value < count:
                    return f"there is no card #{value} in this game ({name})"
        step = self.steps.get(state.phase)
        if step is None:
            return f"no decision is due in state {state.phase!r}"
        if not isinstance(action, step.accepts):
            expected = ", ".join(cls.kind for cls in step.accepts)
            return f"{action.kind} is not possible now; this step takes: {expected}"
        return step.why_not(state, action)

    def legal(self, state: State[G]) -> tuple[Action, ...]:
        """The step's candidates through the step's own gate: a candidate is always of
        an accepted class, so the dispatch of :meth:`why_not` is skipped; the candidates
        of an :attr:`~Step.exact` step are the legal actions already."""
        step = self.steps.get(state.phase)
        if step is None:
            return ()
        if step.exact:
            return tuple(step.candidates(state))
        gate = step.why_not
        return tuple(a for a in step.candidates(state) if gate(state, a) is None)

    def perform(self, state: State[G], action: Action) -> State[G]:
        return self.settle(self.steps[state.phase].perform(state, action))

    def auto_action(self, state: State[G]) -> Action | None:
        """The pass, in an :attr:`auto_pass_steps` step whose one legal action it is: told
        by the step's cheap test (:attr:`Step.only_pass`) where it answers, else by
        the legal actions."""
        passing = self.pass_action
        if state.phase not in self.auto_pass_steps or passing is None:
            return None
        only_pass = self.steps[state.phase].only_pass
        if state._legal is None and only_pass is not None and only_pass(state):
            if CHECK_VIEWS:
                listed = legal_actions(state)
                assert listed == (passing,), f"not only a pass in {state.phase!r}: {listed}"
            return passing
        legal = legal_actions(state)
        return passing if legal == (passing,) else None
