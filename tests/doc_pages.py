"""Run the code blocks of README.md, docs/*.md and benches/RESULTS.md; compare what they print.

The conventions a page follows (docs/README.md says them for people writing pages):

- ```console: a line starting with `$ ` is a command (a line ending in `\\` goes on to the
  next); the lines after it, up to the next command, are what it prints (stdout and stderr as a
  terminal shows them). `prefdd ARGS` (with `"$(cat FILE)"` for a file's text) runs in this
  process through click's CliRunner; any other command line (a pipe, `head`) runs in bash, with
  `prefdd` standing for `python -m pyanalysis.cli`. Commands run in a fresh directory holding
  `data/` (the repository's), so files they write go nowhere else. A command must exit with 0,
  unless its output ends with the line `(exit code N)`.
- ```python: a doctest session (`>>>` prompts, and the output each example prints). The python
  blocks of a page run in order, in the repository's root, and share their names as one
  session would, so a later block may use what an earlier one defined.
- In the expected output of either, `...` stands for any text (a whole line of it for lines
  left out); trailing spaces are ignored, and doctests compare with whitespace normalised.
- ```sh: install and benchmark commands, shown and not run (they install packages or take
  minutes); every line must start with one of `SH_COMMANDS`.
- ```text: data (a record, a diagram, a score sheet), not run; it holds no prompt.
- The word `slow` after the language (```console slow) marks the block with pytest's `slow`;
  a slow python block defines nothing that a later block uses.
- A block of any other language, or of none, is refused.
"""
from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
# The rules and design texts of the project (docs/RULES.md, docs/DESIGN.md) are kept as they
# were written: their code blocks sketch the shape of the API, and are not run.
TEXTS = (DOCS / "RULES.md", DOCS / "DESIGN.md")
PAGES = [ROOT / "README.md", *(page for page in sorted(DOCS.glob("*.md")) if page not in TEXTS),
         ROOT / "benches" / "RESULTS.md"]
RUN = ("console", "python")
SHOWN = ("sh", "text")
# The commands an ```sh block may hold: installing, and the benchmarks.
SH_COMMANDS = ("python3 -m venv", ". .venv/bin/activate", "pip install", "apt-get install",
               "sudo apt-get install", "python -m pytest benches/", "python benches/")
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```[ \t]*$", re.S | re.M)
CAT = re.compile(r'"\$\(cat ([\w./-]+)\)"')
EXIT = re.compile(r"^\(exit code (\d+)\)$")
DOCTEST_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass(frozen=True)
class Block:
    """One fenced code block of a page."""
    page: Path
    line: int        # the line of the opening fence, counted from 1
    lang: str        # the first word of the info string ("" when there is none)
    words: tuple[str, ...]  # the rest of the info string ("slow")
    body: str

    @property
    def id(self) -> str:
        """`README.md:31`, `docs/cli.md:120`: where the block starts."""
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def slow(self) -> bool:
        return "slow" in self.words


def blocks(page: Path) -> list[Block]:
    """Every fenced block of `page`, in order."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        info = match.group(1).split()
        found.append(Block(page, text.count("\n", 0, match.start()) + 1,
                           info[0] if info else "", tuple(info[1:]), match.group(2)))
    return found


def all_blocks() -> list[Block]:
    """Every block of README.md and docs/*.md."""
    return [block for page in PAGES for block in blocks(page)]


# ----------------------------------------------------------------------------- python blocks


def numbered_blocks(page: Path) -> list[tuple[int, str]]:
    """Each python block with the page's line number before its first line (for reports)."""
    return [(block.line, block.body) for block in blocks(page) if block.lang == "python"]


@contextmanager
def _in(directory: Path) -> Iterator[None]:
    before = os.getcwd()
    os.chdir(directory)
    try:
        yield
    finally:
        os.chdir(before)


def run_blocks(page: Path, blocks: list[tuple[int, str]], *, quiet: bool = False,
               globs: dict | None = None) -> tuple[doctest.TestResults, int]:
    """Run the blocks as one session: (failed, attempted) and the number of examples.

    `globs` (changed in place) carries the session's names in and out."""
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=DOCTEST_FLAGS)
    globs = {} if globs is None else globs
    examples = 0
    with _in(ROOT):
        for number, (line, block) in enumerate(blocks, 1):
            test = parser.get_doctest(block, dict(globs),
                                      f"{page.name} block {number}", str(page), line)
            examples += len(test.examples)
            runner.run(test, clear_globs=False, out=(lambda _: None) if quiet else None)
            globs.update(test.globs)  # a DocTest runs on a copy: carry its names on
    return runner.summarize(verbose=False), examples


class Sessions:
    """The python sessions of the pages, so that block k of a page runs after blocks 0..k-1
    (run silently first when a test asks for block k alone)."""

    def __init__(self) -> None:
        self._done: dict[Path, tuple[int, dict]] = {}

    def run(self, block: Block) -> tuple[doctest.TestResults, int]:
        """Run `block` after the page's earlier python blocks. Catching up skips the earlier
        blocks marked slow (a slow block defines nothing a later block uses), so that
        `-m "not slow"` leaves their time out."""
        mine = [b for b in blocks(block.page) if b.lang == "python"]
        k = next(i for i, b in enumerate(mine) if b.line == block.line)
        done, globs = self._done.get(block.page, (0, {}))
        if done > k:
            done, globs = 0, {}
        earlier = [(b.line, b.body) for b in mine[done:k] if not b.slow]
        if earlier and run_blocks(block.page, earlier, quiet=True, globs=globs)[0].failed:
            raise AssertionError(f"{block.id}: an earlier python block of the page fails")
        result = run_blocks(block.page, [(block.line, block.body)], globs=globs)
        self._done[block.page] = (k + 1, globs)
        return result


# ----------------------------------------------------------------------------- console blocks


@dataclass(frozen=True)
class Command:
    """One `$ ` command of a console block and what the page says it prints."""
    line: int
    text: str
    expected: str
    exit_code: int


def commands(block: Block) -> list[Command]:
    """The commands of a console block, in order."""
    found: list[Command] = []
    lines = block.body.split("\n")
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            if lines[i].strip():
                raise ValueError(f"{block.id}: output before any command: {lines[i]!r}")
            i += 1
            continue
        start = i
        text = lines[i][2:]
        while text.endswith("\\"):
            i += 1
            text = text[:-1].rstrip() + " " + lines[i].strip()
        i += 1
        out = []
        while i < len(lines) and not lines[i].startswith("$ "):
            out.append(lines[i])
            i += 1
        while out and not out[-1].strip():
            out.pop()
        code = 0
        if out and EXIT.match(out[-1]):
            code = int(EXIT.match(out[-1]).group(1))
            out.pop()
        found.append(Command(block.line + 1 + start, text, "\n".join(out), code))
    return found


def _in_process(text: str) -> list[str] | None:
    """The arguments of a plain `prefdd ...` line, or None when it needs a shell."""
    if not text.startswith("prefdd "):
        return None
    def cat(match: re.Match) -> str:
        content = (ROOT / match.group(1)).read_text(encoding="utf-8").rstrip("\n")
        return shlex.quote(content)
    if any(ch in CAT.sub("", text) for ch in "|<>;&`$"):
        return None
    expanded = CAT.sub(cat, text)
    try:
        return shlex.split(expanded)[1:]
    except ValueError:
        return None


def execute(command: Command, where: Path) -> tuple[str, int]:
    """Run one command in `where`: what it prints (stdout and stderr) and its exit code."""
    args = _in_process(command.text)
    if args is not None:
        from click.testing import CliRunner

        from pyanalysis.cli import main
        with _in(where):
            result = CliRunner().invoke(main, args, prog_name="prefdd")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result.output, result.exit_code
    path = [p for p in (os.environ.get("PYTHONPATH"), str(ROOT)) if p]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(path), PYTHONIOENCODING="utf-8")
    script = (f'prefdd() {{ {shlex.quote(sys.executable)} -m pyanalysis.cli "$@"; }}\n'
              f"{command.text}\n")
    done = subprocess.run(["bash", "-c", script], cwd=where, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=600)
    return done.stdout + done.stderr, done.returncode


def _clean(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.rstrip("\n").split("\n"))


def matches(expected: str, got: str) -> bool:
    """`got` is what the page shows, `...` standing for any text."""
    want, have = _clean(expected), _clean(got)
    return doctest.OutputChecker().check_output(want + "\n", have + "\n", doctest.ELLIPSIS)


@contextmanager
def scratch() -> Iterator[Path]:
    """A fresh directory holding `data/` (the repository's), for a block's commands."""
    with tempfile.TemporaryDirectory(prefix="prefdd-docs-") as name:
        where = Path(name)
        (where / "data").symlink_to(ROOT / "data", target_is_directory=True)
        yield where


def run_console(block: Block) -> list[str]:
    """Run a console block's commands in order: a message for each that differs."""
    problems = []
    with scratch() as where:
        for command in commands(block):
            got, code = execute(command, where)
            if code != command.exit_code:
                problems.append(f"{block.page.name}:{command.line}: $ {command.text}\n"
                                f"exit code {code}, the page says {command.exit_code}\n{got}")
            elif not matches(command.expected, got):
                problems.append(f"{block.page.name}:{command.line}: $ {command.text}\n"
                                f"--- the page shows:\n{command.expected}\n"
                                f"--- it prints:\n{_clean(got)}")
    return problems


# ----------------------------------------------------------------------------- honesty


def assert_a_change_fails(page: Path, shown: str, changed: str) -> None:
    """The page's check is honest: its examples pass up to the block that shows `shown`, and
    fail once `shown` is replaced by `changed` there."""
    mine = numbered_blocks(page)
    k = next(i for i, (_, block) in enumerate(mine) if shown in block)
    line, block = mine[k]
    altered = block.replace(shown, changed, 1)
    assert altered != block
    assert run_blocks(page, mine[:k + 1], quiet=True)[0].failed == 0
    assert run_blocks(page, mine[:k] + [(line, altered)], quiet=True)[0].failed >= 1
