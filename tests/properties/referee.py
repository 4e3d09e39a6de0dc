"""A referee for random play: rule invariants checked at every decision, both rulesets.

:class:`Referee` watches one game. :meth:`Referee.check` takes the state before an
``apply``, the action, and the state after, and returns every :class:`Finding`: a rule
the transition broke. The invariants are written to the rulebooks, not to the code:

- ``turned-user`` (Mítosz 3.4.1, 4.2.6, 4.6.3): a maneuver, bound or free (a maneuver
  card or a rune from hand), is used only by a user that was not turned before the use,
  unless the maneuver is permanent. MYTHOS has no turning (04.4, "Kein Tapping"); its
  counterpart is the once-per-round attack (06.1): no unit attacks twice in a round.
- ``fight-alternation`` (Mítosz 7.4.8, 7.6.3): inside the combat rounds of a fight no
  player makes two deeds in a row unless every other fighting player passed in between,
  and the rounds start with the attacking army's player (battle) or the challenged
  player (duel). MYTHOS (11.9, ruling R-04.4-windows): after each fight step the
  attacker's event window comes before the defender's.
- ``who-decides``: ``state.to_act`` may act at that step by the rules.
- ``card-conservation`` (G1): every card is in exactly one place, each player keeps the
  number of cards it started with, owners never change.
- ``limits``: Mítosz hand size and sphere maxima once the end phase has discarded and
  clamped (6.2.4.1, 6.2.4.2), the leader row limit outside a forced sacrifice (3.4.2);
  MYTHOS hand of at most 7 (07) and 5 slots a row (02.1).

Only the decisions that need a state in between (automatic passes inside a Mítosz fight)
are stepped through again; everything else is read from the two states, so the referee
costs a few attribute reads per decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import mitosz_core as mc
from mitosz_core.games.mitosz import actions as ma
from mitosz_core.games.mitosz.engine import RULESET as MITOSZ
from mitosz_core.games.mitosz.engine import census as mitosz_census
from mitosz_core.games.mitosz.machine import (
    CLAMP_STEP,
    COUNTER_LEAVES,
    FORCED_LEAVES,
    REGAIN_STEP,
    RESPONSE_STEP,
    ROUNDS,
    TURN_BACK_STEP,
)
from mitosz_core.games.mitosz.rules.continuous import hand_size
from mitosz_core.games.mitosz.rules.high_god import maxima
from mitosz_core.games.mitosz.rules.keywords.rune import AttachRune
from mitosz_core.games.mitosz.rules.leaders import leader_limit
from mitosz_core.games.mitosz.state import AttachKind, FightKind
from mitosz_core.games.mitosz.state import Game as MitoszGame
from mitosz_core.games.mythos import actions as ya
from mitosz_core.games.mythos.engine import census as mythos_census
from mitosz_core.games.mythos.machine import PRESSES, RESPONSES
from mitosz_core.games.mythos.rules.hand import HAND_MAX
from mitosz_core.games.mythos.rules.zones import ROW_SLOTS
from mitosz_core.games.mythos.state import Game as MythosGame
from mitosz_core.games.mythos.state import Row
from mitosz_core.kernel.action import Action, Decision, Log

TURNED_USER = "turned-user"
ALTERNATION = "fight-alternation"
WHO_DECIDES = "who-decides"
CONSERVATION = "card-conservation"
LIMITS = "limits"
INVARIANTS = (TURNED_USER, ALTERNATION, WHO_DECIDES, CONSERVATION, LIMITS)

KNOWN_GAPS: dict[str, frozenset[str]] = {
    "mitosz": frozenset(),
    "mythos": frozenset(),
}
"""Invariants a ruleset is known to break, which the stateful machines leave out: none
(the turned-user and fight-turn gaps of issue 29 were the last)."""

AnyState = mc.State[Any]


@dataclass(frozen=True)
class Finding:
    """One broken invariant at one decision."""

    invariant: str
    text: str

    def __str__(self) -> str:
        return f"{self.invariant}: {self.text}"


@dataclass
class Referee:
    """The referee of one game; :meth:`check` after every ``apply``."""

    ruleset: str
    owners: tuple[int, ...]
    cards: Counter[int]
    invariants: frozenset[str] = frozenset(INVARIANTS)
    deeds: list[tuple[int, bool]] = field(default_factory=list)
    """Mítosz: the current fight's combat-round decisions, (player, deed?)."""
    fight: Any = None
    """Mítosz: the fight the deeds belong to (its attacker, defender, kind, people)."""

    @classmethod
    def watch(cls, s: AnyState, invariants: Sequence[str] | None = None) -> Referee:
        owners = tuple(i.owner for i in s.game.instances)
        chosen = frozenset(INVARIANTS if invariants is None else invariants)
        return cls(s.ruleset, owners, Counter(owners), chosen)

    def enforced(self) -> Referee:
        """This referee without the invariants of :data:`KNOWN_GAPS`."""
        self.invariants -= KNOWN_GAPS[self.ruleset]
        return self

    def check(self, before: AnyState, action: Action, after: AnyState) -> list[Finding]:
        """Every invariant ``before -> action -> after`` breaks (automatic passes
        included)."""
        out: list[Finding] = []
        if self.ruleset == "mitosz":
            for s, decision, nxt in self._steps(before, action, after):
                out += self._mitosz_decision(s, decision, nxt)
        else:
            out += self._mythos_transition(before, action, after)
        out += self.state(after)
        return out

    def assert_ok(self, before: AnyState, action: Action, after: AnyState) -> None:
        found = self.check(before, action, after)
        assert not found, "; ".join(map(str, found))

    # --- one state --------------------------------------------------------------------

    def state(self, s: AnyState) -> list[Finding]:
        """The invariants of a single state: who decides, conservation, limits."""
        out: list[Finding] = []
        if WHO_DECIDES in self.invariants:
            out += self._who(s)
        if CONSERVATION in self.invariants:
            out += self._conservation(s)
        if LIMITS in self.invariants:
            out += _mitosz_limits(s) if self.ruleset == "mitosz" else _mythos_limits(s)
        return out

    def _conservation(self, s: AnyState) -> list[Finding]:
        game = s.game
        owners = tuple(i.owner for i in game.instances)
        if owners != self.owners:
            return [Finding(CONSERVATION, "the cards or their owners changed (G1)")]
        census = mitosz_census(game) if self.ruleset == "mitosz" else mythos_census(game)
        wrong = [c for c in range(len(owners)) if census[c] != 1]
        if wrong:
            c = wrong[0]
            return [Finding(CONSERVATION, f"card #{c} is in {census[c]} places, not 1")]
        if len(census) != len(owners):
            return [Finding(CONSERVATION, "a zone holds a card id that is no card")]
        return []

    def _who(self, s: AnyState) -> list[Finding]:
        if s.is_over:
            if s.to_act is not None:
                return [Finding(WHO_DECIDES, "the game is over, yet a player is to act")]
            return []
        me = s.to_act
        if me is None or not 0 <= me < len(s.game.players):
            return [Finding(WHO_DECIDES, f"{me!r} is no player")]
        allowed = (
            _mitosz_deciders(s.game, s.phase)
            if self.ruleset == "mitosz"
            else _mythos_deciders(s.game, s.phase)
        )
        if allowed is not None and me not in allowed:
            who = sorted(allowed)
            return [Finding(WHO_DECIDES, f"P{me} decides at {s.phase}; only {who} may")]
        return []

    # --- Mítosz -----------------------------------------------------------------------

    def _steps(
        self, before: AnyState, action: Action, after: AnyState
    ) -> Iterator[tuple[AnyState, Decision, AnyState | None]]:
        """Each decision of the ``apply``, with the state it was taken in. The states
        between automatic passes are rebuilt only inside a fight (where alternation
        needs their steps); elsewhere an automatic pass changes nothing checked."""
        log = _tail(before, after)
        if len(log) <= 1 or (before.game.fight is None and after.game.fight is None):
            yield before, log[0] if log else Decision(before.to_act or 0, action), None
            return
        s = before
        for decision in log:
            nxt = MITOSZ.perform(s, decision.action)
            yield s, decision, nxt
            s = nxt

    def _mitosz_decision(
        self, s: AnyState, decision: Decision, nxt: AnyState | None
    ) -> list[Finding]:
        out: list[Finding] = []
        game = s.game
        if TURNED_USER in self.invariants:
            out += _turned_user(game, decision.action)
        if ALTERNATION in self.invariants:
            out += self._alternation(s, decision)
        if nxt is not None and WHO_DECIDES in self.invariants:
            out += self._who(nxt)
        return out

    def _alternation(self, s: AnyState, decision: Decision) -> list[Finding]:
        fight = s.game.fight
        key = None if fight is None else (fight.kind, fight.attacker, fight.defender, fight.people)
        if key != self.fight:
            self.fight, self.deeds = key, []
        if fight is None or not fight.started or fight.outcome is not None:
            # before the lines form, and once the combat rounds decided the fight (its
            # spoils, end effects and clean-up), deeds are answered by the response of
            # 6.1.4 (R-6.1.4-pass), not in the combat round's turns
            return []
        in_round = s.phase in ROUNDS or (s.phase == RESPONSE_STEP)
        if not in_round:
            return []
        me, deed = decision.player, not isinstance(decision.action, ma.Pass)
        out: list[Finding] = []
        if not self.deeds and s.phase in ROUNDS:
            first = fight.defender if fight.kind is FightKind.DUEL else fight.attacker
            if me != first:
                rule = "7.6.3" if fight.kind is FightKind.DUEL else "7.4.8"
                out.append(
                    Finding(
                        ALTERNATION, f"the combat rounds start with P{me}, not P{first} ({rule})"
                    )
                )
        if deed:
            others = set(fight.fighters) - {me}
            since: list[tuple[int, bool]] = []
            for who, was_deed in reversed(self.deeds):
                if who == me and was_deed:
                    passed = {w for w, d in since if not d}
                    acted = any(d for _, d in since)
                    if not acted and not others <= passed:
                        out.append(
                            Finding(
                                ALTERNATION,
                                f"P{me} makes two deeds in a row in a fight ({decision.action}) "
                                f"while {sorted(others - passed)} did not pass (7.4.8, 7.6.3)",
                            )
                        )
                    break
                since.append((who, was_deed))
        self.deeds.append((me, deed))
        return out

    # --- MYTHOS -----------------------------------------------------------------------

    def _mythos_transition(
        self, before: AnyState, action: Action, after: AnyState
    ) -> list[Finding]:
        out: list[Finding] = []
        game: MythosGame = before.game
        if TURNED_USER in self.invariants and isinstance(action, ya.Attack):
            for slot in game.players[game.active].battlefield:
                if slot.card == action.unit and slot.attacked:
                    out.append(Finding(TURNED_USER, f"#{action.unit} attacks twice a round (06.1)"))
        if ALTERNATION in self.invariants and before.phase in _FIGHT_RESPONSES:
            out += _attacker_window_first(before)
        return out


# --- rules read from a state ---------------------------------------------------------------


def _tail(before: AnyState, after: AnyState) -> tuple[Decision, ...]:
    """The decisions ``apply`` added, from the end of the log (no copy of the rest)."""
    return after._log.tail(after.decision_count - before.decision_count)


_FIGHT_RESPONSES = RESPONSES - {"turn.respond"}


def _attacker_window_first(s: AnyState) -> list[Finding]:
    """11.9, R-04.4-windows: the defender decides in its window after a fight step only
    once the attacker's window closed: before the defender's events of this window the
    log holds the attacker's pass."""
    game: MythosGame = s.game
    log: Log | None = s._log
    while log is not None and (last := log.last) is not None:
        if last.player == 1 - game.active and isinstance(last.action, ya.Play):
            log = log.previous()
            continue
        if last.player == game.active and isinstance(last.action, ya.Pass):
            return []
        break
    step = s.phase.removeprefix("turn.combat.respond_")
    return [
        Finding(
            ALTERNATION,
            f"the defender's window after the {step} step opened without the attacker's (11.9)",
        )
    ]


def _turned(game: MitoszGame, card: int) -> bool:
    """Whether ``card`` is turned: a leader in a row or held, or a troop in the fight."""
    for p in game.players:
        for slot in p.realm.leaders:
            if slot.card == card:
                return slot.turned
    for held in game.board.attachments:
        if held.kind is AttachKind.HELD and held.card == card:
            return held.turned
    return game.fight is not None and card in game.fight.turned


def _rune_host(game: MitoszGame, card: int) -> int | None:
    return next(
        (r.host for r in game.board.attachments if r.kind is AttachKind.KEYWORD and r.card == card),
        None,
    )


def _turned_user(game: MitoszGame, action: Action) -> list[Finding]:
    """3.4.1, 4.2.6, 4.6.3: the user of a maneuver that is not permanent is not turned."""
    if isinstance(action, ma.UseManeuver):
        source, user = action.user, _rune_host(game, action.user) or action.user
    elif isinstance(action, (ma.UseFreeManeuver, AttachRune)):
        source, user = action.card, action.user
    else:
        return []
    maneuvers = game.card(source).maneuvers
    if not 0 <= action.index < len(maneuvers) or maneuvers[action.index].permanent:
        return []
    if _turned(game, user):
        name = game.card(user).name
        what = game.card(source).name
        return [
            Finding(
                TURNED_USER,
                f"turned {name} (#{user}) uses {what}'s maneuver {action.index} "
                f"({action.kind}; 3.4.1, 4.2.6)",
            )
        ]
    return []


_OWN_STEPS = frozenset({"turn.draw", "turn.summoning_1", "turn.summoning_2", "turn.combat.declare"})
"""Mítosz steps of the active player's own turn (6.2): only it decides there."""
_ATTACKER_STEPS = frozenset(
    f"turn.combat.{s}"
    for s in (
        "battle.target",
        "battle.commander",
        "battle.attacker_comrade",
        "battle.attacker_second",
        "duel.challenger",
    )
)
_DEFENDER_STEPS = frozenset(
    f"turn.combat.{s}"
    for s in (
        "battle.defender",
        "battle.defender_comrade",
        "battle.defender_second",
        "duel.challenged",
    )
)


def _mitosz_deciders(game: MitoszGame, phase: str) -> frozenset[int] | None:
    """Who may decide at ``phase`` (``None``: anyone the step names, not checked here)."""
    active = game.this_turn.active
    fight = game.fight
    if phase in COUNTER_LEAVES or phase in FORCED_LEAVES or phase == RESPONSE_STEP:
        return None  # 6.4.1 anyone; 3.4.2 the owner; 6.1.4 the asked players
    if phase in _OWN_STEPS or phase.startswith("turn.end."):
        return frozenset({active})
    if fight is not None and phase in ROUNDS:
        return frozenset(fight.fighters)  # 7.4.8, 7.6.3
    if fight is not None and phase in _ATTACKER_STEPS:
        asked = {fight.asked} if fight.asked is not None else set()
        return frozenset({fight.attacker, *asked})
    if fight is not None and phase in _DEFENDER_STEPS:
        asked = {fight.asked} if fight.asked is not None else set()
        return frozenset({fight.defender, *asked})
    return None


def _mitosz_limits(s: AnyState) -> list[Finding]:
    game: MitoszGame = s.game
    out: list[Finding] = []
    forced = s.phase in FORCED_LEAVES or any(f.kind == "forced" for f in game.frames)
    if not forced and not s.is_over:
        for i, p in enumerate(game.players):
            if len(p.realm.leaders) > leader_limit(game, i):
                out.append(
                    Finding(
                        LIMITS,
                        f"P{i} holds {len(p.realm.leaders)} leaders, above the limit (3.4.2)",
                    )
                )
    if s.phase in (CLAMP_STEP, REGAIN_STEP, TURN_BACK_STEP) and not game.frames:
        me = game.this_turn.active
        p = game.players[me]
        if len(p.hand) > hand_size(game, me):
            out.append(Finding(LIMITS, f"P{me} ends the turn with {len(p.hand)} cards (6.2.4.1)"))
        top = maxima(game, me)
        if s.phase != CLAMP_STEP and any(v > t for v, t in zip(p.spheres, top, strict=True)):
            out.append(Finding(LIMITS, f"P{me}'s spheres {p.spheres} above {top} (6.2.4.2)"))
    return out


def _mythos_deciders(game: MythosGame, phase: str) -> frozenset[int] | None:
    active, foe = game.active, 1 - game.active
    if phase in RESPONSES or phase == "turn.combat.block":
        return frozenset({foe})  # 04.4, 06.2
    if phase in PRESSES or phase in (
        "turn.draw",
        "turn.main",
        "turn.pay",
        "turn.combat.declare",
        "turn.combat.order",
    ):
        return frozenset({active})
    return None


def _mythos_limits(s: AnyState) -> list[Finding]:
    game: MythosGame = s.game
    out: list[Finding] = []
    for i, p in enumerate(game.players):
        if len(p.hand) > HAND_MAX:
            out.append(Finding(LIMITS, f"P{i} holds {len(p.hand)} cards, above {HAND_MAX} (07)"))
        for row in Row:
            if len(p.row(row)) > ROW_SLOTS:
                out.append(Finding(LIMITS, f"P{i}'s {row.value} has more than {ROW_SLOTS} (02.1)"))
    return out
