"""docs/whist.md: its Python examples run, and print what the page says they print.

The page's ```python blocks are doctest sessions (`>>>` prompts); they run in order, sharing
their names as one session would, so a later block may use what an earlier one defined. A
change in the analysis that changes an answer makes the page fail here instead of going stale.
"""
from __future__ import annotations

import doctest
import re
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "whist.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def blocks() -> list[str]:
    return BLOCK.findall(PAGE.read_text(encoding="utf-8"))


def numbered_blocks() -> list[tuple[int, str]]:
    """Each block with the page's line number before its first line (for the reports)."""
    text = PAGE.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(1)), m.group(1)) for m in BLOCK.finditer(text)]


def test_the_page_has_an_example_for_every_rule_set():
    code = blocks()
    assert code and all(">>> " in block for block in code)
    for rules in ("sochi", "leningrad", "rostov"):
        assert any(f'rules="{rules}"' in block for block in code), rules
    text = PAGE.read_text(encoding="utf-8")
    for heading in ("### Sochi", "### Leningrad", "### Rostov"):
        assert heading in text


def test_the_python_examples_print_what_the_page_shows():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    globs: dict = {}
    examples = 0
    for number, (line, block) in enumerate(numbered_blocks(), 1):
        test = parser.get_doctest(block, globs, f"docs/whist.md block {number}", str(PAGE),
                                  line)
        examples += len(test.examples)
        runner.run(test, clear_globs=False)
        globs = test.globs  # a DocTest runs on a copy: carry its names to the next block
    failed, attempted = runner.summarize(verbose=False)
    assert attempted == examples > 10
    assert failed == 0, "docs/whist.md: an example's output differs (see the report above)"


def test_a_changed_answer_would_fail():
    # The check is honest: an example whose shown output is altered does not pass.
    wrong = "(6, {2: 4, 3: 0})"
    block = next(b for b in blocks() if wrong in b)
    altered = block.replace(wrong, "(6, {2: 5, 3: 0})", 1)
    assert altered != block
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    globs: dict = {}
    for earlier in blocks()[:blocks().index(block)]:
        test = doctest.DocTestParser().get_doctest(earlier, globs, "before", "", 0)
        runner.run(test, clear_globs=False, out=lambda _: None)
        globs = test.globs
    runner.run(doctest.DocTestParser().get_doctest(altered, globs, "altered", "", 0),
               clear_globs=False, out=lambda _: None)
    assert runner.summarize(verbose=False).failed >= 1
