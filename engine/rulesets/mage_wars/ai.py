"""How the greedy agent judges a Mage Wars position: from public facts only.

The agent looks one action ahead, so the score leads it step by step towards its Mage's
own win condition: laid work that serves the condition counts double, nearly finished
work more than barely started.

Every action is scored within the player's own turn (`score_action`): "end turn" as the
position once the turn is over, before the next player's upkeep and fate cards, as every
other action is scored before them. Scored after them, as it was, "end turn" was judged
by the other player's real fate cards (unknown to the player) and every other action
by none. Ending the turn then costs `END_TURN`: the rest of the turn is given up (docs/ai.md).
"""

from typing import TYPE_CHECKING

from engine.core.decision import Action, Decision
from engine.rulesets.mage_wars.cards import protos
from engine.rulesets.mage_wars.death import needs_paid
from engine.rulesets.mage_wars.table import Card

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
#: What ending the turn costs against any other action: the actions it gives up (a health
#: card spent, a card laid) are worth more than the one-ply score of their position
#: shows, as the hand counts nothing. It equals a health card's worth (1.5): when nothing
#: else scores better, "spend a health card" (a card from a deck not serving the win
#: condition) and "end turn" tie, and greedy's seeded coin chooses, so greedy spends about
#: one such card a turn. Measured against random, "end turn" scored at the end of the own
#: turn (docs/ai.md, third session; 400 to 1,600 games each): 0 → 63%, 1 → 78%, 1.25
#: (spend only a serving card) 78%, 1.5 (the coin) 78%, 1.75 (spend always, down to one
#: card) 74%, 2 → 74%, 3 → 77%.
END_TURN = 1.5
#: Each own health and armor card counts this much more while a living rival wins by
#: wounds (R34; by kills before it): against such a rival a health card spent is a step
#: towards its win, not only a card (docs/ai.md, fourth session: 1,261 → 1,306 of 1,600
#: games against random on the rules before R33; the same weight against every rival
#: measured no better).
HUNTED = 1.0
HUNTERS = frozenset({"wounds", "kills"})  # kills: a match pinned with the old Cinder
#: A rival that wins by structures may finish any structure in the centre (mw:68), and
#: does at once when it holds the last resource: each one in the making counts for it
#: this much over the requirements it still needs (5 for the last one, 2.5 for the last
#: two). Greedy then finishes one itself (its own structure: the rival's no longer) and
#: no longer lays one in the centre for the rival to finish (it did: laying one cost
#: less than ending the turn). Measured: greedy's Cinder Archon against Tidewarden Selme
#: 43/112 → 58/112; 82.6% against random over 1,600 games, against 80.8% (docs/ai.md,
#: fourth session).
CENTRE_THREAT = 5.0


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
        if not own:
            score += CENTRE_THREAT * sum(1.0 / len(w.need) for w in state.centre if w.need)
    elif kind == "challenges":
        score += 3.0 * len(side.trials)
    elif kind in HUNTERS:
        score += 2.0 * (len(side.pets) + len(side.items))  # what it attacks with
    return score


def evaluate(state: "MageWarsState", seat: int) -> float:
    """Higher is better for `seat`: its strength against the strongest and the average rival."""
    if state.over:
        return WIN if state.winner == seat else -WIN
    me = state.seats[seat]
    mine = _strength(state, me, True)
    others = [s for s in state.seats if s.seat != seat and not s.gone]
    if not others:
        return mine
    if not me.dead and any(s.mage.proto.data.win.kind in HUNTERS for s in others):
        mine += HUNTED * (len(me.health) + len(me.armor))
    rivals = [_strength(state, s, False) for s in others]
    return mine - 0.6 * max(rivals) - 0.4 * sum(rivals) / len(rivals)


def score_action(state: "MageWarsState", player: int, action: Action) -> float:
    """Greedy's score of one action: the position it leads to within the player's own
    turn (the copy stops once the turn has ended), less `END_TURN` for ending it."""
    twin = state.clone()
    twin.stop_at_turn_end = True
    twin.apply(player, action)
    score = evaluate(twin, player)
    if action[0] == "end":
        score -= END_TURN
    # rounded: a tie stays a tie however the terms were summed (see END_TURN)
    return round(score, 6)


def choose_many(state: "MageWarsState", decision: Decision) -> Action:
    """A dead Mage draws from every deck it may (mw:137) and keeps, of the cards drawn,
    those that pay its Resurrect requirements (`_keep_to_rise`); other discards go least
    useful first: cards with no resource icon, then the rest."""
    if decision.kind == "reach":
        return _reach(state, decision)
    if decision.kind == "keep":
        return _keep_to_rise(state, decision)
    ranked = sorted(
        decision.actions,
        key=lambda a: (bool(state.cards[a[1]].proto.resources), state.cards[a[1]].uid),
    )
    return tuple(ranked[: decision.min_picks])


def _reach(state: "MageWarsState", decision: Decision) -> Action:
    """mw:137, R28: the decks a dead Mage draws from. Drawn cards that fit in the hand are
    all kept, and kept cards stay until the Mage rises, so a hand filled with cards that
    cannot pay the Resurrect requirements keeps the Mage dead for the rest of the game
    (greedy's Mage was, in about one game in twenty-five against random: docs/ai.md,
    fourth session). So it draws no more cards than leave room for the requirements still
    unpaid, from the decks likeliest to pay them (the printed decks: public); with no room
    to spare it draws from every deck and keeps the best (`_keep_to_rise`)."""
    side = state.seats[decision.player]
    needs = list(side.mage.proto.data.resurrect)
    unpaid = len(needs) - needs_paid(needs, side.hand)
    spare = state.max_hand(side) - len(side.hand) - unpaid
    if unpaid == 0 or spare <= 0 or spare >= len(decision.actions):
        return tuple(decision.actions)
    paid = len(needs) - unpaid
    helpful: dict[str, int] = {}
    for proto in protos().values():
        if proto.type != "mage" and needs_paid(needs, [*side.hand, Card(0, proto)]) > paid:
            helpful[proto.deck] = helpful.get(proto.deck, 0) + proto.data.copies
    size = _deck_sizes()
    ranked = sorted(decision.actions, key=lambda a: -helpful.get(a[1], 0) / size[a[1]])
    return tuple(sorted(ranked[:spare], key=decision.actions.index))


def _deck_sizes() -> dict[str, int]:
    """Cards printed per deck (cards/mage_wars/*.toml): public."""
    sizes: dict[str, int] = {}
    for proto in protos().values():
        if proto.type != "mage":
            sizes[proto.deck] = sizes.get(proto.deck, 0) + proto.data.copies
    return sizes


def _keep_to_rise(state: "MageWarsState", decision: Decision) -> Action:
    """R28: a dead Mage keeps drawn cards only up to its maximum hand, and the cards kept
    stay until it rises (it plays none while dead). A hand filled with cards that cannot
    pay the Resurrect requirements keeps the Mage dead for the rest of the game (measured:
    about a dozen of greedy's 200 games against random). So each kept card is the one
    that pays the most requirements with the hand, a card with a resource icon next."""
    side = state.seats[decision.player]
    drawn = [state.cards[action[1]] for action in decision.actions]
    uids = {card.uid for card in drawn}
    kept = [card for card in side.hand if card.uid not in uids]
    needs = list(side.mage.proto.data.resurrect)
    left = sorted(drawn, key=lambda card: card.uid)
    for _ in range(len(drawn) - decision.min_picks):
        best = max(
            left,
            key=lambda card: (
                needs_paid(needs, [*kept, card]),
                bool(card.proto.resources),
                -card.uid,
            ),
        )
        kept.append(best)
        left.remove(best)
    return tuple(("card", card.uid) for card in drawn if card in left)
