"""What every `prefdd` subcommand shares: one-line errors, reading deals, games, cards and
records, JSON output, progress bars and writing pages. Options are declared in `options`.
"""
from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence

import click

import pyanalysis as pa
from pyanalysis.card_sets import card_set, parse_cards
from pyanalysis.errors import one_line
from pyanalysis.progress import Progress
from pyanalysis.rules import RuleSet

__all__ = [
    "COMMAND_SETTINGS", "EXAMPLE_RECORD", "CliError", "Command", "LongCommand", "answer",
    "card_set", "command",
    "emit", "emit_json",
    "echo_lines", "layout_bar", "make_rules", "parse_cards", "parse_deal", "parse_game",
    "check_page_file", "write_page",
]



class CliError(click.ClickException):
    """Bad input on the command line: one line on stderr, exit code 2, no traceback."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        # one_line: however the message was built, it is one short line (errors.py).
        click.echo(f"Error: {one_line(self.format_message())}", err=True)


class Command(click.Command):
    """A click command whose usage errors and `ValueError`s end as one line on stderr.

    Click prints usage errors as a usage block, a hint and the message; a script reading
    stderr wants the message alone. A `ValueError` from the notation or the solver is bad
    input too, never a crash.
    """

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # click shows help for that: keep it
                raise
            # Some usage errors carry no context; name this command, not the top-level group.
            path = " ".join(p for p in (parent.command_path if parent else "prefdd", info_name) if p)
            raise CliError(_usage_message(exc, path)) from None

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # A deal word may start with "-" (a void: "-.J87.AKQJ.T87"). Click reads such a word
        # as a cluster of short options and acts on any option letter in it ("-.h7" shows the
        # help, "-.j87" takes "87" as --jobs). A word with a dot is never an option here, so
        # it is marked to pass click untouched; `_reject_options_in_deal` takes the mark off.
        # The value of an option (`--out -.-.-.KQ`) is left as it is.
        if ctx.ignore_unknown_options:
            takes_value = {name for param in self.get_params(ctx)
                           if isinstance(param, click.Option) and not param.is_flag
                           and not param.count for name in param.opts}
            end = args.index("--") if "--" in args else len(args)
            args = [_DEAL_MARK + word
                    if i < end and _is_dashed_deal_word(word)
                    and not (i and args[i - 1] in takes_value) else word
                    for i, word in enumerate(args)]
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.ClickException:
            raise
        except UnicodeEncodeError as exc:
            raise CliError(_encoding_message(self, exc)) from None
        except ValueError as exc:
            raise CliError(" ".join(str(exc).split())) from None


class LongCommand(Command):
    """A `Command` that may run for a while: Ctrl-C ends it with the one line "interrupted" on
    stderr and exit code 130 (the shell's code for SIGINT), no traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(130)


def _encoding_message(command: click.Command, error: UnicodeEncodeError) -> str:
    """Output the stream cannot encode (suit symbols on a cp1251 console): what to do."""
    encoding = getattr(sys.stdout, "encoding", None) or error.encoding
    ascii_given = any(param.name == "ascii_only" for param in command.params)
    fix = "give --ascii for plain letters, or" if ascii_given else "to show it,"
    return (f"the output has characters the output encoding ({encoding}) cannot show:"
            f" {fix} set PYTHONIOENCODING=utf-8")


def command(name: str | None, short_help: str, examples: Sequence[str], *, long: bool = False,
            deal: bool = True) -> Callable[[Callable[..., Any]], click.Command]:
    """A subcommand with its one-line help and its examples (each an exact `prefdd` line,
    shown under "Example:"). `long`: it may run for a while (`LongCommand`); `deal`: its
    arguments may hold a deal, whose words may start with "-"."""
    epilog = "\b\nExample:\n" + "".join(f"  {example}\n" for example in examples)
    return click.command(name, cls=LongCommand if long else Command, short_help=short_help,
                         epilog=epilog, context_settings=COMMAND_SETTINGS if deal else {})


def _usage_message(exc: click.UsageError, fallback: str) -> str:
    message = " ".join(exc.format_message().split())
    command = exc.ctx.command_path if exc.ctx is not None else fallback
    return f"{message} (see '{command} --help')"


_DEAL_MARK = "\x00"  # cannot occur in a real command line argument
DEAL_MARK = _DEAL_MARK


def _is_dashed_deal_word(word: str) -> bool:
    return len(word) > 1 and word[0] == "-" and word[1] != "-" and "." in word


#: The game record of the `--help` examples: 8♠ by the 2nd hand, played to trick 6, then a
#: claim.
EXAMPLE_RECORD = (r"deal: J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD\ngame: 8S\n"
                  r"declarer: 2\nwhist: whist pass\n"
                  r"play: 8C KC 7S / AH 7H 8S / AS 9S JS / KS 8H 7C / QS KD 9D\n"
                  r"claim: 2 rest\n")

#: Settings of the commands that take a DEAL: its words may start with "-" (a void hand).
COMMAND_SETTINGS = {"ignore_unknown_options": True}


# ----------------------------------------------------------------------------- parsing


def parse_deal(words: Sequence[str]) -> pa.Deal:
    """The deal from the DEAL words."""
    return pa.Deal.parse(" ".join(words))


def parse_game(text: str) -> pa.Game:
    """The game from ``--game``."""
    return pa.Game.parse(text)


# ----------------------------------------------------------------------------- output


def emit_json(data: Any) -> None:
    """Print `data` as strict JSON (stable key order, cards as "AS"; never NaN or Infinity)."""
    click.echo(json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False))


def emit(result: Any) -> None:
    """The result's ``to_dict()`` as strict JSON, like every other command's ``--json``."""
    emit_json(result.to_dict())


def echo_lines(lines: Sequence[str]) -> None:
    """A renderer's lines, one a line."""
    for line in lines:
        click.echo(line)


def answer(result: Any, as_json: bool, lines: Callable[[], Sequence[str]]) -> None:
    """Print the result: its ``to_dict()`` as JSON, or the renderer's lines."""
    if as_json:
        emit(result)
    else:
        echo_lines(lines())


@contextmanager
def layout_bar(total: int | None, desc: str = "solving",
               bar: Callable[..., Any] = Progress,
               describe: Callable[[dict[str, Any]], str] | None = None
               ) -> Iterator[Callable[..., None]]:
    """A progress bar counting layouts (drawn only on a terminal); yields the callback the
    analysis functions take. Always passed, so that the count stays interruptible.
    `describe`: the words after the bar for an analysis's provisional answer."""
    extra = {} if describe is None else {"describe": describe}
    with bar(total, desc=desc, unit=" layouts", **extra) as shown:
        yield shown.update


def best_so_far(provisional: dict[str, Any]) -> str:
    """A progress bar's words for a provisional answer (`analysis.settle`): its best option,
    with its mean value where it has one, and the layouts it stands on."""
    best = provisional.get("best")
    entries = provisional.get("options", provisional.get("leads"))
    entry: Any = None
    if isinstance(entries, dict):
        entry = entries.get(str(best))
    elif isinstance(entries, list):
        entry = next((e for e in entries if e.get("game") == best), None)
    value = ""
    if isinstance(entry, dict) and entry.get("vists_float") is not None:
        se = entry.get("vists_se")
        value = f" {entry['vists_float']:+.2f}" + (f" ± {se:.2f}" if se else "") + " vists"
    return f"best so far {best}{value} after {provisional.get('samples', 0):,} layouts"


def count_so_far(provisional: dict[str, Any]) -> str:
    """A progress bar's words for a layout count's provisional answer (`layout_odds` and the
    counts built on it, as their `to_dict()`): the best discard, if any, with its share (made,
    or in misère caught) or without a target its mean tricks, and the layouts it stands on."""
    discard = provisional.get("discard")
    cards = " ".join(pa.Card.parse(c).symbol() for c in discard) if discard else ""
    probability, mean = provisional.get("probability"), provisional.get("mean")
    if isinstance(probability, dict) and probability.get("value") is not None:
        word = "caught" if provisional.get("game") == "misere" else "made"
        value = f"{word} {probability['value'] * 100:.1f}%"
    elif isinstance(mean, dict) and mean.get("value") is not None:
        value = f"mean {mean['value']:.2f} tricks"
    else:
        value = ""
    if cards:
        head = f"best so far {cards}" + (f": {value}" if value else "")
    else:
        head = "so far" + (f" {value}" if value else "")
    return f"{head} after {provisional.get('sample') or 0:,} layouts"


def make_rules(name: str | None, overrides: Sequence[str], base: RuleSet | None = None,
               priced: bool = True) -> RuleSet | None:
    """``--rules`` and ``--rule``: a preset (default: `base`, else sochi) with knobs changed.
    `priced=False`: None unless one of them is given (the answer is then not priced)."""
    if not priced and name is None and not overrides:
        return None
    rules = RuleSet.preset(name) if name else (base or RuleSet.preset("sochi"))
    return rules.with_strings(overrides)


def check_page_file(output: str | None, what: str | None) -> None:
    """``--html -`` where the command's text (`what`) already goes to standard output."""
    if output == "-" and what is not None:
        raise CliError(f"--html needs a file name (the {what} text goes to standard output)")


def write_page(report: Any, output: str, what: str | None = None) -> str:
    """Write the report's page to `output` (`-`: stdout, unless `what` names the text that
    goes there instead); the sentence that says what was written."""
    from pyanalysis.report import render_html, save_page  # the templates only when asked

    check_page_file(output, what)
    if output != "-":
        return save_page(report, output)
    click.echo(render_html(report), nl=False)
    return ""
