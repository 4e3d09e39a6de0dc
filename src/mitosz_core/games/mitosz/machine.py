"""The Mítosz state graph, declared with ``transitions`` and compiled once at import.

Every round, phase and step of chapter 6 is a state here; the counter round (6.4.1),
the response to a deed (6.1.4, which also answers the events of 6.5.1) and the forced
choices (3.4.2, 1.4.2) are declared once each, and the step they interrupt is held in the game as a
frame (:class:`~.state.Frame`), to which their return edge goes back. The combat phase
(6.2.3.2) holds every numbered step of a battle (7.4) and of a duel (7.6).
"""

from __future__ import annotations

from enum import StrEnum

from mitosz_core.kernel.machine import (
    CompiledMachine,
    Edge,
    MachineSpec,
    Part,
    Return,
    StateDecl,
    compile_machine,
)

COUNTER_STEPS = ["open", "respond", "combat_respond", "resolve", "choose", "fight_choose"]
"""The steps of a counter round (6.4.1): it opens with the affected player; players
respond or pass in turn order; when all pass, the pending stack resolves, last in first
out, asking a player to choose where an effect needs it. Nesting depth is data: the
pending stack held in the state. In the combat phase the players respond in
``combat_respond``, where the fight's limits apply to the answers (7.2.1, 7.3.5); in a
fight an effect's choice is made in ``fight_choose``, which also asks fear's payment
(7.2.5.2). Which one a round enters is decided when it enters it: the turn phase and the
fight do not change inside a counter round."""


class Trigger(StrEnum):
    """The machine's edge names."""

    BEGIN = "begin"
    STARTED = "started"
    DRAWN = "drawn"
    PASS = "pass"
    SKIP = "skip"
    BATTLE = "battle"
    DUEL = "duel"
    NEXT = "next"
    TROOP_MODE = "troop_mode"
    DECIDED = "decided"
    DONE = "done"
    NEXT_TURN = "next_turn"
    PLAY = "play"
    """An event that waits on the pending stack opens a counter round (6.3.5, 4.6.4)."""
    OPENED = "opened"
    OPENED_IN_COMBAT = "opened_in_combat"
    """A counter round opened in the combat phase: the fight's limits apply (7.2.1)."""
    RESPOND = "respond"
    ALL_PASSED = "all_passed"
    CHOOSE = "choose"
    CHOOSE_IN_FIGHT = "choose_in_fight"
    """An effect's choice in a fight, where fear asks its payment too (7.2.5.2)."""
    CHOSEN = "chosen"
    RESOLVED = "resolved"
    """The counter round is over: play returns to the step it interrupted."""
    EVENT = "event"
    """A deed or another event was noticed: the other players may respond (6.1.4, 6.5.1)."""
    RESUME = "resume"
    """A response or a forced choice is over: play returns where it was."""
    LEADER_OVERFLOW = "leader_overflow"
    UNDERWORLD_ORDER = "underworld_order"
    GAME_OVER = "game_over"


class Phase(StrEnum):
    """The phases of a turn (6.2), and the times outside any turn."""

    SETUP = "setup"
    START = "start"
    DRAW = "draw"
    SUMMONING_1 = "summoning_1"
    COMBAT = "combat"
    SUMMONING_2 = "summoning_2"
    END = "end"
    OVER = "over"


B = "turn.combat.battle"
D = "turn.combat.duel"

BATTLE_STEPS: list[object] = [
    "target",  # 7.4.1
    "commander",  # 7.4.2
    "defender",  # 7.4.3.1
    "attacker_comrade",  # 7.4.4
    "defender_comrade",  # 7.4.5
    "attacker_second",  # 7.4.6
    "defender_second",  # 7.4.7
    "rounds",  # 7.4.8-7.4.9
    "troop_mode",  # 3.8
    "result",  # 7.4.10
    "spoils",  # 7.4.11
    "monsters",  # 8.monster.5
    "end_effects",  # 7.4.12
    "cleanup",  # 7.4.13
]
DUEL_STEPS: list[object] = [
    "challenger",  # 7.6.1
    "challenged",  # 7.6.2
    "rounds",  # 7.6.3-7.6.4
    "result",  # 7.6.4
    "end_effects",  # 7.6.5
    "cleanup",  # 7.6.6
]

SUMMONING_HOSTS = ("turn.summoning_1", "turn.summoning_2")
"""The summoning steps, whose actions open counter rounds."""
FIGHT_HOSTS = (
    f"{B}.defender",
    f"{B}.defender_comrade",
    f"{B}.defender_second",
    f"{B}.rounds",
    f"{D}.rounds",
)
"""The fight steps whose actions open counter rounds."""
RESPONSE_STEP = "response.respond"
"""The response (6.1.4): a deed there opens a counter round too."""
DECLARE_STEP = "turn.combat.declare"
"""The combat phase before a fight (6.2.3.2): the active player's deeds there open
counter rounds too (4.1, ruling R-6.1.4-phases)."""
HOSTS = (*SUMMONING_HOSTS, DECLARE_STEP, *FIGHT_HOSTS, RESPONSE_STEP)
"""The steps whose actions open a counter round, to which it returns."""
ROUNDS = (f"{B}.rounds", f"{D}.rounds")
"""The combat-round steps (7.2.2): the fighting players act in turn."""
COMBAT_ROUND_STEPS = (*ROUNDS, f"{B}.troop_mode")
"""The steps from the start of the combat round to the comparison (7.4.8-7.4.9,
7.6.3-7.6.4): the combat round is the response of 6.1.4 there, so no response opens
over them (ruling R-7.4.8-turns)."""

BATTLE = {"name": "battle", "initial": "target", "children": BATTLE_STEPS}
"""A battle (7.4), its steps in order."""
DUEL = {"name": "duel", "initial": "challenger", "children": DUEL_STEPS}
"""A duel (7.6), its steps in order."""

END = {
    "name": "end",
    "initial": "discard",
    "children": ["discard", "clamp", "regain", "produce", "turn_back", "effects", "finish"],
}
"""The end phase (6.2.4), its steps in order."""

TURN = {
    "name": "turn",
    "initial": "start",
    "children": [
        "start",
        "draw",
        "summoning_1",
        {
            "name": "combat",
            "initial": "declare",
            "children": [
                "declare",
                BATTLE,
                DUEL,
            ],
        },
        "summoning_2",
        END,
    ],
}
COUNTER = {"name": "counter", "initial": "open", "children": COUNTER_STEPS}
"""The counter round (6.4.1), declared once: the step it interrupted is held in the
game's frame stack (:class:`~.state.CounterFrame`)."""
RESPONSE = {"name": "response", "initial": "respond", "children": ["respond"]}
"""The response (6.1.4), declared once: after a deed, or any other event noticed at a
quiet moment (6.5.1), the other players in turn order may answer with a deed of their own;
the step it interrupted is held in the game's frame stack (:class:`~.state.ResponseFrame`,
ruling R-6.1.4-pass)."""
FORCED = {
    "name": "forced",
    "children": ["sacrifice_leader", "underworld_order"],
    "initial": "sacrifice_leader",
}
"""Forced choices (3.4.2, 1.4.2) that interrupt play anywhere
(:class:`~.state.ForcedFrame`)."""

STATES = ("setup", TURN, COUNTER, RESPONSE, FORCED, "over")


def _leaves(decl: StateDecl, prefix: str = "") -> list[str]:
    if isinstance(decl, str):
        return [f"{prefix}{decl}"]
    name = f"{prefix}{decl['name']}"
    return [leaf for child in decl["children"] for leaf in _leaves(child, f"{name}.")]


TURN_LEAVES = tuple(_leaves(TURN))
COUNTER_LEAVES = tuple(_leaves(COUNTER))
RESPONSE_LEAVES = tuple(_leaves(RESPONSE))
FORCED_LEAVES = tuple(_leaves(FORCED))
FIGHT_LEAVES = (*_leaves(BATTLE, "turn.combat."), *_leaves(DUEL, "turn.combat."))
"""The steps of a fight under way (7.4, 7.6)."""
END_LEAVES = tuple(_leaves(END, "turn."))
"""The steps of the end phase (6.2.4), in order."""
(
    DISCARD_STEP,
    CLAMP_STEP,
    REGAIN_STEP,
    PRODUCE_STEP,
    TURN_BACK_STEP,
    END_EFFECTS_STEP,
    FINISH_STEP,
) = END_LEAVES
(
    COUNTER_OPEN_STEP,
    COUNTER_RESPOND_STEP,
    COMBAT_RESPOND_STEP,
    COUNTER_RESOLVE_STEP,
    COUNTER_CHOOSE_STEP,
    FIGHT_CHOOSE_STEP,
) = COUNTER_LEAVES
"""The steps of the counter round (6.4.1), as declared in :data:`COUNTER_STEPS`: it
opens, the players answer the waiting event (``COUNTER_RESPOND_STEP``, in the combat
phase ``COMBAT_RESPOND_STEP``), the pending stack resolves, and a player chooses where
an effect asks (``COUNTER_CHOOSE_STEP``, in a fight ``FIGHT_CHOOSE_STEP``)."""
COUNTER_RESPOND_STEPS = (COUNTER_RESPOND_STEP, COMBAT_RESPOND_STEP)
"""Where the players of a counter round respond (6.4.1)."""
COUNTER_CHOOSE_STEPS = (COUNTER_CHOOSE_STEP, FIGHT_CHOOSE_STEP)
"""Where a player chooses the cards an effect asks for."""
ONE_DEED = ("turn.start", "turn.end.discard", "turn.end.regain", "turn.end.turn_back")
"""Steps that are one deed however many choices they ask (discard down to the hand size,
regain 3 points, turn back two leaders), and the turn's start (nobody acts between two
turns, 6.2.4.6): no response opens inside them (ruling R-6.5.1-window)."""
PHASE_ENDS = ("turn.start", "turn.draw", "turn.end.effects")
"""The ends of the phases that are no decision of their own (the start, draw and end
phases, 6.2.1, 6.2.2, 6.2.4): a phase window opens there when their work is done, in
which the player whose turn it is is asked first (ruling R-6.1.4-phases)."""
QUIET = tuple(
    leaf
    for leaf in TURN_LEAVES
    if leaf not in ONE_DEED and leaf not in COMBAT_ROUND_STEPS and leaf not in PHASE_ENDS
)
"""Steps where a response may open, and to which it returns: every step of a turn
but the :data:`ONE_DEED` steps, the combat round (:data:`COMBAT_ROUND_STEPS`) and the
:data:`PHASE_ENDS`, whose phase window answers their events."""
PHASE_END_EDGES = {
    "turn.start": Trigger.STARTED,
    "turn.draw": Trigger.DRAWN,
    "turn.end.effects": Trigger.DONE,
}
"""The edge each phase window fires when every player has passed (R-6.1.4-phases)."""
WINDOW_HOSTS = (*QUIET, *PHASE_ENDS)
"""Where a response or a phase window opens, and to which it returns."""
INTERRUPTIBLE = (*TURN_LEAVES, *COUNTER_LEAVES, *RESPONSE_LEAVES)
"""States from which a forced choice may interrupt play, and to which it resumes."""

PHASE_OF: dict[str, Phase] = {
    "setup": Phase.SETUP,
    "over": Phase.OVER,
    **{leaf: Phase(leaf.split(".")[1]) for leaf in TURN_LEAVES},
}
"""The turn phase of each step of a turn (interruptions have none of their own)."""

B_EDGES = (
    Edge(Trigger.BATTLE, "turn.combat.declare", B),  # 7.1.1.1
    Edge(Trigger.NEXT, f"{B}.target", f"{B}.commander"),  # 7.4.1 -> 7.4.2
    Edge(Trigger.NEXT, f"{B}.commander", f"{B}.defender"),  # -> 7.4.3.1
    Edge(Trigger.NEXT, f"{B}.defender", f"{B}.attacker_comrade"),  # -> 7.4.4
    Edge(Trigger.NEXT, f"{B}.attacker_comrade", f"{B}.defender_comrade"),  # -> 7.4.5
    Edge(Trigger.NEXT, f"{B}.defender_comrade", f"{B}.attacker_second"),  # -> 7.4.6
    Edge(Trigger.NEXT, f"{B}.attacker_second", f"{B}.defender_second"),  # -> 7.4.7
    Edge(Trigger.NEXT, f"{B}.defender_second", f"{B}.rounds"),  # -> 7.4.8
    Edge(Trigger.TROOP_MODE, f"{B}.rounds", f"{B}.troop_mode"),  # 3.8
    Edge(Trigger.NEXT, f"{B}.troop_mode", f"{B}.rounds"),
    Edge(Trigger.DECIDED, f"{B}.rounds", f"{B}.result"),  # 7.4.8, 7.4.9 -> 7.4.10
    Edge(Trigger.NEXT, f"{B}.result", f"{B}.spoils"),  # -> 7.4.11
    Edge(Trigger.NEXT, f"{B}.spoils", f"{B}.monsters"),  # -> 8.monster.5
    Edge(Trigger.NEXT, f"{B}.monsters", f"{B}.end_effects"),  # -> 7.4.12
    Edge(Trigger.NEXT, f"{B}.end_effects", f"{B}.cleanup"),  # -> 7.4.13
    Edge(Trigger.NEXT, f"{B}.cleanup", "turn.summoning_2"),  # one fight per phase (6.2.3.2)
)
D_EDGES = (
    Edge(Trigger.DUEL, "turn.combat.declare", D),  # 7.1.1.2
    Edge(Trigger.NEXT, f"{D}.challenger", f"{D}.challenged"),  # 7.6.1 -> 7.6.2
    Edge(Trigger.NEXT, f"{D}.challenged", f"{D}.rounds"),  # -> 7.6.3
    Edge(Trigger.DECIDED, f"{D}.rounds", f"{D}.result"),  # 7.6.4
    Edge(Trigger.NEXT, f"{D}.result", f"{D}.end_effects"),  # -> 7.6.5
    Edge(Trigger.NEXT, f"{D}.end_effects", f"{D}.cleanup"),  # -> 7.6.6
    Edge(Trigger.NEXT, f"{D}.cleanup", "turn.summoning_2"),
)


def _counter_round(name: str) -> tuple[Edge, ...]:
    """The inner edges of a counter round (6.4.1): a response is an event too."""
    respond = (f"{name}.respond", f"{name}.combat_respond")
    choose = (f"{name}.choose", f"{name}.fight_choose")
    return (
        Edge(Trigger.OPENED, f"{name}.open", f"{name}.respond"),
        Edge(Trigger.OPENED_IN_COMBAT, f"{name}.open", f"{name}.combat_respond"),  # 7.2.1
        Edge(Trigger.RESPOND, respond, f"{name}.open"),
        Edge(Trigger.ALL_PASSED, respond, f"{name}.resolve"),
        Edge(Trigger.CHOOSE, f"{name}.resolve", f"{name}.choose"),
        Edge(Trigger.CHOOSE_IN_FIGHT, f"{name}.resolve", f"{name}.fight_choose"),  # 7.2.5.2
        Edge(Trigger.CHOSEN, choose, f"{name}.resolve"),
    )


EDGES = (
    Edge(Trigger.BEGIN, "setup", "turn"),
    Edge(Trigger.STARTED, "turn.start", "turn.draw"),  # 6.2.1 -> 6.2.2
    Edge(Trigger.DRAWN, "turn.draw", "turn.summoning_1"),  # 6.2.2 -> 6.2.3.1
    Edge(Trigger.PASS, "turn.summoning_1", "turn.combat"),  # 6.2.3.2
    Edge(Trigger.SKIP, "turn.combat.declare", "turn.summoning_2"),  # no fight possible
    Edge(Trigger.PASS, "turn.combat.declare", "turn.summoning_2"),  # all passed (6.1.4)
    *B_EDGES,
    *D_EDGES,
    Edge(Trigger.PASS, "turn.summoning_2", "turn.end"),  # 6.2.3.3 -> 6.2.4
    Edge(Trigger.DONE, "turn.end.discard", "turn.end.clamp"),  # 6.2.4.1 -> 6.2.4.2
    Edge(Trigger.DONE, "turn.end.clamp", "turn.end.regain"),  # -> 6.2.4.3
    Edge(Trigger.DONE, "turn.end.regain", "turn.end.produce"),
    Edge(Trigger.DONE, "turn.end.produce", "turn.end.turn_back"),  # -> 6.2.4.4
    Edge(Trigger.DONE, "turn.end.turn_back", "turn.end.effects"),  # -> 6.2.4.5
    Edge(Trigger.DONE, "turn.end.effects", "turn.end.finish"),  # -> 6.2.4.6
    Edge(Trigger.NEXT_TURN, "turn.end.finish", "turn.start"),  # 6.2.4.6 -> next 6.2.1
    Edge(Trigger.PLAY, HOSTS, "counter"),  # 6.3.5, 4.6.4: an event opens a counter round
    *_counter_round("counter"),
    Edge(Trigger.EVENT, WINDOW_HOSTS, "response"),  # 6.1.4, 6.5.1: the others may respond
    Edge(Trigger.LEADER_OVERFLOW, INTERRUPTIBLE, "forced.sacrifice_leader"),  # 3.4.2
    Edge(Trigger.UNDERWORLD_ORDER, INTERRUPTIBLE, "forced.underworld_order"),  # 1.4.2
    Edge(Trigger.GAME_OVER, (*INTERRUPTIBLE, *FORCED_LEAVES, "setup"), "over"),
)

RETURNS = (
    Return(Trigger.RESOLVED, COUNTER_RESOLVE_STEP, HOSTS),
    Return(Trigger.RESUME, RESPONSE_STEP, WINDOW_HOSTS),
    Return(Trigger.RESUME, "forced.sacrifice_leader", INTERRUPTIBLE),
    Return(Trigger.RESUME, "forced.underworld_order", INTERRUPTIBLE),
)
"""Where each interruption returns: to the state its frame recorded."""

DOC = {
    "setup": "6.1: high gods on the board, opening reveals decide the turn order, draw.",
    "turn.start": "6.2.1: the turn begins; maneuver effects end; start-of-turn effects; "
    "then every player, the active one first, may act before the phase ends (6.1.4).",
    "turn.draw": "6.2.2: draw 2 cards, plus any extra draws; then every player, the "
    "active one first, may act before the phase ends (6.1.4).",
    "turn.summoning_1": "6.2.3.1: place one people; summon leaders, items, locations; "
    "use maneuvers.",
    "turn.combat.declare": "6.2.3.2: the combat phase: start a battle or a duel with an "
    "unturned leader, use what may affect a fight (7.3.5), or pass (7.1.1, 6.1.4).",
    f"{B}.target": "7.4.1: the attacker names an enemy people and one of its open roads.",
    f"{B}.commander": "7.4.2: the attacker names its commander.",
    f"{B}.defender": "7.4.3.1: the defender names or summons a defending commander, "
    "or none (7.4.3.2).",
    f"{B}.attacker_comrade": "7.4.4: the attacker may name a comrade, or ask for help.",
    f"{B}.defender_comrade": "7.4.5: the defender may name or summon a comrade, or ask for help.",
    f"{B}.attacker_second": "7.4.6: the attacker may name a second comrade.",
    f"{B}.defender_second": "7.4.7: the defender may name or summon a second comrade.",
    f"{B}.rounds": "7.4.8: combat rounds: troops, combat maneuvers, or pass.",
    f"{B}.troop_mode": "3.8: a support troop's player, or a reserve troop's "
    "opponent, chooses its level or its maneuvers.",
    f"{B}.result": "7.4.10: the result; a losing defender may sacrifice its commander.",
    f"{B}.spoils": "7.4.11: the winner takes the spoils.",
    f"{B}.monsters": "8.monster.5: the winners may pay again to keep their monsters.",
    f"{B}.end_effects": "7.4.12: end-of-fight effects.",
    f"{B}.cleanup": "7.4.13: war leaders turn, troops go to the underworld, combat effects end.",
    f"{D}.challenger": "7.6.1: the challenger is named (8.hero).",
    f"{D}.challenged": "7.6.2: an enemy leader in the leader row is challenged.",
    f"{D}.rounds": "7.6.3: combat rounds from the challenged player: effects, or pass.",
    f"{D}.result": "7.6.4: the lower duelist is destroyed.",
    f"{D}.end_effects": "7.6.5: end-of-fight effects.",
    f"{D}.cleanup": "7.6.6: the duelists turn; combat effects end.",
    "turn.summoning_2": "6.2.3.3: the second summoning step.",
    "turn.end.discard": "6.2.4.1: discard down to hand size.",
    "turn.end.clamp": "6.2.4.2: spheres above their maximum fall to it.",
    "turn.end.regain": "6.2.4.3: regain 3 sphere points.",
    "turn.end.produce": "6.2.4.3: cards that produce sphere points produce them.",
    "turn.end.turn_back": "6.2.4.4: turn back two turned leaders.",
    "turn.end.effects": "6.2.4.5: end-of-turn effects; then every player, the active one "
    "first, may act before the end phase ends (6.1.4).",
    "turn.end.finish": "6.2.4.6: the turn ends; nobody acts before the next turn.",
    "counter.open": "6.4.1: a counter round opens over a card played or a maneuver used; "
    "the affected player decides first.",
    "counter.respond": "6.4.1: respond with a counter or locked effect, or pass.",
    "counter.resolve": "6.4.1: all passed; pending effects resolve, last in first out; then "
    "play returns to the step the counter round interrupted.",
    "counter.combat_respond": "6.4.1, 7.2.1: in the combat phase, respond with a counter "
    "or locked effect that may affect the fight, or pass.",
    "counter.choose": "A player chooses cards an effect asks for.",
    "counter.fight_choose": "In a fight, a player chooses cards an effect asks for, or "
    "pays to keep a fleeing creature (7.2.5.2).",
    "response.respond": "6.1.4: after a deed, or another event (6.5.1), the other players "
    "in turn order may answer with a deed their timing marks allow (4.2.1), or pass; an "
    "answer gives the player whose turn it is the phase back. At the end of a start, draw "
    "or end phase, the window asks the active player first.",
    "forced.sacrifice_leader": "3.4.2: too many leaders; the owner sacrifices one.",
    "forced.underworld_order": "1.4.2: cards going to the underworld at once; the owner "
    "lays them one at a time.",
    "over": "The game has ended (1.1.1 or 1.3.4).",
}

INTERRUPTIONS = ("counter", "response", "forced")
PARTS = (
    Part(
        "turn",
        "A turn (6.2)",
        show=(
            "setup",
            "turn.start",
            "turn.draw",
            "turn.summoning_1",
            "turn.combat.declare",
            "turn.summoning_2",
            "turn.end",
            "over",
        ),
        groups=(B, D, *INTERRUPTIONS),
    ),
    Part(
        "summoning",
        "The summoning steps (6.2.3.1, 6.2.3.3)",
        show=SUMMONING_HOSTS,
        groups=("turn.draw", "turn.combat", "turn.end", *INTERRUPTIONS),
    ),
    Part("counter", "The counter round (6.4.1)", show=("counter",), groups=(B, D, "turn")),
    Part(
        "battle",
        "A battle (7.4)",
        show=(B,),
        groups=("turn.combat.declare", "turn.summoning_2", *INTERRUPTIONS),
    ),
    Part(
        "duel",
        "A duel (7.6)",
        show=(D,),
        groups=("turn.combat.declare", "turn.summoning_2", *INTERRUPTIONS),
    ),
    Part("forced", "The forced choices (3.4.2, 1.4.2)", show=("forced",)),
    Part("response", "The response to a deed or an event (6.1.4, 6.5.1)", show=("response",)),
)
"""The sub-diagrams of the machine (:mod:`mitosz_core.kernel.diagram`)."""

SPEC = MachineSpec(
    name="mitosz",
    states=STATES,
    edges=EDGES,
    initial="setup",
    doc=DOC,
    returns=RETURNS,
    parts=PARTS,
)

MACHINE: CompiledMachine = compile_machine(SPEC)
