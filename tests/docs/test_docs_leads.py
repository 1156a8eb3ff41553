"""docs/leads.md: its Python examples run, and print what the page says they print.

A change in the analysis that changes an answer makes the page fail here instead of going
stale (see `doc_pages`).
"""
from __future__ import annotations

from doc_pages import DOCS, assert_a_change_fails, numbered_blocks, run_blocks

PAGE = DOCS / "leads.md"


def test_the_page_covers_both_views_and_the_bias():
    text = PAGE.read_text(encoding="utf-8")
    for words in ("lead_table", "lead_decision", "upper bound", "bidding filter",
                  "same layouts", "misère", "samples=\"all\""):
        assert words in text, words


def test_the_python_examples_print_what_the_page_shows():
    (failed, attempted), examples = run_blocks(PAGE, numbered_blocks(PAGE))
    assert attempted == examples > 10
    assert failed == 0, "docs/leads.md: an example's output differs (see the report above)"


def test_a_changed_answer_would_fail():
    assert_a_change_fails(PAGE, "('caught for 5', 'caught for 2')",
                          "('caught for 5', 'caught for 3')")
