"""Chapter 1.2: the board (*pást*): what it holds, and that returning to hand, sacrifice
and destruction all act on cards on the board only."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import SacrificeItem, ToUnderworld, UseManeuver
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import (
    Cards,
    ChangeLevel,
    Chosen,
    Destroy,
    Duration,
    Every,
    ReturnToHand,
    Sacrifice,
    Side,
    User,
)
from mitosz_core.games.mitosz.engine import census
from mitosz_core.games.mitosz.rules.board import (
    all_board_cards,
    board_cards,
    remove_to_hand,
    remove_to_underworld,
)
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.state import Todo
from mitosz_core.games.mitosz.wiring import apply_todo
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import (
    CROSS,
    ENEMY_LEADERS,
    OWN_LEADERS,
    act,
    build,
    sea,
    sky,
    the,
)


@pytest.mark.rule("1.2", "1.2.1", "1.2.2")
def test_the_board_holds_decks_underworlds_and_played_cards() -> None:
    s = build(sky(leaders=(Leader("Hero"),), intrigues=("Banner",)), sea())
    hero, banner = the(s, "Hero"), the(s, "Banner")  # the Banner: own leaders +1
    game = s.game
    seen = census(game)
    assert all(seen[c] == 1 for c in range(len(game.instances)))  # one place each
    for i, p in enumerate(game.players):
        assert p.deck and p.high_god in board_cards(game, i)  # every deck and god is there
    assert {hero, banner} <= set(all_board_cards(game))
    assert level(game, hero) == 3 + 1  # the played intrigue is in force (1.2.2)
    # the same intrigue in the underworld has no effect: only played cards count
    s = build(sky(leaders=(Leader("Hero"),), underworld=("Banner",)), sea())
    hero, banner = the(s, "Hero"), the(s, "Banner")
    assert banner not in all_board_cards(s.game)
    assert level(s.game, hero) == 3


@pytest.mark.rule("1.2.3")
def test_a_card_returning_to_hand_is_taken_from_the_board() -> None:
    s = build(sky(leaders=(Leader("Thief"),)), sea(leaders=(Leader("King"),)))
    me, other, thief, king = 0, 1, the(s, "Thief"), the(s, "King", 1)
    back = remove_to_hand(s, king)
    assert king in back.game.players[other].hand
    assert king not in all_board_cards(back.game)
    # a card not on the board is not returned by an effect: nothing moves
    todo = Todo(ReturnToHand(Chosen(ENEMY_LEADERS)), me, thief, king)
    gone = remove_to_underworld(s, king)
    after = apply_todo(gone, todo)
    assert king in after.game.players[other].underworld
    assert king not in after.game.players[other].hand
    with pytest.raises(ValueError, match="not on the board"):
        remove_to_hand(gone, king)


@pytest.mark.rule("1.2.4")
def test_a_sacrifice_is_taken_from_the_board() -> None:
    mine = sky(leaders=(Leader("Hero", items=("Sword",)), Leader("Cheap")), hand=("Sword",))
    s = build(mine, sea())
    me, hero, cheap = 0, the(s, "Hero"), the(s, "Cheap")
    (sword,), (spare,) = fx.row_items(s.game, me), s.game.players[me].hand
    assert SacrificeItem(sword) in mc.legal_actions(s)
    assert SacrificeItem(spare) not in mc.legal_actions(s)
    with pytest.raises(mc.IllegalActionError, match="not an item on your side of the board"):
        act(s, SacrificeItem(spare))
    # a sacrifice effect aimed at a card that has left the board does nothing
    gone = remove_to_hand(s, cheap)
    after = apply_todo(gone, Todo(Sacrifice(Chosen(OWN_LEADERS)), me, hero, cheap))
    assert cheap in after.game.players[me].hand
    assert cheap not in after.game.players[me].underworld


@pytest.mark.rule("1.2.5", "3.6", "1.4")
def test_a_destroyed_intrigue_leaves_its_players_intrigues_for_the_underworld() -> None:
    # the Archer's player destroys one of the other player's two intrigues: it goes to
    # its owner's underworld, the other stays in force, and nothing else moves
    s = build(sky(leaders=(Leader("Archer"),)), sea(intrigues=("Banner", "Fog")))
    me, other = 0, 1
    archer, banner, fog = the(s, "Archer"), the(s, "Banner", other), the(s, "Fog", other)
    intrigues = Chosen(Cards(types=(CardType.INTRIGUE,), side=Side.ENEMY))
    after = apply_todo(s, Todo(Destroy(intrigues), me, archer, banner))
    theirs, mine = after.game.players[other], after.game.players[me]
    assert theirs.intrigues == (fog,)
    assert theirs.underworld == (*s.game.players[other].underworld, banner)
    assert (mine.realm, theirs.empire, theirs.leaders) == (
        s.game.players[me].realm,
        s.game.players[other].empire,
        s.game.players[other].leaders,
    )


@pytest.mark.rule("1.2.5")
def test_only_a_card_on_the_board_can_be_destroyed() -> None:
    # the Archer destroys an enemy leader below its level; the Cheap is a leader, in hand
    s = build(sky(leaders=(Leader("Archer"),)), sea(leaders=(Leader("King"),), hand=("Cheap",)))
    me, other = 0, 1
    archer, king, spare = the(s, "Archer"), the(s, "King", other), the(s, "Cheap", other)
    targets = {a.target for a in mc.legal_actions(s) if isinstance(a, UseManeuver)}
    assert king in targets
    assert spare not in targets
    with pytest.raises(mc.IllegalActionError, match="not a card this maneuver can target"):
        act(s, UseManeuver(archer, 0, spare))
    todo = Todo(Destroy(Chosen(ENEMY_LEADERS)), me, archer, spare)
    after = apply_todo(s, todo)
    assert spare in after.game.players[other].hand  # nothing happened to it
    assert after.game.players[other].underworld == s.game.players[other].underworld
    with pytest.raises(ValueError, match="not on the board"):
        remove_to_underworld(s, spare)
    destroyed = apply_todo(s, Todo(Destroy(Chosen(ENEMY_LEADERS)), me, archer, king))
    assert king in destroyed.game.players[other].underworld


@pytest.mark.rule("1.2.6", "5.17")
def test_a_lasting_effect_aimed_at_a_card_off_the_board_takes_no_hold() -> None:
    # the chosen card has gone to its player's hand before the effect takes hold: a
    # lasting +1 level on it is not kept, there being no card on the board to keep it
    # (1.2.6: a card that leaves the board keeps nothing)
    s = build(sky(leaders=(Leader("Archer"),)), sea(hand=("Cheap",)))
    archer, gone = the(s, "Archer"), the(s, "Cheap", 1)
    raise_it = ChangeLevel(Chosen(Cards()), 1, Duration.TURN)
    after = apply_todo(s, Todo(raise_it, 0, archer, gone))
    assert after.game.effects == s.game.effects
    kept = apply_todo(s, Todo(raise_it, 0, archer, archer)).game.effects
    assert [e.target for e in kept] == [archer]  # on a card on the board, it is kept


@pytest.mark.rule("5.17", "1.2.5", "1.2.6")
def test_an_effect_reads_its_cards_when_it_takes_hold() -> None:
    # 5.17 "Ha egy kitétel több lapra is igaz, úgy a hatás az összes ilyen lapra hat"
    # (the effect acts on every card the condition is true of), read when it takes hold:
    # a chosen card that no longer fits is spared, "every enemy leader below its user's
    # level" reads the user's level, and an effect on its user does nothing once the
    # user has left the board
    s = build(
        sky(leaders=(Leader("Archer"), Leader("Cheap"))),
        sea(leaders=(Leader("King"), Leader("Hero")), hand=("Cheap",)),
    )
    me, other = 0, 1
    archer, king, hero = the(s, "Archer"), the(s, "King", other), the(s, "Hero", other)
    low = level(s.game, archer)
    below = Cards(types=(CardType.LEADER,), side=Side.ENEMY, below=level(s.game, king))
    spared = apply_todo(s, Todo(Destroy(Chosen(below)), me, archer, king))
    assert king in board_cards(spared.game, other)
    under_user = Cards(types=(CardType.LEADER,), side=Side.ENEMY, below_user=True)
    swept = apply_todo(s, Todo(Destroy(Every(under_user)), me, archer))
    gone = {c for c in (king, hero) if c not in board_cards(swept.game, other)}
    assert gone == {c for c in (king, hero) if level(s.game, c) < low} != set()
    off = the(s, "Cheap", other)  # in hand: a user no longer on the board
    lifted = apply_todo(s, Todo(ChangeLevel(User(), 1, Duration.TURN), other, off))
    assert lifted.game.effects == s.game.effects


@pytest.mark.rule("1.2.5", "1.4.2")
def test_a_card_already_taken_off_by_the_same_effect_is_not_destroyed_again() -> None:
    s = build(sky(leaders=(Leader("Archer"),)), sea(leaders=(Leader("King", items=("Sword",)),)))
    me, other = 0, 1
    archer, king, sword = the(s, "Archer"), the(s, "King", other), the(s, "Sword", other)
    every = Destroy(Every(Cards(side=Side.ENEMY)))  # the king first, then its sword
    after = apply_todo(s, Todo(every, me, archer))
    gone = {*after.game.players[other].underworld, *(c for b in after.game.limbo for c in b.cards)}
    assert {king, sword} <= gone


@pytest.mark.rule("1.4.2", "1.2.5")
@pytest.mark.ruling("R-1.4.2-order")
def test_cards_one_effect_destroys_at_once_are_laid_in_the_order_their_player_chooses() -> None:
    # 1.4.2: "Ha egyszerre több lap kerülne a túlvilágba, a játékosuk dönti el a
    # sorrendet" (when several cards would go to the underworld at once, their player
    # decides the order): an effect that destroys every enemy leader sends the King, its
    # Sword and the Hero together; their player lays them one at a time
    s = build(
        sky(leaders=(Leader("Archer"),)),
        sea(leaders=(Leader("King", items=("Sword",)), Leader("Hero"))),
        auto_pass=False,
    )
    me, other = 0, 1
    archer, king = the(s, "Archer"), the(s, "King", other)
    sword, hero = the(s, "Sword", other), the(s, "Hero", other)
    after = apply_todo(s, Todo(Destroy(Every(ENEMY_LEADERS)), me, archer))
    (batch,) = after.game.limbo
    assert batch.owner == other and set(batch.cards) == {king, sword, hero}
    assert after.game.players[other].leaders == ()
    s = fx.refresh(after)  # the state checks hand the choice to its player
    assert s.phase == "forced.underworld_order" and s.to_act == other
    assert set(mc.legal_actions(s)) == {ToUnderworld(c) for c in (king, sword, hero)}
    s = act(act(s, ToUnderworld(hero)), ToUnderworld(king))  # the Sword follows by itself
    assert s.game.players[other].underworld[-3:] == (hero, king, sword)


@pytest.mark.rule("1.4.2", "3.1")
def test_only_a_card_on_the_board_that_is_no_high_god_is_sent_to_the_underworld() -> None:
    s = build(sky(empire=CROSS, hand=("Cheap",)), sea())
    god, cheap = s.game.players[0].high_god, the(s, "Cheap")
    with pytest.raises(ValueError, match=r"^the high god cannot leave the board \(3\.1\)$"):
        remove_to_underworld(s, god)
    with pytest.raises(ValueError, match=rf"^card #{cheap} is not on the board$"):
        remove_to_underworld(s, cheap)  # in hand
