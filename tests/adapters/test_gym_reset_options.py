"""The Gymnasium wrapper's ``reset`` options: the decks and the game's seed, so that a
training or an evaluation (``mitosz_core.adapters.learn``) rotates the built-in decks
and keeps its seeds apart."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the adapters need the extra mitosz-core[rl]")

from mitosz_core.adapters.gymnasium import MitoszGymEnv  # noqa: E402
from mitosz_core.errors import ConfigError  # noqa: E402


@pytest.mark.parametrize(
    ("ruleset", "decks"),
    [("mitosz", ("germanic", "egyptian")), ("mythos", ("chaos", "guardians"))],
)
def test_reset_plays_the_decks_and_the_game_seed_of_its_options(
    ruleset: str, decks: tuple[str, str]
) -> None:
    env = MitoszGymEnv(ruleset)
    env.reset(seed=3, options={"decks": decks, "game_seed": np.uint64(77)})
    assert env.state is not None
    assert env.state.config.seed == 77
    assert tuple(d.name for d in env.state.config.decks) == decks
    env.reset(seed=3)  # without options: the built-in decks and a seed drawn from 3
    assert env.state is not None
    assert tuple(d.name for d in env.state.config.decks) != decks


def test_reset_refuses_an_unknown_option_and_a_bad_game_seed() -> None:
    env = MitoszGymEnv("mythos")
    with pytest.raises(ValueError, match=r"unknown reset option.*'deck'"):
        env.reset(seed=1, options={"deck": ("chaos", "guardians")})
    with pytest.raises(ConfigError):
        env.reset(seed=1, options={"game_seed": -1})
