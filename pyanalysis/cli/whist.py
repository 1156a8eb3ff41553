"""`prefdd whist`: whist or pass, priced in vists.

Two views of one question (RULES.md §3–§4, `pyanalysis.analysis.whist`):

- a whole DEAL (three hands of ten, the declarer's after his discard): the open-card table,
  every whisting the rules allow with its double-dummy result and each player's value, and
  the way a rational table goes (backward induction), with what each defender's best other
  word would have cost him;
- one HAND of ten (a defender's, `--seat`, with the open `--talon`): the seat view, each of
  his words priced over the layouts he cannot see (a declarer model, a bidding filter, a
  seeded sample or every layout), the words compared on the same layouts.

`--json` prints the result's ``to_dict()``. Sampling draws a progress bar on a terminal, and
Ctrl-C stops it with one line.
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from fractions import Fraction
from typing import Callable, Iterator, Sequence

import click

from pyanalysis.analysis import WhistDecision, WhistTable, whist_decision, whist_table
from pyanalysis.analysis.sampling import DISCARD_MODELS, FILTERS
from pyanalysis.analysis.whist import HALF, PASS, RETURN, WHIST, WhistRow, defenders
from pyanalysis.diagram import draw_deal
from pyanalysis.progress import Progress
from pyanalysis.rules import RuleSet
from pyanalysis.scoring import DEALER

from .analysis import (
    count, declarer_option, emit, game_choice, game_text, hand_text, json_flag, line_lines,
    optional_cards, percent, read_deal_or_hand, say, table, words_text,
)
from .common import (
    COMMAND_SETTINGS, CliError, LongCommand, jobs_option, seat_name, seat_option,
    symbols_option, words_argument,
)
from .scoring import _knob, format_deal

__all__ = ["COMMANDS", "whist", "table_lines", "decision_lines"]

#: The examples of `--help` (each runs in a few seconds; tests run them verbatim).
EXAMPLE_DEAL = "K7.Q.AQJ987.J QJ.AKT8.T.AT9 AT98.9.K.KQ87 discard:-.J7.-.-"
EXAMPLE_HAND = "QJ.AKT8.T.AT9"
EXAMPLE_TALON = "7S JD"
DEFAULT_SAMPLES = 1000

#: How a word reads in a sentence ("passing instead of whisting").
GERUNDS = {WHIST: "whisting", PASS: "passing", HALF: "going half-whist",
           RETURN: "returning the whist"}
#: How a word reads as a verdict ("Whist: ...").
VERDICTS = {WHIST: "Whist", PASS: "Pass", HALF: "Half-whist", RETURN: "Return the whist"}
#: How a word reads in a list ("against -0.85 for pass").
NAMES = {WHIST: "whist", PASS: "pass", HALF: "half-whist", RETURN: "return"}

DOUBLE_DUMMY_TABLE = (
    "Open cards: every row with play is the double-dummy result, both defenders seeing all"
    " the cards. At the table they cannot see the declarer's hand, so for them these rows"
    " are the best they could do: an upper bound.")
DOUBLE_DUMMY_SEAT = (
    "play after the decision is double-dummy: it favours the defenders, who at the table"
    " cannot see the cards, so these numbers overstate the value of whisting (of every word"
    " that leads to play). How much depends on the hand: treat a small edge for whist with"
    " suspicion.")


def who(seat: int) -> str:
    """4 -> "dealer", 2 -> "2nd hand"."""
    return "dealer" if seat == DEALER else seat_name(seat)


def short(seat: int) -> str:
    """4 -> "dealer", 2 -> "2nd"."""
    return "dealer" if seat == DEALER else seat_name(seat).split()[0]


def signed(value: Fraction | float) -> str:
    """+14.67, -1.33, +0.00: vists to two decimals with their sign."""
    shown = f"{float(value):+.2f}"
    return "+0.00" if shown == "-0.00" else shown


def amount(value: Fraction | float) -> str:
    """A size in vists, without sign: 22.67."""
    return f"{abs(float(value)):.2f}"


def plus_minus(symbols: bool) -> str:
    return "±" if symbols else "+/-"


def rules_text(rules: RuleSet) -> str:
    """"sochi" or "sochi, changed: whist_split=gentleman"."""
    changed = rules.changed_from_preset()
    if not changed:
        return rules.name
    knobs = ", ".join(f"{k}={_knob(v)}" for k, v in changed.items())
    return f"{rules.name}, changed: {knobs}"


def make_rules(name: str | None, overrides: Sequence[str]) -> RuleSet:
    return RuleSet.preset(name or "sochi").with_strings(overrides)


# ----------------------------------------------------------------------------- open cards


def tricks_cell(row: WhistRow, declarer: int) -> str:
    """"1st 6, 2nd 4, 3rd 0" (two whisters), "1st 6, defence 4" (one whister), "no play"."""
    if not row.played or not row.tricks:
        return "no play"
    if len(row.tricks) == 1:
        return f"{short(declarer)} {row.tricks[declarer]}, defence {10 - row.tricks[declarer]}"
    return ", ".join(f"{short(s)} {n}" for s, n in sorted(row.tricks.items()))


def rows_table(result: WhistTable) -> list[str]:
    seats = sorted(result.rows[0].values)
    header = ["", "words", "said by", "tricks", "result", *(short(s) for s in seats)]
    rows = [header]
    for row in result.rows:
        mark = "*" if row == result.chosen else ""
        rows.append([mark, row.label, " ".join(short(s) for s in row.seats) or "-",
                     tricks_cell(row, result.declarer),
                     row.score.result, *(signed(row.values[s]) for s in seats)])
    first_value = len(header) - len(seats)
    return table(rows, right=range(first_value, len(header)))


def path_sentence(result: WhistTable) -> str:
    """"A rational table goes whist/pass: the 2nd hand whists, the 3rd hand passes; down 1."."""
    row = result.chosen
    verbs = {WHIST: "whists", PASS: "passes", HALF: "goes half-whist",
             RETURN: "returns the whist"}
    said = ", ".join(f"the {who(s)} {verbs[w]}" for w, s in zip(row.words, row.seats))
    return f"A rational table goes {row.label}: {said}; {row.score.result}."


def choice_lines(result: WhistTable) -> list[str]:
    """Each decision on the way, against the speaker's best other word."""
    lines = []
    words, seats = result.chosen.words, result.chosen.seats
    for k, choice in enumerate(result.path):
        others = {w: v for w, v in choice.values.items() if w != choice.word}
        if not others:
            continue
        alternative = max(others, key=lambda w: others[w])
        diff = others[alternative] - choice.values[choice.word]
        instead = f"{GERUNDS[alternative]} instead of {GERUNDS[choice.word]}"
        if diff < 0:
            effect = f"would have cost him {amount(diff)} vists"
        elif diff > 0:
            effect = f"would have gained him {amount(diff)} vists"
        else:
            effect = ("would have given him the same (on a tie he takes the word that commits"
                      " less)")
        after = ""
        if k and seats[:k].count(choice.seat):
            before = "/".join(words[:k])
            after = f" (after {before})"
        lines += say(f"{who(choice.seat).capitalize()}{after}: {instead} {effect}.")
    return lines


def table_lines(result: WhistTable, symbols: bool = True) -> list[str]:
    """The open-card table for people."""
    game = game_text(result.game, symbols)
    first, second = defenders(result.declarer)
    players = "3 players" if result.players == 3 else "4 players (the dealer sits out)"
    checked = not result.chosen.words
    need = result.game.level
    verdict = "made" if result.tricks >= need else f"down {need - result.tricks}"
    lines = [draw_deal(result.deal, symbols=symbols, declarer=result.declarer), ""]
    head = f"{game} by the {seat_name(result.declarer)}; rules: {rules_text(result.rules)}," \
           f" {players}."
    if checked:
        lines += say(f"{head} The tenner is checked: no whisting, all cards laid open.")
    else:
        lines += say(f"{head} The defenders speak in turn: the {seat_name(first)} first, then"
                     f" the {seat_name(second)}.")
        verdict += " if there is play"
    lines += say(f"Double-dummy, all cards open, the {seat_name(result.leader)} leading: the"
                 f" declarer takes {result.tricks} tricks ({verdict}).")
    split = ", ".join(f"{seat_name(s)} {n}" for s, n in sorted(result.split.items()))
    when = "The" if checked else "When both whist, the"
    lines += say(f"{when} defenders' tricks are taken as they fall along the principal line:"
                 f" {split}.")
    lines += ["", *say("Every whisting the rules allow, each player's value in vists"
                       " (* = the way a rational table goes):"), *rows_table(result), ""]
    if not checked and not result.path:
        lines += say("No choice: on six spades both defenders must whist (rule"
                     " six_spades_whist).")
    elif not checked:
        lines += say(path_sentence(result))
        lines += ["Each decision on the way, against the speaker's best other word:",
                  *["  " + line for line in choice_lines(result)]]
    score = format_deal(result.chosen.score)
    if not symbols:  # the score's title names the game with its suit symbol
        score[0] = score[0].replace(result.game.symbol(), str(result.game), 1)
    if lines[-1]:
        lines.append("")
    lines += [f"Score of {result.chosen.label}:", *score, ""]
    lines += line_lines(result.deal, result.line, result.game, symbols)
    lines += ["", *say(DOUBLE_DUMMY_TABLE)]
    return lines


# ----------------------------------------------------------------------------- seat view


def word_list(words: Sequence[str]) -> str:
    names = [NAMES[w] for w in words]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def question_lines(result: WhistDecision, symbols: bool) -> list[str]:
    game = game_text(result.game, symbols)
    first, second = defenders(result.declarer)
    seat, declarer = seat_name(result.seat), seat_name(result.declarer)
    words = word_list(list(result.options))
    if result.said_before:
        head = (f"The {seat_name(first)}, the first defender against {game} by the {declarer}"
                f" ({rules_text(result.rules)}), said {NAMES[result.said_before[0]]}; now the"
                f" {seat}, the second, decides: {words}?")
    else:
        head = (f"Whist or pass? The {seat}, the first defender against {game} by the"
                f" {declarer} ({rules_text(result.rules)}), speaks first: {words}?")
    talon = " ".join(c.symbol() if symbols else str(c) for c in result.talon)
    return [*say(head), "His cards:", "  " + hand_text(result.hand, symbols),
            f"The talon, open: {talon}."]


def model_lines(result: WhistDecision) -> list[str]:
    first, second = defenders(result.declarer)
    partner = second if result.seat == first else first
    level = result.game.level
    if result.discard_model == "dd":
        model = ("Declarer model: he discards the two of his twelve cards (his ten and the"
                 " talon) that give him the most double-dummy tricks (--discard dd).")
    elif result.discard_model == "low":
        model = ("Declarer model: he discards two low cards outside trumps, shortest suits"
                 " first (--discard low).")
    else:
        model = "Declarer model: a discard function given by the caller."
    if result.filter == "bid":
        kept = (f"Bidding filter: a layout is kept only if with that discard he takes at"
                f" least {level - 1} tricks double-dummy, the contract less one"
                f" (--filter bid).")
    elif result.filter == "none":
        kept = "Bidding filter: none, every layout is kept (--filter none)."
    else:
        kept = "Bidding filter: a function given by the caller."
    if result.said_before:
        partner_text = (f"The {seat_name(partner)} said {NAMES[result.said_before[0]]}"
                        f" (--partner); a return after a half-whist is decided with open"
                        f" cards in each layout.")
    elif result.partner == "open cards":
        partner_text = (f"The {seat_name(partner)}'s answer, and a return after it, are"
                        f" decided with open cards in each layout, each player taking the word"
                        f" best for himself.")
    else:
        partner_text = (f"The {seat_name(partner)} always answers {NAMES.get(result.partner, result.partner)}"
                        f" (--partner).")
    return [*say(model), *say(kept), *say(partner_text)]


def layouts_sentence(result: WhistDecision) -> str:
    share = percent(Fraction(result.kept, result.drawn)) if result.drawn else "-"
    if result.exact:
        return (f"Layouts: every one of the {count(result.drawn)} layouts of the unseen cards,"
                f" {count(result.kept)} kept by the filter ({share}): exact, no sampling"
                f" error.")
    seed = f"seed {result.seed}" if result.seed is not None else "no seed"
    return (f"Layouts: {count(result.drawn)} drawn at random, {count(result.kept)} kept"
            f" ({share}); {seed}. Every word is scored on the same layouts.")


def with_error(value: Fraction | float, se: float | None, symbols: bool,
               sign: bool = True) -> str:
    shown = signed(value) if sign else amount(value)
    return shown if se is None else f"{shown} {plus_minus(symbols)} {se:.2f}"


def ranked(result: WhistDecision) -> list[str]:
    """The words, best first (the order of the means; `best` first on a tie)."""
    return sorted(result.options, key=lambda w: (w != result.best,
                                                 -result.options[w].vists))


def options_table(result: WhistDecision, symbols: bool) -> list[str]:
    rows = [["word", "vists", "contract set", "vs best", "rows reached"]]
    for word in ranked(result):
        option = result.options[word]
        diff, se = result.paired[word]
        reached = ", ".join(f"{label} {n}" for label, n in
                            sorted(option.counts.items(), key=lambda kv: -kv[1]))
        rows.append([NAMES[word], with_error(option.vists, option.vists_se, symbols),
                     percent(option.set_probability),
                     "best" if word == result.best else with_error(diff, se, symbols),
                     reached])
    return table(rows, right=(1, 2, 3))


def verdict_lines(result: WhistDecision, symbols: bool) -> list[str]:
    best = result.options[result.best]
    others = [w for w in ranked(result) if w != result.best]
    head = (f"{VERDICTS[result.best]}: {with_error(best.vists, best.vists_se, symbols)} vists"
            f" against ")
    head += " and ".join(f"{signed(result.options[w].vists)} for {NAMES[w]}" for w in others)
    diffs = [with_error(-result.paired[w][0], result.paired[w][1], symbols, sign=False)
             for w in others]
    noun = "difference" if len(diffs) == 1 else "differences"
    layouts = "every layout" if result.exact else "same layouts"
    lines = say(f"{head} ({noun} {' and '.join(diffs)}, {layouts}).")
    runner = others[0]
    diff, se = result.paired[runner]
    if diff == 0:
        lines += say(f"A tie with {NAMES[runner]}: the word that commits less is shown first.")
    elif se is not None and -diff < 2 * se:
        lines += say(f"The difference to {NAMES[runner]} is within two standard errors:"
                     f" {count(result.kept)} layouts do not settle it (more --samples would).")
    elif se is not None:
        lines += say(f"The difference to {NAMES[runner]} is {-float(diff) / se:.1f} standard"
                     f" errors: not a sampling accident.")
    return lines


def decision_lines(result: WhistDecision, symbols: bool = True) -> list[str]:
    """The seat view for people."""
    lines = [*question_lines(result, symbols), "", *model_lines(result),
             *say(layouts_sentence(result)), ""]
    lines += say("His words, each priced in vists over the layouts kept ('contract set': the"
                 " share in which the declarer goes down; 'vs best': the difference to the"
                 " best word on the same layouts, with its own standard error):")
    lines += [*options_table(result, symbols), "", *verdict_lines(result, symbols), ""]
    lines += say(f"Note: {DOUBLE_DUMMY_SEAT}")
    return lines


# ----------------------------------------------------------------------------- the command


def parse_samples(text: str | None) -> int | str:
    """``--samples``: a positive whole number, or "all"."""
    if text is None:
        return DEFAULT_SAMPLES
    word = text.strip().lower()
    if word == "all":
        return "all"
    if word.isascii() and word.isdigit() and int(word) > 0:
        return int(word)
    raise CliError(f"--samples '{text}': a positive number of layouts, or 'all'")


@contextmanager
def drawing_bar(total: int | None) -> Iterator[Callable[[int], None]]:
    """A progress bar counting the layouts drawn (drawn only on a terminal)."""
    with Progress(total, desc="drawing", unit=" layouts") as bar:
        yield bar.update


@click.command("whist", cls=LongCommand, context_settings=COMMAND_SETTINGS,
               short_help="Whist or pass, priced in vists: open cards, or from his seat.",
               epilog=f"""\b
Example:
  prefdd whist "{EXAMPLE_DEAL}" --game 7D --declarer 1
  prefdd whist "{EXAMPLE_DEAL}" -g 7D --declarer 1 --rules leningrad --json
  prefdd whist {EXAMPLE_HAND} -g 7D --declarer 1 --seat 2 --talon "{EXAMPLE_TALON}" --samples 200
  prefdd whist AT98.9.K.KQ87 -g 7D --declarer 1 --seat 3 --partner pass --talon "{EXAMPLE_TALON}" --samples 100 --seed 1
""")
@words_argument("deal_or_hand", "DEAL_OR_HAND")
@game_choice("The contract: 6S … 10NT (also 7♥, 6БК).")
@declarer_option
@click.option("--rules", "rules_name", default=None, metavar="PRESET",
              help="Rule set: sochi (default), leningrad or rostov.")
@click.option("--rule", "rule_overrides", multiple=True, metavar="KEY=VALUE",
              help="Change one knob of the rule set, e.g. --rule whist_split=gentleman"
                   " (repeatable; see docs/rules.md).")
@click.option("--players", type=click.IntRange(3, 4), default=None, metavar="3|4",
              help="Deal: three players (default) or four, the dealer sitting out.")
@seat_option("seat", "Hand: the defender who decides (the 1st or 2nd after the declarer).")
@click.option("--talon", metavar="CARDS", default=None,
              help="Hand: the two talon cards, open to all (\"AD QD\"). Required for a hand.")
@click.option("--partner", metavar="WORD", default=None,
              help="Hand: when the second defender decides, the first's word (required);"
                   " when the first decides, the second's fixed answer (default: decided"
                   " with open cards in each layout). whist, pass, half or return.")
@click.option("--samples", metavar="N|all", default=None,
              help=f"Hand: layouts to keep (default {DEFAULT_SAMPLES}), or 'all' for every"
                   f" layout (exact, slow).")
@click.option("--seed", type=click.IntRange(min=0), default=None, metavar="S",
              help="Hand: seed of the sample (default 0), so that a run can be repeated.")
@click.option("--filter", "filter_name", type=click.Choice(FILTERS), default=None,
              help="Hand: 'bid' keeps the layouts where the declarer takes at least the"
                   " contract less one double-dummy (default); 'none' keeps every layout.")
@click.option("--discard", "discard_model", type=click.Choice(DISCARD_MODELS), default=None,
              help="Hand: the declarer's discard: 'dd' the best double-dummy one (default),"
                   " 'low' two low cards outside trumps.")
@jobs_option
@symbols_option
@json_flag
def whist(deal_or_hand: tuple[str, ...], game: str, declarer: int, rules_name: str | None,
          rule_overrides: tuple[str, ...], players: int | None, seat: int | None,
          talon: str | None, partner: str | None, samples: str | None, seed: int | None,
          filter_name: str | None, discard_model: str | None, jobs: int | None,
          ascii_only: bool, as_json: bool) -> None:
    """Whist or pass (RULES.md §3), priced in vists under the table's rules.

    A DEAL (three hands of ten, the declarer's after his discard) gives the open-card
    table: every whisting the rules allow (whist/pass, pass/half/return, ...), its
    double-dummy result and each player's value in vists, the way a rational table goes
    (backward induction; on a tie a player takes the word that commits less) and what each
    defender's best other word would have cost him.

    A HAND (a defender's ten cards, with --seat and --talon) gives the seat view: each of his
    words priced over the layouts he cannot see, the declarer's discard chosen by a model and
    the layouts kept by a bidding filter, all words scored on the same layouts. Play after
    the decision is double-dummy, which favours the defenders: it overstates whisting.
    """
    symbols = not ascii_only
    the_deal, hand = read_deal_or_hand(words_text(deal_or_hand))
    rules = make_rules(rules_name, rule_overrides)
    if the_deal is not None:
        for name, given in (("--seat", seat), ("--talon", talon), ("--partner", partner),
                            ("--samples", samples), ("--seed", seed),
                            ("--filter", filter_name), ("--discard", discard_model),
                            ("--jobs", jobs)):
            if given is not None:
                raise CliError(f"{name} is for a single hand (the seat view); a deal is priced"
                               f" with all cards open")
        result = whist_table(the_deal, game, declarer, rules=rules, players=players or 3)
        if as_json:
            emit(result)
            return
        for line in table_lines(result, symbols):
            click.echo(line)
        return
    assert hand is not None
    if players == 4:
        raise CliError("--players 4 is for a deal; the seat view is priced for three players")
    if seat is None:
        first, second = defenders(declarer)
        raise CliError(f"a hand needs --seat: the defender who decides ({first} or {second})")
    if seat == defenders(declarer)[1] and partner is None:
        raise CliError(f"the {seat_name(seat)} is the second defender and decides after the"
                       f" first: give the first defender's word, e.g. --partner pass")
    talon_cards = optional_cards(talon, "--talon")
    if talon_cards is None:
        raise CliError("a hand needs the open talon: --talon CARDS, e.g. --talon \"AD QD\"")
    how_many = parse_samples(samples)
    if how_many == "all" and seed is not None:
        raise CliError("--seed is for sampling; --samples all takes every layout")
    total = math.comb(20, 10) if how_many == "all" else None
    with drawing_bar(total) as progress:
        result = whist_decision(hand, game, declarer, seat, talon=list(talon_cards),
                                rules=rules, partner=partner, samples=how_many,
                                seed=0 if seed is None else seed,
                                filter=filter_name or "bid", discard=discard_model or "dd",
                                jobs=jobs, progress=progress)
    if as_json:
        emit(result)
        return
    for line in decision_lines(result, symbols):
        click.echo(line)


COMMANDS = [whist]
