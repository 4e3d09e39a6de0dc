"""Section 08 (Ausbauten — Anlagekosten)."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mythos.actions import (
    Attach,
    DrawCard,
    EndTurn,
    PayDiscard,
    PayLife,
    PaySacrifice,
    Play,
)
from mitosz_core.games.mythos.engine import RULESET
from mitosz_core.games.mythos.rules.stats import attack, max_life
from tests.mythos.scenario import CHAOS, GUARDIANS, act, arrange, card_id, slot_of, start

HAND = ["Zeus", "Athena", "Apollo", "Hera", "Hestia"]


def upgrade_scene(upgrade: str, player: int = GUARDIANS, **fields: object) -> mc.State:  # type: ignore[type-arg]
    s = start(active=player)
    s = arrange(s, 1 - player, hand=[], aura=0)
    place = "Delphi" if player == GUARDIANS else "Styx"
    return arrange(s, player, sanctuary=[place, upgrade], **fields)  # type: ignore[arg-type]


def attach(s: mc.State, upgrade: str, player: int = GUARDIANS) -> mc.State:  # type: ignore[type-arg]
    place = "Delphi" if player == GUARDIANS else "Styx"
    return act(s, Attach(card_id(s, upgrade, player), card_id(s, place, player)))


@pytest.mark.rule("08", "08.1", "11.7")
def test_two_cost_stages_and_no_effect_before_attaching() -> None:
    s = start()
    s = arrange(s, CHAOS, hand=[])
    s = arrange(s, GUARDIANS, hand=["Acropolis"], infirmary=["Theseus"], aura=3)
    s = act(s, Play(card_id(s, "Acropolis", GUARDIANS)))
    assert s.game.players[GUARDIANS].aura == 0
    theseus = card_id(s, "Theseus", GUARDIANS)
    assert max_life(s.game, slot_of(s, theseus)) == 3  # waiting, without effect (11.7)
    acro = card_id(s, "Acropolis", GUARDIANS)
    assert all(a.card != acro for a in mc.legal_actions(s) if isinstance(a, Attach))  # no place
    s = arrange(s, GUARDIANS, sanctuary=["Delphi", "Acropolis"])
    s = attach(s, "Acropolis")
    assert s.game.players[GUARDIANS].life == 15
    assert max_life(s.game, slot_of(s, theseus)) == 5


@pytest.mark.rule("08.2")
def test_agora_discard_two() -> None:
    s = upgrade_scene("Agora", CHAOS, hand=["Harpy", "Satyr", "Cultist"])
    s = attach(s, "Agora", CHAOS)
    assert s.phase == "turn.pay" and len(mc.legal_actions(s)) == 3
    harpy = card_id(s, "Harpy", CHAOS)
    s = act(s, PayDiscard(harpy))
    s = act(s, PayDiscard(card_id(s, "Satyr", CHAOS)))
    assert s.phase == "turn.main"
    assert len(s.game.players[CHAOS].hand) == 1 and harpy in s.game.players[CHAOS].graveyard
    assert slot_of(s, card_id(s, "Styx", CHAOS)).attached == card_id(s, "Agora", CHAOS)


@pytest.mark.rule("08.3", "08.5", "08.6")
@pytest.mark.parametrize(
    ("upgrade", "player", "life"),
    [
        ("Acropolis", GUARDIANS, 5),
        ("Necropolis", CHAOS, 5),
        ("Oracle", GUARDIANS, 3),
    ],
)
def test_life_costs(upgrade: str, player: int, life: int) -> None:
    s = upgrade_scene(upgrade, player, hand=[])
    s = attach(s, upgrade, player)
    assert s.game.players[player].life == 20 - life and s.phase == "turn.main"


@pytest.mark.rule("08.4", "08.ex-library")
def test_the_delayed_library() -> None:
    """The Library is played for aura and waits without effect; rounds later, with cards
    to spare, it is attached by discarding 4; from then on it draws 2 each turn."""
    s = start()
    s = arrange(s, CHAOS, hand=[])
    s = arrange(s, GUARDIANS, hand=["Library", "Zeus"], sanctuary=["Delphi"], aura=2)
    library = card_id(s, "Library", GUARDIANS)
    s = act(s, Play(library))
    assert "4 discards" in (RULESET.why_not(s, Attach(library, card_id(s, "Delphi", 0))) or "")
    for _ in range(2):  # two rounds of waiting: no effect
        s = act(s, EndTurn())
        s = act(s, DrawCard()) if s.phase == "turn.draw" else s
        s = act(s, EndTurn())
        before = len(s.game.players[GUARDIANS].hand)
        s = act(s, DrawCard())
        assert len(s.game.players[GUARDIANS].hand) == before + 1
    s = arrange(s, GUARDIANS, hand=HAND)
    s = attach(s, "Library")
    assert s.phase == "turn.pay"
    for key in HAND[:4]:
        s = act(s, PayDiscard(card_id(s, key, GUARDIANS)))
    assert s.phase == "turn.main" and len(s.game.players[GUARDIANS].hand) == 1
    s = arrange(s, CHAOS, hand=[])
    s = act(s, EndTurn())
    s = act(s, DrawCard()) if s.phase == "turn.draw" else s
    s = act(s, EndTurn())
    assert len(s.game.players[GUARDIANS].hand) == 3  # the Library drew 2 at the start


@pytest.mark.rule("08.7", "08.8")
def test_forge_and_city_wall_sacrifice_units() -> None:
    s = upgrade_scene(
        "Forge", CHAOS, hand=[], infirmary=["Harpy", "Cultist"], battlefield=["Hydra"]
    )
    s = attach(s, "Forge", CHAOS)
    assert s.phase == "turn.pay"
    harpy, cultist = card_id(s, "Harpy", CHAOS), card_id(s, "Cultist", CHAOS)
    s = act(s, PaySacrifice(harpy))
    s = act(s, PaySacrifice(cultist))
    assert s.phase == "turn.main"
    assert {harpy, cultist} <= set(s.game.players[CHAOS].graveyard)
    assert s.game.players[GUARDIANS].life == 19  # the Harpy's on-exit
    hydra = card_id(s, "Hydra", CHAOS)
    assert attack(s.game, slot_of(s, hydra)) == 5
    s = upgrade_scene("City Wall", CHAOS, hand=[], infirmary=["Harpy"])
    s = attach(s, "City Wall", CHAOS)  # one unit, one to pay: paid by itself
    assert s.phase == "turn.main" and card_id(s, "Harpy", CHAOS) in s.game.players[CHAOS].graveyard
    s = upgrade_scene("City Wall", CHAOS, hand=[])
    assert "it costs 1 of your units and you have 0" in (
        RULESET.why_not(s, Attach(card_id(s, "City Wall", CHAOS), card_id(s, "Styx", CHAOS))) or ""
    )


@pytest.mark.rule("08.9")
def test_temple_two_life_from_the_player_or_a_unit() -> None:
    s = upgrade_scene("Temple", hand=[], infirmary=["Hera"])
    s = attach(s, "Temple")
    hera = card_id(s, "Hera", GUARDIANS)
    assert s.phase == "turn.pay" and set(mc.legal_actions(s)) == {PayLife(None), PayLife(hera)}
    paid_by_unit = act(s, PayLife(hera))
    assert slot_of(paid_by_unit, hera).damage == 2 and paid_by_unit.game.players[0].life == 20
    paid_by_me = act(s, PayLife(None))
    assert paid_by_me.game.players[GUARDIANS].life == 18
    assert paid_by_me.phase == "turn.main"
    # with 2 life, only a unit can pay; with no unit either, nothing can
    s = upgrade_scene("Temple", hand=[], life=2)
    why = RULESET.why_not(s, Attach(card_id(s, "Temple", 0), card_id(s, "Delphi", 0)))
    assert why == "it costs 2 life, from you or a unit, and neither can pay it (08.9)"


@pytest.mark.rule("08.3")
@pytest.mark.ruling("R-08-life")
def test_life_is_paid_only_while_it_leaves_the_player_alive() -> None:
    s = upgrade_scene("Acropolis", hand=[], life=5)
    why = RULESET.why_not(s, Attach(card_id(s, "Acropolis", 0), card_id(s, "Delphi", 0)))
    assert why == "it costs 5 life and you have 5 (R-08-life)"
    s = arrange(s, GUARDIANS, life=6)
    s = attach(s, "Acropolis")
    assert s.game.players[GUARDIANS].life == 1 and not s.is_over
