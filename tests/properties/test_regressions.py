"""Minimal reproductions of engine bugs found by the property suite.

Each test states what the rules (or the API contract) require. Every bug here was found
by the stateful suite, fixed, and kept as an ordinary regression test.
"""

from __future__ import annotations

import json

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Choose, Pass, PermitHighGod, SummonTroop, UseManeuver
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    Cards,
    Chosen,
    Destroy,
    Every,
    Exile,
    ReturnToHand,
    SetLevel,
    Side,
)
from mitosz_core.games.mitosz.engine import RULESET, census
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.state import ActiveEffect, Todo
from mitosz_core.games.mitosz.wiring import apply_todo
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import E, arena, battle, designate
from tests.properties.support import mount_with_items_scenario, play, two_weapons_scenario


@pytest.mark.parametrize("kind", ["sacrifice_item", "use_maneuver"])
@pytest.mark.parametrize("past_the_end", [0, 5, -1])
def test_an_unknown_card_id_is_an_illegal_action(kind: str, past_the_end: int) -> None:
    """``apply`` must refuse any action that is not legal with ``IllegalActionError``
    (its contract, and what it does for every other action kind). For ``sacrifice_item``
    and for the ``user`` of ``use_maneuver``, a card id that names no card of the game
    (``len(instances) + k``, or below ``-len(instances)``) makes ``why_not`` raise
    ``IndexError`` instead."""
    state: S = mc.new_game("mitosz", seed=1)
    n = len(state.game.instances)
    card = n + past_the_end if past_the_end >= 0 else -n - 1
    action = mc.action_from_json(
        "mitosz",
        json.dumps(
            {"type": kind, "card": card, "index": 0, "target": None}
            if kind == "sacrifice_item"
            else {
                "type": kind,
                "user": card,
                "index": 0,
                "target": None,
                "target_pending": None,
                "steps": 1,
                "times": 1,
            }
        ),
    )
    before = state.to_json()
    with pytest.raises(mc.IllegalActionError):
        mc.apply(state, action)
    assert state.to_json() == before


@pytest.mark.parametrize("decks", [["hellenic", "hellenic"], ["celtic", "germanic", "celtic"]])
def test_two_players_with_the_same_high_god(decks: list[str]) -> None:
    """Found by the property suite and fixed since (kept so it stays fixed): two players
    may bring the same high god (1.3.1 limits copies per deck only); 3.1: a high god is
    never destroyed, so 2.3 does not remove either. The engine used to raise a bare
    ``ValueError("the high god cannot leave the board (3.1)")`` from its set-up."""
    state: S = mc.new_game("mitosz", decks=decks, seed=3, players=len(decks))
    assert not state.is_over
    gods = [state.game.card(p.high_god) for p in state.game.players]
    assert gods[0].key == gods[-1].key
    assert all(g.type is CardType.HIGH_GOD for g in gods)
    state = play(state, 60, 3, "build")
    assert [state.game.card(p.high_god) for p in state.game.players] == gods


def test_from_json_rejects_an_unknown_top_level_field() -> None:
    """``State.from_json`` validates every field and names the JSON path of a bad one
    (it does so for ``$.state`` and everything below); an unknown key beside
    ``format``, ``ruleset`` and ``state`` is silently accepted."""
    state = mc.new_game("mitosz", seed=2)
    data = json.loads(state.to_json())
    data["extra"] = 1
    with pytest.raises(mc.DecodeError, match=r"\$"):
        mc.State.from_json(json.dumps(data))


def test_a_leader_never_carries_two_weapons() -> None:
    """8.weapon: a leader carries at most one weapon. Player 0 summons Spear of Lugh (a
    weapon) onto Cú Chulainn; in the counter round that opens (6.3.5) they play Gáe Bolg,
    a weapon linked to Cú Chulainn, onto him without summoning (1.5.3, 3.5). The engine
    accepts it (the spear is not attached yet) and then attaches both. The second weapon
    must be refused, or must not be attached when it resolves (R-6.3.6)."""
    names = two_weapons_scenario()
    assert len(names) <= 1, names


@pytest.mark.ruling("R-8.mount-items")
def test_attaching_a_mount_loses_no_card() -> None:
    """G1 (every card stays its owner's and goes to its owner's piles) and 1.4.2: no card
    may leave the game. Player 0 has Sleipnir (a mount) carrying the item Mjölnir and
    Mímir in the leader row, and in the combat phase attaches Sleipnir to Mímir (8.mount).
    The engine rebuilds the mount without its items: Mjölnir is in no zone at all (the
    engine's own ``census`` counts it 0 times, so the state cannot even be loaded back
    from its JSON). It must stay attached or go to its owner's underworld."""
    assert mount_with_items_scenario() == []


def _three_tied_levels() -> tuple[S, S, int]:
    """Three effects from non-magical leaders (a three-way 5.9 tie), each setting the
    level of an enemy leader (1, 2, 3), with player 0's deck topped so that the reveals
    go: e1 beats e2 (5 > 1), e3 beats e1 (5 > 1), and e2 would beat e3 (9 > 0)."""

    s, me, other = fx.duel()
    s, target = fx.put_leader(s, other, "King")
    leaders = []
    for key in ("Hero", "Seer", "Spy"):
        s, card = fx.put_leader(s, me, key)
        leaders.append(card)
    deck = list(s.game.players[me].deck)
    top: list[int] = []
    for number in (5, 1, 1, 5, 9, 0):
        card = next(c for c in deck if s.game.card(c).card_number == number)
        deck.remove(card)
        top.append(card)
    s = fx.set_player(s, me, deck=(*top, *deck))
    effects = tuple(
        ActiveEffect(i + 1, SetLevel(Chosen(fx.ENEMY_LEADERS), i + 1), me, leader, target)
        for i, leader in enumerate(leaders)
    )
    before = fx.set_game(s, effects=effects)
    return before, fx.refresh(before), target


@pytest.mark.rule("5.9")
@pytest.mark.ruling("R-5.9-transitive")
def test_three_tied_effects_are_ordered_transitively() -> None:
    """Found by ``test_precedence.py::test_the_order_among_three_is_total_and_one_beats_all``
    and fixed in ``rules/precedence.py`` (``settle_ties``): with three tied effects, the
    engine revealed for every pair independently, so e1 > e2, e3 > e1 and e2 > e3 could
    all be recorded. No effect then beat the others, and which level a card had depended
    on the order the board listed the effects in. A pair whose order follows from earlier
    reveals (e3 > e1 > e2) is now not revealed again."""

    before, after, target = _three_tied_levels()
    wins = {(t.winner, t.b if t.winner == t.a else t.a) for t in after.game.tiebreaks}
    assert wins == {("e1", "e2"), ("e3", "e1"), ("e3", "e2")}
    assert level(after.game, target) == 3
    me = after.game.active
    deck = before.game.players[me].deck
    assert after.game.players[me].deck == (*deck[4:], *deck[:4])  # two reveals of two


@pytest.mark.rule("G1", "1.4.2")
@pytest.mark.parametrize("kind", ["destroy", "return_to_hand", "exile"])
def test_an_effect_on_every_card_and_its_attachment_moves_each_once(kind: str) -> None:
    """Found by ``test_golden_rule_2.py::test_no_effect_moves_a_card_to_another_players_pile``
    (deep profile): ``Destroy(Every(Cards(side=OWN)))`` matched a leader and the item
    attached to it; the leader took the item along to the underworld, and the effect then
    raised ``ValueError: card #62 is not on the board`` for the item. Already fixed in
    the interpreter (``_movable``, then in ``effects/interpret.py``, now
    ``rules/interpret.py``) when this test was written; kept so it stays fixed. Every
    card ends in exactly one place, its owner's."""

    s, me, other = fx.duel()
    s, hero = fx.put_leader(s, me, "Hero")
    s, sword = fx.attach_item(s, me, "Sword", hero)
    s, cheap = fx.put_leader(s, other, "Cheap")  # stolen: player 1's, on player 0's side
    s, plate = fx.attach_item(s, other, "Plate", cheap)
    theirs = s.game.players[other]
    slot = next(x for x in theirs.leaders if x.card == cheap)
    s = fx.set_player(s, other, leaders=tuple(x for x in theirs.leaders if x.card != cheap))
    s = fx.set_player(s, me, leaders=(*s.game.players[me].leaders, slot))
    every = Every(Cards(side=Side.OWN))
    effects: dict[str, AnyEffect] = {
        "destroy": Destroy(every),
        "return_to_hand": ReturnToHand(every),
        "exile": Exile(every),
    }
    effect = effects[kind]
    s = fx.lay_underworld(fx.refresh(apply_todo(s, Todo(effect, me, hero, None))))
    seen = census(s.game)
    assert all(seen[c] == 1 for c in range(len(s.game.instances)))
    for card in (hero, sword, cheap, plate):
        p = s.game.players[s.game.owner(card)]
        assert card in (*p.hand, *p.underworld, *p.oblivion), card


@pytest.mark.rule("3.4.3")
def test_a_permission_to_summon_the_high_god_is_legal_only_where_listed() -> None:
    """Found by ``test_game_machine.py`` (``illegal``: the one legality gate agrees with
    the list) in a 4-player game: the first summoning step lists a permission to summon
    one's high god as a leader (3.4.3) only towards players who own a leader of its
    name, but ``why_not`` accepted ``PermitHighGod`` towards any other player, so
    ``apply`` refused it without a reason. Fixed in ``rules/summoning.py``
    (``_why_not_permit``): towards a player with no such leader there is nothing to
    permit, and ``why_not`` says so."""

    state: S = mc.new_game("mitosz", players=4, seed=0)
    while state.phase != "turn.summoning_1":
        state = mc.apply(state, mc.legal_actions(state)[0])
    me = state.game.active
    god = state.game.card(state.game.players[me].high_god).name_en
    owners = {
        inst.owner
        for inst in state.game.instances
        if state.game.cards[inst.card].type is CardType.LEADER
        and state.game.cards[inst.card].name_en == god
    }
    legal = mc.legal_actions(state)
    others = [p for p in range(4) if p != me]
    assert any(p not in owners for p in others)  # the case of the bug is there
    for p in others:
        action = PermitHighGod(p, True)
        listed = p in owners
        assert (action in legal) == listed
        assert (RULESET.why_not(state, action) is None) == listed
        if not listed:
            with pytest.raises(mc.IllegalActionError, match=r"\(3\.4\.3\)"):
                mc.apply(state, action)


@pytest.mark.rule("7.2.5.2", "3.8", "7.4.13", "1.4.2")
def test_a_troop_that_fled_to_hand_is_no_longer_a_troop_of_the_fight() -> None:
    """Found by ``test_game_machine.py`` (``legal_actions lists an action twice``: the
    same card twice in the 1.4.2 underworld order, and counted twice by the census) with
    the ``choices`` pool. Fear (7.2.5.2) sent a defending troop back to its player's
    hand, but the fight kept it among its troops: the combat round's ``settle`` pruned
    troops gone from the board (``rounds.prune``) only when the fight was decided or a
    troop's mode was due, and threw the pruned state away otherwise. Summoned again, the
    troop was in the fight twice, and at the end of the battle (7.4.13) it went to the
    underworld twice. Fixed in ``rules/fights/rounds.py`` (``_settle`` keeps the pruned
    state)."""

    s, me, other = arena(auto_pass=False)
    s, terror = fx.put_leader(s, me, "Terror")  # level 5, card number 1: levels 2-4 flee
    s, hills = fx.put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = fx.put_leader(s, other, "Guardian")  # level 3
    s, wolves = fx.to_hand(s, other, "Wolves")  # level 2
    s = designate(battle(s, hills, E, terror), guardian)
    while not s.phase.endswith(".rounds"):
        s = fx.act(s, Pass())
    s = fx.act(s, Pass())  # the attacker passes; the defender brings its Wolves
    s = fx.play(fx.set_player(s, other, spheres=(0, 0, 0, 1)), SummonTroop(wolves, guardian))
    assert s.game.fight is not None and wolves in {t.card for t in s.game.fight.troops}
    # one influence: the defender keeps its commander and lets the Wolves flee
    s = fx.set_player(s, other, spheres=(0, 1, 0, 1))
    s = fx.settle_counter(fx.act(s, UseManeuver(terror, 0)))
    while s.game.choice is not None:
        kept = s.game.choice.options[0] == guardian
        s = fx.act(s, Choose(guardian) if kept else Pass())
    s = fx.settle_counter(s)
    assert s.phase.endswith(".rounds") and s.game.fight is not None
    assert wolves in s.game.players[other].hand
    assert wolves not in {t.card for t in s.game.fight.troops}
    # summoned again, the Wolves are one troop, and go to the underworld once (7.4.13)
    s = fx.play(s, SummonTroop(wolves, guardian))
    assert s.game.fight is not None
    assert [t.card for t in s.game.fight.troops].count(wolves) == 1
    while s.game.fight is not None or s.phase.startswith("forced."):
        legal = mc.legal_actions(s)
        assert len(set(legal)) == len(legal), legal
        s = fx.act(s, Pass() if Pass() in legal else legal[0])
        seen = census(s.game)
        assert all(seen[c] == 1 for c in range(len(s.game.instances)))
    assert wolves in s.game.players[other].underworld
