"""Rules fidelity at the edges of resolving a maneuver and paying a cost, found by
mutation testing (``tools/mutation.py``): how long the level a maneuver gives lasts when
it was used outside the combat phase (4.2.5), and that a summoning cost in one sphere is
paid from that sphere's points only (6.3.3).
"""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Summon, UseFreeManeuver
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.terms import SPHERES
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import E, arena, battle, designate, to_rounds
from tests.mitosz.fixtures import C, next_turn, play, put_leader, put_people, to_hand
from tests.properties.cardgen import inject

# --- 4.2.5: a maneuver used outside the combat phase gives its level until the next turn ------


@pytest.mark.rule("4.2.5")
def test_a_level_given_before_the_combat_phase_outlasts_the_fight_of_that_phase() -> None:
    # War Song: hellenic, level 1; the Guardian: celtic, so no 5.8 bonus
    s, me, other = arena(auto_pass=False)
    s, guardian = put_leader(s, me, "Guardian")  # level 3
    s, captain = put_leader(s, me, "Captain")  # leads the fight: the Guardian is turned
    s, song = to_hand(s, me, "War Song")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, squire = put_leader(s, other, "Squire")
    assert s.phase == "turn.summoning_1"
    s = play(s, UseFreeManeuver(song, guardian, 0))  # used in the summoning phase
    assert level(s.game, guardian) == 3 + 1
    s = to_rounds(designate(battle(s, hills, E, captain), squire))
    s = fx.pass_until(s, "turn.summoning_2")
    assert s.game.fight is None and s.turn == 1  # the fight and its combat phase are over
    assert level(s.game, guardian) == 3 + 1  # 4.2.5: not used in a fight, it lasts the turn
    s = next_turn(s)
    assert level(s.game, guardian) == 3  # "a következő kör elején szűnik meg"


# --- 6.3.3: each sphere's cost is paid from that sphere --------------------------------------


def _costly(s: S, me: int, sphere: int) -> tuple[S, int]:
    cost = tuple(1 if i == sphere else 0 for i in range(len(SPHERES)))
    d = fx.card(f"Costly {SPHERES[sphere].name}", CardType.LEADER, C, level=1, cost=cost)
    s, cid = inject(s, me, d)
    s, _ = to_hand(s, me, d.key)
    return s, cid


@pytest.mark.rule("6.3.3")
@pytest.mark.parametrize("sphere", range(len(SPHERES)), ids=[s.value for s in SPHERES])
def test_a_summoning_cost_in_one_sphere_is_not_paid_with_another(sphere: int) -> None:
    # a celtic leader: not linked to the Sky god, so no point of another sphere may stand
    # in for one of its cost (3.1)
    s, me, _ = arena()
    s, cid = _costly(s, me, sphere)
    for have, offered in ((0, False), (1, True)):
        spheres = tuple(have if i == sphere else 5 for i in range(len(SPHERES)))
        t = fx.refresh(fx.set_player(s, me, spheres=spheres))
        assert t.phase == "turn.summoning_1"
        summons = [a for a in mc.legal_actions(t) if isinstance(a, Summon) and a.card == cid]
        assert bool(summons) is offered, (spheres, summons)
