"""The bot's folders are layers, and each imports only from the layers below it
(docs/decisions/0002-bot-layers.md): the Discord front end on top, then the cluster and
the terminal, then play, then storage and rendering. Play, rendering, storage and the
cluster know nothing of Discord: no `discord` import at all, even for type hints."""

import ast
from pathlib import Path

import pytest

BOT = Path(__file__).resolve().parents[2] / "bot"

#: What each folder of bot/ may import of bot/ (besides itself).
MAY_IMPORT = {
    "discord": {"cluster", "play", "render", "storage", "settings", "crashpoints"},
    "cluster": {"play", "storage"},
    "terminal": {"play", "render"},
    "play": {"storage", "crashpoints"},
    "render": set(),
    "storage": set(),
}
NO_DISCORD = ("play", "render", "storage", "cluster", "terminal")


def imported(path: Path) -> set[str]:
    """Every module `path` imports, wherever the import stands (in a function, under
    TYPE_CHECKING)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def files(folder: str) -> list[Path]:
    return sorted((BOT / folder).rglob("*.py"))


@pytest.mark.parametrize("folder", NO_DISCORD)
def test_no_discord_import_below_the_front_end(folder: str) -> None:
    found = [
        f"{path.relative_to(BOT.parent)}: {name}"
        for path in files(folder)
        for name in imported(path)
        if name == "discord" or name.startswith(("discord.", "bot.discord"))
    ]
    assert files(folder) and found == []


@pytest.mark.parametrize("folder", sorted(MAY_IMPORT))
def test_each_folder_imports_only_the_layers_below(folder: str) -> None:
    allowed = MAY_IMPORT[folder] | {folder}
    found = [
        f"{path.relative_to(BOT.parent)}: {name}"
        for path in files(folder)
        for name in imported(path)
        if name.startswith("bot.") and name.split(".")[1] not in allowed
    ]
    assert found == []
