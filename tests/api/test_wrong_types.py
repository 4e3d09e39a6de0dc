"""Wrong Python types at the API, names no deck can name, and card-set paths of position
files (issue 33, item 6). Each used to end in a raw ``TypeError`` or ``AttributeError``,
in a state that would not load again, or in a file read from anywhere."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core import mitosz, mythos
from mitosz_core.errors import ConfigTypeError
from mitosz_core.games.mitosz.carddata.tools import validate_sets
from mitosz_core.games.mythos.carddata import parse_cards

CALLS: dict[str, Callable[[], object]] = {
    "card_sets=[123]": lambda: mc.new_game(seed=1, card_sets=[123]),  # type: ignore[list-item]
    "card_sets=[None]": lambda: mc.new_game(seed=1, card_sets=[None]),  # type: ignore[list-item]
    "card_sets=5": lambda: mc.new_game(seed=1, card_sets=5),  # type: ignore[arg-type]
    "from_json(None)": lambda: mc.State.from_json(None),  # type: ignore[arg-type]
    "from_json(5)": lambda: mc.State.from_json(5),  # type: ignore[arg-type]
    "from_json(memoryview)": lambda: mc.State.from_json(memoryview(b"{}")),  # type: ignore[arg-type]
    "action_from_json(None)": lambda: mc.action_from_json("mitosz", None),  # type: ignore[arg-type]
    "actions_from_json(5)": lambda: mc.actions_from_json("mythos", 5),  # type: ignore[arg-type]
    "replay(actions=None)": lambda: mc.replay("mitosz", seed=1, actions=None),  # type: ignore[call-overload]
    "replay_report(actions=5)": lambda: mc.replay_report("mythos", seed=1, actions=5),  # type: ignore[call-overload]
    "auto_pass=0": lambda: mc.new_game(seed=1, auto_pass=0),  # type: ignore[arg-type]
    "auto_pass='no'": lambda: mc.new_game("mythos", seed=1, auto_pass="no"),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("call", sorted(CALLS))
def test_a_wrong_type_is_a_library_error(call: str) -> None:
    with pytest.raises(mc.MitoszError) as info:
        CALLS[call]()
    assert isinstance(info.value, mc.DecodeError | ConfigTypeError), repr(info.value)


def test_wrong_types_name_the_argument() -> None:
    with pytest.raises(ConfigTypeError, match=r"card_sets\[0\]: .*got int"):
        mc.new_game(seed=1, card_sets=[123])  # type: ignore[list-item]
    with pytest.raises(ConfigTypeError, match="auto_pass: must be True or False, got int"):
        mc.new_game(seed=1, auto_pass=0)  # type: ignore[arg-type]
    with pytest.raises(mc.DecodeError, match=r"JSON text \(a str or bytes\), not memoryview"):
        mc.State.from_json(memoryview(b"{}"))  # type: ignore[arg-type]
    with pytest.raises(ConfigTypeError, match=r"actions: .*got None"):
        mc.replay("mitosz", seed=1, actions=None)  # type: ignore[call-overload]


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_a_bool_auto_pass_still_loads_again(ruleset: str) -> None:
    for auto_pass in (True, False):
        state = mc.new_game(ruleset, seed=2, auto_pass=auto_pass)
        assert mc.State.from_json(state.to_json()) == state


SET = """[set]
symbol = "TST"
name = "Test set"
format = 1

[[card]]
key = "Sky (high god)"
name_en = "Sky"
name_hu = "Ég"
serial = "901"
mythos = "hellenic"
type = "high_god"
spheres = { magic = 3, influence = 3, wealth = 3, force = 3 }
"""


@pytest.mark.parametrize("separator", ["\u0085", "\u2028", "\u2029", "\u009f"])
@pytest.mark.parametrize("field", ["key", "name_en"])
def test_a_card_name_no_deck_line_can_hold_is_refused(
    tmp_path: Path, separator: str, field: str
) -> None:
    """A deck file splits lines at U+0085, U+2028 and U+2029 (``str.splitlines``), so no
    deck could name such a card: the card set is refused, naming the field."""
    escaped = f"Sky\\u{ord(separator):04X}Storm"  # as a TOML escape
    text = SET.replace(f'{field} = "Sky', f'{field} = "{escaped}', 1)
    assert text != SET
    path = tmp_path / "set.toml"
    path.write_text(text, encoding="utf-8")
    code, report = validate_sets([path])
    assert code == 1 and f"'{field}'" in report
    with pytest.raises(mc.CardDataError, match=field):
        mc.new_game(seed=1, card_sets=[path])


def test_a_mythos_card_name_with_a_line_separator_is_refused() -> None:
    source = Path(mythos.__file__).parent / "games" / "mythos" / "data" / "guardians.toml"
    text = source.read_text(encoding="utf-8")
    changed = text.replace('name_en = "Guardians"', 'name_en = "Guard\u2028ians"', 1)
    assert changed != text
    with pytest.raises(mc.CardDataError, match="name_en"):
        parse_cards(changed, "guardians.toml")


JUDGE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "judge.toml"


def _position_file(folder: Path, card_sets: list[str], toml: bool = True) -> Path:
    text = JUDGE.read_text(encoding="utf-8")
    listed = json.dumps(card_sets)
    path = folder / ("judge.toml" if toml else "judge.json")
    path.write_text(f"card_sets = {listed}\n" + text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "name",
    ["/etc/passwd", "../outside.toml", "sets/../../outside.toml", "C:\\sets\\x.toml", "..\\x"],
)
def test_a_position_file_cannot_name_a_card_set_outside_its_folder(
    tmp_path: Path, name: str
) -> None:
    folder = tmp_path / "positions"
    folder.mkdir()
    (tmp_path / "outside.toml").write_text(SET, encoding="utf-8")
    path = _position_file(folder, [name])
    with pytest.raises(mc.DecodeError, match=r"card_sets\[0\]: .*relative to the position"):
        mitosz.load_position(path)


def test_a_symbolic_link_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "positions"
    folder.mkdir()
    (tmp_path / "outside.toml").write_text(SET, encoding="utf-8")
    os.symlink(tmp_path / "outside.toml", folder / "link.toml")
    with pytest.raises(mc.DecodeError, match=r"card_sets\[0\]"):
        mitosz.load_position(_position_file(folder, ["link.toml"]))


def test_a_card_set_beside_the_position_file_still_loads(tmp_path: Path) -> None:
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "extra.toml").write_text(SET, encoding="utf-8")
    position = mitosz.load_position(_position_file(tmp_path, ["sets/extra.toml"]))
    assert position.card_sets == (os.path.join(tmp_path, "sets/extra.toml"),)
    assert "Sky (high god)" in position.ruleset().pool


def test_a_mythos_position_file_is_confined_too(tmp_path: Path) -> None:
    data: dict[str, Any] = {
        "format": "mythos-position-1",
        "card_sets": ["../x.toml"],
        "players": [{"deck": []}, {"deck": []}],
    }
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(mc.DecodeError, match=r"card_sets\[0\]"):
        mythos.load_position(path)
