"""Property tests: 1,000 seeded random Battle Mages games, invariants checked after every
action, and finished games replayed from their JSON records to the identical state.

Beyond Clash's invariants (cards are never lost or duplicated, hidden cards stay hidden,
replays are exact) two of the issue's: the stack is empty whenever a step ends, and no
illegal target is ever chosen (each target is checked against its selection by a second,
independent reading of the card's state, before the engine applies it).
"""

import pytest

from engine.agents import RandomAgent
from engine.core.events import CardDrawn
from engine.core.match import Match, new_match, replay
from engine.core.record import MatchRecord
from engine.core.ruleset import get_ruleset
from engine.rulesets.battle_mages import game as bm_game
from engine.rulesets.battle_mages.cards import MODIFIERS
from engine.rulesets.battle_mages.casting import Attempt
from engine.rulesets.battle_mages.game import BattleMagesState
from engine.rulesets.battle_mages.resolving import Resolve
from tests.support.fingerprint import fingerprint
from tests.support.samples import seed_ranges

GAMES = 1000
CHUNK = 100
SAMPLE = 30  # games in every tier; the rest are marked slow (tests/support/samples.py)
LEAK_EVERY = 13  # views are built every 13th action (every action would cost 4x the time)
REPLAY_EVERY = 10


def where_cards_are(state: BattleMagesState) -> dict[int, str]:
    found: dict[int, str] = {}
    for side in state.sides:
        for name in ("spellbook", "collection", "hand", "field", "crystals", "graveyard"):
            for card in getattr(side, name):
                assert card.uid not in found, f"{card.name} is in two zones"
                found[card.uid] = name
    resolving = [t.item for t in state.steps if isinstance(t, Resolve)]
    spells = [item.source[0] for item in state.stack + resolving if item.spell]
    for uid in spells:
        assert uid not in found, "a spell on the stack is also in a zone"
        found[uid] = "stack"
    held = sorted(card.uid for side in state.sides for card in side.spells)
    assert held == sorted(spells), "a side's spells are not its spells on the stack"
    assert all(state.cards[uid].zone == "stack" for uid in held)
    return found


def broken(match: Match) -> list[str]:
    state: BattleMagesState = match.state
    problems = []
    try:
        zones = where_cards_are(state)
    except AssertionError as exc:
        return [str(exc)]
    if len(zones) != 100:
        problems.append(f"{len(zones)} cards in play, not 100")
    for uid, zone in zones.items():
        card = state.cards[uid]
        expected = "collection" if zone == "collection" else zone
        if card.zone != expected:
            problems.append(f"{card.name} thinks it is in {card.zone}, it is in {zone}")
    for side in state.sides:
        if side.pool < 0 or side.mana > side.max_mana + side.pool:
            problems.append(f"{side.name} mana {side.mana}/{side.max_mana}+{side.pool}")
        for card in side.field:
            lethal = card.proto.kind == "creature" and card.damage >= card.proto.health
            if lethal and not match.over and not state.steps:
                problems.append(f"{card.name} lives with lethal damage")
            if min(card.poison, card.shield, card.str, card.ice, card.damage) < 0:
                problems.append(f"{card.name} has a negative counter")
    return problems


def leaks(match: Match) -> list[str]:
    state: BattleMagesState = match.state
    problems = []
    for viewer in (0, 1):
        view = match.view(viewer)
        other = view.seats[1 - viewer]
        if other.zones["hand"].cards is not None:
            problems.append(f"view({viewer}) shows the other hand")
        for seat in view.seats:
            for name in ("deck", "crystal collection"):
                if seat.zones[name].cards is not None:
                    problems.append(f"view({viewer}) shows a {name}")
        hidden = {c.uid for c in state.sides[1 - viewer].hand}
        for side in state.sides:
            hidden |= {c.uid for c in side.spellbook + side.collection}
        shown = {c.uid for s in view.seats for z in s.zones.values() for c in z.cards or ()}
        shown |= {c.uid for z in view.table.values() for c in z.cards or ()}
        if shown & hidden:
            problems.append(f"view({viewer}) holds hidden uids {sorted(shown & hidden)}")
        for event in view.events:
            if isinstance(event, CardDrawn) and event.player != viewer and event.card:
                problems.append(f"view({viewer}) names the other Mage's drawn card")
        for decision in view.decisions:
            if decision.player != viewer and decision.options is not None:
                problems.append(f"view({viewer}) shows the other Mage's options")
    return problems


def fits(state: BattleMagesState, sel, controller: int, ref: int) -> bool:
    """An independent reading of battle-mages.md:63-82 and the selection's words."""
    if ref < 0:
        seat = -1 - ref
        owner_ok = sel.control == 0 or (sel.control == 1) == (seat == controller)
        return sel.obj == 4 and owner_ok
    card = state.cards[ref]
    if sel.obj == 3:  # a spell: a card on the stack
        return any(i.spell and i.source[0] == ref for i in state.stack)
    zone_list = state.sides[card.owner].crystals if sel.obj == 2 else state.sides[card.owner].field
    if card not in zone_list:
        return False
    kinds = {0: "creature", 1: "relic", 2: "crystal"}
    if card.proto.kind != kinds[sel.obj]:
        return False
    if sel.control and (sel.control == 1) != (card.owner == controller):
        return False
    combat = state.step in ("attackers", "blockers", "damage")
    has = {
        "poisoned": card.poison > 0,
        "shielded": card.shield > 0,
        "strengthened": card.str > 0,
        "damaged": card.damage > 0,
        "frozen": card.ice > 0,
        "flying": ("flying" in card.proto.keywords or "flying" in card.gained)
        and "flying" not in card.lost,
        "exhausted": card.exhausted,
        "prepared": not card.exhausted,
        "attacking": combat and card.attacking,
        "blocking": combat and bool(card.blocking),
    }
    return all(has[m] for i, m in enumerate(MODIFIERS) if sel.mods & (1 << i))


def illegal_targets(match: Match, player: int, action) -> list[str]:
    """Targets chosen when attempting, and choices made on resolution, that do not fit."""
    state: BattleMagesState = match.state
    task = state.steps.items[-1] if state.steps else None
    if isinstance(task, Attempt) and task.bodies is not None:
        body, s = task.queue[task.idx]
        item, word = task.item, "target"
    elif isinstance(task, Resolve):
        body, s, _ = task.queue[task.idx]
        item, word = task.item, "choose"
    else:
        return []
    sel = item.script.bodies[body].sels[s]
    picks = action if action and isinstance(action[0], tuple) else (action,)
    return [
        f"{item.label} picks {state.ref_name(p[1])}, which does not fit"
        for p in picks
        if p and p[0] == word and not fits(state, sel, item.controller, p[1])
    ]


def play_checked(seed: int, stepping: list[int]) -> Match:
    rules = get_ruleset("battle-mages")
    decks = rules.preconstructed_decks()
    names = sorted(decks)
    pair = [decks[names[seed % 3]], decks[names[(seed // 3) % 3]]]
    match = new_match("battle-mages", ["A", "B"], pair, seed)
    agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
    count = 0
    while not match.over:
        decision = match.pending[0]
        action = agents[decision.player].choose(match, decision)
        problems = illegal_targets(match, decision.player, action)
        match.apply(decision.player, action)
        count += 1
        problems += broken(match)
        if count % LEAK_EVERY == 0:
            problems += leaks(match)
        if stepping:
            problems.append(f"a step ended with {stepping} on the stack")
        if problems:
            pytest.fail(f"seed {seed} after action {count}: {problems}")
    return match


@pytest.fixture
def stepping(monkeypatch) -> list[int]:
    """Stack sizes seen when a step ended (must stay empty)."""
    seen: list[int] = []
    original = bm_game.next_step  # what the driver calls when a step ends

    def watched(state):
        if state.stack:
            seen.append(len(state.stack))
        return original(state)

    monkeypatch.setattr(bm_game, "next_step", watched)
    return seen


@pytest.mark.parametrize("seeds", seed_ranges(GAMES, chunk=CHUNK, sample=SAMPLE))
def test_random_games_keep_every_invariant(seeds: range, stepping: list[int]) -> None:
    for seed in seeds:
        match = play_checked(seed, stepping)
        assert match.winner in (0, 1)
        if seed % REPLAY_EVERY == 0:
            record = MatchRecord.from_json(match.record.to_json())
            assert fingerprint(replay(record)) == fingerprint(match), f"seed {seed}"
            for viewer in (0, 1, None):
                text = repr(match.view(viewer))
                assert "seed" not in text.lower()


def test_the_target_checker_can_fail() -> None:
    """The independent checker rejects what does not fit (so the property can fail)."""
    from tests.rules.battle_mages.conftest import scenario

    match = scenario(
        {"hand": ["skyrend_sigil"]}, {"field": ["stormwing_roc", "gravel_brute", "skyreed_kite"]}
    )
    match.apply(0, ("cast", match.state.sides[0].hand[0].uid))
    assert match.pending[0].kind == "target"
    brute = match.state.sides[1].field[1].uid
    roc = match.state.sides[1].field[0].uid
    assert illegal_targets(match, 0, ("target", brute))
    assert not illegal_targets(match, 0, ("target", roc))
