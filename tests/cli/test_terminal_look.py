"""In the terminal: `i`, `i N` and `look NAME` read any card the player can see,
never a hidden one; `?` shows the same rules and words as Discord's /rules; options are
grouped, and a number keeps its option for the turn."""

import random

from bot.render.look import card_details, visible_cards
from bot.render.rules_help import glossary_text, plain, rules_text
from bot.terminal.option_numbers import OptionNumberer
from bot.terminal.play import TerminalGame
from engine import Match, Option, get_ruleset, new_match
from tests.cli.test_cli import Script


def played_clash(steps: int = 60, seed: int = 4, *, ann_to_move: bool = False) -> Match:
    """A Clash match some random moves in: cards in hands, on boards, in graveyards; with
    `ann_to_move`, played on until Ann decides and Bo has a card on his board (a test
    that reads cards through Ann's terminal needs both, whatever the cards' numbers)."""
    decks = get_ruleset("clash").preconstructed_decks()
    match = new_match("clash", ["Ann", "Bo"], [decks["stone_wall"], decks["grave_tide"]], seed)
    rng = random.Random(2)

    def ready() -> bool:
        return match.decision_for(0) is not None and any(
            s.where == "Bo's board" for s in visible_cards(match.view(0))
        )

    for step in range(steps + 200):
        if step >= steps and (not ann_to_move or ready()):
            break
        decision = match.pending[0]
        if decision.multi:
            match.apply(decision.player, tuple(decision.actions[: decision.min_picks]))
        else:
            match.apply(decision.player, decision.actions[rng.randrange(len(decision.actions))])
    assert not match.over
    assert not ann_to_move or ready(), "no position with Ann to move and a card on Bo's board"
    return match


def hidden_uids(match: Match, seat: int) -> set[int]:
    """Cards the seat may not see: every card of the whole state (the public view of
    each seat's own hand and deck) that is absent from the seat's view."""
    mine = {c.card.uid for c in visible_cards(match.view(seat))}
    everyone: set[int] = set()
    for other in range(len(match.players)):
        everyone |= {c.card.uid for c in visible_cards(match.view(other))}
    return everyone - mine


def test_only_cards_in_the_seats_own_view_are_offered() -> None:
    match = played_clash()
    seen = visible_cards(match.view(0))
    where = {s.where for s in seen}
    assert "your hand" in where and "Bo's board" in where
    assert not any(s.where == "Bo's hand" for s in seen)
    hidden = hidden_uids(match, 0)
    assert hidden  # Bo holds cards Ann cannot see ...
    assert not hidden & {s.card.uid for s in seen}  # ... and none of them is offered
    public = visible_cards(match.view(None), public_only=True)
    assert not any("hand" in s.where for s in public)


def test_i_lists_then_reads_a_card_in_full_and_refuses_a_hidden_one() -> None:
    match = played_clash(ann_to_move=True)
    seen = visible_cards(match.view(0))
    theirs = next(i for i, s in enumerate(seen, 1) if s.where == "Bo's board")
    hidden_name = next(
        c.card.name
        for c in visible_cards(match.view(1))
        if c.where == "your hand" and c.card.name not in {s.card.name for s in seen}
    )
    script = Script(["i", f"i {theirs}", f"i {len(seen) + 1}", f"look {hidden_name}", "q", "y"])
    TerminalGame(match, 0, "greedy", script.read, script.write).run()
    assert "Cards you can see (i N reads one):" in script.text
    assert card_details(seen[theirs - 1].card) + "\n(in Bo's board)" in script.out
    assert f"There is no card {len(seen) + 1}" in script.text
    assert f"You can see no card called '{hidden_name.lower()}'" in script.text


def test_look_by_name_reads_the_card_with_its_text() -> None:
    match = played_clash(ann_to_move=True)
    card = next(s.card for s in visible_cards(match.view(0)) if s.where == "your hand")
    script = Script([f"look {card.name.upper()}", "q", "y"])
    TerminalGame(match, 0, "greedy", script.read, script.write).run()
    assert card.text and card.text in script.text


def test_question_mark_shows_the_rules_and_words_of_rules_command() -> None:
    from bot.discord.cogs.admin import rules_page

    for game, words in (("enchantoria", ("ward", "aura", "pulse")), ("mage-wars", ("Waning",))):
        rules = get_ruleset(game)
        decks = rules.preconstructed_decks()
        ids = sorted(decks)
        match = new_match(game, ["A", "B"], [decks[ids[0]], decks[ids[1]]], 1)
        seat = match.pending[0].player
        script = Script(["?", "q", "y"])
        TerminalGame(match, seat, "random", script.read, script.write).run()
        assert plain(rules_text(rules)) in script.text
        assert plain(glossary_text(rules)) in script.text
        assert "**" not in script.text.split("?")[-1]  # no markdown marks in a terminal
        for word in words:
            assert word in script.text
        # Discord's /rules shows the very same summary and words
        assert rules_text(rules) in rules_page(rules) and glossary_text(rules) in rules_page(rules)


def test_battle_mages_words_are_explained() -> None:
    text = glossary_text(get_ruleset("battle-mages"))
    for word in ("Boast", "Rush", "crystals", "Flying"):
        assert f"**{word}" in text


def option(index: int, action: str, group: str) -> Option:
    return Option(index, (action,), action, group)


def test_options_are_grouped_and_a_number_keeps_its_option_for_the_turn() -> None:
    numberer = OptionNumberer()
    first = [option(0, "end", "end"), option(1, "atk", "attack"), option(2, "play", "play")]
    shown = numberer.number(0, "main", first, turn=3)
    assert shown.lines == [" Play:", "   1. play", " Attack:", "   2. atk", " Other:", "   0. end"]
    # the next screen: the same options in another order
    second = [option(0, "atk", "attack"), option(1, "end", "end"), option(2, "play", "play")]
    again = numberer.number(0, "main", second, turn=3)
    assert again.numbers == {1: 2, 2: 0, 0: 1}  # play 1, atk 2, end 0: nothing jumped
    # 'play' is gone and 'atk2' came: atk2 takes a new number, 1 is left free
    third = [option(0, "end", "end"), option(1, "atk", "attack"), option(2, "atk2", "attack")]
    kept = numberer.number(0, "main", third, turn=3)
    assert kept.numbers == {0: 0, 2: 1, 3: 2}
    assert kept.lines == [" Attack:", "   2. atk", "   3. atk2", " Other:", "   0. end"]
    assert kept.gone == {1: "play"}
    assert kept.refusal("1") == "Option 1 (play) is no longer offered. Choose one of 0, 2, 3."
    assert kept.refusal("7") == "There is no option 7. Choose one of 0, 2, 3."
    # 'play' back (another copy of the card): its old number
    fourth = [option(0, "end", "end"), option(1, "play", "play"), option(2, "atk", "attack")]
    assert numberer.number(0, "main", fourth, turn=3).numbers == {0: 0, 1: 1, 2: 2}
    # a new turn numbers afresh
    fifth = [option(0, "end", "end"), option(1, "atk2", "attack")]
    assert numberer.number(0, "main", fifth, turn=5).numbers == {0: 0, 1: 1}
    # one section only: no headings
    lone = numberer.number(1, "target", [option(0, "a", "target"), option(1, "b", "target")])
    assert lone.lines == ["   1. a", "   2. b"]
