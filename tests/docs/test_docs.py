"""Every code block of README.md and docs/*.md, run as a test (conventions: `doc_pages`).

One test per block, its id the page and line of the block (`docs/cli.md:29`): a ```console
block's commands run and print what the page shows, a ```python block's examples too (the
blocks of a page as one session); ```sh (install and benchmark commands) and ```text (data)
blocks are shown, not run, and the tests below say which they are and check that they hold
nothing that should have been run. A change in the software that changes an answer makes its
page fail here instead of going stale.
"""
from __future__ import annotations

import re

import pytest

from doc_pages import (PAGES, ROOT, RUN, SH_COMMANDS, SHOWN, TEXTS, Block, Sessions,
                       all_blocks, assert_a_change_fails, commands, matches, run_console)

BLOCKS = all_blocks()
SESSIONS = Sessions()


def _param(block: Block):
    return pytest.param(block, id=block.id, marks=[pytest.mark.slow] if block.slow else [])


@pytest.mark.parametrize("block", [_param(b) for b in BLOCKS if b.lang in RUN])
def test_block(block: Block):
    if block.lang == "python":
        (failed, attempted), examples = SESSIONS.run(block)
        assert attempted == examples > 0
        assert failed == 0, f"{block.id}: an example's output differs (see the report above)"
    else:
        assert commands(block), f"{block.id}: a console block without a `$ ` command"
        problems = run_console(block)
        assert not problems, "\n\n".join(problems)


def test_every_block_has_a_known_language():
    unknown = [b.id for b in BLOCKS if b.lang not in RUN + SHOWN]
    assert not unknown, f"blocks neither run nor known as shown-only: {unknown}"


def test_blocks_shown_and_not_run_are_installs_benchmarks_or_data():
    sh = [b for b in BLOCKS if b.lang == "sh"]
    text = [b for b in BLOCKS if b.lang == "text"]
    for block in sh:
        for line in block.body.splitlines():
            if line.strip() and not line.startswith("#"):
                assert line.startswith(SH_COMMANDS), f"{block.id}: {line!r} could be run"
    for block in text:
        assert "$ " not in block.body and ">>>" not in block.body, block.id
    # Most of what the pages show runs: the blocks shown only are the few installs,
    # benchmarks and data (records, diagrams, sheets).
    run = [b for b in BLOCKS if b.lang in RUN]
    assert len(sh) + len(text) < len(run)


def test_the_readme_commands_are_what_ci_runs():
    # The README's two commands make their own virtual environment (a stock Debian or Ubuntu
    # Python refuses `pip install` outside one); the test command is CI's, in .ci/run.
    sh = [b.body.strip() for b in BLOCKS if b.page.name == "README.md" and b.lang == "sh"]
    # Both install the web extra, so that `prefdd serve` runs and CI runs the web tests; the
    # test command the dask extra too, so that CI runs the batch's Dask tests.
    solve = ('. .venv/bin/activate && pip install -e ".[web]" && prefdd solve'
             ' "$(cat data/examples/')
    tests = '. .venv/bin/activate && pip install -e ".[test,web,dask]" && python -m pytest'
    assert any(s.startswith("python3 -m venv .venv && " + solve) for s in sh), sh
    assert any(s == "python3 -m venv .venv && " + tests for s in sh), sh
    assert any("apt-get install python3-venv python3-dev build-essential" in s for s in sh)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'pip install -q -e ".[test,web,dask]"' in ci and "\npython -m pytest\n" in ci
    # The deal the first command solves is the one the README's tour shows.
    tour = next(b for b in BLOCKS if b.page.name == "README.md" and b.lang == "console")
    assert commands(tour)[0].text == sh[0].split(" && ")[-1]


def test_every_page_is_found_and_runs_something():
    names = {page.relative_to(ROOT).as_posix() for page in PAGES}
    for name in ("README.md", "docs/cli.md", "docs/api.md", "docs/formats.md",
                 "docs/leads.md", "docs/whist.md", "docs/review.md", "docs/report.md",
                 "docs/rules.md"):
        assert name in names
        assert any(b.lang in RUN for b in BLOCKS if b.page == ROOT / name), name


def test_the_rules_and_design_texts_the_code_cites_are_in_the_repository():
    # Modules and pages cite "RULES.md §4.3" and "DESIGN.md": the texts are docs/RULES.md and
    # docs/DESIGN.md, and every relative link of a page leads to a file that exists.
    for text in TEXTS:
        assert text.exists() and text.stat().st_size > 1000, text
    link = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
    for page in PAGES + list(TEXTS):
        for target in link.findall(page.read_text(encoding="utf-8")):
            if "://" not in target:
                assert (page.parent / target).exists(), f"{page.name}: broken link {target}"


@pytest.mark.parametrize("page, shown, changed", [
    ("leads.md", "('caught for 5', 'caught for 2')", "('caught for 5', 'caught for 3')"),
    ("review.md", "[(1, 1, '7D', 8, 9, 1), (6, 2, '8S', 9, 6, 3)]",
     "[(1, 1, '7D', 8, 9, 1), (6, 2, '8S', 9, 6, 2)]"),
    ("whist.md", "{2: (2, 3), 3: (1, 2)}, {2: 2, 3: 2})", "{2: (2, 3), 3: (1, 2)}, {2: 3, 3: 2})"),
])
def test_a_changed_answer_in_a_python_block_would_fail(page, shown, changed):
    assert_a_change_fails(ROOT / "docs" / page, shown, changed)


def test_a_changed_answer_in_a_console_block_would_fail():
    block = next(b for b in BLOCKS if b.page.name == "README.md" and b.lang == "console")
    shown = "takes 8 tricks in 8♠: made."
    assert shown in block.body and not run_console(block)
    altered = Block(block.page, block.line, "console", (),
                    block.body.replace(shown, "takes 9 tricks in 8♠: made."))
    assert run_console(altered)


def test_a_console_command_must_exit_as_the_page_says():
    def block(body: str) -> Block:
        return Block(ROOT / "README.md", 1, "console", (), body)
    refused = "$ prefdd solve x\nError: Missing option '--game' / '-g'. ...\n"
    assert not run_console(block(refused + "(exit code 2)\n"))
    assert run_console(block(refused))
    assert run_console(block(refused + "(exit code 1)\n"))
    assert [c.text for c in commands(block("$ prefdd a \\\n    --b c\nout\n$ cat x\n"))] == [
        "prefdd a --b c", "cat x"]


def test_the_comparison_elides_only_where_the_page_says_so():
    assert matches("a\n...\nd", "a\nb\nc\nd")
    assert matches("tricks: ...", "tricks: 8 (made)")
    assert not matches("a\nd", "a\nb\nd")
    assert not matches("a\n...\nd", "a\nb\nc\ne")
    assert matches("x  \ny", "x\ny  \n")
    assert not matches("8 tricks", "9 tricks")


def test_slow_blocks_carry_the_marker():
    slow = [b for b in BLOCKS if b.slow]
    assert slow and all(b.lang in RUN for b in slow)
    for block in slow:
        assert any(mark.name == "slow" for mark in _param(block).marks), block.id
    assert not any(_param(b).marks for b in BLOCKS if not b.slow)
