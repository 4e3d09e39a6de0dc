"""Attaching artifacts and upgrades (02.6, 02.7, 08).

An artifact waits in the infirmary until attached to a unit (02.8.2); attaching costs
nothing more (R-02.8.2). An upgrade is played into the sanctuary for aura and waits there
without effect (08.1, 11.7) until attached to a place, for its special attach cost (08):

===========  ==========================================  =====
Agora        discard 2 cards                             08.2
Akropolis    5 life                                      08.3
Bibliothek   discard 4 cards                             08.4
Nekropolis   5 life                                      08.5
Orakel       3 life                                      08.6
Schmiede     sacrifice 2 of your units                   08.7
Stadtmauer   sacrifice 1 of your units                   08.8
Tempel       2 life, from you or from one of your units  08.9
===========  ==========================================  =====

Life is paid only while it leaves the player alive (R-08-life). Discards and sacrifices
are chosen one at a time in ``turn.pay``; the attach may wait as long as the player likes
(08.ex-library).
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mythos.actions import Attach, PayDiscard, PayLife, PaySacrifice
from mitosz_core.games.mythos.cards import AttachCostKind, CardType
from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.effects import kill
from mitosz_core.games.mythos.rules.flow import active_player, fire
from mitosz_core.games.mythos.rules.zones import (
    change_slot,
    remove_slot,
    slot_of,
    take_from_hand,
    to_graveyard,
    unit_ids,
    update_player,
)
from mitosz_core.games.mythos.state import CardId, Payment, Slot
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule, dispatch
from mitosz_core.kernel.values import replace


def _loose(s: S, player: int, kind: CardType) -> tuple[Slot, ...]:
    """Artifacts or upgrades of ``player`` not attached yet (each in a slot of its own)."""
    p = s.game.players[player]
    rows = p.infirmary if kind is CardType.ARTIFACT else p.sanctuary
    return tuple(x for x in rows if s.game.card(x.card).type is kind)


def _hosts(s: S, player: int, kind: CardType) -> tuple[Slot, ...]:
    """Units (for an artifact) or places (for an upgrade) with nothing attached yet."""
    p = s.game.players[player]
    if kind is CardType.ARTIFACT:
        rows = (*p.battlefield, *p.infirmary)
        want = CardType.UNIT
    else:
        rows = p.sanctuary
        want = CardType.PLACE
    return tuple(x for x in rows if s.game.card(x.card).type is want and x.attached is None)


def attach_candidates(s: S, player: int) -> Iterator[Action]:
    for kind in (CardType.ARTIFACT, CardType.UPGRADE):
        hosts = _hosts(s, player, kind)
        for loose in _loose(s, player, kind):
            for host in hosts:
                yield Attach(loose.card, host.card)


def why_not_pay(s: S, player: int, upgrade: CardId) -> str | None:
    """Whether the attach cost of ``upgrade`` can be paid now (08, 11.5)."""
    cost = s.game.card(upgrade).attach_cost
    assert cost is not None
    p = s.game.players[player]
    n = cost.amount
    if cost.kind is AttachCostKind.DISCARD and len(p.hand) < n:
        return f"it costs {n} discards and you hold {len(p.hand)} cards (08)"
    if cost.kind is AttachCostKind.LIFE and p.life <= n:
        return f"it costs {n} life and you have {p.life} (R-08-life)"
    if cost.kind is AttachCostKind.SACRIFICE and len(unit_ids(s.game, player)) < n:
        return f"it costs {n} of your units and you have {len(unit_ids(s.game, player))} (08)"
    if cost.kind is AttachCostKind.LIFE_OR_UNIT and p.life <= n and not unit_ids(s.game, player):
        return f"it costs {n} life, from you or a unit, and neither can pay it (08.9)"
    return None


def why_not_attach(s: S, player: int, a: Attach) -> str | None:
    game = s.game
    kind = game.card(a.card).type
    if kind not in (CardType.ARTIFACT, CardType.UPGRADE):
        return f"{game.card(a.card).name_en} is a {kind.value}: only artifacts and upgrades attach"
    if a.card not in {x.card for x in _loose(s, player, kind)}:
        return f"#{a.card} is not an unattached {kind.value} of yours"
    if a.to not in {x.card for x in _hosts(s, player, kind)}:
        what = "unit" if kind is CardType.ARTIFACT else "place"
        return f"#{a.to} is not a {what} of yours without an attached card (02.6, 02.7)"
    return None if kind is CardType.ARTIFACT else why_not_pay(s, player, a.card)


def _finish(s: S, payment: Payment) -> S:
    s, _ = remove_slot(s, payment.upgrade)
    s = change_slot(s, payment.place, attached=payment.upgrade)
    return s.evolve(game=replace(s.game, payment=None))


def perform_attach(s: S, player: int, a: Attach) -> S:
    """Attach an artifact (then a window), or start paying an upgrade's attach cost."""
    if s.game.card(a.card).type is CardType.ARTIFACT:
        s, _ = remove_slot(s, a.card)
        return fire(change_slot(s, a.to, attached=a.card), "acted")
    cost = s.game.card(a.card).attach_cost
    assert cost is not None
    payment = Payment(a.card, a.to, cost.amount)
    if cost.kind is AttachCostKind.LIFE:
        s = update_player(s, player, life=s.game.players[player].life - cost.amount)
        return fire(_finish(s, payment), "acted")
    return fire(s.evolve(game=replace(s.game, payment=payment)), "attach_upgrade")


# paying, one choice at a time ---------------------------------------------------------------


def _payment(s: S) -> tuple[Payment, AttachCostKind]:
    payment = s.game.payment
    assert payment is not None
    cost = s.game.card(payment.upgrade).attach_cost
    assert cost is not None
    return payment, cost.kind


def _pay_candidates(s: S) -> Iterator[Action]:
    _, kind = _payment(s)
    me = s.game.active
    if kind is AttachCostKind.DISCARD:
        yield from (PayDiscard(c) for c in s.game.players[me].hand)
    elif kind is AttachCostKind.SACRIFICE:
        yield from (PaySacrifice(u) for u in unit_ids(s.game, me))
    else:
        yield PayLife(None)
        yield from (PayLife(u) for u in unit_ids(s.game, me))


_PAID_WITH: dict[AttachCostKind, type[Action]] = {
    AttachCostKind.DISCARD: PayDiscard,
    AttachCostKind.SACRIFICE: PaySacrifice,
    AttachCostKind.LIFE_OR_UNIT: PayLife,
    AttachCostKind.LIFE: PayLife,
}
"""The action class each kind of attach cost is paid with (08)."""


def _why_not_kind(s: S, cls: type[Action]) -> str | None:
    payment, kind = _payment(s)
    wanted = _PAID_WITH[kind]
    if cls is not wanted:
        return f"{s.game.card(payment.upgrade).name_en} is paid with {wanted.kind} (08)"
    return None


def _discard_why_not(s: S, a: PayDiscard) -> str | None:
    reason = _why_not_kind(s, PayDiscard)
    if reason is None and a.card not in s.game.players[s.game.active].hand:
        return f"#{a.card} is not in your hand"
    return reason


def _sacrifice_why_not(s: S, a: PaySacrifice) -> str | None:
    reason = _why_not_kind(s, PaySacrifice)
    if reason is None and a.unit not in unit_ids(s.game, s.game.active):
        return f"#{a.unit} is not one of your units in play"
    return reason


def _life_why_not(s: S, a: PayLife) -> str | None:
    reason = _why_not_kind(s, PayLife)
    if reason is not None:
        return reason
    payment, _ = _payment(s)
    me = s.game.active
    p = s.game.players[me]
    if a.unit is None and p.life <= payment.left:
        return f"it costs {payment.left} life and you have {p.life} (R-08-life)"
    if a.unit is not None and a.unit not in unit_ids(s.game, me):
        return f"#{a.unit} is not one of your units in play"
    return None


def _discard(s: S, a: PayDiscard) -> S:
    payment, _ = _payment(s)
    me = s.game.active
    s = to_graveyard(take_from_hand(s, me, a.card), me, (a.card,))
    return s.evolve(game=replace(s.game, payment=replace(payment, left=payment.left - 1)))


def _sacrifice(s: S, a: PaySacrifice) -> S:
    payment, _ = _payment(s)
    s = kill(s, a.unit)
    return s.evolve(game=replace(s.game, payment=replace(payment, left=payment.left - 1)))


def _life(s: S, a: PayLife) -> S:
    payment, _ = _payment(s)
    me = s.game.active
    if a.unit is None:
        s = update_player(s, me, life=s.game.players[me].life - payment.left)
    else:
        slot = slot_of(s.game, a.unit)
        assert slot is not None  # the gate accepts only a unit in play
        s = change_slot(s, a.unit, damage=slot.damage + payment.left)
    return s.evolve(game=replace(s.game, payment=replace(payment, left=0)))


def _pay_settle(s: S) -> S | None:
    """Attach once paid; pay by itself when every remaining choice must be taken."""
    payment, kind = _payment(s)
    legal = [a for a in _pay_candidates(s) if PAY.why_not(s, a) is None]
    if payment.left > 0 and legal:
        if kind is AttachCostKind.LIFE_OR_UNIT:
            forced = len(legal) == 1
        else:
            forced = len(legal) <= payment.left
        if not forced:
            return None
        for a in legal:
            current = s.game.payment
            if current is None or current.left == 0 or PAY.why_not(s, a) is not None:
                continue
            s = PAY.perform(s, a)
        payment, _ = _payment(s)
    return fire(_finish(s, payment), "paid")


PAY = dispatch(
    (
        Rule(PayDiscard, _discard_why_not, _discard),
        Rule(PaySacrifice, _sacrifice_why_not, _sacrifice),
        Rule(PayLife, _life_why_not, _life),
    ),
    candidates=_pay_candidates,
    decider=active_player,
    settle=_pay_settle,
)
