"""A played deal judged card by card, and a claim checked, for people (`prefdd review`,
`prefdd claim`)."""
from __future__ import annotations

from typing import Sequence

import pyanalysis as pa
from pyanalysis.analysis.review import DECLARER, Claim, Review, ReviewCard, said_words
from pyanalysis.diagram import draw_deal
from pyanalysis.games import CONTRACT, MISERE, RASPASY

from .words import (
    amount, card_text, count, either, game_text, rules_text, say, seat_name, signed, table,
)

__all__ = ["claim_lines", "result_sentence", "review_lines", "trick_groups"]


def side_name(result: Review, seat: int) -> str:
    """"the 2nd hand (declarer)", "the 1st hand"."""
    if result.declarer == seat:
        return f"the {seat_name(seat)} (declarer)"
    return f"the {seat_name(seat)}"


def player_name(card: ReviewCard) -> str:
    """Who chose `card`: "3rd hand", or "3rd hand (playing the 1st hand's cards)" when a
    whister chose it from the passer's hand (open whist with one whister)."""
    if card.chooser == card.seat:
        return seat_name(card.seat)
    return f"{seat_name(card.chooser)} (playing the {seat_name(card.seat)}'s cards)"


def chooser_note(result: Review) -> str:
    """" (the 3rd hand chose the 1st hand's cards)" when a whister played the passer's hand,
    else ""."""
    played = [(c, s) for s, c in sorted(result.choosers.items()) if c != s]
    return "".join(f" (the {seat_name(c)} chose the {seat_name(s)}'s cards)" for c, s in played)


def cards_or(cards: Sequence[pa.Card], symbols: bool) -> str:
    """"A♠, K♠ or Q♠"."""
    return either([card_text(c, symbols) for c in cards])


def tricks_word(n: int) -> str:
    return f"{n} trick" + ("" if n == 1 else "s")


def focus_words(result: Review) -> str:
    """Whose tricks the numbers count."""
    if result.game.kind != RASPASY:
        return "the declarer's tricks"
    if result.focus is not None:
        return (f"the {seat_name(result.focus)}'s tricks, the other two playing together"
                f" against him")
    return "each card's own player's tricks (his guaranteed minimum)"


def review_lines(result: Review, symbols: bool = True) -> list[str]:
    """The review for people."""
    game = game_text(result.game, symbols)
    lines = [draw_deal(result.deal, symbols=symbols, declarer=result.declarer), ""]
    head = (f"{game} by the {seat_name(result.declarer)}" if result.declarer is not None
            else f"{game}, talon rule '{result.talon_rule}'")
    said = ""
    if result.record.whist and result.declarer is not None:
        words = said_words(result.declarer, result.record.whist)
        said = "; " + ", ".join(f"the {seat_name(s)} {w}" for s, w in words.items())
        for passer, whister in sorted(result.choosers.items()):
            if whister != passer:
                said += (f"; open whist: the {seat_name(whister)} plays the"
                         f" {seat_name(passer)}'s cards too")
    lines += say(f"{head}; the {seat_name(result.leader)} leads{said}.")
    lines += say(f"Every card is judged double-dummy by {focus_words(result)}: the tricks"
                 f" with best play from the position before and after it.")
    if result.view == "seat":
        lines += seat_sentences(result)
    lines += ["", *trick_table(result, symbols)]
    costly = result.costly
    lines.append("")
    if result.view == "seat":
        lines += seat_table(result, symbols)
    elif costly:
        lines.append("Costly cards (the tricks each gave away for its side, and the best cards"
                     " there):")
        lines += table([["trick", "player", "card", "cost", "best"]]
                       + [[str(c.trick), player_name(c), card_text(c.card, symbols),
                           str(c.cost), cards_or(c.best, symbols)] for c in costly],
                       right=(0, 3))
    elif result.cards:
        lines += say("Every card played was a best card: nothing was given away.")
    lines += ["", *verdict_lines(result, symbols)]
    return lines


def trick_table(result: Review, symbols: bool) -> list[str]:
    """One row per trick: leader, the cards (a costly card marked with its cost), the taker."""
    raspasy = result.game.kind == RASPASY
    counted = "tricks" if result.focus is None else "declarer" if not raspasy else \
        seat_name(result.focus)
    rows = [["trick", "led by", "cards", "taken by", counted]
            + (["minimums"] if raspasy else [])]
    cards = {c.number: c for c in result.cards}
    for trick in result.record.tricks:
        shown = []
        for i, card in enumerate(trick.cards):
            judged: ReviewCard = cards[(trick.number - 1) * 3 + i + 1]
            text = card_text(card, symbols)
            shown.append((f"{text}(-{judged.cost})" if judged.cost else text)
                         + judged.seat_flag)
        if trick.talon_card is not None:
            shown.insert(0, f"[{card_text(trick.talon_card, symbols)}]")
        taker = ("-" if not trick.complete else "nobody" if trick.winner is None
                 else seat_name(trick.winner))
        last = cards[(trick.number - 1) * 3 + len(trick.cards)]
        if result.focus is None:
            after = dict(last.taken)
            if trick.winner is not None:
                after[trick.winner] += 1
            value = "-".join(str(after[s]) for s in (1, 2, 3))
        else:
            value = str(last.after)
        row = [str(trick.number), seat_name(trick.leader), " ".join(shown), taker, value]
        if raspasy:
            following = cards.get(last.number + 1)
            mins = following.minimums if following is not None else result.minimums_end
            row.append("-".join(str(mins[s]) for s in (1, 2, 3)))
        rows.append(row)
    lines = table(rows, right=(0,))
    note = ("cards: a costly card shows its cost, e.g. 10♣(-1)" if symbols
            else "cards: a costly card shows its cost, e.g. TC(-1)")
    if result.focus is not None:
        note += f"; last column: {focus_words(result)} with best play after the trick"
    else:
        note += "; tricks: those each hand has taken"
    if raspasy:
        note += ("; minimums: the tricks each player can hold himself to after the trick"
                 " (whole deal), the other two playing against him")
    if any(t.talon_card is not None for t in result.record.tricks):
        note += "; [ ] the talon card"
    if result.view == "seat":
        note += "; ? and ?? flag a card that lost tricks on average from its player's seat"
    return lines + ["  " + line for line in say(note + ".")]


def seat_sentences(result: Review) -> list[str]:
    """What the seat view weighed each card against."""
    if result.game.kind == RASPASY:
        open_words = "raspasy: every hand hidden"
    elif result.whisting == "checked":
        open_words = "the tenner is checked: every card laid open"
    elif result.whisting == "open":
        open_words = ("open cards: the defenders' hands face up, the declarer's discard"
                      " hidden from them" if result.game.kind == MISERE else
                      "open whist: the defenders' hands face up, the declarer's discard"
                      " hidden from them")
    else:
        open_words = "closed whist: every hand hidden, the declarer's discard too"
    for passer, whister in sorted(result.choosers.items()):
        if whister != passer:  # he plays both hands: the passer's cards from his seat
            open_words += (f"; the {seat_name(passer)}'s cards from the seat of the"
                           f" {seat_name(whister)}, who plays them")
    samples = result.samples
    took = ("every layout" if samples == "all" else
            f"every layout when there are at most {count(samples)}, else {count(samples)}"
            f" drawn (seed {result.seed})" + ("" if result.fixed else
                                              ", weighed until the card's verdict is settled"))
    low, high = result.flags or (0.1, 0.6)
    return say(f"And from each player's seat: over the layouts of the cards he could not see"
               f" that fit what he had seen (his hand, the talon, the cards played, the voids"
               f" they showed; {open_words}), {took}, every legal card's mean; a card's seat"
               f" cost is the tricks it lost on average against the best card from there,"
               f" flagged ? above {low:g} and ?? above {high:g}. A card that cost tricks"
               f" double-dummy but not from the seat was unlucky, not a mistake.")


def seat_table(result: Review, symbols: bool) -> list[str]:
    """Both costs of every card costly double-dummy or flagged from the seat."""
    judged = result.judged
    if not judged:
        return say("Every card played was a best card double-dummy, and none lost tricks on"
                   " average from its player's seat.")
    rows = [["trick", "player", "card", "cost", "best", "seat", "best from the seat",
             "verdict", "layouts"]]
    for c in judged:
        layouts = ("all " if c.seat_exact else "") + count(c.seat_layouts)
        rows.append([str(c.trick), player_name(c), card_text(c.card, symbols),
                     str(c.cost), cards_or(c.best, symbols),
                     amount(c.seat_cost or 0) + c.seat_flag + _error(c, symbols),
                     cards_or(c.seat_best, symbols),
                     c.seat_verdict or "-", layouts])
    return [*say("Cards costly double-dummy or from the seat (cost: the tricks given away"
                 " double-dummy; seat: the tricks lost on average from the player's seat,"
                 " with its standard error when the layouts were drawn; layouts: weighed"
                 " from his seat):"),
            *table(rows, right=(0, 3, 5, 8))]


def _error(card: ReviewCard, symbols: bool) -> str:
    """" ±0.05": the standard error of a sampled seat cost ("" when every layout was
    weighed, or the sample's differences were all alike)."""
    if not card.seat_cost_se:
        return ""
    return f" {'±' if symbols else '+-'}{card.seat_cost_se:.2f}"


def _no_whist(result: Review) -> str:
    """Why no whist words are shown: the game has none, or nobody's were given."""
    if result.game.kind == MISERE:
        return "misère: no whisting, the others catch"
    if result.game.kind == CONTRACT and result.game.level == 10 and result.rules is not None \
            and result.rules.tenner_checked:
        return "the tenner is checked: no whisting, all cards laid open"
    return "no whisting"


def result_sentence(result: Review) -> str:
    """The result against best play from the start, in one sentence ("Result: the declarer
    took 7 (down 1); with best play from the start he takes 8 (made).")."""
    failed = result.claim is not None and not result.claim.holds
    settled = {
        "played": "",
        "claim": (" (with the claim as accepted at the table, though it does not hold)"
                  if failed else " (with the claim)"),
        "stop": " (play stopped by agreement: the rest with best play)",
        "unfinished": " (the record ends early: the rest with best play)",
    }[result.settlement]
    if result.game.kind == RASPASY:
        tricks = ", ".join(f"the {seat_name(s)} {result.tricks_by_seat[s]}" for s in (1, 2, 3))
        return f"Result{settled}: {tricks}."
    return (f"Result{settled}: the declarer took {result.result} ({result.verdict}); with best"
            f" play from the start he takes {result.dd_start} ({result.dd_verdict}).")


def verdict_lines(result: Review, symbols: bool) -> list[str]:
    lines = say(result_sentence(result))
    if result.game.kind == RASPASY:
        mins = ", ".join(f"the {seat_name(s)} {result.minimums_start[s]}" for s in (1, 2, 3))
        lines += say(f"Guaranteed minimums at the start (each against the other two): {mins}.")
    if result.claim is not None:
        lines += claim_sentence(result.claim, symbols)
    if result.lost_by_claim:
        who = "the declarer" if result.lost_side == DECLARER else "the defence"
        lines += say(f"The claim decided it: before it {who} could still have had it the"
                     f" other way.")
    elif result.lost_at is not None:
        c = result.lost_at
        what = (("the misère could no longer be kept clean" if result.game.kind == MISERE
                 else "the contract could no longer be made") if result.lost_side == DECLARER
                else ("the declarer could no longer be caught" if result.game.kind == MISERE
                      else "the contract could no longer be set"))
        lines += say(f"Decisive card: {card_text(c.card, symbols)} by the {player_name(c)}"
                     f" at trick {c.trick}; after it {what}.")
    note = chooser_note(result)
    costs = ", ".join(f"{side_name(result, s)} {result.cost_by_chooser[s]}" for s in (1, 2, 3))
    whose = "choices" if note else "cards"
    lines += say(f"Tricks given away by each player's {whose}{note}: {costs}.")
    if result.view == "seat":
        lost = ", ".join(f"{side_name(result, s)} {amount(result.seat_cost_by_chooser[s])}"
                         for s in (1, 2, 3))
        lines += say(f"Tricks lost on average from each player's own seat{note}: {lost}.")
    if result.cost_by_side and (result.claim_cost.get("declarer") or
                                result.claim_cost.get("defence")):
        lines += say(f"By the claim: the declarer {result.claim_cost['declarer']}, the defence"
                     f" {result.claim_cost['defence']}.")
    if result.vists is not None and result.rules is not None:
        words = (", ".join(f"the {seat_name(s)} {w}" for s, w in sorted(result.whist.items()))
                 if result.whist else _no_whist(result))
        lines += say(f"In vists (rules {rules_text(result.rules)}; {words}):")
        rows = [["player", "result"] + (["best play", "cost"] if result.dd_vists else [])]
        for seat in (1, 2, 3):
            row = [seat_name(seat), signed(result.vists[seat])]
            if result.dd_vists is not None and result.vists_cost is not None:
                row += [signed(result.dd_vists[seat]), signed(result.vists_cost[seat])]
            rows.append(row)
        lines += table(rows, right=(1, 2, 3))
        if result.dd_vists is not None:
            lines += say("best play: the double-dummy result from the start; cost: what the"
                         " play cost each player against it (negative: he gained).")
    return lines


def claim_sentence(claim: Claim, symbols: bool) -> list[str]:
    head, outcome = claim.sentences()
    if claim.holds:
        return say(f"{head}: {outcome}.")
    line = trick_groups(claim.refutation, len(claim.plays) % 3, symbols)
    verb = "beats" if claim.kind == "take" else "breaks"
    return say(f"{head}: {outcome}. The line that {verb} it: {line}.")


def trick_groups(cards: Sequence[pa.Card], offset: int, symbols: bool) -> str:
    """Cards in play order, tricks separated by `/` (`offset` cards of the first trick were
    played before)."""
    groups: list[list[str]] = [[]]
    filled = offset
    for card in cards:
        if filled == 3:
            groups.append([])
            filled = 0
        groups[-1].append(card_text(card, symbols))
        filled += 1
    return " / ".join(" ".join(g) for g in groups if g)


def claim_lines(result: Claim, symbols: bool = True) -> list[str]:
    lines = [draw_deal(result.deal, symbols=symbols, declarer=result.declarer), ""]
    played = trick_groups(result.plays, 0, symbols) if result.plays else "none"
    game = game_text(result.game, symbols)
    head = (f"{game} by the {seat_name(result.declarer)}" if result.declarer is not None
            else f"{game}, talon rule '{result.talon_rule}'")
    lines += say(f"{head}; the {seat_name(result.leader)} led; played: {played}.")
    lines += claim_sentence(result, symbols)
    lines += say("Double-dummy: every player sees all the cards.")
    return lines
