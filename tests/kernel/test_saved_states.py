"""Saved states that could not arise in play are refused (issue "Hardening", saved states).

Each test is one reproducer of the outside campaign: a real saved state with one edit,
which ``State.from_json`` used to accept (and the engine then crashed on, or played a
game no rule allows). Each is now an :class:`~mitosz_core.errors.InvalidStateError`
naming the broken rule and the JSON path.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.errors import DecodeError, InvalidStateError
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.state import CounterFrame
from mitosz_core.games.mitosz.state import Game as MitoszGame
from mitosz_core.games.mythos.state import Game as MythosGame

Json = Any


def _play(
    ruleset: str, players: int, found: Callable[[mc.State[Any]], bool], seeds: int = 40
) -> mc.State[Any]:
    """The first state of random games (seeds 0, 1, ...) for which ``found`` holds."""
    for seed in range(seeds):
        s = mc.new_game(ruleset, seed=seed, players=players)
        rng = random.Random(seed)
        while not s.is_over:
            if found(s):
                return s
            s = mc.apply(s, rng.choice(mc.legal_actions(s)))
        if found(s):
            return s
    raise AssertionError("no such state reached")


@functools.cache
def mitosz_states() -> dict[str, str]:
    """Saved Mítosz states of 3 players: at the start, at turn 4 or later, with two
    peoples in an empire, in a counter round, in a fight, and over."""
    finds: dict[str, Callable[[mc.State[MitoszGame]], bool]] = {
        "start": lambda s: True,
        "turn4": lambda s: s.turn >= 4 and s.phase == "turn.summoning_1",
        "empire": lambda s: any(len(p.empire) >= 2 for p in s.game.players),
        "counter": lambda s: (
            s.phase.startswith("counter.")
            and isinstance(s.game.frames[-1], CounterFrame)
            and s.game.frames[-1].round is not None
        ),
        "fight": lambda s: s.game.fight is not None and not s.game.frames,
        "window": lambda s: s.phase == "turn.summoning_1" and s.game.seen is not None,
    }
    return {name: _play("mitosz", 3, found).to_json() for name, found in finds.items()}


@functools.cache
def mythos_states() -> dict[str, str]:
    finds: dict[str, Callable[[mc.State[MythosGame]], bool]] = {
        "start": lambda s: True,
        "units": lambda s: any(p.infirmary or p.battlefield for p in s.game.players),
        # a combat while the active player holds a card (a test names one as an attacker)
        "combat": lambda s: s.game.combat is not None and bool(s.game.players[s.game.active].hand),
        "over": lambda s: s.is_over,
    }
    return {name: _play("mythos", 2, found).to_json() for name, found in finds.items()}


def _edit(text: str, change: Callable[[Json], None]) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def refused(text: str, rule: str, path: str | None = None) -> InvalidStateError:
    with pytest.raises(InvalidStateError) as info:
        mc.State.from_json(text)
    assert info.value.rule == rule, str(info.value)
    if path is not None:
        assert info.value.path == path, str(info.value)
    return info.value


def mg(data: Json) -> Json:
    game = data["state"]["game"]
    assert isinstance(game, dict)
    return game


# --- the reproducers: Mítosz -------------------------------------------------------------------


def test_the_unedited_states_are_accepted() -> None:
    for text in (*mitosz_states().values(), *mythos_states().values()):
        assert mc.State.from_json(text).to_json() == text


@pytest.mark.parametrize("zone", ["hand", "deck", "underworld"])
def test_another_players_card_in_a_pile(zone: str) -> None:
    def change(data: Json) -> None:
        p0, p1 = mg(data)["players"][:2]
        mine = p0["hand"].pop(0)
        p0[zone].append(p1["hand"].pop())
        p1["hand"].append(mine)  # each card stays in one place

    refused(_edit(mitosz_states()["turn4"], change), "card-owner")


@pytest.mark.parametrize("value", [99, -5])
def test_spheres_out_of_range(value: int) -> None:
    def change(data: Json) -> None:
        mg(data)["players"][1]["spheres"][0] = value

    refused(_edit(mitosz_states()["start"], change), "spheres", "$.state.game.players[1].spheres")


def test_a_winner_while_the_game_runs() -> None:
    text = _edit(mitosz_states()["start"], lambda d: d["state"].update(winner=0))
    refused(text, "result", "$.state.winner")


def test_over_disagreeing_with_the_phase() -> None:
    refused(_edit(mitosz_states()["start"], lambda d: d["state"].update(over=True)), "result")


def test_to_act_null_while_running_or_not_the_deciding_player() -> None:
    text = mitosz_states()["start"]
    refused(_edit(text, lambda d: d["state"].update(to_act=None)), "to-act", "$.state.to_act")
    to_act = json.loads(text)["state"]["to_act"]
    other = _edit(text, lambda d: d["state"].update(to_act=(to_act + 1) % 3))
    refused(other, "to-act", "$.state.to_act")


def test_a_negative_turn() -> None:
    refused(_edit(mitosz_states()["start"], lambda d: d["state"].update(turn=-3)), "turn-number")


@pytest.mark.ruling("R-2.9-state")
@pytest.mark.parametrize(
    ("edit", "value"),
    [("roads", []), ("cost", [-5, 0, 0, 0]), ("spheres", [9, 9, 9, 9]), ("type", "item")],
)
def test_edited_card_definitions(edit: str, value: Json) -> None:
    text = mitosz_states()["start"]
    kinds = {"roads": "people", "cost": "leader", "spheres": "high_god", "type": "people"}
    cards = json.loads(text)["state"]["game"]["cards"]
    index = next(i for i, c in enumerate(cards) if c["type"] == kinds[edit])

    def change(data: Json) -> None:
        mg(data)["cards"][index][edit] = value

    refused(_edit(text, change), "card-definition", f"$.state.game.cards[{index}]")


@pytest.mark.ruling("R-2.9-state")
def test_cards_not_in_the_pool_are_checked_like_a_card_file() -> None:
    """Ruling R-state-cards: a card of no card set the ruleset knows is checked as a card
    file would be; here the ruleset knows none, so every card is."""
    state = mc.State.from_json(mitosz_states()["start"])
    bare = MitoszRuleset(pool={})
    bare.validate(state)  # the built-in cards pass as a card file's would
    index = next(i for i, c in enumerate(state.game.cards) if c.type.value == "people")
    cards = list(state.game.cards)
    cards[index] = replace(cards[index], roads=())
    broken = state.evolve(game=replace(state.game, cards=tuple(cards)))
    with pytest.raises(InvalidStateError, match="needs at least one road") as info:
        bare.validate(broken)
    assert info.value.rule == "card-definition"


def test_a_card_in_a_zone_its_type_cannot_be_in() -> None:
    def change(data: Json) -> None:
        p0 = mg(data)["players"][0]
        god = p0["realm"]["high_god"]
        p0["realm"]["high_god"], p0["hand"][0] = p0["hand"][0], god

    refused(_edit(mitosz_states()["start"], change), "zone-type")


def test_two_peoples_on_one_cell() -> None:
    def change(data: Json) -> None:
        for p in mg(data)["players"]:
            empire = p["realm"]["empire"]
            if len(empire) >= 2:
                empire[1]["x"], empire[1]["y"] = empire[0]["x"], empire[0]["y"]
                return

    refused(_edit(mitosz_states()["empire"], change), "one-people-per-cell")


def test_config_decks_changed() -> None:
    def change(data: Json) -> None:
        entries = data["state"]["config"]["decks"][0]["entries"]
        entries[0]["count"], entries[1]["count"] = entries[1]["count"], entries[0]["count"]

    text = mitosz_states()["start"]
    if json.loads(text)["state"]["config"]["decks"][0]["entries"][0]["count"] == 1:
        refused(_edit(text, change), "config-decks")
    swapped = _edit(text, lambda d: d["state"]["config"]["decks"].reverse())
    with pytest.raises(InvalidStateError):
        mc.State.from_json(swapped)


def test_the_seed_changed() -> None:
    text = mitosz_states()["turn4"]
    seed = json.loads(text)["state"]["config"]["seed"]
    refused(_edit(text, lambda d: d["state"]["config"].update(seed=seed + 1)), "seed")


def test_an_emptied_log() -> None:
    refused(_edit(mitosz_states()["turn4"], lambda d: d["state"].update(log=[])), "log")


@pytest.mark.parametrize("value", [-1, 2**70])
def test_the_rng_state_out_of_range(value: int) -> None:
    text = _edit(mitosz_states()["start"], lambda d: d["state"]["rng"].update(state=value))
    refused(text, "rng-state", "$.state.rng.state")


def test_duplicated_keys_are_refused() -> None:
    text = mitosz_states()["start"].replace('"turn":', '"turn":1,"turn":', 1)
    with pytest.raises(mc.DecodeError, match="appears more than once"):
        mc.State.from_json(text)


# --- single-field edits that used to crash the engine later -----------------------------------


def test_active_player_out_of_range() -> None:
    text = _edit(mitosz_states()["start"], lambda d: mg(d)["this_turn"].update(active=7))
    refused(text, "active-player", "$.state.game.this_turn.active")


def test_counter_first_out_of_range() -> None:
    """The counter round's data is held in its frame (the last one, while it runs)."""
    text = mitosz_states()["counter"]
    last = len(mg(json.loads(text))["frames"]) - 1
    text = _edit(text, lambda d: mg(d)["frames"][last]["round"].update(first=9))
    refused(text, "player-index", f"$.state.game.frames[{last}].round.first")


def test_fight_attacker_out_of_range() -> None:
    text = _edit(mitosz_states()["fight"], lambda d: mg(d)["fight"].update(attacker=5))
    refused(text, "fight", "$.state.game.fight.attacker")


def _attachment(card: int, host: int, kind: str, **facts: Json) -> Json:
    record = {"card": card, "host": host, "kind": kind, "shared": None, "player": None}
    return {**record, "release": None, "turned": False, **facts}


def test_a_mount_id_of_10_to_the_18() -> None:
    def change(data: Json) -> None:
        mg(data)["board"]["attachments"].append(_attachment(10**18, 0, "mount"))

    refused(
        _edit(mitosz_states()["start"], change),
        "card-id",
        "$.state.game.board.attachments[0].card",
    )


def test_a_card_given_to_another_owner() -> None:
    def change(data: Json) -> None:
        mg(data)["instances"][0]["owner"] = 1

    refused(_edit(mitosz_states()["start"], change), "config-decks", "$.state.game.instances[0]")


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_an_instance_naming_no_card_definition(ruleset: str) -> None:
    def change(data: Json) -> None:
        mg(data)["instances"][0]["card"] = len(mg(data)["cards"])

    states = mitosz_states() if ruleset == "mitosz" else mythos_states()
    error = refused(_edit(states["start"], change), "card-id", "$.state.game.instances[0].card")
    assert "there is no card definition" in error.problem


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_the_card_indices_are_checked_before_the_deal(ruleset: str) -> None:
    """An instance naming no card definition and dealt to another deck: the index is
    reported, before the deal check that reads the cards by it."""

    def change(data: Json) -> None:
        first = mg(data)["instances"][0]
        first["card"] = len(mg(data)["cards"])
        first["owner"] = 1 - first["owner"]

    states = mitosz_states() if ruleset == "mitosz" else mythos_states()
    refused(_edit(states["start"], change), "card-id", "$.state.game.instances[0].card")


def test_a_card_changed_for_another_of_the_pool() -> None:
    def change(data: Json) -> None:
        first = mg(data)["instances"][0]
        first["card"] = next(i["card"] for i in mg(data)["instances"] if i["card"] != first["card"])

    refused(_edit(mitosz_states()["start"], change), "config-decks", "$.state.game.instances")


def test_a_players_cards_dealt_to_other_ids_of_theirs_pass_the_validator_not_the_history() -> None:
    """What a determinized sample does (sample_state): which of a player's ids holds which
    of their cards is free for the validator, as long as each player owns their deck's
    cards. A saved state is also checked against its history, which dealt them otherwise:
    one with hidden cards moved does not load."""
    state = mc.State.from_json(mitosz_states()["turn4"])
    data = json.loads(state.to_json())
    instances = mg(data)["instances"]
    hidden = list(mg(data)["players"][1]["deck"])
    a, b = next(
        (x, y) for x in hidden for y in hidden if instances[x]["card"] != instances[y]["card"]
    )
    swapped = replace(
        state.game,
        instances=tuple(
            state.game.instances[{a: b, b: a}.get(i, i)] for i in range(len(instances))
        ),
    )
    moved = state.evolve(game=swapped)
    MitoszRuleset().validate(moved)  # the validator accepts it
    assert moved.game.card(a) == state.game.card(b)
    with pytest.raises(mc.HistoryError) as info:
        mc.State.from_json(moved.to_json())
    assert info.value.path == f"$.state.game.instances[{min(a, b)}].card"


def test_shortened_opening_reveals() -> None:
    text = _edit(mitosz_states()["start"], lambda d: mg(d)["opening_reveals"].pop())
    refused(text, "seed")


def test_a_response_frame_naming_no_state() -> None:
    def change(data: Json) -> None:
        mg(data)["frames"].append(
            {"host": "nowhere", "type": "response", "priority": 0, "ending": False}
        )

    refused(_edit(mitosz_states()["start"], change), "frame")


def test_a_state_at_an_automatic_step_is_refused() -> None:
    text = _edit(mitosz_states()["start"], lambda d: d["state"].update(phase="turn.draw"))
    refused(text, "decision-state", "$.state.phase")


def test_an_arranged_flag_of_false_is_left_out() -> None:
    text = _edit(mitosz_states()["start"], lambda d: d["state"]["config"].update(arranged=False))
    with pytest.raises(mc.DecodeError, match="leaves this field out"):
        mc.State.from_json(text)


# --- the reproducers: MYTHOS -------------------------------------------------------------------


def test_mythos_life_below_one_while_running() -> None:
    text = _edit(mythos_states()["start"], lambda d: mg(d)["players"][0].update(life=-5))
    refused(text, "life", "$.state.game.players[0].life")


def test_mythos_aura_99() -> None:
    text = _edit(mythos_states()["start"], lambda d: mg(d)["players"][1].update(aura=99))
    refused(text, "aura", "$.state.game.players[1].aura")


def test_mythos_damage_minus_10() -> None:
    def change(data: Json) -> None:
        for p in mg(data)["players"]:
            for row in ("battlefield", "infirmary"):
                if p[row]:
                    p[row][0]["damage"] = -10
                    return

    refused(_edit(mythos_states()["units"], change), "damage")


def test_mythos_an_event_on_the_battlefield() -> None:
    text = mythos_states()["start"]
    state = mc.State.from_json(text)
    game = state.game
    to_act = state.to_act
    assert to_act is not None
    mine = game.players[to_act]
    event = next(c for c in (*mine.hand, *mine.deck) if game.card(c).type.value == "event")

    def change(data: Json) -> None:
        p = mg(data)["players"][to_act]
        for zone in ("hand", "deck"):
            if event in p[zone]:
                p[zone].remove(event)
        slot = {"card": event, "attached": None, "damage": 0, "attack_mod": 0, "life_mod": 0}
        slot |= {"temp_attack": 0, "temp_life": 0, "mobilized": False, "attacked": False}
        p["battlefield"].append(slot)

    refused(_edit(text, change), "zone-type")


def test_mythos_a_fight_naming_cards_in_hand() -> None:
    text = mythos_states()["combat"]
    active = json.loads(text)["state"]["game"]["active"]

    def change(data: Json) -> None:
        mg(data)["combat"]["attackers"] = [mg(data)["players"][active]["hand"][0]]

    refused(_edit(text, change), "fight")


def test_mythos_winner_7() -> None:
    text = _edit(mythos_states()["over"], lambda d: d["state"].update(winner=7))
    refused(text, "winner", "$.state.winner")


def test_mythos_pay_step_without_a_payment() -> None:
    text = _edit(mythos_states()["start"], lambda d: d["state"].update(phase="turn.pay"))
    with pytest.raises(InvalidStateError) as info:
        mc.State.from_json(text)
    assert info.value.rule in ("payment", "to-act")


# --- observe ------------------------------------------------------------------------------------


@pytest.mark.parametrize("player", [3, -1, 10**6])
def test_observe_with_a_bad_player_index_is_a_library_error(player: int) -> None:
    state = mc.new_game("mitosz", seed=1, players=3)
    with pytest.raises(mc.ConfigError, match=f"no player {player}"):
        mc.observe(state, player)


@pytest.mark.parametrize("player", ["0", 1.0, True, None])
def test_observe_with_a_player_of_the_wrong_type_is_a_library_error(player: Any) -> None:
    state = mc.new_game("mythos", seed=1)
    with pytest.raises(mc.ConfigTypeError):
        mc.observe(state, player)


def test_mythos_a_game_that_ends_while_an_upgrade_is_paid_for_loads_again() -> None:
    """Life paid down to 0 ends the game in the pay step: nothing is left to pay then."""
    state = mc.new_game("mythos", seed=431)  # a seed whose random game ends there
    rng = random.Random(431)
    while not state.is_over:
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    assert state.game.payment is not None and state.game.payment.left == 0
    assert mc.State.from_json(state.to_json()) == state


def _people_and_deck(data: Json) -> tuple[int, int, int]:
    """A people on the board and two cards of a deck, in the saved state ``data``."""
    players = mg(data)["players"]
    people = next(e["card"] for p in players for e in p["realm"]["empire"])
    deck = next(p["deck"] for p in players if len(p["deck"]) >= 2)
    return people, deck[0], deck[1]


def _attach_edit(*records: Callable[[int, int, int], Json]) -> str:
    def change(data: Json) -> None:
        found = _people_and_deck(data)
        mg(data)["board"]["attachments"].extend(r(*found) for r in records)

    return _edit(mitosz_states()["empire"], change)


AT = "$.state.game.board.attachments"


@pytest.mark.rule("1.4.2")
def test_an_attachment_whose_host_is_not_on_the_board() -> None:
    text = _attach_edit(lambda people, a, b: _attachment(a, b, "keyword"))
    refused(text, "attachment-host", f"{_attach_at()}.host")


@pytest.mark.rule("1.2")
def test_a_card_attached_twice() -> None:
    twice = (lambda p, a, b: _attachment(a, p, "keyword"),) * 2
    text = _attach_edit(*twice)
    refused(text, "attached-twice", f"{_attach_at()}.card")


@pytest.mark.rule("1.4.2")
def test_an_attachment_of_an_unknown_kind() -> None:
    with pytest.raises(DecodeError) as info:
        mc.State.from_json(_attach_edit(lambda p, a, b: _attachment(a, p, "glue")))
    assert info.value.path == f"{_attach_at()}.kind"
    assert "glue" in str(info.value)


def _attach_at() -> str:
    """The path of the first record ``_attach_edit`` adds, after those of the state."""
    return f"{AT}[{len(mg(json.loads(mitosz_states()['empire']))['board']['attachments'])}]"


def _in_format(text: str, version: str) -> str:
    def change(data: Json) -> None:
        data["format"] = version

    return _edit(text, change)


@pytest.mark.rule("3.3")
def test_a_mitosz_state_of_the_first_format_is_refused_naming_what_changed() -> None:
    text = _in_format(mitosz_states()["start"], "mitosz-core/state/1")
    with pytest.raises(DecodeError) as info:
        mc.State.from_json(text)
    assert info.value.path == "$.format"
    assert "'mitosz-core/state/1'" in str(info.value) and "board.attachments" in str(info.value)
    with pytest.raises(DecodeError, match=r"expected format 'mitosz-core/state/2'"):
        mc.State.from_json(_in_format(mitosz_states()["start"], "mitosz-core/state/0"))


def test_a_mythos_state_of_the_first_format_still_loads() -> None:
    text = mythos_states()["start"]
    assert json.loads(text)["format"] == "mitosz-core/state/2"
    assert mc.State.from_json(_in_format(text, "mitosz-core/state/1")) == mc.State.from_json(text)


@pytest.mark.rule("3.3")
def test_a_location_on_a_card_that_is_no_people() -> None:
    text = _attach_edit(lambda p, a, b: _attachment(a, b, "location"))
    refused(text, "attachment-host", f"{_attach_at()}.host")


@pytest.mark.rule("8.region")
def test_a_building_on_a_card_that_is_no_location() -> None:
    text = _attach_edit(lambda p, a, b: _attachment(a, p, "building"))
    refused(text, "attachment-host", f"{_attach_at()}.host")


@pytest.mark.rule("3.3")
def test_two_locations_on_one_people() -> None:
    two = (
        lambda p, a, b: _attachment(a, p, "location"),
        lambda p, a, b: _attachment(b, p, "location"),
    )
    error = refused(_attach_edit(*two), "attachment")
    assert "one location" in str(error)


@pytest.mark.rule("5.15")
def test_a_held_leader_without_its_release_condition() -> None:
    text = _attach_edit(lambda p, a, b: _attachment(a, p, "held", player=0))
    refused(text, "attachment", f"{_attach_at()}.release")


@pytest.mark.rule("8.rune")
def test_a_rune_with_a_fact_of_another_kind() -> None:
    text = _attach_edit(lambda p, a, b: _attachment(a, p, "keyword", turned=True))
    refused(text, "attachment", f"{_attach_at()}.turned")


@pytest.mark.rule("8.rune")
def test_a_keyword_record_of_a_card_no_keyword_attaches() -> None:
    """A ``keyword`` record's card carries an attaching keyword's subtype (a deck card
    here carries none); a rune's record was of kind ``rune`` before, and is refused."""
    text = _attach_edit(lambda p, a, b: _attachment(a, p, "keyword"))
    error = refused(text, "attachment", f"{_attach_at()}.card")
    assert "no attaching keyword's subtype" in str(error)
    with pytest.raises(DecodeError) as info:
        mc.State.from_json(_attach_edit(lambda p, a, b: _attachment(a, p, "rune")))
    assert info.value.path == f"{_attach_at()}.kind"


@pytest.mark.rule("5.15")
def test_an_item_record_on_a_card_that_is_no_leader() -> None:
    text = _attach_edit(lambda p, a, b: _attachment(a, p, "item"))
    refused(text, "attachment-host", f"{_attach_at()}.host")


@pytest.mark.rule("3.5", "7.3.4")
def test_a_troop_attached_to_a_leader_outside_a_fight() -> None:
    """A battle's troops are attached to the leader of their line only while the fight
    lasts (7.3.4, ruling R-7.3.4-attached); outside one a leader carries items (3.5)."""
    text = mitosz_states()["turn4"]
    state = mc.State.from_json(text)
    game = state.game
    assert game.fight is None
    leader = next(slot.card for p in game.players for slot in p.leaders)
    troop = next(c for p in game.players for c in p.deck if game.card(c).type.value == "troop")

    def change(data: Json) -> None:
        for p in mg(data)["players"]:
            if troop in p["deck"]:
                p["deck"].remove(troop)
        mg(data)["board"]["attachments"].append(_attachment(troop, leader, "item"))

    error = refused(_edit(text, change), "zone-type")
    assert "a troop card cannot be attached to a leader" in str(error)
