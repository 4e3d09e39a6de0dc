"""The generated reference of every action and of every observation field.

``actions.rst`` is one table per ruleset, read from its action classes
(:func:`mitosz_core.kernel.catalog.actions`): the JSON ``type``, the fields with their
types and defaults, an example in full and in its short form. ``observation-<ruleset>.rst``
documents the ruleset's observation types (typed dictionaries) field by field from their
docstrings (:func:`mitosz_core.kernel.catalog.observation_types`). A field without a
docstring, or an observation of the sample games that departs from the types
(:func:`mitosz_core.kernel.catalog.observation_problems`), fails the build, so the page
cannot drift from ``observe``. ``actionspace-<ruleset>.rst`` is the table of the
ruleset's integer action space, block by block, read from the space itself
(:class:`mitosz_core.kernel.actionspace.LayoutSpace`), so its figures cannot drift from
the code.
"""

from __future__ import annotations

import inspect

from sphinx.errors import ExtensionError

import mitosz_core
from mitosz_core.games.mitosz.rules.keywords import KEYWORD_ACTIONS
from mitosz_core.kernel import catalog
from mitosz_core.kernel.actionspace import LayoutSpace


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def keyword_actions_page() -> str:
    """The API reference of the actions the keywords declare in their own modules
    (:data:`~mitosz_core.games.mitosz.rules.keywords.KEYWORD_ACTIONS`), so that
    ``api.rst`` names none of them."""
    lines: list[str] = []
    for cls in KEYWORD_ACTIONS:
        lines += [f".. autoclass:: {cls.__module__}.{cls.__name__}", ""]
    return "\n".join(lines)


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


def action_space_page(ruleset: str, title: str) -> str:
    """The blocks of a ruleset's action space: first index, size, and each field's
    codes."""
    space = mitosz_core.action_space(ruleset)
    if not isinstance(space, LayoutSpace):
        raise ExtensionError(f"reference_pages: the {ruleset} space is not made of layouts")
    heading = f"{title} action space: {space.num_distinct_actions:,} indices"
    lines = [
        heading,
        "~" * len(heading),
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 25 15 15 45",
        "",
        "   * - Action",
        "     - First index",
        "     - Indices",
        "     - Fields (codes each)",
    ]
    for layout in space.layouts:
        block = space.block(layout.kind)
        fields = ", ".join(f"``{name}`` ({domain.size:,})" for name, domain in layout.fields)
        lines += [
            f"   * - ``{layout.kind.kind}``",
            f"     - {block.start:,}",
            f"     - {len(block):,}",
            f"     - {fields or 'none'}",
        ]
    lines.append("")
    return "\n".join(lines)


def observation_page(ruleset: str) -> str:
    """The reference of a ruleset's observation types, field by field, from their
    docstrings; the build fails if a field has no docstring or if an observation of the
    sample games departs from the types."""
    for problem in _sample_problems(ruleset):
        raise ExtensionError(
            f"reference_pages: a {ruleset} observation departs from its type: {problem}"
        )
    kinds = catalog.observation_types(ruleset)
    module = kinds[0].cls.__module__
    lines = [f".. automodule:: {module}", ""]
    for kind in kinds:
        undocumented = [f.name for f in kind.fields if not f.doc]
        if undocumented:
            raise ExtensionError(
                f"reference_pages: the field {undocumented[0]!r} of {kind.qualified} has no "
                "docstring"
            )
        doc = inspect.getdoc(kind.cls) or ""
        lines += [
            f".. py:class:: {kind.name}",
            "",
            *(f"   {line}" if line else "" for line in doc.splitlines()),
            "",
            f"   .. list-table:: The fields of ``{kind.name}``",
            "      :header-rows: 1",
            "      :widths: 22 28 50",
            "",
            "      * - Field",
            "        - Type",
            "        - Meaning",
        ]
        for f in kind.fields:
            optional = "" if f.required else " (not always present)"
            lines += [
                f"      * - ``{f.name}``",
                f"        - ``{f.annotation}``{optional}",
                f"        - {_cell(f.doc)}",
            ]
        lines.append("")
    return "\n".join(lines)


def _sample_problems(ruleset: str) -> list[str]:
    """Where the observations of the catalogue's sample games depart from the types."""
    return [
        problem
        for value in catalog.sample_observations(ruleset)
        for problem in catalog.observation_problems(ruleset, value)
    ]
