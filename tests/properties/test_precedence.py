"""Precedence (5.9) as properties over generated cards.

Hypothesis generates sources of every card type 5.9 ranks (magical or not, delivered as
an effect a maneuver or fate created, or as an always-on locked maneuver printed on a
card on the board), gives them conflicting effects (a permission granted and denied, two
different levels set, two different hand sizes), and checks after the state-based
checks (``settle_conflicts``) that:

- the stronger source by the book's order always wins, and magical beats non-magical
  within a type;
- a tie is settled by a reveal whose result is recorded in ``Game.tiebreaks``, follows
  the revealed card numbers, and is the same from the same state (seed);
- the resulting order is total and antisymmetric, and one effect beats all the others;
- level changes add up and never conflict (ruling R-5.9-conflicts);
- immunity is not a contest: an effect of a kind a card is immune to never reaches it,
  whatever its rank (5.12, ruling R-5.12-absolute);
- a free maneuver's effect ranks as its user, a fate's as fate (played through the
  engine).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import PlayFate, UseFreeManeuver
from mitosz_core.games.mitosz.cards import CardDef, CardType
from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    Cards,
    ChangeLevel,
    Chosen,
    Every,
    Grant,
    Immunity,
    MakeImmune,
    Maneuver,
    Permission,
    SetHandSize,
    SetLevel,
    Timing,
    Who,
)
from mitosz_core.games.mitosz.engine import RULESET
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import all_board_cards
from mitosz_core.games.mitosz.rules.continuous import (
    AnyLasting,
    hand_size,
    lasting,
    permitted,
)
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.rules.precedence import beats, strongest
from mitosz_core.games.mitosz.state import CardId, Game
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.kernel.values import replace
from tests.mitosz import fixtures as fx
from tests.properties.cardgen import (
    SOURCE_TYPES,
    Source,
    arena,
    card_defs,
    deliver,
    inject,
    place,
    sources,
    strength,
)

LEADERS = Cards(types=(CardType.LEADER,))
CONFLICTS = ("grant", "set_level", "hand_size")
RELATIONS = ("tie", "magic", "neighbour", "any")
"""How a contest's other sources relate to its first one in the 5.9 order."""
EXAMPLES = settings(max_examples=max(150, settings().max_examples))
"""These properties are cheap: more examples than the profile's, at least 150."""
REVEALS = 20
"""Reveal rounds before the engine falls back to its generator (5.9)."""


def effects_of(kind: str, value: int, perm: Permission) -> tuple[AnyEffect, AnyEffect]:
    """The created and the locked form of one side of a conflict of ``kind``: a created
    effect names its card; a locked one reaches every leader (5.17)."""
    if kind == "grant":
        allow = bool(value % 2)
        return Grant(Chosen(LEADERS), perm, allow), Grant(Every(LEADERS), perm, allow)
    if kind == "set_level":
        return SetLevel(Chosen(LEADERS), value), SetLevel(Every(LEADERS), value)
    effect = SetHandSize(value, Who.EACH_PLAYER)
    return effect, effect


def observed(game: Game, kind: str, target: CardId, perm: Permission, player: int) -> int:
    """What the board shows for the contested rule now."""
    if kind == "grant":
        return int(permitted(game, target, perm))
    if kind == "set_level":
        return level(game, target)
    return hand_size(game, player)


def shown(kind: str, value: int) -> int:
    return value % 2 if kind == "grant" else value


def build(
    kind: str, srcs: Sequence[Source], values: Sequence[int], perm: Permission
) -> tuple[S, CardId, list[str], list[CardId]]:
    """The arena with one effect per source; returns the state before the state-based
    checks, the target, and each effect's 5.9 key and source card."""
    s, target = arena()
    keys: list[str] = []
    cards: list[CardId] = []
    for src, value in zip(srcs, values, strict=True):
        created, locked = effects_of(kind, value, perm)
        fixed = None if kind == "hand_size" else target
        s, key, cid = deliver(s, src, created, locked, fixed)
        keys.append(key)
        cards.append(cid)
    return s, target, keys, cards


def fix_gods(srcs: list[Source]) -> list[Source]:
    """A player has one high god: two high-god sources belong to different players, and
    a third is printed as a leader instead."""
    out: list[Source] = []
    gods = 0
    for x in srcs:
        if x.card.type is CardType.HIGH_GOD:
            if gods < 2:
                x = replace(x, player=gods)
            else:
                x = replace(x, card=replace(x.card, type=CardType.LEADER, spheres=(0, 0, 0, 0)))
            gods += 1
        out.append(x)
    return out


def items_by_key(game: Game, keys: Sequence[str]) -> list[AnyLasting]:
    found = {item.key: item for item in lasting(game)}
    return [found[k] for k in keys]


def reveal_winner(before: Game, a: int, b: int) -> tuple[bool | None, list[list[CardId]]]:
    """The book's reveal (5.9, 4.2.3) replayed on ``before``'s decks: each side's player
    reveals their top card, which goes to the bottom, until the numbers differ. Whether
    side ``a`` wins (``None``: no decision within the engine's limit), and the decks."""
    decks = [list(p.deck) for p in before.players]
    for _ in range(REVEALS):
        numbers = []
        for player in (a, b):
            top = decks[player].pop(0)
            decks[player].append(top)
            numbers.append(before.card(top).card_number)
        if numbers[0] != numbers[1]:
            return numbers[0] > numbers[1], decks
    return None, decks


@st.composite
def contests(draw: st.DrawFn, size: int = 2) -> tuple[str, list[Source], list[int], Permission]:
    """A conflict of a drawn kind between ``size`` generated sources with different
    values; often some of them tie in the 5.9 order."""
    kind = draw(st.sampled_from(CONFLICTS))
    first = draw(sources())
    srcs = [first]
    kinds = list(SOURCE_TYPES)
    for _ in range(size - 1):
        relation = draw(st.sampled_from(RELATIONS))
        event(f"relation: {relation}")
        here = first.card.type
        if relation == "tie":  # same type and magic
            srcs.append(draw(sources(kind=here, magical=first.card.magical)))
        elif relation == "magic":  # same type, the other magic
            srcs.append(draw(sources(kind=here, magical=not first.card.magical)))
        elif relation == "neighbour":  # the next type up or down the order
            at = kinds.index(here)
            near = [kinds[i] for i in (at - 1, at + 1) if 0 <= i < len(kinds)]
            srcs.append(draw(sources(kind=draw(st.sampled_from(near)))))
        else:
            srcs.append(draw(sources()))
    if kind == "grant":
        base = draw(st.integers(0, 1))
        values = [base + i for i in range(size)]  # alternating allow / deny
    else:
        values = draw(st.lists(st.integers(1, 12), min_size=size, max_size=size, unique=True))
    perm = draw(st.sampled_from(list(Permission)))
    return kind, fix_gods(srcs), values, perm


@EXAMPLES
@pytest.mark.rule("5.9")
@pytest.mark.ruling("R-5.9-conflicts")
@given(contests())
def test_the_stronger_source_wins_and_ties_go_to_a_reveal(
    contest: tuple[str, list[Source], list[int], Permission],
) -> None:
    kind, (a, b), (va, vb), perm = contest
    before, target, (ka, kb), _ = build(kind, (a, b), (va, vb), perm)
    after = fx.refresh(before)
    game = after.game
    assert after.phase == before.phase, "arranging the contest interrupted play"
    sa, sb = strength(a.card), strength(b.card)
    ties = [t for t in game.tiebreaks if {t.a, t.b} == {ka, kb}]
    if sa != sb:  # the stronger source wins, magical first within a type
        winner = ka if sa > sb else kb
        assert not ties, "a reveal between sources that 5.9 orders"
    else:  # a tie: one reveal, recorded, following the card numbers
        assert len(ties) == 1, f"tie of {a.card.type.value}s not settled once: {game.tiebreaks}"
        tie = ties[0]
        winner = tie.winner
        side = {ka: a.player, kb: b.player}
        a_wins, decks = reveal_winner(before.game, side[tie.a], side[tie.b])
        if a_wins is not None:
            assert winner == (tie.a if a_wins else tie.b), "the lower card number won"
            assert [list(p.deck) for p in game.players] == decks, "reveals not put under"
        again = fx.refresh(before)  # the same state (seed): the same reveal
        assert again.game.tiebreaks == game.tiebreaks
        assert again.rng == after.rng
    value = va if winner == ka else vb
    for player in (0, 1):
        assert observed(game, kind, target, perm, player) == shown(kind, value)
    # antisymmetric and total after the checks
    ia, ib = items_by_key(game, (ka, kb))
    assert beats(game, ia, ib) is not None
    assert beats(game, ib, ia) is (not beats(game, ia, ib))
    assert beats(game, ia, ib) is (winner == ka)


@EXAMPLES
@pytest.mark.rule("5.9")
@given(contests(size=3))
def test_the_order_among_three_is_total_and_one_beats_all(
    contest: tuple[str, list[Source], list[int], Permission],
) -> None:
    """Three conflicting effects: after the checks one of them beats each other one (the
    order is transitive), and it is the one in force, whatever order the board lists
    them in."""
    kind, srcs, values, perm = contest
    assume(kind != "grant")  # allow/deny has two values: a third source may agree
    before, target, keys, _ = build(kind, srcs, values, perm)
    game = fx.refresh(before).game
    items = items_by_key(game, keys)
    for x, y in itertools.permutations(items, 2):
        assert beats(game, x, y) is not None, (x.key, y.key)
        assert beats(game, y, x) is (not beats(game, x, y))
    top = [x for x in items if all(beats(game, x, y) for y in items if y is not x)]
    assert len(top) == 1, f"no source beats all others: {game.tiebreaks}"
    for order in itertools.permutations(items):
        assert strongest(game, order) is top[0]
    value = values[keys.index(top[0].key)]
    assert observed(game, kind, target, perm, 0) == value


@pytest.mark.rule("5.9", "2.2")
@pytest.mark.ruling("R-5.9-conflicts")
@given(st.lists(sources(), min_size=2, max_size=4), st.data())
def test_level_changes_add_up_and_never_conflict(srcs: list[Source], data: st.DataObject) -> None:
    srcs = fix_gods(srcs)
    amounts = data.draw(st.lists(st.integers(-3, 3), min_size=len(srcs), max_size=len(srcs)))
    s, target = arena()
    plain = fx.refresh(s)
    start = level(plain.game, target)
    cards: list[CardId] = []
    for src, amount in zip(srcs, amounts, strict=True):
        created, locked = ChangeLevel(Chosen(LEADERS), amount), ChangeLevel(Every(LEADERS), amount)
        s, _, cid = deliver(s, src, created, locked, target)
        cards.append(cid)
    after = fx.refresh(s)
    assert not after.game.tiebreaks
    board = set(all_board_cards(after.game))
    if target not in board:  # 2.2: lowered below 1, it went to the underworld
        assert start + sum(amounts) < 1
        # at once with other cards of its player the same check sent away, it waits for
        # that player's order (1.4.2, ruling R-1.4.2-order)
        waiting = {card for batch in after.game.limbo for card in batch.cards}
        assert target in after.game.players[1].underworld or target in waiting
        return
    # 2.2: a source leader lowered below 1 (by its own or another locked effect) left the
    # board, and its locked effect with it; the created effects stay
    total = start + sum(
        amount
        for src, amount, cid in zip(srcs, amounts, cards, strict=True)
        if src.delivery != "locked" or cid in board
    )
    assert level(after.game, target) == total


IMMUNITY_OF = {CardType.INTRIGUE: Immunity.INTRIGUE, CardType.FATE: Immunity.FATE}


@EXAMPLES
@pytest.mark.rule("5.12", "5.9")
@pytest.mark.ruling("R-5.12-absolute")
@given(sources(), sources(), st.sampled_from(list(Immunity)), st.sampled_from(list(Permission)))
def test_immunity_beats_every_effect_of_its_kind(
    shield: Source, attack: Source, kind: Immunity, perm: Permission
) -> None:
    """The target is made immune to ``kind`` by one source; another source grants it a
    permission. The grant reaches it exactly when the grant is not of that kind, however
    the two sources rank."""
    shield, attack = fix_gods([shield, attack])
    s, target = arena()
    immune = MakeImmune(Chosen(LEADERS), kind), MakeImmune(Every(LEADERS), kind)
    s, _, _ = deliver(s, shield, *immune, target)
    s, _, _ = deliver(s, attack, Grant(Chosen(LEADERS), perm), Grant(Every(LEADERS), perm), target)
    game = fx.refresh(s).game
    # the kinds of the grant by the book: intrigue, fate, or else a maneuver (4.1); a
    # calamity (8.calamity); an enemy's (5.14: the target is player 1's)
    d = attack.card
    kinds = {IMMUNITY_OF.get(d.type, Immunity.MANEUVER)}
    if d.has_subtype(Subtype.CALAMITY):
        kinds.add(Immunity.CALAMITY)
    if attack.player != 1:
        kinds.add(Immunity.ENEMY)
    assert permitted(game, target, perm) is (kind not in kinds)


@st.composite
def users_and_rivals(draw: st.DrawFn) -> tuple[CardDef, Source, int, int, bool]:
    user = draw(card_defs(CardType.LEADER))
    rival = draw(sources(players=(1,)))  # player 0's high god stays linked to the fate
    mine, theirs = draw(st.lists(st.integers(1, 12), min_size=2, max_size=2, unique=True))
    return user, rival, mine, theirs, draw(st.booleans())


@EXAMPLES
@pytest.mark.rule("5.9", "3.9", "3.7")
@given(users_and_rivals())
def test_a_maneuver_ranks_as_its_user_and_a_fate_as_fate(
    drawn: tuple[CardDef, Source, int, int, bool],
) -> None:
    """Through the engine: player 0 plays a generated free-maneuver card used by a
    generated leader (or a generated fate) that sets the target's level, against a rival
    effect already in force. The new effect's source is the user (the fate); it wins or
    loses by the user's (fate's) place in 5.9, not the maneuver card's."""
    user_def, rival, mine, theirs, fate = drawn
    s, target = arena()
    me = s.game.active
    assert me == 0
    sets = SetLevel(Chosen(LEADERS), mine)
    if fate:
        d = replace(
            fx.POOL["Omen"], key="gen-fate", maneuvers=(Maneuver("Fate", sets),), serial="5555"
        )
        s, card = inject(s, me, d)
        ranked = d
    else:
        d = fx.POOL["Crown"]
        maneuver = Maneuver("Crown", sets, timing=Timing.ACTION)
        d = replace(d, key="gen-maneuver", maneuvers=(maneuver,), users=(LEADERS,))
        s, card = inject(s, me, d)
        s, user = place(s, me, user_def)
        ranked = user_def
    p = s.game.players[me]
    s = fx.set_player(s, me, underworld=tuple(c for c in p.underworld if c != card))
    s = fx.set_player(s, me, hand=(card,))
    s, rival_key, _ = deliver(
        s, rival, SetLevel(Chosen(LEADERS), theirs), SetLevel(Every(LEADERS), theirs), target
    )
    s = fx.refresh(s)
    action = PlayFate(card, 0, target) if fate else UseFreeManeuver(card, user, 0, target)
    assert action in mc.legal_actions(s), RULESET.why_not(s, action)
    s = fx.play(s, action)
    new = [e for e in s.game.effects if isinstance(e.effect, SetLevel) and e.effect.level == mine]
    assert len(new) == 1
    assert new[0].source == (card if fate else user)
    game = s.game
    if strength(ranked) != strength(rival.card):
        mine_wins = strength(ranked) > strength(rival.card)
    else:
        (tie,) = [t for t in game.tiebreaks if rival_key in (t.a, t.b)]
        mine_wins = tie.winner != rival_key
    assert level(game, target) == (mine if mine_wins else theirs)
