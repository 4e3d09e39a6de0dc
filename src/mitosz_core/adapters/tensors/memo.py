"""The :class:`TensorMemo`: parts of the observation tensors kept between decisions by
whoever builds the tensors of one game after another."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mitosz_core.adapters.tensors.mitosz_memo import MitoszBoards
from mitosz_core.adapters.tensors.mythos_memo import MythosRows
from mitosz_core.games.mitosz.state import Game as MitoszGame
from mitosz_core.games.mythos.state import Game as MythosGame
from mitosz_core.kernel.values import CHECK_VIEWS


class TensorMemo:
    """Parts of the observation tensors worked out for earlier states, kept between
    decisions by whoever builds the tensors of one game after another (an environment, an
    OpenSpiel game) and passed to :func:`~mitosz_core.adapters.tensors.observation_tensor`.
    It holds the parts of one set of printed cards and owners at a time (a state of
    another game empties it):

    * the fields of a hand slot, per printed card;
    * for Mítosz, a seat's leaders and empire fields, each kept while the parts it is
      read from are the same objects (:attr:`mitosz`, see
      :meth:`.mitosz_memo.MitoszBoards.board`);
    * for MYTHOS (:attr:`mythos`), each player's passive bonuses and aura cap, kept while
      the cards in their rows and the cards attached to them are the same
      (:func:`.mythos_fields.row_sources`, read again for the rows that are new objects:
      damage, markers and flags do not count); the fields of a seat's rows, kept while
      the seat's player value and the bonus tables are the same objects; else each
      row's, kept while the row and the tables are; else each slot's, kept while the slot
      is the same object and the bonuses that reach its unit are equal (a decision that
      damages one unit works out one slot again, not six rows).

    An entry is used only while what it was worked out from is the very object it holds
    (so that no other object can take its place) or, where said, equal to it. In the
    debug mode of the cached views (``MITOSZ_CHECK_VIEWS=1``,
    :data:`~mitosz_core.kernel.values.CHECK_VIEWS`) every entry used is worked out again
    and compared. A deep copy of a memo is the memo itself (the clones of an OpenSpiel
    state share their game's); a pickle of one is a new, empty memo."""

    __slots__ = ("_cards", "_hand", "_hands", "mitosz", "mythos")

    def __init__(self) -> None:
        self._cards: tuple[object, object] | None = None
        """The printed cards and the owners (``game.cards``, ``game.instances``) of the
        entries."""
        self._hand: dict[int, bytes] = {}
        """The hand-slot fields by printed card (its index in ``game.cards``)."""
        self._hands: dict[int, tuple[tuple[int, ...], bytes]] = {}
        """Per player, the hand (the tuple of card ids) and the fields of all its slots."""
        self.mitosz = MitoszBoards()
        """The Mítosz seats' board fields."""
        self.mythos = MythosRows()
        """The MYTHOS players' bonuses and the seats' rows."""

    def __deepcopy__(self, memo: dict[int, Any]) -> TensorMemo:
        return self

    def __reduce__(self) -> tuple[type[TensorMemo], tuple[()]]:
        return (TensorMemo, ())

    def sync(self, game: MitoszGame | MythosGame) -> None:
        """Empty the memo if ``game`` has other printed cards or owners than its
        entries (called first by every tensor the memo serves: the other methods take
        it as done)."""
        held = self._cards
        if held is None or held[0] is not game.cards or held[1] is not game.instances:
            self._cards = (game.cards, game.instances)
            self._hand.clear()
            self._hands.clear()
            self.mitosz.clear()
            self.mythos.clear()

    def hand_rows(
        self, game: MitoszGame | MythosGame, hand: tuple[int, ...], build: Callable[[Any], bytes]
    ) -> list[bytes]:
        """The fields of the hand slots holding ``hand``'s cards: ``build`` of each one's
        printed card, kept per printed card."""
        rows = self._hand
        instances = game.instances
        out = []
        for card in hand:
            index: int = instances[card].card
            row = rows.get(index)
            if row is None:
                row = rows[index] = build(game.cards[index])
            elif CHECK_VIEWS:
                assert build(game.cards[index]) == row, f"stale tensor memo of card {card}"
            out.append(row)
        return out

    def hand_fields(
        self,
        game: MitoszGame | MythosGame,
        player: int,
        hand: tuple[int, ...],
        build: Callable[[Any], bytes],
        blanks: tuple[bytes, ...],
    ) -> bytes:
        """The hand field of ``player`` holding ``hand``: the fields of each card's slot
        (:meth:`hand_rows`), then ``blanks[len(hand)]`` for the empty slots; kept whole
        while the player's hand is the very tuple it was (its cards' printed cards are
        fixed while the memo holds)."""
        held = self._hands.get(player)
        if held is not None and held[0] is hand:
            if CHECK_VIEWS:
                fresh = b"".join(self.hand_rows(game, hand, build)) + blanks[len(hand)]
                assert fresh == held[1], f"stale tensor memo of player {player}'s hand"
            return held[1]
        fields = b"".join(self.hand_rows(game, hand, build)) + blanks[len(hand)]
        self._hands[player] = (hand, fields)
        return fields
