"""Which of two conflicting effects is stronger (*5.9*): one mechanism, used everywhere.

The order of sources: high god, fate, leader, intrigue, people, location, troop, item; a
maneuver ranks by its user. Within one card type a magical source beats a non-magical
one. A tie is settled by a reveal: each side's player reveals the top card of their own
deck (it then goes to the bottom, 4.2.3); the higher card number wins, equal numbers
reveal again. Reveals change the state, so ties are settled in the state-based checks
(:func:`settle_ties`) the moment a conflict exists, and recorded; reading precedence
afterwards (:func:`strongest`) is pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import is_magical
from mitosz_core.games.mitosz.rules.zones import update_player
from mitosz_core.games.mitosz.state import CardId, Game, Tiebreak
from mitosz_core.kernel.values import replace

ORDER: tuple[CardType, ...] = (
    CardType.HIGH_GOD,
    CardType.FATE,
    CardType.LEADER,
    CardType.INTRIGUE,
    CardType.PEOPLE,
    CardType.LOCATION,
    CardType.TROOP,
    CardType.ITEM,
)
"""5.9: the card types from strongest to weakest."""


def rank(game: Game, source: CardId | None) -> tuple[int, int]:
    """A source's strength as ``(type rank, magical)``; larger is stronger (5.9)."""
    if source is None:
        return (-1, 0)
    d = game.card(source)
    position = ORDER.index(d.type) if d.type in ORDER else len(ORDER)
    return (len(ORDER) - position, 1 if is_magical(game, source) else 0)  # 2.4, 8.rune


class Ranked(Protocol):
    """Anything with a precedence ``key``, a ``source`` card and a ``player``."""

    @property
    def key(self) -> str: ...
    @property
    def source(self) -> CardId | None: ...
    @property
    def player(self) -> int: ...


R = TypeVar("R", bound=Ranked)


def beats(game: Game, a: Ranked, b: Ranked) -> bool | None:
    """Whether ``a`` is stronger than ``b``; ``None`` for an unsettled tie (5.9)."""
    ra, rb = rank(game, a.source), rank(game, b.source)
    if ra != rb:
        return ra > rb
    for t in game.tiebreaks:
        if {t.a, t.b} == {a.key, b.key}:
            return t.winner == a.key
    return None


def strongest(game: Game, group: Sequence[R]) -> R:
    """The strongest of ``group`` (5.9). An unsettled tie, which the state checks never
    leave behind, falls to the later effect."""
    best = group[0]
    for other in group[1:]:
        if beats(game, other, best) is not False:
            best = other
    return best


def settle_ties(s: S, groups: Sequence[Sequence[Ranked]]) -> S:
    """Settle by reveals every tie inside the conflicting ``groups`` (5.9)."""
    for group in groups:
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                if beats(s.game, a, b) is None:
                    winner = _implied(s.game.tiebreaks, a.key, b.key)
                    if winner is None:
                        s, winner = _reveal_off(s, a, b)
                    tie = Tiebreak(a.key, b.key, winner)
                    s = s.evolve(game=replace(s.game, tiebreaks=(*s.game.tiebreaks, tie)))
    return s


def _implied(ties: Sequence[Tiebreak], a: str, b: str) -> str | None:
    """The winner between ``a`` and ``b`` that settled ties already imply through a chain
    (``a`` beat ``x`` ... beat ``b``), so that the order stays transitive when three or
    more effects tie (ruling R-5.9-transitive); ``None`` if no chain decides."""
    wins: dict[str, set[str]] = {}
    for t in ties:
        wins.setdefault(t.winner, set()).add(t.b if t.winner == t.a else t.a)

    def reaches(start: str, goal: str) -> bool:
        seen, todo = {start}, [start]
        while todo:
            for nxt in wins.get(todo.pop(), ()):
                if nxt == goal:
                    return True
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return False

    if reaches(a, b):
        return a
    if reaches(b, a):
        return b
    return None


def _reveal_off(s: S, a: Ranked, b: Ranked) -> tuple[S, str]:
    """Both sides reveal until one card number is higher; revealed cards go under."""
    for _ in range(20):
        s, na = _reveal_number(s, a.player)
        s, nb = _reveal_number(s, b.player)
        if na != nb:
            return s, a.key if na > nb else b.key
    value, rng = s.rng.below(2)
    return s.evolve(rng=rng), (a.key, b.key)[value]


def _reveal_number(s: S, player: int) -> tuple[S, int]:
    deck = s.game.players[player].deck
    if not deck:
        value, rng = s.rng.below(10)
        return s.evolve(rng=rng), value
    top = deck[0]
    s = update_player(s, player, deck=(*deck[1:], top))
    s = s.evolve(game=replace(s.game, revealed=(top,)))
    return s, s.game.card(top).card_number
