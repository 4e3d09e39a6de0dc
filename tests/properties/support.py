"""Shared strategies and helpers of the property suite: game set-ups, random play.

Decks come in three kinds: the built-in decks dealt by default, built-in decks chosen by
name, and decks generated from the ruleset's card pool within the deck rules of 1.3.1
(exactly one high god, at least 60 cards, at most 4 copies of a card). The pool and the
built-in decks are read from the registered ruleset (``RULESET.pool`` and
``RULESET.builtin_decks()``), wherever the card data lives.

Besides the card sets, a set-up may use a test-only pool (:attr:`Setup.pool`): the fight
pool of ``tests/mitosz/fight_fixtures.py``, or the ``choices`` pool, whose games start
from an arranged position (:func:`arrange_choices`) where every player has a people,
leaders and cards in hand that ask for choices in the rarely reached machine states: in
the second summoning step, inside fights (a defending war leader summoned, fear, combat
maneuvers) and in event windows (reactions of the other players). Everything after the
arranged start is played through ``apply``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import AttachMount, Pass, PlayWithoutSummoning, Summon
from mitosz_core.games.mitosz.cards import CardDef, CardType
from mitosz_core.games.mitosz.effects.language import (
    Cards,
    Discard,
    Draw,
    Maneuver,
    Search,
    TakeBack,
    Timing,
    Trigger,
    Who,
)
from mitosz_core.games.mitosz.effects.language import Sequence as Then
from mitosz_core.games.mitosz.engine import RULESET, MitoszRuleset, census
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.events import seen_now
from mitosz_core.games.mitosz.rules.hosting import attach, items_of
from mitosz_core.games.mitosz.state import AttachKind, Attachment, Game, LeaderSlot, PeopleSlot
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.rng import SEEDS
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig
from tests.mitosz import fight_fixtures as ff
from tests.mitosz.fixtures import C, E, N, So, W, card, roads

MAX_COPIES = 4
MIN_DECK = 60

POOL = RULESET.pool
DECKS = RULESET.builtin_decks()

GOD_KEYS: tuple[str, ...] = tuple(k for k, c in POOL.items() if c.type is CardType.HIGH_GOD)
"""Every high god of the pool, in pool order."""

DECK_OF_GOD: dict[str, str] = {  # built-in decks by their high god
    next(e.card for e in deck.entries if POOL[e.card].type is CardType.HIGH_GOD): name
    for name, deck in DECKS.items()
}
"""The built-in deck name of each high god that has one."""

OTHER_KEYS: tuple[str, ...] = tuple(k for k, c in POOL.items() if c.type is not CardType.HIGH_GOD)
"""Every card of the pool a deck may hold up to four of."""

STYLES = ("uniform", "build", "pass")
"""How random play picks among legal actions: uniformly, preferring anything but a
pass (boards fill up, power victories), or preferring a pass (hands overflow, decks run
out)."""


@dataclass(frozen=True)
class Setup:
    """The arguments of one ``new_game`` call."""

    players: int
    seed: int
    auto_pass: bool
    decks: tuple[str | DeckList, ...] | None
    pool: str = "builtin"
    """``builtin``: the card sets; ``fights``: the test-only pool of
    ``tests/mitosz/fight_fixtures.py`` (troops, monsters, mounts, flyers; ``decks``
    unused); ``choices``: that pool with the cards of :data:`CHOICE_KEYS`, from an
    arranged start (:func:`arrange_choices`; ``decks`` unused)."""
    thin: int | None = None
    """Keep only this many cards in each deck after the opening draw (the rest go to
    oblivion), so that decks run out (1.3.4)."""

    @property
    def arranged(self) -> bool:
        """Whether the start is not ``new_game``'s own (``replay`` cannot rebuild it)."""
        return self.pool != "builtin" or self.thin is not None

    def start(self) -> S:
        state: S
        if self.pool == "fights":
            decks = tuple([ff.SKY, ff.SEA, ff.SKY, ff.SEA][: self.players])
            config = GameConfig(
                seed=self.seed, players=self.players, decks=decks, auto_pass=self.auto_pass
            )
            state = ff.RULESET.setup(config)
        elif self.pool == "choices":
            decks = tuple(CHOICE_DECKS[i % 2] for i in range(self.players))
            config = GameConfig(
                seed=self.seed, players=self.players, decks=decks, auto_pass=self.auto_pass
            )
            rules = choices_ruleset()
            state = arrange_choices(rules.setup(config), self.seed)
            # the new hands may leave nobody able to answer the window the start left
            # open: the engine closes such a window by itself, so the arranged start does
            state = mc.arrange(rules.settle(state))
        else:
            chosen = None if self.decks is None else list(self.decks)
            state = mc.new_game(
                "mitosz",
                decks=chosen,
                seed=self.seed,
                players=self.players,
                auto_pass=self.auto_pass,
            )
        if self.thin is not None:
            game = state.game
            for i, p in enumerate(game.players):
                keep, gone = p.deck[: self.thin], p.deck[self.thin :]
                game = game.with_player(i, replace(p, deck=keep, oblivion=(*p.oblivion, *gone)))
            # the checks see the thinned decks (1.3.4); the result starts an arranged game
            state = mc.arrange(RULESET.settle(state.evolve(game=game)))
        # the automatic decisions due at the start, as new_game takes them (and as the
        # replay of a saved state's history takes them again)
        return RULESET.take_automatic(state) if self.auto_pass else state

    def describe(self) -> str:
        if self.decks is None:
            names = "default decks"
        else:
            names = ", ".join(
                d if isinstance(d, str) else f"<{d.name!r}: {d.size()} cards>" for d in self.decks
            )
        if self.pool != "builtin":
            names = f"the {self.pool} test pool"
        thin = "" if self.thin is None else f", decks thinned to {self.thin}"
        return (
            f"{self.players} players, seed {self.seed}, auto_pass {self.auto_pass}, {names}{thin}"
        )


@st.composite
def generated_decks(draw: st.DrawFn, god: str) -> DeckList:
    """A legal deck (1.3.1) around ``god``: at least 60 cards, at most 4 of each, one god.

    Some card types may be left out at first (decks without leaders or peoples play very
    differently); counts are topped up in a drawn order until the deck is big enough.
    """
    left_out = draw(st.sets(st.sampled_from(sorted(set(CardType) - {CardType.HIGH_GOD}))))
    keys = [k for k in OTHER_KEYS if POOL[k].type not in left_out]
    counts = {k: draw(st.integers(0, MAX_COPIES)) for k in keys}
    wanted = draw(st.integers(MIN_DECK - 1, MIN_DECK - 1 + 40))
    order = draw(st.permutations(list(OTHER_KEYS)))
    # top up: first the chosen types, then the others, never above 4 copies
    for key in (*[k for k in order if k in counts], *[k for k in order if k not in counts]):
        while sum(counts.values()) < wanted and counts.get(key, 0) < MAX_COPIES:
            counts[key] = counts.get(key, 0) + 1
    entries: list[DeckEntry] = [DeckEntry(1, god)]
    for key in draw(st.permutations(sorted(k for k, n in counts.items() if n))):
        n = counts[key]
        if n > 1 and draw(st.booleans()):  # the same card in two entries still counts once
            cut = draw(st.integers(1, n - 1))
            entries += [DeckEntry(cut, key), DeckEntry(n - cut, key)]
        else:
            entries.append(DeckEntry(n, key))
    name = draw(st.text(max_size=8))
    return DeckList(name=name, entries=tuple(entries))


POOLS = ("builtin", "builtin", "builtin", "fights", "choices", "choices")
"""The pools a set-up draws from (the built-in sets half of the time)."""


@st.composite
def setups(draw: st.DrawFn, max_players: int = 4) -> Setup:
    """Players 2..4, a seed, ``auto_pass``, and the decks: the default ones, built-in ones
    by name, or a mix of built-in and generated ones. High gods usually differ between the
    players; sometimes two players share one."""
    players = draw(st.integers(2, max_players))
    seed = draw(st.integers(0, SEEDS - 1) | st.integers(0, 50))  # new_game takes [0, 2**64)
    auto_pass = draw(st.booleans())
    kind = draw(st.sampled_from(("default", "named", "mixed")))
    decks: tuple[str | DeckList, ...] | None = None
    if kind == "named":
        names = list(draw(st.permutations(sorted(DECKS))))[:players]
        if draw(st.integers(0, 4)) == 0:  # a shared deck, high god and all
            names[0] = names[-1]
        decks = tuple(names)
    elif kind == "mixed":
        gods = list(draw(st.permutations(list(GOD_KEYS))))[:players]
        if draw(st.integers(0, 4)) == 0:
            gods[0] = gods[-1]
        chosen: list[str | DeckList] = []
        for god in gods:
            if god in DECK_OF_GOD and draw(st.booleans()):
                chosen.append(DECK_OF_GOD[god])
            else:
                chosen.append(draw(generated_decks(god)))
        decks = tuple(chosen)
    pool = draw(st.sampled_from(POOLS))
    thin = draw(st.integers(0, 12)) if draw(st.integers(0, 4)) == 0 else None
    return Setup(players=players, seed=seed, auto_pass=auto_pass, decks=decks, pool=pool, thin=thin)


# the choices pool: choice-asking cards from an arranged start ----------------------------


@functools.cache
def choice_cards() -> tuple[CardDef, ...]:
    """Test-only cards that ask a player to choose (6.3.7, 1.5.1, 4.2.3) wherever the
    machine has a ``choose`` state: fates answering as reactions in event windows and
    in counter rounds of any phase (a fight's too: fate affects every fight, 7.3.5), an
    intrigue and a leader that ask on being played (a defending war leader is summoned
    in a fight, 7.4.3.1), a combat maneuver, and a free action maneuver for the
    summoning steps; a people linked to the Sky god, so that any leader may defend it
    as a comrade (3.1, 7.4.5)."""

    sky_or_sea = ("Sky", "Sea")  # a fate linked to either high god may always be played
    rethink = Then((Draw(1), Discard(1, Who.ME)))
    return (
        card(
            "Second Thoughts",
            CardType.FATE,
            serial="7701",
            links=sky_or_sea,
            maneuvers=(Maneuver("Second thoughts", rethink, timing=Timing.REACTION),),
        ),
        card(
            "Scrying",
            CardType.FATE,
            C,
            serial="7702",
            links=sky_or_sea,
            maneuvers=(
                Maneuver(
                    "Scrying", Search(Cards(types=(CardType.LEADER,))), timing=Timing.REACTION
                ),
            ),
        ),
        card(
            "Remembrance",
            CardType.FATE,
            serial="7703",
            links=sky_or_sea,
            maneuvers=(Maneuver("Remembrance", TakeBack(Cards())),),
        ),
        card(
            "Whisper",
            CardType.INTRIGUE,
            C,
            serial="7704",
            cost=(0, 1, 0, 0),
            maneuvers=(Maneuver("Whisper", Draw(1), trigger=Trigger.ON_PLAY_OPTIONAL),),
        ),
        card(
            "Courier",
            CardType.LEADER,
            C,
            serial="7705",
            level=2,
            cost=(0, 1, 0, 0),
            maneuvers=(Maneuver("Dispatch", Draw(1), trigger=Trigger.ON_PLAY_OPTIONAL),),
        ),
        card(
            "Quartermaster",
            CardType.LEADER,
            serial="7706",
            level=2,
            cost=(0, 0, 0, 1),
            maneuvers=(Maneuver("Requisition", rethink, timing=Timing.COMBAT),),
        ),
        card(
            "Forage",
            CardType.MANEUVER,
            serial="7707",
            users=(Cards(types=(CardType.LEADER,)),),
            maneuvers=(Maneuver("Forage", Search(Cards()), timing=Timing.ACTION),),
        ),
        card(
            "Skyfolk",
            CardType.PEOPLE,
            serial="7708",
            level=1,
            power=1,
            links=("Sky",),
            roads=roads((N, 1), (E, 1), (So, 1), (W, 1)),
        ),
    )


@functools.cache
def choices_ruleset() -> MitoszRuleset:
    """The fight test pool of ``tests/mitosz/fight_fixtures.py`` with :func:`choice_cards`."""

    return MitoszRuleset(pool={**ff.POOL, **{c.key: c for c in choice_cards()}})


CHOICE_KEYS = (
    *("Second Thoughts", "Scrying", "Remembrance", "Whisper", "Courier", "Quartermaster"),
    *("Forage", "Skyfolk", "Tidefolk", "Cross", "Hillfolk", "Hero", "Captain", "Lieutenant"),
    *("Scout", "Cheap", "Terror", "Nightmare", "Thief", "Warden", "Sentinel", "Hoplites"),
    *("Archers", "Wolves", "Sword", "Battle Cry", "Market"),
)
"""Four of each in the decks of the ``choices`` pool: the choice-asking cards, and
peoples, leaders (a hero to duel, fear, a thief whose steal may overfill a leader row,
3.4.2), counters, reactions, troops, an item and a location."""
CHOICE_DECKS = tuple(
    DeckList(god, (DeckEntry(1, god), *(DeckEntry(MAX_COPIES, k) for k in CHOICE_KEYS)))
    for god in ("Sky God", "Sea God")
)
"""The decks of the ``choices`` pool, by seat: Sky, Sea, Sky, Sea."""
CHOICE_BOARD = ("Hero", "Terror", "Quartermaster", "Thief")
"""Leaders an arranged start may put in a leader row."""
CHOICE_HAND = (
    *("Second Thoughts", "Scrying", "Remembrance", "Whisper", "Forage"),
    *("Captain", "Cheap", "Courier", "Courier", "Courier"),
)
"""Cards an arranged start may put in a hand."""
GOD_PEOPLE = {"Sky God": "Skyfolk", "Sea God": "Tidefolk"}


def arrange_choices(state: S, seed: int) -> S:
    """An arranged start for the ``choices`` pool, the same for the same ``seed``: each
    player gets one or two peoples side by side (often one linked to its high god; their
    roads all meet) and one to three leaders from its deck, and four of its hand (still
    7 cards, 6.1.2) are exchanged for cards of :data:`CHOICE_HAND` from its deck; the
    exchanged cards go under the deck. The arrangement is no event (6.5.1): the last
    window is taken to have seen it."""

    rng = random.Random(seed)
    game = state.game
    for i, p in enumerate(game.players):
        deck = list(p.deck)
        hand = list(p.hand)

        def take(key: str, deck: list[int] = deck, hand: list[int] = hand, i: int = i) -> int:
            # from the deck, or from the opening hand when the deck holds no copy left
            for zone in (deck, hand):
                for found in zone:
                    if state.game.card(found).key == key:
                        zone.remove(found)
                        return found
            raise AssertionError(f"player {i} has no {key} left to arrange")

        linked = GOD_PEOPLE[game.card(p.high_god).key]
        peoples = [take(k) for k in rng.sample((linked, linked, "Cross"), rng.randint(1, 2))]
        leaders = [take(k) for k in rng.sample(CHOICE_BOARD, rng.randint(1, 3))]
        wanted = [take(k) for k in rng.sample(CHOICE_HAND, 4)]
        keep = len(p.hand) - len(wanted)  # the hand keeps its size (6.1.2)
        kept, under = hand[:keep], hand[keep:]
        short = keep - len(kept)  # cards of the hand taken above: refilled from the deck
        kept, deck[:short] = kept + deck[:short], []
        p = p.changed(
            deck=(*deck, *under),
            hand=(*wanted, *kept),
            empire=tuple(PeopleSlot(c, 10 + x, 10) for x, c in enumerate(peoples)),
            leaders=tuple(LeaderSlot(c) for c in leaders),
        )
        game = game.with_player(i, p)
    state = state.evolve(game=game)
    seen = game.seen
    if seen is not None:  # as if the last window (perhaps still open) had seen it all
        state = state.evolve(game=replace(game, seen=replace(seen_now(state), phase=seen.phase)))
    return state


def choose(rng: random.Random, legal: Sequence[Action], style: str) -> Action:
    """One legal action, picked the way ``style`` says (see :data:`STYLES`)."""
    if style != "uniform" and rng.random() < 0.85:
        passes = [a for a in legal if isinstance(a, Pass)]
        others = [a for a in legal if not isinstance(a, Pass)]
        preferred = others if style == "build" else passes
        if preferred:
            return rng.choice(preferred)
    return rng.choice(list(legal))


def play(state: S, steps: int, seed: int, style: str = "uniform") -> S:
    """Up to ``steps`` random legal actions (fewer if the game ends), avoiding those that
    set off a known engine bug (:func:`playable`)."""
    rng = random.Random(seed)
    for _ in range(steps):
        legal = () if state.is_over else playable(state)
        if not legal:
            break
        state = mc.apply(state, choose(rng, legal, style))
    return state


@st.composite
def played_states(draw: st.DrawFn, max_steps: int = 150) -> S:
    """A state reached by random play from a drawn set-up."""
    setup = draw(setups())
    steps = draw(st.integers(0, max_steps))
    seed = draw(st.integers(0, 2**32))
    style = draw(st.sampled_from(STYLES))
    return play(setup.start(), steps, seed, style)


Key = str | int
"""One step of a JSON path: an object key or a list index."""


def json_nodes(data: Any, prefix: tuple[Key, ...] = ()) -> list[tuple[tuple[Key, ...], Any]]:
    """Every ``(keys, value)`` pair below ``data`` (the root excluded), parents first."""
    out: list[tuple[tuple[Key, ...], Any]] = []
    items: list[tuple[Key, Any]] = []
    if isinstance(data, dict):
        items = list(data.items())
    elif isinstance(data, list):
        items = list(enumerate(data))
    for key, value in items:
        keys = (*prefix, key)
        out.append((keys, value))
        out += json_nodes(value, keys)
    return out


def json_path(keys: Sequence[Key]) -> str:
    """The JSON path of ``keys`` in the codec's notation, e.g. ``$.state.game.hand[3]``."""
    return "$" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in keys)


# arranged scenarios ---------------------------------------------------------------------


def _ids(state: S, key: str, owner: int) -> list[int]:
    game = state.game
    return [
        i
        for i, inst in enumerate(game.instances)
        if game.cards[inst.card].key == key and inst.owner == owner
    ]


def _arrange(
    state: S,
    player: int,
    hand: list[int],
    leaders: list[int],
    items: dict[int, tuple[int, ...]] | None = None,
) -> S:
    """``state`` with the given cards of ``player`` moved from deck or hand into the hand
    and the leader row, with ``items`` attached (an arranged position; every card stays
    in exactly one place)."""
    items = items or {}
    p = state.game.players[player]
    moved = set(hand) | set(leaders) | {c for attached in items.values() for c in attached}
    rest = tuple(c for c in p.hand if c not in moved)
    deck = tuple(c for c in p.deck if c not in moved)
    p = p.changed(
        deck=deck + rest,  # the old hand goes under the deck
        hand=tuple(hand),
        leaders=tuple(LeaderSlot(c) for c in leaders),
    )
    players = list(state.game.players)
    players[player] = p
    game = replace(state.game, players=tuple(players))
    carried = (
        Attachment(c, leader, AttachKind.MOUNT if _rides(game, c) else AttachKind.ITEM)
        for leader in leaders
        for c in items.get(leader, ())
    )
    return state.evolve(game=attach(game, *carried))


def _rides(game: Game, card: int) -> bool:
    """Whether ``card`` is a mount (8.mount): attached to a leader as its mount."""
    return game.card(card).has_subtype(Subtype.MOUNT)


def _legal(state: S, kind: type[Action], **fields: object) -> Action:
    for action in mc.legal_actions(state):
        if isinstance(action, kind) and all(getattr(action, k) == v for k, v in fields.items()):
            return action
    raise AssertionError(f"no legal {kind.__name__} {fields} in {state.phase}")


def first_summoning(state: S) -> S:
    """``state`` passed on to the first summoning step of its turn: every player passes
    the start and draw phases' windows (ruling R-6.1.4-phases)."""
    while state.phase != "turn.summoning_1":
        state = mc.apply(state, Pass())
    return state


def two_weapons_scenario() -> list[str]:
    """The weapons on Cú Chulainn after Spear of Lugh is summoned onto him and Gáe Bolg is
    played onto him without summoning in the counter round of that summoning, and every
    player passes (``test_regressions.py::test_a_leader_never_carries_two_weapons``)."""
    state: S = first_summoning(mc.new_game("mitosz", decks=["celtic", "hellenic"], seed=0))
    assert state.game.active == 0 and state.phase == "turn.summoning_1"
    hero = _ids(state, "Cú Chulainn", 0)[0]
    spear = _ids(state, "Spear of Lugh", 0)[0]
    gae = _ids(state, "Gáe Bolg", 0)[0]
    state = _arrange(state, 0, hand=[spear, gae], leaders=[hero])
    state = mc.apply(state, _legal(state, Summon, card=spear, target=hero))
    second = [
        a
        for a in mc.legal_actions(state)
        if isinstance(a, PlayWithoutSummoning | Summon) and a.card == gae and a.target == hero
    ]
    for action in second[:1]:
        state = mc.apply(state, action)
    while state.game.stack and not state.is_over:  # everyone passes: both resolve
        state = mc.apply(state, _legal(state, Pass))
    (slot,) = state.game.players[0].leaders
    return [
        state.game.card(c).name
        for c in items_of(state.game, slot.card)
        if state.game.card(c).has_subtype(Subtype.WEAPON)
    ]


def mount_with_items_scenario() -> list[int]:
    """Card ids in no place at all after a mount that carries an item is attached to
    another leader (``test_regressions.py::test_attaching_a_mount_loses_no_card``)."""
    state: S = mc.new_game("mitosz", decks=["germanic", "hellenic"], seed=0)
    for seed in range(1, 40):
        if state.game.active == 0:
            break
        state = mc.new_game("mitosz", decks=["germanic", "hellenic"], seed=seed)
    state = first_summoning(state)
    assert state.game.active == 0 and state.phase == "turn.summoning_1"
    mount = _ids(state, "Sleipnir", 0)[0]
    rider = _ids(state, "Mímir", 0)[0]
    hammer = _ids(state, "Mjölnir", 0)[0]
    state = _arrange(state, 0, hand=[], leaders=[mount, rider], items={mount: (hammer,)})
    state = mc.apply(state, _legal(state, Pass))  # to the combat phase (6.2.3.2)
    state = mc.apply(state, _legal(state, AttachMount, card=mount, rider=rider))
    places = census(state.game)
    return [c for c in range(len(state.game.instances)) if places[c] != 1]


def _present(shows_bug: Callable[[], bool]) -> bool:
    """Whether a known-bug scenario still shows the bug (a scenario that no longer fits
    the engine or the card data counts as fixed, so the machine stops avoiding it)."""
    try:
        return shows_bug()
    except Exception:
        return False


TWO_WEAPONS_BUG = _present(lambda: len(two_weapons_scenario()) > 1)
MOUNT_ITEMS_BUG = _present(lambda: bool(mount_with_items_scenario()))
"""Known engine bugs still present: random play avoids their triggers."""


def known_bug_trigger(state: S, action: Action) -> str | None:
    """The known engine bug that ``action`` would set off in ``state``, if any, while
    that bug is present (see ``test_regressions.py``). Random play avoids these so that
    it can go on looking for new bugs; the invariants stay strict."""
    game = state.game
    card = getattr(action, "card", None)
    if MOUNT_ITEMS_BUG and isinstance(action, AttachMount):
        found = [slot for p in game.players for slot in p.leaders if slot.card == card]
        if found and items_of(game, found[0].card):
            return "attaching a mount that carries cards"
    target = getattr(action, "target", None)
    if TWO_WEAPONS_BUG and isinstance(action, PlayWithoutSummoning | Summon) and target:
        d = game.card(action.card)
        for keyword in (Subtype.WEAPON, Subtype.ARMOUR):
            if d.has_subtype(keyword) and any(
                item.target == target
                and item.card is not None
                and game.card(item.card).has_subtype(keyword)
                for item in game.stack
            ):
                return f"a second {keyword} for a leader while one is on its way"
    return None


def playable(state: S) -> tuple[Action, ...]:
    """The legal actions, less those that set off a known engine bug."""
    return tuple(a for a in mc.legal_actions(state) if known_bug_trigger(state, a) is None)
