"""The projection of a game state that golden playthroughs pin (format-independent).

A golden playthrough stores, after every decision, a digest of :func:`project`: what
the rules say about the game, independent of how the engine stores it. Each zone's cards
by key and id, levels and power as the rules compute them, spheres and maxima, the
fight, the lasting effects, whose decision it is, the turn phase and step that is under
way (whatever counter round, event window or forced choice interrupts it), and the
legal actions (sorted, as canonical JSON). A refactor of the runtime must leave every
digest unchanged; the save format may change freely.

``PROJECTION`` is the version of this function's output: raise it (and re-record) only
when the projection itself changes, never to hide a changed trajectory.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import mitosz_core as mc
from mitosz_core.games.mitosz.rules.board import board_cards
from mitosz_core.games.mitosz.rules.continuous import level_bonus
from mitosz_core.games.mitosz.rules.fights.army import side_level, troop_level
from mitosz_core.games.mitosz.rules.flow import turn_state
from mitosz_core.games.mitosz.rules.high_god import maxima
from mitosz_core.games.mitosz.rules.hosting import attached_as, items_of, of_kind
from mitosz_core.games.mitosz.rules.levels import level, power, road_level
from mitosz_core.games.mitosz.state import AttachKind
from mitosz_core.games.mitosz.state import Game as MitoszGame
from mitosz_core.games.mythos.state import Game as MythosGame
from mitosz_core.games.mythos.state import Slot

PROJECTION = 1

Json = Any


def digest(data: Json) -> str:
    """A short, stable digest of JSON-ready data."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def legal_strings(state: mc.State[Any]) -> list[str]:
    return sorted(a.to_json() for a in mc.legal_actions(state))


def project(state: mc.State[Any]) -> Json:
    """The rules' view of ``state`` (see the module docstring)."""
    head: dict[str, Json] = {
        "turn": state.turn,
        "to_act": state.to_act,
        "over": state.is_over,
        "winner": state.winner,
        "legal": legal_strings(state),
    }
    if state.ruleset == "mitosz":
        head.update(_mitosz(state))
    elif state.ruleset == "mythos":
        head.update(_mythos(state))
    else:  # pragma: no cover - a new ruleset needs its projection written
        raise ValueError(f"no projection for ruleset {state.ruleset!r}")
    return head


# --- Mítosz ------------------------------------------------------------------------------


LEGACY_STEPS = {"turn.combat.battle.troop_mode": "turn.combat.battle.rounds.troop_mode"}
"""Step names as projection 1 spells them (the machine before its interruptions were
declared once): the troop-mode step sat inside the combat rounds."""


def turn_step(state: mc.State[MitoszGame]) -> tuple[str, str]:
    """The turn phase (6.2) and the step within it (a battle or duel step), with every
    counter round, event window and forced choice stripped."""
    step = turn_state(state)
    step = LEGACY_STEPS.get(step, step)
    phase = ".".join(step.split(".")[:2])
    return phase, step


def _c(game: MitoszGame, card: int | None) -> Json:
    return None if card is None else f"{game.card(card).key}#{card}"


def _cs(game: MitoszGame, cards: tuple[int, ...]) -> Json:
    return [_c(game, c) for c in cards]


def _mitosz(state: mc.State[MitoszGame]) -> dict[str, Json]:
    game = state.game
    phase, step = turn_step(state)
    players = []
    for i, p in enumerate(game.players):
        players.append(
            {
                "high_god": _c(game, p.high_god),
                "spheres": list(p.spheres),
                "maxima": list(maxima(game, i)),
                "power": power(game, i),
                "deck": _cs(game, p.deck),
                "hand": _cs(game, p.hand),
                "underworld": _cs(game, p.underworld),
                "oblivion": _cs(game, p.oblivion),
                "intrigues": _cs(game, p.intrigues),
                "hold": None if p.hold is None else [p.hold.turn, p.hold.round_owner],
                "empire": [
                    {
                        "people": _c(game, slot.card),
                        "cell": [slot.x, slot.y],
                        "location": _one(game, slot.card, AttachKind.LOCATION),
                        "building": _building(game, slot.card),
                        "roads": [
                            [
                                road.edge.value,
                                road_level(game, i, slot, road) + level_bonus(game, slot.card),
                            ]
                            for road in game.card(slot.card).roads
                        ],
                    }
                    for slot in p.empire
                ],
                "leaders": [
                    {
                        "leader": _c(game, slot.card),
                        "turned": slot.turned,
                        "level": level(game, slot.card),
                        "items": _cs(game, items_of(game, slot.card)),
                    }
                    for slot in p.leaders
                ],
                "board": sorted(board_cards(game, i)),
            }
        )
    fight = game.fight
    fight_view: Json = None
    if fight is not None:
        fight_view = {
            "kind": fight.kind.value,
            "attacker": fight.attacker,
            "defender": fight.defender,
            "people": _c(game, fight.people),
            "road": None if fight.road is None else fight.road.value,
            "attack": [_c(game, c) for c in fight.attack],
            "defend": [_c(game, c) for c in fight.defend],
            "helpers": [list(h) for h in fight.helpers],
            "troops": [
                [_c(game, t.card), t.side, t.line.value, t.mode.value, troop_level(game, fight, t)]
                for t in fight.troops
            ],
            "levels": [side_level(game, fight, 0), side_level(game, fight, 1)]
            if fight.started
            else None,
            "outcome": None if fight.outcome is None else fight.outcome.value,
        }
    return {
        "phase": phase,
        "step": step,
        "active": game.active,
        "order": list(game.order),
        "ending": game.ending,
        "players": players,
        "fight": fight_view,
        "effects": [
            [e.effect.kind, e.player, _c(game, e.source), _c(game, e.target)] for e in game.effects
        ],
        "lingering": _cs(game, game.lingering),
        "markers": [[_c(game, m.card), m.level, m.power] for m in game.markers],
        "mounts": [[_c(game, m.card), _c(game, m.host)] for m in of_kind(game, AttachKind.MOUNT)],
        "runes": [[_c(game, r.card), _c(game, r.host)] for r in of_kind(game, AttachKind.KEYWORD)],
        "held": [
            [_c(game, h.card), _c(game, h.host), h.player] for h in of_kind(game, AttachKind.HELD)
        ],
        "limbo": [[b.owner, _cs(game, b.cards)] for b in game.limbo],
        "stack_cards": [_c(game, item.card) for item in game.stack if item.card is not None],
        "deckout": None if game.deckout is None else [game.deckout.turn, game.deckout.round_owner],
    }


def _one(game: MitoszGame, host: int, kind: AttachKind) -> Json:
    """The card attached to ``host`` as ``kind`` (a people's location, a region's
    building), as the projection names a card, or ``None``."""
    found = attached_as(game, host, kind)
    return _c(game, found[0] if found else None)


def _building(game: MitoszGame, people: int) -> Json:
    location = attached_as(game, people, AttachKind.LOCATION)
    return _one(game, location[0], AttachKind.BUILDING) if location else None


# --- MYTHOS ------------------------------------------------------------------------------


def _mk(game: MythosGame, card: int | None) -> Json:
    return None if card is None else f"{game.key(card)}#{card}"


def _slot(game: MythosGame, slot: Slot) -> Json:
    return [
        _mk(game, slot.card),
        _mk(game, slot.attached),
        slot.damage,
        slot.attack_mod,
        slot.life_mod,
        slot.temp_attack,
        slot.temp_life,
        slot.mobilized,
        slot.attacked,
    ]


def _mythos(state: mc.State[MythosGame]) -> dict[str, Json]:
    game = state.game
    combat = game.combat
    return {
        "phase": state.phase,
        "active": game.active,
        "round": game.round,
        "ending": game.ending,
        "players": [
            {
                "life": p.life,
                "aura": p.aura,
                "deck": [_mk(game, c) for c in p.deck],
                "hand": [_mk(game, c) for c in p.hand],
                "graveyard": [_mk(game, c) for c in p.graveyard],
                "battlefield": [_slot(game, s) for s in p.battlefield],
                "infirmary": [_slot(game, s) for s in p.infirmary],
                "sanctuary": [_slot(game, s) for s in p.sanctuary],
            }
            for p in game.players
        ],
        "combat": None
        if combat is None
        else {
            "attackers": [_mk(game, c) for c in combat.attackers],
            "blocks": [[_mk(game, a), _mk(game, b)] for a, b in combat.blocks],
            "order": [[_mk(game, a), _mk(game, b)] for a, b in combat.order],
        },
        "payment": None
        if game.payment is None
        else [_mk(game, game.payment.upgrade), _mk(game, game.payment.place), game.payment.left],
    }
