"""Section 06 (Kampfsystem): attackers, blockers, the damage order, resolution."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mythos.actions import Attack, Block, DamageOrder, Done, EndTurn
from mitosz_core.games.mythos.engine import RULESET
from mitosz_core.games.mythos.rules.combat import assign
from tests.mythos.scenario import CHAOS, GUARDIANS, act, arrange, card_id, slot_of, start


def fight(
    attackers: list[str], blockers: list[str], active: int = GUARDIANS, **kw: object
) -> mc.State:  # type: ignore[type-arg]
    """The active player's units on the battlefield, the defender's blockers too; hands
    empty, so no window stops the fight."""
    s = start(active=active)
    foe = 1 - active
    s = arrange(s, active, hand=[], battlefield=attackers)
    s = arrange(s, foe, hand=[], battlefield=blockers, aura=0)
    return s


@pytest.mark.rule("01.ex-trample", "06.4.4", "12.4")
def test_trample_herakles_into_a_four_life_blocker() -> None:
    """01 example: Herakles (6 ATK) blocked by a unit with 4 life: 4 kill it, 2 go to the
    defending player."""
    s = fight(["Heracles"], ["Minotaur"])
    herakles, minotaur = card_id(s, "Heracles", 0), card_id(s, "Minotaur", 1)
    s = act(s, Attack(herakles))
    assert s.phase == "turn.combat.block" and s.to_act == CHAOS
    s = act(s, Block(minotaur, herakles))
    assert s.phase == "turn.main"  # no other block possible, one pairing: no order to fix
    assert minotaur in s.game.players[CHAOS].graveyard
    assert s.game.players[CHAOS].life == 18
    # simultaneous: the Minotaur's 5 attack killed Herakles (4 life) as well
    assert herakles in s.game.players[GUARDIANS].graveyard


@pytest.mark.rule("06.ex-trample-blocker", "06.4.4", "06.4.3")
def test_trample_six_attack_into_a_two_life_blocker() -> None:
    """06 example: a 6-ATK unit blocked by a 2-life unit: 2 destroy it, 4 hit the player."""
    s = fight(["Heracles"], ["Cultist"])
    herakles, cultist = card_id(s, "Heracles", 0), card_id(s, "Cultist", 1)
    s = act(s, Attack(herakles))
    s = act(s, Block(cultist, herakles))
    assert cultist in s.game.players[CHAOS].graveyard
    assert s.game.players[CHAOS].life == 16
    assert slot_of(s, herakles).damage == 1  # the Cultist's 1 attack, at the same time
    assert herakles in {x.card for x in s.game.players[GUARDIANS].infirmary}


def _ares_blocked_by(blockers: list[str]) -> tuple[mc.State, int, list[int]]:  # type: ignore[type-arg]
    s = fight(["Ares"], blockers, active=CHAOS)
    ares = card_id(s, "Ares", CHAOS)
    ids = [card_id(s, b, GUARDIANS) for b in blockers]
    s = act(s, Attack(ares))
    for b in ids:
        s = act(s, Block(b, ares))
    if s.phase == "turn.combat.block":
        s = act(s, Done())
    return s, ares, ids


@pytest.mark.rule("06.ex-order", "06.3", "06.4.1")
@pytest.mark.ruling("R-06.ex-order")
@pytest.mark.parametrize("first", ["Healer", "Griffin"])
def test_the_damage_order_example_as_the_engine_resolves_it(first: str) -> None:
    """06 example: Ares (6/4) blocked by A (2 ATK / 4 LP: the Griffin) and B (1/2: the
    Healer). In either order both blockers die (4 + 2 = 6 damage), and Ares takes
    2 + 1 = 3 at the same time, so he survives with 1 life (ruling R-06.ex-order: the
    book's 'A kills Ares' in option A cannot happen)."""
    s, ares, (griffin, healer) = _ares_blocked_by(["Griffin", "Healer"])
    assert s.phase == "turn.combat.order" and s.to_act == CHAOS
    assert set(mc.legal_actions(s)) == {DamageOrder(ares, griffin), DamageOrder(ares, healer)}
    s = act(s, DamageOrder(ares, griffin if first == "Griffin" else healer))
    assert s.phase == "turn.main"  # one pairing left: its place is fixed
    dead = s.game.players[GUARDIANS].graveyard
    assert griffin in dead and healer in dead
    assert s.game.players[GUARDIANS].life == 20  # 6 = 4 + 2: no excess
    slot = slot_of(s, ares)
    assert slot.damage == 3 and ares in {x.card for x in s.game.players[CHAOS].infirmary}


@pytest.mark.rule("06.3", "06.ex-order")
@pytest.mark.ruling("R-06.ex-order")
def test_the_damage_order_decides_which_blocker_dies() -> None:
    """Ares (6) blocked by the Griffin (4 life) and Hera (5 life): whoever comes first
    dies, the other survives the rest."""
    outcomes = {}
    for first in ("Griffin", "Hera"):
        s, ares, (griffin, hera) = _ares_blocked_by(["Griffin", "Hera"])
        s = act(s, DamageOrder(ares, griffin if first == "Griffin" else hera))
        dead = set(s.game.players[GUARDIANS].graveyard)
        outcomes[first] = (griffin in dead, hera in dead)
        assert ares in s.game.players[CHAOS].graveyard  # 2 + 2 = 4 damage at the same time
    assert outcomes == {"Griffin": (True, False), "Hera": (False, True)}


@pytest.mark.rule("06.1", "06.4.5", "06.4.2", "12.4")
def test_any_number_of_attackers_each_once_and_back_to_the_infirmary() -> None:
    s = fight(["Heracles", "Perseus", "Theseus"], [])
    h, p, t = (card_id(s, k, GUARDIANS) for k in ("Heracles", "Perseus", "Theseus"))
    s = act(s, Attack(h))
    assert s.phase == "turn.combat.declare"
    assert set(mc.legal_actions(s)) == {Attack(p), Attack(t), Done()}
    s = act(s, Attack(p))
    s = act(s, Done())  # Theseus stays back
    assert s.phase == "turn.main"  # no blocker: no block step to wait for
    assert s.game.players[CHAOS].life == 20 - 6 - 4  # unblocked: full damage (06.4.5)
    me = s.game.players[GUARDIANS]
    assert {x.card for x in me.infirmary} == {h, p}  # back, whatever the result (06.1)
    assert [x.card for x in me.battlefield] == [t]
    assert mc.legal_actions(s).count(Attack(t)) == 1
    assert Attack(h) not in mc.legal_actions(s)  # in the infirmary now, and it attacked
    s = act(s, Attack(t))
    assert s.game.players[CHAOS].life == 10 - 3
    assert all(not isinstance(a, Attack) for a in mc.legal_actions(s))


@pytest.mark.rule("06.1")
def test_each_unit_attacks_once_per_round_even_if_it_stays_on_the_battlefield() -> None:
    s = fight(["Heracles"], [], infirmary=[])
    s = arrange(s, GUARDIANS, infirmary=["Perseus", "Theseus", "Odysseus", "Pegasus", "Griffin"])
    h = card_id(s, "Heracles", GUARDIANS)
    s = act(s, Attack(h))  # the infirmary is full: Herakles stays out (R-06.1-return)
    assert [x.card for x in s.game.players[GUARDIANS].battlefield] == [h]
    assert Attack(h) not in mc.legal_actions(s)
    assert RULESET.why_not(s, Attack(h)) == "Heracles has already attacked this round (06.1)"


@pytest.mark.ruling("R-06.1-return")
def test_an_attacker_without_room_in_the_infirmary_stays_on_the_battlefield() -> None:
    s = fight(["Heracles", "Perseus"], [])
    s = arrange(s, GUARDIANS, infirmary=["Theseus", "Odysseus", "Pegasus", "Griffin"])
    h, p = card_id(s, "Heracles", GUARDIANS), card_id(s, "Perseus", GUARDIANS)
    s = act(s, Attack(h))
    s = act(s, Attack(p))
    me = s.game.players[GUARDIANS]
    assert h in {x.card for x in me.infirmary}  # the first back takes the last free slot
    assert [x.card for x in me.battlefield] == [p] and slot_of(s, p).attacked
    assert len(me.infirmary) == 5


@pytest.mark.rule("06.2", "11.2")
@pytest.mark.ruling("R-06.2-multi")
def test_one_blocker_may_block_several_attackers_dealing_its_attack_to_each() -> None:
    s = fight(["Theseus", "Odysseus"], ["Hydra"])
    t, o = card_id(s, "Theseus", GUARDIANS), card_id(s, "Odysseus", GUARDIANS)
    hydra = card_id(s, "Hydra", CHAOS)
    s = act(s, Attack(t))
    s = act(s, Attack(o))
    assert s.to_act == CHAOS
    assert set(mc.legal_actions(s)) == {Block(hydra, t), Block(hydra, o), Done()}
    s = act(s, Block(hydra, t))
    s = act(s, Block(hydra, o))
    # two attackers on one blocker: the attacker orders them (06.3)
    assert s.phase == "turn.combat.order" and s.to_act == GUARDIANS
    s = act(s, DamageOrder(t, hydra))
    # Theseus 3 + Odysseus 2 = 5 < 6: the Hydra lives; it hit both for 3 (R-06.2-multi)
    assert slot_of(s, hydra).damage == 5
    assert t in s.game.players[GUARDIANS].graveyard  # 3 damage on 3 life
    assert o in s.game.players[GUARDIANS].graveyard
    assert s.game.players[CHAOS].life == 20


@pytest.mark.rule("06.2", "06.3")
def test_several_attackers_on_one_blocker_excess_goes_to_the_player() -> None:
    s = fight(["Heracles", "Achilles"], ["Cultist"])
    h, a = card_id(s, "Heracles", GUARDIANS), card_id(s, "Achilles", GUARDIANS)
    c = card_id(s, "Cultist", CHAOS)
    s = act(s, Attack(h))
    s = act(s, Attack(a))  # Achilles +1 when he attacks: 6
    s = act(s, Block(c, h))
    s = act(s, Block(c, a))
    damage, _, excess = assign(s)  # before the order: nothing ordered yet
    assert damage == {h: 1, a: 1} and excess == 12
    s = act(s, DamageOrder(a, c))  # Achilles first: 2 on the Cultist, 4 excess
    assert s.game.players[CHAOS].life == 20 - 4 - 6


@pytest.mark.rule("06.4", "06.4.1", "06.4.2", "06.4.3")
def test_resolution_table() -> None:
    """Simultaneous damage; the living go back or stay, the dead go to the graveyard and
    their on-exit effects fire."""
    s = fight(["Griffin"], ["Tantalus"])
    g, t = card_id(s, "Griffin", GUARDIANS), card_id(s, "Tantalus", CHAOS)
    s = act(s, Attack(g))
    s = act(s, Block(t, g))
    # Griffin 2 on Tantalus (3 life) survives; Tantalus 3 on Griffin (4 life) survives
    assert slot_of(s, g).damage == 3 and slot_of(s, t).damage == 2
    assert g in {x.card for x in s.game.players[GUARDIANS].infirmary}  # 06.4.2
    assert t in {x.card for x in s.game.players[CHAOS].battlefield}  # blockers stay
    s = fight(["Heracles"], ["Tantalus"])
    h, t = card_id(s, "Heracles", GUARDIANS), card_id(s, "Tantalus", CHAOS)
    s = act(s, Attack(h))
    s = act(s, Block(t, h))
    assert t in s.game.players[CHAOS].graveyard  # 06.4.3
    assert s.game.players[GUARDIANS].life == 18  # Tantalus' on-exit: 2 damage
    assert s.game.players[CHAOS].life == 17  # 3 of the 6 trample through


@pytest.mark.rule("06")
def test_a_fight_is_a_sequence_of_short_choices() -> None:
    s = fight(
        ["Heracles", "Perseus", "Theseus", "Achilles", "Odysseus"],
        ["Hydra", "Cerberus", "Minotaur", "Chimera", "Harpy"],
    )
    s = act(s, Attack(card_id(s, "Heracles", GUARDIANS)))
    while not s.is_over and s.phase.startswith("turn.combat"):
        legal = mc.legal_actions(s)
        assert 1 <= len(legal) <= 26
        s = act(s, legal[-1] if s.phase == "turn.combat.declare" else legal[0])
    assert s.phase in ("turn.main", "over")
    assert EndTurn() in mc.legal_actions(s) or s.is_over


@pytest.mark.rule("06.4.2", "05.4", "06.1")
@pytest.mark.ruling("R-06.4.2-blockers")
def test_a_surviving_blocker_stays_on_the_battlefield_only_attackers_go_back() -> None:
    s = fight(["Theseus"], ["Minotaur"])
    theseus, minotaur = card_id(s, "Theseus", GUARDIANS), card_id(s, "Minotaur", CHAOS)
    s = act(s, Attack(theseus))
    s = act(s, Block(minotaur, theseus))
    foe = s.game.players[CHAOS]
    assert slot_of(s, minotaur).damage > 0  # hit, and alive (06.4.2)
    assert minotaur in {x.card for x in foe.battlefield}  # it stays mobilised
    assert minotaur not in {x.card for x in foe.infirmary}
    assert theseus not in {x.card for x in s.game.players[GUARDIANS].battlefield}
