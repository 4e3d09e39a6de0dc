"""Combat (*Kampfsystem*, 06).

A fight is a sequence of single choices: the active player declares attackers one at a
time (any number, each unit once per round, 06.1); the defender assigns blocks one
``(blocker, attacker)`` pair at a time (several blockers on one attacker, one blocker on
several attackers, 06.2; only units on the battlefield block, 11.2); the attacker fixes
the damage order one pairing at a time (06.3). The defender may play events after each
of these steps (11.9).

Damage (ruling R-06.ex-order): the pairings are taken in the damage order; in each, the
attacker puts as much of its remaining damage on the blocker as the blocker has life
left; what no blocker takes goes to the defending player (06.4.4; all of it for an
unblocked attacker, 06.4.5). Every blocker deals its full attack to each attacker it
blocks (R-06.2-multi). All of this happens at once (06.4.1); then units at 0 life or
less die (06.4.3), and the surviving attackers return to the infirmary (06.4.2, 06.1).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain

from mitosz_core.games.mythos.actions import Attack, Block, DamageOrder, Done
from mitosz_core.games.mythos.cards import When
from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.deaths import deaths
from mitosz_core.games.mythos.rules.effects import conditional
from mitosz_core.games.mythos.rules.flow import active_player, defender, fire
from mitosz_core.games.mythos.rules.stats import attack, life
from mitosz_core.games.mythos.rules.zones import (
    add_slot,
    change_slot,
    free,
    remove_slot,
    slot_of,
    update_player,
)
from mitosz_core.games.mythos.state import CardId, Combat, Row
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule, allowed, dispatch
from mitosz_core.kernel.values import replace

# attacking ------------------------------------------------------------------------------


def can_attack(s: S, unit: CardId) -> bool:
    """(06.1) a unit on the active player's battlefield that has not attacked this round."""
    return any(x.card == unit and not x.attacked for x in s.game.players[s.game.active].battlefield)


def attack_candidates(s: S) -> tuple[Attack, ...]:
    return tuple(
        Attack(x.card) for x in s.game.players[s.game.active].battlefield if not x.attacked
    )


def why_not_attack(s: S, a: Attack) -> str | None:
    if not any(x.card == a.unit for x in s.game.players[s.game.active].battlefield):
        return f"#{a.unit} is not a unit on your battlefield (06.1, 11.2)"
    if not can_attack(s, a.unit):
        return f"{s.game.card(a.unit).name_en} has already attacked this round (06.1)"
    return None


def add_attacker(s: S, unit: CardId) -> S:
    """Declare ``unit`` an attacker: it is marked for this round and its 'whenever it
    attacks' triggers fire (09.5)."""
    combat = s.game.combat or Combat(())
    s = s.evolve(game=replace(s.game, combat=replace(combat, attackers=(*combat.attackers, unit))))
    s = change_slot(s, unit, attacked=True)
    return conditional(s, s.game.active, When.ATTACKS, host=unit)


def begin(s: S, a: Attack) -> S:
    """From the turn's actions: open a fight with its first attacker."""
    return add_attacker(fire(s, "attack"), a.unit)


def _declare_candidates(s: S) -> Iterable[Action]:
    return (*attack_candidates(s), Done())


def _declare_done(s: S, a: Done) -> S:
    return fire(s, "declared")


def _declare_attacker(s: S, a: Attack) -> S:
    return add_attacker(s, a.unit)


def _declare_settle(s: S) -> S | None:
    return fire(s, "declared") if not attack_candidates(s) else None


DECLARE = dispatch(
    (Rule(Attack, why_not_attack, _declare_attacker), Rule(Done, allowed, _declare_done)),
    candidates=_declare_candidates,
    decider=active_player,
    settle=_declare_settle,
)

# blocking -------------------------------------------------------------------------------


def _combat(s: S) -> Combat:
    combat = s.game.combat
    assert combat is not None, "no fight in progress"
    return combat


def _block_candidates(s: S) -> Iterable[Action]:
    combat = _combat(s)
    blocks = set(combat.blocks)
    pairs = (
        Block(x.card, a)
        for x in s.game.players[defender(s)].battlefield
        for a in combat.attackers
        if (x.card, a) not in blocks
    )
    return (*pairs, Done())


def _block_why_not(s: S, a: Block) -> str | None:
    combat = _combat(s)
    if not any(x.card == a.blocker for x in s.game.players[defender(s)].battlefield):
        return f"#{a.blocker} is not a unit on your battlefield: only they block (11.2)"
    if a.attacker not in combat.attackers:
        return f"#{a.attacker} is not attacking"
    if (a.blocker, a.attacker) in combat.blocks:
        return "that block is already assigned"
    return None


def _blocked(s: S, a: Done) -> S:
    return fire(s, "blocked")


def _block_perform(s: S, a: Block) -> S:
    combat = _combat(s)
    combat = replace(combat, blocks=(*combat.blocks, (a.blocker, a.attacker)))
    return s.evolve(game=replace(s.game, combat=combat))


def _block_settle(s: S) -> S | None:
    return fire(s, "blocked") if len(tuple(_block_candidates(s))) == 1 else None


BLOCK = dispatch(
    (Rule(Block, _block_why_not, _block_perform), Rule(Done, allowed, _blocked)),
    candidates=_block_candidates,
    decider=defender,
    settle=_block_settle,
)

# the damage order -----------------------------------------------------------------------


def open_pairings(combat: Combat) -> tuple[tuple[CardId, CardId], ...]:
    """The ``(attacker, blocker)`` pairings not yet placed in the damage order."""
    done = set(combat.order)
    return tuple((a, b) for b, a in combat.blocks if (a, b) not in done)


def order_matters(pairings: tuple[tuple[CardId, CardId], ...]) -> bool:
    """Whether two open pairings share an attacker or a blocker (06.3): otherwise every
    order gives the same damage."""
    attackers = [a for a, _ in pairings]
    blockers = [b for _, b in pairings]
    return len(set(attackers)) < len(attackers) or len(set(blockers)) < len(blockers)


def _order_candidates(s: S) -> Iterable[Action]:
    return tuple(DamageOrder(a, b) for a, b in open_pairings(_combat(s)))


def _order_why_not(s: S, a: DamageOrder) -> str | None:
    if (a.attacker, a.blocker) not in open_pairings(_combat(s)):
        return f"#{a.blocker} does not block #{a.attacker}, or that pairing is already ordered"
    return None


def _order_perform(s: S, a: DamageOrder) -> S:
    combat = _combat(s)
    combat = replace(combat, order=(*combat.order, (a.attacker, a.blocker)))
    return s.evolve(game=replace(s.game, combat=combat))


def _order_settle(s: S) -> S | None:
    combat = _combat(s)
    rest = open_pairings(combat)
    if order_matters(rest):
        return None
    combat = replace(combat, order=(*combat.order, *rest))
    return fire(s.evolve(game=replace(s.game, combat=combat)), "ordered")


ORDER = dispatch(
    (Rule(DamageOrder, _order_why_not, _order_perform),),
    candidates=_order_candidates,
    decider=active_player,
    settle=_order_settle,
)

# damage ---------------------------------------------------------------------------------


def assign(s: S) -> tuple[dict[CardId, int], dict[CardId, int], int]:
    """(06.3, 06.4) the damage of the fight: to each unit, and to the defending player."""
    game = s.game
    combat = _combat(s)
    slots = {}
    for unit in chain(combat.attackers, (b for b, _ in combat.blocks)):
        slot = slot_of(game, unit)
        if slot is not None:
            slots[unit] = slot
    left = {a: attack(game, slots[a]) for a in combat.attackers if a in slots}
    room = {b: max(0, life(game, slots[b])) for b, _ in combat.blocks if b in slots}
    damage: dict[CardId, int] = {}
    for a, b in combat.order:
        if a in left and b in room:
            amount = min(left[a], room[b])
            left[a] -= amount
            room[b] -= amount
            damage[b] = damage.get(b, 0) + amount
    for b, a in combat.blocks:
        if a in left and b in slots:
            damage[a] = damage.get(a, 0) + attack(game, slots[b])
    return damage, left, sum(left.values())


def damage_step(s: S) -> S:
    """(06.4) deal the damage at once; the dead die; surviving attackers go back to the
    infirmary if it has room (R-06.1-return); the fight ends."""
    damage, _, excess = assign(s)
    for unit, amount in damage.items():
        slot = slot_of(s.game, unit)
        assert slot is not None
        s = change_slot(s, unit, damage=slot.damage + amount)
    foe = defender(s)
    s = update_player(s, foe, life=s.game.players[foe].life - excess)
    s = deaths(s)
    me = s.game.active
    for unit in _combat(s).attackers:
        on_field = any(x.card == unit for x in s.game.players[me].battlefield)
        if on_field and free(s.game, me, Row.INFIRMARY) > 0:
            s, slot = remove_slot(s, unit)
            s = add_slot(s, me, Row.INFIRMARY, slot)
    s = s.evolve(game=replace(s.game, combat=None))
    return fire(s, "resolved")


def tidy(s: S) -> S:
    """A state check: a unit that left the battlefield during the fight leaves it."""
    combat = s.game.combat
    if combat is None:
        return s
    active, foe = s.game.players[s.game.active], s.game.players[defender(s)]
    mine = {x.card for x in active.battlefield}
    theirs = {x.card for x in foe.battlefield}
    attackers = tuple(a for a in combat.attackers if a in mine)
    blocks = tuple((b, a) for b, a in combat.blocks if b in theirs and a in mine)
    order = tuple((a, b) for a, b in combat.order if (b, a) in blocks)
    new = Combat(attackers, blocks, order)
    return s if new == combat else s.evolve(game=replace(s.game, combat=new))
