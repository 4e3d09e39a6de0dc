"""What a keyword of chapter 8 declares, in one place (:class:`Keyword`).

A keyword module (``rules/keywords/<name>.py``) holds its rules and one :class:`Keyword`
value saying what it adds to the game; :mod:`.keywords` lists the keyword values, and
the generic code reads them there: the summoning step's rules and candidates, the kind
its cards are attached as, what happens to them when they or their host leave the board,
how a use that concerns one of its cards resolves (:mod:`..maneuver_use`), its own
action classes and their layouts in the action space, and how many of its attached
cards have codes of their own there.
What its attached cards are to their host (its :class:`~...subtypes.Bearing`) is declared
beside its subtype (:data:`~...subtypes.ATTACHING_KEYWORDS`), where the rules below the keyword
modules read it, since they cannot import the keywords back; :attr:`Keyword.bearing`
reads it there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from mitosz_core.games.mitosz.actions import KeywordActionBase
from mitosz_core.games.mitosz.effects.language import Maneuver
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.state import AttachKind, Game, ManeuverPending
from mitosz_core.games.mitosz.subtypes import ATTACHING_KEYWORDS, Bearing, Subtype
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule

ResolveUse = Callable[[S, ManeuverPending, Maneuver], tuple[S, ManeuverPending | None, Maneuver]]
"""How a resolving use that concerns a keyword's card
(:attr:`~..state.ManeuverPending.keyword_card`) goes on: the state, the use as it goes on
to take hold (``None`` if it ends here) and the maneuver it takes hold with."""


Describe = Callable[[Any, Callable[[int | None], str]], str]
"""How a keyword's action reads (:attr:`KeywordAction.describe`): from the action and a
function that names a card by its id."""


@dataclass(frozen=True)
class KeywordAction:
    """An action class a keyword brings, and its layout in the integer action space
    (:mod:`~mitosz_core.games.mitosz.actionspace`)."""

    action: type[KeywordActionBase]
    fields: tuple[tuple[str, str], ...]
    """Each field of the action, in index order, with the name of the action space's
    positions it is coded by: ``hand``, ``own`` (the deciding player's board), ``any``
    (every board, and the cards with codes of their own), ``index`` (a maneuver printed
    on a card)."""
    after: type[Action]
    """The action whose layout its own follows: the flat index of every action stays
    where it was when the action moved into its keyword's module."""
    describe: Describe | None = None
    """The sentence that describes an action of it, for logs and the demo
    (:func:`~mitosz_core.games.mitosz.describe.describe`), from the action and a function
    naming a card by id."""


def no_candidates(s: S, player: int) -> Iterator[Action]:
    """A keyword that offers no action of its own."""
    return iter(())


@dataclass(frozen=True)
class Keyword:
    """One keyword of chapter 8, declared by its module."""

    name: str
    """The keyword, as the rulebook's paragraph names it (``8.<name>``)."""
    subtype: Subtype
    """Its subtype: the card schema's vocabulary entry (``carddata/vocabulary.py``)."""
    rules: tuple[str, ...]
    """The rule ids of the rulebook it implements."""
    kind: AttachKind | None = None
    """How its cards are attached (:attr:`~..state.Board.attachments`), if they are."""
    leaves: str = ""
    """What happens when its card or its host leaves the board; the one walk of
    :func:`~..board.remove_to_underworld` over the relation does it for every kind."""
    rank: int | None = None
    """Its precedence rank among keywords that compete (5.9), if any."""
    main_rules: tuple[Rule[Game, Any], ...] = ()
    """The rules of the actions it adds to the summoning steps (6.2.3), last in the
    step's table."""
    main_candidates: Callable[[S, int], Iterator[Action]] = no_candidates
    """Its legal actions in a summoning step for a player, in their documented order."""
    actions: tuple[KeywordAction, ...] = ()
    """Its own action classes and their layouts (:data:`~.KEYWORD_ACTIONS`, after the
    core rules' in the action union)."""
    slots: int = 0
    """How many of its attached cards have codes of their own in the action space, after
    the core rules' own and any positions; what its cards may number in a game's decks."""
    resolve_use: ResolveUse | None = None
    """How a resolving use that concerns one of its cards goes on (a card of its subtype
    in :attr:`~..state.ManeuverPending.keyword_card`: attached by the use, or attached and used
    as its host's bound maneuver), before the use's own conditions and effect (4.6.5)."""
    acting: Callable[[Maneuver], Maneuver] | None = None
    """How a maneuver of one of its cards acts once a use of it takes hold, if not as
    printed (a rune's on its card only): what its ``resolve_use`` hands on. The effect
    validator reads it for the effects its cards can give."""
    concerns: tuple[Subtype, ...] = ()
    """Other subtypes its rules concern (a scribe attaches a rune): with its own, the
    subtypes of chapter 8 that carry a rule (the card pool's coverage report)."""

    @property
    def bearing(self) -> Bearing | None:
        """What its attached cards are to their host (a bound maneuver of it, 3.9; their
        cursed or magical marks passed on to it, 2.4), as declared beside its subtype
        (:data:`~...subtypes.ATTACHING_KEYWORDS`), if it attaches cards."""
        return ATTACHING_KEYWORDS.get(self.subtype) if self.kind is AttachKind.KEYWORD else None

    def __post_init__(self) -> None:
        attaching = self.subtype in ATTACHING_KEYWORDS
        if attaching != (self.kind is AttachKind.KEYWORD):
            raise ValueError(
                f"keyword {self.name}: its cards are attached as {self.kind}, but its subtype"
                f" {self.subtype!s} is{'' if attaching else ' not'} an attaching keyword's"
                " (subtypes.ATTACHING_KEYWORDS)"
            )
