"""The layers run one way: engine → cards and notation → games and rules → scoring → play and
solving → analyses → text and reports → interfaces (docs/DESIGN.md). Every import between the
package's modules, at the top of a module or inside a function, is read from the source and
checked against the layer of each side; no command module imports another; no import circle.
"""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "pyanalysis"

#: The layer of each module; a subpackage's modules share its layer. The package itself (its
#: __init__, the names `import pyanalysis as pa` gives) re-exports the analyses and below.
LAYERS = {
    1: ["errors", "cards", "hand", "deal", "checks", "seat", "diagram", "wording", "progress",
        "card_sets"],
    2: ["games", "rules", "serialize"],
    3: ["scoring", "sheet", "sheet_io"],
    4: ["play", "solving", "record", "record_file", "jsonout", "session"],
    5: ["analysis", "pyanalysis"],
    6: ["text", "report", "registry"],
    7: ["cli", "batch", "jobs", "web"],
}
LAYER_OF = {name: layer for layer, names in LAYERS.items() for name in names}
NAMES = {1: "cards and notation", 2: "games and rules", 3: "scoring", 4: "play and solving",
         5: "analyses", 6: "text and reports", 7: "interfaces"}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> int:
    parts = module.split(".")
    return LAYER_OF["pyanalysis" if len(parts) == 1 else parts[1]]


def imports(path: Path) -> set[str]:
    """The package's modules that `path` imports (anywhere in it)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.split(".")[0] != "pyanalysis":
                continue
            if node.module is not None:  # `from . import x` imports x, not the package
                found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "pyanalysis")
    return found


def graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p): p for p in paths}
    return {name: {m for m in imports(path) if m in modules and m != name}
            for name, path in modules.items()}


def test_every_module_has_a_layer():
    for name in graph():
        parts = name.split(".")
        key = "pyanalysis" if len(parts) == 1 else parts[1]
        assert key in LAYER_OF, f"{name}: no layer given in {__file__}"


def test_no_module_imports_a_layer_above_it():
    wrong = [f"{name} ({NAMES[layer(name)]}) imports {dep} ({NAMES[layer(dep)]})"
             for name, deps in graph().items() for dep in sorted(deps)
             if layer(dep) > layer(name)]
    assert not wrong, "\n".join(wrong)


def test_no_command_module_imports_another():
    shared = {"pyanalysis.cli", "pyanalysis.cli.common", "pyanalysis.cli.options"}
    wrong = [f"{name} imports {dep}" for name, deps in graph().items()
             if name.startswith("pyanalysis.cli.") and name not in shared
             for dep in deps if dep.startswith("pyanalysis.cli.") and dep not in shared]
    assert not wrong, "\n".join(wrong)
    below = [f"{name} imports {dep}" for name, deps in graph().items()
             if not name.startswith("pyanalysis.cli") for dep in deps
             if dep.startswith("pyanalysis.cli")]
    assert not below, "\n".join(below)


def test_no_import_circle():
    edges = graph()
    # The package's __init__ and a subpackage's re-export their modules: an import of the
    # package from inside it is an import of the modules it names, not a circle through it.
    packages = {name for name in edges if (PACKAGE.parent / name.replace(".", "/")).is_dir()}
    state: dict[str, int] = {}

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for dep in sorted(edges[name]):
            if dep in packages:
                continue
            if state.get(dep) == 1:
                raise AssertionError(" -> ".join(path + [name, dep]))
            if dep not in state:
                visit(dep, path + [name])
        state[name] = 2

    for name in sorted(edges):
        if name not in state:
            visit(name, [])


def test_the_check_sees_a_wrong_import(tmp_path, monkeypatch):
    """The checks can fail: a scoring module importing an analysis is caught."""
    (tmp_path / "pyanalysis").mkdir()
    (tmp_path / "pyanalysis" / "__init__.py").write_text("")
    (tmp_path / "pyanalysis" / "scoring.py").write_text("from .analysis import tenner\n")
    (tmp_path / "pyanalysis" / "analysis").mkdir()
    (tmp_path / "pyanalysis" / "analysis" / "__init__.py").write_text("")
    (tmp_path / "pyanalysis" / "analysis" / "tenner.py").write_text("from .. import scoring\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", tmp_path / "pyanalysis")
    try:
        test_no_module_imports_a_layer_above_it()
    except AssertionError as error:
        assert "pyanalysis.scoring (scoring) imports pyanalysis.analysis" in str(error)
    else:
        raise AssertionError("the layer check missed scoring -> analysis")
    try:
        test_no_import_circle()
    except AssertionError as error:
        assert "pyanalysis.analysis.tenner" in str(error)
    else:
        raise AssertionError("the circle check missed scoring <-> analysis.tenner")
