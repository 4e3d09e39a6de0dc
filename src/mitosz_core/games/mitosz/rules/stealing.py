"""Stealing (*elorzás*, 5.2): a stolen card changes side, never owner (G1).

- A leader in a leader row moves to the thief's row with its items; a war leader (or
  duelist) of the fight in progress cannot be stolen (5.2), nor a monster played into a
  fight, which is a troop there (8.monster.4); a monster in the leader row can be.
- An intrigue moves to the thief's side.
- A stolen leader or intrigue is the thief's only while the effect that stole it lasts:
  a maneuver's until the next turn starts (6.2.1.2) or, used in a fight, until that
  fight ends (7.4.13); a fate's for its rounds (3.7). Then it returns to the player it
  was taken from, with whatever is attached to it then (ruling R-5.2). If it leaves the
  board meanwhile, the theft simply ends (5.2 "a hatás megszűnik").
- A card that must be attached (an item, a location: 5.2) is attached to a card of the
  thief's, which the thief chooses among those it may go onto (3.3, 3.5, chapter 8);
  with none, the steal does nothing. A steal of several such cards asks for each in
  turn. That theft is final (5.2 "Ha a lapot csatolni kell ..., a hatás végleges").
- Maneuver cards cannot be stolen (5.2); other cards (a people, a troop, a mount) cannot
  be stolen by this engine: a steal effect on them does nothing (ruling R-5.2).
"""

from __future__ import annotations

from mitosz_core.games.mitosz.actions import Choose
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import Chosen, Every, Steal
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import controller, leader_slot
from mitosz_core.games.mitosz.rules.fights.core import war_leaders
from mitosz_core.games.mitosz.rules.flow import choice_of, source_of
from mitosz_core.games.mitosz.rules.hooks import Answer
from mitosz_core.games.mitosz.rules.hosting import (
    attach,
    attachment_of,
    detach,
    items_of,
    of_kind,
)
from mitosz_core.games.mitosz.rules.interpret import Handles, targets, used_in_fight
from mitosz_core.games.mitosz.rules.leaders import why_not_target
from mitosz_core.games.mitosz.rules.zones import update_player
from mitosz_core.games.mitosz.state import (
    AttachKind,
    Attachment,
    CardId,
    Choice,
    ChoicePurpose,
    Game,
    Theft,
    Todo,
)
from mitosz_core.kernel.values import replace


def steal_cards(s: S, todo: Todo, effect: Steal) -> S:
    """5.2: each card the effect names is stolen, if it can be (5.17: every card it
    names). A stolen card that must be attached waits for the thief's choice of where it
    goes; the cards named after it are then stolen one by one, each queued as the steal of
    that card alone, so that no choice replaces another not yet answered."""
    cards = targets(s, todo, effect.target)
    lasting = _lasting(s.game, todo)
    for i, card in enumerate(cards):
        s = steal(s, todo.player, card, lasting)
        if s.game.choice is not None and isinstance(effect.target, Every):
            one = Steal(Chosen(effect.target.cards))
            rest = tuple(replace(todo, effect=one, target=c) for c in cards[i + 1 :])
            return s.evolve(game=replace(s.game, todo=(*rest, *s.game.todo)))
    return s


def _lasting(game: Game, todo: Todo) -> Theft:
    """How long a theft by ``todo`` lasts, as a lasting effect of the same source would
    (4.2.5, 6.2.1.2, 7.4.13, 3.7): the template of its :class:`Theft`."""
    fate = todo.free_card
    rounds = game.card(fate).rounds if fate is not None else None
    return Theft(-1, todo.player, -1, rounds, game.active, used_in_fight(game, todo))


def steal(s: S, me: int, card: CardId, lasting: Theft | None = None) -> S:
    """``me`` steals ``card`` (5.2), or nothing happens when it cannot be stolen. A
    leader or an intrigue is the thief's for as long as ``lasting`` says (by default a
    maneuver's effect used outside a fight: until the next turn starts, 6.2.1.2)."""
    game = s.game
    side = controller(game, card)
    if side is None or side == me:
        return s
    d = game.card(card)
    found = leader_slot(game, card)
    if d.type is CardType.LEADER and found is not None:
        # an attached mount or a monster played as a troop is no leader in the row
        # (8.mount, 8.monster.4); a war leader of the fight in progress is not stolen (5.2)
        if game.fight is not None and card in war_leaders(game, game.fight):
            return s
        s = _move(s, card, side, me)
    elif d.type is CardType.INTRIGUE:
        s = _move(s, card, side, me)
    elif d.type in (CardType.ITEM, CardType.LOCATION) and _attached(game, card):
        hosts = new_hosts(game, me, card)
        if not hosts:
            return s
        choice = Choice(me, ChoicePurpose.ATTACH_STOLEN, hosts, source=card)
        return s.evolve(game=replace(s.game, choice=choice))
    else:
        return s
    base = lasting or Theft(-1, me, -1, round_owner=game.active)
    theft = replace(base, card=card, thief=me, victim=side)
    return s.evolve(game=s.game.with_board(thefts=(*s.game.thefts, theft)))


def _move(s: S, card: CardId, side: int, to: int) -> S:
    """Move leader ``card`` (its whole slot: items, turned state) or intrigue ``card``
    from ``side``'s side of the board to ``to``'s."""
    theirs = s.game.players[side]
    if s.game.card(card).type is CardType.INTRIGUE:
        s = update_player(s, side, intrigues=tuple(c for c in theirs.intrigues if c != card))
        return update_player(s, to, intrigues=(*s.game.players[to].intrigues, card))
    slot = next(x for x in theirs.leaders if x.card == card)
    s = update_player(s, side, leaders=tuple(x for x in theirs.leaders if x.card != card))
    return update_player(s, to, leaders=(*s.game.players[to].leaders, slot))


def end_thefts_at_turn_start(s: S) -> S:
    """6.2.1.2: thefts by maneuvers end as their effects do; a fate's count down its
    rounds in the turns of the player whose turn it was played in (3.7, 6.1.3). Each
    stolen card returns (:func:`give_back`)."""
    game = s.game
    if not game.thefts:
        return s
    ending: list[Theft] = []
    kept: list[Theft] = []
    for t in game.thefts:
        if t.rounds is None or (t.round_owner == game.active and t.rounds <= 1):
            ending.append(t)
        elif t.round_owner == game.active:
            kept.append(replace(t, rounds=t.rounds - 1))
        else:
            kept.append(t)
    return give_back(s, tuple(ending), tuple(kept))


def end_thefts_of_fight(s: S) -> S:
    """7.4.13, 7.6.6: thefts by maneuvers used in the fight end with it."""
    thefts = s.game.thefts
    ending = tuple(t for t in thefts if t.fight)
    if not ending:
        return s
    return give_back(s, ending, tuple(t for t in thefts if not t.fight))


def give_back(s: S, ending: tuple[Theft, ...], kept: tuple[Theft, ...]) -> S:
    """The thefts ``ending`` end, the latest first (ruling R-5.2): a stolen card still on
    its thief's side returns to the player it was taken from, with what is attached to
    it then (items, a mount, runes: the thief's own items too, which keep their owner,
    G1). A card off the board returns nowhere (5.2 "Ha a lap a túlvilágba kerül, a hatás
    megszűnik"). A card held by an effect (5.15) returns to the victim's row when it is
    let go. A card another player has stolen from the thief meanwhile returns to the
    victim when that later theft ends."""
    s = s.evolve(game=s.game.with_board(thefts=kept))
    for t in reversed(ending):
        game = s.game
        side = controller(game, t.card)
        if side == t.thief and (
            leader_slot(game, t.card) is not None or t.card in game.players[side].intrigues
        ):
            s = _move(s, t.card, t.thief, t.victim)
        elif any(h.card == t.card and h.player == t.thief for h in of_kind(game, AttachKind.HELD)):
            s = s.evolve(game=game.with_board(attachments=_held_back(game, t)))
        elif side is not None:
            later = tuple(
                replace(x, victim=t.victim) if x.card == t.card and x.victim == t.thief else x
                for x in game.thefts
            )
            s = s.evolve(game=game.with_board(thefts=later))
    return s


def _held_back(game: Game, t: Theft) -> tuple[Attachment, ...]:
    """The board's attachments with the held leader ``t.card`` returning to the victim."""
    return tuple(
        replace(h, player=t.victim)
        if h.kind is AttachKind.HELD and h.card == t.card and h.player == t.thief
        else h
        for h in game.board.attachments
    )


def _attached(game: Game, card: CardId) -> bool:
    """Whether ``card`` is an item in a leader row or a location attached to a people
    (not a troop or monster of a fight, nor a building on a region)."""
    found = attachment_of(game, card)
    if found is not None and found.kind is AttachKind.LOCATION:
        return _not_in_fight(game, card)
    for p in game.players:
        if any(card in items_of(game, slot.card) for slot in p.leaders):
            return _not_in_fight(game, card)
    return False


def _not_in_fight(game: Game, card: CardId) -> bool:
    fight = game.fight
    return fight is None or all(t.card != card for t in fight.troops)


def new_hosts(game: Game, me: int, card: CardId) -> tuple[CardId, ...]:
    """The thief's cards a stolen item or location may be attached to: its own leaders
    (3.5, within the item keywords' limits), its peoples without a location (3.3)."""
    p = game.players[me]
    cards = (
        tuple(slot.card for slot in p.leaders)
        if game.card(card).type is CardType.ITEM
        else tuple(e.card for e in p.empire)
    )
    return tuple(c for c in cards if why_not_target(game, me, card, c) is None)


def answer_attach(s: S, a: Choose) -> S:
    """The thief's answer: the stolen card leaves its host for the chosen card (5.2)."""
    choice = choice_of(s)
    source = source_of(choice)
    s = s.evolve(game=replace(s.game, choice=None))
    card, host, me = source, a.card, choice.player
    side = controller(s.game, card)
    if side is None or side == me or why_not_target(s.game, me, card, host) is not None:
        return s  # it left the board, or its new host did, meanwhile
    # its record goes to the new host, last; a building on a location stays on it (8.region)
    kind = AttachKind.ITEM if s.game.card(card).type is CardType.ITEM else AttachKind.LOCATION
    moved = detach(s.game, {card})
    return s.evolve(game=attach(moved, Attachment(card, host, kind)))


STEAL = Handles(Steal, steal_cards)
"""A steal takes hold here (5.2)."""

ANSWER = Answer(ChoicePurpose.ATTACH_STOLEN, answer_attach)
"""The thief chooses where a stolen card goes (5.2): never declined."""
