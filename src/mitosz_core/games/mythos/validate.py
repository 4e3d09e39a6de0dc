"""The MYTHOS validator: a whole state against every invariant of the game.

:func:`validate_state` is the one check of a state that :meth:`State.from_json
<mitosz_core.State.from_json>`, the position builder (:mod:`.position`) and the property
suite share; it raises :class:`~mitosz_core.errors.InvalidStateError` naming the first
broken rule and the JSON path. A state it accepts plays on.

The checks: the kernel fields (:mod:`mitosz_core.kernel.validation`); the players and
the configuration (the decks lay out the cards in play; a game from its set-up has the
starting player its seed gives); the card definitions (those of the pool, ruling
R-state-cards); every index field; every card in exactly one zone, its owner's; the rows
(5 slots, the card types each row holds, what may be attached); life, aura and damage;
the fight and the payment; the result; and last, that the state plays on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from mitosz_core.errors import CardDataError, InvalidStateError
from mitosz_core.games.mythos.carddata import check_card
from mitosz_core.games.mythos.cards import CardDef, CardType
from mitosz_core.games.mythos.machine import COMBAT_STEPS, PAY_STEP
from mitosz_core.games.mythos.rules.effects import STARTING_LIFE
from mitosz_core.games.mythos.rules.hand import HAND_MAX
from mitosz_core.games.mythos.rules.stats import aura_cap, life
from mitosz_core.games.mythos.rules.victory import ROUND_LIMIT
from mitosz_core.games.mythos.rules.zones import ROW_SLOTS
from mitosz_core.games.mythos.state import Game, Row
from mitosz_core.kernel.rng import Rng
from mitosz_core.kernel.state import State
from mitosz_core.kernel.steps import StepRuleset
from mitosz_core.kernel.validation import (
    GAME,
    check_dealt,
    check_index,
    check_indices,
    check_kernel,
    check_optional_index,
    check_plays_on,
    check_range,
    decisions_taken,
    fail,
    once,
)

TERMINAL = frozenset({"over"})
ROW_TYPES: Mapping[Row, frozenset[CardType]] = {
    Row.BATTLEFIELD: frozenset({CardType.UNIT}),
    Row.INFIRMARY: frozenset({CardType.UNIT, CardType.ARTIFACT}),
    Row.SANCTUARY: frozenset({CardType.PLACE, CardType.UPGRADE, CardType.MAGIC}),
}
"""The card types each row holds (02.1, 02.5-02.7): events never stay in play (11.9)."""
ATTACHED_TO: Mapping[CardType, CardType] = {
    CardType.UNIT: CardType.ARTIFACT,
    CardType.PLACE: CardType.UPGRADE,
}
"""What may be attached to what: an artifact to a unit (02.6), an upgrade to a place
(02.7)."""
ENDINGS = frozenset({"life", "stalemate", "round-limit"})


def validate_state(
    state: State[Game], ruleset: StepRuleset[Game], pool: Mapping[str, CardDef]
) -> None:
    """Raise :class:`~mitosz_core.errors.InvalidStateError` unless ``state`` satisfies
    every invariant of MYTHOS; ``pool`` is the ruleset's card pool."""
    check_kernel(state, ruleset, TERMINAL)
    game, config = state.game, state.config
    if len(game.players) != 2:
        fail(f"{GAME}.players", "player-count", "MYTHOS has 2 players")
    if len(config.decks) != 2:
        fail("$.state.config.decks", "config-decks", "expected 2 decks")
    for name in ("first", "active"):
        check_index(getattr(game, name), 2, f"{GAME}.{name}", "player-index", "player")
    _cards(state, pool)
    _places(game)
    _rows(state)
    _fight(state)
    _result(state)
    check_plays_on(state, ruleset)


def _cards(state: State[Game], pool: Mapping[str, CardDef]) -> None:
    game, config = state.game, state.config
    parts = (game.cards, game.instances, pool)
    problem = once(config, ("cards", game.first), parts, lambda: _cards_problem(state, pool))
    if problem is not None:
        fail(*problem)
    if not config.arranged:
        decided = decisions_taken(state)
        if state.turn > 1 + decided:
            fail("$.state.log", "log", f"turn {state.turn} after {decided} decisions")


def _cards_problem(state: State[Game], pool: Mapping[str, CardDef]) -> tuple[str, str, str] | None:
    """The first problem of the cards and the configuration: (path, rule, problem)."""
    try:
        _check_cards(state, pool)
    except InvalidStateError as exc:
        return exc.path, exc.rule, exc.problem
    return None


def _check_cards(state: State[Game], pool: Mapping[str, CardDef]) -> None:
    game, config = state.game, state.config
    keys = [card.key for card in game.cards]
    if keys != sorted(set(keys)):
        fail(f"{GAME}.cards", "card-definition", "the cards must have distinct keys, sorted")
    if keys != sorted({e.card for deck in config.decks for e in deck.entries}):
        fail(f"{GAME}.cards", "config-decks", "the decks name other cards than the game holds")
    for i, card in enumerate(game.cards):
        known = pool.get(card.key)
        if known is None:  # a card of a card set given to new_game: as a card file says
            try:
                check_card("a saved state", card)
            except CardDataError as exc:
                fail(f"{GAME}.cards[{i}]", "card-definition", exc.problem)
        elif card != known:
            fail(
                f"{GAME}.cards[{i}]",
                "card-definition",
                f"{card.key!r} differs from the card of that key in the card sets",
            )
    index = {k: i for i, k in enumerate(keys)}
    layout = [
        (index[e.card], owner)
        for owner, deck in enumerate(config.decks)
        for e in deck.entries
        for _ in range(e.count)
    ]
    for i, inst in enumerate(game.instances):  # before the deal check, which reads by them
        check_index(
            inst.card, len(keys), f"{GAME}.instances[{i}].card", "card-id", "card definition"
        )
    dealt = [(inst.card, inst.owner) for inst in game.instances]
    check_dealt(dealt, layout, keys, f"{GAME}.instances")
    if not config.arranged:  # the seed's shuffles and lots (01, R-01-start)
        rng = Rng.from_seed(config.seed)
        for own in ([i for i, x in enumerate(layout) if x[1] == p] for p in (0, 1)):
            _, rng = rng.shuffled(own)
        first, _ = rng.below(2)
        if game.first != first:
            fail(f"{GAME}.first", "seed", "the starting player is not the one the seed draws")


def _places(game: Game) -> None:
    ids = len(game.instances)
    seen: Counter[int] = Counter()
    for i, p in enumerate(game.players):
        at = f"{GAME}.players[{i}]"
        for name in ("deck", "hand", "graveyard"):
            check_indices(getattr(p, name), ids, f"{at}.{name}", "card-id", "card")
            seen.update(getattr(p, name))
        for row in Row:
            for j, slot in enumerate(p.row(row)):
                check_index(slot.card, ids, f"{at}.{row.value}[{j}].card", "card-id", "card")
                check_optional_index(
                    slot.attached, ids, f"{at}.{row.value}[{j}].attached", "card-id", "card"
                )
                seen[slot.card] += 1
                if slot.attached is not None:
                    seen[slot.attached] += 1
    for card in range(ids):
        if seen[card] != 1:
            fail(GAME, "one-place", f"card #{card} is in {seen[card]} places, not exactly 1")
    for i, p in enumerate(game.players):
        at = f"{GAME}.players[{i}]"
        for name in ("deck", "hand", "graveyard"):
            for j, card in enumerate(getattr(p, name)):
                if game.owner(card) != i:
                    fail(
                        f"{at}.{name}[{j}]",
                        "card-owner",
                        f"card #{card} is player {game.owner(card)}'s",
                    )
        for row in Row:
            for j, slot in enumerate(p.row(row)):
                for held in (slot.card, slot.attached):
                    if held is not None and game.owner(held) != i:
                        fail(f"{at}.{row.value}[{j}]", "card-owner", f"#{held} is not theirs")


def _rows(state: State[Game]) -> None:
    game = state.game
    for i, p in enumerate(game.players):
        at = f"{GAME}.players[{i}]"
        if len(p.hand) > HAND_MAX:
            fail(f"{at}.hand", "hand-size", f"more than {HAND_MAX} cards")
        if not state.is_over:
            check_range(p.life, 1, STARTING_LIFE, f"{at}.life", "life", "a player's life")
        else:
            check_range(p.life, -99, STARTING_LIFE, f"{at}.life", "life", "a player's life")
        check_range(p.aura, 0, aura_cap(game, i), f"{at}.aura", "aura", "aura (03.4, 11.5)")
        for row in Row:
            slots = p.row(row)
            if len(slots) > ROW_SLOTS:
                fail(f"{at}.{row.value}", "row-slots", f"more than {ROW_SLOTS} slots (02.1)")
            for j, slot in enumerate(slots):
                path = f"{at}.{row.value}[{j}]"
                kind = game.card(slot.card).type
                if kind not in ROW_TYPES[row]:
                    fail(
                        f"{path}.card",
                        "zone-type",
                        f"a {kind.value} card cannot be in the {row.value}",
                    )
                if slot.attached is not None:
                    extra = game.card(slot.attached).type
                    if ATTACHED_TO.get(kind) is not extra:
                        fail(
                            f"{path}.attached",
                            "zone-type",
                            f"a {extra.value} card cannot be attached to a {kind.value}",
                        )
                check_range(slot.damage, 0, 99, f"{path}.damage", "damage", "damage")
                for name in ("attack_mod", "life_mod", "temp_attack", "temp_life"):
                    check_range(getattr(slot, name), -99, 99, f"{path}.{name}", "modifier", name)
                if kind is CardType.UNIT and not state.is_over and life(game, slot) <= 0:
                    fail(f"{path}.damage", "damage", "a unit at 0 life has died (06.4.3)")
    check_range(game.round, 0, ROUND_LIMIT + 1, f"{GAME}.round", "round", "the round")
    turn = 2 * game.round - (1 if game.active == game.first else 0)
    if state.turn != turn:
        fail(
            f"{GAME}.round",
            "round",
            f"round {game.round} with player {game.active} active is turn {turn}, "
            f"not {state.turn} (R-03.2: a round is one turn of each player)",
        )
    check_range(
        game.quiet_rounds, 0, ROUND_LIMIT + 1, f"{GAME}.quiet_rounds", "round", "quiet rounds"
    )
    if len(game.round_lives) not in (0, 2):
        fail(f"{GAME}.round_lives", "round", "both players' lives, or none")


def _fight(state: State[Game]) -> None:
    game = state.game
    ids = len(game.instances)
    combat = game.combat
    fighting = state.phase in COMBAT_STEPS
    if state.is_over:
        fighting = combat is not None  # a game may end mid-fight or mid-payment
    if fighting != (combat is not None):
        fail(f"{GAME}.combat", "fight", "a fight exactly while the machine is in one")
    if combat is not None:
        active, other = game.active, 1 - game.active
        check_indices(combat.attackers, ids, f"{GAME}.combat.attackers", "card-id", "card")
        for j, unit in enumerate(combat.attackers):
            if combat.attackers.index(unit) != j:
                fail(f"{GAME}.combat.attackers[{j}]", "fight", f"#{unit} attacks once")
        for name, pairs in (("blocks", combat.blocks), ("order", combat.order)):
            for j, pair in enumerate(pairs):
                if pairs.index(pair) != j:
                    fail(f"{GAME}.combat.{name}[{j}]", "fight", "a block listed twice")
        in_hand = {c for p in game.players for c in (*p.hand, *p.deck)}
        for j, unit in enumerate(combat.attackers):
            if unit in in_hand or game.owner(unit) != active:
                fail(
                    f"{GAME}.combat.attackers[{j}]",
                    "fight",
                    f"#{unit} is no unit of the attacker in play",
                )
        for name, pairs in (("blocks", combat.blocks), ("order", combat.order)):
            for j, (a, b) in enumerate(pairs):
                check_index(a, ids, f"{GAME}.combat.{name}[{j}][0]", "card-id", "card")
                check_index(b, ids, f"{GAME}.combat.{name}[{j}][1]", "card-id", "card")
                blocker, attacker = (a, b) if name == "blocks" else (b, a)
                if blocker in in_hand or game.owner(blocker) != other:
                    fail(
                        f"{GAME}.combat.{name}[{j}]",
                        "fight",
                        f"#{blocker} is no unit of the defender in play",
                    )
                if attacker not in combat.attackers:
                    fail(f"{GAME}.combat.{name}[{j}]", "fight", f"#{attacker} is not attacking")
    paying = state.phase == PAY_STEP or (state.is_over and game.payment is not None)
    if paying != (game.payment is not None):
        fail(f"{GAME}.payment", "payment", "a payment exactly while an upgrade is paid for (08)")
    if game.payment is not None:
        pay = game.payment
        check_index(pay.upgrade, ids, f"{GAME}.payment.upgrade", "card-id", "card")
        check_index(pay.place, ids, f"{GAME}.payment.place", "card-id", "card")
        # a game can end while an upgrade is paid for (life paid to 0): nothing is left then
        low = 0 if state.is_over else 1
        check_range(pay.left, low, 99, f"{GAME}.payment.left", "payment", "the cost left")


def _result(state: State[Game]) -> None:
    game = state.game
    if not state.is_over:
        if game.ending is not None:
            fail(f"{GAME}.ending", "result", "a running game has no ending")
        return
    if game.ending not in ENDINGS:
        fail(f"{GAME}.ending", "result", f"a game ends by {', '.join(sorted(ENDINGS))}")
