"""Kinds of impossible state the validator used to accept (issue "Hardening, round 3",
item 4).

A saved state with a history is also replayed (``test_history_check.py``), which refuses
most of these; an arranged state is validated as a position, with no history to replay,
so the validator itself refuses each kind, naming its rule. Each test edits a state
reached in play and runs the validator that ``State.from_json``, the position builders
and ``arrange`` share.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.errors import InvalidStateError
from mitosz_core.games.mitosz.effects.language import (
    Cards,
    ChangeLevel,
    Chosen,
    Duration,
    Trigger,
)
from mitosz_core.games.mitosz.rules.events import seen_now
from mitosz_core.games.mitosz.state import (
    Choice,
    ChoicePurpose,
    CounterFrame,
    CounterRound,
    Marker,
    RoundMark,
    Theft,
    Tiebreak,
    Waiting,
)
from mitosz_core.games.mitosz.state import Game as MitoszGame
from mitosz_core.games.mitosz.validate_effects import card_effects
from mitosz_core.games.mythos.state import Game as MythosGame
from mitosz_core.kernel.action import Decision, Log
from mitosz_core.kernel.registry import get

M = mc.State[MitoszGame]
Y = mc.State[MythosGame]
UNCHOSEN = ("target", "challenger", "challenged")


def _find(ruleset: str, players: int, found: Callable[[Any], bool]) -> Any:
    for seed in range(60):
        s = mc.new_game(ruleset, seed=seed, players=players)
        rng = random.Random(seed)
        while not s.is_over:
            if found(s):
                return s
            s = mc.apply(s, rng.choice(mc.legal_actions(s)))
    raise AssertionError("no such state reached")


@functools.cache
def reached(name: str) -> Any:
    """States of 3-player Mítosz games (MYTHOS for ``mythos-*``) reached in play."""
    finds: dict[str, Callable[[Any], bool]] = {
        "quiet": lambda s: s.turn >= 3 and s.phase == "turn.summoning_1" and not s.game.frames,
        "declare": lambda s: s.phase == "turn.combat.declare",
        "fight": lambda s: (
            s.game.fight is not None
            and not s.game.frames
            and s.phase.rsplit(".", 1)[-1] not in UNCHOSEN
            and s.game.fight.attacker != s.game.fight.defender
        ),
        "stack": lambda s: bool(s.game.stack),
        "choice": lambda s: s.game.choice is not None,
        "effects": lambda s: bool(s.game.effects),
        "todo": lambda s: bool(s.game.todo),
    }
    if name.startswith("mythos-"):
        mythos: dict[str, Callable[[Any], bool]] = {
            "mythos-main": lambda s: s.turn >= 4 and s.phase == "turn.main",
            "mythos-combat": lambda s: s.game.combat is not None and bool(s.game.combat.blocks),
        }
        return _find("mythos", 2, mythos[name])
    return _find("mitosz", 3, finds[name])


def refused(state: mc.State[Any], rule: str, path: str | None = None) -> InvalidStateError:
    with pytest.raises(InvalidStateError) as info:
        get(state.ruleset).validate(state)
    assert info.value.rule == rule, str(info.value)
    if path is not None:
        assert info.value.path.startswith(path), str(info.value)
    return info.value


def game(state: M, **changes: Any) -> M:
    return state.evolve(game=replace(state.game, **changes))


def accepted(state: mc.State[Any]) -> None:
    get(state.ruleset).validate(state)


# --- Mítosz: interruption data outside its step ---------------------------------------------


def test_a_fight_in_a_quiet_summoning_step() -> None:
    fight = reached("fight").game.fight
    refused(game(reached("quiet"), fight=fight), "interruption", "$.state.game.fight")


def test_a_counter_rounds_data_while_nobody_responds() -> None:
    """A counter round's data (held in its frame) exists only while its players respond
    (6.4.1): not while a choice an effect asks is made as the stack resolves."""
    s = reached("choice")
    i = max(i for i, f in enumerate(s.game.frames) if isinstance(f, CounterFrame))
    assert s.phase == "counter.choose"
    frames = list(s.game.frames)
    frames[i] = replace(frames[i], round=CounterRound(first=0))
    refused(game(s, frames=tuple(frames)), "interruption", f"$.state.game.frames[{i}].round")


def test_a_pending_item_in_a_quiet_summoning_step() -> None:
    stack = reached("stack").game.stack
    s = reached("quiet")
    item = replace(stack[0], card=None, target=None, player=0)
    refused(game(s, stack=(item,), next_id=item.id + 1), "interruption", "$.state.game.stack")


def test_a_choice_in_a_quiet_summoning_step() -> None:
    s = reached("quiet")
    hand = s.game.players[s.game.active].hand
    choice = Choice(s.game.active, ChoicePurpose.ON_PLAY, options=hand[:1])
    refused(game(s, choice=choice), "interruption", "$.state.game.choice")


def test_a_live_fight_left_in_the_declaration_step() -> None:
    fight = reached("fight").game.fight
    refused(game(reached("declare"), fight=fight), "interruption", "$.state.game.fight")


def test_duplicate_choice_options() -> None:
    s = reached("choice")
    choice = s.game.choice
    doubled = replace(choice, options=(*choice.options, choice.options[0]))
    refused(game(s, choice=doubled), "interruption", "$.state.game.choice.options")


def test_a_pending_item_listed_twice() -> None:
    s = reached("stack")
    refused(game(s, stack=(*s.game.stack, s.game.stack[0])), "interruption", "$.state.game.stack")


# --- Mítosz: the fight ---------------------------------------------------------------------------


def test_a_fight_whose_attacker_is_its_own_defender() -> None:
    s = reached("fight")
    fight = replace(s.game.fight, defender=s.game.fight.attacker)
    refused(game(s, fight=fight), "fight", "$.state.game.fight")


def _lent(s: M) -> tuple[int, M]:
    """A leader of the defender's row that is not in the fight, and ``s`` with it
    leading the attacker's front line."""
    fight = s.game.fight
    assert fight is not None
    theirs = next(
        leader.card
        for leader in s.game.players[fight.defender].leaders
        if leader.card not in (*fight.attack, *fight.defend)
    )
    attack = (theirs, *fight.attack[1:])
    return theirs, game(s, fight=replace(fight, attack=attack))


@pytest.mark.rule("7.3.2")
def test_an_army_led_by_the_other_sides_leader() -> None:
    _, bad = _lent(reached("fight"))
    refused(bad, "fight", "$.state.game.fight.attack[0]")


@pytest.mark.rule("5.2", "7.3.2")
def test_a_stolen_leader_leads_for_its_taker() -> None:
    """The line's leader is the defender's own card, stolen by the attacker: it is in
    the attacker's leader row, so it leads for the attacker (5.2)."""
    s = reached("fight")
    fight = s.game.fight
    card, lent = _lent(s)
    victim, thief = lent.game.players[fight.defender], lent.game.players[fight.attacker]
    slot = next(x for x in victim.realm.leaders if x.card == card)
    victim = victim.changed(leaders=tuple(x for x in victim.realm.leaders if x is not slot))
    thief = thief.changed(leaders=(*thief.realm.leaders, slot))
    g = lent.game.with_player(fight.defender, victim).with_player(fight.attacker, thief)
    g = g.with_board(thefts=(Theft(card, fight.attacker, fight.defender),))
    assert g.owner(card) == fight.defender
    stolen = lent.evolve(game=g)
    accepted(stolen.evolve(game=replace(g, seen=seen_now(stolen))))  # moved by hand: no event


def test_a_helper_listed_five_times() -> None:
    s = reached("fight")
    fight = s.game.fight
    third = next(p for p in range(3) if p not in (fight.attacker, fight.defender))
    helpers = ((third, 0),) * 5
    refused(game(s, fight=replace(fight, helpers=helpers)), "fight", "$.state.game.fight.helpers")


# --- Mítosz: counters, marks and markers --------------------------------------------------------


def test_a_players_permit_to_themself() -> None:
    refused(game(reached("quiet"), permits=((1, 1),)), "permit", "$.state.game.permits[0]")


@pytest.mark.parametrize("deeds", [-1, 10**9])
def test_a_negative_or_huge_number_of_deeds(deeds: int) -> None:
    s = reached("quiet")
    turn = replace(s.game.this_turn, deeds=deeds)
    refused(game(s, this_turn=turn), "turn-counter", "$.state.game.this_turn.deeds")


def test_a_maneuver_used_fifty_times_in_one_turn() -> None:
    s = reached("quiet")
    card = s.game.players[0].high_god
    turn = replace(s.game.this_turn, used=((card, 0),) * 50)
    refused(game(s, this_turn=turn), "turn-counter", "$.state.game.this_turn.used")


def test_a_level_marker_on_a_card_in_a_deck() -> None:
    s = reached("quiet")
    card = s.game.players[0].deck[0]
    marker = Marker(card, level=1)
    refused(game(s, markers=(marker,)), "marker", "$.state.game.markers[0]")


def test_a_deck_out_mark_a_million_turns_ahead() -> None:
    s = reached("quiet")
    mark = RoundMark(turn=10**6, round_owner=0)
    refused(game(s, deckout=mark), "round-mark", "$.state.game.deckout")


def test_a_tiebreak_between_effects_that_it_does_not_name() -> None:
    s = reached("quiet")
    refused(game(s, tiebreaks=(Tiebreak("a", "b", "c"),)), "tiebreak", "$.state.game.tiebreaks")


@pytest.mark.rule("5.9")
@pytest.mark.parametrize("key", ["s999999.0", "s0.7", "e{next}", "e0", "x1", "s01.0"])
def test_a_tiebreak_between_keys_of_no_effect_of_the_game(key: str) -> None:
    """A tie's sides are keys of lasting effects of the game: ``e<id>`` of a created
    one, ``s<card>.<index>`` of a locked maneuver printed on a card in play."""
    s = reached("quiet")
    assert s.game.next_id > 2
    created = Tiebreak("e1", "e2", "e2")
    accepted(game(s, tiebreaks=(created,)))
    bad = Tiebreak("e1", key.format(next=s.game.next_id), "e1")
    refused(game(s, tiebreaks=(created, bad)), "tiebreak", "$.state.game.tiebreaks[1].b")


def test_a_tiebreak_of_a_locked_maneuver_in_play() -> None:
    s = reached("quiet")
    locked = next(
        f"s{card}.{i}"
        for card in range(len(s.game.instances))
        for i, m in enumerate(s.game.card(card).maneuvers)
        if m.locked and m.effect.lasting and s.game.card(card).type.value != "maneuver"
    )
    accepted(game(s, tiebreaks=(Tiebreak(locked, "e1", locked),)))


# --- Mítosz: effects that no card gives -------------------------------------------------------

TWELVE = ChangeLevel(Chosen(Cards()), 12, Duration.TURN)
"""A level change of +12: no card of the built-in sets prints it."""


def test_no_built_in_card_gives_plus_twelve() -> None:
    given = card_effects(reached("quiet").game.cards)
    assert TWELVE not in given
    assert any(isinstance(e, ChangeLevel) for e in given)


@pytest.mark.rule("4.2", "4.2.5")
def test_a_lasting_effect_that_no_card_gives() -> None:
    s = reached("effects")
    accepted(s)
    effects = (replace(s.game.effects[0], effect=TWELVE), *s.game.effects[1:])
    refused(game(s, effects=effects), "card-effect", "$.state.game.effects[0].effect")


@pytest.mark.rule("4.2", "6.2.4.5")
def test_a_delayed_effect_that_no_card_gives() -> None:
    s = reached("quiet")
    given = sorted(card_effects(s.game.cards), key=repr)[0]
    waiting = Waiting(s.game.next_id, Trigger.TURN_END, given, player=0, source=None)
    accepted(game(s, waiting=(waiting,), next_id=s.game.next_id + 1))
    bad = replace(waiting, effect=TWELVE)
    refused(
        game(s, waiting=(waiting, bad), next_id=s.game.next_id + 1),
        "card-effect",
        "$.state.game.waiting[1].effect",
    )


@pytest.mark.rule("4.2")
def test_an_effect_to_take_hold_that_no_card_gives() -> None:
    s = reached("todo")
    accepted(s)
    todo = (replace(s.game.todo[0], effect=TWELVE), *s.game.todo[1:])
    refused(game(s, todo=todo), "card-effect", "$.state.game.todo[0].effect")


def test_event_window_card_ids_out_of_range() -> None:
    s = reached("quiet")
    seen = s.game.seen
    assert seen is not None
    glance = replace(seen.players[0], hand=(10**6,))
    seen = replace(seen, players=(glance, *seen.players[1:]))
    refused(game(s, seen=seen), "event-window", "$.state.game.seen.players[0].hand")


# --- MYTHOS ------------------------------------------------------------------------------------


@pytest.mark.ruling("R-03.2")
def test_a_mythos_round_that_does_not_match_the_turn() -> None:
    s: Y = reached("mythos-main")
    refused(s.evolve(turn=s.turn + 2), "round", "$.state.game.round")


def test_duplicate_mythos_attackers() -> None:
    s: Y = reached("mythos-combat")
    combat = s.game.combat
    assert combat is not None
    twice = replace(combat, attackers=(*combat.attackers, combat.attackers[0]))
    bad = s.evolve(game=replace(s.game, combat=twice))
    refused(bad, "fight", "$.state.game.combat.attackers")


def test_duplicate_mythos_blocks() -> None:
    s: Y = reached("mythos-combat")
    combat = s.game.combat
    assert combat is not None
    twice = replace(combat, blocks=(*combat.blocks, combat.blocks[0]))
    bad = s.evolve(game=replace(s.game, combat=twice))
    refused(bad, "fight", "$.state.game.combat.blocks")


@pytest.mark.parametrize("name", ["attack_mod", "life_mod"])
@pytest.mark.parametrize("value", [100, -100, 10**9])
def test_an_unbounded_mythos_modifier(name: str, value: int) -> None:
    s: Y = reached("mythos-combat")
    who, player = next((i, p) for i, p in enumerate(s.game.players) if p.battlefield)
    slot = player.battlefield[0]
    changed = (
        replace(slot, attack_mod=value) if name == "attack_mod" else replace(slot, life_mod=value)
    )
    row = (changed, *player.battlefield[1:])
    players = list(s.game.players)
    players[who] = replace(player, battlefield=row)
    bad = s.evolve(game=replace(s.game, players=tuple(players)))
    refused(bad, "modifier", f"$.state.game.players[{who}].battlefield[0].{name}")


# --- both --------------------------------------------------------------------------------------


@pytest.mark.ruling("R-1.3.4-length")
@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_a_running_game_past_the_maximum_game_length(ruleset: str) -> None:
    s = reached("quiet") if ruleset == "mitosz" else reached("mythos-main")
    limit = mc.max_game_length(s)
    first = s.history[0]
    log = Log.of([*s.history, *([first] * (limit - len(s.history)))])
    refused(s.evolve(_log=log), "game-length", "$.state.log")


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_automatic_decisions_in_a_game_without_auto_pass(ruleset: str) -> None:
    s = reached("quiet") if ruleset == "mitosz" else reached("mythos-main")
    last = s.history[-1]
    log = s._log.append(Decision(last.player, last.action, auto=True))
    config = replace(s.config, auto_pass=False)
    refused(s.evolve(_log=log, config=config), "log-auto", "$.state.log")
