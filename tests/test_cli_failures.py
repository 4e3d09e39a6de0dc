"""The command line's contract for failures: every command, on each documented kind of
bad input (a bad file, a bad value, a file that is not a file, an unreachable service),
prints one line on standard error, no traceback, nothing on standard output, and exits 2.

``tests/test_cli.py`` holds the argument errors of each command; this module holds the
failures that come from what the arguments name: files that cannot be read as they
claim to be, and services that cannot be reached."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

import mitosz_core as mc
from mitosz_core.cli import build_parser, main

GAME_COMMANDS = (
    ("replay", "{file}", "--json"),
    ("render", "{file}", "-o", "{out}"),
    ("play", "--resume", "{file}"),
)
"""The commands that read a game file (``render`` writes its picture to ``{out}``)."""


def one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run ``argv``; insist on exit 2, no output, no traceback and one error line."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (code, out, err)
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert re.match(r"mitosz-core: error: \S", lines[0]), err
    return lines[0]


def game_argv(command: tuple[str, ...], file: str, tmp_path: Path) -> list[str]:
    out = str(tmp_path / "board.svg")
    return [part.format(file=file, out=out) for part in command]


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    state = mc.new_game("mythos", seed=3)
    for _ in range(5):
        state = mc.apply(state, mc.legal_actions(state)[0])
    path = tmp_path / "game.json"
    path.write_text(state.to_json(), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", GAME_COMMANDS, ids=lambda c: c[0])
def test_a_device_is_refused_before_it_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]
) -> None:
    """``/dev/zero`` never ends: reading it whole ran out of memory."""
    line = one_line_error(capsys, game_argv(command, "/dev/zero", tmp_path))
    assert "'/dev/zero': not a regular file" in line


@pytest.mark.parametrize("command", GAME_COMMANDS, ids=lambda c: c[0])
def test_a_fifo_is_refused_without_blocking(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]
) -> None:
    """Opening a FIFO with no writer blocks for ever; it is refused before it is opened."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    line = one_line_error(capsys, game_argv(command, str(fifo), tmp_path))
    assert "not a regular file" in line


@pytest.mark.parametrize("command", GAME_COMMANDS, ids=lambda c: c[0])
def test_a_file_that_is_not_utf8_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]
) -> None:
    binary = tmp_path / "game.json"
    binary.write_bytes(b'{"format": "\xff\xfe"}')
    line = one_line_error(capsys, game_argv(command, str(binary), tmp_path))
    assert "not UTF-8 text" in line and "game.json" in line


@pytest.mark.parametrize("command", GAME_COMMANDS, ids=lambda c: c[0])
def test_a_file_over_the_json_limit_is_refused_unread(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]
) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2048)
    with mc.use_limits(json_bytes=1024):
        line = one_line_error(capsys, game_argv(command, str(big), tmp_path))
    assert "larger than the JSON size limit of 1024 bytes" in line


@pytest.mark.parametrize("command", GAME_COMMANDS, ids=lambda c: c[0])
def test_a_content_error_names_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]
) -> None:
    """An error at the top of the JSON (``$``) said only ``$:``, not which file."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1', encoding="utf-8")
    line = one_line_error(capsys, game_argv(command, str(bad), tmp_path))
    assert f"{str(bad)!r} at $:" in line


@pytest.mark.parametrize(
    ("argv", "status"), [(["cards", "validate"], 1), (["cards", "list", "--card-set"], 2)]
)
def test_a_newline_in_a_file_name_stays_on_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], status: int
) -> None:
    """``cards validate`` printed a broken card file's name raw: a line break in the name
    broke the one-line error in two. (A check that finds the data invalid exits 1, a usage
    error 2; see ``mitosz-core --help``.)"""
    odd = tmp_path / "two\nlines.toml"
    odd.write_text("[set\n", encoding="utf-8")
    code = main([*argv, str(odd)])
    out, err = capsys.readouterr()
    assert code == status and out == ""
    assert len(err.splitlines()) == 1, err
    assert "two\\nlines.toml" in err


@pytest.mark.parametrize("suffix", [".gif", ".jpg", ".txt", ""])
def test_render_refuses_a_format_it_does_not_write(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, saved: Path, suffix: str
) -> None:
    """``render -o board.gif`` wrote SVG text into a .gif and exited 0."""
    out = tmp_path / f"board{suffix}"
    line = one_line_error(capsys, ["render", str(saved), "-o", str(out)])
    assert "name a file ending in .svg or .png" in line
    assert not out.exists()


def test_play_names_an_unknown_deck_before_counting_decks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``play --deck nosuch`` complained that one deck was given for two players."""
    line = one_line_error(capsys, ["play", "--deck", "nosuch"])
    assert "deck 'nosuch'" in line and "no built-in deck of that name" in line


def test_the_help_texts_show_no_doubled_percent_signs() -> None:
    """``simulate --help`` showed "95%%": argparse does not %-format descriptions."""
    parser = build_parser()
    actions = [a for a in parser._actions if a.choices and isinstance(a.choices, dict)]
    texts = [parser.format_help()]
    for action in actions:
        assert isinstance(action.choices, dict)
        texts += [sub.format_help() for sub in action.choices.values()]
    assert not [t for t in texts if "%%" in t]


def test_simulate_with_no_ray_cluster_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """With no cluster to join, Ray's ConnectionError came out as a 26-line traceback."""
    pytest.importorskip("ray")
    argv = ["simulate", "guardians", "chaos", "--ruleset", "mythos", "-n", "2"]
    line = one_line_error(capsys, [*argv, "--backend", "ray", "--ray-address", "auto"])
    assert "--ray-address 'auto': cannot join a Ray cluster" in line


def test_the_game_log_form_is_read_through_the_same_checks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "log.json"
    log.write_text(json.dumps({"ruleset": "mythos", "seed": "x", "actions": []}))
    line = one_line_error(capsys, ["replay", str(log)])
    assert f"{str(log)!r} at $.seed: expected the seed as an integer" in line


def test_a_copied_builtin_faction_file_says_why_it_collides(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A user copying a built-in MYTHOS faction file as a template got 'also a card of the
    built-in chaos faction' with no hint of what to change."""
    faction = Path(mc.__file__).parent / "games" / "mythos" / "data" / "chaos.toml"
    code = main(["cards", "validate", "--ruleset", "mythos", str(faction)])
    out, err = capsys.readouterr()
    assert code == 1 and out == "" and len(err.splitlines()) == 1
    assert "also a card of the built-in chaos faction" in err
    assert "needs new card keys" in err


def test_cards_validate_lists_every_problem_as_deck_validate_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``cards validate`` stopped at the first problem, while ``deck validate`` lists them
    all: now each file's syntax, schema and card problems come one line each."""
    examples = Path(__file__).resolve().parents[1] / "docs" / "examples"
    text = (examples / "my-set.toml").read_text(encoding="utf-8")
    two = text.replace("level = 2\npower = 2", 'level = "two"\npower = 2').replace(
        'mythos = "hellenic"\ntype = "leader"', 'mythos = "atlantis"\ntype = "leader"'
    )
    (tmp_path / "two.toml").write_text(two, encoding="utf-8")
    (tmp_path / "broken.toml").write_text("[set\n", encoding="utf-8")
    code = main(["cards", "validate", str(tmp_path / "two.toml"), str(tmp_path / "broken.toml")])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert len(lines) == 3, err
    assert "card 'Boeotians', field 'level'" in lines[0]
    assert "card 'Epaminondas', field 'mythos'" in lines[1]
    assert "broken.toml:1: invalid TOML" in lines[2]
    assert main(["cards", "validate", str(examples / "my-set.toml")]) == 0
