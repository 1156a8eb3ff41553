"""docs/review.md: its Python examples run, and print what the page says they print.

A change in the record format or the review that changes an answer makes the page fail here
instead of going stale (see `doc_pages`).
"""
from __future__ import annotations

from doc_pages import DOCS, assert_a_change_fails, numbered_blocks, run_blocks

PAGE = DOCS / "review.md"


def test_the_page_covers_the_record_the_review_and_claims():
    text = PAGE.read_text(encoding="utf-8")
    for words in ("deal:", "game:", "declarer:", "talon rule", "whist:", "play:", "claim:",
                  "`stop`", "SheetRecord", "lost_at", "cost_by_side", "minimums",
                  "check_claim", "refutation", "prefdd review", "prefdd claim", "at most",
                  "at least", "claim_kind", "misere_game.txt"):
        assert words in text, words


def test_the_python_examples_print_what_the_page_shows():
    (failed, attempted), examples = run_blocks(PAGE, numbered_blocks(PAGE))
    assert attempted == examples > 15
    assert failed == 0, "docs/review.md: an example's output differs (see the report above)"


def test_a_changed_answer_would_fail():
    assert_a_change_fails(PAGE, "[(1, 1, '7D', 8, 9, 1), (6, 2, '8S', 9, 6, 3)]",
                          "[(1, 1, '7D', 8, 9, 1), (6, 2, '8S', 9, 6, 2)]")
