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
from mitosz_core.games.mythos.rules.stats import life
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
