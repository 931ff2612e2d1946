"""Deck codes: round trips, what chat does to a pasted code, and one clear error per fault."""

import base64
import random
import tomllib
import zlib
from pathlib import Path

import pytest

from cards import deckcode
from cards.deckcode import DeckCodeError, card_index, decode, encode
from engine.core.ruleset import get_ruleset, ruleset_ids
from tests.support.pools import pool_editor

RULES = get_ruleset("clash")
PRESETS = RULES.preconstructed_decks()
#: The cards the format numbers: new cards may join the pool before they join the index.
INDEXED = list(card_index("clash"))
SAMPLE = PRESETS["ember_rush"]
GOLDEN = tomllib.loads((Path(__file__).parent / "deckcode_golden.toml").read_text())["code"]


@pytest.fixture
def edited_pools(monkeypatch):
    yield from pool_editor(monkeypatch)


def reason(code: str) -> str:
    with pytest.raises(DeckCodeError) as info:
        decode(code)
    assert str(info.value)  # every error explains itself
    return info.value.reason


def handmade(payload: bytes, checksum: bytes | None = None) -> str:
    """A version 1 code around any payload, to reach the checks an encoder never trips."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zdict=deckcode._DICTIONARIES[1])
    packed = packer.compress(payload) + packer.flush()
    check = deckcode._checksum(1, payload) if checksum is None else checksum
    return "CH1." + base64.urlsafe_b64encode(check + packed).decode().rstrip("=")


@pytest.mark.parametrize("deck_id", sorted(PRESETS))
def test_every_preconstructed_deck_round_trips_in_a_short_code(deck_id: str) -> None:
    cards = PRESETS[deck_id]
    code = encode("clash", cards)
    assert code.startswith("CH2.")
    assert len(code) < 80, code
    assert decode(code) == ("clash", cards)  # preset lists are grouped, so order survives
    assert RULES.validate_deck(decode(code)[1]) == []


def test_thirty_different_cards_still_fit() -> None:
    rng = random.Random(5)
    for _ in range(50):
        cards = rng.sample(INDEXED, 30)
        code = encode("clash", cards)
        assert len(code) < 120
        assert decode(code) == ("clash", cards)


@pytest.mark.parametrize("game", ruleset_ids())
def test_every_card_of_every_game_round_trips(game: str) -> None:
    """The whole current pool, indexed or not (a new card is carried by its id)."""
    rules = get_ruleset(game)
    pool = sorted(rules.card_definitions())
    for deck in rules.preconstructed_decks().values():
        code = encode(game, deck)
        assert len(code) < 130, code
        assert decode(code) == (game, deck)
    rng = random.Random(7)
    for _ in range(20):
        cards = rng.sample(pool, min(30, len(pool)))
        assert decode(encode(game, cards)) == (game, cards)


@pytest.mark.parametrize("entry", GOLDEN, ids=lambda e: f"{e['ruleset']}-{e['code'][:3]}")
def test_codes_already_shared_decode_to_the_same_deck(entry: dict) -> None:
    """Version 1 codes stay readable; version 2 codes over every card the index numbered
    when they were made catch an index edited anywhere but at its end."""
    assert decode(entry["code"]) == (entry["ruleset"], entry["cards"])


def test_each_index_lists_a_card_once_and_only_card_ids() -> None:
    for game in ruleset_ids():
        index = card_index(game)
        assert index, game
        assert len(set(index)) == len(index), game
        assert all(deckcode.CARD_ID_RE.fullmatch(c) for c in index)


def test_a_new_card_is_a_data_only_change(edited_pools, tmp_path, monkeypatch) -> None:
    """A card added to the pool encodes at once (by its id) and validates; codes already
    shared keep their decks; numbering it (appending to the index) shortens its codes and
    changes no other code's meaning."""
    new = {**RULES.card_definitions()["sootling_scamp"], "name": "Freshly Minted Imp"}
    rules = edited_pools("clash", add={"freshly_minted_imp": new})
    assert "freshly_minted_imp" in rules.protos
    deck = ["freshly_minted_imp"] * 3 + SAMPLE[3:]
    assert rules.validate_deck(deck) == []
    by_id = encode("clash", deck)
    assert decode(by_id) == ("clash", deck)
    for entry in GOLDEN:
        assert decode(entry["code"]) == (entry["ruleset"], entry["cards"])

    # Number it, in a copy of the cards folder's index (the shipped file is not touched).
    for game in ruleset_ids():
        copy = tmp_path / game.replace("-", "_") / deckcode.INDEX_FILE
        copy.parent.mkdir()
        copy.write_text(deckcode.index_path(game).read_text())
    monkeypatch.setattr(deckcode, "CARDS_DIR", tmp_path)
    deckcode.card_index.cache_clear()
    deckcode.card_numbers.cache_clear()
    try:
        assert deckcode.append_new("clash", list(rules.card_definitions())) == [
            "freshly_minted_imp"
        ]
        assert card_index("clash")[-1] == "freshly_minted_imp"
        numbered = encode("clash", deck)
        assert len(numbered) < len(by_id)
        assert decode(numbered) == decode(by_id) == ("clash", deck)
        for entry in GOLDEN:
            assert decode(entry["code"]) == (entry["ruleset"], entry["cards"])
    finally:
        deckcode.card_index.cache_clear()
        deckcode.card_numbers.cache_clear()


def test_a_card_number_this_bot_does_not_know_yet_is_named() -> None:
    payload = b"clash\n" + deckcode._varint(2 * (len(INDEXED) + 5 + 1))
    with pytest.raises(DeckCodeError, match="number") as info:
        decode(handmade_v2(payload))
    assert info.value.reason == "content"


def handmade_v2(payload: bytes) -> str:
    blob = deckcode._checksum(2, payload) + deckcode._varint(len(payload)) + payload
    return "CH2." + base64.urlsafe_b64encode(blob).decode().rstrip("=")


@pytest.mark.parametrize(
    "payload",
    [
        b"Clash!\n\x02",  # not a ruleset id
        b"clash",  # no newline
        b"clash\n\x03",  # several copies, but no count
        b"clash\n\x03\x01",  # "several" copies: one
        b"clash\n\x03\x64",  # 100 copies
        b"clash\n\x00\x05ab cd\x01",  # space in an id
        b"clash\n\x00\x09abc",  # an id shorter than it says
        b"clash\n\xff\xff\xff\xff\xff\xff",  # a number that never ends
        b"clash\n" + b"\x03\x63" * 6,  # more cards than any deck
    ],
)
def test_handmade_version_2_nonsense_with_a_good_checksum_is_refused(payload: bytes) -> None:
    assert reason(handmade_v2(payload)) == "content"


def test_copies_are_grouped_in_first_seen_order() -> None:
    ruleset, cards = decode(encode("clash", ["b_card", "a_card", "b_card", "c_card", "a_card"]))
    assert (ruleset, cards) == ("clash", ["b_card", "b_card", "a_card", "a_card", "c_card"])
    assert encode("clash", ["x1", "x2", "x1"]) == encode("clash", ["x1", "x1", "x2"])


def test_unknown_cards_and_empty_decks_decode_for_validation_to_judge() -> None:
    cards = ["not_a_card", "not_a_card", "sootling_scamp"]
    assert decode(encode("clash", cards)) == ("clash", cards)
    assert any("not_a_card" in p for p in RULES.validate_deck(cards))
    assert decode(encode("clash", [])) == ("clash", [])
    assert decode(encode("other-game", ["x"])) == ("other-game", ["x"])


def test_survives_what_chat_does_to_a_pasted_code() -> None:
    code = encode("clash", SAMPLE)
    body = code[4:]
    for pasted in (
        f"  {code}\n",
        f"```\n{code}\n```",
        f"`{code}`",
        code[:40] + "\n" + code[40:],
        code + "=" * (-len(body) % 4),  # someone "fixed" the base64 padding
        "ch2." + body,
    ):
        assert decode(pasted) == ("clash", SAMPLE), pasted


@pytest.mark.parametrize("code", ["", "   ", "hello", "XY1.abcd", "CH.abcd", "CHx.abcd", "CH1abc"])
def test_bad_prefix(code: str) -> None:
    assert reason(code) == "prefix"


def test_unknown_version_is_named() -> None:
    body = encode("clash", SAMPLE)[4:]
    with pytest.raises(DeckCodeError, match="version 3") as info:
        decode("CH3." + body)
    assert info.value.reason == "version"
    assert reason("CH0." + body) == "version"


@pytest.mark.parametrize("bad", ["+", "/", "!", "é", "."])
def test_bad_base64_names_the_characters(bad: str) -> None:
    code = encode("clash", SAMPLE)
    broken = code[:20] + bad + code[21:]
    with pytest.raises(DeckCodeError, match="characters") as info:
        decode(broken)
    assert info.value.reason == "base64"
    assert bad in str(info.value)


def test_every_cut_off_code_says_truncated() -> None:
    for cards in PRESETS.values():
        code = encode("clash", cards)
        for end in range(4, len(code)):
            assert reason(code[:end]) == "truncated", end


def test_a_changed_checksum_is_caught() -> None:
    code = encode("clash", SAMPLE)
    first = code[4]
    changed = code[:4] + ("B" if first != "B" else "C") + code[5:]  # inside the checksum bytes
    assert reason(changed) == "checksum"
    assert reason(handmade(b"clash\nsootling_scamp", checksum=b"\0\0\0")) == "checksum"


def test_a_mistyped_character_never_decodes_to_another_deck() -> None:
    """Most typos trip the checksum; a few land on padding bits or an identical inflation
    and decode to the very same deck, which is harmless."""
    code = encode("clash", SAMPLE)
    caught = 0
    for i in range(4, len(code)):
        for char in "Aa0_-Zz":
            if code[i] == char:
                continue
            try:
                assert decode(code[:i] + char + code[i + 1 :]) == ("clash", SAMPLE)
            except DeckCodeError as exc:
                assert exc.reason in ("checksum", "truncated")
                caught += 1
    assert caught > 6 * (len(code) - 4) * 0.9


def test_trailing_garbage_after_the_stream_is_refused() -> None:
    code = encode("clash", SAMPLE)
    blob = base64.urlsafe_b64decode(code[4:] + "=" * (-len(code[4:]) % 4))
    longer = "CH1." + base64.urlsafe_b64encode(blob + b"\x00\x01\x02").decode().rstrip("=")
    assert reason(longer) == "checksum"


def test_too_long_is_refused_before_any_work() -> None:
    assert reason("CH1." + "A" * 2000) == "too_long"


@pytest.mark.parametrize(
    "payload",
    [
        b"Clash!\nsootling_scamp",  # not a ruleset id
        b"clash\nsootling scamp",  # space in an id
        b"clash\nsootling_scamp*0",
        b"clash\nsootling_scamp*100",
        b"clash\nsootling_scamp*x",
        b"clash\nsootling_scamp*",
        b"clash\na,,b",
        b"clash\n" + b"x*99," * 6 + b"x",  # more cards than any deck
        "clash\nsootling_scampé".encode(),
        b"\xff\xfe",
    ],
)
def test_handmade_nonsense_with_a_good_checksum_is_refused(payload: bytes) -> None:
    assert reason(handmade(payload)) == "content"


def test_a_zip_bomb_is_refused() -> None:
    assert reason(handmade(b"clash\n" + b"a," * 10_000 + b"a")) == "content"


@pytest.mark.parametrize(
    ("ruleset", "cards"),
    [("Clash", ["a"]), ("", ["a"]), ("clash", ["a b"]), ("clash", ["a,b"]), ("clash", ["a*2"])],
)
def test_encode_refuses_what_a_code_cannot_carry(ruleset: str, cards: list[str]) -> None:
    with pytest.raises(ValueError):
        encode(ruleset, cards)


def test_encode_refuses_a_string_and_absurd_counts() -> None:
    with pytest.raises(ValueError):
        encode("clash", "sootling_scamp")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        encode("clash", ["a"] * 100)
