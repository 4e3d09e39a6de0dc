"""The keywords of chapter 8 declared in their own modules (:class:`.keyword.Keyword`),
listed explicitly: nothing registers itself by being imported.

A new keyword is a module here with its :class:`~.keyword.Keyword` value, one line in
:data:`KEYWORDS`, its vocabulary entry, its tests and its docs (see the architecture
page's walkthrough "How to add a keyword").
"""

from __future__ import annotations

from mitosz_core.games.mitosz.rules.keywords.keyword import Keyword
from mitosz_core.games.mitosz.rules.keywords.rune import RUNE
from mitosz_core.kernel.action import Action

KEYWORDS: tuple[Keyword, ...] = (RUNE,)
"""The keywords declared in modules, in the order the summoning step lists their
actions."""

KEYWORD_ACTIONS: tuple[type[Action], ...] = tuple(a.action for k in KEYWORDS for a in k.actions)
"""The keywords' own action classes, in the order of :data:`KEYWORDS`: the action union
(:data:`~..engine.ACTION_TYPES`) has them after the core rules' actions."""
