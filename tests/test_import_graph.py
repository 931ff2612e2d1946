"""No import circle anywhere in the shipped code or the devtools.

A circle makes the order in which modules load matter, hides which module is the lower
layer, and is what a function-level import or an `if TYPE_CHECKING:` import papers over:
the circle is still there for a reader and for the checker, only Python stops tripping on
it. So this test reads every `.py` file under `bot/`, `engine/`, `cards/` and `devtools/`
with `ast` (nothing is imported) and counts every import statement wherever it stands:
at module level, inside a function or a method, under `if TYPE_CHECKING:`, inside `try:`.

How an import becomes an arrow from the importing module to a module of the tree:

- `import a.b.c` points at `a.b.c`. The parent packages `a` and `a.b` that Python runs on
  the way are not arrows: otherwise every module that imports a sibling by its full name
  would sit in a circle with a package `__init__` that re-exports anything.
- `from a.b import name` points at the submodule `a.b.name` when that file exists, and at
  the package `a.b` (its `__init__.py`) when `name` is something the package defines.
- Relative imports are resolved against the importing module's package.
- A package `__init__.py` is a module like any other. An `__init__` that imports its
  submodules to re-export them, together with a submodule that imports a name from the
  package itself (`from engine import X`), is a circle and is reported.
- Imports of modules outside the tree (the standard library, discord.py, ...) are ignored,
  and so are modules loaded by name at run time (`importlib.import_module`), which are not
  import statements.

The test fails listing every strongly connected component of more than one module.
"""

import ast
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# Where module names start, and the folders under it that are read.
SOURCE_ROOTS: dict[Path, tuple[str, ...]] = {
    REPO: ("bot", "engine", "cards"),
    REPO / "devtools": (),  # every package of the devtools distribution
}

SKIPPED_DIRS = {"__pycache__", "build", "dist", ".venv", "node_modules"}


def _source_files() -> Iterator[tuple[Path, Path]]:
    """(source root, file) for every Python file the test reads."""
    for root, folders in SOURCE_ROOTS.items():
        if not root.is_dir():
            continue
        tops = [root / f for f in folders] if folders else [root]
        for top in tops:
            for path in sorted(top.rglob("*.py")):
                relative = path.relative_to(root).parts
                if any(
                    p in SKIPPED_DIRS or p.startswith(".") or p.endswith(".egg-info")
                    for p in relative[:-1]
                ):
                    continue
                yield root, path


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imported(tree: ast.Module, module: str, *, is_package: bool, known: set[str]) -> set[str]:
    """The modules of the tree that any import statement in `tree` names."""
    found: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".") if package else []
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join([*base_parts, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            for alias in node.names:
                submodule = f"{base}.{alias.name}" if base else alias.name
                found.add(submodule if submodule in known else base)
    return (found & known) - {module}


def import_graph() -> dict[str, set[str]]:
    """Each module of the tree, and the modules of the tree it imports."""
    files = {_module_name(root, path): path for root, path in _source_files()}
    known = set(files)
    return {
        module: _imported(
            ast.parse(path.read_text(), filename=str(path)),
            module,
            is_package=path.name == "__init__.py",
            known=known,
        )
        for module, path in files.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    lowlink: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a long chain of imports cannot reach the recursion limit.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = lowlink[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = lowlink[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    break
                if successor in on_stack:
                    lowlink[node] = min(lowlink[node], index[successor])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    lowlink[parent] = min(lowlink[parent], lowlink[node])
                if lowlink[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def _describe(component: list[str], graph: dict[str, set[str]]) -> str:
    members = set(component)
    arrows = [
        f"    {module} -> {target}"
        for module in component
        for target in sorted(graph[module] & members)
    ]
    return "\n".join([f"  {len(component)} modules: {', '.join(component)}", *arrows])


def test_the_import_graph_of_the_whole_tree_has_no_circle() -> None:
    graph = import_graph()
    found = circles(graph)
    assert not found, "import circles:\n" + "\n".join(_describe(c, graph) for c in found)


def test_the_circle_finder_sees_function_level_and_type_checking_imports() -> None:
    """The reader itself: a circle closed only by hidden imports is still a circle."""
    source = {
        "pkg": "from pkg import low\n",
        "pkg.low": "def f() -> None:\n    from pkg.high import g\n",
        "pkg.high": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import low\n"
        ),
        "pkg.alone": "import pkg.low\n",
    }
    known = set(source)
    graph = {
        name: _imported(ast.parse(text), name, is_package=name == "pkg", known=known)
        for name, text in source.items()
    }
    assert graph == {
        "pkg": {"pkg.low"},
        "pkg.low": {"pkg.high"},
        "pkg.high": {"pkg.low"},
        "pkg.alone": {"pkg.low"},
    }
    assert circles(graph) == [["pkg.high", "pkg.low"]]
