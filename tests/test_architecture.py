"""The package tree is the architecture (docs/architecture.md): every module sits in the package
of its layer, imports go only down the layers (or stay in their own), and no module imports
itself back through others (no import circles, counting the imports inside functions too).

The checks read the source (ast), so they see every import, also those a test run never
executes; the last tests run the same checks on a small package made to break them."""
from __future__ import annotations

import ast
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The layers, bottom to top, and the packages of each. A module belongs to the package that is
# the longest prefix of its name (ygosim.cards.scripts.monsters.s is a card script, not a fact).
LAYERS = (
    ("card facts", ("ygosim.cards",)),             # facts, the card store, errors, safe text
    ("engine", ("ygosim.engine",)),                # state, rules, chain, battle
    ("card scripts", ("ygosim.cards.scripts",)),   # what cards do: a plug-in of the engine
    ("formats", ("ygosim.formats",)),              # deck, banlist and card database files
    ("agents", ("ygosim.agents",)),                # who answers the engine's decisions
    ("play", ("ygosim.play",)),                    # the table, Matches, replays, scenarios
    ("analysis", ("ygosim.analysis",)),            # series, statistics, odds
    ("front ends", ("ygosim.envs", "ygosim.web", "ygosim.cli", "ygosim.__main__")),
)
# Plug-ins: modules imported by name (importlib), not by an import statement, each where it is
# declared: (the module that loads it, the constant naming it). Any other dynamic import of a
# project module fails test_plugins_are_loaded_only_where_declared.
PLUGINS = {("ygosim.cards.db", "SCRIPTS_PLUGIN")}
# Dynamic imports a package makes of its own modules (the card scripts find their files; the
# command line imports a command's module when the command is used).
OWN_DYNAMIC_IMPORTS = {"ygosim.cards.scripts", "ygosim.cli"}


# -- reading the tree ------------------------------------------------------------------------

def modules(root: Path, package: str = "ygosim") -> dict[str, tuple[Path, bool]]:
    """Every module of `package` under `root`: name -> (file, is a package's __init__)."""
    out = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts.pop()
        out[".".join(parts)] = (path, is_pkg)
    return out


def imports(root: Path, package: str = "ygosim") -> dict[str, set[str]]:
    """Module -> the project modules it imports (anywhere in its code). `from a import b`
    counts as importing a.b when a.b is a module, else a."""
    mods = modules(root, package)
    graph = {}
    for name, (path, is_pkg) in mods.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names if _ours(a.name, package))
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = name.split(".") if is_pkg else name.split(".")[:-1]
                    base = base[:len(base) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if not _ours(target, package):
                    continue
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    found.add(sub if sub in mods else target)
        found.discard(name)
        graph[name] = found
    return graph


def unresolved_imports(root: Path, package: str = "ygosim") -> list[str]:
    """Imports of the project's modules that name no module or package of it (a relative
    import with a dot too many, a module that was moved away), as 'module: from X'."""
    mods = modules(root, package)
    known = set(mods) | {m.rsplit(".", i)[0] for m in mods for i in range(1, m.count(".") + 1)}
    out = []
    for name, (path, is_pkg) in mods.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = name.split(".") if is_pkg else name.split(".")[:-1]
                if node.level - 1 >= len(base):
                    out.append(f"{name}: from {'.' * node.level}{node.module or ''}")
                    continue
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            elif isinstance(node, ast.ImportFrom):
                target = node.module or ""
            elif isinstance(node, ast.Import):
                out.extend(f"{name}: import {a.name}" for a in node.names
                           if _ours(a.name, package) and a.name not in known)
                continue
            else:
                continue
            if _ours(target, package) and target not in known:
                out.append(f"{name}: from {'.' * node.level}{node.module or ''}")
    return out


def _ours(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def layer_of(module: str, layers=LAYERS) -> tuple[int, str] | None:
    """(the layer's index, the package) of `module`; None for the root package itself."""
    best = None
    for i, (_, packages) in enumerate(layers):
        for p in packages:
            if (module == p or module.startswith(p + ".")) and (best is None or
                                                                 len(p) > len(best[1])):
                best = (i, p)
    return best


def upward_imports(graph: dict, layers=LAYERS, root_package: str = "ygosim") -> list[str]:
    """Every import of a module of a higher layer, as 'a (layer) imports b (layer)'."""
    out = []
    for a, targets in sorted(graph.items()):
        la = layer_of(a, layers)
        for b in sorted(targets):
            lb = layer_of(b, layers)
            if b == root_package or la is None or lb is None:
                continue
            if lb[0] > la[0]:
                out.append(f"{a} ({layers[la[0]][0]}) imports {b} ({layers[lb[0]][0]})")
    return out


def circles(graph: dict) -> list[list[str]]:
    """The import circles: each strongly connected set of modules (Tarjan), sorted."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def package_graph(graph: dict, layers=LAYERS) -> dict[str, set[str]]:
    """The imports between the layers' packages (ygosim.web -> ygosim.play, ...)."""
    out: dict[str, set[str]] = {}
    for a, targets in graph.items():
        pa = layer_of(a, layers)
        for b in targets:
            pb = layer_of(b, layers)
            if pa and pb and pa[1] != pb[1]:
                out.setdefault(pa[1], set()).add(pb[1])
    return out


def dynamic_imports(root: Path, package: str = "ygosim") -> list[tuple[str, str]]:
    """Calls of importlib.import_module / __import__: (module, its first argument's source)."""
    out = []
    for name, (path, _) in modules(root, package).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and (
                    (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                    or (isinstance(node.func, ast.Name) and
                        node.func.id in ("import_module", "__import__"))):
                out.append((name, ast.unparse(node.args[0]) if node.args else ""))
    return out


# -- the project -----------------------------------------------------------------------------

GRAPH = imports(ROOT)


def test_every_module_is_in_the_package_of_a_layer():
    loose = [m for m in GRAPH if m != "ygosim" and layer_of(m) is None]
    assert not loose, f"modules in no layer (put each in the package of its layer): {loose}"
    top = sorted(p.name for p in (ROOT / "ygosim").iterdir()
                 if p.is_dir() and any(p.glob("*.py")))      # (engine has no __init__.py)
    named = sorted({p.split(".")[1] for _, packages in LAYERS for p in packages
                    if p.count(".") == 1 and not p.endswith("__main__")})
    assert top == named, "the packages of ygosim/ are the layers' packages"


def test_every_import_names_a_module_of_the_project():
    bad = unresolved_imports(ROOT)
    assert not bad, "imports of nothing (a dot too many, a module moved away):\n" + \
        "\n".join(bad)


def test_imports_go_only_down_the_layers():
    up = upward_imports(GRAPH)
    assert not up, "imports up the layers (docs/architecture.md):\n" + "\n".join(up)


def test_no_import_circles_between_modules():
    found = circles(GRAPH)
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_no_import_circles_between_packages():
    found = circles(package_graph(GRAPH))
    assert not found, "packages importing each other:\n" + "\n".join(" <-> ".join(c)
                                                                     for c in found)


def test_plugins_are_loaded_only_where_declared():
    """A dynamic import is how a lower layer uses a plug-in above it; each is declared here and
    names a module of a higher layer (else it would be an ordinary import)."""
    import importlib
    declared = {}
    for module, constant in PLUGINS:
        target = getattr(importlib.import_module(module), constant)
        declared[module] = constant
        assert target in GRAPH, f"{module}.{constant} names no module: {target!r}"
        assert layer_of(target)[0] > layer_of(module)[0], f"{target} is no plug-in of {module}"
    for module, arg in dynamic_imports(ROOT):
        if layer_of(module)[1] in OWN_DYNAMIC_IMPORTS and "__name__" in arg:
            continue
        assert declared.get(module) == arg, \
            f"{module} imports {arg} by name: import it, or declare it a plug-in (PLUGINS)"


# -- the checks catch what they should -------------------------------------------------------

def _write(root: Path, files: dict) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def test_the_checks_catch_an_upward_import_and_a_circle(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/low/__init__.py": "",
        "pkg/low/a.py": "from . import b\n",
        "pkg/low/b.py": "def f():\n    from .a import x   # a circle, hidden in a function\n",
        "pkg/low/c.py": "import pkg.high.d\n",                      # up the layers
        "pkg/high/__init__.py": "",
        "pkg/high/d.py": "from ..low.c import y\nfrom .. import low\n",
        "pkg/high/e.py": "from ...low import c\nfrom ..gone import z\n",   # nothing there
    })
    layers = (("low", ("pkg.low",)), ("high", ("pkg.high",)))
    graph = imports(tmp_path, "pkg")
    assert graph["pkg.high.d"] == {"pkg.low.c", "pkg.low"}
    assert unresolved_imports(tmp_path, "pkg") == ["pkg.high.e: from ...low",
                                                   "pkg.high.e: from ..gone"]
    assert upward_imports(graph, layers, "pkg") == ["pkg.low.c (low) imports pkg.high.d (high)"]
    assert circles(graph) == [["pkg.high.d", "pkg.low.c"], ["pkg.low.a", "pkg.low.b"]]
    assert circles(package_graph(graph, layers)) == [["pkg.high", "pkg.low"]]
    del graph["pkg.low.c"], graph["pkg.low.b"]
    assert upward_imports(graph, layers, "pkg") == [] and circles(graph) == []
