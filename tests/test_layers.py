"""The layer contract (docs/architecture.md): imports point down, never round in a circle.

base < game < table < store < formats < render < cli < the launcher. A module may import
its own layer and the layers below it, whether at the top of the file, inside a function or
only for type checking. Typer belongs to cli/, rich to cli/ and render/, and the standard
library's file and process modules to the layers that touch files. No two modules import
each other, directly or round a longer circle, even through imports inside functions.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "src" / "popejoan_cli"
LAYERS = ("base", "game", "table", "store", "formats", "render", "web", "cli")
ENTRY = {"launch", "__main__"}
"""Top-level modules above every layer: the entry point. `popejoan_cli/__init__` sits below all."""
FILES = {"os", "pathlib", "shutil", "tempfile", "subprocess", "importlib.resources", "io"}
TOUCH_FILES = frozenset({"store", "formats", "web", "cli", "entry"})
WEB = frozenset({"web", "cli"})
"""The web server's libraries (the `web` extra): the web layer, and the `serve` command that starts it."""
THIRD_PARTY: dict[str, frozenset[str]] = {"typer": frozenset({"cli"}), "rich": frozenset({"cli", "render"}),
                                          **dict.fromkeys(FILES, TOUCH_FILES),
                                          **dict.fromkeys(("starlette", "uvicorn", "segno", "anyio"), WEB)}
IN_FUNCTIONS_ONLY_FOR_START_UP = {"cli", "render", "web", "entry", "formats", "store"}


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> int:
    """0.. for the layers; -1 for the package itself; len(LAYERS) for the entry point."""
    parts = module.split(".")
    if len(parts) == 1:
        return -1
    if parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    assert parts[1] in ENTRY, f"{module} is in no layer: put it in one of {LAYERS}"
    return len(LAYERS)


def layer_name(module: str) -> str:
    n = layer(module)
    return "package" if n < 0 else "entry" if n == len(LAYERS) else LAYERS[n]


def imports(path: Path) -> list[tuple[str, int]]:
    """(module imported, line) for every import in the file, wherever it sits."""
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.module, node.lineno))
            # `from popejoan_cli.game import hand` imports the module popejoan_cli.game.hand
            found += [(f"{node.module}.{a.name}", node.lineno) for a in node.names
                      if f"{node.module}.{a.name}" in MODULES]
    return found


def own_imports(module: str) -> set[str]:
    return {name for name, _ in imports(MODULES[module]) if name in MODULES and name != module
            and not module.startswith(name + ".")}


def test_every_module_is_in_a_layer() -> None:
    for module in MODULES:
        layer(module)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down(module: str) -> None:
    mine = layer(module)
    for name, line in imports(MODULES[module]):
        if name.startswith("popejoan_cli.") and name in MODULES and not module.startswith(name + "."):
            assert layer(name) <= mine, (f"{module} (layer {layer_name(module)}) imports {name} "
                                         f"(layer {layer_name(name)}) at line {line}")
        top = name.split(".")[0]
        allowed = THIRD_PARTY.get(name) or THIRD_PARTY.get(top)
        if allowed is not None:
            assert layer_name(module) in allowed, f"{module} imports {name} at line {line}: only {sorted(allowed)}"


def test_no_import_circles() -> None:
    graph = {m: own_imports(m) for m in MODULES}
    state: dict[str, int] = {}
    circles: list[list[str]] = []

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                circles.append([*path[path.index(n):], n])
            elif n not in state:
                visit(n, [*path, n])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])
    assert circles == [], "import circles: " + "; ".join(" -> ".join(c) for c in circles)


def inner_imports(path: Path) -> list[tuple[int, str, str]]:
    """(line, module, the line's text) of each import that is not at the top of the file."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    top = {id(n) for n in tree.body} | {id(n) for stmt in tree.body if isinstance(stmt, (ast.If, ast.Try))
                                        for n in ast.walk(stmt) if isinstance(n, (ast.Import, ast.ImportFrom))}
    out = []
    for n in ast.walk(tree):
        if isinstance(n, (ast.Import, ast.ImportFrom)) and id(n) not in top:
            name = n.module if isinstance(n, ast.ImportFrom) else n.names[0].name
            out.append((n.lineno, name or "", lines[n.lineno - 1]))
    return out


def test_the_pure_layers_import_each_other_only_at_the_top() -> None:
    """In base/, game/ and table/ every import of popejoan's is at the top: the referee is needed
    whenever they are, so start-up is no reason there, and an import inside a function only hides a circle."""
    for module, path in MODULES.items():
        if layer_name(module) not in ("base", "game", "table"):
            continue
        inner = [line for line, name, _ in inner_imports(path) if name.startswith("popejoan_cli")]
        assert inner == [], f"{module} imports popejoan's modules inside a function at lines {inner}"


def test_an_import_inside_a_function_gives_its_reason() -> None:
    """Each says why on its line, or the module's docstring says why once for all of them (start-up)."""
    missing = []
    for module, path in MODULES.items():
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        if "start-up" in doc or "startup" in doc:
            continue
        missing += [f"{module}:{line}" for line, _, text in inner_imports(path) if "#" not in text]
    assert missing == [], "imports inside functions with no reason: " + ", ".join(missing)
