"""The Mítosz state graph, declared with ``transitions`` and compiled once at import.

Every round, phase and step of chapter 6 is a state here; the counter round of the
summoning procedure (6.3.5) is nested in each summoning step. The fights issue fills the
``turn.combat`` slot with battle and duel steps.
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


HOSTS = ("turn.summoning_1", "turn.summoning_2")
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
            {"name": "combat", "children": ["declare"], "initial": "declare"},
            counter_host("summoning_2"),
            {
                "name": "end",
                "initial": "discard",
                "children": ["discard", "clamp", "regain", "produce", "turn_back", "effects"],
            },
        ],
    },
    {
        "name": "forced",
        "children": ["sacrifice_leader", "underworld_order"],
        "initial": "sacrifice_leader",
    },
    "over",
)

# Leaves from which a forced choice may interrupt play, and to which it resumes.
INTERRUPTIBLE = (
    "turn.start",
    "turn.draw",
    *(
        f"{h}.{leaf}"
        for h in HOSTS[:1]
        for leaf in ("main", *(f"counter.{c}" for c in COUNTER_STEPS))
    ),
    "turn.combat.declare",
    *(
        f"{h}.{leaf}"
        for h in HOSTS[1:]
        for leaf in ("main", *(f"counter.{c}" for c in COUNTER_STEPS))
    ),
    "turn.end.discard",
    "turn.end.clamp",
    "turn.end.regain",
    "turn.end.produce",
    "turn.end.turn_back",
    "turn.end.effects",
)


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


EDGES = (
    Edge("begin", "setup", "turn"),
    Edge("started", "turn.start", "turn.draw"),  # 6.2.1 -> 6.2.2
    Edge("drawn", "turn.draw", "turn.summoning_1"),  # 6.2.2 -> 6.2.3.1
    *_counter_edges("turn.summoning_1"),
    Edge("pass", "turn.summoning_1.main", "turn.combat"),  # 6.2.3.2
    Edge("skip", "turn.combat.declare", "turn.summoning_2"),  # no fight declared
    *_counter_edges("turn.summoning_2"),
    Edge("pass", "turn.summoning_2.main", "turn.end"),  # 6.2.3.3 -> 6.2.4
    Edge("done", "turn.end.discard", "turn.end.clamp"),  # 6.2.4.1 -> 6.2.4.2
    Edge("done", "turn.end.clamp", "turn.end.regain"),  # -> 6.2.4.3
    Edge("done", "turn.end.regain", "turn.end.produce"),
    Edge("done", "turn.end.produce", "turn.end.turn_back"),  # -> 6.2.4.4
    Edge("done", "turn.end.turn_back", "turn.end.effects"),  # -> 6.2.4.5
    Edge("next_turn", "turn.end.effects", "turn.start"),  # 6.2.4.6 -> next player's 6.2.1
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
    "turn.combat.declare": "6.2.3.2: the combat phase (fights: chapter 7).",
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
    "forced.sacrifice_leader": "3.4.2: too many leaders; the owner sacrifices one.",
    "forced.underworld_order": "1.4.2: cards going to the underworld at once; the owner "
    "lays them one at a time.",
    "over": "The game has ended (1.1.1 or 1.3.4).",
}

SPEC = MachineSpec(name="mitosz", states=STATES, edges=EDGES, initial="setup", doc=DOC)

MACHINE: CompiledMachine = compile_machine(SPEC)
