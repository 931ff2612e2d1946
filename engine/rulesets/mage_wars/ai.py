"""How the greedy agent judges a Mage Wars position: from public facts only.

The agent looks one action ahead, so the score leads it step by step towards its Mage's
own win condition: laid work that serves the condition counts double, nearly finished
work more than barely started.
"""

from typing import TYPE_CHECKING

from engine.core.decision import Action, Decision

if TYPE_CHECKING:
    from engine.rulesets.mage_wars.game import MageWarsState
    from engine.rulesets.mage_wars.table import Seat

WIN = 10_000.0
PROGRESS = 40.0  # the win condition, have/need
LAID = 0.3  # a laid work before any requirement is filled
OWN_HAND = 0.0  # own hand: ending a turn deals cards, worth nothing extra (docs/ai.md)
#: The deck richest in what each win condition needs (cards/mage_wars/*.toml).
SOURCE = {
    "pets": "enchanted",
    "items": "arcane",
    "level": "quest",
    "structures": "quest",
    "challenges": "quest",
}
FROM_SOURCE = 0.25  # a card from it in hand: below what laying it adds, above nothing
SERVES = {"pets": "creature", "items": "item", "level": "level", "structures": "structure"}


def _strength(state: "MageWarsState", side: "Seat", own: bool) -> float:
    """A rival's hand is left out: ending a turn deals them cards, which is no loss."""
    if side.gone:
        return 0.0
    have, need = state.progress(side)
    score = PROGRESS * have / need
    if side.dead:
        return score - 15.0
    kind = side.mage.proto.data.win.kind
    serves = SERVES.get(kind)
    score += 1.5 * len(side.health) + 1.0 * len(side.armor) + 1.0 * state.defence(side)
    score += 3.0 * len(side.pets) + 3.0 * len(side.items) + 4.0 * side.level
    score += OWN_HAND * len(side.hand) if own else 0.0
    source = SOURCE.get(kind)
    if own and source is not None:  # drawn from the deck that serves the win condition:
        # its back shows which deck, so a choice of deck is no longer a coin toss
        score += FROM_SOURCE * sum(1 for card in side.hand if card.proto.deck == source)
    for work in side.works:  # laid beats held, and nearly done beats barely started
        done = len(work.under)
        value = LAID + 3.0 * done / (done + len(work.need) or 1)
        score += 2 * value if work.proto.type == serves else value
    score += 2.0 * len(side.board) + 2.0 * len(side.wards) + 2.0 * side.built
    if kind == "structures":  # the centre is where it wins
        score += 2.5 * sum(len(w.under) for w in state.centre if w.need)
        score += 1.0 * sum(1 for w in state.centre if w.need)
    elif kind == "challenges":
        score += 3.0 * len(side.trials)
    elif kind == "kills":
        score += 2.0 * (len(side.pets) + len(side.items))  # what it attacks with
    return score


def evaluate(state: "MageWarsState", seat: int) -> float:
    """Higher is better for `seat`: its strength against the strongest and the average rival."""
    if state.over:
        return WIN if state.winner == seat else -WIN
    mine = _strength(state, state.seats[seat], True)
    rivals = [_strength(state, s, False) for s in state.seats if s.seat != seat and not s.gone]
    if not rivals:
        return mine
    return mine - 0.6 * max(rivals) - 0.4 * sum(rivals) / len(rivals)


def choose_many(state: "MageWarsState", decision: Decision) -> Action:
    """A dead Mage draws from every deck it may (mw:137); discards go least useful first:
    cards with no resource icon, then the rest."""
    if decision.kind == "reach":
        return tuple(decision.actions)
    ranked = sorted(
        decision.actions,
        key=lambda a: (bool(state.cards[a[1]].proto.resources), state.cards[a[1]].uid),
    )
    return tuple(ranked[: decision.min_picks])
