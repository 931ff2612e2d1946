"""Issue 14 §1: no import cycle between a ruleset's modules.

A cycle is what a function-level import hides (`def view(): from .view import ...`), so
both are checked: at run time a ruleset's modules import each other only at module level,
and those imports form no cycle. Imports under `if TYPE_CHECKING:` are for the checker
only and are left out.
"""

import ast
from pathlib import Path

import pytest

RULESETS = sorted(
    p for p in (Path(__file__).parents[2] / "engine" / "rulesets").iterdir() if p.is_dir()
)


def _siblings(node: ast.AST, package: str, modules: set[str]) -> set[str]:
    """The modules of `package` that one import statement names."""
    prefix = f"engine.rulesets.{package}"
    found = set()
    if isinstance(node, ast.ImportFrom) and node.module:
        if node.module.startswith(prefix + "."):
            found.add(node.module.split(".")[3])
        elif node.module == prefix:
            found |= {alias.name for alias in node.names}
    elif isinstance(node, ast.Import):
        found |= {a.name.split(".")[3] for a in node.names if a.name.startswith(prefix + ".")}
    return found & modules


def _is_type_checking(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


@pytest.mark.parametrize("package", RULESETS, ids=lambda p: p.name)
def test_a_rulesets_modules_import_each_other_at_the_top_and_without_a_cycle(
    package: Path,
) -> None:
    modules = {p.stem for p in package.glob("*.py")}
    graph: dict[str, set[str]] = {}
    hidden = []
    for path in package.glob("*.py"):
        tree = ast.parse(path.read_text())
        top = [n for n in tree.body if not _is_type_checking(n)]
        graph[path.stem] = set().union(*(_siblings(n, package.name, modules) for n in top))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and any(
                _siblings(inner, package.name, modules) for inner in ast.walk(node)
            ):
                hidden.append(f"{path.name}: {node.name}")
    assert hidden == [], "imports of a sibling module inside a function"

    def cycle_from(start: str, path: list[str]) -> list[str] | None:
        for nxt in sorted(graph[path[-1]]):
            if nxt == start:
                return [*path, nxt]
            if nxt not in path:
                found = cycle_from(start, [*path, nxt])
                if found:
                    return found
        return None

    cycles = [c for m in sorted(graph) if (c := cycle_from(m, [m]))]
    assert cycles == []
