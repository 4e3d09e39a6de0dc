"""7.2.5 combat maneuvers (arrow volley, fear, poison), the end of a fight's effects
(7.4.12, 7.4.13) and the battle and duel steps as machine states."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Choose, Pass, SummonTroop, UseFreeManeuver
from mitosz_core.games.mitosz.actions import UseManeuver as Use
from mitosz_core.games.mitosz.machine import MACHINE
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.state import LineName
from tests.mitosz.fight_fixtures import E, arena, battle, designate, legal, pass_rounds, to_rounds
from tests.mitosz.fixtures import (
    act,
    lay_underworld,
    play,
    put_leader,
    put_people,
    set_player,
    settle_counter,
    to_hand,
)


def defended(
    commander: str, *, comrade: str | None = None, extra: str | None = None
) -> tuple[S, dict[str, int]]:
    """A battle (no automatic passes) at its first combat round: my ``commander`` (and
    ``extra`` in my row) against the Hillfolk, defended by the Guardian, the Shieldmaiden
    as comrade, and Wolves in the defender's hand."""
    s, me, other = arena(auto_pass=False)
    s, mine = put_leader(s, me, commander)
    second = None
    if comrade is not None:
        s, second = put_leader(s, me, comrade)
    outside = None
    if extra is not None:
        s, outside = put_leader(s, me, extra)
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s, maiden = put_leader(s, other, "Shieldmaiden")
    s, wolves = to_hand(s, other, "Wolves")
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    s = designate(battle(s, hills, E, mine), guardian)
    s = act(s, Pass()) if second is None else designate(s, second, LineName.SUPPORT)
    s = designate(s, maiden, LineName.SUPPORT)
    s = to_rounds(s)
    assert s.to_act == me
    s = act(s, Pass())  # the defender brings its Wolves
    s = play(s, SummonTroop(wolves, guardian))
    ids = {"me": me, "other": other, "mine": mine, "guardian": guardian, "maiden": maiden}
    ids |= {"wolves": wolves, "second": second or -1, "outside": outside or -1}
    return s, ids


@pytest.mark.rule("7.2.5", "7.2.5.1", "5.3", "7.2.1", "7.3.5")
def test_arrow_volley_hits_hosts_below_its_level_and_leaders_below_half() -> None:
    s, k = defended("Bowman", extra="Bowman")  # level 6, one fights, one stays out
    bow, out = k["mine"], k["outside"]
    assert Use(bow, 0, k["wolves"]) in legal(s)  # a beast, 2 < 6
    assert Use(bow, 0, k["maiden"]) in legal(s)  # a fighting leader, 2 < 6 / 2
    with pytest.raises(mc.IllegalActionError, match="not below half the volley's level, 3"):
        act(s, Use(bow, 0, k["guardian"]))
    assert Use(out, 0, k["wolves"]) in legal(s)  # from outside: level 6 / 2 = 3 > 2
    with pytest.raises(mc.IllegalActionError, match="half the volley's level, 1"):
        act(s, Use(out, 0, k["maiden"]))
    s = lay_underworld(settle_counter(act(s, Use(out, 0, k["wolves"]))))
    assert k["wolves"] in s.game.players[k["other"]].underworld


@pytest.mark.rule("7.2.5.2")
@pytest.mark.ruling("R-7.2.5.2-cost")
def test_fear_sends_enemy_creatures_home_unless_their_player_pays() -> None:
    s, k = defended("Terror")  # level 5, card number 1: levels 2 to 4 flee
    other = k["other"]
    s = set_player(s, other, spheres=(0, 1, 0, 0))  # one influence: one creature kept
    s = settle_counter(act(s, Use(k["mine"], 0)))
    assert s.phase == "counter.fight_choose" and s.to_act == other
    assert set(legal(s)) == {Pass(), Choose(k["guardian"])}
    s = act(s, Choose(k["guardian"]))  # pays to keep its commander
    assert s.game.players[other].spheres == (0, 0, 0, 0)
    # nothing left to pay with: the Shieldmaiden and the Wolves flee by themselves
    hand = s.game.players[other].hand
    assert k["maiden"] in hand and k["wolves"] in hand
    assert k["guardian"] in {x.card for x in s.game.players[other].leaders}


@pytest.mark.rule("7.2.5.3", "5.6")
def test_poison_turns_a_creature_below_its_level_then_destroys_it() -> None:
    s, k = defended("Viper", comrade="Viper")  # poison level 3; copies are allies
    with pytest.raises(mc.IllegalActionError, match="not below the poison's level 3"):
        act(s, Use(k["mine"], 0, k["guardian"]))
    s = settle_counter(act(s, Use(k["mine"], 0, k["maiden"])))
    other = s.game.players[k["other"]]
    assert next(x for x in other.leaders if x.card == k["maiden"]).turned
    while s.to_act != k["me"]:
        s = act(s, Pass())
    s = settle_counter(act(s, Use(k["second"], 0, k["maiden"])))
    assert k["maiden"] in s.game.players[k["other"]].underworld


@pytest.mark.rule("7.4.12", "7.4.13", "4.2.1", "4.2.5", "7.4.9")
def test_combat_effects_and_troops_end_with_the_battle() -> None:
    s, k = defended("Captain")
    me = k["me"]
    s, cry = to_hand(s, me, "Battle Cry")
    s, hoplites = to_hand(s, me, "Hoplites")
    s = play(s, SummonTroop(hoplites, k["mine"], free=True))
    while s.to_act != me:
        s = act(s, Pass())
    s = play(s, UseFreeManeuver(cry, k["mine"], 0, k["mine"]))
    assert level(s.game, k["mine"]) == 5
    s = lay_underworld(pass_rounds(s))
    while s.phase != "turn.summoning_2":
        s = act(s, legal(s)[0])
    assert s.game.effects == () and s.game.fight is None
    assert hoplites in s.game.players[me].underworld
    assert k["mine"] in s.game.players[me].underworld  # 8 against 12: the attacker lost
    assert {x.card: x.turned for x in s.game.players[k["other"]].leaders} == {
        k["guardian"]: True,
        k["maiden"]: True,
    }


@pytest.mark.rule("7.4.13", "4.2.5")
@pytest.mark.ruling("R-7.4.13-effects")
def test_a_maneuver_used_in_the_fight_ends_with_it_whatever_its_duration() -> None:
    s, k = defended("Captain")
    me = k["me"]
    s, oath = to_hand(s, me, "Oath of Arms")  # +2 until the next turn, used in the fight
    while s.to_act != me:
        s = act(s, Pass())
    s = play(s, UseFreeManeuver(oath, k["mine"], 0, k["mine"]))
    assert level(s.game, k["mine"]) == 5
    assert [e.fight for e in s.game.effects] == [True]
    s = lay_underworld(pass_rounds(s))
    while s.phase != "turn.summoning_2":
        s = act(s, legal(s)[0])
    assert s.game.effects == ()  # 7.4.13: ended with the fight, not at the next turn
    assert oath in s.game.players[me].underworld


@pytest.mark.rule("7.4", "7.6", "6.2.3.2")
def test_every_battle_and_duel_step_is_a_machine_state() -> None:
    battle_steps = [
        "target",
        "commander",
        "defender",
        "attacker_comrade",
        "defender_comrade",
        "attacker_second",
        "defender_second",
        "rounds",
        "troop_mode",
        "result",
        "spoils",
        "monsters",
        "end_effects",
        "cleanup",
    ]
    duel_steps = ["challenger", "challenged", "rounds", "result", "end_effects", "cleanup"]
    for step in battle_steps:
        assert f"turn.combat.battle.{step}" in MACHINE.states
    for step in duel_steps:
        assert f"turn.combat.duel.{step}" in MACHINE.states
    assert MACHINE.fire("turn.combat.battle.cleanup", "next") == "turn.summoning_2"
    assert MACHINE.fire("turn.combat.duel.cleanup", "next") == "turn.summoning_2"
    for host in ("battle.rounds", "duel.rounds", "battle.defender"):
        assert MACHINE.fire(f"turn.combat.{host}", "play") == "counter.open"
        assert f"turn.combat.{host}" in MACHINE.returns[("counter.resolve", "resolved")]
    assert MACHINE.fire("turn.combat.battle.rounds", "game_over") == "over"
