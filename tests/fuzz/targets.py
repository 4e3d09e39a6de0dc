"""The loaders under fuzzing, each with the mutated real inputs fed to it.

Every loader that reads outside data is a target: saved states, actions and action logs
(JSON, both rulesets; saved states and positions also with structure-aware edits,
checked by the replay oracle of :mod:`tests.fuzz.states`), replay (mutated logs, seeds,
player counts and decks), the card
files of both rulesets (as ``mitosz-core cards validate`` and ``new_game(card_sets=...)``
load them), and deck files of both rulesets. The property of each: the input ends in a
valid result or in a :class:`~mitosz_core.errors.MitoszError`, never another exception;
a valid result is checked further where there is something to check (a decoded state
re-encodes to the same JSON).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import tempfile
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core.games.mitosz.carddata.builtin import builtin_pool
from mitosz_core.games.mitosz.carddata.decks import parse_deck
from mitosz_core.games.mitosz.carddata.loader import load_set, parse_set, pool_of
from mitosz_core.games.mitosz.engine import RULESET as MITOSZ
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mythos.carddata import POOL as MYTHOS_POOL
from mitosz_core.games.mythos.carddata import load_factions, parse_faction
from mitosz_core.games.mythos.engine import RULESET as MYTHOS
from mitosz_core.kernel.action import Action, Decision
from mitosz_core.kernel.codec import loads
from mitosz_core.kernel.state import GameConfig
from tests.fuzz import corpus
from tests.fuzz.harness import CheckFailed, Target
from tests.fuzz.mutations import (
    mutated_bytes,
    mutated_deck,
    mutated_json,
    mutated_text,
    mutated_toml,
    tags_of,
)
from tests.fuzz.states import check_replays, mutated_states

RULESETS = ("mitosz", "mythos")


def same_json(a: Any, b: Any) -> bool:
    """Equal JSON data, with types compared exactly (``True`` is not ``1``)."""
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if type(x) is not type(y):
            return False
        if isinstance(x, dict):
            if x.keys() != y.keys():
                return False
            stack.extend((x[k], y[k]) for k in x)
        elif isinstance(x, list):
            if len(x) != len(y):
                return False
            stack.extend(zip(x, y, strict=True))
        elif x != y:
            return False
    return True


def _text_inputs(texts: Sequence[str], structural: st.SearchStrategy[str]) -> Any:
    return mutated_text(texts) | mutated_bytes(texts) | structural


# --- saved states, actions, logs --------------------------------------------------------------


def _check_state(text: str | bytes, state: mc.State[Any]) -> None:
    again = state.to_json()
    if not same_json(json.loads(again), loads(text)):
        raise CheckFailed("a decoded state does not re-encode to the same JSON")
    if mc.State.from_json(again) != state:
        raise CheckFailed("a re-encoded state does not decode to an equal state")


def _check_action(text: str | bytes, action: Action) -> None:
    if not same_json(json.loads(action.to_json()), loads(text)):
        raise CheckFailed("a decoded action does not re-encode to the same JSON")


def _check_log(text: str | bytes, log: tuple[Action | Decision, ...]) -> None:
    if len(log) != len(loads(text)):
        raise CheckFailed("a decoded log has another length than its JSON list")


def state_target() -> Target:
    texts = corpus.saved_states()
    structural = mutated_json(texts, tags_of(texts))
    inputs = _text_inputs(texts, structural)
    return Target("State.from_json", inputs, mc.State.from_json, _check_state)


def _check_replays(text: str, state: mc.State[Any]) -> None:
    _check_state(text, state)
    check_replays(state)


def structured_state_target() -> Target:
    """Saved states and positions with structure-aware edits (:mod:`tests.fuzz.states`),
    checked by the replay oracle: an accepted state replays from its own history, or is
    a position."""
    texts = (
        *corpus.saved_states(),
        *corpus.interrupted_states(),
        *corpus.position_states(),
    )
    return Target(
        "State.from_json/structured", mutated_states(texts), mc.State.from_json, _check_replays
    )


def action_target(ruleset: str) -> Target:
    texts = corpus.actions(ruleset)
    structural = mutated_json(texts, tags_of(texts))
    return Target(
        f"action_from_json/{ruleset}",
        _text_inputs(texts, structural),
        lambda text: mc.action_from_json(ruleset, text),
        _check_action,
    )


def log_target(ruleset: str) -> Target:
    texts = corpus.log_texts(ruleset)
    structural = mutated_json(texts, tags_of(texts))
    return Target(
        f"actions_from_json/{ruleset}",
        _text_inputs(texts, structural),
        lambda text: mc.actions_from_json(ruleset, text),
        _check_log,
    )


# --- replay -----------------------------------------------------------------------------------


@st.composite
def _replay_input(draw: Any, ruleset: str) -> tuple[Any, ...]:
    """Replay's arguments: a real log with entry edits, or decoded from a mutated text,
    and set-up arguments that are mostly right."""
    case: corpus.LogCase = draw(st.sampled_from(corpus.logs(ruleset)))
    entries: list[Any] = list(case.entries)
    if draw(st.booleans()):
        text = draw(mutated_json([corpus.log_text(case.entries, draw(st.booleans()))]))
        with contextlib.suppress(mc.DecodeError):
            entries = list(mc.actions_from_json(ruleset, text))
    pool: list[Any] = [e for c in corpus.logs(ruleset) for e in c.entries[:60]]
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(entries)))
        edit = draw(
            st.sampled_from(("delete", "insert", "swap", "auto", "player", "plain", "tweak"))
        )
        if edit == "tweak" and at < len(entries):
            entries[at] = _tweaked(draw, entries[at])
        elif edit == "delete" and at < len(entries):
            del entries[at]
        elif edit == "insert":
            entries.insert(at, draw(st.sampled_from(pool)))
        elif edit == "swap" and at + 1 < len(entries):
            entries[at], entries[at + 1] = entries[at + 1], entries[at]
        elif at < len(entries) and isinstance(entries[at], Decision):
            d = entries[at]
            if edit == "auto":
                entries[at] = Decision(d.player, d.action, not d.auto)
            elif edit == "player":
                entries[at] = Decision(draw(st.integers(-1, 7)), d.action, d.auto)
            else:
                entries[at] = d.action
    seed: Any = case.seed
    players: Any = case.players
    decks: Any = case.decks
    auto_pass = True
    if draw(st.integers(0, 4)) == 0:  # set-up arguments are right in 4 of 5 inputs
        seed = draw(
            st.just(case.seed)
            | st.integers(-2, 2**64 + 2)
            | st.sampled_from((1.5, 2**64, -1, 10**30, True, "1"))
        )
        players = draw(st.just(case.players) | st.integers(0, 6) | st.just(2.0))
        decks = draw(st.just(None) | st.just(case.decks[::-1]) | st.just(("x",)))
        auto_pass = draw(st.booleans())
    return ruleset, decks, seed, entries, players, auto_pass


def _tweaked(draw: Any, entry: Action | Decision) -> Action | Decision:
    """The entry with one integer field of its action changed (a card id, an index, a
    count): the action is then mostly illegal where it stands, in a new way."""
    action = entry.action if isinstance(entry, Decision) else entry
    hints = typing.get_type_hints(type(action))
    numbers = [f.name for f in dataclasses.fields(action) if hints[f.name] in (int, int | None)]
    if not numbers:
        return entry
    name = draw(st.sampled_from(numbers))
    value = draw(st.integers(-3, 300) | st.sampled_from((10**6, -(10**6), 2**63)))
    if value == -3 and hints[name] == int | None:
        value = None
    changed = dataclasses.replace(action, **{name: value})
    return dataclasses.replace(entry, action=changed) if isinstance(entry, Decision) else changed


def _replay(args: tuple[Any, ...]) -> mc.ReplayReport:
    ruleset, decks, seed, entries, players, auto_pass = args
    return mc.replay_report(
        ruleset, decks=decks, seed=seed, actions=entries, players=players, auto_pass=auto_pass
    )


def _check_replay(args: tuple[Any, ...], report: mc.ReplayReport) -> None:
    if report.entries != len(args[3]):
        raise CheckFailed("replay reports another number of entries than the log has")
    if len(report.state.history) < report.decisions + report.automatic:
        raise CheckFailed("replay reports more decisions than the history holds")


def replay_target(ruleset: str) -> Target:
    return Target(f"replay/{ruleset}", _replay_input(ruleset), _replay, _check_replay)


# --- card files -------------------------------------------------------------------------------


def _card_inputs(ruleset: str) -> Any:
    named = corpus.card_files(ruleset)
    texts = list(named.values())
    return st.tuples(
        st.sampled_from(sorted(named)),
        mutated_text(texts) | mutated_toml(texts) | mutated_bytes(texts),
    )


def _as_text(value: str | bytes, path: Path) -> str:
    """A text input as is; bytes are written to ``path`` for the file loader to read."""
    if isinstance(value, str):
        return value
    path.write_bytes(value)
    return ""


def _load_mitosz_set(value: tuple[str, str | bytes]) -> object:
    """As ``cards validate`` and ``new_game(card_sets=...)`` load a set: parsed, pooled
    with the other built-in sets (the mutated one replaces its original), and a game set
    up with the deck of its mythos."""
    name, data = value
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        text = _as_text(data, path)
        loaded = load_set(path) if isinstance(data, bytes) else parse_set(text, name)
    others = [s for s in builtin_pool().sets if Path(str(s.source)).name != name]
    pool = pool_of([*others, loaded])
    ruleset = MitoszRuleset(pool=pool)
    mythos = next((c.mythos.value for c in loaded.cards), None)
    deck = MITOSZ.builtin_decks().get(mythos) if mythos is not None else None
    if deck is None:
        return pool
    ruleset.check_deck(deck)
    state = ruleset.setup(GameConfig(seed=1, players=2, decks=(deck, deck)))
    return mc.legal_actions(state)


def _load_mythos_faction(value: tuple[str, str | bytes]) -> object:
    name, data = value
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        text = _as_text(data, path)
        if isinstance(data, bytes):
            return load_factions([path])
        return parse_faction(text, name)


def card_target(ruleset: str) -> Target:
    run = _load_mitosz_set if ruleset == "mitosz" else _load_mythos_faction
    return Target(f"card files/{ruleset}", _card_inputs(ruleset), run)


# --- deck files -------------------------------------------------------------------------------


def _load_deck(ruleset: str, text: str) -> object:
    if ruleset == "mitosz":
        deck = parse_deck(text, "fuzz.txt", builtin_pool())
        MITOSZ.check_deck(deck)
        return mc.new_game("mitosz", decks=[deck, "celtic"], seed=1)
    deck = parse_deck(text, "fuzz.txt")
    MYTHOS.check_deck(deck)
    return mc.new_game("mythos", decks=[deck, "chaos"], seed=1)


def deck_target(ruleset: str) -> Target:
    texts = corpus.deck_files(ruleset)
    keys = sorted(builtin_pool()) if ruleset == "mitosz" else sorted(MYTHOS_POOL)
    inputs = mutated_deck(texts, keys) | mutated_text(texts)
    return Target(
        f"deck files/{ruleset}",
        inputs,
        lambda text: _load_deck(ruleset, text),
    )


def all_targets() -> tuple[Target, ...]:
    return (
        state_target(),
        structured_state_target(),
        *(action_target(r) for r in RULESETS),
        *(log_target(r) for r in RULESETS),
        *(replay_target(r) for r in RULESETS),
        *(card_target(r) for r in RULESETS),
        *(deck_target(r) for r in RULESETS),
    )


TARGET_NAMES = (
    "State.from_json",
    "State.from_json/structured",
    *(f"action_from_json/{r}" for r in RULESETS),
    *(f"actions_from_json/{r}" for r in RULESETS),
    *(f"replay/{r}" for r in RULESETS),
    *(f"card files/{r}" for r in RULESETS),
    *(f"deck files/{r}" for r in RULESETS),
)
