"""Section 09 (Trigger-Typen)."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mythos.actions import (
    Activate,
    Attach,
    Attack,
    Done,
    EndTurn,
    Pass,
    Play,
)
from mitosz_core.games.mythos.carddata import POOL
from mitosz_core.games.mythos.engine import RULESET
from mitosz_core.games.mythos.rules.stats import attack, life, max_life
from tests.mythos.scenario import CHAOS, GUARDIANS, act, arrange, card_id, resettle, slot_of, start


def quiet(s: mc.State, foe: int = CHAOS) -> mc.State:  # type: ignore[type-arg]
    return arrange(s, foe, hand=[], aura=0)


@pytest.mark.rule("09", "09.1", "12.5")
def test_every_card_has_a_trigger() -> None:
    assert all(card.triggers for card in POOL.values())
    kinds = {t.type.value for card in POOL.values() for t in card.triggers}
    assert kinds == {
        "on_enter",
        "activated",
        "on_exit",
        "conditional",
        "passive",
        "cycle",
        "one_shot",
    }


@pytest.mark.rule("09.2")
def test_on_enter_fires_when_played_and_the_unit_stays_in_the_infirmary() -> None:
    s = quiet(arrange(start(), GUARDIANS, hand=["Theseus"], aura=3))
    deck_top = s.game.players[GUARDIANS].deck[0]
    theseus = card_id(s, "Theseus", GUARDIANS)
    s = act(s, Play(theseus))
    assert s.game.players[GUARDIANS].hand == (deck_top,)
    assert [x.card for x in s.game.players[GUARDIANS].infirmary] == [theseus]


@pytest.mark.rule("09.3", "09.ex-activation", "02.2")
@pytest.mark.ruling("R-09.3")
def test_activation_pays_and_the_unit_stays_on_the_battlefield() -> None:
    s = quiet(arrange(start(), GUARDIANS, hand=[], aura=5, battlefield=["Artemis", "Zeus"]))
    artemis, zeus = card_id(s, "Artemis", GUARDIANS), card_id(s, "Zeus", GUARDIANS)
    s = arrange(s, CHAOS, infirmary=["Hydra"])
    hydra = card_id(s, "Hydra", CHAOS)
    assert Activate(zeus) not in mc.legal_actions(s)  # Zeus needs a target
    s = act(s, Activate(zeus, hydra))
    assert slot_of(s, hydra).damage == 2 and s.game.players[GUARDIANS].aura == 3
    for _ in range(3):  # as often as the aura pays (no per-turn limit, R-09.3)
        s = act(s, Activate(artemis))
    assert attack(s.game, slot_of(s, artemis)) == 4 + 6 and s.game.players[GUARDIANS].aura == 0
    assert [x.card for x in s.game.players[GUARDIANS].battlefield] == [artemis, zeus]
    assert RULESET.why_not(s, Activate(artemis)) == "it costs 1 aura and you have 0 (11.5)"
    s = act(s, EndTurn())
    assert attack(s.game, slot_of(s, artemis)) == 4  # 'until the end of the turn'


@pytest.mark.rule("09.3")
@pytest.mark.ruling("R-08-life")
def test_activation_with_a_life_cost_and_a_sacrifice() -> None:
    s = start(active=CHAOS)
    s = quiet(s, GUARDIANS)
    s = arrange(
        s, CHAOS, hand=[], aura=3, life=3, battlefield=["Ixion", "Medea"], infirmary=["Cultist"]
    )
    ixion, medea = card_id(s, "Ixion", CHAOS), card_id(s, "Medea", CHAOS)
    cultist = card_id(s, "Cultist", CHAOS)
    s = act(s, Activate(ixion))
    assert s.game.players[CHAOS].life == 1 and attack(s.game, slot_of(s, ixion)) == 8
    assert "costs 2 life and you have 1" in (RULESET.why_not(s, Activate(ixion)) or "")
    # Medea sacrifices another unit (never herself), then hits for 3
    targets = {
        a.target for a in mc.legal_actions(s) if isinstance(a, Activate) and a.source == medea
    }
    assert targets == {ixion, cultist}
    s = act(s, Activate(medea, cultist))
    assert cultist in s.game.players[CHAOS].graveyard
    assert s.game.players[GUARDIANS].life == 17
    assert s.game.players[CHAOS].aura == 2  # 3 - 1 - 1 + 1 (the Cultist's on-exit)


@pytest.mark.rule("09.4", "06.4.3")
def test_on_exit_fires_when_the_unit_dies() -> None:
    s = quiet(arrange(start(), GUARDIANS, hand=["Zeus's Bolt"], aura=3))
    s = arrange(s, CHAOS, infirmary=["Tantalus"])
    tantalus = card_id(s, "Tantalus", CHAOS)
    s = act(s, Play(card_id(s, "Zeus's Bolt", GUARDIANS), tantalus))
    assert tantalus in s.game.players[CHAOS].graveyard
    assert s.game.players[GUARDIANS].life == 18


@pytest.mark.rule("09.5")
def test_conditional_triggers() -> None:
    s = start(active=CHAOS)
    s = arrange(
        s,
        CHAOS,
        hand=["Fireball"],
        aura=2,
        battlefield=["Cerberus", "Minotaur"],
        sanctuary=["Frenzy"],
    )
    s = arrange(s, GUARDIANS, hand=[], infirmary=["Healer"], sanctuary=["Rebirth"], life=15)
    healer = card_id(s, "Healer", GUARDIANS)
    hand = len(s.game.players[CHAOS].hand)
    s = act(s, Play(card_id(s, "Fireball", CHAOS), healer))
    # Cerberus: an enemy unit died -> 1 damage; Rebirth: their unit died -> +2 life;
    # Frenzy: an enemy unit died -> draw
    assert s.game.players[GUARDIANS].life == 15 - 1 + 2
    assert len(s.game.players[CHAOS].hand) == hand - 1 + 1
    s = act(s, Attack(card_id(s, "Minotaur", CHAOS)))  # 'whenever it attacks': 1 damage
    assert s.game.players[GUARDIANS].life == 16 - 1
    s = act(s, Done())  # Cerberus stays back
    while s.phase != "turn.main":  # Frenzy's card may be an event: Chaos plays none
        s = act(s, Pass())
    assert s.game.players[GUARDIANS].life == 15 - 5


@pytest.mark.rule("09.6", "02.8.1")
def test_passive_bonuses() -> None:
    s = quiet(
        arrange(
            start(),
            GUARDIANS,
            hand=[],
            infirmary=["Athena", "Theseus"],
            battlefield=[("Griffin", {"attached": "Aegis"})],
        )
    )
    theseus, griffin = card_id(s, "Theseus", GUARDIANS), card_id(s, "Griffin", GUARDIANS)
    athena = card_id(s, "Athena", GUARDIANS)
    assert max_life(s.game, slot_of(s, theseus)) == 4
    assert max_life(s.game, slot_of(s, athena)) == 6  # Athena counts herself
    assert max_life(s.game, slot_of(s, griffin)) == 4 + 1 + 2


@pytest.mark.rule("09.7")
def test_cycle_effects_at_start_and_end() -> None:
    s = start(phase="turn.start", round_=0)
    s = quiet(
        arrange(
            s,
            GUARDIANS,
            hand=[],
            battlefield=["Apollo", ("Griffin", {"damage": 3, "attached": "Golden Fleece"})],
        )
    )
    griffin = card_id(s, "Griffin", GUARDIANS)
    s = resettle(s)
    assert slot_of(s, griffin).damage == 0  # Apollo 1, the Fleece 2
    s = arrange(s, GUARDIANS, battlefield=[("Griffin", {"damage": 3})])
    s = s.evolve(phase="turn.main", to_act=GUARDIANS)
    s = act(s, EndTurn())
    assert slot_of(s, card_id(s, "Griffin", GUARDIANS)).damage == 2  # its own end heal


@pytest.mark.rule("09.8", "09.ex-one-shot", "11.9", "11.1")
def test_an_event_mid_combat() -> None:
    """The defender kills an attacker in the window after the attack; no stack, no slot."""
    s = start(active=CHAOS)
    s = arrange(s, CHAOS, hand=[], battlefield=["Minotaur", "Harpy"])
    s = arrange(s, GUARDIANS, hand=["Zeus's Bolt"], aura=3, battlefield=["Temple Guard"])
    minotaur, harpy = card_id(s, "Minotaur", CHAOS), card_id(s, "Harpy", CHAOS)
    bolt = card_id(s, "Zeus's Bolt", GUARDIANS)
    s = act(s, Attack(minotaur))
    s = act(s, Attack(harpy))  # nobody else can attack: declaring ends by itself
    assert s.phase == "turn.combat.respond_attack" and s.to_act == GUARDIANS
    assert set(mc.legal_actions(s)) == {Pass(), Play(bolt, minotaur), Play(bolt, harpy)}
    assert s.game.players[GUARDIANS].life == 19  # the Minotaur's attack trigger, at once
    s = act(s, Play(bolt, minotaur))
    assert minotaur in s.game.players[CHAOS].graveyard and bolt in s.game.players[0].graveyard
    assert s.game.combat is not None and s.game.combat.attackers == (harpy,)
    assert s.phase == "turn.combat.block"  # the window closed by itself: nothing left


@pytest.mark.rule("09.9")
def test_a_card_that_comes_back_starts_fresh() -> None:
    s = quiet(
        arrange(
            start(),
            GUARDIANS,
            hand=["Resurrection", "Divine Shield"],
            aura=10,
            battlefield=[("Achilles", {"damage": 2, "attack_mod": 3, "attacked": True})],
        )
    )
    achilles = card_id(s, "Achilles", GUARDIANS)
    s = act(s, Play(card_id(s, "Divine Shield", GUARDIANS), achilles))
    assert max_life(s.game, slot_of(s, achilles)) == 6
    # Chaos curses Achilles in the next window
    s = arrange(s, CHAOS, hand=["Curse"], aura=5)
    s = act(s, Play(card_id(s, "Resurrection", GUARDIANS)))  # nothing to revive yet
    assert s.phase == "turn.respond"
    s = act(s, Play(card_id(s, "Curse", CHAOS), achilles))
    assert achilles in s.game.players[GUARDIANS].graveyard
    s = arrange(s, GUARDIANS, hand=["Demeter"], aura=5)
    s = act(s, Play(card_id(s, "Demeter", GUARDIANS)))  # on enter: revive
    slot = slot_of(s, achilles)
    assert slot.damage == 0 and slot.attack_mod == 0 and slot.temp_life == 0
    assert not slot.attacked and not slot.mobilized
    assert life(s.game, slot) == 3 and achilles in {x.card for x in s.game.players[0].infirmary}


@pytest.mark.rule("09.9", "09.2")
def test_revived_units_enter_again() -> None:
    s = quiet(arrange(start(), GUARDIANS, hand=["Resurrection"], aura=3, graveyard=["Theseus"]))
    hand_before = len(s.game.players[GUARDIANS].hand)
    s = act(s, Play(card_id(s, "Resurrection", GUARDIANS)))
    assert len(s.game.players[GUARDIANS].hand) == hand_before - 1 + 1  # Theseus drew again


@pytest.mark.rule("02.6")
def test_an_artifact_dies_with_its_unit() -> None:
    s = quiet(arrange(start(), GUARDIANS, hand=["Bow of Apollo"], aura=3, infirmary=["Healer"]))
    bow, healer = card_id(s, "Bow of Apollo", GUARDIANS), card_id(s, "Healer", GUARDIANS)
    s = act(s, Play(bow))
    s = act(s, Attach(bow, healer))
    s = arrange(s, CHAOS, hand=["Fireball"], aura=2)
    s = act(s, EndTurn())
    s = s.evolve(phase="turn.main", to_act=CHAOS)
    s = act(s, Play(card_id(s, "Fireball", CHAOS), healer))
    assert s.game.players[GUARDIANS].graveyard[-2:] == (bow, healer)
