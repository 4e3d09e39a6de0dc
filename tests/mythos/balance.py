"""Report how the two MYTHOS factions fare against each other in random play.

Usage: ``python -m tests.mythos.balance [GAMES]`` (default 400). Seats alternate, so each
faction starts half the games in seat 0; who takes the first turn is drawn by the seed.
"""

from __future__ import annotations

import sys
from collections import Counter

import mitosz_core as mc
import mitosz_core.games.mythos
from mitosz_core.bots import RandomBot, play


def win_rates(games: int) -> tuple[Counter[str], Counter[str], float]:
    """Wins per faction (``draw`` for draws), endings, and the mean number of rounds."""
    wins: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    rounds = 0
    for seed in range(games):
        decks = ["guardians", "chaos"] if seed % 2 == 0 else ["chaos", "guardians"]
        s = play(
            mc.new_game("mythos", decks=decks, seed=seed),
            [RandomBot(2 * seed), RandomBot(2 * seed + 1)],
        )
        wins["draw" if s.winner is None else decks[s.winner]] += 1
        endings[str(s.game.ending)] += 1
        rounds += s.game.round
    return wins, endings, rounds / games


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 400
    wins, endings, rounds = win_rates(games)
    for side in ("guardians", "chaos", "draw"):
        print(f"{side:>9}: {wins[side]:4d} ({100 * wins[side] / games:.1f} %)")
    print(f"endings: {dict(endings)}; mean rounds {rounds:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
