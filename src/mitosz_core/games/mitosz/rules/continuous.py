"""Lasting effects: what is in force now, and what it does to levels, power, permissions,
immunity and limits (4.2.5, 5.7, 5.10, 5.12, golden rule 2).

Two sources of lasting effects: effects that maneuvers created with a duration
(:attr:`Game.effects`), and the always-on locked bound maneuvers of cards on the board
(4.2.6 *zárt*: "always active"). An intrigue's effect counts once on each card or
player it reaches, however many copies of the intrigue are in force (3.6, ruling
R-3.6-once). Every rule limit that card text may change is read here, so a card
changes a rule by being in force, never by a special case in the rule's code (G2).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar, cast

from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    BecomeType,
    ChangeLevel,
    ChangePower,
    Every,
    Grant,
    Immunity,
    MakeImmune,
    NeutralizeAbility,
    Permission,
    PlayerPermission,
    SetHandSize,
    SetLevel,
    User,
    Who,
)
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import (
    board_cards,
    controller,
    is_high_god_leader,
    leader_slot,
)
from mitosz_core.games.mitosz.rules.fights.core import (
    fight_side,
    fighting_on_side,
    kept_out_of_fight,
    own_type,
    reach_of,
    troop_maneuvers_act,
)
from mitosz_core.games.mitosz.rules.hosting import host_of
from mitosz_core.games.mitosz.rules.precedence import settle_ties, strongest
from mitosz_core.games.mitosz.rules.selectors import allied, def_matches, printed_matches
from mitosz_core.games.mitosz.state import (
    CardId,
    Game,
    cached,
    derived,
    keys_by_player,
    memoised,
)
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.kernel.compiled import mypyc_attr
from mitosz_core.kernel.values import replace

HAND_SIZE = 7
"""The hand size (*kézméret*, 1.5.2) unless card text changes it."""


E = TypeVar("E", bound=AnyEffect, covariant=True)
K = TypeVar("K", bound=AnyEffect)


@mypyc_attr(native_class=False)  # generic: mypyc cannot compile it
@dataclass(frozen=True, slots=True)
class Lasting(Generic[E]):
    """An effect in force: ``key`` names it for 5.9 tie-breaks (``e<id>`` for a created
    effect, ``s<card>.<index>`` for a locked maneuver); ``target`` is a fixed card, or
    ``None`` when the effect's selector decides (5.7). Typed by its effect's class, as
    :func:`lasting_of` gives it. ``earlier`` are the effects in force before it that are
    the same effect of the same intrigue (3.6): where one of them reaches a card or a
    player, this one does not (ruling R-3.6-once)."""

    key: str
    effect: E
    player: int
    source: CardId | None
    target: CardId | None
    earlier: tuple[Lasting[AnyEffect], ...] = ()


AnyLasting: TypeAlias = "Lasting[AnyEffect]"
"""A lasting effect of any class."""


def lasting(game: Game) -> tuple[AnyLasting, ...]:
    """Every lasting effect in force, created ones first, then locked maneuvers."""
    found: tuple[AnyLasting, ...] | None = memoised(game, "lasting")
    if found is not None:
        return found
    return cached(
        game,
        "lasting",
        (game.effects, game.fight),  # the fight: 3.8, 7.2.1
        lambda: tuple(_lasting(game)),
    )


def lasting_of(game: Game, kind: type[K]) -> tuple[Lasting[K], ...]:
    """The lasting effects in force (:func:`lasting`) whose effect is a ``kind`` (an
    effect class; they have no subclasses), in their order there: a view cached with it,
    so that a rule asking for one kind of effect (a power change, say) does not walk the
    others. Typed by ``kind``: the caller reads each effect's own fields, no
    ``isinstance`` standing in."""
    kinds: dict[type, tuple[AnyLasting, ...]] | None = memoised(game, "lasting-kinds")
    if kinds is None:
        kinds = cached(
            game,
            "lasting-kinds",
            (game.effects, game.fight),  # those of lasting()
            lambda: _by_kind(lasting(game)),
        )
    # the index groups by the effect's exact class (_by_kind), so this is its type
    return cast("tuple[Lasting[K], ...]", kinds.get(kind, ()))


def _by_kind(items: tuple[AnyLasting, ...]) -> dict[type, tuple[AnyLasting, ...]]:
    kinds: dict[type, list[AnyLasting]] = {}
    for item in items:
        kinds.setdefault(type(item.effect), []).append(item)
    return {k: tuple(v) for k, v in kinds.items()}


def _lasting(game: Game) -> Iterator[AnyLasting]:
    raw = tuple(_raw_lasting(game))
    silencers = [item for item in raw if isinstance(item.effect, NeutralizeAbility)]
    copies: dict[tuple[str, AnyEffect], list[AnyLasting]] = {}
    for item in raw:
        # 5.5: a card whose ability is neutralised keeps no locked ability in force
        # (ruling R-5.5-locked: which cards are neutralised is read before immunity)
        if item.key.startswith("s") and any(_reaches(game, n, item.source) for n in silencers):
            continue
        if item.source is not None and game.card(item.source).type is CardType.INTRIGUE:
            # 3.6: the same intrigue takes effect once; its identical effects do not
            # combine (ruling R-3.6-once), whichever copy and player they come from
            same = copies.setdefault((game.card(item.source).key, item.effect), [])
            if same:
                item = replace(item, earlier=tuple(same))
            same.append(item)
        yield item


def _raw_lasting(game: Game) -> Iterator[AnyLasting]:
    for e in game.effects:
        yield Lasting(f"e{e.id}", e.effect, e.player, e.source, e.target)
    for side in range(len(game.players)):
        for troop, item in _locked_on_side(game, side):
            if troop is not None and not troop_maneuvers_act(game, troop):
                continue  # 3.8: a support or reserve troop giving its level has no ability
            yield item


_LOCKED_LASTING = keys_by_player("locked lasting")


def _locked_on_side(game: Game, side: int) -> tuple[tuple[CardId | None, AnyLasting], ...]:
    """The locked maneuvers printed on the cards of ``side``'s side of the board that
    make a lasting effect, in board order, each with its card if that is a troop (whose
    maneuvers act only in some lines of a fight, 3.8): a view of that side's realm
    alone (:func:`.state.derived`), so that a change to another side does not walk
    this one's cards again."""
    return derived(
        game,
        _LOCKED_LASTING[side],
        (game.players[side].realm,),
        lambda: tuple(_locked_printed(game, side)),
    )


def _locked_printed(game: Game, side: int) -> Iterator[tuple[CardId | None, AnyLasting]]:
    for card in board_cards(game, side):
        d = game.card(card)
        if not d.maneuvers or d.type is CardType.MANEUVER:
            continue
        troop = card if d.type is CardType.TROOP else None
        for index, m in enumerate(d.maneuvers):
            if m.locked and m.effect.lasting:
                target = card if isinstance(getattr(m.effect, "target", None), User) else None
                yield troop, Lasting(f"s{card}.{index}", m.effect, side, card, target)


def _reaches(game: Game, item: AnyLasting, card: CardId | None) -> bool:
    """Whether ``item`` names ``card``, immunity aside."""
    if card is None:
        return False
    if item.target is not None:
        return item.target == card
    target = getattr(item.effect, "target", None)
    side = controller(game, card)
    if game.fight is not None:
        confined = reach_of(game, item.source)  # 7.2.1: a fighting card's reach
        if confined is not None and card not in confined:
            return False
        if (
            item.key.startswith("s")
            and item.effect.affects_fights  # not a power change (ruling R-7.2.1-power)
            and kept_out_of_fight(game, item.source, card)
        ):
            return False  # 7.2.1, 7.3.5, 7.5.2: an always-on effect from outside the fight
    return (
        isinstance(target, Every)
        and side is not None
        and printed_matches(game, item.player, side, card, target.cards, item.source)
    )


def applies_to(game: Game, item: AnyLasting, card: CardId) -> bool:
    """Whether a lasting card effect reaches ``card`` now (5.7, 5.17), unless the card
    is immune to that kind of effect (5.12), or the same effect of the same intrigue
    reaches it already (3.6, ruling R-3.6-once)."""
    if not _applies(game, item, card):
        return False
    return not item.earlier or not any(_applies(game, e, card) for e in item.earlier)


def _applies(game: Game, item: AnyLasting, card: CardId) -> bool:
    reaches = _reaches(game, item, card)
    if not reaches or isinstance(item.effect, MakeImmune):
        return reaches
    return not any(immune(game, card, kind) for kind in source_kinds(game, item, card))


def source_kinds(game: Game, item: AnyLasting, card: CardId) -> tuple[Immunity, ...]:
    """The kinds of effect a lasting effect is, for immunity (5.12)."""
    kinds: list[Immunity] = []
    if item.source is not None:
        d = game.card(item.source)
        if d.type is CardType.INTRIGUE:
            kinds.append(Immunity.INTRIGUE)
        elif d.type is CardType.FATE:
            kinds.append(Immunity.FATE)
        else:
            kinds.append(Immunity.MANEUVER)
        if d.has_subtype(Subtype.CALAMITY):
            kinds.append(Immunity.CALAMITY)
    side = controller(game, card)
    if side is not None and not allied(game, side, item.player):  # 5.14
        kinds.append(Immunity.ENEMY)
    return tuple(kinds)


def covers(item: AnyLasting, player: int) -> bool:
    """Whether a lasting player effect reaches ``player``: once, however many copies of
    its intrigue are in force (3.6, ruling R-3.6-once)."""
    if not _covers(item, player):
        return False
    return not item.earlier or not any(_covers(e, player) for e in item.earlier)


def _covers(item: AnyLasting, player: int) -> bool:
    who: Who = getattr(item.effect, "who", Who.ME)
    if who is Who.EACH_PLAYER:
        return True
    return (player == item.player) == (who is Who.ME)


# --- levels and power -------------------------------------------------------------------


def level_bonus(game: Game, card: CardId) -> int:
    """What lasting level changes add to ``card`` (for roads: 3.2.1)."""
    return sum(
        item.effect.amount for item in lasting_of(game, ChangeLevel) if applies_to(game, item, card)
    )


def power_bonus(game: Game, card: CardId) -> int:
    """What lasting power changes add to ``card``."""
    return sum(
        item.effect.amount for item in lasting_of(game, ChangePower) if applies_to(game, item, card)
    )


# --- neutralised abilities and card types (5.5, 5.16) ---------------------------------------


def neutralized(game: Game, card: CardId) -> bool:
    """Whether ``card``'s ability is neutralised now (5.5): it gives no level, cannot use
    maneuvers and its locked and timed abilities are out of force; its types stay (2.7)."""
    return any(applies_to(game, item, card) for item in lasting_of(game, NeutralizeAbility))


def card_type(game: Game, card: CardId) -> CardType:
    """A card's current card type (5.16): the printed one, or the type a lasting effect
    gave it, which replaces the old one (the strongest such effect wins, 5.9). Every rule
    that depends on the type of a card on the board reads it here."""
    printed = own_type(game, card)  # 8.monster.1: a monster in a fight is a troop
    changers: tuple[Lasting[BecomeType], ...] | None = memoised(game, "type-changers")
    if changers is None:
        changers = cached(
            game,
            "type-changers",
            (game.effects, game.fight),  # those of lasting()
            lambda: _type_changers(game),
        )
    if not changers:
        return printed
    found = [item for item in changers if applies_to(game, item, card)]
    if not found:
        return printed
    return strongest(game, found).effect.card_type


def _type_changers(game: Game) -> tuple[Lasting[BecomeType], ...]:
    """The lasting effects in force that give cards a new type (5.16)."""
    return lasting_of(game, BecomeType)


# --- permissions and immunity -------------------------------------------------------------


def permitted(game: Game, card: CardId, permission: Permission, default: bool = False) -> bool:
    """Whether ``card`` has ``permission`` now: grants and denials conflict, and the
    strongest source decides (5.9); with none in force, the rule's ``default``."""
    found = [
        item
        for item in lasting_of(game, Grant)
        if item.effect.permission is permission and applies_to(game, item, card)
    ]
    if not found:
        return default
    return strongest(game, found).effect.allow


def immune(game: Game, card: CardId, kind: Immunity, beside: bool = True) -> bool:
    """Whether ``card`` is immune to ``kind`` (5.12): by its own rules (3.4.3, 8.shrine),
    by a lasting effect, through a card it is attached to directly or indirectly (*akár
    közvetve*: its host, its host's host ..., whatever kind of attachment,
    :func:`~.hosting.host_of`), or (``beside``) through a card fighting on its side."""
    d = game.card(card)
    if (  # 3.4.3: its owner's high god, wherever it is (ruling R-3.4.3-stolen)
        kind is Immunity.INTRIGUE
        and leader_slot(game, card) is not None
        and is_high_god_leader(game, game.owner(card), card)
    ):
        return True
    if kind is Immunity.CALAMITY and d.type is CardType.LOCATION and d.has_subtype(Subtype.SHRINE):
        return True
    for item in lasting_of(game, MakeImmune):
        if item.effect.to is kind and applies_to(game, item, card):
            return True
    host = host_of(game, card)
    if host is not None and immune(game, host, kind, beside=False):
        return True
    side = fight_side(game, card) if beside and game.fight is not None else None
    return side is not None and cached(  # 5.12: "az oldalán harcoló lapok"
        game,
        ("immune-side", side, kind),
        (game.effects, game.fight),
        lambda: any(immune(game, c, kind, beside=False) for c in fighting_on_side(game, side)),
    )


# --- limits that card text may change (G2) ------------------------------------------------


def hand_size(game: Game, player: int) -> int:
    """The hand size in force for ``player`` (1.5.2), or the strongest setter's (5.9)."""
    found = [item for item in lasting_of(game, SetHandSize) if covers(item, player)]
    if not found:
        return HAND_SIZE
    return strongest(game, found).effect.size


def player_may(game: Game, player: int, permission: Permission, card: CardId | None) -> bool:
    """Whether a lasting effect gives ``player`` a permission (1.5.3, 3.2.1), for ``card``
    (judged by its printed data) when one is named."""
    for item in lasting_of(game, PlayerPermission):
        e = item.effect
        if (
            e.permission is permission
            and covers(item, player)
            and (card is None or def_matches(game, card, e.cards))
        ):
            return True
    return False


def extra_people(game: Game, player: int) -> int:
    """How many more peoples than one ``player`` may place this turn (3.2.1, G2)."""
    return sum(
        1
        for item in lasting_of(game, PlayerPermission)
        if item.effect.permission is Permission.EXTRA_PEOPLE and covers(item, player)
    )


# --- settling conflicts ------------------------------------------------------------------


def settle_conflicts(s: S) -> S:
    """Settle by reveal every tied conflict now in force (5.9): opposite grants of one
    permission on a card, different levels set on a card, different hand sizes.

    Conflicts are rare, so the search starts only where one is possible at all: a
    permission both granted and denied somewhere, or two different values set."""
    game = s.game
    items = lasting(game)
    if len(items) < 2:
        return s
    possible = cached(game, "conflicts", (items,), lambda: _possible_conflicts(items))
    if possible is None:
        return s
    contested, setters, types, sizes = possible
    levels, retyped = bool(setters), bool(types)
    groups: list[list[AnyLasting]] = []
    if contested or levels or retyped:
        # a grant and a denial must both reach a card: the fewer side is asked first
        fewer = [_fewer_side(found) for found in contested]
        for card in (c for side in range(len(game.players)) for c in board_cards(game, side)):
            for found, first in zip(contested, fewer, strict=True):
                if not any(applies_to(game, i, card) for i in first):
                    continue
                here = [i for i in found if applies_to(game, i, card)]
                if len({i.effect.allow for i in here if isinstance(i.effect, Grant)}) > 1:
                    groups.append(here)
            if levels:
                here = [i for i in setters if applies_to(game, i, card)]
                if len({i.effect.level for i in here if isinstance(i.effect, SetLevel)}) > 1:
                    groups.append(here)
            if retyped:  # 5.16 with 5.9: two new card types on one card
                here = [i for i in types if applies_to(game, i, card)]
                if len({i.effect.card_type for i in here if isinstance(i.effect, BecomeType)}) > 1:
                    groups.append(here)
    if sizes:
        for player in range(len(game.players)):
            mine = [i for i in sizes if covers(i, player)]
            if len({i.effect.size for i in mine if isinstance(i.effect, SetHandSize)}) > 1:
                groups.append(mine)
    return settle_ties(s, groups) if groups else s


def _fewer_side(found: list[AnyLasting]) -> list[AnyLasting]:
    """Of a permission's grants and denials in force (a contested one, 5.9), the side
    with fewer effects: a card has that conflict only if one of these reaches it."""
    allowing = [i for i in found if isinstance(i.effect, Grant) and i.effect.allow]
    denying = [i for i in found if not (isinstance(i.effect, Grant) and i.effect.allow)]
    return allowing if len(allowing) <= len(denying) else denying


def _possible_conflicts(
    items: tuple[AnyLasting, ...],
) -> tuple[list[list[AnyLasting]], list[AnyLasting], list[AnyLasting], list[AnyLasting]] | None:
    """Where a 5.9 conflict is possible at all among ``items``: the permissions both
    granted and denied, the level setters and new types when they differ, and the hand
    sizes when they differ; ``None`` when there is none (the usual case, remembered per
    tuple of effects)."""
    grants: dict[Permission, list[AnyLasting]] = {}
    setters: list[AnyLasting] = []
    sizes: list[AnyLasting] = []
    types: list[AnyLasting] = []
    for item in items:
        e = item.effect
        if isinstance(e, BecomeType):
            types.append(item)
        elif isinstance(e, Grant):
            grants.setdefault(e.permission, []).append(item)
        elif isinstance(e, SetLevel):
            setters.append(item)
        elif isinstance(e, SetHandSize):
            sizes.append(item)
    contested = [
        found
        for found in grants.values()
        if len({i.effect.allow for i in found if isinstance(i.effect, Grant)}) > 1
    ]
    if len({i.effect.level for i in setters if isinstance(i.effect, SetLevel)}) < 2:
        setters = []
    if len({i.effect.card_type for i in types if isinstance(i.effect, BecomeType)}) < 2:
        types = []
    if len({i.effect.size for i in sizes if isinstance(i.effect, SetHandSize)}) < 2:
        sizes = []
    if not (contested or setters or types or sizes):
        return None
    return contested, setters, types, sizes
