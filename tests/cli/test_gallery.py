"""`cardhost gallery OUT_DIR`: one mid-game board picture per game and per 4-player game,
the same bytes from the same seed."""

from pathlib import Path

import pytest

from bot.cli import main
from cardhost_devtools.gallery import MID_TURN, mid_game
from engine import ruleset_ids

PNG = b"\x89PNG\r\n\x1a\n"


def test_gallery_writes_every_game_and_a_four_player_game_the_same_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["gallery", str(tmp_path / "a")]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert main(["gallery", str(tmp_path / "b")]) == 0
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    expected = {f"{game}.png" for game in ruleset_ids()}
    assert expected <= set(names)
    assert any(name.endswith("-4p.png") for name in names)
    assert len(lines) == len(names)
    for name in names:
        first = (tmp_path / "a" / name).read_bytes()
        assert first.startswith(PNG) and len(first) > 10_000
        assert first == (tmp_path / "b" / name).read_bytes(), name


@pytest.mark.parametrize("game,players", [("clash", 2), ("mage-wars", 4)])
def test_a_gallery_position_is_mid_game(game: str, players: int) -> None:
    match, moves = mid_game(game, players, seed=1)
    assert not match.over and moves > 0
    assert len(match.players) == players
    assert match.view(None).turn >= MID_TURN or moves >= 400


def test_the_docs_show_the_current_pictures() -> None:
    docs = Path(__file__).parents[2] / "docs" / "gallery"
    readme = (docs / "README.md").read_text()
    for png in docs.glob("*.png"):
        assert f"({png.name})" in readme
    assert {f"{game}.png" for game in ruleset_ids()} <= {p.name for p in docs.glob("*.png")}
