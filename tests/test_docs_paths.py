"""Every repository path the docs write as code exists.

README.md and docs/**/*.md name files and folders in backticks and code blocks
(`bot/play/sessions.py`, `tests/contract/`, `cardhost gallery docs/gallery`); a module that
moves leaves such a path pointing at nothing, and the docs stop being a map. This test
reads each code span and code block, takes every word that starts like a path of this
repository, and requires it to exist in the working tree. Placeholders (`<game>`, `*`,
`…`, `{id}`) are patterns, not paths, and are skipped; a pytest node id
(`tests/x.py::test_y`) is checked by its file.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

#: The top-level folders a repository path starts with.
TOP = ("bot", "engine", "cards", "devtools", "tests", "docs", ".ci")
#: A path-like word: a top folder and what follows it, not part of a longer word or a URL.
PATH = re.compile(
    r"(?<![\w./-])(?:" + "|".join(re.escape(t) for t in TOP) + r")/[^\s`'\"()\[\],;|]*"
)
#: Marks of a pattern rather than a path.
PLACEHOLDER = ("<", "*", "…", "{")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
INLINE = re.compile(r"`([^`]+)`")


def code_text(markdown: str) -> list[str]:
    """The code of a markdown text: each fenced block whole, and each inline code span
    (which may wrap onto the next line)."""
    blocks: list[str] = []
    prose: list[str] = []
    fence: str | None = None
    block: list[str] = []
    for line in markdown.splitlines():
        mark = FENCE.match(line)
        if fence is None:
            if mark:
                fence, block = mark.group(1), []
            else:
                prose.append(line)
        elif mark and mark.group(1)[0] == fence[0] and len(mark.group(1)) >= len(fence):
            blocks.append("\n".join(block))
            fence = None
        else:
            block.append(line)
    if fence is not None:  # an unclosed fence runs to the end, as markdown reads it
        blocks.append("\n".join(block))
    return blocks + INLINE.findall("\n".join(prose))


def repo_paths(markdown: str) -> list[str]:
    """Every repository path written as code in `markdown`, placeholders left out, in order
    of first appearance."""
    found: dict[str, None] = {}
    for code in code_text(markdown):
        for word in PATH.findall(code):
            path = word.split("::")[0].rstrip(".:")
            if not any(mark in path for mark in PLACEHOLDER):
                found.setdefault(path, None)
    return list(found)


def missing(markdown: str, root: Path = ROOT) -> list[str]:
    return [path for path in repo_paths(markdown) if not (root / path).exists()]


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: str(doc.relative_to(ROOT)))
def test_every_path_a_doc_names_exists(doc: Path) -> None:
    assert missing(doc.read_text()) == []


def test_the_docs_name_paths_at_all() -> None:
    """Guards the reader itself: if it found next to nothing, every doc would pass."""
    named = {path for doc in DOCS for path in repo_paths(doc.read_text())}
    assert len(named) > 100
    assert {"bot/play/sessions.py", "engine/core/ruleset.py", "tests/support/relay.py"} <= named


def test_a_path_that_does_not_exist_is_reported() -> None:
    doc = """
The sessions are in `bot/play/sessions.py`, the old ones were in `bot/sessions.py`.
A wrapped span: `devtools/cardhost_devtools/no_such
` and a node id `tests/no_such_test.py::test_x`.

~~~markdown
```sh
cardhost gallery docs/no_such_folder/
```
~~~

Patterns are skipped: `docs/rules/<game>.md`, `cards/*/decks/`, `engine/…`, `bot/{x}.py`.
Prose is not code: bot/not_checked.py. Nor a URL: `https://example.com/bot/x.py`.
"""
    assert missing(doc) == [
        "docs/no_such_folder/",
        "bot/sessions.py",
        "devtools/cardhost_devtools/no_such",
        "tests/no_such_test.py",
    ]
