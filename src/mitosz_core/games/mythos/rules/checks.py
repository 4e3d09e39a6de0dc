"""Checks made after every step, before anyone decides again (state-based rules).

- 06.4.3: a unit at 0 life or less dies (and its on-exit effects fire, 09.4);
- 03.4, 03.5: aura above the cap falls to it;
- 06: a unit that left the battlefield leaves the fight;
- 01.4: a player at 0 life or less loses.
"""

from __future__ import annotations

from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.aura import clamp
from mitosz_core.games.mythos.rules.combat import tidy
from mitosz_core.games.mythos.rules.deaths import deaths
from mitosz_core.games.mythos.rules.victory import check_life
from mitosz_core.games.mythos.state import Player
from mitosz_core.kernel.values import CHECK_VIEWS, same_objects


def state_checks(s: S) -> S:
    s = _deaths_and_aura(s)
    s = tidy(s)
    return check_life(s)


def _deaths_and_aura(s: S) -> S:
    """Deaths (06.4.3), then aura above the cap (03.4, 03.5), unless they found nothing
    to do for every player already: each reads only a player's rows and aura (and the
    printed cards), so a player value on which they found nothing is marked
    (:attr:`~..state.Player._calm`). In the debug mode (``MITOSZ_CHECK_VIEWS=1``) they run
    anyway, and must find nothing to do there."""
    game = s.game
    base = (game.cards, game.instances)
    known = all(_calm_in(p, base) for p in game.players)
    if known and not CHECK_VIEWS:
        return s
    checked = clamp(deaths(s))
    if checked.game.players is game.players:
        for p in game.players:
            object.__setattr__(p, "_calm", base)
    else:
        assert not known, "the checks of deaths and aura changed a player they had found calm"
    return checked


def _calm_in(player: Player, base: tuple[object, ...]) -> bool:
    calm = player._calm
    return calm is not None and same_objects(calm, base)
