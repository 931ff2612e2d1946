"""The engine's public API comes from one place: `engine`.

Front ends import from `engine` only, so the engine may move its insides without
touching them; these tests keep both halves of that promise."""

import ast
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[2]


def test_every_exported_name_exists() -> None:
    missing = [name for name in engine.__all__ if not hasattr(engine, name)]
    assert missing == []
    assert len(set(engine.__all__)) == len(engine.__all__)


def _engine_submodule_imports(path: Path) -> list[str]:
    """`from engine.x import ...` and `import engine.x` statements in one file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine."):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} from {node.module}")
        elif isinstance(node, ast.Import):
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno} import {alias.name}"
                for alias in node.names
                if alias.name.startswith("engine.")
            ]
    return found


def test_front_ends_import_the_engine_from_its_one_place() -> None:
    offenders = [
        hit
        for folder in ("bot", "cards")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for hit in _engine_submodule_imports(path)
    ]
    assert offenders == []
