"""Board pictures are drawn in a worker process: the view must travel there and back."""

from types import SimpleNamespace

from bot.presenter import Presenter
from engine.core.match import new_match
from engine.core.ruleset import get_ruleset


async def test_a_board_picture_is_drawn_in_a_worker_process() -> None:
    decks = get_ruleset("clash").preconstructed_decks()
    match = new_match("clash", ["Ann", "Bo"], [decks["ember_rush"], decks["grave_tide"]], 3)
    presenter = Presenter(SimpleNamespace())  # type: ignore[arg-type]
    presenter.image_processes = True
    try:
        png = await presenter.picture(match.view(None))
    finally:
        presenter.close()
    assert png is not None and png.startswith(b"\x89PNG\r\n\x1a\n")
