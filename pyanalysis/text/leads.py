"""Opening leads for people (`prefdd lead`): the open-card table of every lead, and the
leader's seat with every lead scored over the layouts he cannot see."""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

import pyanalysis as pa
from pyanalysis.analysis import LeadDecision, LeadTable
from pyanalysis.analysis.leads import BIAS, LeadStats, leader_wants_more
from pyanalysis.diagram import draw_deal
from pyanalysis.games import MISERE

from .words import (
    FILTER_MODELS, SHORT_SEATS, card_text, count, either, game_text, hand_text,
    more_samples_words, noise_words, percent, rules_text, sampled_sentence, sampled_share, say,
    seat_filter_text, seat_name, signed, table, with_error,
)

__all__ = ["decision_lines", "table_lines"]

OPEN_NOTE = ("Open cards: play after the lead is double-dummy, every player seeing all the"
             " cards. At the table the defenders (in misère the catchers) cannot see the"
             " declarer's hand: for them these numbers are an upper bound.")


def role(game: pa.Game, declarer: int, leader: int) -> str:
    """"the declarer", "a defender", "a catcher"."""
    if leader == declarer:
        return "the declarer"
    return "a catcher" if game.kind == MISERE else "a defender"


def aim(game: pa.Game, declarer: int, leader: int) -> str:
    """What the leader wants, in words."""
    if leader == declarer:
        return ("fewest tricks for himself" if game.kind == MISERE
                else "most tricks for himself")
    return ("most tricks for the declarer (to catch him)" if game.kind == MISERE
            else "fewest tricks for the declarer")


def short_text(game: pa.Game) -> str:
    """The column heading of the share that goes wrong for the declarer."""
    return "P(caught)" if game.kind == MISERE else "P(set)"


def card_list(cards: Sequence[pa.Card], symbols: bool) -> str:
    """"A♠, K♠ or Q♠"."""
    return either([card_text(c, symbols) for c in cards])


def with_se(value: Fraction | float, se: float | None, symbols: bool, sign: bool = False) -> str:
    """A value with its standard error (`words.with_error`): signed (`sign`) or to two
    decimals."""
    return with_error(value, se, symbols, places=None if sign else 2)


def words_sentence(words: dict[int, str] | None) -> str:
    if not words:
        return "no whisting (misère or a checked tenner)"
    return ", ".join(f"the {seat_name(s)} {w}" for s, w in sorted(words.items()))


# ----------------------------------------------------------------------------- open cards


def table_lines(result: LeadTable, symbols: bool = True) -> list[str]:
    """The open-card table for people."""
    game = game_text(result.game, symbols)
    lines = [draw_deal(result.deal, symbols=symbols, declarer=result.declarer), ""]
    lines += say(f"{game} by the {seat_name(result.declarer)}; the {seat_name(result.leader)}"
                 f" ({role(result.game, result.declarer, result.leader)}) leads and wants"
                 f" {aim(result.game, result.declarer, result.leader)}.")
    partner = (None if result.partner_vists is None
               else next(s for s in (1, 2, 3) if s not in (result.declarer, result.leader)))
    if result.vists is not None and result.rules is not None:
        priced = seat_name(result.leader) + (
            "" if partner is None else f" and the {seat_name(partner)}")
        lines += say(f"Priced in vists for the {priced}: rules"
                     f" {rules_text(result.rules)}; {words_sentence(result.whist)}.")
        if result.shares is not None:
            lines += say("Both defenders' vists come from one split of the defence's tricks:"
                         " of those the defence can reach while holding the declarer to his"
                         " count, the one best for the two together (ties: the most even).")
    marked = ("best: what he wants first, then his vists" if result.vists is not None
              else "best for the leader")
    lines += ["", *say("Every lead, double-dummy after it (the declarer's tricks and his"
                       f" result; * = {marked}):")]
    header = ["lead", "tricks", "result"]
    if result.vists is not None:
        header += ["vists"] if partner is None else [
            f"{SHORT_SEATS[result.leader]} vists", f"{SHORT_SEATS[partner]} vists"]
    rows = [header]
    for card, tricks in result.leads.items():
        mark = "*" if card in result.best else ""
        row = [card_text(card, symbols) + mark, str(tricks), result.verdict(card)]
        if result.vists is not None:
            row.append(signed(result.vists[card]))
        if partner is not None:
            row.append(signed(result.partner_vists[card]))
        rows.append(row)
    lines += table(rows, right=(1,) + tuple(range(3, len(header))))
    best = result.best
    tricks = result.leads[best[0]]
    outcome = f"the declarer takes {tricks} ({result.verdict(best[0])})"
    if result.vists is not None:
        outcome += f", {signed(result.vists[best[0]])} vists for the leader"
        if partner is not None:
            outcome += f" ({signed(result.partner_vists[best[0]])} for his partner)"
    lines += ["", *say(f"Best lead: {card_list(best, symbols)}: {outcome}.")]
    others = [c for c in result.leads if c not in best]
    if others:
        more = leader_wants_more(result.game, result.declarer, result.leader)
        # What the side wants first (the declarer's tricks), then the leader's vists.
        worst = min(others, key=lambda c: (result.leads[c] if more else -result.leads[c],
                                           result.vists[c] if result.vists is not None else 0))
        lines += say(f"Worst: {card_text(worst, symbols)}, after which the declarer takes"
                     f" {result.leads[worst]} ({result.verdict(worst)}).")
    else:
        lines += say("Every lead gives the same.")
    lines += ["", *say(OPEN_NOTE)]
    return lines


# ----------------------------------------------------------------------------- the seat


def question_lines(result: LeadDecision, talon: pa.Hand | None, others: pa.Hand | None,
                   symbols: bool) -> list[str]:
    game = game_text(result.game, symbols)
    head = (f"Which card to lead? The {seat_name(result.leader)},"
            f" {role(result.game, result.declarer, result.leader)} against {game} by the"
            f" {seat_name(result.declarer)}, leads and wants"
            f" {aim(result.game, result.declarer, result.leader)}.")
    if result.leader == result.declarer:
        head = (f"Which card to lead? The {seat_name(result.leader)}, the declarer in {game},"
                f" leads and wants {aim(result.game, result.declarer, result.leader)}.")
    lines = [*say(head), "His cards:", "  " + hand_text(result.hand, symbols)]
    if talon is not None:
        what = ("His discard, out of play" if result.leader == result.declarer
                else "The talon, open")
        lines.append(f"{what}: {' '.join(card_text(c, symbols) for c in talon)}.")
    if others is not None:
        lines.append("The other two hold between them: " + hand_text(others, symbols))
    return lines


def model_lines(result: LeadDecision, symbols: bool = True) -> list[str]:
    level = result.game.level
    lines = []
    if result.discard_model == "dd":
        lines += say("Declarer model: he discards the two of his twelve cards that are best"
                     " for him double-dummy (--discard dd).")
    elif result.discard_model == "low":
        lines += say("Declarer model: he discards two low cards outside trumps, shortest"
                     " suits first (in misère his two highest) (--discard low).")
    elif result.discard_model == "none":
        lines += say("No discard to model (no talon, or the declarer leads): the unseen cards"
                     " are only dealt.")
    if result.filter == "dd":
        lines += say(f"Bidding filter: a layout is kept only if with his discard he takes at"
                     f" least {level - 1} tricks (the contract less one) double-dummy"
                     f" (--filter dd).")
    elif result.filter == "clean":
        best = "with his best discard" if result.discard_model != "none" else "as dealt"
        lines += say(f"Bidding filter: a layout is kept only if he is clean (takes no trick)"
                     f" double-dummy {best}: a hand he would bid misère with (--filter"
                     f" clean).")
    elif result.filter == "at-most-one":
        lines += say("Bidding filter: a layout is kept only if with his discard he takes at"
                     " most one trick double-dummy (--filter at-most-one).")
    elif result.filter == "seat":
        lines += say(seat_filter_text(result.game))
    elif result.filter == "none":
        lines += say("Bidding filter: none, every layout is kept (--filter none).")
    share = percent(Fraction(result.kept, result.drawn)) if result.drawn else "-"
    if result.exact:
        lines += say(f"Layouts: every one of the {count(result.drawn)} layouts of the unseen"
                     f" cards, {count(result.kept)} kept ({share}): exact, no sampling error.")
    else:
        lines += say(sampled_sentence(result, "lead", _close(result, symbols)))
    if result.rules is not None:
        lines += say(f"Priced in vists for the {seat_name(result.leader)}: rules"
                     f" {rules_text(result.rules)}; {words_sentence(result.whist)}.")
    return lines


def ranked(result: LeadDecision) -> list[pa.Card]:
    """The leads, best first, in the order the analysis ranked them (`order`)."""
    if result.order:
        return list(result.order)
    cards = list(result.leads)
    return sorted(cards, key=lambda c: (c != result.best, -result.leads[c].diff,
                                        cards.index(c)))


def aim_words(result: LeadDecision) -> str:
    """"set the contract", "catch him", for a declarer leading "make the contract"."""
    misere = result.game.kind == MISERE
    if result.leader == result.declarer:
        return "stay clean" if misere else "make the contract"
    return "catch him" if misere else "set the contract"


def ranking_sentence(result: LeadDecision) -> str:
    """Which rule ranked the leads, in one sentence."""
    fewest = "most" if leader_wants_more(result.game, result.declarer, result.leader) \
        else "fewest"
    if result.ranked_by == "vists":
        return (f"The leads are ranked by the leader's vists, then by the chance to"
                f" {aim_words(result)}, then by the {fewest} tricks for the declarer.")
    return (f"No rules are given to price them, so the leads are ranked by the chance to"
            f" {aim_words(result)}, then by the {fewest} tricks for the declarer.")


def leads_table(result: LeadDecision, symbols: bool) -> list[str]:
    priced = result.rules is not None
    unit = "vists" if priced else "tricks"
    # A contract's defenders each get their vists (with two whisters from their own shares).
    partner = (6 - result.declarer - result.leader
               if any(s.partner_vists is not None for s in result.leads.values()) else None)
    vists = ["vists"] if partner is None else [f"{SHORT_SEATS[result.leader]} vists",
                                               f"{SHORT_SEATS[partner]} vists"]
    header = ["lead", "tricks", short_text(result.game)] + (vists if priced else []) + \
        [f"vs best ({unit})"]
    rows = [header]
    for card in ranked(result):
        s = result.leads[card]
        row = [card_text(card, symbols) + ("*" if card == result.best else ""),
               with_se(s.tricks, s.tricks_se, symbols), percent(s.set_probability)]
        if priced:
            row.append(with_se(s.vists, s.vists_se, symbols, sign=True))
        if priced and partner is not None:
            row.append(with_se(s.partner_vists, s.partner_vists_se, symbols, sign=True))
        row.append("best" if card == result.best else with_se(s.diff, s.diff_se, symbols,
                                                              sign=True))
        rows.append(row)
    return table(rows, right=range(1, len(header)))


def vists_words(result: LeadDecision) -> str:
    """What the vists columns hold, in words ("" unpriced)."""
    if result.rules is None:
        return ""
    if all(s.partner_vists is None for s in result.leads.values()):
        return "the leader’s value in vists, "
    shares = (" (both from one split of the defence’s tricks)"
              if not result.whist or sorted(set(result.whist.values())) == ["whist"] else "")
    return f"the leader’s and his partner’s values in vists{shares}, "


def _as_good(result: LeadDecision, card: pa.Card) -> bool:
    """Whether `card` ties the best lead on everything the ranking reads."""
    s, best = result.leads[card], result.leads[result.best]
    return s.diff == 0 and s.set_diff == 0 and s.tricks == best.tricks


def recommendation_lines(result: LeadDecision, symbols: bool) -> list[str]:
    best = result.leads[result.best]
    ties = [c for c in ranked(result) if c != result.best and _as_good(result, c)]
    shown = card_text(result.best, symbols)
    also = f" (as good: {card_list(ties, symbols)})" if ties else ""
    short = ("he is caught" if result.game.kind == MISERE else "the contract goes down")
    layouts = None if result.exact else result.kept
    share = sampled_share(best.set_probability, best.set_probability_interval, result.kept,
                          symbols)
    text = (f"Lead {shown}{also}: the declarer takes"
            f" {with_error(best.tricks, best.tricks_se, symbols, places=2, layouts=layouts)}"
            f" tricks on average and {short} in {share}")
    if best.vists is not None:
        text += (f"; {with_error(best.vists, best.vists_se, symbols, layouts=layouts)} vists"
                 f" for the leader")
    lines = say(text + ".")
    lines += say(ranking_sentence(result))
    rest = [c for c in ranked(result) if c != result.best and c not in ties]
    if not rest:
        lines += say("Every lead gives the same on these layouts.")
        return lines
    runner = rest[0]
    s = result.leads[runner]
    name = card_text(runner, symbols)
    if result.ranked_by == "set" and s.set_diff != 0:
        gap = with_error(-s.set_diff * 100, None if s.set_diff_se is None
                         else s.set_diff_se * 100, symbols, sign=False)
        lines += say(f"The next best, {name}: the chance to {aim_words(result)} is {gap}"
                     f" percentage points lower on the same layouts.")
        diff, se = -s.set_diff, s.set_diff_se
    else:
        unit = "vists" if result.rules is not None else "tricks"
        same = (" is as likely to " + aim_words(result) + " and"
                if result.ranked_by == "set" else " is")
        lines += say(f"The next best, {name},{same} {with_se(-s.diff, s.diff_se, symbols)}"
                     f" {unit} worse for the leader on the same layouts.")
        diff, se = -s.diff, s.diff_se
    if se is not None and se > 0 and diff < 2 * se:
        lines += say(f"That is within two standard errors: {count(result.kept)} layouts do not"
                     f" tell {shown} and {name} apart ({more_samples_words(result, name)}).")
    elif se:
        lines += say(f"That is {float(diff) / se:.1f} standard errors" + (
            ": not a sampling accident." if not result.depends else
            " on these layouts; the bidding filter decides more (below)."))
    return lines


def _margin(result: LeadDecision, value: Fraction, se: float | None, symbols: bool) -> str:
    """A model row's margin: vists when priced, else percentage points of the chance to
    set."""
    if result.ranked_by == "vists":
        return with_error(value, se, symbols, sign=False)
    return with_error(value * 100, None if se is None else se * 100, symbols, sign=False) + " pp"


def models_lines(result: LeadDecision, symbols: bool = True) -> list[str]:
    """The best lead under each bidding filter, and what flips the verdict."""
    if len(result.models) < 2:
        return []
    lines = say("The best lead under each bidding filter (on as many layouts drawn with that"
                f" filter, the same seed; 'by': its margin over"
                f" {card_text(result.best, symbols)}, or where it is the best over the next"
                f" lead, "
                + ("in vists" if result.ranked_by == "vists"
                   else "in percentage points of the chance to " + aim_words(result)) + "):")
    rows = [["filter", "best", "by", "layouts"]]
    for m in result.models:
        rows.append([m.filter, card_text(m.best, symbols), _margin(result, m.by, m.se, symbols),
                     count(m.kept)])
    lines += [*table(rows, right=(2, 3)), ""]
    flips = result.depends
    if flips:
        what = "; ".join(f"{card_text(m.best, symbols)} if {FILTER_MODELS.get(m.filter, m.filter)}"
                         f" (by {_margin(result, m.by, m.se, symbols)}"
                         f"{noise_words(m.by, m.se)})" for m in flips)
        lines += [*say(f"It depends on the bidding filter: {what}."), ""]
    return lines


def decision_lines(result: LeadDecision, talon: pa.Hand | None = None,
                   others: pa.Hand | None = None, symbols: bool = True) -> list[str]:
    """The leader's seat for people."""
    unit = "vists" if result.rules is not None else "tricks"
    lines = [*question_lines(result, talon, others, symbols), "", *model_lines(result, symbols), ""]
    lines += say(f"Every lead over the layouts kept: the declarer's mean tricks after it,"
                 f" the share in which {'he is caught' if result.game.kind == MISERE else 'the contract goes down'},"
                 f" {vists_words(result)}"
                 f"and the difference to the best lead on the same layouts (in {unit}, from"
                 f" the leader's side), each with its standard error (* = best):")
    lines += [*leads_table(result, symbols), "", *recommendation_lines(result, symbols), ""]
    lines += models_lines(result, symbols)
    lines += say(f"Note: {BIAS}.")
    return lines


def _close(result: LeadDecision, symbols: bool) -> list[str]:
    """The best lead and those within two standard errors of it, by what ranks them."""
    def near(s: LeadStats) -> bool:
        diff, se = (s.diff, s.diff_se) if result.ranked_by == "vists" else (s.set_diff,
                                                                            s.set_diff_se)
        return se is None or -diff < 2 * se
    return [card_text(result.best, symbols)] + [
        card_text(c, symbols) for c, s in result.leads.items() if c != result.best and near(s)]
