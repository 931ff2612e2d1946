"""One game, one place (docs/adding-a-game.md): every registered game brings all of its own
from its folders, and the code every game shares names none of them.

A game is found by its package under engine/rulesets/ (engine/core/ruleset.py); its cards,
schema and card text are in cards/<game>/, its glossary and hidden zones come with its
ruleset, its rule tests are in tests/rules/<game>/ and its rulings in docs/rules/<game>.md.
"""

import ast
import importlib
import re
from pathlib import Path

import pytest

from cards.loader import folder_name, game_pool
from engine.core.ruleset import get_ruleset, ruleset_ids
from tests.support.contract import RELAY, rules_of

REPO = Path(__file__).resolve().parents[2]

#: The code every game shares: the core and the registry, the agents, the balance check and
#: the rest of engine/'s own modules, the card loader and deck codes, the whole bot, the
#: contract suite's helpers and the test that reads each game's scenario example. A place
#: is a file, a folder (its .py files, all the way down) or a glob.
SHARED = [
    "engine/core",
    "engine/agents",
    "engine/*.py",
    "cards/*.py",
    "bot",
    "tests/support/contract.py",
    "tests/support/no_tells.py",
    "tests/support/pools.py",
    "tests/engine/test_scenario_docs.py",
]

#: The games players play, as the registry finds them under engine/rulesets/ (Relay, which
#: tests/contract/conftest.py registers for each test, is the contract suite's own).
GAMES = ruleset_ids()

#: The few places of shared code that may name a game, each with why: (file, the text that
#: names it) -> reason. Examples and user-facing defaults only; a table by game, a branch
#: on a game id or an import of a game's module never belongs here.
ALLOWED = {
    ("bot/discord/app.py", "cardhost play clash"): (
        "an example command in the operator's message when no token is set"
    ),
    ("bot/discord/cogs/cards.py", "which card game (default: Clash)"): (
        "/card's option description names the default, DEFAULT_GAME, the first game listed"
    ),
    ("cards/deckcode.py", "dusk_toll,clash"): (
        "the preset dictionary of version-1 deck codes, frozen with that format: the card ids"
        " of the first pool; a game added since encodes in version 2 and never touches it"
    ),
}


@pytest.mark.parametrize("game", ruleset_ids())
def test_a_game_brings_everything_of_its_own_from_its_folders(game: str) -> None:
    rules = get_ruleset(game)
    folder = folder_name(game)
    assert type(rules).__module__ == f"engine.rulesets.{folder}.ruleset"
    assert rules.glossary, f"{game} has no glossary"
    assert (REPO / "tests" / "rules" / folder).is_dir()
    assert (REPO / "docs" / "rules" / f"{game}.md").is_file()
    if rules.card_type is not None:
        schema = importlib.import_module(f"cards.{folder}.schema")
        assert rules.card_type is schema.Card
        assert importlib.import_module(f"cards.{folder}.text")
        assert rules.pool.cards.keys() == game_pool(game).cards.keys()
        assert list((REPO / "cards" / folder).glob("*.toml"))


@pytest.mark.parametrize("game", [*ruleset_ids(), RELAY])
def test_every_game_declares_its_hidden_zones_and_glossary(game: str) -> None:
    """The hooks the walk-through adds to Relay are part of the contract: a ruleset that
    left out `hidden_zones` could not even be built (it is abstract)."""
    rules = rules_of(game)
    assert "hidden_zones" not in getattr(type(rules), "__abstractmethods__", ())
    assert isinstance(rules.glossary, dict) and all(rules.glossary.values())


def _shared_modules() -> list[Path]:
    modules: set[Path] = set()
    for place in SHARED:
        for path in REPO.glob(place):
            modules.update([path] if path.is_file() else path.rglob("*.py"))
    return sorted(modules)


def _game_words() -> dict[str, str]:
    """Each way shared code could name a game -> the game: its id (`mage-wars`), its
    package (`mage_wars`), its name (`Mage Wars`), all as lower case."""
    words = {}
    for game in GAMES:
        for word in (game, folder_name(game), get_ruleset(game).name):
            words[word.lower()] = game
    return words


def _snake(identifier: str) -> str:
    """`BattleMagesState` -> `battle_mages_state`: the words of an identifier, so that a
    game's package is found in it as whole words (`clash` in `ClashState`, not in
    `CLASHING`)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", identifier).lower()


def _alone(word: str) -> re.Pattern[str]:
    """`word` standing alone in lower-case text: no letter or digit either side."""
    return re.compile(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])")


def _docstrings(tree: ast.AST) -> set[int]:
    """The docstrings of a module (they and the comments may name games as examples)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _names_and_strings(tree: ast.AST) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """(the identifiers, the string literals) of a module, with their lines: every name,
    attribute, definition, argument and imported module, and every string (bytes too) but
    the docstrings."""
    docstrings = _docstrings(tree)
    names: list[tuple[int, str]] = []
    strings: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str | bytes):
            if id(node) not in docstrings:
                text = node.value
                strings.append((line, text.decode("latin-1") if isinstance(text, bytes) else text))
        elif isinstance(node, ast.Name):
            names.append((line, node.id))
        elif isinstance(node, ast.Attribute):
            names.append((line, node.attr))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.append((line, node.name))
        elif isinstance(node, ast.arg):
            names.append((line, node.arg))
        elif isinstance(node, ast.ImportFrom) and node.module:
            names += [(line, part) for part in node.module.split(".")]
            names += [(line, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            names += [(line, part) for alias in node.names for part in alias.name.split(".")]
    return names, strings


def games_named(source: str, words: dict[str, str]) -> list[tuple[int, str, str]]:
    """Where a module names a game: (line, the game, the name or string that names it).
    A string names a game with one of `words` standing alone in it (`clash`,
    `cards/clash/`, `Mage Wars`); an identifier with the game's package in it, whatever
    its case (`clash_pool`, `ClashState`, `engine.rulesets.clash`)."""
    names, strings = _names_and_strings(ast.parse(source))
    in_strings = {word: _alone(word) for word in words}
    in_names = {word: _alone(word) for word in words if word.isidentifier()}
    found = []
    for line, text in strings:
        found += [
            (line, words[w], text) for w, alone in in_strings.items() if alone.search(text.lower())
        ]
    for line, name in names:
        found += [
            (line, words[w], name) for w, alone in in_names.items() if alone.search(_snake(name))
        ]
    return sorted(set(found))


def test_the_shared_code_names_no_game() -> None:
    """Adding a game touches no shared file: no table by game id, no branch on one, no
    import of a game's module, in the registry, the agents, the balance check, the loader,
    the bot, the contract suite or the scenario test. Docstrings and comments may name a
    game as an example; a string may only where `ALLOWED` says why."""
    words = _game_words()
    found, allowed_used = [], set()
    for module in _shared_modules():
        where = str(module.relative_to(REPO))
        for line, game, text in games_named(module.read_text(encoding="utf-8"), words):
            allowance = next((key for key in ALLOWED if key[0] == where and key[1] in text), None)
            if allowance is None:
                found.append(f"{where}:{line}: names {game}: {text!r}")
            allowed_used.add(allowance)
    assert not found, "\n".join(found)
    assert allowed_used >= set(ALLOWED), f"allowed but gone: {set(ALLOWED) - allowed_used}"


@pytest.mark.parametrize(
    "source",
    [
        'POOLS = {"clash": 240}',
        "x = 3 if rules.id == 'mage-wars' else 2",
        'HELP = "240 in Mage Wars, else 40"',
        "from engine.rulesets.clash.state import ClashState",
        "import cards.battle_mages.schema",
        "from cards.loader import clash_pool",
        "def f(state: ClashState) -> None: ...",
        "path = 'cards/magic_core/'",
    ],
)
def test_the_check_finds_a_game_named_in_shared_code(source: str) -> None:
    """The control: each way of naming a game is caught, so the test above can fail."""
    assert games_named(source, _game_words())


def test_the_check_leaves_examples_in_docstrings_and_comments() -> None:
    source = (
        '"""Clash and Mage Wars say so."""\n'
        "def f(game: str) -> str:\n"
        '    """As in magic-core."""\n'
        "    return game  # Enchantoria\n"
        'CLASHING = "a clashing word, a mage-warsy one"\n'
    )
    assert games_named(source, _game_words()) == []
