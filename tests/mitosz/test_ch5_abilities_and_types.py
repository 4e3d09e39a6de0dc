"""Chapter 5 and 2.7: a neutralised ability (5.5) and types that cannot be neutralised
(2.7); one card type, and a new one replacing the old (5.16); conditions met by the
player who summons (5.11); attachments lasting until their card is destroyed (5.15)."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Summon, UseFreeManeuver, UseManeuver
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.interpret import apply_todo
from mitosz_core.games.mitosz.effects.language import (
    BecomeType,
    Cards,
    Chosen,
    Destroy,
    Immunity,
    NeutralizeAbility,
)
from mitosz_core.games.mitosz.rules import S, maneuvers
from mitosz_core.games.mitosz.rules.board import leader_slot, remove_to_underworld
from mitosz_core.games.mitosz.rules.continuous import (
    card_type,
    immune,
    level,
    neutralized,
)
from mitosz_core.games.mitosz.rules.levels import power
from mitosz_core.games.mitosz.rules.selectors import matching
from mitosz_core.games.mitosz.state import ActiveEffect, Todo
from tests.mitosz.fixtures import (
    ENEMY_LEADERS,
    act,
    attach_item,
    next_turn,
    play,
    put_intrigue,
    put_leader,
    refresh,
    set_game,
    timed_arena,
    to_hand,
)

ANY = Cards()


def _lasting(s: S, effect: object, player: int, source: int, target: int) -> S:
    """``s`` with a lasting effect of ``player``'s ``source`` fixed on ``target``."""
    made = ActiveEffect(s.game.next_id, effect, player, source, target)  # type: ignore[arg-type]
    return set_game(s, effects=(*s.game.effects, made), next_id=s.game.next_id + 1)


@pytest.mark.rule("5.5", "2.7")
def test_a_neutralised_ability_gives_no_level_and_uses_no_maneuver_but_keeps_its_types() -> None:
    s, me, other = timed_arena()
    s, hero = put_leader(s, me, "Hero")
    s, silence = to_hand(s, me, "Silence")
    s, sentinel = put_leader(s, other, "Sentinel")  # level 3; a reaction: destroy a leader
    power_before = power(s.game, other)
    assert level(s.game, sentinel) == 3
    s = play(s, UseFreeManeuver(silence, hero, 0, sentinel))
    assert neutralized(s.game, sentinel)
    assert level(s.game, sentinel) == 0  # 5.5: it gives no level
    assert power(s.game, other) == power_before  # the power icon is a type (2.7)
    assert card_type(s.game, sentinel) is CardType.LEADER  # its types stay (2.7)
    assert sentinel in matching(s.game, me, ENEMY_LEADERS, hero)
    m = s.game.card(sentinel).maneuvers[0]
    reason = maneuvers.why_not_user(s, other, sentinel, 0, m)
    assert reason is not None and "neutralised" in reason
    # the effect lasts the turn: the next turn the sentinel is itself again
    s = next_turn(s)
    assert not neutralized(s.game, sentinel)
    assert level(s.game, sentinel) == 3
    assert maneuvers.why_not_user(s, other, sentinel, 0, m) is None


@pytest.mark.ruling("R-5.5-locked")
@pytest.mark.rule("5.5")
@pytest.mark.ruling("R-5.5-level")
def test_a_neutralised_item_or_locked_ability_gives_nothing() -> None:
    s, me, other = timed_arena()
    s, hero = put_leader(s, me, "Hero")
    s, king = put_leader(s, other, "King")
    s, sword = attach_item(s, other, "Sword", king)  # +2
    s, bulwark = put_leader(s, other, "Bulwark")  # locked: immune to intrigues
    s, banner = put_intrigue(s, other, "Banner")  # locked: own leaders +1
    assert level(s.game, king) == 3 + 2 + 1
    assert immune(s.game, bulwark, Immunity.INTRIGUE)
    silenced = _lasting(s, NeutralizeAbility(Chosen(ANY)), me, hero, sword)
    assert level(silenced.game, king) == 3 + 1  # the item gives no level
    assert sword in {i for x in silenced.game.players[other].leaders for i in x.items}
    silenced = _lasting(s, NeutralizeAbility(Chosen(ANY)), me, hero, banner)
    assert level(silenced.game, king) == 3 + 2  # the intrigue's locked ability is off
    silenced = _lasting(s, NeutralizeAbility(Chosen(ANY)), me, hero, bulwark)
    assert not immune(silenced.game, bulwark, Immunity.INTRIGUE)
    # the king itself: no level of its own; other effects still change it (R-5.5-level)
    silenced = _lasting(s, NeutralizeAbility(Chosen(ANY)), me, hero, king)
    assert level(silenced.game, king) == 0 + 1


@pytest.mark.ruling("R-5.16-place")
@pytest.mark.rule("5.16")
def test_a_card_that_gains_a_new_card_type_loses_the_old_one() -> None:
    s, me, other = timed_arena()
    s, hero = put_leader(s, me, "Hero")
    s, petrify = to_hand(s, me, "Petrify")
    s, king = put_leader(s, other, "King")
    locations = Cards(types=(CardType.LOCATION,))
    assert king in matching(s.game, me, ENEMY_LEADERS, hero)
    s = play(s, UseFreeManeuver(petrify, hero, 0, king))
    assert card_type(s.game, king) is CardType.LOCATION
    assert king not in matching(s.game, me, ENEMY_LEADERS, hero)  # no longer a leader
    assert king in matching(s.game, me, locations, hero)
    assert s.game.card(king).type is CardType.LEADER  # the printed card is unchanged
    s = next_turn(s)  # the effect lasted the turn
    assert card_type(s.game, king) is CardType.LEADER


@pytest.mark.ruling("R-5.16-place")
@pytest.mark.rule("5.16", "5.1", "4.5")
def test_rules_keyed_on_the_card_type_follow_the_new_type() -> None:
    s, me, other = timed_arena()
    s, seer = put_leader(s, me, "Seer")  # rite: draw 2 on a reveal; turns when used
    s, king = put_leader(s, other, "King")
    # 5.1: only permanents and troops are destroyed; a leader made a maneuver is not
    spell = _lasting(s, BecomeType(Chosen(ANY), CardType.MANEUVER), me, seer, king)
    after = apply_todo(spell, Todo(Destroy(Chosen(ANY)), me, seer, king))
    assert leader_slot(after.game, king) is not None
    after = apply_todo(s, Todo(Destroy(Chosen(ANY)), me, seer, king))
    assert leader_slot(after.game, king) is None
    # 4.5: an item never turns when it uses a maneuver; a leader made an item neither
    used = act(s, UseManeuver(seer, 0))
    assert leader_slot(used.game, seer)[1].turned  # type: ignore[index]
    item = _lasting(s, BecomeType(Chosen(ANY), CardType.ITEM), me, seer, seer)
    used = act(item, UseManeuver(seer, 0))
    assert not leader_slot(used.game, seer)[1].turned  # type: ignore[index]


@pytest.mark.ruling("R-6.3.4")
@pytest.mark.rule("5.11", "6.3.4")
def test_the_summoning_player_meets_the_condition_with_their_own_cards() -> None:
    s, me, other = timed_arena()
    s, tyrant = to_hand(s, me, "Tyrant")  # summoning: sacrifice one of your leaders
    s, cheap = put_leader(s, me, "Cheap")
    s, king = put_leader(s, other, "King")
    s, own_in_hand = to_hand(s, me, "Hero")
    offered = {
        a.pay_with for a in mc.legal_actions(s) if isinstance(a, Summon) and a.card == tyrant
    }
    assert offered == {cheap}
    with pytest.raises(mc.IllegalActionError, match=r"5\.11"):
        act(s, Summon(tyrant, pay_with=king))  # an enemy's leader
    with pytest.raises(mc.IllegalActionError, match=r"5\.11"):
        act(s, Summon(tyrant, pay_with=own_in_hand))  # not on the board (1.2.4)
    s, changeling = to_hand(s, me, "Changeling")  # summoning: discard an item
    s, their_sword = to_hand(s, other, "Sword")
    s, my_sword = to_hand(s, me, "Sword")
    with pytest.raises(mc.IllegalActionError, match=r"5\.11"):
        act(s, Summon(changeling, pay_with=their_sword))  # from another's hand
    done = play(s, Summon(changeling, pay_with=my_sword))
    assert my_sword in done.game.players[me].underworld
    assert changeling in {x.card for x in done.game.players[me].leaders}


@pytest.mark.rule("5.15")
def test_an_attachment_lasts_until_its_card_is_destroyed() -> None:
    s, me, other = timed_arena()
    s, hero = put_leader(s, me, "Hero")
    s, sword = attach_item(s, me, "Sword", hero)
    s = next_turn(next_turn(s))  # turns pass; neutralising its ability does not detach it
    s = _lasting(s, NeutralizeAbility(Chosen(ANY)), other, hero, sword)
    assert leader_slot(s.game, hero)[1].items == (sword,)  # type: ignore[index]
    s = refresh(remove_to_underworld(s, hero))
    while s.phase == "forced.underworld_order":
        s = act(s, mc.legal_actions(s)[0])
    assert {hero, sword} <= set(s.game.players[me].underworld)
    assert all(e.target not in (hero, sword) for e in s.game.effects)  # no memories (1.2.6)
