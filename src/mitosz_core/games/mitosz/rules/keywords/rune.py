"""The rune keyword (*rúna*, 8.rune), whole: a scribe (*írnok*) uses a rune (a free
maneuver of the rune subtype) from hand and attaches it to a permanent or troop on the
board (:class:`AttachRune`); it takes hold on that card only and stays on it
as its bound maneuver (3.9), acting on that card only. A magical or cursed rune makes
the card magical or cursed (2.4; :func:`~..board.is_magical`, :func:`~..board.is_cursed`
read the relation). It leaves the board with its card (1.4.2), and goes to the
underworld when a use of it is neutralised (5.15). Ruling R-8.rune.

:data:`RUNE` declares it; the summoning step takes its rule and candidates from there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from mitosz_core.games.mitosz.actions import KeywordActionBase, SacrificeBuilding
from mitosz_core.games.mitosz.cards import CardType, linked
from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    Cards,
    Chosen,
    Every,
    Maneuver,
    Sequence,
    User,
)
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.bearing import bound_host
from mitosz_core.games.mitosz.rules.board import (
    board_cards,
    controller,
    remove_to_underworld,
)
from mitosz_core.games.mitosz.rules.counter_round import push
from mitosz_core.games.mitosz.rules.high_god import why_not_pay
from mitosz_core.games.mitosz.rules.hosting import attach
from mitosz_core.games.mitosz.rules.keywords.keyword import Keyword, KeywordAction
from mitosz_core.games.mitosz.rules.maneuvers import (
    FREE,
    effects_of,
    free_users,
    pending_target,
    qualifying_users,
    take_free_maneuver,
    total_cost,
    why_not_ready,
    why_not_timing,
)
from mitosz_core.games.mitosz.rules.selection import matches
from mitosz_core.games.mitosz.rules.zones import to_underworld
from mitosz_core.games.mitosz.state import AttachKind, Attachment, CardId, Game, ManeuverPending
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.kernel.steps import Rule
from mitosz_core.kernel.values import replace


@dataclass(frozen=True, slots=True)
class AttachRune(KeywordActionBase):
    """A scribe ``user`` uses rune ``card`` (a free maneuver) from hand and attaches it to
    ``target``: its maneuver ``index`` takes hold on that card only, and stays on it as a
    bound maneuver (8.rune, 3.9, ruling R-8.rune)."""

    card: int
    user: int
    target: int
    index: int = 0

    def __str__(self) -> str:
        return f"attach_rune(#{self.card} by #{self.user} to #{self.target})"


AttachRune.kind = "attach_rune"


def is_rune(game: Game, card: CardId) -> bool:
    """A rune: a free-maneuver card of the rune subtype (8.rune)."""
    d = game.card(card)
    return d.type is CardType.MANEUVER and d.has_subtype(Subtype.RUNE)


def selector(m: Maneuver) -> Cards | None:
    """The cards the rune's maneuver acts on, when it names a card selector."""

    stack: list[AnyEffect] = list(effects_of(m, 1 + len(m.steps)))
    while stack:
        e = stack.pop(0)
        if isinstance(e, Sequence):
            stack[:0] = e.effects
            continue
        target = getattr(e, "target", None)
        if isinstance(target, Chosen | Every):
            return target.cards
    return None


def focus(effect: AnyEffect) -> AnyEffect:
    """``effect`` acting only on the chosen card, the rune's card (8.rune): every card
    target becomes that one card."""
    if isinstance(effect, Sequence):
        return Sequence(tuple(focus(e) for e in effect.effects))
    if isinstance(getattr(effect, "target", None), Chosen | Every | User):
        focused: AnyEffect = replace(effect, target=Chosen(Cards()))
        return focused
    return effect


def focused(m: Maneuver) -> Maneuver:
    """Maneuver ``m`` restricted to the card its rune is attached to (8.rune)."""
    steps = tuple(replace(step, effect=focus(step.effect)) for step in m.steps)
    return replace(m, effect=focus(m.effect), steps=steps)


def rune_candidates(s: S, player: int) -> Iterator[AttachRune]:
    """Every rune attachment worth testing for ``player``."""

    game = s.game
    for card in game.players[player].hand:
        if not is_rune(game, card):
            continue
        hosts = [
            c
            for side in range(len(game.players))
            for c in board_cards(game, side)
            if side == player or game.card(card).cursed
        ]
        for user in free_users(s, player, card):
            if game.card(user).has_subtype(Subtype.SCRIBE):
                for index, m in enumerate(game.card(card).maneuvers):
                    if why_not_ready(s, user, FREE, m) is not None:
                        continue  # 3.4.1, 4.2.6, 4.5
                    for host in hosts:
                        yield AttachRune(card, user, host, index)


def why_not_attach_rune(s: S, player: int, a: AttachRune) -> str | None:
    """8.rune: a scribe of one's own uses a rune from hand to attach it to a permanent or
    troop on one's own side (a cursed rune onto an enemy's card too, 2.4) that its
    maneuver can act on; timing and use cost as for any use (4.2.1, 4.2.2)."""

    game = s.game
    if a.card not in game.players[player].hand:
        return f"#{a.card} is not in your hand"
    d = game.card(a.card)
    if not is_rune(game, a.card):
        return f"{d.name} is not a rune (8.rune)"
    if not 0 <= a.index < len(d.maneuvers):
        return f"{d.name} has no maneuver {a.index}"
    m = d.maneuvers[a.index]
    if pending_target(m) is not None:
        return "a rune that acts on a pending event has no card to act on (ruling R-8.rune)"
    if not game.card(a.user).has_subtype(Subtype.SCRIBE):
        return f"{game.card(a.user).name} is not a scribe: only a scribe attaches a rune (8.rune)"
    if a.user not in set(qualifying_users(s, player, a.card)):
        return f"#{a.user} may not use {d.name} (3.9)"
    side = controller(game, a.target)
    host = game.card(a.target)
    if side is None or host.type in (CardType.HIGH_GOD, CardType.MANEUVER):
        return f"#{a.target} is not a permanent or troop on the board (8.rune, 3.1)"
    if side != player and not d.cursed:
        return f"only a cursed rune is attached to an enemy card (2.4): #{a.target} is not yours"
    cards = selector(m)
    if cards is not None and not matches(game, player, side, a.target, cards, a.user):
        return f"{d.name} cannot act on {host.name}, so it cannot be attached to it (8.rune)"
    return (
        why_not_ready(s, a.user, FREE, m)  # 3.4.1, 4.2.6, 4.5
        or why_not_timing(s, player, m)
        or why_not_pay(
            game.players[player].spheres, total_cost(m, 1, 1, linked(d, game.card(a.user)))
        )
    )


def attach_rune(s: S, player: int, a: AttachRune) -> tuple[S, ManeuverPending]:
    """4.6.1-4.6.3 for a rune being attached: shown, paid, the scribe turns; it waits on
    the stack with the card it goes onto."""

    s = take_free_maneuver(s, player, a.card, a.index, a.user, 1)
    item = ManeuverPending(
        0,
        player,
        card=a.card,
        user=a.user,
        maneuver=a.index,
        target=a.target,
        keyword_card=a.card,
    )
    return s, item


def rune_resolution(
    s: S, item: ManeuverPending, m: Maneuver
) -> tuple[S, ManeuverPending | None, Maneuver]:
    """A resolving use that concerns a rune (8.rune): the state, the use as it goes on to
    take hold (``None`` if it ends here) and its maneuver, focused on the rune's card.

    Being attached, a rune that is neutralised, or whose card has left the board, goes
    to the underworld. Once attached, it stays until its card leaves the board or a use
    of it is neutralised (5.15)."""
    game = s.game
    rune = item.keyword_card
    assert rune is not None
    if item.card == rune:  # a scribe attaching it
        host = item.target
        if item.neutralized or host is None or controller(game, host) is None:
            return to_underworld(s, (rune,)), None, m
        s = s.evolve(game=attach(game, Attachment(rune, host, AttachKind.KEYWORD)))
        return s, replace(item, card=None), focused(m)
    host = bound_host(game, rune)
    if item.neutralized:
        return (s if host is None else remove_to_underworld(s, rune)), None, m
    return s, item, focused(m)


# --- the declaration --------------------------------------------------------------------------


def _describe(a: AttachRune, name: Callable[[int | None], str]) -> str:
    return f"has {name(a.user)} attach the rune {name(a.card)} to {name(a.target)}"


def _attach(s: S, a: AttachRune) -> S:
    s, item = attach_rune(s, s.game.active, a)
    return push(s, item)


def _candidates(s: S, player: int) -> Iterator[AttachRune]:
    for rune in rune_candidates(s, player):
        if why_not_attach_rune(s, player, rune) is None:
            yield rune


RUNE = Keyword(
    name="rune",
    subtype=Subtype.RUNE,
    rules=("8.rune", "3.9", "2.4"),
    kind=AttachKind.KEYWORD,
    leaves=(
        "goes to the underworld with the card it is attached to, after that card's other"
        " attachments (1.4.2); alone when a use of it is neutralised (5.15)"
    ),
    main_rules=(Rule(AttachRune, lambda s, a: why_not_attach_rune(s, s.game.active, a), _attach),),
    main_candidates=_candidates,
    actions=(
        KeywordAction(
            AttachRune,
            (("card", "hand"), ("user", "own"), ("target", "any"), ("index", "index")),
            after=SacrificeBuilding,
            describe=_describe,
        ),
    ),
    slots=4,  # runes attached to board cards, whoever attached them: 4 in the built-in decks
    resolve_use=rune_resolution,
    acting=focused,
    concerns=(Subtype.SCRIBE,),
)
"""The rune keyword (8.rune)."""
