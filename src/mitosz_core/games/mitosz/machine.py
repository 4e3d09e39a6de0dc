"""The Mítosz state graph, declared with ``transitions`` and compiled once at import.

Every round, phase and step of chapter 6 is a state here; the counter round of the
summoning procedure (6.3.5) is nested in each summoning step. The combat phase (6.2.3.2)
holds every numbered step of a battle (7.4) and of a duel (7.6); the fight steps where
cards are played host counter rounds of their own.
"""

from __future__ import annotations

from mitosz_core.kernel.machine import CompiledMachine, Edge, MachineSpec, compile_machine

COUNTER_STEPS = ["open", "respond", "resolve", "choose"]
"""The steps of a counter round (6.4.1): it opens with the affected player; players
respond or pass in turn order; when all pass, the pending stack resolves, last in first
out, asking a player to choose where an effect needs it. Nesting depth is data: the
pending stack held in the state."""


def counter_host(name: str) -> dict[str, object]:
    """A step where cards are played and maneuvers used, with its counter round."""
    return {
        "name": name,
        "initial": "main",
        "children": ["main", {"name": "counter", "initial": "open", "children": COUNTER_STEPS}],
    }


def fight_host(name: str, extra: tuple[str, ...] = ()) -> dict[str, object]:
    """A fight step where cards are played and effects used, with its counter round;
    ``extra`` leaves are further decisions of the same step."""
    host = counter_host(name)
    children = host["children"]
    assert isinstance(children, list)
    return {**host, "children": [children[0], *extra, *children[1:]]}


BATTLE_STEPS: list[object] = [
    "target",  # 7.4.1
    "commander",  # 7.4.2
    fight_host("defender"),  # 7.4.3.1
    "attacker_comrade",  # 7.4.4
    fight_host("defender_comrade"),  # 7.4.5
    "attacker_second",  # 7.4.6
    fight_host("defender_second"),  # 7.4.7
    fight_host("rounds", ("troop_mode",)),  # 7.4.8-7.4.9, 3.8
    "result",  # 7.4.10
    "spoils",  # 7.4.11
    "monsters",  # 8.monster.5
    "end_effects",  # 7.4.12
    "cleanup",  # 7.4.13
]
DUEL_STEPS: list[object] = [
    "challenger",  # 7.6.1
    "challenged",  # 7.6.2
    fight_host("rounds"),  # 7.6.3-7.6.4
    "result",  # 7.6.4
    "end_effects",  # 7.6.5
    "cleanup",  # 7.6.6
]

SUMMONING_HOSTS = ("turn.summoning_1", "turn.summoning_2")
"""The summoning steps, whose actions open counter rounds."""
FIGHT_HOSTS = (
    "turn.combat.battle.defender",
    "turn.combat.battle.defender_comrade",
    "turn.combat.battle.defender_second",
    "turn.combat.battle.rounds",
    "turn.combat.duel.rounds",
)
"""The fight steps whose actions open counter rounds."""
HOSTS = SUMMONING_HOSTS + FIGHT_HOSTS
"""The states whose actions open counter rounds."""

STATES = (
    "setup",
    {
        "name": "turn",
        "initial": "start",
        "children": [
            "start",
            "draw",
            counter_host("summoning_1"),
            {
                "name": "combat",
                "initial": "declare",
                "children": [
                    "declare",
                    {"name": "battle", "initial": "target", "children": BATTLE_STEPS},
                    {"name": "duel", "initial": "challenger", "children": DUEL_STEPS},
                ],
            },
            counter_host("summoning_2"),
            {
                "name": "end",
                "initial": "discard",
                "children": ["discard", "clamp", "regain", "produce", "turn_back", "effects"],
            },
        ],
    },
    {"name": "window", "initial": "open", "children": COUNTER_STEPS},
    {
        "name": "forced",
        "children": ["sacrifice_leader", "underworld_order"],
        "initial": "sacrifice_leader",
    },
    "over",
)


def _leaves(decl: object, prefix: str = "") -> list[str]:
    if isinstance(decl, str):
        return [f"{prefix}{decl}"]
    assert isinstance(decl, dict)
    name = f"{prefix}{decl['name']}"
    return [leaf for child in decl["children"] for leaf in _leaves(child, f"{name}.")]


WINDOW = tuple(f"window.{step}" for step in COUNTER_STEPS)
"""The event window (6.5.1): a counter round over an event that is neither a play nor a
maneuver, opened wherever the event is noticed."""
ONE_DEED = ("turn.start", "turn.end.discard", "turn.end.regain", "turn.end.turn_back")
"""Steps that are one deed however many choices they ask (discard down to the hand size,
regain 3 points, turn back two leaders), and the turn's start (nobody acts between two
turns, 6.2.4.6): no event window opens inside them (ruling R-6.5.1-window)."""
QUIET = tuple(
    leaf for leaf in _leaves(STATES[1]) if ".counter." not in leaf and leaf not in ONE_DEED
)
"""Leaves where an event window may open, and to which it returns: every state of a turn
outside counter rounds and :data:`ONE_DEED` steps."""
INTERRUPTIBLE = (*_leaves(STATES[1]), *WINDOW)
"""Leaves from which a forced choice may interrupt play, and to which it resumes: every
state of a turn and of an event window."""


def _counter_edges(host: str) -> tuple[Edge, ...]:
    c = f"{host}.counter"
    return (
        Edge("play", f"{host}.main", c),  # 6.3.5, 4.6.4: an event opens a counter round
        Edge("opened", f"{c}.open", f"{c}.respond"),
        Edge("respond", f"{c}.respond", f"{c}.open"),  # a response is an event too (6.4.1)
        Edge("all_passed", f"{c}.respond", f"{c}.resolve"),
        Edge("choose", f"{c}.resolve", f"{c}.choose"),
        Edge("chosen", f"{c}.choose", f"{c}.resolve"),
        Edge("resolved", f"{c}.resolve", f"{host}.main"),
    )


B = "turn.combat.battle"
D = "turn.combat.duel"
_BATTLE_EDGES = (
    Edge("battle", "turn.combat.declare", B),  # 7.1.1.1
    Edge("next", f"{B}.target", f"{B}.commander"),  # 7.4.1 -> 7.4.2
    Edge("next", f"{B}.commander", f"{B}.defender"),  # -> 7.4.3.1
    *_counter_edges(f"{B}.defender"),
    Edge("next", f"{B}.defender.main", f"{B}.attacker_comrade"),  # -> 7.4.4
    Edge("next", f"{B}.attacker_comrade", f"{B}.defender_comrade"),  # -> 7.4.5
    *_counter_edges(f"{B}.defender_comrade"),
    Edge("next", f"{B}.defender_comrade.main", f"{B}.attacker_second"),  # -> 7.4.6
    Edge("next", f"{B}.attacker_second", f"{B}.defender_second"),  # -> 7.4.7
    *_counter_edges(f"{B}.defender_second"),
    Edge("next", f"{B}.defender_second.main", f"{B}.rounds"),  # -> 7.4.8
    *_counter_edges(f"{B}.rounds"),
    Edge("troop_mode", f"{B}.rounds.main", f"{B}.rounds.troop_mode"),  # 3.8
    Edge("next", f"{B}.rounds.troop_mode", f"{B}.rounds.main"),
    Edge("decided", f"{B}.rounds.main", f"{B}.result"),  # 7.4.8, 7.4.9 -> 7.4.10
    Edge("next", f"{B}.result", f"{B}.spoils"),  # -> 7.4.11
    Edge("next", f"{B}.spoils", f"{B}.monsters"),  # -> 8.monster.5
    Edge("next", f"{B}.monsters", f"{B}.end_effects"),  # -> 7.4.12
    Edge("next", f"{B}.end_effects", f"{B}.cleanup"),  # -> 7.4.13
    Edge("next", f"{B}.cleanup", "turn.summoning_2"),  # one fight per phase (6.2.3.2)
)
_DUEL_EDGES = (
    Edge("duel", "turn.combat.declare", D),  # 7.1.1.2
    Edge("next", f"{D}.challenger", f"{D}.challenged"),  # 7.6.1 -> 7.6.2
    Edge("next", f"{D}.challenged", f"{D}.rounds"),  # -> 7.6.3
    *_counter_edges(f"{D}.rounds"),
    Edge("decided", f"{D}.rounds.main", f"{D}.result"),  # 7.6.4
    Edge("next", f"{D}.result", f"{D}.end_effects"),  # -> 7.6.5
    Edge("next", f"{D}.end_effects", f"{D}.cleanup"),  # -> 7.6.6
    Edge("next", f"{D}.cleanup", "turn.summoning_2"),
)

EDGES = (
    Edge("begin", "setup", "turn"),
    Edge("started", "turn.start", "turn.draw"),  # 6.2.1 -> 6.2.2
    Edge("drawn", "turn.draw", "turn.summoning_1"),  # 6.2.2 -> 6.2.3.1
    *_counter_edges("turn.summoning_1"),
    Edge("pass", "turn.summoning_1.main", "turn.combat"),  # 6.2.3.2
    Edge("skip", "turn.combat.declare", "turn.summoning_2"),  # no fight declared
    *_BATTLE_EDGES,
    *_DUEL_EDGES,
    *_counter_edges("turn.summoning_2"),
    Edge("pass", "turn.summoning_2.main", "turn.end"),  # 6.2.3.3 -> 6.2.4
    Edge("done", "turn.end.discard", "turn.end.clamp"),  # 6.2.4.1 -> 6.2.4.2
    Edge("done", "turn.end.clamp", "turn.end.regain"),  # -> 6.2.4.3
    Edge("done", "turn.end.regain", "turn.end.produce"),
    Edge("done", "turn.end.produce", "turn.end.turn_back"),  # -> 6.2.4.4
    Edge("done", "turn.end.turn_back", "turn.end.effects"),  # -> 6.2.4.5
    Edge("next_turn", "turn.end.effects", "turn.start"),  # 6.2.4.6 -> next player's 6.2.1
    Edge("event", QUIET, "window.open"),  # 6.5.1: an event opens a counter round
    Edge("opened", "window.open", "window.respond"),
    Edge("respond", "window.respond", "window.open"),
    Edge("all_passed", "window.respond", "window.resolve"),
    Edge("choose", "window.resolve", "window.choose"),
    Edge("chosen", "window.choose", "window.resolve"),
    *(Edge(f"resume:{leaf}", "window.resolve", leaf) for leaf in QUIET),
    Edge("leader_overflow", INTERRUPTIBLE, "forced.sacrifice_leader"),  # 3.4.2
    *(Edge(f"resume:{leaf}", "forced.sacrifice_leader", leaf) for leaf in INTERRUPTIBLE),
    Edge("underworld_order", INTERRUPTIBLE, "forced.underworld_order"),  # 1.4.2
    *(Edge(f"resume:{leaf}", "forced.underworld_order", leaf) for leaf in INTERRUPTIBLE),
    Edge(
        "game_over",
        (*INTERRUPTIBLE, "forced.sacrifice_leader", "forced.underworld_order", "setup"),
        "over",
    ),
)

DOC = {
    "setup": "6.1: high gods on the board, opening reveals decide the turn order, draw.",
    "turn.start": "6.2.1: the turn begins; maneuver effects end; start-of-turn effects.",
    "turn.draw": "6.2.2: draw 2 cards, plus any extra draws.",
    "turn.summoning_1.main": "6.2.3.1: place one people; summon leaders, items, locations; "
    "use maneuvers.",
    "turn.summoning_1.counter.open": "6.4.1: a counter round opens; the affected player "
    "decides first.",
    "turn.summoning_1.counter.respond": "6.4.1: respond with a counter effect, or pass.",
    "turn.summoning_1.counter.resolve": "6.4.1: all passed; pending effects resolve, last "
    "in first out.",
    "turn.summoning_1.counter.choose": "A player chooses cards an effect asks for.",
    "turn.combat.declare": "6.2.3.2: the combat phase: start a battle or a duel with an "
    "unturned leader, or none (7.1.1); a mount may be attached (8.mount).",
    f"{B}.target": "7.4.1: the attacker names an enemy people and one of its open roads.",
    f"{B}.commander": "7.4.2: the attacker names its commander.",
    f"{B}.defender.main": "7.4.3.1: the defender names or summons a defending commander, "
    "or none (7.4.3.2).",
    f"{B}.attacker_comrade": "7.4.4: the attacker may name a comrade, or ask for help.",
    f"{B}.defender_comrade.main": "7.4.5: the defender may name or summon a comrade, or ask "
    "for help.",
    f"{B}.attacker_second": "7.4.6: the attacker may name a second comrade.",
    f"{B}.defender_second.main": "7.4.7: the defender may name or summon a second comrade.",
    f"{B}.rounds.main": "7.4.8: combat rounds: troops, combat maneuvers, or pass.",
    f"{B}.rounds.troop_mode": "3.8: a support troop's player, or a reserve troop's "
    "opponent, chooses its level or its maneuvers.",
    f"{B}.result": "7.4.10: the result; a losing defender may sacrifice its commander.",
    f"{B}.spoils": "7.4.11: the winner takes the spoils.",
    f"{B}.monsters": "8.monster.5: the winners may pay again to keep their monsters.",
    f"{B}.end_effects": "7.4.12: end-of-fight effects.",
    f"{B}.cleanup": "7.4.13: war leaders turn, troops go to the underworld, combat effects end.",
    f"{D}.challenger": "7.6.1: the challenger is named (8.hero).",
    f"{D}.challenged": "7.6.2: an enemy leader in the leader row is challenged.",
    f"{D}.rounds.main": "7.6.3: combat rounds from the challenged player: effects, or pass.",
    f"{D}.result": "7.6.4: the lower duelist is destroyed.",
    f"{D}.end_effects": "7.6.5: end-of-fight effects.",
    f"{D}.cleanup": "7.6.6: the duelists turn; combat effects end.",
    "turn.summoning_2.main": "6.2.3.3: the second summoning step.",
    "turn.summoning_2.counter.open": "6.4.1: a counter round opens.",
    "turn.summoning_2.counter.respond": "6.4.1: respond with a counter effect, or pass.",
    "turn.summoning_2.counter.resolve": "6.4.1: pending effects resolve, last in first out.",
    "turn.summoning_2.counter.choose": "A player chooses cards an effect asks for.",
    "turn.end.discard": "6.2.4.1: discard down to hand size.",
    "turn.end.clamp": "6.2.4.2: spheres above their maximum fall to it.",
    "turn.end.regain": "6.2.4.3: regain 3 sphere points.",
    "turn.end.produce": "6.2.4.3: cards that produce sphere points produce them.",
    "turn.end.turn_back": "6.2.4.4: turn back two turned leaders.",
    "turn.end.effects": "6.2.4.5-6: end-of-turn effects; the turn ends.",
    "window.open": "6.5.1: an event (a phase starting or ending, a sphere change, a card "
    "moving or turned) opens a counter round; the next player after the active one decides "
    "first.",
    "window.respond": "6.4.1: the other players respond with a reaction, counter effect, "
    "intrigue or fate, or pass.",
    "window.resolve": "6.4.1: all passed; pending effects resolve, last in first out; then "
    "play goes on where the event happened.",
    "window.choose": "A player chooses cards an effect asks for.",
    "forced.sacrifice_leader": "3.4.2: too many leaders; the owner sacrifices one.",
    "forced.underworld_order": "1.4.2: cards going to the underworld at once; the owner "
    "lays them one at a time.",
    "over": "The game has ended (1.1.1 or 1.3.4).",
}

SPEC = MachineSpec(name="mitosz", states=STATES, edges=EDGES, initial="setup", doc=DOC)

MACHINE: CompiledMachine = compile_machine(SPEC)
