"""The image renderer: real PNGs of the right size for every kind of view, and no leaks.

The leak tests spy on `ImageDraw.text`, the one call through which the renderer writes
every string, and check that no card the viewer may not see is ever written, while cards
it may see are (so the spy is known to be listening).
"""

import io
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageDraw

from bot.render.image import BOARD_SIZE, CARD_SIZE, card_art, render_board, render_card
from engine.agents import RandomAgent
from engine.core.events import CardPlayed, Event, TurnStarted
from engine.core.match import Match, new_match
from engine.core.ruleset import get_ruleset
from engine.core.view import CardView, DecisionView, MatchView, SeatView, ZoneView
from engine.simulate import play_out

MAX_BYTES = 300_000
ELLIPSIS = "…"


def decode(png: bytes, size: tuple[int, int]) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.size == size
    image.load()  # decodes every row: a broken stream fails here
    assert len(png) < MAX_BYTES
    return image


def clash_match(seed: int) -> Match:
    decks = get_ruleset("clash").preconstructed_decks()
    names = sorted(decks)
    pair = [decks[names[seed % len(names)]], decks[names[(seed + 1) % len(names)]]]
    return new_match("clash", ["Ann", "Bo"], pair, seed)


def mid_game(seed: int) -> Match:
    """Random legal moves until both boards hold monsters and hands are not empty."""
    match = clash_match(seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    for _ in range(2000):
        sides = match.state.sides
        if (
            match.state.turn >= 6
            and all(side.board for side in sides)
            and all(side.hand for side in sides)
        ):
            return match
        if match.over:
            break
        decision = match.pending[0]
        match.apply(decision.player, agents[decision.player].choose(match, decision))
    pytest.skip(f"seed {seed} gave no mid-game position")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, tuple[float, float]]]]:
    """Every string (and where) the renderer writes while the test runs."""
    calls: list[tuple[str, tuple[float, float]]] = []
    original = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append((str(text), tuple(xy)))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    yield calls


def shows(strings: list[str], name: str, unless: set[str] = frozenset()) -> bool:
    """Whether `name` was written: whole, wrapped over lines, or cut short with "…".

    Lines are drawn in reading order, so a name wrapped over two lines is found in the
    strings joined by spaces. A cut name counts if at least 6 characters of it, from a word
    start, end in "…" and they are not equally the start of a name in `unless`.
    """
    joined = " ".join(strings)
    if name in joined:
        return True
    for end, char in enumerate(joined):
        if char != ELLIPSIS:
            continue
        for k in range(6, len(name)):
            head = name[:k].rstrip()
            start = end - len(head)
            if joined[start:end] != head or (start > 0 and joined[start - 1] != " "):
                continue
            if not any(other.startswith(head) for other in unless):
                return True
    return False


def open_names(view: MatchView) -> set[str]:
    """Names of the cards in the zones the view shows (boards, graveyards, own hand)."""
    names = set()
    for seat in view.seats:
        for zone in seat.zones.values():
            for card in zone.cards or ():
                names.add(card.name)
                names.update(a.name for a in card.attached)
    return names


def undisclosed(view: MatchView, secret: set[str]) -> set[str]:
    """The secret names that the view does not disclose anywhere: those must not be drawn.

    A name also counts as disclosed when the view's own events mention it (a copy was
    played): the renderer draws event texts as the view gives them.
    """
    events = " ".join(e.text for e in view.events)
    return {n for n in secret - open_names(view) if n not in events}


# -- boards from real matches -------------------------------------------------------------


def test_public_and_player_views_of_a_mid_game_render() -> None:
    match = mid_game(3)
    for viewer in (None, 0, 1):
        decode(render_board(match.view(viewer)), BOARD_SIZE)


def test_a_finished_match_renders_with_its_banner(drawn: list) -> None:
    match = clash_match(5)
    play_out(match, [RandomAgent(5), RandomAgent(6)])
    assert match.over
    for viewer in (None, 0):
        decode(render_board(match.view(viewer)), BOARD_SIZE)
    strings = [text for text, _ in drawn]
    assert "MATCH OVER" in strings
    assert any(match.players[match.winner] in text and "wins" in text for text in strings)


def test_the_viewer_sits_at_the_bottom_and_seat_0_for_the_public(drawn: list) -> None:
    match = mid_game(3)

    def name_y(view: MatchView, name: str) -> float:
        before = len(drawn)
        render_board(view)
        return min(xy[1] for text, xy in drawn[before:] if text == name)

    public = match.view(None)
    assert name_y(public, "Ann") > name_y(public, "Bo")
    drawn.clear()
    mine = match.view(1)
    assert name_y(mine, "Bo") > name_y(mine, "Ann")


def test_the_board_shows_stats_counts_and_monsters(drawn: list) -> None:
    match = mid_game(3)
    view = match.view(0)
    render_board(view)
    strings = [text for text, _ in drawn]
    for seat in view.seats:
        assert seat.name in strings
        assert str(seat.stats["health"]) in strings
        assert f"{seat.stats['mana']}/{seat.stats['max_mana']}" in strings
        assert str(seat.zones["hand"].count) in strings
        for card in seat.zones["board"].cards or ():
            assert shows(strings, card.name)
    assert f"Turn {view.turn}" in " ".join(strings)
    assert shows(strings, view.events[-1].text.split()[0])


# -- hidden information -------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 3, 7])
def test_a_player_view_never_draws_the_opponents_hand_or_any_deck(seed: int, drawn: list) -> None:
    match = mid_game(seed)
    view = match.view(0)
    render_board(view)
    strings = [text for text, _ in drawn]

    sides = match.state.sides  # the truth, read only here in the test
    secret = {c.proto.name for c in sides[1].hand}
    secret |= {c.proto.name for side in sides for c in side.deck}
    at_risk = undisclosed(view, secret)
    assert at_risk, "the position hides nothing: the test would prove nothing"
    for name in at_risk:
        assert not shows(strings, name, open_names(view)), f"{name} is hidden but was drawn"

    on_board = [c.name for seat in view.seats for c in seat.zones["board"].cards or ()]
    assert on_board and all(shows(strings, name) for name in on_board), "the spy saw nothing"
    assert shows(["Hollow Road", "Acol…"], "Hollow Road Acolyte")  # and `shows` sees cut names


def test_the_public_view_draws_neither_hand(drawn: list) -> None:
    match = mid_game(7)
    view = match.view(None)
    render_board(view)
    strings = [text for text, _ in drawn]
    sides = match.state.sides
    secret = {c.proto.name for side in sides for c in (*side.hand, *side.deck)}
    at_risk = undisclosed(view, secret)
    assert at_risk
    for name in at_risk:
        assert not shows(strings, name, open_names(view)), f"{name} is hidden but was drawn"


# -- a synthetic four-seat table ----------------------------------------------------------


def monster(uid: int, name: str, **stats: int) -> CardView:
    full = {"power": 2, "toughness": 1, "health": 3, "max_health": 3} | stats
    return CardView(uid, f"m{uid}", name, "monster", uid % 9, "", full)


def four_seat_view(viewer: int | None, over: bool = False) -> MatchView:
    names = ["Ann", "Bo", "José Ñandú", "A Very Long Player Name Indeed, Truly"]
    seats = []
    for i, name in enumerate(names):
        board = tuple(
            monster(10 * i + k, f"Creature {i}-{k} of the Extremely Long Name", health=1 + k)
            for k in range(i + 2 if i < 3 else 9)
        )
        hand = ZoneView("hand", 3, (monster(100 + i, "Secret Card"),) * 3 if viewer == i else None)
        zones = {
            "hand": hand,
            "deck": ZoneView("deck", 20 - i, None),
            "board": ZoneView("board", len(board), board),
            "graveyard": ZoneView("graveyard", i, ()),
            "exile": ZoneView("exile", 2, None),
        }
        stats = {"health": 20 - i, "mana": i, "max_mana": 4, "wins": 0, "poison": i}
        seats.append(SeatView(i, name, stats, zones))
    seats[1].zones["board"].cards[0].tags = ("asleep", "token", "haste", "attacked")
    events: tuple[Event, ...] = (
        TurnStarted(2, names[2], 7),
        CardPlayed(2, names[2], "Creature 2-1 of the Extremely Long Name", "Ann"),
    )
    decisions = (
        DecisionView(2, names[2], "main", "Play a card, attack, or end your turn.", 9, None),
    )
    return MatchView(
        "tabletop", viewer, 7, "main", None if over else 2, tuple(seats), events, decisions,
        winner=3 if over else None, over=over, notes={"round": "2"},
    )  # fmt: skip


@pytest.mark.parametrize("viewer", [None, 0, 2])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_two_to_four_seats_render(seats: int, viewer: int | None, drawn: list) -> None:
    view = four_seat_view(viewer)
    view.seats = view.seats[:seats]
    if viewer is not None and viewer >= seats:
        view.viewer = None
    decode(render_board(view), BOARD_SIZE)
    strings = [text for text, _ in drawn]
    assert "Ann" in strings and "Bo" in strings
    assert any(text.startswith("Exile") or text == "Exile" for text in strings)
    assert "Poison" in strings  # any numeric stat is drawn, not just the known ones


def test_four_seats_over_and_long_text_is_cut_short(drawn: list) -> None:
    view = four_seat_view(0, over=True)
    decode(render_board(view), BOARD_SIZE)
    strings = [text for text, _ in drawn]
    assert "MATCH OVER" in strings
    assert any(t.startswith("A Very Long") and t.endswith(ELLIPSIS) for t in strings)
    assert any("of the" in t and t.endswith(ELLIPSIS) for t in strings)  # a wrapped name
    # Every card of a crowded board is drawn (it was 5 and "+4")
    for k in range(9):  # each name, cut short on its small card ("3-4 of…")
        assert any(f"3-{k}" in t for t in strings), k
    assert not any(t.startswith("+") and t[1:].isdigit() for t in strings)
    assert "José Ñandú" in strings


def test_only_a_board_too_crowded_for_the_smallest_cards_gets_a_more_chip(drawn: list) -> None:
    view = four_seat_view(0)
    many = tuple(monster(500 + k, f"B{k}") for k in range(60))
    view.seats[3].zones["board"] = ZoneView("board", 60, many)
    decode(render_board(view), BOARD_SIZE)
    chips = [t for t, _ in drawn if t.startswith("+") and t[1:].isdigit()]
    shown = {t for t, _ in drawn if t.startswith("B") and t[1:].isdigit()}
    assert len(chips) == 1 and len(shown) + int(chips[0][1:]) == 60


def test_lands_are_counted_apart_and_twins_carry_their_position(drawn: list) -> None:
    """A magic-core battlefield once showed three permanents and "+10"; lands are
    one line, the rest all drawn, twins numbered as the options number them."""
    from engine.core.match import from_scenario

    battlefield = ["ashrunner_hound"] * 6 + ["lantern_warden"] * 5 + ["wildwood"] * 6
    seats = [
        {"name": "Ann", "battlefield": [*battlefield, "cinderpeak"], "library": ["wildwood"] * 9},
        {"name": "Bob", "library": ["wildwood"] * 9},
    ]
    match = from_scenario("magic-core", {"seats": seats, "active": 0, "step": "main 1"})
    decode(render_board(match.view(0)), BOARD_SIZE)
    strings = [t for t, _ in drawn]
    assert "Lands 7: 6 Wildwood, Cinderpeak" in strings
    assert "No permanents" in strings  # Bob's side, in the game's words
    names = " ".join(strings)
    for k in range(1, 12):
        assert f"#{k}" in names, k
    assert not any(t.startswith("Wildwood") for t in strings)  # counted, not drawn


def test_rendering_from_threads_gives_the_same_bytes() -> None:
    views = [four_seat_view(v) for v in (None, 0, 1, 2, 3)]
    serial = [render_board(v) for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(render_board, views * 3))
    assert parallel == serial * 3


# -- single cards -------------------------------------------------------------------------


def pool_card(kind: str) -> CardView:
    """The first card of `kind` in the Clash pool, as its view builder would show it."""
    proto = next(p for p in get_ruleset("clash").protos.values() if p.kind == kind)
    stats: dict[str, int] = {}
    if kind == "monster":
        stats = {"power": proto.power, "toughness": proto.toughness, "health": proto.health}
    elif kind == "equipment":
        stats = {"power": proto.power, "toughness": proto.toughness}
    return CardView(1, proto.id, proto.name, proto.kind, proto.cost, proto.text, stats)


@pytest.mark.parametrize("kind", ["monster", "spell", "equipment"])
def test_render_card_for_each_kind(kind: str, drawn: list) -> None:
    card = pool_card(kind)
    decode(render_card(card), CARD_SIZE)
    strings = [text for text, _ in drawn]
    assert card.name in strings
    assert str(card.cost) in strings
    assert kind.capitalize() in strings
    if card.text:
        assert card.text.split()[0] in " ".join(strings)


def test_render_card_of_a_hurt_equipped_monster(drawn: list) -> None:
    card = monster(1, "Kilnborn Hound", health=2, max_health=4)
    card.tags = ("haste", "attacked")
    card.attached = (pool_card("equipment"),)
    card.text = "Haste (can attack the turn it is summoned). " * 6
    decode(render_card(card), CARD_SIZE)
    strings = [text for text, _ in drawn]
    assert "2/4" in strings
    assert any(card.attached[0].name in text for text in strings)
    assert any(text.endswith(ELLIPSIS) for text in strings)  # the long text was cut


def test_card_art_is_deterministic_and_differs_between_cards() -> None:
    first = card_art("kilnborn_hound", "monster", 120, 80).tobytes()
    assert card_art.__wrapped__("kilnborn_hound", "monster", 120, 80).tobytes() == first
    assert card_art.__wrapped__("sootling_scamp", "monster", 120, 80).tobytes() != first


def test_the_final_picture_reads_the_score_like_the_text(drawn) -> None:
    """The second seat wins 1-0; the picture said 0-1 (seat order)."""
    match = clash_match(3)
    match.resign(0)
    assert match.winner == 1
    said = match.events[-1].text
    assert said == "Bo wins the match 1-0."
    render_board(match.view(None))
    strings = [text for text, _ in drawn]
    assert any("Bo wins the match  1-0" in s for s in strings), strings
    assert not any("0-1" in s for s in strings)
