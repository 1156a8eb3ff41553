"""Helpers for the tests that run a docs page: its ```python blocks are doctest sessions.

The blocks run in order and share their names, as one session would, so a later block may use
what an earlier one defined; an example whose printed output differs from the page fails.
"""
from __future__ import annotations

import doctest
import re
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def numbered_blocks(page: Path) -> list[tuple[int, str]]:
    """Each python block with the page's line number before its first line (for reports)."""
    text = page.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(1)), m.group(1)) for m in BLOCK.finditer(text)]


def run_blocks(page: Path, blocks: list[tuple[int, str]], *, quiet: bool = False
               ) -> tuple[doctest.TestResults, int]:
    """Run the blocks as one session: (failed, attempted) and the number of examples."""
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    globs: dict = {}
    examples = 0
    for number, (line, block) in enumerate(blocks, 1):
        test = parser.get_doctest(block, globs, f"{page.name} block {number}", str(page), line)
        examples += len(test.examples)
        runner.run(test, clear_globs=False, out=(lambda _: None) if quiet else None)
        globs = test.globs  # a DocTest runs on a copy: carry its names to the next block
    return runner.summarize(verbose=False), examples


def assert_a_change_fails(page: Path, shown: str, changed: str) -> None:
    """The page's check is honest: its examples pass up to the block that shows `shown`, and
    fail once `shown` is replaced by `changed` there."""
    blocks = numbered_blocks(page)
    k = next(i for i, (_, block) in enumerate(blocks) if shown in block)
    line, block = blocks[k]
    altered = block.replace(shown, changed, 1)
    assert altered != block
    assert run_blocks(page, blocks[:k + 1], quiet=True)[0].failed == 0
    assert run_blocks(page, blocks[:k] + [(line, altered)], quiet=True)[0].failed >= 1
