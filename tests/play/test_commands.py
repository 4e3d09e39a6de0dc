"""The commands ``simulate``, ``replay`` and ``render`` (``play`` is driven through a
pseudo-terminal in ``test_terminal.py``): their output, and a one-line error with exit
status 2 for every user error."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core import mitosz
from mitosz_core.cli import main
from mitosz_core.console.gamefile import load
from tests.helpers import play_random


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 2, (code, out, err)
    assert out == "" and "Traceback" not in err
    assert re.fullmatch(r"mitosz-core( \w+)*: error: \S[^\n]*\n", err), err
    return err


@pytest.fixture(scope="module")
def finished() -> mc.State[Any]:
    return play_random(mc.new_game("mythos", seed=6), 6)


@pytest.fixture
def saved(tmp_path: Path, finished: mc.State[Any]) -> Path:
    path = tmp_path / "game.json"
    path.write_text(finished.to_json(), encoding="utf-8")
    return path


def _decisions(state: mc.State[Any]) -> list[mc.Decision]:
    return [d for d in state.history if not d.auto]


# simulate ------------------------------------------------------------------------------


def test_simulate_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--ruleset", "mythos", "-n", "4", "--bots", "random")
    assert code == 0
    assert out.startswith("A = guardians (random) against B = chaos (random): 4 games")
    wins = re.findall(r"[AB] wins +\d+\.\d% \[[\d.]+, [\d.]+\]", out)
    assert len(wins) == 2 and "draws" in out and "first player" in out


def test_simulate_csv_has_a_row_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "--ruleset",
        "mythos",
        "-n",
        "3",
        "--format",
        "csv",
        "--seed",
        "5",
        "--bots",
        "random",
    )
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 3
    assert [r["seed"] for r in rows] == ["5", "5", "6"]
    assert [(r["seat0"], r["seat1"]) for r in rows] == [("A", "B"), ("B", "A"), ("A", "B")]


def test_simulate_json_and_every_pair(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "--ruleset", "mythos", "-n", "2", "--format", "json", "--bots", "random"
    )
    data = json.loads(out)
    assert code == 0 and data["summary"]["games"] == 2 and len(data["games"]) == 2
    assert data["summary"]["wins"]["A"]["count"] == sum(g["winner"] == "A" for g in data["games"])
    code, out, _ = run(capsys, "simulate", "--all-pairs", "-n", "2", "--bots", "random")
    assert code == 0
    assert out.count("hellenic") == 3 and out.count("egyptian") == 3  # 6 pairs of 4 decks


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["simulate", "nowhere", "chaos", "--ruleset", "mythos", "--bots", "random"],
            "deck 'nowhere': neither",
        ),
        (["simulate", "--bots", "genius"], "unknown bot 'genius'"),
        (["simulate", "-n", "0"], "at least 1"),
        (["simulate", "--all-pairs", "hellenic", "celtic", "--bots", "random"], "name no decks"),
        (["simulate", "hellenic", "--bots", "random"], "name two decks"),
    ],
)
def test_simulate_user_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in usage_error(capsys, *argv)


# replay --------------------------------------------------------------------------------


def test_replay_json_prints_every_step(
    capsys: pytest.CaptureFixture[str], saved: Path, finished: mc.State[Any]
) -> None:
    code, out, _ = run(capsys, "replay", str(saved), "--json", "--player", "1")
    lines = [json.loads(line) for line in out.splitlines()]
    decisions = _decisions(finished)
    assert code == 0 and len(lines) == len(decisions) + 1
    assert lines[0]["decision"] is None and lines[-1]["observation"] == mc.observe(finished, 1)
    assert [line["decision"]["player"] for line in lines[1:]] == [d.player for d in decisions]
    assert "hand" in lines[3]["observation"]["players"][1]
    assert "hand" not in lines[3]["observation"]["players"][0]


def test_replay_steps_forward_and_back(
    capsys: pytest.CaptureFixture[str], saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("n\nn\nb\ng 10\nt\nT\nq\n"))
    code, out, _ = run(capsys, "replay", str(saved), "--to", "3")
    steps = [int(s) for s in re.findall(r"step (\d+)(?:/\d+)?[,:]", out)]
    assert code == 0
    assert steps[:5] == [3, 4, 5, 4, 10]
    assert steps[5] > 10 and steps[6] <= 10


def test_a_game_log_replays_like_a_saved_state(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, saved: Path, finished: mc.State[Any]
) -> None:
    log = tmp_path / "log.json"
    actions = [json.loads(d.action.to_json()) for d in _decisions(finished)]
    log.write_text(
        json.dumps({"ruleset": "mythos", "seed": 6, "actions": actions}), encoding="utf-8"
    )
    _, from_log, _ = run(capsys, "replay", str(log), "--json")
    _, from_state, _ = run(capsys, "replay", str(saved), "--json")
    assert from_log == from_state != ""


JUDGE = Path(__file__).parents[2] / "docs" / "examples" / "judge.toml"


def _from_position(tmp_path: Path, decisions: int) -> tuple[Path, mc.State[Any]]:
    """A game log of ``decisions`` random decisions from the docs' judge position."""
    state = mitosz.load_position(JUDGE).state()
    rng = random.Random(5)
    actions = []
    for _ in range(decisions):
        action = rng.choice(mc.legal_actions(state))
        actions.append(json.loads(action.to_json()))
        state = mc.apply(state, action)
    (tmp_path / "judge.toml").write_text(JUDGE.read_text(encoding="utf-8"), encoding="utf-8")
    log = tmp_path / "log.json"
    log.write_text(
        json.dumps({"ruleset": "mitosz", "position": "judge.toml", "actions": actions}),
        encoding="utf-8",
    )
    return log, state


def test_a_game_log_from_a_position_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log, final = _from_position(tmp_path, 12)
    code, out, _ = run(capsys, "replay", str(log), "--json", "--player", "0")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(lines) == 13
    assert lines[-1]["observation"] == json.loads(json.dumps(mc.observe(final, 0)))


def test_a_saved_game_from_a_position_replays_from_the_position_it_carries(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A saved state of an arranged game carries its starting position (``config.start``),
    so it replays alone, like the game log that names the position file."""
    log, final = _from_position(tmp_path, 3)
    saved = tmp_path / "saved.json"
    saved.write_text(final.to_json(), encoding="utf-8")
    assert load(str(saved)).states[-1] == final
    assert [s.to_json() for s in load(str(saved)).states] == [
        s.to_json() for s in load(str(log)).states
    ]


def test_a_game_log_from_a_position_takes_no_seed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log, _ = _from_position(tmp_path, 0)
    data = json.loads(log.read_text(encoding="utf-8"))
    log.write_text(json.dumps({**data, "seed": 3}), encoding="utf-8")
    assert "takes the rest from the position file" in usage_error(capsys, "replay", str(log))


def test_replay_svg_writes_a_picture_a_step(
    tmp_path: Path, saved: Path, finished: mc.State[Any]
) -> None:
    assert main(["replay", str(saved), "--svg", str(tmp_path / "pics")]) == 0
    pictures = sorted((tmp_path / "pics").iterdir())
    assert len(pictures) == len(_decisions(finished)) + 1
    assert ET.parse(pictures[-1]).getroot().tag.endswith("svg")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "a game file"),
        ('{"ruleset": "mythos"}', "$.seed"),
        ('{"ruleset": "mythos", "seed": 1, "actions": [{"type": "nope"}]}', "$[0]"),
        ('{"ruleset": "mythos", "seed": 1, "moves": []}', "unknown field 'moves'"),
        (
            '{"ruleset": "mythos", "seed": 1, "actions": [{"type": "end_turn"}]}',
            "$.actions[0]: illegal",
        ),
    ],
)
def test_replay_user_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    assert message in usage_error(capsys, "replay", str(bad), "--json")


def test_replay_of_a_missing_file_or_step(capsys: pytest.CaptureFixture[str], saved: Path) -> None:
    assert "no such file" in usage_error(capsys, "replay", "missing.json")
    assert "--to 100000: the game has steps 0 to" in usage_error(
        capsys, "replay", str(saved), "--to", "100000"
    )
    assert "--player 2" in usage_error(capsys, "replay", str(saved), "--player", "2")


# render --------------------------------------------------------------------------------


def test_render_writes_the_picture(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, saved: Path, finished: mc.State[Any]
) -> None:
    out = tmp_path / "board.svg"
    code, _, err = run(capsys, "render", str(saved), "-o", str(out), "--player", "0")
    assert code == 0 and "wrote" in err
    assert out.read_text(encoding="utf-8") == mc.render.svg(finished, 0)
    run(capsys, "render", str(saved), "-o", str(out), "--to", "0")
    assert out.read_text(encoding="utf-8") == mc.render.svg(mc.new_game("mythos", seed=6))


def test_render_png(tmp_path: Path, saved: Path) -> None:
    pytest.importorskip("cairosvg")
    out = tmp_path / "board.png"
    assert main(["render", str(saved), "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def _saved_log(tmp_path: Path, auto_pass: bool) -> tuple[Path, mc.State[Any], list[Any]]:
    """A game log of 60 random decisions of a MYTHOS game with its history as decisions
    (automatic ones flagged), and the state they lead to."""
    state = mc.new_game("mythos", seed=4, auto_pass=auto_pass)
    rng = random.Random(4)
    for _ in range(60):
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    history = state._log.json_value()
    assert isinstance(history, list)
    log = tmp_path / "log.json"
    log.write_text(
        json.dumps({"ruleset": "mythos", "seed": 4, "auto_pass": auto_pass, "actions": history}),
        encoding="utf-8",
    )
    return log, state, history


def test_a_game_played_without_auto_pass_replays_as_played(tmp_path: Path) -> None:
    """The command line replayed every game with auto-pass on, so a saved game played
    with ``auto_pass=False`` did not replay; a game file records the option."""
    log, state, _ = _saved_log(tmp_path, auto_pass=False)
    saved = tmp_path / "saved.json"
    saved.write_text(state.to_json(), encoding="utf-8")
    assert load(str(saved)).states[-1] == state
    assert load(str(log)).states[-1] == state


@pytest.mark.parametrize("tamper", ["player", "invented", "dropped", "reordered"])
def test_a_tampered_game_log_is_refused_as_the_library_refuses_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, tamper: str
) -> None:
    """The command line had a replay of its own that skipped automatic entries and never
    checked who decided: it accepted logs that :func:`mitosz_core.replay` refuses."""
    log, _, history = _saved_log(tmp_path, auto_pass=True)
    autos = [i for i, d in enumerate(history) if d.get("auto")]
    real = [i for i, d in enumerate(history) if not d.get("auto")]
    assert autos and len(real) > 2
    if tamper == "player":
        history[real[1]]["player"] = 1 - history[real[1]]["player"]
    elif tamper == "invented":
        history.insert(real[1], {**history[autos[0]], "player": history[real[1]]["player"]})
    elif tamper == "dropped":
        del history[autos[0]]
    else:
        history[real[0]], history[real[1]] = history[real[1]], history[real[0]]
    data = json.loads(log.read_text(encoding="utf-8"))
    log.write_text(json.dumps({**data, "actions": history}), encoding="utf-8")
    with pytest.raises(mc.ReplayError):
        mc.replay("mythos", seed=4, actions=mc.actions_from_json("mythos", json.dumps(history)))
    line = usage_error(capsys, "replay", str(log), "--json")
    assert "log.json" in line and "$.actions[" in line
