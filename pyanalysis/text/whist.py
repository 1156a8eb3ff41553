"""Whist or pass for people (`prefdd whist`): the open-card table of every whisting, and a
defender's seat with each of his words priced over the layouts."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from pyanalysis.analysis import WhistDecision, WhistTable
from pyanalysis.analysis.whist import HALF, PASS, RETURN, WHIST, WhistRow, defenders
from pyanalysis.diagram import draw_deal

from .lines import line_lines
from .scoring import format_deal
from .words import (
    amount, count, either, game_text, hand_text, more_samples_words, noise_words, percent,
    rules_text, sampled_sentence, say, FILTER_MODELS, seat_filter_text, seat_name, short, signed,
    table, who, with_error,
)

__all__ = ["decision_lines", "layouts_sentence", "table_lines"]

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
    if result.split:
        lines += say(split_sentence(result, checked))
    lines += ["", *say("Every whisting the rules allow, each player's value in vists"
                       " (* = the way a rational table goes):"), *rows_table(result), ""]
    if not checked and not result.path:
        lines += say("No choice: on six spades both defenders must whist (rule"
                     " six_spades_whist).")
    elif not checked:
        lines += say(path_sentence(result))
        lines += ["Each decision on the way, against the speaker's best other word:",
                  *["  " + line for line in choice_lines(result)]]
    if lines[-1]:
        lines.append("")
    for turn in result.turns or []:
        lines += say(turn_sentence(turn, result))
    if lines[-1]:
        lines.append("")
    lines += [f"Score of {result.chosen.label}:",
              *score_block(result.chosen.score, result, symbols), ""]
    lines += line_lines(result.deal, result.line, result.game, symbols)
    lines += ["", *say(DOUBLE_DUMMY_TABLE)]
    return lines


def split_sentence(result: WhistTable, checked: bool) -> str:
    """How the defence's tricks are split when both play for themselves: each defender's
    range and the split priced."""
    ranges = ", ".join(f"the {seat_name(s)} {_range(lo, hi)}"
                       for s, (lo, hi) in sorted((result.shares or {}).items()))
    split = ", ".join(f"{seat_name(s)} {n}" for s, n in sorted(result.split.items()))
    when = "With the tenner checked" if checked else "When both whist"
    return (f"{when}, each defender's own tricks count. Holding the declarer to"
            f" {result.tricks}, the defence can give {ranges}, the other the rest; every"
            f" player is priced at one split, the one best for the two defenders together"
            f" (ties: the most even): {split}.")


def turn_sentence(turn: Any, result: WhistTable) -> str:
    """"Had the 3rd hand ended with 1 trick when both whist, he would pass rather than whist."."""
    tricks = "trick" if turn.share == 1 else "tricks"
    return (f"Had the {seat_name(turn.seat)} ended with {turn.share} {tricks} when both whist"
            f" (the other end of his range), he would {NAMES[turn.word]} rather than"
            f" {NAMES[turn.instead]}.")


def _range(low: int, high: int) -> str:
    return f"{low}" if low == high else f"{low} to {high}"


def score_block(score: Any, result: WhistTable, symbols: bool) -> list[str]:
    """A deal's score as `format_deal` draws it, the game named without symbols if asked."""
    lines = format_deal(score)
    if not symbols:  # the score's title names the game with its suit symbol
        lines[0] = lines[0].replace(result.game.symbol(), str(result.game), 1)
    return lines


# ----------------------------------------------------------------------------- seat view


def word_list(words: Sequence[str]) -> str:
    return either([NAMES[w] for w in words])


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
    if result.filter == "dd":
        kept = (f"Bidding filter: a layout is kept only if with that discard he takes at"
                f" least {level - 1} tricks double-dummy, the contract less one"
                f" (--filter dd).")
    elif result.filter == "seat":
        kept = seat_filter_text(result.game)
    elif result.filter == "none":
        kept = "Bidding filter: none, every layout is kept (--filter none)."
    else:
        kept = "Bidding filter: a function given by the caller."
    seat_note = (f" from his own seat (his cards, the talon and the words said; over"
                 f" {count(result.partner_samples) if isinstance(result.partner_samples, int) else 'every one of the'}"
                 f" layouts he cannot see)")
    later = ("decided" + seat_note if result.answers == "seat"
             else "decided with open cards in each layout")
    if result.said_before:
        partner_text = (f"The {seat_name(partner)} said {NAMES[result.said_before[0]]}"
                        f" (--partner); a return after a half-whist is {later}.")
    elif result.partner == "seat":
        partner_text = (f"The {seat_name(partner)}'s answer, and a return after it, are"
                        f" decided{seat_note} (--partner seat).")
    elif result.partner == "open":
        partner_text = (f"The {seat_name(partner)}'s answer, and a return after it, are"
                        f" decided with open cards in each layout, each player taking the word"
                        f" best for himself (--partner open).")
    else:
        partner_text = (f"The {seat_name(partner)} always answers {NAMES.get(result.partner, result.partner)}"
                        f" (--partner); a return is {later}.")
    return [*say(model), *say(kept), *say(partner_text)]


def layouts_sentence(result: WhistDecision) -> str:
    share = percent(Fraction(result.kept, result.drawn)) if result.drawn else "-"
    if result.exact:
        return (f"Layouts: every one of the {count(result.drawn)} layouts of the unseen cards,"
                f" {count(result.kept)} kept by the filter ({share}): exact, no sampling"
                f" error.")
    close = [result.best] + [w for w, (d, se) in result.paired.items() if w != result.best
                             and (se is None or -d < 2 * se)]
    return sampled_sentence(result, "word", close)


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
    layouts = None if result.exact else result.kept
    value = with_error(best.vists, best.vists_se, symbols, layouts=layouts)
    head = f"{VERDICTS[result.best]}: {value} vists against "
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
                     f" {count(result.kept)} layouts do not tell {NAMES[result.best]} and"
                     f" {NAMES[runner]} apart ({more_samples_words(result, NAMES[runner])}).")
    elif se is not None:
        lines += say(f"The difference to {NAMES[runner]} is {-float(diff) / se:.1f} standard"
                     f" errors" + (": not a sampling accident." if not result.depends else
                                   " on these layouts; the model decides more (below)."))
    lines += depends_lines(result, symbols)
    return lines


#: How a model of the partner reads in a sentence ("if he always whists").
PARTNER_MODELS = {"seat": "he answers from his own seat", "open": "he answers with open"
                  " cards", WHIST: "he always whists", PASS: "he always passes",
                  HALF: "he always goes half-whist", RETURN: "he always returns"}


def models_table(result: WhistDecision, symbols: bool) -> list[str]:
    """The best word under each model of the partner and of the bid, the result's own
    first."""
    rows = [["partner", "filter", "best", "by", "layouts"]]
    for m in result.models:
        rows.append([m.partner, m.filter, NAMES[m.best], with_error(m.by, m.se, symbols,
                                                                     sign=False),
                     count(m.kept)])
    return table(rows, right=(3, 4))


def depends_lines(result: WhistDecision, symbols: bool = True) -> list[str]:
    """The verdict's dependence on the model: what would flip it, with the margin."""
    flips = result.depends
    if not flips:
        return []
    own = result.models[0]
    what, kinds = [], []
    for m in flips:
        parts = []
        if m.partner != own.partner:
            parts.append(PARTNER_MODELS.get(m.partner, m.partner))
            kinds.append("the partner")
        if m.filter != own.filter:
            parts.append(FILTER_MODELS.get(m.filter, f"the filter is {m.filter}"))
            kinds.append("the bidding filter")
        what.append(f"{NAMES[m.best]} if {' and '.join(parts)} (by"
                    f" {with_error(m.by, m.se, symbols, sign=False)}{noise_words(m.by, m.se)})")
    subject = " and ".join(dict.fromkeys(k for k in ("the partner", "the bidding filter")
                                         if k in kinds))
    return say(f"It depends on {subject}: {'; '.join(what)}.")


def decision_lines(result: WhistDecision, symbols: bool = True) -> list[str]:
    """The seat view for people."""
    lines = [*question_lines(result, symbols), "", *model_lines(result),
             *say(layouts_sentence(result)), ""]
    lines += say("His words, each priced in vists over the layouts kept ('contract set': the"
                 " share in which the declarer goes down; 'vs best': the difference to the"
                 " best word on the same layouts, with its own standard error):")
    lines += [*options_table(result, symbols), "", *verdict_lines(result, symbols), ""]
    if len(result.models) > 1:
        lines += say("The best word under each model of the partner (on the same layouts) and"
                     " of the bid (on as many layouts drawn with that filter; 'by': its margin"
                     " over the next word, with its standard error):")
        lines += [*models_table(result, symbols), ""]
    lines += say(f"Note: {DOUBLE_DUMMY_SEAT}")
    return lines
