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
from mitosz_core.games.mitosz.state import (
    Choice,
    ChoicePurpose,
    CounterFrame,
    CounterRound,
    Marker,
    RoundMark,
    Tiebreak,
)
from mitosz_core.games.mitosz.state import Game as MitoszGame
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
