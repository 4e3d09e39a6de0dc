"""The typed faces ``mitosz_core.mitosz`` and ``mitosz_core.mythos``: their action unions
are the rulesets' action classes, their functions play games, and ``mypy --strict``
catches a misspelled field in a typed user program (mypy's own API)."""

from __future__ import annotations

import textwrap
import typing
from pathlib import Path

import pytest

mypy_api = pytest.importorskip(
    "mypy.api", reason="the typing checks need the extra mitosz-core[typecheck]"
)

import mitosz_core as mc  # noqa: E402
import mitosz_core.mitosz as mitosz  # noqa: E402
import mitosz_core.mythos as mythos  # noqa: E402
from mitosz_core.errors import RulesetMismatchError  # noqa: E402
from mitosz_core.games.mitosz.actions import CORE_ACTION_TYPES, KeywordActionBase  # noqa: E402
from mitosz_core.games.mitosz.engine import ACTION_TYPES as MITOSZ_ACTIONS  # noqa: E402
from mitosz_core.games.mitosz.rules.keywords import KEYWORD_ACTIONS  # noqa: E402
from mitosz_core.games.mythos.actions import ACTION_TYPES as MYTHOS_ACTIONS  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def test_the_action_unions_are_the_rulesets_action_classes() -> None:
    """The Mítosz union names the core rules' actions and the base class of the
    keywords' own (each keyword's action class is one)."""
    mitosz_union = typing.get_args(mitosz.MitoszAction)
    assert set(mitosz_union) == {*CORE_ACTION_TYPES, KeywordActionBase}
    assert len(mitosz_union) == len(CORE_ACTION_TYPES) + 1
    assert set(MITOSZ_ACTIONS) == {*CORE_ACTION_TYPES, *KEYWORD_ACTIONS}
    assert KEYWORD_ACTIONS and all(issubclass(a, KeywordActionBase) for a in KEYWORD_ACTIONS)
    assert set(typing.get_args(mythos.MythosAction)) == set(MYTHOS_ACTIONS)
    assert len(typing.get_args(mythos.MythosAction)) == len(MYTHOS_ACTIONS)


def test_every_exported_name_exists() -> None:
    for face in (mitosz, mythos):
        missing = [name for name in face.__all__ if not hasattr(face, name)]
        assert missing == []


@pytest.mark.parametrize(("face", "seed"), [(mitosz, 3), (mythos, 4)])
def test_a_face_plays_the_same_game_as_the_kernel(face: typing.Any, seed: int) -> None:
    state = face.new_game(seed=seed)
    same = mc.new_game(face.RULESET, seed=seed)
    assert state == same
    for _ in range(40):
        if state.is_over:
            break
        action = face.legal_actions(state)[-1]
        assert face.is_legal(state, action)
        state = face.apply(state, action)
        same = mc.apply(same, action)
    assert state == same
    assert face.replay(seed=seed, actions=state.history) == state
    assert face.observe(state, 0) == mc.observe(state, 0)


def test_a_face_refuses_the_other_rulesets_state() -> None:
    state: typing.Any = mc.new_game("mythos", seed=1)
    with pytest.raises(RulesetMismatchError, match="expected a mitosz state, got a mythos"):
        mitosz.legal_actions(state)
    with pytest.raises(RulesetMismatchError, match="expected a mythos state, got a mitosz"):
        mythos.apply(mc.new_game("mitosz", seed=1), mythos.EndTurn())


GOOD = """
    import mitosz_core.mitosz as mitosz
    import mitosz_core.mythos as mythos

    state: mitosz.State = mitosz.new_game(seed=1, players=3)
    while not state.is_over and state.turn < 3:
        action: mitosz.MitoszAction = mitosz.legal_actions(state)[0]
        state = mitosz.apply(state, action)
    spheres: tuple[int, int, int, int] = state.game.players[0].spheres
    fight = mitosz.DeclareFight(mitosz.FightKind.BATTLE)
    line: mitosz.LineName = mitosz.Designate(card=3).line
    road: mitosz.Edge = mitosz.Attack(people=4, road=mitosz.Edge.NORTH).road
    summon = mitosz.action_from_json('{"type": "summon", "card": 3}')

    other: mythos.State = mythos.new_game(seed=2)
    life: int = other.game.players[0].life
    other = mythos.apply(other, mythos.legal_actions(other)[0])
    played: mythos.MythosAction = mythos.Play(card=3)

    seen: mitosz.Observation = mitosz.observe(state, 0)
    me: mitosz.PlayerObservation = seen["players"][seen["you"]]
    magic: int = me["spheres"]["magic"]
    hand: list[mitosz.CardView] = me.get("hand", [])
    fighting: mitosz.FightView | None = seen["fight"]
    board: mythos.Observation = mythos.observe(other, 1)
    slots: list[mythos.SlotView] = board["players"][0]["battlefield"]
    attack: int | None = slots[0].get("attack") if slots else None
"""

BAD = """
    import mitosz_core.mitosz as mitosz
    import mitosz_core.mythos as mythos

    state = mitosz.new_game(seed=1)
    print(state.game.playres)
    print(state.is_ovr)
    mitosz.Summon(crad=3)
    mythos.apply(mythos.new_game(seed=2), mitosz.Pass())
    print(mythos.new_game(seed=2).game.players[0].lfe)
    seen = mitosz.observe(state, 0)
    print(seen["player"])
    print(seen["players"][0]["spheres"]["magik"])
    print(mythos.observe(mythos.new_game(seed=2), 0)["players"][0]["aur"])
    turn: str = seen["turn"]
"""


def test_mypy_strict_passes_a_typed_program_and_fails_its_misspellings(tmp_path: Path) -> None:
    good = tmp_path / "good.py"
    bad = tmp_path / "bad.py"
    good.write_text(textwrap.dedent(GOOD), encoding="utf-8")
    bad.write_text(textwrap.dedent(BAD), encoding="utf-8")
    out, err, status = mypy_api.run(
        [
            "--strict",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / "mypy-cache"),  # its own cache: no result of another run
            "--no-error-summary",
            "--show-error-codes",
            str(good),
            str(bad),
        ]
    )
    assert status == 1, (out, err)
    lines = [line for line in out.splitlines() if ": error:" in line]
    assert [line for line in lines if line.startswith(str(good))] == [], out
    found = "\n".join(line for line in lines if line.startswith(str(bad)))
    assert '"Game" has no attribute "playres"' in found, out
    assert 'has no attribute "is_ovr"' in found, out
    assert 'Unexpected keyword argument "crad" for "Summon"' in found, out
    assert (
        'Argument 2 to "apply" has incompatible type "mitosz_core.games.mitosz.actions.Pass"'
        in found
    ), out
    assert '"Player" has no attribute "lfe"' in found, out
    assert 'TypedDict "Observation" has no key "player"' in found, out
    assert 'TypedDict "SphereValues" has no key "magik"' in found, out
    assert 'TypedDict "PlayerObservation" has no key "aur"' in found, out
    assert 'expression has type "int", variable has type "str"' in found, out
    assert len(lines) == 9, out
