"""docs/whist.md: its Python examples run, and print what the page says they print.

The page's ```python blocks are doctest sessions (`>>>` prompts); they run in order, sharing
their names as one session would, so a later block may use what an earlier one defined. A
change in the analysis that changes an answer makes the page fail here instead of going stale.
"""
from __future__ import annotations

from doc_pages import DOCS, assert_a_change_fails, numbered_blocks, run_blocks

PAGE = DOCS / "whist.md"


def blocks() -> list[str]:
    return [block for _, block in numbered_blocks(PAGE)]


def test_the_page_has_an_example_for_every_rule_set():
    code = blocks()
    assert code and all(">>> " in block for block in code)
    for rules in ("sochi", "leningrad", "rostov"):
        assert any(f'rules="{rules}"' in block for block in code), rules
    text = PAGE.read_text(encoding="utf-8")
    for heading in ("### Sochi", "### Leningrad", "### Rostov"):
        assert heading in text


def test_the_python_examples_print_what_the_page_shows():
    (failed, attempted), examples = run_blocks(PAGE, numbered_blocks(PAGE))
    assert attempted == examples > 10
    assert failed == 0, "docs/whist.md: an example's output differs (see the report above)"


def test_a_changed_answer_would_fail():
    # The check is honest: an example whose shown output is altered does not pass.
    assert_a_change_fails(PAGE, "(6, {2: 4, 3: 0})", "(6, {2: 5, 3: 0})")
