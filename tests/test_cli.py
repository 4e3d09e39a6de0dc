"""The command line: every user error exits 2 with one line per problem and no traceback,
the help lists every command and option in plain text, and the commands do their work."""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mitosz_core.cli import build_parser, main
from mitosz_core.kernel.registry import get
from tests.kernel.test_decks import IMP_SET

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = (
    *("demo", "bench", "rules", "cards", "deck", "machine"),
    *("play", "replay", "render", "simulate", "serve"),
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    """Run ``argv``, insist on exit status 2, no output and no traceback; the error lines."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (code, out, err)
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert lines and all(re.match(r"mitosz-core( \w+)*: error: \S", line) for line in lines), err
    return lines


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "--players", "9"], "Mítosz 1.1.2 is played by 2 to 4 players, not 9"),
        (["demo", "--players", "1"], "played by 2 to 4 players, not 1"),
        (["demo", "--ruleset", "mythos", "--players", "3"], "MYTHOS is played by 2 players, not 3"),
        (["demo", "--players", "two"], "argument --players: expected a whole number, got 'two'"),
        (["demo", "--seed", "1.5"], "argument --seed: expected a whole number"),
        (["demo", "--ruleset", "chess"], "argument --ruleset: invalid choice: 'chess'"),
        (["bench", "--games", "0"], "argument --games: expected a whole number of at least 1"),
        (["bench", "--games", "-4"], "argument --games: expected a whole number of at least 1"),
        (["bench", "--players", "5", "--games", "1"], "played by 2 to 4 players, not 5"),
        (["rules", "--file", "missing.yaml"], "--file 'missing.yaml': no such file"),
        (["rules", "--file", "specs"], "--file 'specs': not a file"),
        (["rules", "--file", "README.md"], "README.md: invalid YAML"),
        (["rules", "--file", "noxfile.py"], "noxfile.py: invalid YAML"),
        (["rules", "--file", ".ci/requirements.txt"], "not a rule registry"),
        (["rules", "--ruleset", "mythos", "--file", "x.yaml"], "not allowed with argument"),
        (["cards", "list", "--mythos", "atlantean"], "unknown mythos 'atlantean'"),
        (["cards", "list", "--type", "dragon"], "unknown card type 'dragon'"),
        (["cards", "list", "--ruleset", "mythos", "--faction", "elves"], "--faction: unknown"),
        (["cards", "list", "--ruleset", "mythos", "--type", "leader"], "--type: unknown 'leader'"),
        (["cards", "list", "--ruleset", "mythos", "--mythos", "celtic"], "--mythos: Mítosz"),
        (["cards", "list", "--faction", "chaos"], "--faction: MYTHOS cards only"),
        (["cards", "list", "--card-set", "none.toml"], "--card-set 'none.toml': no such file"),
        (["cards", "show", "Zeus"], "unknown card 'Zeus'; did you mean 'Zeus (high god)'"),
        (["cards", "show", "Pikachu", "--ruleset", "mythos"], "unknown card 'Pikachu'"),
        (["cards", "validate", "none.toml"], "file 'none.toml': no such file"),
        (["cards"], "the following arguments are required: SUBCOMMAND"),
        (["deck", "validate", "none.deck"], "file 'none.deck': no such file"),
        (["teleport"], "invalid choice: 'teleport'"),
        ([], "the following arguments are required: COMMAND"),
    ],
)
def test_user_errors_exit_2_with_a_one_line_message(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(ROOT)
    lines = usage_error(capsys, *argv)
    assert len(lines) == 1
    assert message in lines[0], lines[0]


def test_every_missing_file_is_reported(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = usage_error(
        capsys, "cards", "validate", str(tmp_path / "a.toml"), str(tmp_path / "b.toml")
    )
    assert len(lines) == 2 and "a.toml" in lines[0] and "b.toml" in lines[1]


def test_a_broken_card_set_given_to_a_command_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("[set\n", encoding="utf-8")
    (line,) = usage_error(capsys, "cards", "show", "Athenians", "--card-set", str(broken))
    assert "broken.toml" in line and "invalid TOML" in line


def test_help_lists_every_command_in_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    listed = re.findall(r"^    (\w+) +\S", out, re.MULTILINE)
    assert tuple(listed) == COMMANDS
    assert "``" not in out and ":func:" not in out and ":mod:" not in out
    assert "exit status" in out


def subparsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += subparsers(sub)
    return found


def test_every_option_and_command_has_help_text() -> None:
    for parser in subparsers(build_parser()):
        assert parser.description, parser.prog
        for action in parser._actions:
            assert action.help, f"{parser.prog}: {action.dest} has no help"
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    assert choice.help, f"{parser.prog} {choice.dest}"


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
@pytest.mark.parametrize("seed", [1, 2])
def test_demo_ends_in_the_turn_of_its_last_header(
    capsys: pytest.CaptureFixture[str], ruleset: str, seed: int
) -> None:
    code, out, err = run(capsys, "demo", "--ruleset", ruleset, "--seed", str(seed))
    assert code == 0 and err == ""
    headers = re.findall(r"^== Turn (\d+): ", out, re.MULTILINE)
    (ending,) = re.findall(r"^Game over in turn (\d+) \(", out, re.MULTILINE)
    assert headers and headers[-1] == ending
    assert [int(h) for h in headers] == list(range(1, int(ending) + 1))


def test_rules_by_ruleset_and_by_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, by_name, _ = run(capsys, "rules", "--ruleset", "mythos")
    assert code == 0
    monkeypatch.chdir(tmp_path)  # a path relative to where the command runs
    registry = ROOT / "specs" / "rules" / "mythos.yaml"
    (tmp_path / "copy.yaml").write_text(registry.read_text(encoding="utf-8"), encoding="utf-8")
    code, by_file, _ = run(capsys, "rules", "--file", "copy.yaml")
    assert code == 0 and by_file == by_name
    code, mitosz, _ = run(capsys, "rules")
    assert code == 0 and mitosz != by_name
    assert by_name.splitlines()[-1].startswith("all")


def test_cards_list_and_show_for_mythos(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "list", "--ruleset", "mythos", "--faction", "chaos")
    assert code == 0
    rows = out.splitlines()
    assert rows[0].split() == ["key", "type", "kind", "faction", "cost", "attack", "life", "count"]
    assert {row.split()[-5] for row in rows[1:]} == {"chaos"}
    assert any(row.startswith("Hades ") for row in rows)
    code, out, _ = run(capsys, "cards", "show", "Zeus", "--ruleset", "mythos")
    assert code == 0
    assert "faction: guardians" in out and "triggers: activated" in out
    assert "text_de: Aktivierung (2 Aura)" in out


@pytest.mark.parametrize(("ruleset", "key"), [("mythos", "Zeus"), ("mitosz", "Heracles")])
def test_cards_list_with_text_prints_each_cards_text_under_it(
    capsys: pytest.CaptureFixture[str], ruleset: str, key: str
) -> None:
    code, plain, _ = run(capsys, "cards", "list", "--ruleset", ruleset)
    assert code == 0
    code, out, _ = run(capsys, "cards", "list", "--ruleset", ruleset, "--text")
    assert code == 0
    lines = out.splitlines()
    assert [line for line in lines if not line.startswith("    ")] == plain.splitlines()
    pool: dict[str, Any] = dict(get(ruleset).card_pool() or {})
    row = next(i for i, line in enumerate(lines) if line.split("  ")[0].strip() == key)
    assert lines[row + 1] == f"    {pool[key].text_en}"
    texts = [line for line in lines if line.startswith("    ")]
    assert len(texts) == sum(1 for card in pool.values() if getattr(card, "text_en", ""))


def test_cards_show_prints_a_mitosz_card_and_its_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "show", "Bow of Heracles")
    assert code == 0
    lines = out.splitlines()
    assert "level: +2" in lines and "cost: wealth 1, force 1" in lines
    assert "links: Heracles" in lines
    assert any(line.startswith("text_en: ") and len(line) > len("text_en: ") for line in lines)


def test_cards_with_a_card_set(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    card_set = tmp_path / "imps.toml"
    card_set.write_text(IMP_SET, encoding="utf-8")
    code, out, _ = run(capsys, "cards", "validate", "--ruleset", "mythos", str(card_set))
    assert (code, out.strip()) == (0, "ok: 1 cards in 1 card sets")
    code, out, _ = run(
        capsys, "cards", "show", "Imp", "--ruleset", "mythos", "--card-set", str(card_set)
    )
    assert code == 0 and "name_de: Wicht" in out


def test_deck_validate_reports_every_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deck = tmp_path / "bad.deck"
    deck.write_text(
        "name: Bad\n1 Zeus (high god)\n5 Athenians\n3 Athenian\nfour Centaurs\n"
        f"{'7' * 4301} Cyclopes\n1 Athena (high god)\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "deck", "validate", str(deck))
    assert code == 1 and out == "" and "Traceback" not in err
    lines = err.splitlines()
    assert all(line.startswith("error: ") for line in lines)
    assert [
        bool(re.search(p, line))
        for p, line in zip(
            [
                r"line 4: unknown card 'Athenian'; did you mean 'Athenians'",
                r"line 5: bad count 'four' for 'Centaurs'",
                r"line 6: bad count '777777777777… \(4301 characters\)'.*from 1 to 999",
                r"5 copies of 'Athenians', at most 4 \(rule 1.3.1\)",
                r"2 high gods, exactly one is needed \(rule 1.3.1\); high gods in the deck: 1 x",
                r"7 cards, at least 60 \(rule 1.3.1\)",
            ],
            lines,
            strict=True,
        )
    ] == [True] * 6


def test_deck_validate_with_a_card_set_and_ruleset(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    card_set = tmp_path / "imps.toml"
    card_set.write_text(IMP_SET, encoding="utf-8")
    deck = tmp_path / "imps.deck"
    deck.write_text("60 Cultist\n4 Imp\n", encoding="utf-8")
    code, _, err = run(capsys, "deck", "validate", str(deck), "--ruleset", "mythos")
    assert code == 1 and len(err.splitlines()) == 2  # the unknown card, and 60 cards not 64
    code, out, _ = run(
        capsys, "deck", "validate", str(deck), "--ruleset", "mythos", "--card-set", str(card_set)
    )
    assert (code, out.strip()) == (0, "ok: deck 'imps': 64 cards (64 unit)")


def script() -> str:
    """The installed ``mitosz-core`` script of the running environment."""
    found = shutil.which("mitosz-core", path=str(Path(sys.executable).parent))
    assert found is not None, "mitosz-core is not installed in this environment"
    return found


def test_the_installed_script_runs_and_fails_cleanly(tmp_path: Path) -> None:
    ok = subprocess.run(
        [script(), "demo", "--ruleset", "mythos", "--seed", "3"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert ok.returncode == 0, ok.stderr
    assert "Game over in turn" in ok.stdout
    bad = subprocess.run(
        [script(), "bench", "--games", "0"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.splitlines() == [
        "mitosz-core bench: error: argument --games: expected a whole number of at least 1, "
        "got '0' (see mitosz-core bench --help)"
    ]
