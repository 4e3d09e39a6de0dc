"""Section 11 (Häufige Fragen): every answer as a tested rule."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mythos.actions import (
    Attack,
    Block,
    EndTurn,
    Mobilize,
    Pass,
    Play,
)
from mitosz_core.games.mythos.carddata import POOL
from mitosz_core.games.mythos.cards import TriggerType
from mitosz_core.games.mythos.engine import RULESET
from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.stats import attack, life
from tests.mythos.scenario import CHAOS, GUARDIANS, act, arrange, card_id, slot_of, start


@pytest.mark.rule("11", "11.1")
def test_no_stack_nobody_answers_an_answer() -> None:
    s = start(active=CHAOS)
    s = arrange(s, CHAOS, hand=["Harpy", "Fireball"], aura=10)
    s = arrange(s, GUARDIANS, hand=["Healing", "Prayer"], aura=5, infirmary=["Hera"])
    s = act(s, Play(card_id(s, "Harpy", CHAOS)))
    assert s.phase == "turn.respond" and s.to_act == GUARDIANS
    s = act(s, Play(card_id(s, "Prayer", GUARDIANS)))
    # the answer resolved at once; the active player gets no window to answer it
    assert s.phase == "turn.respond" and s.to_act == GUARDIANS
    assert all(isinstance(a, (Pass, Play)) for a in mc.legal_actions(s))
    s = act(s, Pass())
    assert s.phase == "turn.main" and s.to_act == CHAOS


@pytest.mark.rule("11.2")
def test_no_blocking_from_the_infirmary() -> None:
    s = start(active=CHAOS)
    s = arrange(s, CHAOS, hand=[], battlefield=["Harpy"])
    s = arrange(s, GUARDIANS, hand=[], infirmary=["Hera"], battlefield=["Healer"])
    harpy, hera = card_id(s, "Harpy", CHAOS), card_id(s, "Hera", GUARDIANS)
    s = act(s, Attack(harpy))
    blocks = {a for a in mc.legal_actions(s) if isinstance(a, Block)}
    assert blocks == {Block(card_id(s, "Healer", GUARDIANS), harpy)}
    assert "only they block (11.2)" in (RULESET.why_not(s, Block(hera, harpy)) or "")


@pytest.mark.rule("11.3", "05.5")
def test_no_summoning_sickness() -> None:
    s = arrange(start(), GUARDIANS, hand=["Pegasus"], aura=4)
    s = arrange(s, CHAOS, hand=[])
    s = act(s, Play(card_id(s, "Pegasus", GUARDIANS)))
    pegasus = card_id(s, "Pegasus", GUARDIANS)
    s = act(s, Mobilize(pegasus))
    s = act(s, Attack(pegasus))
    assert s.game.players[CHAOS].life == 18


@pytest.mark.rule("11.4")
def test_no_automatic_healing() -> None:
    s = arrange(start(), GUARDIANS, hand=[], infirmary=[("Hera", {"damage": 3})])
    s = arrange(s, CHAOS, hand=[])
    hera = card_id(s, "Hera", GUARDIANS)
    for _ in range(4):
        s = act(s, EndTurn() if EndTurn() in mc.legal_actions(s) else mc.legal_actions(s)[0])
    assert slot_of(s, hera).damage == 3 and life(s.game, slot_of(s, hera)) == 2


@pytest.mark.rule("11.5")
def test_aura_is_never_negative_and_nothing_unaffordable_is_legal() -> None:
    s = arrange(start(), GUARDIANS, hand=["Zeus", "Prayer"], aura=0)
    s = arrange(s, CHAOS, hand=[])
    legal = mc.legal_actions(s)
    assert Play(card_id(s, "Prayer", GUARDIANS)) in legal  # costs 0
    assert Play(card_id(s, "Zeus", GUARDIANS)) not in legal


@pytest.mark.rule("11.6")
def test_no_limit_on_cards_per_turn() -> None:
    s = arrange(start(), GUARDIANS, hand=["Prayer", "Healing", "Vision", "Temple Guard"], aura=4)
    s = arrange(s, CHAOS, hand=[])
    s = arrange(s, GUARDIANS, infirmary=["Hera"])
    hera = card_id(s, "Hera", GUARDIANS)
    s = act(s, Play(card_id(s, "Prayer", GUARDIANS)))
    s = act(s, Play(card_id(s, "Healing", GUARDIANS), hera))
    s = act(s, Play(card_id(s, "Vision", GUARDIANS)))
    s = act(s, Play(card_id(s, "Temple Guard", GUARDIANS)))
    assert s.game.players[GUARDIANS].aura == 0


@pytest.mark.rule("11.7", "02.7")
def test_a_place_without_an_upgrade_and_an_upgrade_without_a_place() -> None:
    s = arrange(start(), GUARDIANS, hand=["Temple"], aura=2, sanctuary=[])
    s = arrange(s, CHAOS, hand=[])
    s = act(s, Play(card_id(s, "Temple", GUARDIANS)))
    assert [s.game.card(x.card).key for x in s.game.players[GUARDIANS].sanctuary] == ["Temple"]
    assert not any(a.kind == "attach" for a in mc.legal_actions(s))


@pytest.mark.rule("11.8")
def test_no_global_statuses_only_what_cards_say() -> None:
    effects = {type(e).__name__ for c in POOL.values() for t in c.triggers for e in t.effects}
    assert effects <= {
        "Damage",
        "Heal",
        "Draw",
        "GainAura",
        "Buff",
        "Destroy",
        "Sacrifice",
        "Revive",
        "Bonus",
        "AuraCap",
    }
    assert {t.type for c in POOL.values() for t in c.triggers} == set(TriggerType)


def _harpy_against_the_guard(s: S, chaos_hand: list[str], guardians_hand: list[str]) -> S:
    """Chaos (active) with a Harpy (2/2) and 1 aura; the Guardians with a Temple Guard
    (1/4) and 1 aura."""
    s = arrange(s, CHAOS, hand=chaos_hand, aura=1, battlefield=["Harpy"])
    return arrange(s, GUARDIANS, hand=guardians_hand, aura=1, battlefield=["Temple Guard"])


@pytest.mark.rule("11.9", "09.8", "04.4")
@pytest.mark.ruling("R-04.4-windows")
def test_the_attacker_plays_an_event_before_damage() -> None:
    """The attacker holding Rage gets a window after the blocks: the Harpy hits for 5."""
    s = _harpy_against_the_guard(start(active=CHAOS), ["Rage"], [])
    harpy, guard = card_id(s, "Harpy", CHAOS), card_id(s, "Temple Guard", GUARDIANS)
    rage = card_id(s, "Rage", CHAOS)
    s = act(s, Attack(harpy))  # the only unit: declaring ends by itself
    assert s.phase == "turn.combat.press_attack" and s.to_act == CHAOS
    assert set(mc.legal_actions(s)) == {Pass(), Play(rage, harpy)}
    s = act(s, Pass())
    s = act(s, Block(guard, harpy))
    assert s.phase == "turn.combat.press_block" and s.to_act == CHAOS
    s = act(s, Play(rage, harpy))
    assert rage in s.game.players[CHAOS].graveyard
    # nothing left to play: the engine passed for Chaos, and for the Guardians
    assert s.phase == "turn.main" and s.to_act == CHAOS
    assert guard in s.game.players[GUARDIANS].graveyard  # 2 + 3 >= 4
    assert slot_of(s, harpy).damage == 1


@pytest.mark.rule("11.9", "11.1", "09.8")
@pytest.mark.ruling("R-04.4-windows")
def test_in_a_fight_the_attacker_plays_first_and_the_defender_answers_last() -> None:
    s = _harpy_against_the_guard(start(active=CHAOS), ["Rage"], ["Divine Shield"])
    harpy, guard = card_id(s, "Harpy", CHAOS), card_id(s, "Temple Guard", GUARDIANS)
    rage, shield = card_id(s, "Rage", CHAOS), card_id(s, "Divine Shield", GUARDIANS)
    s = act(s, Attack(harpy))
    assert (s.phase, s.to_act) == ("turn.combat.press_attack", CHAOS)
    s = act(s, Pass())
    assert (s.phase, s.to_act) == ("turn.combat.respond_attack", GUARDIANS)
    s = act(s, Pass())
    s = act(s, Block(guard, harpy))
    assert (s.phase, s.to_act) == ("turn.combat.press_block", CHAOS)
    s = act(s, Play(rage, harpy))  # Chaos has nothing left: its window passes
    assert (s.phase, s.to_act) == ("turn.combat.respond_block", GUARDIANS)
    assert attack(s.game, slot_of(s, harpy)) == 5
    s = act(s, Play(shield, guard))
    # nobody answers the answer (11.1): no window reopens for Chaos, the fight goes on
    assert s.phase == "turn.main"
    assert guard in {x.card for x in s.game.players[GUARDIANS].battlefield}  # 5 < 4 + 3


@pytest.mark.rule("11.9", "04.4")
@pytest.mark.ruling("R-04.4-windows")
def test_every_fight_window_waits_for_each_player_without_auto_pass() -> None:
    s = _harpy_against_the_guard(start(active=CHAOS, auto_pass=False), [], [])
    harpy, guard = card_id(s, "Harpy", CHAOS), card_id(s, "Temple Guard", GUARDIANS)
    s = act(s, Attack(harpy))
    seen = []
    while s.phase != "turn.main":
        seen.append((s.phase.removeprefix("turn.combat."), s.to_act))
        # the one block left to make: the block step ends by itself after it
        s = act(s, Block(guard, harpy) if s.phase == "turn.combat.block" else Pass())
    assert seen == [
        ("press_attack", CHAOS),
        ("respond_attack", GUARDIANS),
        ("block", GUARDIANS),
        ("press_block", CHAOS),
        ("respond_block", GUARDIANS),
        ("press_order", CHAOS),
        ("respond_order", GUARDIANS),
    ]


@pytest.mark.rule("11.9", "09.8")
@pytest.mark.ruling("R-04.4-windows")
def test_an_attacker_without_a_playable_event_costs_no_decision() -> None:
    """An event the attacker cannot pay is no choice: its windows pass by themselves."""
    s = _harpy_against_the_guard(start(active=CHAOS), ["Rage"], [])
    s = arrange(s, CHAOS, aura=0)
    harpy, guard = card_id(s, "Harpy", CHAOS), card_id(s, "Temple Guard", GUARDIANS)
    before = len(s.history)
    s = act(s, Attack(harpy))
    assert (s.phase, s.to_act) == ("turn.combat.block", GUARDIANS)
    s = act(s, Block(guard, harpy))
    assert s.phase == "turn.main"
    made = [(h.player, h.action, h.auto) for h in s.history[before:]]
    assert [m for m in made if not m[2]] == [
        (CHAOS, Attack(harpy), False),
        (GUARDIANS, Block(guard, harpy), False),
    ]
    assert (CHAOS, Pass(), True) in made


@pytest.mark.rule("11.9", "04.4")
def test_events_in_the_opponents_turn_and_mid_fight() -> None:
    s = start(active=CHAOS)
    s = arrange(s, CHAOS, hand=[], battlefield=["Minotaur"])
    s = arrange(
        s, GUARDIANS, hand=["Divine Shield", "Divine Shield"], aura=2, battlefield=["Temple Guard"]
    )
    minotaur, guard = card_id(s, "Minotaur", CHAOS), card_id(s, "Temple Guard", GUARDIANS)
    s = act(s, Attack(minotaur))
    assert s.phase == "turn.combat.respond_attack"
    s = act(s, Pass())
    s = act(s, Block(guard, minotaur))
    assert s.phase == "turn.combat.respond_block" and s.to_act == GUARDIANS
    shield = s.game.players[GUARDIANS].hand[0]
    s = act(s, Play(shield, guard))
    s = act(s, Pass())
    assert s.phase == "turn.combat.respond_order" and s.to_act == GUARDIANS
    s = act(s, Play(s.game.players[GUARDIANS].hand[0], guard))
    assert s.phase == "turn.main"
    assert guard in {x.card for x in s.game.players[GUARDIANS].battlefield}  # 4 + 6 > 5
    assert s.game.players[GUARDIANS].life == 19  # the Minotaur's trigger; nothing tramples
