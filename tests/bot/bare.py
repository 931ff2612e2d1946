"""Objects of the bot built alone, for unit tests: each collaborator a test does not
give is a stand-in that fails loudly if used."""

from typing import Any

from bot.discord.presenter import Presenter
from bot.play.background import BackgroundTasks


class Unused:
    """A collaborator the test says will not be used."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"this test's object used its collaborator's {name!r}")


def bare_presenter(**given: Any) -> Presenter:
    parts: dict[str, Any] = {
        "storage": Unused(),
        "traffic": Unused(),
        "http": Unused(),
        "channel_of": Unused(),
        "notifier": Unused(),
        "spectators": Unused(),
        "threads": Unused(),
        "background": BackgroundTasks(),
        "serving": lambda session: True,
    }
    parts.update(given)
    return Presenter(**parts)
