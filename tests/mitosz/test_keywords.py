"""The keywords declared in their own modules (``rules/keywords``): each declaration is
whole, and the generic code takes what it declares from it."""

from __future__ import annotations

import dataclasses
import re

import pytest

import mitosz_core as mc
from mitosz_core.errors import CardDataError, MachineError
from mitosz_core.games.mitosz import actionspace, subtypes
from mitosz_core.games.mitosz.actions import CORE_ACTION_TYPES, SacrificeBuilding
from mitosz_core.games.mitosz.actionspace import KEYWORD_SLOTS, layouts
from mitosz_core.games.mitosz.carddata import BUILTIN_POOL, checks
from mitosz_core.games.mitosz.carddata.checks import check_card
from mitosz_core.games.mitosz.carddata.coverage import RULED_SUBTYPES
from mitosz_core.games.mitosz.carddata.vocabulary import SUBTYPES
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.describe import describe
from mitosz_core.games.mitosz.effects.language import (
    Cards,
    ChangeLevel,
    Chosen,
    Draw,
    Every,
    Maneuver,
    ManeuverStep,
    Side,
    User,
)
from mitosz_core.games.mitosz.engine import ACTION_TYPES, RULESET
from mitosz_core.games.mitosz.rules import bearing
from mitosz_core.games.mitosz.rules.keywords import KEYWORD_ACTIONS, KEYWORDS
from mitosz_core.games.mitosz.rules.keywords.keyword import Keyword
from mitosz_core.games.mitosz.rules.keywords.rune import RUNE, AttachRune, focused, rune_resolution
from mitosz_core.games.mitosz.rules.maneuver_use import RESOLVES
from mitosz_core.games.mitosz.state import AttachKind, ManeuverPending
from mitosz_core.games.mitosz.subtypes import (
    ATTACHING_KEYWORDS,
    Bearing,
    Subtype,
    attaching_keyword,
)
from mitosz_core.games.mitosz.validate_effects import card_effects
from mitosz_core.mitosz import KeywordAt, Leader
from tests.mitosz.fixtures import ATTACHMENT_RULESET, CROSS, build, sea, sky, the


def test_every_keyword_declares_its_subtype_rules_and_kind() -> None:
    names = [k.name for k in KEYWORDS]
    assert len(set(names)) == len(names)
    for keyword in KEYWORDS:
        assert keyword.subtype in SUBTYPES, keyword.name  # its card-schema vocabulary entry
        assert f"8.{keyword.name}" in keyword.rules
        if keyword.kind is not None:
            assert keyword.leaves, f"{keyword.name}: what happens when it leaves the board"


@pytest.mark.rule("8.rune")
def test_the_rune_keyword_is_declared_in_its_module() -> None:
    assert RUNE in KEYWORDS
    assert RUNE.kind is AttachKind.KEYWORD
    assert [r.action for r in RUNE.main_rules] == [AttachRune]
    assert RUNE.bearing is ATTACHING_KEYWORDS[Subtype.RUNE]  # beside its vocabulary entry
    assert RUNE.bearing.bound_maneuver  # 3.9: a bound maneuver of its card
    assert RUNE.bearing.passes_cursed_magical  # 2.4: a cursed or magical rune marks its card
    assert RUNE.resolve_use is rune_resolution  # a use of it, or attaching it, resolves there


def test_every_attaching_keyword_of_the_vocabulary_has_its_module_and_back() -> None:
    """The rules below the keyword modules read the bearings in the card vocabulary
    (:data:`ATTACHING_KEYWORDS`): each subtype there is a declared keyword's whose cards
    are attached as ``keyword``, and each such keyword's subtype is there, once."""
    attaching = [k.subtype for k in KEYWORDS if k.kind is AttachKind.KEYWORD]
    assert sorted(attaching) == sorted(ATTACHING_KEYWORDS)
    assert len(set(attaching)) == len(attaching)


def test_a_keyword_whose_kind_disagrees_with_the_vocabulary_is_refused() -> None:
    with pytest.raises(ValueError, match=r"keyword odd: its cards are attached as mount, but"):
        Keyword("odd", RUNE.subtype, ("8.odd",), AttachKind.MOUNT)
    with pytest.raises(ValueError, match=r"subtype scribe is not an attaching keyword's"):
        Keyword("odd", Subtype.SCRIBE, ("8.odd",), AttachKind.KEYWORD)
    assert Keyword("odd", Subtype.SCRIBE, ("8.odd",)).bearing is None


@pytest.mark.rule("8.rune")
def test_a_card_with_two_attaching_keywords_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Which keyword attaches a card is its one attaching keyword's subtype
    (:func:`attaching_keyword`); the card loader refuses a card with two. With one
    attaching keyword in the game, the scribe stands in for a second."""
    rune = next(
        c
        for c in BUILTIN_POOL.values()
        if c.has_subtype(Subtype.RUNE) and c.type is CardType.MANEUVER
    )
    assert attaching_keyword(rune.subtypes) is Subtype.RUNE
    two = dataclasses.replace(rune, subtypes=(*rune.subtypes, Subtype.SCRIBE))
    check_card("cards.toml", {}, two)
    second = {**ATTACHING_KEYWORDS, Subtype.SCRIBE: Bearing()}
    monkeypatch.setattr(checks, "ATTACHING_KEYWORDS", second)
    with pytest.raises(CardDataError, match=r"one keyword at most \(chapter 8\): 'rune' and"):
        check_card("cards.toml", {}, two)


@pytest.mark.rule("8.rune")
def test_the_effect_validator_and_the_coverage_report_read_the_declarations() -> None:
    """A saved state may hold the effects a rune's maneuver gives on its card only
    (``Keyword.acting``), and the coverage report counts the subtypes a keyword's rules
    concern (the rune's and the scribe's), without either naming the rune."""
    rune = next(
        c
        for c in BUILTIN_POOL.values()
        if c.has_subtype(Subtype.RUNE) and c.type is CardType.MANEUVER
    )
    assert RUNE.acting is focused
    plain = dataclasses.replace(rune, subtypes=())  # its maneuvers as printed only
    assert card_effects([rune]) > card_effects([plain])
    assert {"rune", "scribe"} <= set(RULED_SUBTYPES)


def test_a_keyword_action_reads_as_its_declaration_says() -> None:
    """``describe`` takes a keyword action's sentence from its declaration
    (``KeywordAction.describe``); the core's sentences name no keyword action."""
    s = mc.new_game(seed=1)
    name = {c: s.game.card(c).name_en for c in (1, 2, 3)}
    sentence = f"has {name[2]} attach the rune {name[1]} to {name[3]}"
    assert describe(s, AttachRune(1, 2, 3)) == sentence


@pytest.mark.parametrize("step", ["turn.summoning_1", "turn.summoning_2"])
def test_the_summoning_steps_take_the_keywords_actions(step: str) -> None:
    """The summoning steps' rule table holds each keyword's rules, last (so the action
    order of the step, and the golden games, are as before)."""
    accepts = RULESET.steps[step].accepts
    declared = tuple(r.action for k in KEYWORDS for r in k.main_rules)
    assert accepts[-len(declared) :] == declared


def test_a_use_concerning_a_card_no_keyword_resolves_is_an_error_naming_it() -> None:
    """A resolving use whose keyword card no declared keyword resolves is not taken for
    a plain use: the resolver names the use and the card."""
    s = mc.new_game(seed=1)
    game = s.game
    card = next(
        c
        for c in range(len(game.instances))
        if game.card(c).maneuvers and not game.card(c).has_subtype(Subtype.RUNE)
    )
    item = ManeuverPending(7, 0, user=card, maneuver=0, keyword_card=card)
    name = re.escape(game.card(card).name)
    with pytest.raises(MachineError, match=rf"pending use 7 concerns {name}, but no keyword"):
        RESOLVES.resolve(s, item)


def test_the_action_union_and_the_action_space_take_the_keywords_actions() -> None:
    """A keyword's action classes are its own (the rune's ``AttachRune``): the union has
    them after the core rules' actions, the action space lays each out after the action
    it declares, and the keyword's attached cards have their codes (the flat indices
    are pinned by the golden games' action indices)."""
    assert [a.action for a in RUNE.actions] == [AttachRune]
    assert AttachRune not in CORE_ACTION_TYPES
    assert (*CORE_ACTION_TYPES, *KEYWORD_ACTIONS) == ACTION_TYPES
    assert RULESET.action_types == ACTION_TYPES
    kinds = [layout.kind for layout in layouts()]
    assert kinds.index(AttachRune) == kinds.index(SacrificeBuilding) + 1
    assert ("rune", Subtype.RUNE, 4) in KEYWORD_SLOTS


def test_a_keyword_action_with_no_place_or_unknown_positions_is_refused() -> None:
    with pytest.raises(ValueError, match="follows AttachRune, which has no layout"):
        actionspace._after([], AttachRune)
    with pytest.raises(ValueError, match=r"AttachRune\.card: no positions 'pocket'"):
        actionspace._positions({}, AttachRune, "card", "pocket")


@pytest.mark.rule("8.rune", "4.2.6")
@pytest.mark.ruling("R-8.rune")
def test_a_runes_maneuver_acts_on_its_card_in_every_step() -> None:
    # 8.rune: the rune's maneuver acts on the card it is attached to; a multi-step
    # maneuver (4.2.6) does so in each further step too, whatever its selectors name,
    # and keeps its steps' costs
    every = Every(Cards(types=(CardType.LEADER,), side=Side.ENEMY))
    step = ManeuverStep((0, 0, 1, 0), ChangeLevel(every, -1), permanent=True)
    m = Maneuver("Runes", ChangeLevel(User(), 1), steps=(step, ManeuverStep((0, 0, 0, 0), Draw(1))))
    found = focused(m)
    assert found.effect == ChangeLevel(Chosen(Cards()), 1)
    assert found.steps == (
        ManeuverStep((0, 0, 1, 0), ChangeLevel(Chosen(Cards()), -1), permanent=True),
        ManeuverStep((0, 0, 0, 0), Draw(1)),  # names no card: unchanged
    )
    assert (found.name, len(m.steps)) == ("Runes", 2)


@pytest.mark.rule("3.9", "2.4", "8.rune")
@pytest.mark.parametrize(
    ("declared", "bound", "passed"),
    [
        ({Subtype.RUNE: Bearing(bound_maneuver=True, passes_cursed_magical=True)}, True, True),
        ({Subtype.RUNE: Bearing(bound_maneuver=True)}, True, False),
        ({Subtype.RUNE: Bearing(passes_cursed_magical=True)}, False, True),
        ({Subtype.RUNE: Bearing()}, False, False),
        ({}, False, False),  # a card whose keyword is no longer declared
    ],
)
def test_the_generic_rules_read_an_attached_cards_bearing_from_its_declaration(
    monkeypatch: pytest.MonkeyPatch, declared: dict[Subtype, Bearing], bound: bool, passed: bool
) -> None:
    """A card attached by a keyword is its host's bound maneuver (3.9) and passes its
    cursed or magical mark on (2.4) only as its keyword's bearing says: the generic rules
    name no keyword, so a second attaching keyword with another bearing needs no change
    there. The magical Ward Rune is attached to the Cheap."""
    mine = sky(empire=CROSS, leaders=(Leader("Cheap"),))
    s = build(
        mine,
        sea(),
        ruleset=ATTACHMENT_RULESET,
        keyword_cards=(KeywordAt(0, "Ward Rune", 0, "Cheap"),),
    )
    ward, cheap = the(s, "Ward Rune"), the(s, "Cheap")
    for module in (subtypes, bearing):
        monkeypatch.setattr(module, "ATTACHING_KEYWORDS", declared)
    assert bearing.bound_host(s.game, ward) == (cheap if bound else None)
    assert list(bearing.passing(s.game, cheap)) == ([s.game.card(ward)] if passed else [])
    assert bearing.bound_host(s.game, cheap) is None  # attached to nothing
