"""The contract between the kernel and a game: the :class:`Ruleset` plug-in.

The contract is deliberately small (after OpenSpiel's game/state split): set up a game,
list candidate actions, say why an action is not legal (the one legality gate), perform
a legal action, name the engine's automatic pass, observe, and validate a decoded state.
The kernel knows no game concept beyond this.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from mitosz_core.kernel.action import Action
from mitosz_core.kernel.codec import Decoder
from mitosz_core.kernel.machine import CompiledMachine
from mitosz_core.kernel.state import DeckList, GameConfig, State

G = TypeVar("G")

JsonDict = dict[str, Any]


class Ruleset(ABC, Generic[G]):
    """A game's rules, plugged into the kernel.

    Class attributes declare the game: its registry ``name``, its compiled ``machine``,
    the frozen ``game_type`` held in :attr:`~mitosz_core.State.game`, its ``action_types`` and the
    supported player counts.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    machine: ClassVar[CompiledMachine]
    game_type: ClassVar[type[Any]]
    action_types: ClassVar[tuple[type[Action], ...]]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def action_table(self) -> Mapping[str, type[Action]]:
        """Action classes by their JSON ``type`` tag."""
        return {cls.kind: cls for cls in self.action_types}

    def tagged_types(self) -> Mapping[type, Mapping[str, type]]:
        """The ruleset's other tagged unions (e.g. its effect language) that appear in its
        game data: base class -> ``kind`` -> subclass. None by default."""
        return {}

    def decoder(self) -> Decoder:
        """A decoder for this ruleset's saved states, actions and logs."""
        return Decoder(self.action_table(), self.tagged_types())

    def with_card_sets(self, paths: Sequence[str | os.PathLike[str]]) -> Ruleset[G]:
        """This ruleset with the given card-set files loaded beside its built-in cards.

        Games set up by the result may name those cards in their decks. The default
        refuses: a ruleset without card files has nothing to load."""
        from mitosz_core.errors import CardDataError

        raise CardDataError(
            str(paths[0]) if paths else "-",
            None,
            None,
            f"the {self.name} ruleset does not load card sets",
        )

    @abstractmethod
    def builtin_decks(self) -> Mapping[str, DeckList]:
        """The ruleset's built-in decks by name."""

    @abstractmethod
    def default_decks(self, players: int) -> tuple[DeckList, ...]:
        """The decks dealt when ``new_game`` is given none."""

    @abstractmethod
    def check_deck(self, deck: DeckList) -> None:
        """Raise :class:`~mitosz_core.errors.DeckError` if ``deck`` breaks a deck rule."""

    @abstractmethod
    def setup(self, config: GameConfig) -> State[G]:
        """The state at the first decision of a new game."""

    @abstractmethod
    def candidates(self, state: State[G]) -> Iterable[Action]:
        """Every action worth testing for legality now, in a deterministic order."""

    @abstractmethod
    def why_not(self, state: State[G], action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else the specific reason it is not.

        This is the one legality gate: ``legal_actions`` filters :meth:`candidates`
        through it, and ``apply`` refuses what it refuses.
        """

    def legal(self, state: State[G]) -> tuple[Action, ...]:
        """The legal actions now: :meth:`candidates` filtered through :meth:`why_not`.

        A ruleset may do the same faster (its candidates need not pass the checks that
        only outside input can fail, such as unknown card ids), never differently."""
        return tuple(a for a in self.candidates(state) if self.why_not(state, a) is None)

    @abstractmethod
    def perform(self, state: State[G], action: Action) -> State[G]:
        """Apply a legal action and run every automatic step up to the next decision."""

    def auto_action(self, state: State[G]) -> Action | None:
        """An action the engine takes for the deciding player (an empty priority pass).

        Called only when the game's ``auto_pass`` option is on. The default is none.
        """
        return None

    @abstractmethod
    def observe(self, state: State[G], player: int) -> JsonDict:
        """What ``player`` may see, as JSON-ready data."""

    def validate(self, state: State[G]) -> None:
        """Check a decoded state's internal consistency; raise ``DecodeError`` if broken."""

    def describe(self, state: State[G], action: Action) -> str:
        """A readable sentence for ``action`` taken in ``state`` (for logs)."""
        return str(action)

    def resolve_decks(
        self, decks: Sequence[str | DeckList] | None, players: int
    ) -> tuple[DeckList, ...]:
        """Built-in deck names and deck objects turned into checked deck lists."""
        from mitosz_core.errors import DeckError

        if decks is None:
            return self.default_decks(players)
        if isinstance(decks, str | DeckList):
            raise DeckError(str(decks), "decks must be a sequence with one deck per player")
        if len(decks) != players:
            raise DeckError("<decks>", f"{len(decks)} decks given for {players} players")
        builtin = self.builtin_decks()
        out: list[DeckList] = []
        for deck in decks:
            if isinstance(deck, str):
                if deck not in builtin:
                    known = ", ".join(sorted(builtin))
                    raise DeckError(deck, f"no built-in deck of that name; built-in: {known}")
                deck = builtin[deck]
            self.check_deck(deck)
            out.append(deck)
        return tuple(out)
