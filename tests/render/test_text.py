"""The text renderer (terminal and embeds) is generic: any stat, any zone, shared zones."""

from bot.discord.embeds import board_embed
from bot.render.image import BOARD_SIZE, render_board
from bot.render.text import board_text, seat_summary
from engine.core.view import CardView, MatchView, SeatView, ZoneView
from tests.render.test_image import decode, drawn, four_seat_view  # noqa: F401 (fixture)


def with_table(view: MatchView) -> MatchView:
    spell = CardView(7, "bolt", "Ember Lance", "spell", 2)
    view.table = {
        "stack": ZoneView("stack", 1, (spell,)),
        "fate_deck": ZoneView("fate_deck", 23, None),
    }
    return view


def test_every_stat_and_zone_is_summarised_and_zeros_are_left_out() -> None:
    seat = SeatView(
        0,
        "Ann",
        {"health": 18, "mana": 2, "max_mana": 5, "poison": 0, "armor": 3},
        {"hand": ZoneView("hand", 4, None), "exile": ZoneView("exile", 1, None)},
    )
    assert seat_summary(seat) == "Ann: health 18 · mana 2/5 · armor 3 · hand 4 · exile 1"


def test_shared_zones_list_visible_cards_and_count_hidden_ones() -> None:
    text = board_text(with_table(four_seat_view(None)))
    assert "Stack: Ember Lance (2) · spell" in text
    assert "Fate deck: 23" in text


def test_a_draw_reads_as_a_draw_everywhere(drawn: list) -> None:  # noqa: F811
    view = with_table(four_seat_view(None, over=True))
    view.winner = None
    assert "Match over · a draw" in board_text(view)
    assert board_embed(view, "Tabletop").title == "Tabletop — a draw"
    decode(render_board(view), BOARD_SIZE)
    strings = [text for text, _ in drawn]
    assert "The match is over: a draw" in strings
    assert "Table" in strings and any(s.startswith("Fate deck: 23") for s in strings)


def test_the_embed_has_a_table_field() -> None:
    embed = board_embed(with_table(four_seat_view(None)), "Tabletop")
    table = [f for f in embed.fields if f.name == "Table"]
    assert table and "Ember Lance" in table[0].value


def test_stats_read_by_name_when_a_game_has_no_toughness() -> None:
    from bot.render.text import card_stats

    def stats(**values: int) -> str:
        return card_stats(CardView(0, "x", "X", "creature", 1, "", values))

    assert stats(power=3, toughness=1, health=4, max_health=5) == "3/1/4 (max 5)"
    assert stats(power=3, health=5) == "3 power · 5 health"
    assert stats(power=2, toughness=2) == "2/2"  # a creature without health


def test_equipment_reads_as_bonuses() -> None:
    from bot.render.text import card_stats

    card = CardView(0, "x", "X", "equipment", 1, "", {"power": 2, "toughness": 0})
    assert card_stats(card) == "+2 power"


def test_the_embed_keeps_the_newest_events_that_fit() -> None:
    from bot.discord.embeds import newest_that_fit

    lines = [f"event {i} " + "x" * 90 for i in range(15)]
    kept = newest_that_fit(lines, 1024)
    assert kept[-1] == lines[-1] and len("\n".join(kept)) <= 1024
    assert kept == lines[-len(kept) :] and len(kept) == 10


def test_the_board_names_the_step_and_the_rulesets_notes() -> None:
    view = four_seat_view(None)
    view.notes = {"game": "1", "best_of": "1", "round": "3", "priority": "Bo", "turn": "7"}
    text = board_text(view)
    assert "== Turn 7 · José Ñandú's turn · main ==" in text
    assert "round: 3 · priority: Bo" in text  # a lone game and the turn are not repeated
    assert "best of" not in text and "turn: 7" not in text
    view.notes = {"game": "2", "best_of": "3"}
    assert "game 2 of best of 3" in board_text(view)


def test_mage_wars_piles_take_two_lines() -> None:
    """Thirteen shared piles took a dozen lines; face-down decks are one line of
    counts, discard piles one line of sizes and top cards."""
    from bot.render.text import table_lines

    def pile(name: str, cards: tuple[CardView, ...] | None, count: int) -> ZoneView:
        return ZoneView(name, count, cards)

    top = CardView(1, "ember_shard", "Ember Shard", "resource")
    table = {
        "mage deck": pile("mage deck", None, 4),
        "Arcane deck": pile("Arcane deck", None, 20),
        "Arcane discard": pile("Arcane discard", (top,), 3),
        "Fate deck": pile("Fate deck", None, 13),
        "Fate discard": pile("Fate discard", (), 0),
        "centre": pile("centre", (), 0),
    }
    view = MatchView("mage-wars", None, 3, "main", 0, (), (), table=table)
    assert table_lines(view) == [
        "Decks: Mage 4 · Arcane 20 · Fate 13",
        "Discard piles (size: top card): Arcane 3: Ember Shard · Fate empty",
        "Centre: empty",
    ]


def test_headers_say_the_turn_once() -> None:
    """Enchantoria's header read "Turn 9 · Turn 9 · Combat Phase · Turn: 9"."""
    from bot.render.image import _header_text
    from engine.core.match import new_match
    from engine.core.ruleset import get_ruleset

    decks = list(get_ruleset("enchantoria").preconstructed_decks().values())[:2]
    match = new_match("enchantoria", ["Ann", "Bob"], decks, 1)
    view = match.view(0)
    header = _header_text(view)
    assert header.count(f"Turn {view.turn}") == 1 and "Turn:" not in header
    assert board_text(view).splitlines()[0].count("Turn") == 1


def test_listed_side_zones_name_their_cards() -> None:
    """Battle Mages' crystals in play were only a count."""
    from bot.render.text import zone_line

    def crystal(uid: int, name: str, size: str, mana: int, *state: str) -> CardView:
        return CardView(uid, name, name, "crystal", None, "", {"mana": mana}, (size, *state))

    zone = ZoneView(
        "crystals",
        3,
        (
            crystal(1, "Tide Shard", "small", 1),
            crystal(2, "Tide Shard", "small", 1, "exhausted"),
            crystal(3, "Quarry Geode", "big", 2, "exhausted"),
        ),
    )
    assert zone_line(zone) == (
        "Crystals 3 (4 mana): 2 Tide Shard (small), Quarry Geode (big) · 2 exhausted"
    )
