"""Exception classes raised by mitosz-core.

Every error names the offending item: the action, the card, the file and field,
or the JSON path of a saved state.
"""

from __future__ import annotations


class MitoszError(Exception):
    """Base class of every error raised by the engine."""


class IllegalActionError(MitoszError, ValueError):
    """An action that is not legal in the given state.

    The state is left unchanged. ``reason`` says why the action was refused.
    """

    def __init__(self, action: object, phase: str, reason: str) -> None:
        self.action = action
        self.phase = phase
        self.reason = reason
        super().__init__(f"illegal action {action} in phase {phase!r}: {reason}")


class UnknownRulesetError(MitoszError, KeyError):
    """A ruleset name that is not registered."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        self.name = name
        super().__init__(f"unknown ruleset {name!r}; registered: {', '.join(known) or 'none'}")

    def __str__(self) -> str:
        return str(self.args[0])


class DecodeError(MitoszError, ValueError):
    """A saved state, action or action log that cannot be read.

    ``path`` is the JSON path of the offending value, e.g. ``$.game.players[1].hand[3]``.
    """

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")


class DeckError(MitoszError, ValueError):
    """A deck that breaks a deck-building rule or names an unknown card."""

    def __init__(self, deck: str, problem: str, rule: str | None = None) -> None:
        self.deck = deck
        self.problem = problem
        self.rule = rule
        where = f" (rule {rule})" if rule else ""
        super().__init__(f"deck {deck!r}: {problem}{where}")


def printable(text: str) -> str:
    """``text`` (a file name, say) with each character that does not print (a line
    break, a tab, U+2028) written as its escape, so that a message naming it stays on
    one line and says exactly which file."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class CardDataError(MitoszError, ValueError):
    """A card definition that is malformed or impossible."""

    def __init__(self, source: str, card: str | None, field: str | None, problem: str) -> None:
        self.source = source
        self.card = card
        self.field = field
        self.problem = problem
        parts = [printable(source)]
        if card is not None:
            parts.append(f"card {card!r}")
        if field is not None:
            parts.append(f"field {field!r}")
        super().__init__(f"{', '.join(parts)}: {problem}")


class RegistryError(MitoszError, ValueError):
    """A rule registry file (``specs/rules/*.yaml``) that cannot be read; names the file
    and, where it can, the rule."""

    def __init__(self, source: str, problem: str) -> None:
        self.source = source
        self.problem = problem
        super().__init__(f"{printable(source)}: {problem}")


class MachineError(MitoszError, RuntimeError):
    """The engine tried to move along an edge that the declared state machine lacks.

    This is always an engine bug, never a user error.
    """


class ConfigError(MitoszError, ValueError):
    """Arguments of :func:`~mitosz_core.new_game` or :func:`~mitosz_core.replay` that no
    game can be set up with: a player count the ruleset does not support, or a seed out
    of range. ``field`` names the argument.
    """

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


class ConfigTypeError(ConfigError, TypeError):
    """A :class:`ConfigError` for an argument of the wrong type (e.g. a float seed); also
    a ``TypeError``, as such errors were before."""


class ReplayError(MitoszError, ValueError):
    """An action log that cannot be replayed; names the index of the failing entry.

    ``index`` is the position in the log of the entry that failed (the number of entries,
    when the log replays but does not reach the expected state); ``cause`` is what went
    wrong, e.g. the :class:`IllegalActionError` of that entry.
    """

    def __init__(self, index: int, cause: Exception | str) -> None:
        self.index = index
        self.cause: Exception = cause if isinstance(cause, Exception) else ValueError(cause)
        super().__init__(self._message())

    def _message(self) -> str:
        return f"action #{self.index} cannot be replayed: {self.cause}"


class ReplayMismatchError(ReplayError):
    """A log that replays, but to another state than the expected one (a strict
    :func:`~mitosz_core.replay`)."""

    def _message(self) -> str:
        return f"the log's {self.index} entries replay to another state: {self.cause}"


class InvalidStateError(DecodeError):
    """A state that breaks a rule every state of the game satisfies: a saved state that
    :meth:`State.from_json <mitosz_core.State.from_json>` refuses, or a position a
    builder cannot make. ``rule`` names the broken rule (a name from the table of
    :doc:`the reliability page </reliability>`, such as ``card-owner``), ``path`` the
    JSON path of the offending value in the saved state."""

    def __init__(self, path: str, rule: str, problem: str) -> None:
        self.rule = rule
        super().__init__(path, f"{problem} [{rule}]")
        self.problem = problem


class HistoryError(InvalidStateError):
    """A saved state that its own history does not give: replaying its configuration (or
    its starting position) and its log fails at a decision or ends in another state.
    ``decision`` is the index of the first decision that diverges (the number of
    decisions when only the final state differs), ``difference`` what differs; ``path``
    is the JSON path of the decision or of the first value that differs."""

    def __init__(self, path: str, decision: int, difference: str) -> None:
        self.decision = decision
        self.difference = difference
        super().__init__(path, "history", f"decision {decision}: {difference}")


class RulesetMismatchError(MitoszError, ValueError):
    """A state of one ruleset given to another ruleset's typed face (e.g. a MYTHOS state
    to :func:`mitosz_core.mitosz.apply`). ``expected`` and ``found`` name the rulesets."""

    def __init__(self, expected: str, found: str) -> None:
        self.expected = expected
        self.found = found
        super().__init__(f"expected a {expected} state, got a {found} state")


class MitoszDeprecationWarning(DeprecationWarning):
    """A name or a calling form that still works but will be removed in the next release;
    the message names its replacement (see the changelog)."""


class NotAvailableError(MitoszError, NotImplementedError):
    """A service of the AI interface (an action space, determinization, ...) that the
    ruleset does not provide. ``ruleset`` and ``service`` name them."""

    def __init__(self, ruleset: str, service: str) -> None:
        self.ruleset = ruleset
        self.service = service
        super().__init__(f"{service} is not available for the {ruleset} ruleset")


class ActionIndexError(MitoszError, ValueError):
    """An integer action index outside a ruleset's action space, or one that names no
    legal action in the given state (:meth:`~mitosz_core.ActionSpace.decode`)."""

    def __init__(self, index: object, problem: str) -> None:
        self.index = index
        self.problem = problem
        super().__init__(f"action index {index!r}: {problem}")
