"""The greedy agent plays sensibly: it values what a spell adds to its own plan, not what
the plan already does (a second hex on one target, a weaker shield, an overkill)."""

from engine.agents import GreedyAgent
from engine.core.match import Match
from tests.rules.enchantoria.conftest import scenario, state


def plan_of(match: Match, seat: int = 0) -> list[str]:
    """Let the greedy agent choose `seat`'s whole window; the other player stays undecided,
    so the committed plan is still there to read."""
    agent = GreedyAgent(1)
    while not state(match).players[seat].ready:
        match.apply(seat, agent.choose(match, match.decision_for(seat)))
    game = state(match)
    shown = []
    for entry in game.players[seat].plan:
        head = game.cards[entry[1]].name
        ref = entry[2] if entry[0] == "order" else entry[3]
        shown.append(f"{head} -> {game.ref_name(ref)}" if ref is not None else head)
    return shown


def test_it_does_not_cast_a_hex_that_would_replace_its_own_twin() -> None:
    # enchantoria.md:26, R12: two ward effects on one target conflict.
    match = scenario({"hand": ["warding_chant", "warding_chant"], "board": ["warding_obelisk"]})
    assert len(plan_of(match)) <= 1


def test_it_does_not_trade_a_strong_protection_for_a_weak_one() -> None:
    # enchantoria.md:17: the new source replaces the old, whatever their powers.
    match = scenario({"hand": ["aegis_thread"], "protection": {"power": 8}})
    assert "Aegis Thread -> Ann" not in plan_of(match)


def test_it_sends_attacks_past_a_being_already_struck_down() -> None:
    match = scenario(
        {"board": ["doorstep_mastiff", "thornback_boar"]},
        {"board": [{"card": "glade_tender", "health": 1}]},
    )
    mastiff = state(match).players[0].board[0]
    tender = state(match).players[1].board[0]
    match.apply(0, ("order", mastiff.uid, tender.uid))  # this blow alone kills it
    assert plan_of(match)[1:] == ["Thornback Boar -> Bob"]


def test_it_recycles_only_for_mana_its_hand_can_spend() -> None:
    # R5: a card is worth more than mana nothing in hand needs.
    cheap = scenario({"hand": ["spark_needle", "ember_orb"], "mana": 4}, phase="preparation")
    assert GreedyAgent(1).choose(cheap, cheap.decision_for(0)) == ("keep",)
    dear = scenario({"hand": ["cinder_comet", "ember_orb"], "mana": 5}, phase="preparation")
    uid = next(c.uid for c in state(dear).players[0].hand if c.proto.id == "ember_orb")
    assert GreedyAgent(1).choose(dear, dear.decision_for(0)) == ("recycle", uid)
