"""What every `prefdd` subcommand shares: the deal argument, game and seat options, one-line
errors, JSON output, and the words used to name seats and show cards.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Sequence, TypeVar

import click

import pyanalysis as pa
from pyanalysis.diagram import SEAT_NAMES
from pyanalysis.errors import DuplicateCardError, NotationError, one_line
from pyanalysis.solving import TALON_RULES

__all__ = [
    "COMMAND_SETTINGS",
    "Command",
    "CliError",
    "LongCommand",
    "card_set",
    "card_text",
    "deal_argument",
    "emit_json",
    "format_cards",
    "game_option",
    "jobs_option",
    "json_option",
    "parse_cards",
    "parse_deal",
    "parse_game",
    "sample_options",
    "seat_name",
    "seat_option",
    "symbols_option",
    "talon_rule_option",
    "words_argument",
]

F = TypeVar("F", bound=Callable[..., Any])



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


def _usage_message(exc: click.UsageError, fallback: str) -> str:
    message = " ".join(exc.format_message().split())
    command = exc.ctx.command_path if exc.ctx is not None else fallback
    return f"{message} (see '{command} --help')"


# ----------------------------------------------------------------------------- parameters


_DEAL_MARK = "\x00"  # cannot occur in a real command line argument


def _is_dashed_deal_word(word: str) -> bool:
    return len(word) > 1 and word[0] == "-" and word[1] != "-" and "." in word


def _reject_options_in_deal(ctx: click.Context, param: click.Parameter,
                            value: tuple[str, ...]) -> tuple[str, ...]:
    # The deal may be typed unquoted, and a void hand starts with "-" ("-.J87.AKQJ.T87"), so
    # commands take unknown options as deal words. A word starting "--" is a mistyped option,
    # and so is "-" then a letter without a dot: no hand, talon or void mark looks like that.
    value = tuple(word[1:] if word.startswith(_DEAL_MARK + "-") else word for word in value)
    for word in value:
        if (word.startswith("--") and len(word) > 2) or _is_short_option(word):
            raise click.UsageError(f"No such option: {word.split('=')[0]}", ctx=ctx)
    return value


def _is_short_option(word: str) -> bool:
    return len(word) > 1 and word[0] == "-" and word[1].isalpha() and "." not in word


def deal_argument(func: F) -> F:
    """The DEAL argument: the one-line deal, quoted or as separate words."""
    return click.argument("deal", nargs=-1, required=True, callback=_reject_options_in_deal)(func)


def words_argument(name: str, metavar: str) -> Callable[[F], F]:
    """A positional argument typed quoted or as separate words, like DEAL: a deal, a hand."""
    return click.argument(name, nargs=-1, required=True, metavar=metavar,
                          callback=_reject_options_in_deal)


def game_option(func: F) -> F:
    """``--game/-g``: the game to solve (8S, 6NT, misere, raspasy; Russian names too)."""
    return click.option(
        "--game", "-g", required=True, metavar="GAME",
        help="The game: 8S, 6NT, 10H, misere, raspasy (also 8♠, 6БК, мизер, распасы).",
    )(func)


def seat_option(name: str, help_text: str, default: int | None = None) -> Callable[[F], F]:
    """An option naming a seat 1, 2 or 3."""
    return click.option(f"--{name}", type=click.IntRange(1, 3), default=default,
                        show_default=default is not None, metavar="SEAT", help=help_text)


def talon_rule_option(func: F) -> F:
    """``--talon-rule``: how the talon plays in raspasy."""
    return click.option(
        "--talon-rule", type=click.Choice(TALON_RULES), default=None,
        help="Raspasy talon: 'suit' (sets the suit of tricks 1-2), 'card' (played into them)"
             " or 'none'. Default: 'suit' for a full deal with a talon; 'none' for an"
             " ending (its talon tricks are over unless a rule is given).",
    )(func)


def json_option(func: F) -> F:
    """``--json``: machine-readable output."""
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")(func)


def symbols_option(func: F) -> F:
    """``--ascii``: letters instead of suit symbols, for terminals without them."""
    return click.option("--ascii", "ascii_only", is_flag=True,
                        help="Plain ASCII diagram (S C D H) instead of suit symbols.")(func)


def jobs_option(func: F) -> F:
    """``--jobs/-j``: threads for a long count."""
    return click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, metavar="N",
                        help="Threads (default: one per core).")(func)


def sample_options(func: F) -> F:
    """``--sample N --seed S``: solve N layouts drawn at random instead of all of them."""
    func = click.option("--seed", type=click.IntRange(min=0), default=None, metavar="S",
                        help="Seed of the sample (with --sample), so that a run can be"
                             " repeated.")(func)
    return click.option("--sample", type=click.IntRange(min=1), default=None, metavar="N",
                        help="Solve N layouts drawn at random (an estimate with its 95%"
                             " interval) instead of every layout.")(func)


#: Settings of the commands that take a DEAL: its words may start with "-" (a void hand).
COMMAND_SETTINGS = {"ignore_unknown_options": True}


# ----------------------------------------------------------------------------- parsing


def parse_deal(words: Sequence[str]) -> pa.Deal:
    """The deal from the DEAL words."""
    return pa.Deal.parse(" ".join(words))


def parse_game(text: str) -> pa.Game:
    """The game from ``--game``."""
    return pa.Game.parse(text)


def parse_cards(text: str | None, what: str = "--played") -> list[pa.Card]:
    """Cards written one after another: ``"AS KS"``, ``"AS,KS"``, ``"♠A ♠K"``.

    None (the option not given) is no cards; an option given with no card in it (``""``,
    ``",,,"``) is an error, never read as none. `what` names the option in messages.
    """
    if text is None:
        return []
    _require_cards(text, what)
    return [pa.Card.parse(word) for word in text.replace(",", " ").split()]


def _require_cards(text: str, what: str) -> None:
    if not text.replace(",", " ").split():
        raise NotationError(
            f"{what} is given but holds no cards ('{text}'): give cards like \"AS KS\", or "
            f"leave {what} out")


def card_set(text: str, what: str) -> pa.Hand:
    """Cards one after another (``"KD QD"``, ``"K♦,Q♦"``) or as a hand (``-.-.KQ.-``,
    ``♦KQ``); `what` names them in error messages. Text with no card and no hand in it
    (``""``, ``",,,"``) is an error; ``-.-.-.-`` is an empty hand written out."""
    _require_cards(text, what)
    try:
        cards = parse_cards(text, what)
    except ValueError as cards_error:
        try:
            return pa.Hand.parse(text, what)
        except ValueError as hand_error:
            words = text.replace(",", " ").split()
            if "." not in text and words and all(len(word) <= 3 for word in words):
                raise cards_error from None  # cards one after another, one of them wrong
            raise hand_error from None
    twice = sorted({card for card in cards if cards.count(card) > 1})
    if twice:
        raise DuplicateCardError(f"card {twice[0]} given twice in {what} '{text.strip()}'")
    return pa.Hand.from_cards(cards)


# ----------------------------------------------------------------------------- output


def emit_json(data: Any) -> None:
    """Print `data` as strict JSON (stable key order, cards as "AS"; never NaN or Infinity)."""
    click.echo(json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False))


def seat_name(seat: int) -> str:
    """1 -> "1st hand"."""
    return SEAT_NAMES[seat]


def card_text(card: pa.Card, symbols: bool = True) -> str:
    """A card for people: ``A♠`` (or ``AS`` without symbols)."""
    return card.symbol() if symbols else str(card)


def format_cards(cards: Iterable[pa.Card], symbols: bool = True) -> str:
    """Cards separated by spaces."""
    return " ".join(card_text(card, symbols) for card in cards)
