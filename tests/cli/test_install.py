"""A normal (non-editable) install from a clean export works away from the checkout.

The files git tracks are copied to a temporary folder, built into a wheel, and the wheel is
installed into a fresh virtual environment. That environment sees the running interpreter's
packages only for the dependencies (click, numpy, ...): a `.pth` file lists their folders, and
the test checks that `pyanalysis` and `solver` are imported from the wheel, not from the
checkout. The commands then run from a folder outside the checkout, so nothing can be read from
the repository's data/ by accident: the problem collection and the endings tables must ship in
the package.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def _export(target: Path) -> None:
    """Copy the files git tracks (as they are in the working tree) to `target`."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    for name in listed.stdout.decode().split("\0"):
        source = ROOT / name
        if name and source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def _dependency_folders() -> list[str]:
    """The running interpreter's site-packages folders (where click, numpy, ... are)."""
    paths = sysconfig.get_paths()
    return sorted({paths["purelib"], paths["platlib"]})


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The `bin` folder of a fresh virtual environment holding the wheel of a clean export."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.fail("the install test needs git and a git checkout to export from")
    base = tmp_path_factory.mktemp("install")
    source, wheels, env = base / "src", base / "wheels", base / "venv"
    source.mkdir()
    _export(source)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "--no-build-isolation", "-w", str(wheels), str(source)], check=True)
    venv.EnvBuilder(with_pip=True).create(env)
    bin_dir = env / "bin"
    env_python = bin_dir / "python"
    site = subprocess.run([str(env_python), "-c", "import sysconfig;"
                           "print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (Path(site) / "outer_dependencies.pth").write_text("\n".join(_dependency_folders()) + "\n")
    (wheel,) = wheels.glob("prefdd-*.whl")
    subprocess.run([str(env_python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)],
                   check=True)
    return bin_dir


def test_the_packages_come_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    code = "import pyanalysis, solver; print(pyanalysis.__file__); print(solver.__file__)"
    out = subprocess.run([str(installed / "python"), "-c", code], cwd=tmp_path,
                         capture_output=True, text=True, check=True).stdout.split()
    env = installed.parent.resolve()
    assert all(Path(path).resolve().is_relative_to(env) for path in out), out


def test_the_problem_collection_ships_in_the_package(installed: Path, tmp_path: Path) -> None:
    run = subprocess.run([str(installed / "prefdd"), "problem", "--all"], cwd=tmp_path,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "cannot read" not in run.stdout + run.stderr
    entries = json.loads((ROOT / "pyanalysis" / "data" / "problems.json")
                                       .read_text("utf-8"))
    assert all(entry["id"] in run.stdout for entry in entries)


def test_the_endings_tables_ship_beside_the_engine(installed: Path, tmp_path: Path) -> None:
    code = ("import solver; from solver._build import ENDING_FILES, engine; solver.Solver();"
            "print(all(engine.endings_loaded(t, k) for t, k, _ in ENDING_FILES))")
    out = subprocess.run([str(installed / "python"), "-c", code], cwd=tmp_path,
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == "True"


def test_the_web_page_ships_in_the_package(installed: Path, tmp_path: Path) -> None:
    code = ("from pyanalysis.web.app import ASSETS, _asset;"
            "print(all(len(_asset(p, n)) > 500 for p, n, _ in ASSETS.values()))")
    run = subprocess.run([str(installed / "python"), "-c", code], cwd=tmp_path,
                         capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.strip() == "True", run.stderr
