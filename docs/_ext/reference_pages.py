"""The generated reference of every action and of every observation field.

``actions.rst`` is one table per ruleset, read from its action classes
(:func:`mitosz_core.kernel.catalog.actions`): the JSON ``type``, the fields with their
types and defaults, an example in full and in its short form. ``observation-<ruleset>.rst``
lists every field that ``observe`` returned in sample games
(:func:`mitosz_core.kernel.catalog.observation_fields`), with the descriptions below.
A top-level or per-player field without a description, or a description of a field that
``observe`` no longer returns, fails the build, so the page cannot drift.
"""

from __future__ import annotations

from collections.abc import Mapping

from sphinx.errors import ExtensionError

from mitosz_core.kernel import catalog

CARD_VIEW = {
    "mitosz": "a card: ``id`` (its instance id, the number actions name), ``key``, "
    "``name`` (English) and ``owner``",
    "mythos": "a card: ``id`` (its instance id, the number actions name), ``key``, "
    "``name`` (English) and ``type``",
}

DESCRIPTIONS: Mapping[str, Mapping[str, str]] = {
    "mitosz": {
        "ruleset": "``mitosz``.",
        "you": "The observing player's index.",
        "phase": "The machine state, e.g. ``turn.summoning_1`` (:doc:`machine`).",
        "turn": "Turns begun so far (1 in the first turn).",
        "active": "Whose turn it is.",
        "to_act": "Who must decide now; ``null`` when the game is over.",
        "order": "The turn order, player indices (6.1).",
        "over": "Whether the game has ended.",
        "winner": "The winner's index; ``null`` while playing or for a draw.",
        "ending": "Why the game ended: ``power`` (1.1.1) or ``deck-out`` (1.3.4).",
        "peoples_placed": "Peoples placed this turn (one per turn, 3.2.1).",
        "revealed": "Cards from hidden zones shown to everyone by the latest reveal.",
        "going_to_underworld": "Cards on their way to an underworld, by owner, while the "
        "owner lays them in order (1.4.2).",
        "stack": "The pending stack of the counter round, oldest first: each entry's "
        "``kind``, ``player``, ``card``, ``user``, ``maneuver`` index, ``target`` and "
        "whether it was neutralized.",
        "choice": "A choice an effect asks for: who chooses, its ``purpose``, how many "
        "cards, and the ``options`` (their number only, for the other players).",
        "peeked": "The card the observing player peeked at (4.2.3), if any.",
        "effects": "Lasting effects: their ``effect`` kind, ``player``, ``source`` and "
        "``target`` cards.",
        "lingering": "Free-maneuver and fate cards whose effects still last (3.7, 3.9).",
        "fight": "The battle or duel of this combat phase (chapter 7): sides, armies by "
        "line, troops, helpers, whose combat round it is, the side levels and the outcome.",
        "mounts": "Mounts and their riders (8.mount).",
        "runes": "Runes and the cards they are attached to.",
        "held_leaders": "Leaders held by another card, with their items, until released.",
        "players": "One object per player, in index order.",
        "players[].high_god": "The player's high god.",
        "players[].spheres": "Sphere points: ``magic``, ``influence``, ``wealth``, "
        "``force`` (3.1).",
        "players[].sphere_maxima": "Each sphere's maximum now.",
        "players[].power": "The player's power (1.1.1).",
        "players[].deck_size": "Cards in the deck.",
        "players[].hand_size": "Cards in the hand.",
        "players[].hand": "The hand: only in the observing player's own entry.",
        "players[].underworld": "The underworld (discard pile), oldest first.",
        "players[].oblivion": "Cards removed from the game.",
        "players[].empire": "The empire's peoples: grid cell ``x``, ``y``, their location "
        "and building, and each road's ``edge``, ``level`` and whether it is ``open``.",
        "players[].intrigues": "Intrigues face up in front of the player.",
        "players[].leaders": "The leader row: each leader, whether it is ``turned``, its "
        "``level`` and its items.",
        "players[].holding_since_turn": "The turn since which the player holds the power "
        "to win (1.1.1), or ``null``.",
        "players[].opening_reveals": "The cards the player revealed to decide the turn "
        "order (6.1.1).",
    },
    "mythos": {
        "ruleset": "``mythos``.",
        "you": "The observing player's index.",
        "phase": "The machine state, e.g. ``turn.main`` (:doc:`machine`).",
        "turn": "Turns begun so far.",
        "round": "The round: one turn of each player (R-03.2).",
        "first": "The starting player.",
        "active": "Whose turn it is.",
        "to_act": "Who must decide now; ``null`` when the game is over.",
        "over": "Whether the game has ended.",
        "winner": "The winner's index; ``null`` while playing or for a draw.",
        "ending": "Why the game ended: ``life``, ``stalemate`` or ``round-limit``.",
        "combat": "The combat under way (06): the ``attackers``, the ``blocks`` (blocker, "
        "attacker) and the damage ``order``; ids are card ids.",
        "payment": "An upgrade's attach cost being paid (08): the ``upgrade``, the "
        "``place`` it goes to and the points ``left``.",
        "players": "One object per player, in index order.",
        "players[].life": "Life points (01).",
        "players[].aura": "Aura points to spend.",
        "players[].aura_cap": "The most aura the player may hold now.",
        "players[].deck_size": "Cards in the deck.",
        "players[].hand_size": "Cards in the hand.",
        "players[].hand": "The hand: only in the observing player's own entry.",
        "players[].graveyard": "The graveyard, oldest first.",
        "players[].battlefield": "The battlefield row (02.1): each slot's ``card``, its "
        "``attached`` upgrade, ``attack``, ``life``, ``max_life``, ``damage``, and whether "
        "it is ``mobilized`` and has ``attacked``.",
        "players[].infirmary": "The infirmary row, slots as on the battlefield.",
        "players[].sanctuary": "The sanctuary row: each slot's ``card`` and ``attached`` upgrade.",
    },
}
"""What each top-level and per-player observation field means."""


def _described(path: str) -> bool:
    """Whether ``path`` needs a description: a top-level or a per-player field."""
    if "." not in path and "[]" not in path:
        return True
    rest = path.removeprefix("players[].")
    return rest != path and "." not in rest and "[]" not in rest


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def actions_page() -> str:
    lines: list[str] = []
    for ruleset, title in (("mitosz", "Mítosz"), ("mythos", "MYTHOS")):
        entries = catalog.actions(ruleset)
        lines += [
            title,
            "-" * len(title),
            "",
            f".. list-table:: The {len(entries)} {title} actions",
            "   :header-rows: 1",
            "   :widths: 22 30 48",
            "",
            "   * - Action",
            "     - Fields",
            "     - JSON (full, then short)",
        ]
        for entry in entries:
            fields = [
                f"``{f.name}: {f.type}``" + ("" if f.default is None else f" = ``{f.default}``")
                for f in entry.fields
            ]
            module = entry.cls.__module__
            lines += [
                f"   * - :class:`~{module}.{entry.cls.__name__}`",
                "",
                f"       {entry.summary}",
                f"     - {'; '.join(fields) if fields else 'none'}",
                f"     - ``{entry.json}``",
                "",
                f"       ``{entry.short_json}``",
            ]
        lines.append("")
    return "\n".join(lines)


def observation_page(ruleset: str) -> str:
    fields = [f for f in catalog.observation_fields(ruleset) if f.path]
    paths = {f.path for f in fields}
    described = DESCRIPTIONS[ruleset]
    stale = sorted(set(described) - paths)
    if stale:
        raise ExtensionError(
            f"reference_pages: observe() of {ruleset} returns no field {stale[0]!r}; "
            "update DESCRIPTIONS in docs/_ext/reference_pages.py"
        )
    missing = sorted(p for p in paths if _described(p) and p not in described)
    if missing:
        raise ExtensionError(
            f"reference_pages: the {ruleset} observation field {missing[0]!r} has no "
            "description; add it to DESCRIPTIONS in docs/_ext/reference_pages.py"
        )
    lines = [
        f"Every field that ``observe`` returned in sample games of {ruleset}; "
        f"``card`` is {CARD_VIEW[ruleset]}.",
        "",
        f".. list-table:: The {ruleset} observation",
        "   :header-rows: 1",
        "   :widths: 28 14 30 28",
        "",
        "   * - Field",
        "     - JSON type",
        "     - Meaning",
        "     - Example",
    ]
    for f in fields:
        lines += [
            f"   * - ``{f.path}``",
            f"     - {', '.join(f.types)}",
            f"     - {_cell(described.get(f.path, ''))}",
            f"     - ``{f.example}``" if f.example.strip() else "     -",
        ]
    lines.append("")
    return "\n".join(lines)
