"""The state checks of deaths and aura (06.4.3, 03.4) are skipped for players on which
they found nothing to do, and run again once a player's rows or aura change."""

from __future__ import annotations

import random

import pytest

import mitosz_core as mc
from mitosz_core.games.mythos import state as mythos_state
from mitosz_core.games.mythos.cards import CardType
from mitosz_core.games.mythos.rules import checks
from mitosz_core.games.mythos.rules.stats import Bonuses, aura_cap, bonuses_and_cap
from mitosz_core.games.mythos.state import Game, Player, Slot
from mitosz_core.kernel.values import replace
from tests.helpers import compiled

MONKEYPATCHED = pytest.mark.skipif(
    compiled(checks), reason="counts calls by monkeypatching, which a compiled module does not see"
)


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The players the checks of deaths and aura look at, in order: each restless
    player's passive sources are walked once, for its bonuses and its cap."""
    runs: list[int] = []

    def counted(game: Game, player: int) -> tuple[Bonuses, int]:
        runs.append(player)
        return bonuses_and_cap(game, player)

    monkeypatch.setattr(checks, "bonuses_and_cap", counted)
    monkeypatch.setattr(mythos_state, "CHECK_VIEWS", False)
    return runs


@MONKEYPATCHED
@pytest.mark.rule("06.4.3", "03.4")
def test_the_checks_run_again_only_for_a_changed_player(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = _counted(monkeypatch)
    s = mc.new_game("mythos", seed=2)  # its set-up checked its players
    before = len(runs)
    assert checks.state_checks(s) is s
    moved = s.evolve(game=replace(s.game, round=s.game.round + 1))  # the same players
    assert checks.state_checks(moved) is moved
    assert runs[before:] == []
    p = s.game.players[0]
    changed = s.evolve(game=s.game.with_player(0, Player(p.life, p.aura + 1, p.deck, p.hand)))
    checks.state_checks(changed)
    assert runs[before:] == [0]  # the other player is not looked at again
    q = s.game.players[1]  # a card drawn: the rows and the aura stay, and the mark
    drawn = s.evolve(game=s.game.with_player(1, replace(q, hand=q.hand[1:], deck=q.deck)))
    assert checks.state_checks(drawn) is drawn
    assert runs[before:] == [0]
    rich = s.evolve(game=s.game.with_player(1, replace(q, aura=q.aura + 20)))  # above the cap
    assert checks.state_checks(rich).game.players[1].aura == aura_cap(rich.game, 1) < q.aura + 20
    assert runs[before:] == [0, 1]


@MONKEYPATCHED
@pytest.mark.rule("06.4.3", "03.4")
def test_a_calm_player_in_another_game_is_checked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The mark holds for the printed cards and instances it was found with only."""
    runs = _counted(monkeypatch)
    s = mc.new_game("mythos", seed=2)
    before = len(runs)
    elsewhere = s.evolve(game=replace(s.game, instances=(*s.game.instances,)))
    assert elsewhere.game.instances is not s.game.instances
    assert elsewhere.game.players is s.game.players
    checks.state_checks(elsewhere)
    assert runs[before:] == [0, 1]


@pytest.mark.rule("06.4.3")
def test_random_games_end_alike_with_the_marks_checked_from_scratch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the debug mode on, every skipped check runs and must find nothing."""
    monkeypatch.setattr(mythos_state, "CHECK_VIEWS", True)
    for seed in range(3):
        rng = random.Random(seed)
        s = mc.new_game("mythos", seed=seed)
        while not s.is_over:
            s = mc.apply(s, rng.choice(mc.legal_actions(s)))


@pytest.mark.rule("06.4.3", "09.4")
def test_a_death_whose_effect_reaches_a_calm_player_changes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tantalus's on-exit effect (2 damage to the opponent) changes a player the checks
    found calm: that is no fault of the marks (it raised an AssertionError in play)."""
    monkeypatch.setattr(mythos_state, "CHECK_VIEWS", False)
    s = mc.new_game("mythos", seed=2)
    assert checks.state_checks(s) is s  # both players marked calm
    me = next(
        i
        for i, p in enumerate(s.game.players)
        if any(s.game.card(c).key == "Tantalus" for c in (*p.deck, *p.hand))
    )
    other = 1 - me
    p, q = s.game.players[me], s.game.players[other]
    (tantalus, *_) = [c for c in (*p.deck, *p.hand) if s.game.card(c).key == "Tantalus"]
    dying = replace(
        p,
        deck=tuple(c for c in p.deck if c != tantalus),
        hand=tuple(c for c in p.hand if c != tantalus),
        battlefield=(*p.battlefield, Slot(tantalus, damage=3)),  # life 3: it dies
    )
    s = s.evolve(game=s.game.with_player(me, dying))
    assert mythos_state.marked_calm(s.game, other)
    checked = checks.state_checks(s)
    assert tantalus not in {slot.card for slot in checked.game.players[me].battlefield}
    assert checked.game.players[other].life == q.life - 2


@pytest.mark.rule("06.4.3")
def test_the_debug_mode_refuses_a_mark_on_a_player_with_a_death_due(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(mythos_state, "CHECK_VIEWS", True)
    s = mc.new_game("mythos", seed=2)
    p = s.game.players[0]
    card = next(c for c in p.deck if s.game.card(c).type is CardType.UNIT)
    dying = replace(
        p,
        deck=tuple(c for c in p.deck if c != card),
        battlefield=(*p.battlefield, Slot(card, damage=99)),
    )
    s = s.evolve(game=s.game.with_player(0, dying))
    mythos_state.mark_calm(s.game)  # a stale mark, as a faulty memo would leave
    with pytest.raises(AssertionError, match="a player marked calm has a unit at 0 life"):
        checks.state_checks(s)
