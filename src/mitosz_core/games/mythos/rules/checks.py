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
from mitosz_core.games.mythos.rules.stats import bonuses_and_cap, life
from mitosz_core.games.mythos.rules.victory import check_life
from mitosz_core.games.mythos.rules.zones import units, update_player
from mitosz_core.games.mythos.state import calm, mark_calm, marked_calm


def state_checks(s: S) -> S:
    s = _deaths_and_aura(s)
    s = tidy(s)
    return check_life(s)


def _deaths_and_aura(s: S) -> S:
    """Deaths (06.4.3), then aura above the cap (03.4, 03.5), each for the players on
    which they have not found nothing to do already (:func:`~..state.calm`: they read
    only a player's rows and aura, and the printed cards). Each such player's passive
    sources are walked once for both, its bonuses and its cap
    (:func:`~.stats.bonuses_and_cap`): the deaths are taken one at a time
    (:func:`~.deaths.deaths`) only when some unit is at 0 life or less. Once they find
    nothing, every player is marked. In the debug mode (``MITOSZ_CHECK_VIEWS=1``) they
    run for every player, and a marked one must have nothing for them to do: no unit at 0
    life or less, no aura above its cap. (A marked player may still change while they
    run: a death's effects reach other players, 09.4.)"""
    game = s.game
    players = range(len(game.players))
    for i in players:  # in the debug mode, where no mark is trusted (calm is never true)
        if marked_calm(game, i) and not calm(game, i):
            table, cap = bonuses_and_cap(game, i)
            assert game.players[i].aura <= cap, "a player marked calm has aura above its cap"
            assert all(life(game, slot, table) > 0 for slot in units(game, i)), (
                "a player marked calm has a unit at 0 life or less"
            )
    restless = [i for i in players if not calm(game, i)]
    if not restless:
        return s
    # one pass over each restless player's passive sources gives both its bonuses and
    # its aura cap; while no unit dies, the rows stay and so do the caps
    tallies = [(i, *bonuses_and_cap(game, i)) for i in restless]
    if any(life(game, slot, table) <= 0 for i, table, _ in tallies for slot in units(game, i)):
        checked = clamp(deaths(s))
    else:
        checked = s
        for i, _, cap in tallies:
            if game.players[i].aura > cap:
                checked = update_player(checked, i, aura=cap)
    if checked.game.players is game.players:
        mark_calm(game)
    # else a death's effects may change a player found calm too (09.4: "deal 2 damage to
    # the opponent"); its mark stays only while its rows and aura do (Player._calm)
    return checked
