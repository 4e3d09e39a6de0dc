"""Effect kinds are declared on the effect classes (Core v2): whether an effect lasts
(4.3) and whether it names a target the user chooses (4.6.1)."""

from __future__ import annotations

import dataclasses
import enum
import typing

import pytest

from mitosz_core.games.mitosz.effects import language as L

EFFECTS = sorted(
    (
        cls
        for cls in vars(L).values()
        if isinstance(cls, type)
        and issubclass(cls, L.Effect)
        and cls is not L.Effect
        and dataclasses.is_dataclass(cls)
    ),
    key=lambda cls: cls.__name__,
)


@pytest.mark.rule("4.3")
def test_the_effects_that_last_are_those_that_change_values_or_permissions() -> None:
    assert {cls.__name__ for cls in EFFECTS if cls.lasting} == {
        "BecomeType",
        "ChangeLevel",
        "ChangePower",
        "Grant",
        "MakeImmune",
        "NeutralizeAbility",
        "PlayerPermission",
        "SetHandSize",
        "SetLevel",
    }


@pytest.mark.rule("4.6.1")
@pytest.mark.parametrize("cls", [c for c in EFFECTS if "target" in typing.get_type_hints(c)])
def test_every_effect_with_a_target_field_offers_its_chosen_target(cls: type[L.Effect]) -> None:
    chosen = L.Chosen(L.Cards())
    values: dict[str, object] = {}
    for field in dataclasses.fields(cls):  # type: ignore[arg-type]
        if field.name == "target":
            values[field.name] = chosen
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            values[field.name] = _example(typing.get_type_hints(cls)[field.name])
    effect = cls(**values)
    assert effect.chosen() is chosen
    assert cls(**{**values, "target": L.User()}).chosen() is None


def _example(annotation: object) -> object:
    """A value of ``annotation`` for the fields the test does not look at."""
    options = typing.get_args(annotation) or (annotation,)
    for option in options:
        if option is int:
            return 1
        if option is type(None):
            return None
        if isinstance(option, type) and issubclass(option, enum.Enum):
            return next(iter(option))
        if option is L.Cards:
            return L.Cards()
        if isinstance(option, type) and issubclass(option, L.Target):
            return L.User()
    raise AssertionError(f"no example for {annotation!r}")


def test_an_effect_without_a_target_offers_none() -> None:
    assert L.Draw(1).chosen() is None
