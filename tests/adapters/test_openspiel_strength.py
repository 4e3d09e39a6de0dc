"""The OpenSpiel bots' strength matches (``benchmarks/openspiel_strength.py``, run by
``nox -s strength``) play through the adapter as the evaluation rule says: the bot's
seat alternates, the built-in deck pairs rotate, every game has its own seed; one tiny
game a match here, so that the script cannot rot unnoticed."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the adapters need the extra mitosz-core[rl]")
pytest.importorskip("pyspiel", reason="the adapters need the extra mitosz-core[rl]")

from benchmarks import openspiel_strength as strength


def test_the_schedule_alternates_seats_and_rotates_the_deck_pairs() -> None:
    assert strength.deck_pairs("mythos") == (("guardians", "chaos"), ("chaos", "guardians"))
    assert len(strength.deck_pairs("mitosz")) == 12


@pytest.mark.parametrize("match", strength.MATCHES)
def test_a_match_plays_whole_games_through_the_adapter(match: str) -> None:
    outcome = strength.run("mythos", match, simulations=2, games=1, jobs=1)
    (game,) = outcome.games
    assert game.decisions > 0 and game.seconds > 0 and not game.unfinished
    assert outcome.wins.of == 1
    text = strength.table([outcome])
    assert f"     - {match}\n     - 2\n     - 1\n" in text
    assert "so far (1 of 200 games)" in text


def test_an_unknown_match_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown match 'alphazero'"):
        strength.make_bot("alphazero", None, 1, None)  # type: ignore[arg-type]
