"""Section 02 (Das Spielfeld): rows and slots, slot pairs, card types, the slot problem."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mythos.actions import (
    Activate,
    Attach,
    Attack,
    Block,
    EndTurn,
    Mobilize,
    Pass,
    Play,
    Recall,
)
from mitosz_core.games.mythos.engine import RULESET
from mitosz_core.games.mythos.rules.stats import attack, aura_cap, max_life
from tests.mythos.scenario import CHAOS, GUARDIANS, act, arrange, card_id, resettle, slot_of, start

FIVE = ["Perseus", "Theseus", "Odysseus", "Pegasus", "Griffin"]


def quiet(s: mc.State, foe: int = CHAOS) -> mc.State:  # type: ignore[type-arg]
    """The opponent holds nothing, so no window stops the scenario."""
    return arrange(s, foe, hand=[], aura=0)


@pytest.mark.rule("02", "02.1", "02.3", "12.1")
def test_rows_hold_five_slots() -> None:
    s = quiet(
        arrange(
            start(),
            GUARDIANS,
            hand=["Heracles", "Aegis", "Delphi"],
            aura=14,
            infirmary=FIVE,
            sanctuary=["Sacred Grove"] * 3 + ["Blessing", "Ward"],
        )
    )
    for key, row in (("Heracles", "infirmary"), ("Aegis", "infirmary"), ("Delphi", "sanctuary")):
        reason = RULESET.why_not(s, Play(card_id(s, key, GUARDIANS)))
        assert reason == f"your {row} has no free slot (02.1)"


@pytest.mark.rule("02.2", "02.8.1", "11.2")
def test_only_battlefield_units_attack_block_and_activate() -> None:
    s = quiet(arrange(start(), GUARDIANS, hand=[], infirmary=["Zeus"], aura=10))
    zeus = card_id(s, "Zeus", GUARDIANS)
    s = arrange(s, CHAOS, battlefield=["Harpy"])
    harpy = card_id(s, "Harpy", CHAOS)
    assert (
        RULESET.why_not(s, Attack(zeus))
        == f"#{zeus} is not a unit on your battlefield (06.1, 11.2)"
    )
    assert RULESET.why_not(s, Activate(zeus, harpy)) is not None
    s = act(s, Mobilize(zeus))
    assert Attack(zeus) in mc.legal_actions(s)
    s = act(s, Activate(zeus, harpy))
    assert harpy in s.game.players[CHAOS].graveyard
    # the defender's infirmary units never block (11.2)
    s = arrange(s, CHAOS, infirmary=["Hydra"])
    s = act(s, Attack(zeus))
    assert s.phase == "turn.main" and s.game.players[CHAOS].life == 20 - 5


@pytest.mark.rule("02.3", "02.8.1", "02.8.2", "02.4", "02.8.3", "02.8.5")
def test_where_each_card_type_goes() -> None:
    s = quiet(
        arrange(
            start(), GUARDIANS, hand=["Theseus", "Aegis", "Delphi", "Blessing", "Library"], aura=14
        )
    )
    for key in ("Theseus", "Aegis", "Delphi", "Blessing", "Library"):
        s = act(s, Play(card_id(s, key, GUARDIANS)))
    me = s.game.players[GUARDIANS]
    assert [s.game.card(x.card).key for x in me.infirmary] == ["Theseus", "Aegis"]
    assert [s.game.card(x.card).key for x in me.sanctuary] == ["Delphi", "Blessing", "Library"]


@pytest.mark.rule("02.5", "02.8.6")
def test_the_graveyard_keeps_what_goes_there() -> None:
    s = quiet(arrange(start(), GUARDIANS, hand=["Zeus's Bolt"], aura=3))
    s = arrange(s, CHAOS, infirmary=["Harpy"])
    bolt, harpy = card_id(s, "Zeus's Bolt", GUARDIANS), card_id(s, "Harpy", CHAOS)
    s = act(s, Play(bolt, harpy))
    assert s.game.players[GUARDIANS].graveyard == (bolt,)  # no slot, straight there
    assert s.game.players[CHAOS].graveyard == (harpy,)
    for _ in range(4):
        s = act(s, EndTurn() if EndTurn() in mc.legal_actions(s) else mc.legal_actions(s)[0])
    assert bolt in s.game.players[GUARDIANS].graveyard  # nothing comes back by itself
    assert harpy in s.game.players[CHAOS].graveyard


@pytest.mark.rule("02.6", "02.8.2")
@pytest.mark.ruling("R-02.8.2")
def test_a_unit_carries_one_artifact_in_its_slot() -> None:
    s = quiet(arrange(start(), GUARDIANS, hand=[], infirmary=["Theseus", "Bow of Apollo", "Aegis"]))
    theseus = card_id(s, "Theseus", GUARDIANS)
    bow, aegis = card_id(s, "Bow of Apollo", GUARDIANS), card_id(s, "Aegis", GUARDIANS)
    assert attack(s.game, slot_of(s, theseus)) == 3  # a loose artifact does nothing
    s = act(s, Attach(bow, theseus))
    me = s.game.players[GUARDIANS]
    assert len(me.infirmary) == 2  # the artifact's own slot is free again
    assert slot_of(s, theseus).attached == bow
    assert attack(s.game, slot_of(s, theseus)) == 5
    assert Attach(aegis, theseus) not in mc.legal_actions(s)
    assert "without an attached card" in (RULESET.why_not(s, Attach(aegis, theseus)) or "")
    s = act(arrange(s, GUARDIANS, aura=5), Mobilize(theseus))  # the pair moves together
    assert slot_of(s, theseus).attached == bow and s.game.players[GUARDIANS].battlefield


@pytest.mark.rule("02.7", "02.8.4")
def test_a_place_takes_one_upgrade_any_upgrade_fits_any_place() -> None:
    s = quiet(
        arrange(
            start(),
            GUARDIANS,
            hand=[],
            life=20,
            sanctuary=["Delphi", "Acropolis", "Olympus"],
            infirmary=["Theseus"],
        )
    )
    delphi, olympus = card_id(s, "Delphi", GUARDIANS), card_id(s, "Olympus", GUARDIANS)
    acro, theseus = card_id(s, "Acropolis", GUARDIANS), card_id(s, "Theseus", GUARDIANS)
    assert {a for a in mc.legal_actions(s) if isinstance(a, Attach)} == {
        Attach(acro, delphi),
        Attach(acro, olympus),
    }
    assert max_life(s.game, slot_of(s, theseus)) == 3  # not attached: no effect (02.8.4)
    s = act(s, Attach(acro, delphi))
    assert slot_of(s, delphi).attached == acro and len(s.game.players[GUARDIANS].sanctuary) == 2
    assert max_life(s.game, slot_of(s, theseus)) == 5


@pytest.mark.rule("02.8", "02.8.1")
@pytest.mark.ruling("R-02.8.1")
def test_a_unit_in_the_infirmary_has_its_passives_but_not_its_other_triggers() -> None:
    s = quiet(
        arrange(
            start(phase="turn.start"),
            GUARDIANS,
            hand=[],
            infirmary=["Athena", ("Apollo", {"damage": 2}), ("Theseus", {"damage": 1})],
        )
    )
    theseus, apollo = card_id(s, "Theseus", GUARDIANS), card_id(s, "Apollo", GUARDIANS)
    assert max_life(s.game, slot_of(s, theseus)) == 4  # Athena's passive, from the infirmary
    s = resettle(s)
    assert slot_of(s, apollo).damage == 2  # Apollo's cycle waits for the battlefield
    s = arrange(s, GUARDIANS, battlefield=["Apollo"], infirmary=[("Theseus", {"damage": 1})])
    s = resettle(s.evolve(phase="turn.start", game=s.game))
    assert slot_of(s, card_id(s, "Theseus", GUARDIANS)).damage == 0


@pytest.mark.rule("02.8.3")
def test_a_place_works_at_once() -> None:
    s = quiet(arrange(start(), GUARDIANS, hand=["Olympus"], aura=4))
    assert aura_cap(s.game, GUARDIANS) == 14
    s = act(s, Play(card_id(s, "Olympus", GUARDIANS)))
    assert aura_cap(s.game, GUARDIANS) == 15


@pytest.mark.rule("02.8.5")
def test_magic_works_at_once_and_for_good() -> None:
    s = quiet(arrange(start(), GUARDIANS, hand=["Blessing"], infirmary=["Theseus"], aura=3))
    theseus = card_id(s, "Theseus", GUARDIANS)
    s = act(s, Play(card_id(s, "Blessing", GUARDIANS)))
    assert attack(s.game, slot_of(s, theseus)) == 4


@pytest.mark.rule("02.ex-slots", "02.1")
@pytest.mark.ruling("R-02.ex-slots")
def test_the_slot_problem() -> None:
    """Ares cannot be played into a full infirmary; recalling cannot help there (it
    fills the infirmary further), mobilising does. Recalling frees a battlefield slot,
    which is what a full battlefield needs, and costs a blocker for the round."""
    s = quiet(
        arrange(
            start(active=CHAOS),
            CHAOS,
            hand=["Ares"],
            aura=14,
            infirmary=["Harpy", "Harpy", "Cultist", "Cultist", "Satyr"],
            battlefield=["Hydra"],
        ),
        foe=GUARDIANS,
    )
    ares = card_id(s, "Ares", CHAOS)
    hydra = card_id(s, "Hydra", CHAOS)
    assert RULESET.why_not(s, Play(ares)) == "your infirmary has no free slot (02.1)"
    assert RULESET.why_not(s, Recall(hydra)) == "your infirmary has no free slot (02.1)"
    satyr = card_id(s, "Satyr", CHAOS)
    s = act(s, Mobilize(satyr))
    s = act(s, Play(ares))
    assert ares in {x.card for x in s.game.players[CHAOS].infirmary}
    # a full battlefield: recall frees a slot for Ares
    s = arrange(
        s,
        CHAOS,
        battlefield=["Hydra", "Minotaur", "Chimera", "Lycaon", "Medea"],
        infirmary=["Ares", "Harpy"],
    )
    ares, hydra = card_id(s, "Ares", CHAOS), card_id(s, "Hydra", CHAOS)
    assert "battlefield has no free slot" in (RULESET.why_not(s, Mobilize(ares)) or "")
    s = act(s, Recall(hydra))
    assert hydra in {x.card for x in s.game.players[CHAOS].infirmary}
    s = act(s, Mobilize(ares))
    s = act(s, EndTurn())
    # the recalled Hydra cannot block in the opponent's turn
    s = arrange(s, GUARDIANS, battlefield=["Heracles"], hand=[])
    s = s.evolve(phase="turn.main", to_act=GUARDIANS)
    s = act(s, Attack(card_id(s, "Heracles", GUARDIANS)))
    assert all(not isinstance(a, Block) or a.blocker != hydra for a in mc.legal_actions(s))


@pytest.mark.rule("02.8.6", "09.8")
def test_an_event_takes_no_slot_and_can_be_played_in_the_opponents_turn() -> None:
    s = arrange(start(active=CHAOS), CHAOS, hand=["Harpy"], aura=2)
    s = arrange(s, GUARDIANS, hand=["Zeus's Bolt"], aura=3)
    s = act(s, Play(card_id(s, "Harpy", CHAOS)))
    assert s.phase == "turn.respond" and s.to_act == GUARDIANS
    harpy, bolt = card_id(s, "Harpy", CHAOS), card_id(s, "Zeus's Bolt", GUARDIANS)
    assert set(mc.legal_actions(s)) == {Pass(), Play(bolt, harpy)}
    s = act(s, Play(bolt, harpy))
    assert bolt in s.game.players[GUARDIANS].graveyard
    assert len(s.game.players[GUARDIANS].sanctuary) == 0
    assert s.phase == "turn.main" and s.to_act == CHAOS  # nothing left to play: auto-pass
