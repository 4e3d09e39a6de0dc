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


def state_checks(s: S) -> S:
    s = deaths(s)
    s = clamp(s)
    s = tidy(s)
    return check_life(s)
