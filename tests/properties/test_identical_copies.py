"""Identical copies listed once (kernel/copies.py): ``legal_actions`` lists one action of
each set that differs only by which interchangeable copy it names, nothing legal is lost
(every other copy is still legal, and leads to the listed action's game with the copies'
ids exchanged), and ``apply`` and ``is_legal`` still accept the copies not listed."""

from __future__ import annotations

import ast
import dataclasses
import importlib.machinery
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core.games.mitosz import state as mitosz_state
from mitosz_core.games.mythos import state as mythos_state
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.copies import (
    CARD,
    At,
    CardIdFields,
    Each,
    Shape,
    card_ids,
    field_ids,
    relabel,
)
from mitosz_core.kernel.registry import get


def _rename(action: Action, mapping: dict[int, int], fields: frozenset[str]) -> Action:
    changes = {
        f.name: mapping.get(getattr(action, f.name), getattr(action, f.name))
        for f in dataclasses.fields(action)
        if f.name in fields and isinstance(getattr(action, f.name), int)
    }
    return dataclasses.replace(action, **changes)


def _named(action: Action, fields: frozenset[str]) -> list[int]:
    return [
        getattr(action, f.name)
        for f in dataclasses.fields(action)
        if f.name in fields and isinstance(getattr(action, f.name), int)
    ]


def _exchange(state: mc.State[Any], twins: dict[int, int], a: Action, b: Action) -> dict[int, int]:
    """The renaming of interchangeable cards that takes action ``a`` to ``b``: the cards
    each names map to each other, and the rest of each set of copies keeps its order in
    ids."""
    fields = get(state.ruleset).card_fields
    mapping: dict[int, int] = {}
    for low in set(twins.values()):
        run = sorted(c for c in twins if twins[c] == low)
        used_a = [c for c in _named(a, fields) if c in run]
        used_b = [c for c in _named(b, fields) if c in run]
        rest_a = [c for c in run if c not in used_a]
        rest_b = [c for c in run if c not in used_b]
        mapping.update(zip([*used_a, *rest_a], [*used_b, *rest_b], strict=True))
    return mapping


def _unordered_hands(value: Any) -> Any:
    """``value`` (a game's data) with every hand sorted: no rule reads a hand's order."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            if f.name.startswith("_") or not f.init:
                continue
            old = getattr(value, f.name)
            new = tuple(sorted(old)) if f.name == "hand" else _unordered_hands(old)
            if new is not old:
                changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    if isinstance(value, tuple):
        items = tuple(_unordered_hands(v) for v in value)
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    return value


def check_copies(state: mc.State[Any]) -> int:
    """Check the property at ``state``; the number of copies not listed there."""
    rs = get(state.ruleset)
    full = rs.legal(state)
    listed = mc.legal_actions(state)
    assert set(listed) <= set(full)
    missing = [a for a in full if a not in listed]
    if not missing:
        assert list(listed) == list(full)
        return 0
    twins = dict(rs.interchangeable(state))
    fields = rs.card_fields
    assert len(listed) == len(set(listed))
    for a in missing:
        assert mc.is_legal(state, a)
        images = [
            b
            for b in listed
            if type(b) is type(a)
            and _rename(a, {c: twins.get(c, c) for c in twins}, fields)
            == _rename(b, {c: twins.get(c, c) for c in twins}, fields)
        ]
        assert images, f"{a} has no listed copy"
        b = images[0]
        assert _named(b, fields) < _named(a, fields)  # the lowest ids are listed
        mapping = _exchange(state, twins, a, b)
        after_a = mc.apply(state, a)
        after_b = mc.apply(state, b)
        renamed_a = relabel(after_a.game, mapping, get(state.ruleset).card_id_fields)
        assert _unordered_hands(renamed_a) == _unordered_hands(after_b.game)
        assert (after_a.rng, after_a.phase, after_a.turn, after_a.to_act, after_a.winner) == (
            after_b.rng,
            after_b.phase,
            after_b.turn,
            after_b.to_act,
            after_b.winner,
        )
        before = len(state.history)  # the decisions so far are the same; the new ones
        renamed = [  # name the copies each branch took
            dataclasses.replace(d, action=_rename(d.action, mapping, fields))
            for d in after_a.history[before:]
        ]
        assert after_a.history[:before] == after_b.history[:before] == state.history
        assert renamed == list(after_b.history[before:])
    return len(missing)


@pytest.mark.parametrize(("ruleset", "players"), [("mitosz", 2), ("mitosz", 3), ("mythos", 2)])
def test_nothing_legal_is_lost_in_random_games(ruleset: str, players: int) -> None:
    collapsed = 0
    for seed in range(2):
        state = mc.new_game(ruleset, seed=seed, players=players)
        rng = random.Random(seed)
        while not state.is_over:
            collapsed += check_copies(state)
            state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    assert collapsed > 0  # the games do meet identical copies


@settings(max_examples=8)
@given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_nothing_legal_is_lost_in_hypothesis_games(seed: int, choices: random.Random) -> None:
    state = mc.new_game("mitosz", seed=seed)
    for _ in range(80):
        if state.is_over:
            break
        check_copies(state)
        legal = mc.legal_actions(state)
        state = mc.apply(state, legal[choices.randrange(len(legal))])


class _Recorder(dict[int, int]):
    """A renaming that renames nothing and notes every card id it is asked about."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[int] = set()

    def get(self, key: int, default: Any = None) -> Any:
        self.asked.add(key)
        return default


@pytest.mark.parametrize(("ruleset", "players"), [("mitosz", 2), ("mitosz", 4), ("mythos", 2)])
def test_card_ids_are_the_ids_a_renaming_touches(ruleset: str, players: int) -> None:
    """The collectors that ``interchangeable`` reads the named cards with (worked out once
    per annotation) find exactly the ids :func:`relabel` renames, in the whole game and
    field by field, in every state of a random game."""
    for seed in range(1):
        state = mc.new_game(ruleset, seed=seed, players=players)
        rng = random.Random(seed)
        while not state.is_over:
            game = state.game
            recorder = _Recorder()
            declared = get(ruleset).card_id_fields
            relabel(game, recorder, declared)
            assert set(card_ids(game, declared)) == recorder.asked
            by_field: set[int] = set()
            for f in dataclasses.fields(game):
                if not f.name.startswith("_"):
                    by_field |= field_ids(type(game), f.name, getattr(game, f.name), declared)
            assert by_field == recorder.asked
            state = mc.apply(state, rng.choice(mc.legal_actions(state)))


# --- the declaration of card-id fields agrees with the annotations ----------------------

ALIAS = "CardId"


def _aliases(tree: ast.Module) -> dict[str, ast.expr]:
    return {
        node.targets[0].id: node.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Subscript | ast.BinOp)
    }


def _shape(node: ast.expr, aliases: dict[str, ast.expr]) -> Shape | None:
    """The shape an annotation gives its field's card ids (``None``: it names none)."""
    if isinstance(node, ast.Name):
        if node.id == ALIAS:
            return CARD
        return _shape(aliases[node.id], aliases) if node.id in aliases else None
    if isinstance(node, ast.BinOp):  # X | None
        shapes = [_shape(side, aliases) for side in (node.left, node.right)]
        found = [s for s in shapes if s is not None]
        return found[0] if found else None
    if isinstance(node, ast.Subscript):
        args = node.slice
        parts = list(args.elts) if isinstance(args, ast.Tuple) else [args]
        if len(parts) == 2 and isinstance(parts[1], ast.Constant) and parts[1].value is ...:
            inner = _shape(parts[0], aliases)
            return None if inner is None else Each(inner)
        shapes = [_shape(part, aliases) for part in parts]
        if all(s == CARD for s in shapes):
            return Each(CARD)  # a fixed tuple of card ids (a fight's army)
        positions = tuple((k, s) for k, s in enumerate(shapes) if s is not None)
        return At(positions) if positions else None
    return None


@pytest.mark.parametrize("module", [mitosz_state, mythos_state], ids=["mitosz", "mythos"])
def test_the_declared_card_id_fields_are_the_annotated_ones(module: Any) -> None:
    """Every dataclass field of the game data annotated with ``CardId`` (directly, in a
    union, a tuple or a module alias) is declared with the same shape in the ruleset's
    ``card_id_fields``, and nothing else is. The runtime reads only the declaration;
    this test reads the source, once."""
    where = str(module.__file__)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:  # compiled: its source beside it
        where = where.removesuffix(suffix) + ".py" if where.endswith(suffix) else where
    tree = ast.parse(Path(where).read_text(encoding="utf-8"))
    aliases = _aliases(tree)
    annotated: dict[type, dict[str, Shape]] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(module, node.name)
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                shape = _shape(item.annotation, aliases)
                if shape is not None and not item.target.id.startswith("_"):
                    annotated.setdefault(cls, {})[item.target.id] = shape
    declared = get(module.__name__.split(".")[2]).card_id_fields
    assert {cls: dict(fields) for cls, fields in declared.items()} == annotated


def test_card_ids_come_from_the_declaration_not_the_annotations() -> None:
    """A class whose annotations are types, not source text (as in a compiled build, or
    made at run time), has its card ids found and renamed by the declaration alone."""
    box = dataclasses.make_dataclass(
        "Box", [("card", int), ("cards", tuple), ("pairs", tuple), ("count", int)], frozen=True
    )
    declared: CardIdFields = {
        box: {"card": CARD, "cards": Each(CARD), "pairs": Each(At(((0, CARD),)))}
    }
    value = box(1, (2, 3), ((4, 99),), 7)
    assert set(card_ids(value, declared)) == {1, 2, 3, 4}
    assert field_ids(box, "pairs", value.pairs, declared) == {4}
    renamed = relabel(value, {1: 11, 4: 44, 99: 0, 7: 0}, declared)
    assert renamed == box(11, (2, 3), ((44, 99),), 7)
