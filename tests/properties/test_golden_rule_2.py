"""Golden rules 2 and 1 as properties over generated cards and effects.

G2: a generated card whose text changes a rule (the hand size, summoning free, playing
without summoning, an extra people, being unable to attack) changes exactly that rule.
Each property builds the same position twice, once with the card's text in force and
once with the same card in the same place but without its text, and compares the legal
actions and the limit the rule reads: every difference is one the text allows, and the
difference it promises is there.

G1: whatever an effect does, every card keeps its owner and goes only to its owner's
piles. The effect language has no way to name another player's pile: every moving
primitive (destroy, sacrifice, return, exile, steal, discard, search, take back, draw,
counter a play, fear, volley, poison) picks its destination from the card's owner. The
property generates effects of every kind of the language, applies them to a board where
control and ownership differ (a stolen leader), and checks G1 after each one.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    DeclareFight,
    Pass,
    PlacePeople,
    PlayWithoutSummoning,
    Summon,
)
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import (
    EFFECTS,
    AnyEffect,
    AnyTarget,
    ArrowVolley,
    Cards,
    ChangeLevel,
    ChangePower,
    Chosen,
    CounterPlay,
    Destroy,
    Draw,
    Duration,
    Every,
    Exile,
    Fear,
    GainSpheres,
    Grant,
    Immunity,
    LoseSpheres,
    MakeImmune,
    Neutralize,
    Permission,
    PlayerPermission,
    Poison,
    Release,
    ReturnToHand,
    Sacrifice,
    Search,
    Sequence,
    SetHandSize,
    SetLevel,
    Side,
    Steal,
    StealSpheres,
    TakeBack,
    Trigger,
    TurnBackCards,
    TurnCards,
    User,
    Who,
)
from mitosz_core.games.mitosz.effects.language import Discard as DiscardEffect
from mitosz_core.games.mitosz.engine import census
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import all_board_cards, board_cards
from mitosz_core.games.mitosz.rules.continuous import hand_size
from mitosz_core.games.mitosz.state import CardId, Todo
from mitosz_core.games.mitosz.terms import Sphere
from mitosz_core.games.mitosz.wiring import apply_todo
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.values import replace
from tests.mitosz import fixtures as fx
from tests.properties.cardgen import Source, arena, deliver, deliver_blank, sources

HAND_SIZE = 7
"""1.5.2, as printed."""
EXAMPLES = settings(max_examples=max(60, settings().max_examples))

PLAYABLE = (CardType.LEADER, CardType.ITEM, CardType.LOCATION, CardType.INTRIGUE)
HAND = ("Pricey", "Hero", "Cheap", "Sword", "Plate", "Market", "Tower", "Banner", "Cross", "Cross")
"""What the player to act holds in the G2 positions: cards of every playable type."""


def covered(who: Who, owner: int, player: int) -> bool:
    """Whether a player effect of ``owner`` naming ``who`` reaches ``player``."""
    return who is Who.EACH_PLAYER or (player == owner) == (who is Who.ME)


def position(spheres: tuple[int, int, int, int] = (0, 0, 0, 0)) -> S:
    """The G2 arena: the player to act (0) holds :data:`HAND` with the given spheres."""
    s, _ = arena()
    me = s.game.active
    for key in HAND:
        s, _ = fx.to_hand(s, me, key)
    return fx.set_player(s, me, spheres=spheres)


def both(s: S, src: Source, effect: AnyEffect) -> tuple[S, S]:
    """``s`` with the source's text in force, and with the same card without its text."""
    with_text = fx.refresh(deliver(s, src, effect, effect, None)[0])
    without = fx.refresh(deliver_blank(s, src))
    assert with_text.phase == without.phase
    return with_text, without


def difference(a: S, b: S) -> tuple[set[Action], set[Action]]:
    la, lb = set(mc.legal_actions(a)), set(mc.legal_actions(b))
    return la - lb, lb - la


def card_of(s: S, action: Action) -> CardId | None:
    card = getattr(action, "card", None)
    return card if isinstance(card, int) else None


# --- G2 -------------------------------------------------------------------------------


@pytest.mark.rule("G2", "1.5.2")
@EXAMPLES
@given(sources(), st.integers(0, 12), st.sampled_from(list(Who)), st.integers(0, 9))
def test_a_hand_size_card_changes_the_hand_size_and_nothing_else(
    src: Source, size: int, who: Who, extra: int
) -> None:
    s, _ = arena()
    me = s.game.active
    for _ in range(extra):  # a hand of 0..9 cards
        s = fx.set_player(
            s,
            me,
            hand=(*s.game.players[me].hand, s.game.players[me].deck[0]),
            deck=s.game.players[me].deck[1:],
        )
    effect = SetHandSize(size, who)
    with_text, without = both(s, src, effect)
    for p in (0, 1):
        assert hand_size(without.game, p) == HAND_SIZE
        expected = size if covered(who, src.player, p) else HAND_SIZE
        assert hand_size(with_text.game, p) == expected
    assert mc.legal_actions(with_text) == mc.legal_actions(without)
    # the end of the turn: the discard step keeps exactly the hand size in force
    ends = [fx.next_turn(start) for start in (with_text, without)]
    kept = [len(t.game.players[me].hand) for t in ends]
    limit = size if covered(who, src.player, me) else HAND_SIZE
    assert kept == [min(extra, limit), min(extra, HAND_SIZE)]
    # nothing else: the same board, spheres and decks; only the discarded cards moved
    a, b = ([replace(p, hand=(), underworld=()) for p in t.game.players] for t in ends)
    assert a == b
    assert ends[0].phase == ends[1].phase and ends[0].game.active == ends[1].game.active


def _permission_case(
    perm: Permission, check: Callable[[S, Action], bool]
) -> Callable[[Source, tuple[CardType, ...], Who], tuple[set[Action], set[Action], S, S]]:
    def run(
        src: Source, types: tuple[CardType, ...], who: Who
    ) -> tuple[set[Action], set[Action], S, S]:
        s = position()
        if perm is Permission.EXTRA_PEOPLE:  # one people placed already this turn
            s = fx.set_player(s, s.game.active, spheres=(3, 3, 3, 3))
            place = next(a for a in mc.legal_actions(s) if isinstance(a, PlacePeople))
            s = fx.play(s, place)
        with_text, without = both(s, src, PlayerPermission(perm, Cards(types=types), who))
        added, removed = difference(with_text, without)
        for action in added | removed:
            assert check(with_text, action), f"{action} changed by {perm.value}"
        return added, removed, with_text, without

    return run


def _matches(s: S, action: Action, types: tuple[CardType, ...]) -> bool:
    card = card_of(s, action)
    return card is not None and (not types or s.game.card(card).type in types)


type_sets = st.lists(st.sampled_from(PLAYABLE), max_size=2, unique=True).map(tuple)


@pytest.mark.rule("G2", "1.5.3")
@EXAMPLES
@given(sources(), type_sets, st.sampled_from(list(Who)))
def test_a_free_summoning_card_makes_exactly_its_cards_free(
    src: Source, types: tuple[CardType, ...], who: Who
) -> None:
    """With no sphere points, nothing can be summoned; a card letting its player summon
    some types free makes exactly those summonable."""
    run = _permission_case(
        Permission.SUMMON_FREE, lambda s, a: isinstance(a, Summon) and _matches(s, a, types)
    )
    added, removed, with_text, _ = run(src, types, who)
    me = with_text.game.active
    if covered(who, src.player, me):
        hand = with_text.game.players[me].hand
        wanted = {c for c in hand if not types or with_text.game.card(c).type in types}
        leaders = {c for c in wanted if with_text.game.card(c).type is CardType.LEADER}
        assert leaders <= {card_of(with_text, a) for a in added}, "a free leader stays unpaid"
    else:
        assert not added and not removed


@pytest.mark.rule("G2", "1.5.3")
@EXAMPLES
@given(sources(), type_sets, st.sampled_from(list(Who)))
def test_a_without_summoning_card_changes_only_how_its_cards_are_played(
    src: Source, types: tuple[CardType, ...], who: Who
) -> None:
    run = _permission_case(
        Permission.WITHOUT_SUMMONING,
        lambda s, a: isinstance(a, PlayWithoutSummoning | Summon) and _matches(s, a, types),
    )
    added, removed, with_text, _ = run(src, types, who)
    me = with_text.game.active
    if covered(who, src.player, me):
        kinds = {with_text.game.card(c).type for a in added if (c := card_of(with_text, a))}
        assert CardType.LEADER in kinds or (types and CardType.LEADER not in types)
    else:
        assert not added and not removed


@pytest.mark.rule("G2", "3.2.1")
@EXAMPLES
@given(sources(), st.sampled_from(list(Who)))
def test_an_extra_people_card_allows_exactly_one_more_people(src: Source, who: Who) -> None:
    run = _permission_case(Permission.EXTRA_PEOPLE, lambda s, a: isinstance(a, PlacePeople))
    added, removed, with_text, _ = run(src, (), who)
    assert not removed
    assert bool(added) is covered(who, src.player, with_text.game.active)


@pytest.mark.rule("G2", "7.2.3")
@EXAMPLES
@given(sources(), st.booleans())
def test_a_cannot_attack_card_changes_only_the_declaration_of_fights(
    src: Source, every: bool
) -> None:
    """A card forbidding one's own leaders (or every leader) to attack: in the combat
    phase, only the declaration of a fight changes, and no battle is left to declare."""
    s = position(spheres=(3, 3, 3, 3))
    me = s.game.active
    for key in ("Hero", "Cheap"):
        s, _ = fx.put_leader(s, me, key)
    side = Side.ANY if every else (Side.OWN if src.player == me else Side.ENEMY)
    effect = Grant(Every(Cards(types=(CardType.LEADER,), side=side)), Permission.CANNOT_ATTACK)
    s = fx.pass_until(fx.refresh(s), "turn.combat.declare")
    with_text = fx.refresh(deliver(s, src, effect, effect, None)[0])
    without = fx.refresh(deliver_blank(s, src))
    if with_text.phase != without.phase:  # no fight left to declare: the step is skipped
        assert with_text.phase == "turn.summoning_2", with_text.phase
        assert all(isinstance(a, DeclareFight | Pass) for a in mc.legal_actions(without))
        assert mc.legal_actions(with_text) == mc.legal_actions(fx.act(without, Pass()))
        return
    added, removed = difference(with_text, without)
    assert not added
    assert all(isinstance(a, DeclareFight) for a in removed), removed
    battles = [a for a in mc.legal_actions(with_text) if isinstance(a, DeclareFight)]
    assert all(a.fight.value != "battle" for a in battles)


# --- G1 -------------------------------------------------------------------------------

SIDES = st.sampled_from(list(Side))
TYPES = st.lists(st.sampled_from(list(CardType)), max_size=2, unique=True).map(tuple)
SELECTORS = st.builds(Cards, types=TYPES, side=SIDES)
TARGETS: st.SearchStrategy[AnyTarget] = st.one_of(
    st.builds(Chosen, SELECTORS), st.builds(Every, SELECTORS), st.just(User())
)
SPHERE = st.sampled_from(list(Sphere))
WHO = st.sampled_from(list(Who))
SMALL = st.integers(0, 3)
DURATION = st.sampled_from(list(Duration))

SIMPLE: dict[str, st.SearchStrategy[AnyEffect]] = {
    "destroy": st.builds(Destroy, TARGETS),
    "sacrifice": st.builds(Sacrifice, TARGETS),
    "return_to_hand": st.builds(ReturnToHand, TARGETS),
    "exile": st.builds(Exile, TARGETS),
    "steal": st.builds(Steal, TARGETS),
    "turn": st.builds(TurnCards, TARGETS),
    "turn_back": st.builds(TurnBackCards, TARGETS),
    "neutralize": st.builds(Neutralize),
    "counter_play": st.builds(CounterPlay, st.just(())),
    "draw": st.builds(Draw, SMALL, WHO),
    "discard": st.builds(DiscardEffect, SMALL, WHO),
    "search": st.builds(Search, SELECTORS),
    "take_back": st.builds(TakeBack, SELECTORS),
    "gain_spheres": st.builds(GainSpheres, SPHERE, SMALL, WHO),
    "lose_spheres": st.builds(LoseSpheres, SPHERE, SMALL, WHO),
    "steal_spheres": st.builds(StealSpheres, SPHERE, SMALL),
    "change_level": st.builds(ChangeLevel, TARGETS, st.integers(-3, 3), DURATION),
    "set_level": st.builds(SetLevel, TARGETS, SMALL, DURATION),
    "change_power": st.builds(ChangePower, TARGETS, st.integers(-3, 3), DURATION),
    "grant": st.builds(Grant, TARGETS, st.sampled_from(list(Permission)), st.booleans()),
    "make_immune": st.builds(MakeImmune, TARGETS, st.sampled_from(list(Immunity))),
    "set_hand_size": st.builds(SetHandSize, SMALL, WHO),
    "player_permission": st.builds(
        PlayerPermission, st.sampled_from(list(Permission)), SELECTORS, WHO
    ),
    "arrow_volley": st.builds(ArrowVolley, TARGETS, st.integers(-2, 2)),
    "fear": st.builds(Fear, st.integers(-2, 2)),
    "poison": st.builds(Poison, TARGETS, st.none() | SMALL, st.integers(-2, 2)),
}
_LATER: dict[str, Callable[[type], st.SearchStrategy[AnyEffect]]] = {
    "neutralize_ability": lambda cls: st.builds(cls, TARGETS, DURATION),
    "become_type": lambda cls: st.builds(cls, TARGETS, st.sampled_from(list(CardType))),
    "retreat": lambda cls: st.builds(cls),
    "delayed": lambda cls: st.builds(
        cls, st.sampled_from(list(Trigger)), st.deferred(lambda: EFFECT_STRATEGY)
    ),
    "attach_leader": lambda cls: st.builds(
        cls, TARGETS, TARGETS, st.sampled_from(list(Release))
    ),  # 5.15: a leader out of its row, still counted once (census)
}
"""Kinds added to the language while this suite was written, built by their tag."""
SIMPLE |= {kind: make(EFFECTS[kind]) for kind, make in _LATER.items() if kind in EFFECTS}

EFFECT_STRATEGY: st.SearchStrategy[AnyEffect] = st.deferred(
    lambda: st.one_of(
        *SIMPLE.values(),
        st.builds(Sequence, st.lists(EFFECT_STRATEGY, min_size=1, max_size=3).map(tuple)),
    )
)
"""Every effect of the language, sequences nested."""


def test_the_strategy_covers_every_effect_of_the_language() -> None:
    """A new kind of effect (maybe a moving one) must be added to the G1 property."""
    assert set(SIMPLE) | {"sequence"} == set(EFFECTS)


def g1_board() -> tuple[S, tuple[int, ...]]:
    """Both players with leaders carrying items, peoples with locations and intrigues;
    player 0 controls a leader, with an item, that player 1 owns (stolen, 5.2)."""
    s, _ = arena()
    for player in (0, 1):
        s, hero = fx.put_leader(s, player, "Hero")
        s, _ = fx.attach_item(s, player, "Sword", hero)
        s, _ = fx.put_intrigue(s, player, "Banner")
        cross = fx.put_people(s, player, "Cross", 30, 30 + player)
        s, _ = fx.attach_location(*cross[:1], player, "Market", cross[1])
        for _ in range(3):  # cards in every pile
            p = s.game.players[player]
            s = fx.set_player(
                s,
                player,
                hand=(*p.hand, p.deck[0]),
                underworld=(*p.underworld, p.deck[1]),
                deck=p.deck[2:],
            )
    s, king = fx.put_leader(s, 1, "Cheap")
    s, _ = fx.attach_item(s, 1, "Plate", king)
    theirs = s.game.players[1]
    slot = next(x for x in theirs.leaders if x.card == king)
    s = fx.set_player(s, 1, leaders=tuple(x for x in theirs.leaders if x.card != king))
    s = fx.set_player(s, 0, leaders=(*s.game.players[0].leaders, slot))
    s = fx.refresh(s)
    return s, tuple(inst.owner for inst in s.game.instances)


def check_g1(s: S, owners: tuple[int, ...]) -> None:
    game = s.game
    assert tuple(inst.owner for inst in game.instances) == owners, "an owner changed"
    for i, p in enumerate(game.players):
        for card in (*p.deck, *p.hand, *p.underworld, *p.oblivion):
            assert owners[card] == i, f"#{card} of player {owners[card]} in {i}'s pile"
    for batch in game.limbo:
        assert all(owners[c] == batch.owner for c in batch.cards)
    seen = census(game)
    assert all(seen[c] == 1 for c in range(len(owners))), "a card is lost or doubled"


@pytest.mark.rule("G1", "G2")
@settings(max_examples=max(80, settings().max_examples))
@given(st.lists(st.tuples(EFFECT_STRATEGY, st.integers(0, 1), st.data()), min_size=1, max_size=4))
def test_no_effect_moves_a_card_to_another_players_pile(
    plan: list[tuple[AnyEffect, int, st.DataObject]],
) -> None:
    s, owners = g1_board()
    for effect, player, data in plan:
        board = all_board_cards(s.game)
        mine = list(board_cards(s.game, player))
        source = data.draw(st.sampled_from(mine)) if mine else None
        target = data.draw(st.sampled_from(board))
        s = apply_todo(s, Todo(effect, player, source, target))
        while s.game.todo and s.game.choice is None:  # a sequence queued its parts
            todo, rest = s.game.todo[0], s.game.todo[1:]
            s = apply_todo(s.evolve(game=replace(s.game, todo=rest)), todo)
        check_g1(s, owners)
        if s.game.choice is not None:
            break  # the player would choose now; the cards have not moved yet
        s = fx.lay_underworld(fx.refresh(s))
        check_g1(s, owners)
        if s.phase.startswith("forced."):
            break
