"""Integer actions: a ruleset's fixed, documented action space.

In the manner of OpenSpiel's *distinct actions*, every ruleset numbers the kinds of
choice it can offer, ``0 .. num_distinct_actions - 1``, so that the same index means the
same kind of choice in every state ("summon the card in hand slot 3", "attack road r of
people slot k"). The integer space is a view of :func:`~mitosz_core.legal_actions`: it
never replaces the actions themselves nor the history, which keeps the actions.

:class:`ActionSpace` is the contract; the rulesets implement it
(``games/<name>/actionspace.py``) and give it through :meth:`Ruleset.action_space
<mitosz_core.kernel.ruleset.Ruleset.action_space>`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Protocol

from mitosz_core.errors import ActionIndexError
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.state import State


class _Rules(Protocol):
    def legal(self, state: State[Any], /) -> tuple[Action, ...]: ...


def memo_legal(state: State[Any], rules: _Rules) -> tuple[Action, ...]:
    """The legal actions of ``state``, memoised on it exactly as
    :func:`~mitosz_core.legal_actions` does (which calls this)."""
    cached = state._legal
    if cached is not None:
        return cached
    result = () if state.over else rules.legal(state)
    object.__setattr__(state, "_legal", result)
    return result


class ActionSpace(ABC):
    """A fixed integer numbering of a ruleset's choices.

    Subclasses give :attr:`num_distinct_actions`, :meth:`index_of` (the index of a legal
    action in its state) and :meth:`action_string`. The rest is built on those and on
    :func:`~mitosz_core.legal_actions`.
    """

    def __init__(self, rules: _Rules) -> None:
        self._rules = rules

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """The size of the space: every index of every reachable state is below it."""

    @abstractmethod
    def index_of(self, state: State[Any], action: Action) -> int:
        """The index of ``action`` (a legal action of ``state``); raises
        :class:`~mitosz_core.errors.ActionIndexError` if it falls outside the space."""

    @abstractmethod
    def action_string(self, state: State[Any], action: Action) -> str:
        """A readable text for ``action`` in ``state``, unique among the legal actions of
        ``state``."""

    def legal_table(self, state: State[Any]) -> dict[int, Action]:
        """The legal actions of ``state`` by their index (memoised on the state)."""
        memo = state.derived()
        cached: dict[int, Action] | None = memo.get("action_table")
        if cached is not None:
            return cached
        table: dict[int, Action] = {}
        for action in memo_legal(state, self._rules):
            index = self.index_of(state, action)
            if index in table:
                raise ActionIndexError(
                    index, f"names both {table[index]} and {action} in state {state.phase!r}"
                )
            table[index] = action
        memo["action_table"] = table
        return table

    def encode(self, state: State[Any], action: Action) -> int:
        """The index of ``action``, a legal action of ``state``."""
        for index, legal in self.legal_table(state).items():
            if legal == action:
                return index
        raise ActionIndexError(action, f"is not a listed legal action in state {state.phase!r}")

    def decode(self, state: State[Any], index: int) -> Action:
        """The legal action of ``state`` that ``index`` names."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise ActionIndexError(index, "an action index must be an int")
        if not 0 <= index < self.num_distinct_actions:
            raise ActionIndexError(index, f"outside the space [0, {self.num_distinct_actions})")
        action = self.legal_table(state).get(index)
        if action is None:
            raise ActionIndexError(index, f"names no legal action in state {state.phase!r}")
        return action

    def legal_indices(self, state: State[Any]) -> tuple[int, ...]:
        """The indices of the legal actions, ascending (the sparse form of the mask)."""
        return tuple(sorted(self.legal_table(state)))

    def legal_mask(self, state: State[Any]) -> list[bool]:
        """``num_distinct_actions`` booleans, true at the legal indices. Apart from the
        list itself, the work is proportional to the number of legal actions."""
        mask = [False] * self.num_distinct_actions
        for index in self.legal_table(state):
            mask[index] = True
        return mask
