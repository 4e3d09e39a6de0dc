"""The MYTHOS state graph, declared with ``transitions`` and compiled once at import.

Every decision is a state: the draw choice, the turn's actions, paying an attach cost,
the three steps of a fight, and each window (*Fenster*) in which a player may play
events (04.4, 09.8, 11.9): the non-active player's after every action of the active
player (``turn.respond``), and both players' after each step of a fight, the attacker's
first (``turn.combat.press_*``), then the defender's (``turn.combat.respond_*``), ruling
R-04.4-windows.
"""

from __future__ import annotations

from mitosz_core.kernel.machine import CompiledMachine, Edge, MachineSpec, compile_machine

FIGHT_STEPS = [
    "declare",
    "press_attack",
    "respond_attack",
    "block",
    "press_block",
    "respond_block",
    "order",
    "press_order",
    "respond_order",
    "damage",
]
"""The steps of a fight (06), in order."""
COMBAT = {"name": "combat", "initial": "declare", "children": FIGHT_STEPS}

STATES = (
    "setup",
    {
        "name": "turn",
        "initial": "start",
        "children": [
            "start",
            "draw",
            "respond",
            "main",
            "pay",
            COMBAT,
            "end",
        ],
    },
    "over",
)

PLAYING = (
    "setup",
    "turn.start",
    "turn.draw",
    "turn.respond",
    "turn.main",
    "turn.pay",
    *(f"turn.combat.{step}" for step in FIGHT_STEPS),
    "turn.end",
)
"""Every state but ``over``: the game can end from each of them (the ``game_over`` edge)."""

EDGES = (
    Edge("begin", "setup", "turn"),
    Edge("started", "turn.start", "turn.draw"),  # 04.1: effects, aura, then the draw
    Edge("drawn", "turn.draw", "turn.respond"),
    Edge("close", "turn.respond", "turn.main"),
    Edge("acted", "turn.main", "turn.respond"),  # 04.3 -> a window (04.4)
    Edge("attach_upgrade", "turn.main", "turn.pay"),  # 08
    Edge("paid", "turn.pay", "turn.respond"),
    Edge("attack", "turn.main", "turn.combat"),  # 06
    Edge("declared", "turn.combat.declare", "turn.combat.press_attack"),
    Edge("close", "turn.combat.press_attack", "turn.combat.respond_attack"),
    Edge("close", "turn.combat.respond_attack", "turn.combat.block"),
    Edge("blocked", "turn.combat.block", "turn.combat.press_block"),
    Edge("close", "turn.combat.press_block", "turn.combat.respond_block"),
    Edge("close", "turn.combat.respond_block", "turn.combat.order"),
    Edge("ordered", "turn.combat.order", "turn.combat.press_order"),
    Edge("close", "turn.combat.press_order", "turn.combat.respond_order"),
    Edge("close", "turn.combat.respond_order", "turn.combat.damage"),
    Edge("resolved", "turn.combat.damage", "turn.main"),
    Edge("end_turn", "turn.main", "turn.end"),  # 04.2
    Edge("next_turn", "turn.end", "turn.start"),
    Edge("game_over", PLAYING, "over"),
)

DOC = {
    "setup": "01: 20 life, 64-card decks shuffled, opening hands of 6.",
    "turn.start": "04.1: start-of-turn effects (09.7), then aura (03).",
    "turn.draw": "04.1, 07: draw (1, or 2 with an empty hand) or the draw sacrifice (03.7).",
    "turn.respond": "04.4: the non-active player may play events (11.9).",
    "turn.main": "04.3: play, mobilise, recall, attach, attack, activate, end the turn.",
    "turn.pay": "08: paying an upgrade's attach cost, one choice at a time.",
    "turn.combat.declare": "06.1: more attackers, or done.",
    "turn.combat.press_attack": "11.9: the attacker may play events (R-04.4-windows).",
    "turn.combat.respond_attack": "11.9: the defender may play events.",
    "turn.combat.block": "06.2: the defender assigns blockers, one block at a time.",
    "turn.combat.press_block": "11.9: the attacker may play events (R-04.4-windows).",
    "turn.combat.respond_block": "11.9: the defender may play events.",
    "turn.combat.order": "06.3: the attacker fixes the damage order, one pairing at a time.",
    "turn.combat.press_order": "11.9: the attacker may play events (R-04.4-windows).",
    "turn.combat.respond_order": "11.9: the defender may play events.",
    "turn.combat.damage": "06.4: damage, deaths; attackers return to the infirmary.",
    "turn.end": "04.2: end-of-turn effects (09.7); the opponent's turn begins.",
    "over": "The game has ended (01.4, R-01.5).",
}

SPEC = MachineSpec(name="mythos", states=STATES, edges=EDGES, initial="setup", doc=DOC)

MACHINE: CompiledMachine = compile_machine(SPEC)

RESPONSES = frozenset(
    {
        "turn.respond",
        "turn.combat.respond_attack",
        "turn.combat.respond_block",
        "turn.combat.respond_order",
    }
)
"""The event windows of the non-active player (04.4, 11.9)."""
PRESSES = frozenset(
    {
        "turn.combat.press_attack",
        "turn.combat.press_block",
        "turn.combat.press_order",
    }
)
"""The attacker's event windows in a fight, each before the defender's (11.9,
R-04.4-windows)."""
WINDOWS = RESPONSES | PRESSES
"""Every event window (04.4, 09.8, 11.9)."""

COMBAT_STEPS = frozenset(f"turn.combat.{step}" for step in FIGHT_STEPS)
"""The steps of a fight under way (06)."""
PAY_STEP = "turn.pay"
"""Paying an upgrade's attach cost (08)."""
