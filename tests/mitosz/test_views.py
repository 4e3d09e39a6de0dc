"""The caches of derived views (Core v2): owned by values, valid by the identity of
what they read, and checkable from scratch (``MITOSZ_CHECK_VIEWS=1``)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz import state as game_state
from mitosz_core.games.mitosz.rules import S, checks, summoning
from mitosz_core.games.mitosz.rules.board import board_cards
from mitosz_core.games.mitosz.state import Game, Marker, PlayPending, cached, derived
from mitosz_core.kernel.values import NOTHING, replace
from tests.helpers import compiled


def test_a_change_to_a_hand_rebuilds_no_board_view(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_state, "CHECK_VIEWS", False)  # hits are not recomputed
    s = mc.new_game("mitosz", seed=3)
    game = s.game
    calls: list[int] = []

    def compute() -> tuple[int, ...]:
        calls.append(1)
        return board_cards(game, 0)

    first = cached(game, "probe", (game.board.attachments,), compute)
    p = game.players[0]
    moved = game.with_player(0, p.changed(hand=p.hand[1:], deck=(*p.deck, p.hand[0])))
    assert moved.board is game.board and moved.players[0].realm is p.realm
    assert cached(moved, "probe", (moved.board.attachments,), compute) == first
    assert len(calls) == 1
    leaders = game.with_player(0, p.changed(leaders=()))  # the realm changed: recomputed
    cached(leaders, "probe", (leaders.board.attachments,), compute)
    assert len(calls) == 2


def test_a_view_is_recomputed_when_a_part_it_reads_is_another_object(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(game_state, "CHECK_VIEWS", False)
    game = mc.new_game("mitosz", seed=3).game
    calls: list[int] = []
    part_a = tuple(range(1, 3))
    part_b = tuple(range(1, 3))  # equal, but another object
    cached(game, "fx", (part_a,), lambda: calls.append(1))
    moved = replace(game, next_id=game.next_id + 1)  # a new game value, same board
    cached(moved, "fx", (part_a,), lambda: calls.append(1))
    assert calls == [1]  # another game value, the same inputs: the board's entry serves
    cached(moved, "fx2", (part_b,), lambda: calls.append(1))
    cached(replace(moved, next_id=0), "fx2", (tuple(range(1, 3)),), lambda: calls.append(1))
    assert calls == [1, 1, 1]


def test_the_board_cache_holds_the_views_of_one_set_of_realms(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game value with other realms empties the board's cache; a game value with the
    first realms that asks again gets its own realms' view, never the other's."""
    monkeypatch.setattr(game_state, "CHECK_VIEWS", False)
    game = mc.new_game("mitosz", seed=3).game
    p = game.players[0]
    other = game.with_player(0, p.changed(leaders=()))
    assert other.board is game.board and other.players[0].realm is not p.realm
    assert cached(game, "cards", (), lambda: board_cards(game, 0)) == board_cards(game, 0)
    assert cached(other, "cards", (), lambda: board_cards(other, 0)) == board_cards(other, 0)
    calls: list[int] = []

    def recount(g: Game) -> tuple[int, ...]:
        calls.append(1)
        return board_cards(g, 0)

    again = replace(game, next_id=game.next_id + 1)  # the first realms, a new game value
    assert cached(again, "cards", (), lambda: recount(again)) == board_cards(game, 0)
    assert calls == [1]  # the board held the other realms' view: worked out afresh
    assert cached(other, "fresh", (), lambda: recount(other)) == board_cards(other, 0)
    assert cached(again, "fresh", (), lambda: recount(again)) == board_cards(game, 0)
    assert calls == [1, 1, 1]


def test_a_derived_view_of_one_realm_survives_a_change_to_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(game_state, "CHECK_VIEWS", False)
    game = mc.new_game("mitosz", seed=3).game
    calls: list[int] = []

    def count(g: Game) -> tuple[int, ...]:
        calls.append(1)
        return board_cards(g, 0)

    realm = game.players[0].realm
    derived(game, "mine", (realm,), lambda: count(game))
    q = game.players[1]
    other = game.with_player(1, q.changed(leaders=()))  # another player's realm changed
    assert derived(other, "mine", (other.players[0].realm,), lambda: count(other)) == (
        board_cards(game, 0)
    )
    assert calls == [1]
    p = game.players[0]
    mine = game.with_player(0, p.changed(leaders=()))  # the named realm changed
    assert derived(mine, "mine", (mine.players[0].realm,), lambda: count(mine)) == (
        board_cards(mine, 0)
    )
    assert calls == [1, 1]
    monkeypatch.setattr(game_state, "CHECK_VIEWS", True)
    again = replace(game, next_id=game.next_id + 1)
    derived(again, "undeclared", (realm,), lambda: again.next_id)
    later = replace(again, next_id=again.next_id + 1)
    with pytest.raises(AssertionError, match="stale derived view 'undeclared'"):
        derived(later, "undeclared", (realm,), lambda: later.next_id)


def test_a_derived_view_is_not_served_to_a_game_of_other_cards_or_owners(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The board's store of derived views holds views of one set of printed cards and
    owners: a game value on the same board with others (equal, but other objects) has
    its views worked out again, and a copy with the same ones is served."""
    monkeypatch.setattr(game_state, "CHECK_VIEWS", False)
    game = mc.new_game("mitosz", seed=3).game
    calls: list[int] = []
    realm = game.players[0].realm
    derived(game, "fx", (realm,), lambda: calls.append(1))
    derived(replace(game, next_id=game.next_id + 1), "fx", (realm,), lambda: calls.append(1))
    assert calls == [1]
    owners = replace(game, instances=(*game.instances,))
    derived(owners, "fx", (realm,), lambda: calls.append(1))
    assert calls == [1, 1]
    printed = replace(owners, cards=(*game.cards,))
    derived(printed, "fx", (realm,), lambda: calls.append(1))
    assert calls == [1, 1, 1]


def test_the_debug_mode_catches_a_view_whose_inputs_were_not_declared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = mc.new_game("mitosz", seed=3).game
    cached(game, "undeclared", (), lambda: game.next_id)
    other = replace(game, next_id=game.next_id + 1)  # shares the board and the realms
    monkeypatch.setattr(game_state, "CHECK_VIEWS", True)
    with pytest.raises(AssertionError, match="stale cached view 'undeclared'"):
        cached(other, "undeclared", (), lambda: other.next_id)


@pytest.mark.parametrize("players", [2, 4])
def test_every_cached_view_agrees_with_a_fresh_computation(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    """Random games with the debug mode on: every hit is recomputed and compared."""
    monkeypatch.setattr(game_state, "CHECK_VIEWS", True)
    for seed in range(2):
        chooser = random.Random(seed)
        s = mc.new_game("mitosz", seed=seed, players=players)
        for _ in range(250):
            if s.is_over:
                break
            s = mc.apply(s, chooser.choice(mc.legal_actions(s)))


@pytest.mark.skipif(
    compiled(checks), reason="counts calls by monkeypatching, which a compiled module does not see"
)
def test_a_change_to_the_pending_stack_alone_runs_no_board_check_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The board checks found nothing on a game; a game that differs by its pending stack
    alone (a counter round's every step changes it) is not checked in full again, but
    a change to what is in force is."""
    monkeypatch.setattr(game_state, "CHECK_VIEWS", False)
    runs: list[int] = []

    def counted(s: S) -> S:
        runs.append(1)
        return s

    monkeypatch.setattr(checks, "settle_conflicts", counted)
    s = mc.new_game("mitosz", seed=3)
    assert checks.state_checks(s).game is s.game
    card = s.game.players[0].hand[0]
    pending = s.evolve(game=replace(s.game, stack=(PlayPending(id=99, player=0, card=card),)))
    before = len(runs)
    assert checks.state_checks(pending).game is pending.game
    assert len(runs) == before
    marker = s.evolve(game=replace(s.game, markers=(Marker(card=s.game.players[0].high_god),)))
    checks.state_checks(marker)
    assert len(runs) == before + 1


@pytest.mark.skipif(
    compiled(summoning),
    reason="counts calls by monkeypatching, which a compiled module does not see",
)
def test_who_could_answer_is_worked_out_again_only_when_a_part_it_reads_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whether a player could play a card at any time (the responders' index of the
    response probe) is kept while the hand, the board and what is in force stay the
    same objects: a pass or a counter changes none of them."""
    monkeypatch.setattr(game_state, "CHECK_VIEWS", False)
    calls: list[int] = []
    work = summoning._may_play_anytime

    def counted(game: Game, player: int) -> bool:
        calls.append(player)
        return work(game, player)

    monkeypatch.setattr(summoning, "_may_play_anytime", counted)
    game = mc.new_game("mitosz", seed=3).game
    first = summoning.may_play_anytime(game, 1)
    later = replace(game, next_id=game.next_id + 1)  # a new game value, the same parts
    assert summoning.may_play_anytime(later, 1) == first
    assert calls == [1]
    q = later.players[1]
    drawn = later.with_player(1, q.changed(hand=q.hand[1:], deck=(*q.deck, q.hand[0])))
    summoning.may_play_anytime(drawn, 1)  # the hand changed: worked out again
    assert calls == [1, 1]


def test_a_copy_of_a_game_keeps_its_claim_on_the_board_cache_while_its_realms_stay() -> None:
    """A game value that found the board's cache its own passes that on to a copy that
    changes none of the cards, the owners, the players or the board (a counter round's
    step, say), and not to one that changes a player."""
    game = mc.new_game("mitosz", seed=3).game
    board_cards(game, 0)  # a view: the game value finds the board's cache its own
    assert game._base is not None and game._base is game.board._base
    later = replace(game, next_id=game.next_id + 1, frames=())
    assert later._base is game._base
    assert later._memo is None  # its views are not carried, only the claim
    p = game.players[0]
    moved = replace(game, players=(p.changed(hand=p.hand[1:]), *game.players[1:]))
    assert moved._base is None
    assert replace(game, board=replace(game.board))._base is None


def _random_game(seed: int, steps: int) -> Iterator[S]:
    """Up to ``steps`` states of a random 4-player game of ``seed`` (no automatic passes),
    each yielded after its legal actions are listed, so that its views are worked out."""
    chooser = random.Random(seed)
    s = mc.new_game("mitosz", seed=seed, players=4, auto_pass=False)
    for _ in range(steps):
        if s.is_over:
            return
        actions = mc.legal_actions(s)
        yield s
        s = mc.apply(s, chooser.choice(actions))


def test_a_view_per_player_is_filed_under_one_key_object_in_every_game_value() -> None:
    """The memory a kept state holds: each game value's memo files a view worked out per
    player (or per field) under a key made once, not under a tuple of its own."""
    keys: dict[object, set[int]] = {}
    for s in _random_game(1, 150):
        for key in s.game._memo or ():
            if isinstance(key, tuple):
                keys.setdefault(key, set()).add(id(key))
    assert len(keys) > 8  # views of several kinds, each of several players
    assert {key: len(ids) for key, ids in keys.items() if len(ids) > 1} == {}


def _frozensets(value: object) -> Iterator[frozenset[object]]:
    """The frozensets in a view, through tuples and dictionaries' values."""
    if isinstance(value, frozenset):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _frozensets(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _frozensets(item)


def test_a_view_that_finds_nothing_holds_the_one_shared_empty_set() -> None:
    """The memory a kept state holds: the views that are sets of cards, serials or edges
    (the identical-copies filter's card ids named by each field, the cards in a fight,
    the duplicated unique serials, the empire's joins) hold no empty set of their own."""
    empty = 0
    for s in _random_game(1, 150):
        board = s.game.board
        views = (*(s.game._memo or {}).values(), *(board._derived or {}).values())
        for found in _frozensets(views):
            if not found:
                empty += 1
                assert found is NOTHING
    assert empty > 10


def test_the_card_ids_each_field_names_are_kept_on_the_board_alone() -> None:
    """The identical-copies filter asks, once a decision, which card ids each field of
    the game names (:meth:`~mitosz_core.games.mitosz.engine.MitoszRuleset.interchangeable`):
    the board keeps those views (:func:`~mitosz_core.games.mitosz.state.stored`), and no
    game value's memo holds them as well (the memory a kept state holds)."""
    asked = 0
    for s in _random_game(162, 300):
        on_board = [k for k in s.game.board._derived or () if isinstance(k, tuple)]
        asked += any(k[0] == "named ids" for k in on_board)
        in_memo = [k for k in s.game._memo or () if isinstance(k, tuple)]
        assert not [k for k in in_memo if k[0] in ("named ids", "named ids of player")]
    assert asked > 10
