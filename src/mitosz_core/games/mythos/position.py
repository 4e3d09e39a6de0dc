"""A position builder for MYTHOS: the main phase of any turn, from the cards by key.

:class:`Position` lists each player's life, aura and zones (:class:`Side`: deck from the
top, hand, graveyard, and the three rows of :class:`SlotAt` values: a card with what is
attached to it and its damage, markers and once-per-round flags), the active and the
starting player, the turn and the round. :meth:`Position.state` builds the state at the
active player's main phase (04.3) and checks it with the ruleset's validator (the one
``State.from_json`` uses), which names the first broken rule.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from mitosz_core.errors import InvalidStateError
from mitosz_core.games.mythos.engine import RULESET, MythosRuleset
from mitosz_core.games.mythos.rules.effects import STARTING_LIFE
from mitosz_core.games.mythos.state import Game, Instance, Player, Slot
from mitosz_core.kernel.history import arrange
from mitosz_core.kernel.position_files import card_set_paths, read_position_file
from mitosz_core.kernel.rng import Rng
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig, State

SCHEMA = "mythos-position-1.schema.json"
ROWS = ("battlefield", "infirmary", "sanctuary")


@dataclass(frozen=True)
class SlotAt:
    """A card in a row (by key), with the card attached to it and the unit's state."""

    card: str
    attached: str | None = None
    damage: int = 0
    attack_mod: int = 0
    life_mod: int = 0
    mobilized: bool = False
    attacked: bool = False


@dataclass(frozen=True)
class Side:
    """One player's life, aura and cards by key; the deck is listed from its top."""

    life: int = STARTING_LIFE
    aura: int = 0
    deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    graveyard: tuple[str, ...] = ()
    battlefield: tuple[SlotAt, ...] = ()
    infirmary: tuple[SlotAt, ...] = ()
    sanctuary: tuple[SlotAt, ...] = ()


@dataclass(frozen=True)
class Position:
    """A MYTHOS position at the active player's main phase. See the module doc."""

    players: tuple[Side, Side]
    active: int = 0
    first: int = 0
    """The starting player (R-01-start)."""
    turn: int = 1
    round: int = 1
    """The round (R-03.2): the aura curve gives ``min(round, 10)``."""
    seed: int = 0
    auto_pass: bool = True
    card_sets: tuple[str, ...] = ()

    def ruleset(self) -> MythosRuleset:
        return RULESET if not self.card_sets else RULESET.with_card_sets(self.card_sets)

    def state(self, ruleset: MythosRuleset | None = None) -> State[Game]:
        """The position as a state, checked by the ruleset's validator; ``ruleset`` (by
        default the built-in one, with ``card_sets``) gives the card pool."""
        ruleset = self.ruleset() if ruleset is None else ruleset
        pool = ruleset.pool
        if len(self.players) != 2:
            raise InvalidStateError("players", "player-count", "MYTHOS has 2 players")
        keys: list[str] = []
        owners: list[int] = []

        def take(player: int, key: object, path: str) -> int:
            if not isinstance(key, str) or key not in pool:
                raise InvalidStateError(path, "card-key", f"no card {key!r} in the card sets")
            keys.append(key)
            owners.append(player)
            return len(keys) - 1

        def many(player: int, names: Sequence[str], path: str) -> tuple[int, ...]:
            return tuple(take(player, k, f"{path}[{j}]") for j, k in enumerate(names))

        players: list[Player] = []
        for i, side in enumerate(self.players):
            at = f"players[{i}]"
            rows: dict[str, tuple[Slot, ...]] = {}
            for row in ROWS:
                slots = []
                for j, spec in enumerate(getattr(side, row)):
                    card = take(i, spec.card, f"{at}.{row}[{j}].card")
                    attached = (
                        None
                        if spec.attached is None
                        else take(i, spec.attached, f"{at}.{row}[{j}].attached")
                    )
                    slots.append(
                        Slot(
                            card,
                            attached,
                            spec.damage,
                            spec.attack_mod,
                            spec.life_mod,
                            mobilized=spec.mobilized,
                            attacked=spec.attacked,
                        )
                    )
                rows[row] = tuple(slots)
            players.append(
                Player(
                    life=side.life,
                    aura=side.aura,
                    deck=many(i, side.deck, f"{at}.deck"),
                    hand=many(i, side.hand, f"{at}.hand"),
                    graveyard=many(i, side.graveyard, f"{at}.graveyard"),
                    **rows,
                )
            )
        ordered = sorted(set(keys))
        index = {k: i for i, k in enumerate(ordered)}
        game = Game(
            cards=tuple(pool[k] for k in ordered),
            instances=tuple(Instance(index[k], o) for k, o in zip(keys, owners, strict=True)),
            players=tuple(players),
            first=self.first,
            active=self.active,
            round=self.round,
        )
        decks = tuple(
            DeckList(
                f"position, player {i}",
                tuple(DeckEntry(1, k) for k, o in zip(keys, owners, strict=True) if o == i),
            )
            for i in range(2)
        )
        config = GameConfig(self.seed, 2, decks, self.auto_pass, arranged=True)
        state: State[Game] = State(
            ruleset="mythos",
            config=config,
            phase="turn.main",
            to_act=self.active,
            turn=self.turn,
            winner=None,
            is_over=False,
            rng=Rng.from_seed(self.seed),
            game=game,
        )
        ruleset.validate(state)
        return arrange(state, ruleset)


def _slot(data: Mapping[str, Any]) -> SlotAt:
    return SlotAt(**{k: data[k] for k in data})


def position_from_data(data: Mapping[str, Any]) -> Position:
    """A position from the data of a position file (already checked against the
    schema)."""
    sides = [
        Side(
            life=p.get("life", STARTING_LIFE),
            aura=p.get("aura", 0),
            deck=tuple(p.get("deck", ())),
            hand=tuple(p.get("hand", ())),
            graveyard=tuple(p.get("graveyard", ())),
            battlefield=tuple(_slot(x) for x in p.get("battlefield", ())),
            infirmary=tuple(_slot(x) for x in p.get("infirmary", ())),
            sanctuary=tuple(_slot(x) for x in p.get("sanctuary", ())),
        )
        for p in data["players"]
    ]
    return Position(
        players=(sides[0], sides[1]),
        **{
            k: data[k]
            for k in ("active", "first", "turn", "round", "seed", "auto_pass")
            if k in data
        },
        card_sets=tuple(data.get("card_sets", ())),
    )


def load_position(path: str | os.PathLike[str]) -> Position:
    """Read a MYTHOS position file (``.toml`` or ``.json``), within the input limits and
    checked against its JSON Schema (:class:`~mitosz_core.errors.DecodeError` names the
    file and the field). The ``card_sets`` paths are taken from the file's folder and
    must stay inside it (see :func:`~mitosz_core.kernel.position_files.card_set_paths`)."""
    data = read_position_file(path, SCHEMA, "mythos")
    return replace(position_from_data(data), card_sets=card_set_paths(path, data))
