"""The battle (*csata*, 7.3-7.4), steps 7.4.1 to 7.4.7: the target, the commanders and
the comrades.

Each step is one machine state and one decision at a time. Comrades (7.4.4-7.4.7) may
be provided by other players when more than two play: the side's player asks one, who
then names a comrade of their own or declines (5.13: a helper is an allied player).
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mitosz.actions import (
    AskHelp,
    Attack,
    Designate,
    Pass,
    Summon,
    SummonWarLeader,
)
from mitosz_core.games.mitosz.cards import CardType, linked
from mitosz_core.games.mitosz.machine import Trigger
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.attachments import release_attacked
from mitosz_core.games.mitosz.rules.board import leader_slot, people_slot
from mitosz_core.games.mitosz.rules.empire import is_open
from mitosz_core.games.mitosz.rules.fights.core import (
    ATTACK,
    DEFEND,
    army,
    attacked_location,
    fight_of,
    line_of,
    on_board,
    set_fight,
    side_player,
    with_army,
)
from mitosz_core.games.mitosz.rules.fights.declare import attack_options, commanders
from mitosz_core.games.mitosz.rules.fights.keywords import (
    crosses_closed_roads,
    flies,
    may_attack,
    may_fight,
    unturned,
)
from mitosz_core.games.mitosz.rules.fights.rounds import begin_rounds
from mitosz_core.games.mitosz.rules.flow import Step, active_player, fire, in_combat_round_step
from mitosz_core.games.mitosz.rules.high_god import linked_to_high_god, substitutions
from mitosz_core.games.mitosz.rules.summoning import pay_with_options, perform_play, why_not_play
from mitosz_core.games.mitosz.state import LINES, CardId, Fight, Game, LineName
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule, allowed, dispatch
from mitosz_core.kernel.values import replace


def finish(s: S) -> S:
    """End a designation step; after 7.4.7 the combat rounds begin (7.4.8)."""
    s = set_fight(s, asked=None, declined=(), pending_leader=None, pending_line=None)
    s = fire(s, Trigger.NEXT)
    return begin_rounds(s) if in_combat_round_step(s) else s


# --- 7.4.1: the attacked people and road -----------------------------------------------------


def _target_candidates(s: S) -> Iterator[Action]:
    for people, road in attack_options(s.game, s.game.active):
        yield Attack(people, road)


def _target_why_not(s: S, a: Attack) -> str | None:
    if (a.people, a.road) not in set(attack_options(s.game, s.game.active)):
        found = people_slot(s.game, a.people)
        if found is None or found[0] == s.game.active:
            return f"#{a.people} is not an enemy people (7.2.1, 7.4.1)"
        return f"no leader of yours can attack by its {a.road} road (7.4.1, 3.2.2, 8.flying)"
    return None


def _target(s: S, a: Attack) -> S:
    found = people_slot(s.game, a.people)
    assert found is not None
    s = set_fight(s, defender=found[0], people=a.people, road=a.road)
    s = release_attacked(s, a.people)  # 5.15: leaders attached until it is attacked return
    return fire(s, Trigger.NEXT)


TARGET = dispatch(
    (Rule(Attack, _target_why_not, _target),),
    candidates=_target_candidates,
    decider=active_player,
)


# --- 7.4.2: the attacking commander --------------------------------------------------------


def road_is_open(game: Game, fight: Fight) -> bool:
    found = people_slot(game, fight.people) if fight.people is not None else None
    if found is None or fight.road is None:
        return True
    road = game.card(found[1].card).road_on(fight.road)
    return road is None or is_open(game, found[0], found[1], road)


def _commander_candidates(s: S) -> Iterator[Action]:
    for c in commanders(s.game, s.game.active):
        yield Designate(c)


def _commander_why_not(s: S, a: Designate) -> str | None:
    game = s.game
    if a.line is not LineName.FRONT:
        return "the commander leads the front line (7.3.3)"
    if a.card not in commanders(game, game.active):
        return f"#{a.card} is not an unturned leader of yours that may attack (3.4.1, 7.2.3)"
    if not road_is_open(game, fight_of(s)) and not crosses_closed_roads(game, a.card):
        return "only a flying commander attacks across a closed road (8.flying, 3.2.2)"
    return None


def _commander(s: S, a: Designate) -> S:
    """8.flying: a flying commander attacking across a closed road leads a flying army,
    whatever else also lets it cross (ruling R-8.flying-army); a commander that does not
    fly and crosses by a card's grant alone leads any army (G2)."""
    fight = fight_of(s)
    closed = not road_is_open(s.game, fight)
    by_flying = closed and flies(s.game, a.card)
    fight = replace(with_army(fight, ATTACK, LineName.FRONT, a.card), flying=by_flying)
    return fire(s.evolve(game=replace(s.game, fight=fight)), Trigger.NEXT)


COMMANDER = dispatch(
    (Rule(Designate, _commander_why_not, _commander),),
    candidates=_commander_candidates,
    decider=active_player,
)


# --- war leaders: who may join a side (7.4.3-7.4.7) -------------------------------------------


def _joins(game: Game, fight: Fight, side: int, card: CardId, second: bool) -> str | None:
    """Why a leader (on the board or in hand) may not join ``side`` as a comrade."""
    d = game.card(card)
    commander = army(fight, side)[0]
    if commander is None:
        return "there is no commander to fight beside (7.3.3)"
    allies = [commander]
    first = next((c for c in army(fight, side)[1:] if c is not None), None)
    if second and first is not None:
        allies.append(first)  # 7.4.6, 7.4.7: an ally of the first comrade is enough
    if any(linked(game.card(x), d) for x in allies):
        return None
    if side == DEFEND:
        if fight.people is not None and linked_to_high_god(
            game, fight.defender, game.card(fight.people)
        ):
            return None  # 3.1: any leader defends a people linked to the high god
        others = [fight.people, attacked_location(game, fight)]
        if any(x is not None and linked(game.card(x), d) for x in others):
            return None
        return f"{d.name} is no ally of the commander nor linked to the people (7.4.5)"
    return f"{d.name} is no ally of the commander (3.4.1, 7.4.4)"


def _may_lead(game: Game, fight: Fight, side: int, card: CardId) -> str | None:
    """Why a leader on the board may not be a war leader of ``side`` (3.4.1, 7.2.3)."""
    d = game.card(card)
    if not unturned(game, card):
        return f"{d.name} is turned (3.4.1)"
    if line_of(fight, card) is not None:
        return f"{d.name} already fights"
    if not may_fight(game, card):
        return f"{d.name} may not fight (7.2.3)"
    if side == ATTACK and not may_attack(game, card):
        return f"{d.name} may not attack (7.2.3)"
    if side == ATTACK and fight.flying and not flies(game, card):
        return "this army attacks across a closed road: its war leaders must fly (8.flying)"
    return None


def free_lines(fight: Fight, side: int) -> tuple[LineName, ...]:
    """The comrade lines still without a war leader (7.3.3)."""
    lines = army(fight, side)
    return tuple(
        line
        for line, c in zip(LINES, lines, strict=True)
        if c is None
        and line
        in (
            LineName.SUPPORT,
            LineName.RESERVE,
        )
    )


def _helpers(game: Game, fight: Fight, side: int) -> tuple[int, ...]:
    """Players who may be asked for help (7.4.4-7.4.7): neither side's main player, nor
    a player helping the other side, nor one who declined in this step."""
    if len(game.players) <= 2:
        return ()
    other = 1 - side
    return tuple(
        p
        for p in game.order
        if p not in (fight.attacker, fight.defender)
        and (p, other) not in fight.helpers
        and p not in fight.declined
    )


def _summons(s: S, player: int, line: LineName) -> Iterator[SummonWarLeader]:
    """Leaders ``player`` could summon from hand to lead ``line``: as :class:`Summon`
    offers them, with the cards that could meet a further condition (6.3.4)."""

    game = s.game
    for card in game.players[player].hand:
        d = game.card(card)
        if d.type is CardType.LEADER:
            linked = linked_to_high_god(game, player, d)
            for given in pay_with_options(s, player, card):
                yield SummonWarLeader(card, line, pay_with=given)
                if linked:
                    for substitute in substitutions(d.cost):
                        yield SummonWarLeader(card, line, substitute, given)


def _why_not_summon(s: S, player: int, a: SummonWarLeader, comrade: str | None) -> str | None:

    d = s.game.card(a.card)
    if a.card not in s.game.players[player].hand:
        return f"#{a.card} is not in your hand"
    if d.type is not CardType.LEADER:
        return "only a leader is summoned to defend (7.4.3.1)"
    if comrade is not None:
        return comrade
    summon = Summon(a.card, None, a.substitute, a.pay_with)  # 6.3.4 as for any summoning
    return why_not_play(s, player, summon, anytime_only=False)


def _summon(s: S, player: int, a: SummonWarLeader) -> S:

    s = set_fight(s, pending_leader=a.card, pending_line=a.line)
    return perform_play(s, player, Summon(a.card, None, a.substitute, a.pay_with))


def _settle_summoned(s: S, side: int) -> S | None:
    """A war leader summoned from hand joins its line once it is on the board; if it was
    countered, the player decides again."""
    fight = fight_of(s)
    card = fight.pending_leader
    if card is None:
        return None
    line = fight.pending_line or LineName.FRONT
    found = leader_slot(s.game, card)
    s = set_fight(s, pending_leader=None, pending_line=None)
    if found is None or found[0] != side_player(fight, side):
        return s
    s = s.evolve(game=replace(s.game, fight=with_army(fight_of(s), side, line, card)))
    return finish(s)


# --- 7.4.3.1: the defending commander --------------------------------------------------------


def _defender_candidates(s: S) -> Iterator[Action]:
    fight = fight_of(s)
    yield Pass()
    for slot in s.game.players[fight.defender].leaders:
        yield Designate(slot.card)
    yield from _summons(s, fight.defender, LineName.FRONT)


_FRONT_ONLY = "the defending commander leads the front line (7.3.3)"


def _defender_why_not_designate(s: S, a: Designate) -> str | None:
    if a.line is not LineName.FRONT:
        return _FRONT_ONLY
    fight = fight_of(s)
    found = leader_slot(s.game, a.card)
    if found is None or found[0] != fight.defender:
        return f"#{a.card} is not a leader in your leader row (7.4.3.1)"
    return _may_lead(s.game, fight, DEFEND, a.card)


def _defender_why_not_summon(s: S, a: SummonWarLeader) -> str | None:
    if a.line is not LineName.FRONT:
        return _FRONT_ONLY
    return _why_not_summon(s, fight_of(s).defender, a, None)


def _defender_designate(s: S, a: Designate) -> S:
    fight = fight_of(s)
    s = s.evolve(game=replace(s.game, fight=with_army(fight, DEFEND, LineName.FRONT, a.card)))
    return finish(s)


def _defender_settle(s: S) -> S | None:
    done = _settle_summoned(s, DEFEND)
    if done is not None:
        return done
    for a in _defender_candidates(s):
        if not isinstance(a, Pass) and DEFENDER.why_not(s, a) is None:
            return None
    return finish(s)  # nobody can defend: 7.4.3.2


DEFENDER = dispatch(
    (
        Rule(Pass, allowed, lambda s, a: finish(s)),  # 7.4.3.2: no defending commander
        Rule(Designate, _defender_why_not_designate, _defender_designate),
        Rule(
            SummonWarLeader,
            _defender_why_not_summon,
            lambda s, a: _summon(s, fight_of(s).defender, a),
        ),
    ),
    candidates=_defender_candidates,
    decider=lambda s: fight_of(s).defender,
    settle=_defender_settle,
)


# --- 7.4.4-7.4.7: comrades ---------------------------------------------------------------------


def comrade_step(side: int, second: bool) -> Step[Game]:
    """The step where ``side`` may name (the defender also summon) a comrade, or ask
    another player for one (7.4.4, 7.4.5; ``second``: 7.4.6, 7.4.7)."""

    def decider(s: S) -> int:
        fight = fight_of(s)
        return fight.asked if fight.asked is not None else side_player(fight, side)

    def candidates(s: S) -> Iterator[Action]:
        fight = fight_of(s)
        me = decider(s)
        yield Pass()
        for line in free_lines(fight, side):
            for slot in s.game.players[me].leaders:
                yield Designate(slot.card, line)
            if side == DEFEND and fight.asked is None:
                yield from _summons(s, me, line)
        if fight.asked is None:
            for p in _helpers(s.game, fight, side):
                yield AskHelp(p)

    def why_not_ask(s: S, a: AskHelp) -> str | None:
        fight = fight_of(s)
        if fight.asked is not None:
            return "you were asked for help: name a comrade or decline"
        if a.player not in _helpers(s.game, fight, side):
            return f"player {a.player} cannot be asked for help now (7.4.4, 7.4.5)"
        if not any(_offer(s, a.player, line) for line in free_lines(fight, side)):
            return f"player {a.player} has no leader that could fight as a comrade"
        return None

    def why_not_line(s: S, line: LineName) -> str | None:
        if line not in free_lines(fight_of(s), side):
            return f"the {line} line cannot take a comrade now (7.3.3)"
        return None

    def why_not_summon(s: S, a: SummonWarLeader) -> str | None:
        fight = fight_of(s)
        if (reason := why_not_line(s, a.line)) is not None:
            return reason
        if side != DEFEND or fight.asked is not None:
            return "only the defender summons a comrade (7.4.5, 7.4.7)"
        return _why_not_summon(s, decider(s), a, _joins(s.game, fight, side, a.card, second))

    def why_not_designate(s: S, a: Designate) -> str | None:
        fight = fight_of(s)
        game = s.game
        if (reason := why_not_line(s, a.line)) is not None:
            return reason
        found = leader_slot(game, a.card)
        if found is None or found[0] != decider(s):
            return f"#{a.card} is not a leader in your leader row"
        return _may_lead(game, fight, side, a.card) or _joins(game, fight, side, a.card, second)

    def _offer(s: S, player: int, line: LineName) -> bool:
        fight = fight_of(s)
        return any(
            _may_lead(s.game, fight, side, slot.card) is None
            and _joins(s.game, fight, side, slot.card, second) is None
            for slot in s.game.players[player].leaders
        )

    def ask(s: S, a: AskHelp) -> S:
        return set_fight(s, asked=a.player)

    def decline(s: S, a: Pass) -> S:
        fight = fight_of(s)
        if fight.asked is not None:  # the asked player declines
            return set_fight(s, asked=None, declined=(*fight.declined, fight.asked))
        return finish(s)

    def designate(s: S, a: Designate) -> S:
        fight = fight_of(s)
        if fight.asked is not None and (fight.asked, side) not in fight.helpers:
            fight = replace(fight, helpers=(*fight.helpers, (fight.asked, side)))
        fight = with_army(fight, side, a.line, a.card)
        return finish(s.evolve(game=replace(s.game, fight=fight)))

    def settle(s: S) -> S | None:
        done = _settle_summoned(s, side)
        if done is not None:
            return done
        fight = fight_of(s)
        if fight.asked is not None:
            return None
        if not on_board(s.game, army(fight, side)[0]) or not free_lines(fight, side):
            return finish(s)
        legal = [a for a in candidates(s) if not isinstance(a, Pass) and step.why_not(s, a) is None]
        return None if legal else finish(s)

    step = dispatch(
        (
            Rule(Pass, allowed, decline),
            Rule(Designate, why_not_designate, designate),
            Rule(SummonWarLeader, why_not_summon, lambda s, a: _summon(s, decider(s), a)),
            Rule(AskHelp, why_not_ask, ask),
        ),
        candidates=candidates,
        decider=decider,
        settle=settle,
    )
    return step


ATTACKER_COMRADE = comrade_step(ATTACK, second=False)
DEFENDER_COMRADE = comrade_step(DEFEND, second=False)
ATTACKER_SECOND = comrade_step(ATTACK, second=True)
DEFENDER_SECOND = comrade_step(DEFEND, second=True)
