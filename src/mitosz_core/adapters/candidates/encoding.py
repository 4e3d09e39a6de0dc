"""The candidate action encoding: an action is an index ``0 .. K - 1`` into the
canonical legal list (:func:`~mitosz_core.legal_actions`, identical copies listed
once), with a row of features per candidate.

``K`` (:data:`CANDIDATES`) is one constant per ruleset, whatever the player count and
the card sets. A decision with more than ``K`` legal actions is split by the
*overflow rule*: the candidates are first groups of the actions, then the members of
the group chosen. The groups are those of the action class and the first card the
action names (in the order of their first member in the list); if those are still more
than ``K``, the groups are the action classes; if a single class holds them all, runs of
consecutive actions. A group with more than ``K`` members is split again the same way,
so every choice has at most ``K`` candidates. The groups chosen so far (the *path*, a
tuple of candidate indices) are part of the decision: the adapters keep it with the
engine state, show it in the features (each row's ``choice`` field) and serialize it.

The module is rules-agnostic: it reads the ruleset's action space (its layouts, the
slot coding of every field), its card fields and the card facts of
:mod:`.facts`.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mitosz_core.adapters.candidates.facts import FACTS
from mitosz_core.adapters.tensors.api import check_player
from mitosz_core.adapters.tensors.layout import Field, size_of
from mitosz_core.errors import ActionIndexError
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.actionspace import LayoutSpace, memo_legal
from mitosz_core.kernel.api import action_space
from mitosz_core.kernel.registry import get
from mitosz_core.kernel.state import State

CANDIDATES: dict[str, int] = {"mitosz": 128, "mythos": 128}
"""``K`` per ruleset. Random play on the built-in decks meets at most 52 legal Mítosz
actions (mean 3.8) and 28 MYTHOS ones; 128 leaves more than twice that as margin, keeps
the dense mask and the ``K x F`` tensor small, and the overflow rule covers the rest."""

Path = tuple[int, ...]
"""The candidate indices of the groups chosen so far in a decision."""


@dataclass(frozen=True)
class Group:
    """A candidate that stands for several actions: those of ``kind`` (``None`` for a
    run of actions of several classes) whose first card named is ``card`` (``None``
    when grouped by class or by run)."""

    kind: type[Action] | None
    card: int | None
    members: tuple[Action, ...]


Option = Action | Group
"""A candidate: an action, or a group of actions (the overflow rule)."""


def _first_card(action: Action, card_fields: frozenset[str]) -> int | None:
    for f in dataclasses.fields(action):
        if f.name in card_fields:
            value = getattr(action, f.name)
            if type(value) is int:
                return value
    return None


def split(actions: Sequence[Action], k: int, card_fields: frozenset[str]) -> tuple[Option, ...]:
    """The candidates of a choice among ``actions``: the actions themselves if they are
    at most ``k``, else groups of them (see the module)."""
    if len(actions) <= k:
        return tuple(actions)
    for by_card in (True, False):
        groups: dict[tuple[type[Action], int | None], list[Action]] = {}
        for action in actions:
            card = _first_card(action, card_fields) if by_card else None
            groups.setdefault((type(action), card), []).append(action)
        if 1 < len(groups) <= k:
            return tuple(Group(kind, card, tuple(m)) for (kind, card), m in groups.items())
    run = math.ceil(len(actions) / k)
    out: list[Option] = []
    for start in range(0, len(actions), run):
        members = tuple(actions[start : start + run])
        kinds = {type(a) for a in members}
        out.append(Group(kinds.pop() if len(kinds) == 1 else None, None, members))
    return tuple(out)


def _flag(ok: bool) -> float:
    return 1.0 if ok else 0.0


class CandidateEncoding:
    """The candidate encoding of one ruleset, with ``size`` candidates (``K``; the
    ruleset's :data:`CANDIDATES` unless given)."""

    def __init__(self, ruleset: str, size: int | None = None) -> None:
        space = action_space(ruleset)
        if not isinstance(space, LayoutSpace):
            raise TypeError(f"the {ruleset} action space has no layouts to code candidates by")
        if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 2):
            raise ValueError(f"a candidate count is an int of at least 2, not {size!r}")
        self.ruleset = ruleset
        self.space = space
        self.rules = get(ruleset)
        self.size = size if size is not None else CANDIDATES[ruleset]
        self.card_fields: frozenset[str] = self.rules.card_fields
        self.classes = tuple(layout.kind for layout in space.layouts)
        self._class_index = {kind: i for i, kind in enumerate(self.classes)}
        self._layouts = {layout.kind: layout for layout in space.layouts}
        self.max_fields = max(len(layout.fields) for layout in space.layouts)
        self.max_cards = max(
            sum(f.name in self.card_fields for f in dataclasses.fields(kind))
            for kind in self.classes
        )
        self.facts = FACTS[ruleset]
        self.fields = self._row_fields()
        self.width = size_of(self.fields)
        self._at = {}
        at = 0
        for f in self.fields:
            self._at[f.name] = at
            at += f.size

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        # pickled (OpenSpiel's serialization of a Python state pickles its attributes)
        # by the ruleset and the size: the space it reads is the ruleset's
        return (CandidateEncoding, (self.ruleset, self.size))

    def __deepcopy__(self, memo: dict[int, Any]) -> CandidateEncoding:
        return self  # nothing in it changes

    def _row_fields(self) -> tuple[Field, ...]:
        facts = "; ".join(f"{f.name} ({f.size})" for f in self.facts.fields)
        return (
            Field(
                "class",
                len(self.classes),
                "action class, one-hot (" + ", ".join(k.kind for k in self.classes) + ")",
            ),
            Field(
                "choice",
                3,
                "1 if the row is a group of actions (overflow rule); log2(members) / 16, "
                "at most 1; groups chosen so far in this decision / 4, at most 1",
            ),
            Field(
                "fields",
                2 * self.max_fields,
                f"the class's action-space fields in layout order (up to {self.max_fields}), "
                "each: 1 if present; (slot code + 1) / the field's codes, 1 beyond them",
            ),
            Field(
                "cards",
                self.max_cards * (1 + self.facts.size),
                f"each card the action names (up to {self.max_cards}, in field order), "
                f"each: 1 if named; {facts}",
            ),
        )

    # --- the choice ---------------------------------------------------------------

    def legal(self, state: State[Any]) -> tuple[Action, ...]:
        """The canonical legal list of ``state``."""
        return memo_legal(state, self.rules)

    def options(self, state: State[Any], path: Path = ()) -> tuple[Option, ...]:
        """The candidates of ``state`` after the groups of ``path`` were chosen."""
        current: Sequence[Action] = self.legal(state)
        for depth, chosen in enumerate(path):
            found = split(current, self.size, self.card_fields)
            if not 0 <= chosen < len(found) or not isinstance(found[chosen], Group):
                raise ActionIndexError(
                    chosen, f"names no group of candidates at step {depth} of the choice"
                )
            group = found[chosen]
            assert isinstance(group, Group)
            current = group.members
        return split(current, self.size, self.card_fields)

    def indices(self, state: State[Any], path: Path = ()) -> range:
        """The legal candidate indices (``0 .. n - 1``)."""
        if state.is_over:
            return range(0)
        return range(len(self.options(state, path)))

    def mask(self, state: State[Any], path: Path = ()) -> np.ndarray[Any, np.dtype[np.int8]]:
        """``K`` int8 values, 1 at the legal candidate indices."""
        out = np.zeros(self.size, np.int8)
        out[: len(self.indices(state, path))] = 1
        return out

    def choose(self, state: State[Any], path: Path, index: object) -> tuple[Action | None, Path]:
        """What candidate ``index`` does: the action it names (and an empty path), or
        ``None`` and the longer path when it names a group. NumPy integers are taken."""
        if isinstance(index, bool) or not isinstance(index, int | np.integer):
            raise ActionIndexError(index, "a candidate index must be an int")
        i = int(index)
        if not 0 <= i < self.size:
            raise ActionIndexError(i, f"outside the candidates [0, {self.size})")
        found = self.options(state, path) if not state.is_over else ()
        if i >= len(found):
            raise ActionIndexError(i, f"names no candidate: the choice has {len(found)}")
        option = found[i]
        if isinstance(option, Group):
            return None, (*path, i)
        return option, ()

    # --- features -------------------------------------------------------------------

    def features(
        self,
        state: State[Any],
        player: int,
        path: Path = (),
        out: np.ndarray[Any, Any] | None = None,
    ) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The ``K x F`` float32 features of the candidates as ``player`` (the player
        deciding) sees them; padding rows are 0, and so is every row for a player not
        deciding. Written into ``out`` if given. A player index that is not a seat of
        the game is refused as :func:`~mitosz_core.observe` refuses it."""
        check_player(state, player)
        shape = (self.size, self.width)
        if out is None:
            target: np.ndarray[Any, Any] = np.zeros(shape, np.float32)
        else:
            if out.shape != shape or out.dtype != np.float32:
                raise ValueError(f"out must be a float32 array of shape {shape}")
            target = out
            target[:] = 0.0
        if state.is_over or state.to_act != player:
            return target
        found = self.options(state, path)
        hidden = self.facts.hidden(state, player)
        for row, option in zip(target, found, strict=False):
            self._row(state, player, path, option, hidden, row)
        return target

    def _row(
        self,
        state: State[Any],
        player: int,
        path: Path,
        option: Option,
        hidden: frozenset[int],
        row: np.ndarray[Any, Any],
    ) -> None:
        at = self._at
        choice = at["choice"]
        row[choice + 2] = min(1.0, len(path) / 4)
        if isinstance(option, Group):
            row[choice] = 1.0
            row[choice + 1] = min(1.0, math.log2(len(option.members)) / 16)
            if option.kind is not None:
                row[at["class"] + self._class_index[option.kind]] = 1.0
            if option.card is not None and option.kind is not None:
                first = option.members[0]
                self._fields(state, first, row, only_card=option.card)
                self._card(state, player, 0, option.card, hidden, row)
            return
        kind = type(option)
        row[at["class"] + self._class_index[kind]] = 1.0
        self._fields(state, option, row, only_card=None)
        slot = 0
        for f in dataclasses.fields(option):
            if f.name in self.card_fields:
                value = getattr(option, f.name)
                if type(value) is int and slot < self.max_cards:
                    self._card(state, player, slot, value, hidden, row)
                    slot += 1

    def _fields(
        self, state: State[Any], action: Action, row: np.ndarray[Any, Any], only_card: int | None
    ) -> None:
        base = self._at["fields"]
        for j, (name, domain) in enumerate(self._layouts[type(action)].fields):
            if "|" in name:
                value: object = tuple(getattr(action, part) for part in name.split("|"))
            else:
                value = getattr(action, name)
            if only_card is not None and value != only_card:
                continue
            code = domain.code(state, value)
            row[base + 2 * j] = 1.0
            row[base + 2 * j + 1] = 1.0 if code is None else (code + 1) / domain.size
            if only_card is not None:
                return

    def _card(
        self,
        state: State[Any],
        player: int,
        slot: int,
        card: int,
        hidden: frozenset[int],
        row: np.ndarray[Any, Any],
    ) -> None:
        start = self._at["cards"] + slot * (1 + self.facts.size)
        row[start] = 1.0
        self.facts.write(state, player, card, hidden, row[start + 1 : start + 1 + self.facts.size])

    def describe(self, state: State[Any], option: Option) -> str:
        """A readable text of a candidate."""
        if isinstance(option, Group):
            kind = option.kind.kind if option.kind is not None else "actions"
            first = self.space.action_string(state, option.members[0])
            return f"group of {len(option.members)} {kind} (first: {first})"
        return self.space.action_string(state, option)


_ENCODINGS: dict[str, CandidateEncoding] = {}


def encoding(ruleset: str) -> CandidateEncoding:
    """The candidate encoding of ``ruleset`` with its :data:`CANDIDATES` (made once)."""
    found = _ENCODINGS.get(ruleset)
    if found is None:
        found = _ENCODINGS[ruleset] = CandidateEncoding(ruleset)
    return found
