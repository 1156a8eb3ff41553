"""docs/leads.md: its Python examples run, and print what the page says they print.

The page's ```python blocks are doctest sessions (`>>>` prompts); they run in order, sharing
their names as one session would. A change in the analysis that changes an answer makes the
page fail here instead of going stale.
"""
from __future__ import annotations

import doctest
import re
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "leads.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def numbered_blocks() -> list[tuple[int, str]]:
    text = PAGE.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(1)), m.group(1)) for m in BLOCK.finditer(text)]


def run_blocks(blocks: list[str]) -> doctest.TestResults:
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    globs: dict = {}
    for number, block in enumerate(blocks, 1):
        test = doctest.DocTestParser().get_doctest(block, globs, f"docs/leads.md block {number}",
                                                   str(PAGE), 0)
        runner.run(test, clear_globs=False, out=lambda _: None)
        globs = test.globs  # a DocTest runs on a copy: carry its names to the next block
    return runner.summarize(verbose=False)


def test_the_page_covers_both_views_and_the_bias():
    text = PAGE.read_text(encoding="utf-8")
    for words in ("lead_table", "lead_decision", "upper bound", "bidding filter",
                  "same layouts", "misère", "samples=\"all\""):
        assert words in text, words


def test_the_python_examples_print_what_the_page_shows():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    globs: dict = {}
    examples = 0
    for number, (line, block) in enumerate(numbered_blocks(), 1):
        test = parser.get_doctest(block, globs, f"docs/leads.md block {number}", str(PAGE), line)
        examples += len(test.examples)
        runner.run(test, clear_globs=False)
        globs = test.globs
    failed, attempted = runner.summarize(verbose=False)
    assert attempted == examples > 10
    assert failed == 0, "docs/leads.md: an example's output differs (see the report above)"


def test_a_changed_answer_would_fail():
    blocks = [block for _, block in numbered_blocks()]
    wrong = "('caught for 5', 'caught for 2')"
    k = next(i for i, b in enumerate(blocks) if wrong in b)
    altered = blocks[:k] + [blocks[k].replace(wrong, "('caught for 5', 'caught for 3')")]
    assert run_blocks(blocks[:k + 1]).failed == 0
    assert run_blocks(altered).failed >= 1
