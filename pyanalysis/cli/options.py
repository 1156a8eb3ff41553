"""Every option and argument the `prefdd` commands share, declared once, and the click types
that read their values: card sets, the deal-or-hand argument, seat maps, `N|all` samples.

A type's bad value ends as the same one-line error as any other bad input (`CliError`).
"""
from __future__ import annotations

from typing import Any, Callable, Sequence, TypeVar

import click

import pyanalysis as pa
from pyanalysis import registry
from pyanalysis.analysis.layouts import MAX_DRAWS
from pyanalysis.analysis.sampling import DISCARD_MODELS, FILTERS
from pyanalysis.errors import CardCountError
from solver.position import TALON_RULES

from .common import DEAL_MARK, CliError, card_set

F = TypeVar("F", bound=Callable[..., Any])
Decorator = Callable[[F], F]

JSON_HELP = "Print JSON instead of text."
TO_DICT_HELP = "Print the result as JSON (its to_dict())."
PRESETS = ("sochi", "leningrad", "rostov")


def _one_line(error: ValueError) -> CliError:
    return CliError(" ".join(str(error).split()))


# ----------------------------------------------------------------------------- types


class CardsType(click.ParamType):
    """Cards one after another (``"KD QD"``) or as a hand (``-.-.KQ.-``), read as a `Hand`;
    given but empty is an error. `two`: the example of a two-card set, which must have two."""

    name = "cards"

    def __init__(self, two: str | None = None) -> None:
        self.two = two

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, pa.Hand):
            return value
        what = param.opts[0] if param is not None else "cards"
        if not value.strip():
            raise CliError(f"{what} is empty: give the cards, e.g. {what} \"KD QD\"")
        try:
            cards = card_set(value, what)
        except ValueError as error:
            raise _one_line(error) from None
        if self.two is not None and len(cards) != 2:
            # One card is most often the first of two typed unquoted: the shell splits them
            # and the second is read as a word of the hand.
            if len(cards) == 1:
                raise CliError(f"{what} '{value}': two cards, quoted, e.g. {what} "
                               f"\"{self.two}\" (unquoted, the second is read as a word of"
                               f" the hand)")
            raise CliError(f"{what} '{value}': two cards, e.g. {what} \"{self.two}\"")
        return cards


class SamplesType(click.ParamType):
    """``--samples``: a positive whole number of layouts, or "all"."""

    name = "samples"

    def __init__(self, option: str = "--samples") -> None:
        self.option = option

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, int) or value == "all":
            return value
        word = value.strip().lower()
        if word == "all":
            return "all"
        if word.isascii() and word.isdigit() and int(word) > 0:
            return int(word)
        raise CliError(f"{self.option} '{value}': a positive number of layouts, or 'all'")


class DrawType(click.ParamType):
    """``--draw``: the most layouts a seat view draws, a whole number 1..`MAX_DRAWS`."""

    name = "draw"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        word = str(value).strip()
        if word.isascii() and word.isdigit() and 0 < int(word) <= MAX_DRAWS:
            return int(word)
        raise CliError(f"--draw '{value}': the most layouts to draw, a whole number from 1 to"
                       f" {MAX_DRAWS:,} (MAX_DRAWS)")


class RegistryType(click.ParamType):
    """An option read as the registry reads it (`registry.read_value`), so that the command
    line, the page and batch cannot read one value two ways."""

    def __init__(self, command: str, name: str) -> None:
        self.option = next(o for o in registry.analysis(command).options if o.name == name)
        self.name = self.option.type

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return registry.read_value(self.option, value, self.option.cli)
        except registry.OptionError as error:
            raise CliError(str(error)) from None


class WhistWordType(click.ParamType):
    """A whist word (whist, pass, half, return; Russian too), in its canonical form."""

    name = "word"

    def __init__(self, option: str) -> None:
        self.option = option

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return pa.scoring.whist_word(value)
        except ValueError:
            raise CliError(f"{self.option} '{value}': a whist word: whist, pass, half or"
                           f" return (вист, пас, полвиста)") from None


class SeatWordsType(click.ParamType):
    """``--whist "2=whist,3=pass"``: each defender's word, as {seat: word}."""

    name = "words"
    WORDS = ("whist", "pass", "half", "return")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, dict):
            return value
        words: dict[int, str] = {}
        for item in value.replace(";", ",").split(","):
            if not item.strip():
                continue
            seat, _, word = item.partition("=")
            seat, word = seat.strip(), word.strip().lower()
            if seat not in ("1", "2", "3") or word not in self.WORDS:
                raise CliError(f"--whist '{value}': give each defender's word as SEAT=WORD,"
                               f" e.g. \"2=whist,3=pass\" (words: {', '.join(self.WORDS)})")
            words[int(seat)] = word
        return words


class SeatCardsType(click.ParamType):
    """``--known "3=AS KS"``: cards known to lie in a seat's hand, as (seat, `Hand`)."""

    name = "seat=cards"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        what = param.opts[0] if param is not None else "--known"
        seat, sep, cards = value.partition("=")
        if not sep or seat.strip() not in ("1", "2", "3") or not cards.strip():
            raise CliError(f"{what} '{value}': give SEAT=CARDS, e.g. {what} \"3=AS KS\"")
        try:
            return int(seat), card_set(cards, what)
        except ValueError as error:
            raise _one_line(error) from None


def parse_seat_map(text: str | None, what: str, numbers: bool) -> dict[int, str]:
    """Read `1=6,2=3` (or `6 3 1`, seats in order, for numbers) into {seat: text}."""
    if not text:
        return {}
    parts = [p for p in text.replace(",", " ").split() if p]
    result: dict[int, str] = {}
    for index, part in enumerate(parts, 1):
        seat_text, sep, value = part.partition("=")
        if not sep:
            if not numbers:
                raise CliError(f"{what} '{part}': write SEAT=WORD, e.g. 2=whist")
            seat_text, value = str(index), part
        if seat_text not in ("1", "2", "3", "4"):
            raise CliError(f"{what} '{part}': seat '{seat_text}' is not 1, 2, 3 or 4")
        if int(seat_text) in result:
            raise CliError(f"{what} '{part}': seat {seat_text} given twice")
        result[int(seat_text)] = value
    return result


# ----------------------------------------------------------------------------- arguments


def _is_short_option(word: str) -> bool:
    return len(word) > 1 and word[0] == "-" and word[1].isalpha() and "." not in word


def _reject_options_in_deal(ctx: click.Context, param: click.Parameter,
                            value: tuple[str, ...]) -> tuple[str, ...]:
    # The deal may be typed unquoted, and a void hand starts with "-" ("-.J87.AKQJ.T87"), so
    # commands take unknown options as deal words. A word starting "--" is a mistyped option,
    # and so is "-" then a letter without a dot: no hand, talon or void mark looks like that.
    value = tuple(word[1:] if word.startswith(DEAL_MARK + "-") else word for word in value)
    for word in value:
        if word == "--sample" or word.startswith("--sample="):
            raise CliError("--sample is now --samples: give --samples N")
        if (word.startswith("--") and len(word) > 2) or _is_short_option(word):
            raise click.UsageError(f"No such option: {word.split('=')[0]}", ctx=ctx)
    return value


def words_argument(name: str = "deal", metavar: str | None = None) -> Decorator:
    """A positional argument typed quoted or as separate words, like DEAL: a deal, a hand."""
    return click.argument(name, nargs=-1, required=True, metavar=metavar,
                          callback=_reject_options_in_deal)


def words_text(words: Sequence[str]) -> str:
    """The words of a positional argument as one text; none is an error."""
    text = " ".join(words).strip()
    if not text:
        raise CliError("no cards given")
    return text


def read_hand(words: Sequence[str]) -> pa.Hand:
    """HAND: the declarer's cards."""
    return card_set(words_text(words), "hand")


def read_deal_or_hand(words: Sequence[str]) -> tuple[pa.Deal | None, pa.Hand | None]:
    """DEAL_OR_HAND: a deal if it reads as one, else the one hand."""
    text = words_text(words)
    try:
        return pa.Deal.parse(text), None
    except ValueError as deal_error:
        try:
            return None, card_set(text, "hand")
        except ValueError as hand_error:
            if isinstance(deal_error, CardCountError) and "expected 3 hands" in str(deal_error):
                raise hand_error from None  # one hand, mistyped
            raise deal_error from None


def refuse_with_deal(view: str, **given: Any) -> None:
    """The options of the one-hand view given with a whole deal: the first one named in an
    error (`view` says how the deal is answered instead). Keys are option names, with _."""
    for name, value in given.items():
        if value is not None and value != ():
            raise CliError(f"--{name.replace('_', '-')} is for a single hand{view}")


# ----------------------------------------------------------------------------- options


def game_option(help: str = "The game: 8S, 6NT, 10H, misere, raspasy (also 8♠, 6БК, мизер,"
                            " распасы).", required: bool = True) -> Decorator:
    """``--game/-g``: the game, with a help text naming the games the command asks about."""
    # No default given: click 8.3+ takes an explicit None as a value, not as missing.
    return click.option("--game", "-g", required=required, metavar="GAME", help=help)


def seat_option(name: str, help: str, default: int | None = None,
                required: bool = False) -> Decorator:
    """An option naming a seat 1, 2 or 3."""
    given_default = {} if default is None else {"default": default, "show_default": True}
    return click.option(f"--{name}", type=click.IntRange(1, 3), required=required,
                        metavar="SEAT", help=help, **given_default)


def declarer_option(required: bool = True) -> Decorator:
    """``--declarer SEAT``."""
    return seat_option("declarer", "The declarer's seat: 1, 2 or 3.", required=required)


def leader_option(help: str = "The seat that leads to the first trick.") -> Decorator:
    """``--leader SEAT``, the 1st hand by default."""
    return seat_option("leader", help, default=1)


def talon_rule_option() -> Decorator:
    """``--talon-rule``: how the talon plays in raspasy."""
    return click.option(
        "--talon-rule", type=click.Choice(TALON_RULES), default=None,
        help="Raspasy talon: 'suit' (sets the suit of tricks 1-2), 'card' (played into them)"
             " or 'none'. Default: 'suit' for a full deal with a talon; 'none' for an"
             " ending (its talon tricks are over unless a rule is given).")


def played_option(help: str) -> Decorator:
    """``--played CARDS``: cards already played to the current trick."""
    return click.option("--played", metavar="CARDS", default=None, help=help)


def rules_option(help: str, choice: bool = False) -> Decorator:
    """``--rules PRESET``: a rule set by name (`choice`: only the presets are accepted)."""
    return click.option("--rules", "rules_name", default=None, metavar="PRESET",
                        type=click.Choice(PRESETS) if choice else None, help=help)


def rule_option(help: str = "Change one knob of the rule set (implies pricing;"
                            " repeatable).") -> Decorator:
    """``--rule KEY=VALUE``, repeatable: one knob of the rule set changed."""
    return click.option("--rule", "rule_overrides", multiple=True, metavar="KEY=VALUE",
                        help=help)


def rules_options(rules_help: str, rule_help: str = "Change one knob of the rule set (implies"
                                                   " pricing; repeatable).",
                  choice: bool = False) -> Decorator:
    """``--rules PRESET`` and ``--rule KEY=VALUE``."""
    def decorate(func: F) -> F:
        return rules_option(rules_help, choice)(rule_option(rule_help)(func))
    return decorate


def question(name: str, metavar: str, game_help: str | None = None) -> Decorator:
    """What a question is about: the positional cards (NAME, typed quoted or as words), the
    game (``--game``, when `game_help` says which) and the declarer (``--declarer``)."""
    def decorate(func: F) -> F:
        func = declarer_option()(func)
        if game_help is not None:
            func = game_option(game_help)(func)
        return words_argument(name, metavar)(func)
    return decorate


def json_option(help: str = JSON_HELP) -> Decorator:
    """``--json``: machine-readable output."""
    return click.option("--json", "as_json", is_flag=True, help=help)


def symbols_option() -> Decorator:
    """``--ascii``: letters instead of suit symbols, for terminals without them."""
    return click.option("--ascii", "ascii_only", is_flag=True,
                        help="Plain ASCII diagram (S C D H) instead of suit symbols.")


def jobs_option(help: str = "Threads (default: one per core).") -> Decorator:
    """``--jobs/-j``: threads (or processes) for a long count."""
    return click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, metavar="N",
                        help=help)


def answer_options(json_help: str = TO_DICT_HELP, jobs: bool = False) -> Decorator:
    """``--ascii`` and ``--json`` (and ``--jobs`` first, for a long count): how an answer is
    printed."""
    def decorate(func: F) -> F:
        func = symbols_option()(json_option(json_help)(func))
        return jobs_option()(func) if jobs else func
    return decorate


def count_option(name: str, metavar: str, help: str) -> Decorator:
    """An optional whole number of tricks (``--target T``, ``--bid K``)."""
    return click.option(f"--{name}", type=int, default=None, metavar=metavar, help=help)


def html_option(help: str) -> Decorator:
    """``--html FILE``: the answer also written as a page."""
    return click.option("--html", "html_file", metavar="FILE", default=None, help=help)


def cards_option(name: str, help: str, two: str | None = None) -> Decorator:
    """An option holding a set of cards (``--out``, ``--others``, ``--talon``)."""
    return click.option(f"--{name}", metavar="CARDS", default=None, type=CardsType(two),
                        help=help)


def out_option() -> Decorator:
    """``--out``: the declarer's discard."""
    return cards_option("out", "The declarer's discard, out of play (\"KD QD\" or -.-.KQ.-),"
                               " for a ten-card hand. Without it a twelve-card hand (hand and"
                               " talon) is tried with every distinct discard.")


def others_option(help: str = "The cards the two other seats hold between them (default: the"
                              " rest of the deck less --out); fewer cards make an ending."
                  ) -> Decorator:
    """``--others``: the cards of the two other seats."""
    return cards_option("others", help)


def samples_options(samples: str, seed: str, every: bool = False) -> Decorator:
    """``--samples N --seed S`` (`every`: ``--samples all`` too, for every layout).

    The old spelling ``--sample`` is refused with a message naming ``--samples``."""
    def decorate(func: F) -> F:
        func = click.option("--seed", type=click.IntRange(min=0), default=None, metavar="S",
                            help=seed)(func)
        return click.option("--samples", type=SamplesType() if every else click.IntRange(min=1),
                            default=None, metavar="N|all" if every else "N", help=samples)(func)
    return decorate


def fixed_option() -> Decorator:
    """``--fixed``: count exactly ``--samples`` layouts instead of stopping once settled."""
    return click.option("--fixed", is_flag=True, default=False,
                        help="Count exactly --samples layouts (default: stop as soon as the"
                             " best answer is settled, at most --samples; docs/cli.md).")


def check_sampling(samples: int | str | None, seed: int | None,
                   sampled: bool = False, draw: int | None = None, fixed: bool = False) -> None:
    """A seed (a ``--draw`` limit, ``--fixed``) without sampling is a mistake, said in one
    line (`sampled`: the question samples layouts unless ``--samples all`` is given)."""
    if draw is not None and samples == "all":
        raise CliError("--draw is for sampling; --samples all takes every layout once")
    if fixed and samples is None and not sampled:
        raise CliError("--fixed is for sampling: give --samples N too")
    if seed is None:
        return
    if samples is None and not sampled:
        raise CliError("--seed is for sampling: give --samples N too")
    if samples == "all":
        raise CliError("--seed is for sampling; --samples all takes every layout")


def seat_view_options(filter_help: str, discard_help: str) -> Decorator:
    """``--filter`` and ``--discard``: the bidding filter and the declarer's discard model;
    ``--draw N``: the most layouts drawn to keep the ones asked."""
    def decorate(func: F) -> F:
        func = click.option("--draw", "draw", type=DrawType(), default=None, metavar="N",
                            help="Hand: draw at most N layouts to keep the --samples asked"
                                 f" (default: until they are kept, or {MAX_DRAWS:,} drawn);"
                                 " the headline says when fewer were kept.")(func)
        func = click.option("--discard", "discard_model", type=click.Choice(DISCARD_MODELS),
                            default=None, help=discard_help)(func)
        return click.option("--filter", "filter_name", type=click.Choice(FILTERS),
                            default=None, help=filter_help)(func)
    return decorate


def given(**options: Any) -> dict[str, Any]:
    """The options the user gave (None: left to the library function's default)."""
    return {name: value for name, value in options.items() if value is not None}


def check_options(command: str, **values: Any) -> None:
    """The registry's check of the analysis `command`'s options (`registry.Analysis.check`),
    its message naming each option as the command line spells it. `values`: by the options'
    names (the library's parameters), None for an option not given."""
    entry = registry.analysis(command)
    if entry.check is None:
        return
    flags = {option.name: option.cli for option in entry.options}
    try:
        entry.check(values, lambda name: flags.get(name, "--" + name.replace("_", "-")))
    except registry.OptionError as error:
        raise CliError(str(error)) from None
