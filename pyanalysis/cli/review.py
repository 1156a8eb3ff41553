"""`prefdd review` and `prefdd claim`: a played deal judged card by card, and claims checked.

`review` reads a game record (`pyanalysis.record`: a file, or `-` for stdin) and prints every
trick with its cards, the cards that cost their side tricks (with the best cards there), the
result against the double-dummy result at the start, where the game was lost, and the costs
per player, priced in vists with `--rules`. `claim` checks whether a claim holds against any
play: in a contract the tricks a side takes, in misère the declarer's "none" or "at most N"
and a catcher's "at least N", in raspasy a player's "at most N" of his own tricks. `--json`
prints the result's ``to_dict()``.
"""
from __future__ import annotations

import sys
from typing import Sequence

import click

import pyanalysis as pa
from pyanalysis.analysis.review import (
    DECLARER, Claim, Review, ReviewCard, check_claim, review, said_words,
)
from pyanalysis.diagram import draw_deal
from pyanalysis.games import MISERE, RASPASY
from pyanalysis.record import RecordError, read_claim_words
from pyanalysis.rules import RuleSet

from .analysis import emit, game_choice, game_text, json_flag, say, table
from .common import (
    COMMAND_SETTINGS, CliError, Command, card_text, parse_cards, seat_name, symbols_option,
    talon_rule_option, words_argument,
)
from .whist import rules_text, signed

__all__ = ["COMMANDS", "review_command", "claim_command", "review_lines", "claim_lines"]

#: The record of the `--help` example: 8♠ by the 2nd hand, played to trick 6, then a claim.
EXAMPLE_RECORD = (r"deal: J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD\ngame: 8S\n"
                  r"declarer: 2\nwhist: whist pass\n"
                  r"play: 8C KC 7S / AH 7H 8S / AS 9S JS / KS 8H 7C / QS KD 9D\n"
                  r"claim: 2 rest\n")
EXAMPLE_DEAL = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
EXAMPLE_PLAYS = "8C KC 7S / AH 7H 8S / AS 9S JS"
#: The misère of `data/examples/misere_game.txt` (the 2nd hand's), after the 1st hand's ♥7.
MISERE_DEAL = "QJ.97.KQJT.J7 T987.8.987.98 AK.QJT.A.AKQT"
MISERE_PLAYS = "KD 9D AD / TH 7H 9H"
#: The raspasy of `data/examples/raspasy_game.txt` after trick 1 (the talon's ♦A still sets
#: trick 2).
RASPASY_DEAL = "KQT8.KT8.K.Q7 J97.QJ9.87.AJ A.A7.QJT.KT98 9D AD"


# ----------------------------------------------------------------------------- words


def side_name(result: Review, seat: int) -> str:
    """"the 2nd hand (declarer)", "the 1st hand"."""
    if result.declarer == seat:
        return f"the {seat_name(seat)} (declarer)"
    return f"the {seat_name(seat)}"


def cards_or(cards: Sequence[pa.Card], symbols: bool) -> str:
    names = [card_text(c, symbols) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


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


# ----------------------------------------------------------------------------- review


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
    lines += say(f"{head}; the {seat_name(result.leader)} leads{said}.")
    lines += say(f"Every card is judged double-dummy by {focus_words(result)}: the tricks"
                 f" with best play from the position before and after it.")
    lines += ["", *trick_table(result, symbols)]
    costly = result.costly
    lines.append("")
    if costly:
        lines.append("Costly cards (the tricks each gave away for its side, and the best cards"
                     " there):")
        lines += table([["trick", "player", "card", "cost", "best"]]
                       + [[str(c.trick), seat_name(c.seat), card_text(c.card, symbols),
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
            shown.append(f"{text}(-{judged.cost})" if judged.cost else text)
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
    return lines + ["  " + line for line in say(note + ".")]


def verdict_lines(result: Review, symbols: bool) -> list[str]:
    lines: list[str] = []
    settled = {
        "played": "",
        "claim": " (with the claim)",
        "stop": " (play stopped by agreement: the rest with best play)",
        "unfinished": " (the record ends early: the rest with best play)",
    }[result.settlement]
    if result.game.kind == RASPASY:
        tricks = ", ".join(f"the {seat_name(s)} {result.tricks_by_seat[s]}" for s in (1, 2, 3))
        lines += say(f"Result{settled}: {tricks}.")
        mins = ", ".join(f"the {seat_name(s)} {result.minimums_start[s]}" for s in (1, 2, 3))
        lines += say(f"Guaranteed minimums at the start (each against the other two): {mins}.")
    else:
        lines += say(f"Result{settled}: the declarer took {result.result} ({result.verdict});"
                     f" with best play from the start he takes {result.dd_start}"
                     f" ({result.dd_verdict}).")
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
        lines += say(f"Decisive card: {card_text(c.card, symbols)} by the {seat_name(c.seat)}"
                     f" at trick {c.trick}; after it {what}.")
    costs = ", ".join(f"{side_name(result, s)} {result.cost_by_seat[s]}" for s in (1, 2, 3))
    lines += say(f"Tricks given away by each player's cards: {costs}.")
    if result.cost_by_side and (result.claim_cost.get("declarer") or
                                result.claim_cost.get("defence")):
        lines += say(f"By the claim: the declarer {result.claim_cost['declarer']}, the defence"
                     f" {result.claim_cost['defence']}.")
    if result.vists is not None and result.rules is not None:
        words = (", ".join(f"the {seat_name(s)} {w}" for s, w in sorted(result.whist.items()))
                 if result.whist else "no whisting")
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


def read_record(path: str) -> pa.Record:
    """The record in FILE (`-`: stdin), text or JSON."""
    if path == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as error:
            raise CliError(f"cannot read '{path}': {error.strerror}") from None
        except UnicodeDecodeError:
            raise CliError(f"cannot read '{path}': not UTF-8 text") from None
    if not text.strip():
        raise CliError("the record is empty: give at least 'deal:' and 'game:' lines")
    return pa.Record.parse(text)


@click.command("review", cls=Command,
               short_help="A played deal judged card by card (double-dummy).",
               epilog=f"""\b
Example:
  printf '{EXAMPLE_RECORD}' | prefdd review -
  printf '{EXAMPLE_RECORD}' | prefdd review - --rules sochi --json
""")
@click.argument("file", metavar="FILE")
@click.option("--rules", "rules_name", default=None, metavar="PRESET",
              type=click.Choice(("sochi", "leningrad", "rostov")),
              help="Price the result in vists: sochi, leningrad or rostov.")
@click.option("--rule", "rule_overrides", multiple=True, metavar="KEY=VALUE",
              help="Change one knob of the rule set (implies pricing; repeatable).")
@click.option("--player", type=click.IntRange(1, 3), default=None, metavar="SEAT",
              help="Raspasy: judge every card by this player's guaranteed minimum (the other"
                   " two together against him). Default: each card by its own player's.")
@click.option("--html", "html_file", metavar="FILE", default=None,
              help="Also write the review as a page: one self-contained HTML file to open in"
                   " a browser (see 'prefdd report').")
@symbols_option
@json_flag
def review_command(file: str, rules_name: str | None, rule_overrides: tuple[str, ...],
                   player: int | None, html_file: str | None, ascii_only: bool,
                   as_json: bool) -> None:
    """Review a played deal: what every card cost its side, double-dummy.

    FILE is a game record (`-` reads stdin): lines `deal:`, `game:`, `declarer:` (raspasy:
    `talon rule:`), `leader:`, `whist:`, `play:` with the cards in play order, tricks
    separated by `/` (it may span lines), and optionally a claim (`claim: SEAT rest|N` in a
    contract; `claim: SEAT none|at most N` by the misère declarer or a raspasy player,
    `claim: SEAT at least N` by a misère catcher) or `stop: agreed`; `#` starts a comment. JSON with the same fields is read too. An illegal
    play is reported with its trick and card.

    For every card: the tricks with best play before and after it, its cost (0 for a best
    card) and the best cards there; then the result against the double-dummy result at the
    start, the card after which the game was decided, the costs per player, and with
    --rules the same in vists.
    """
    priced = rules_name is not None or bool(rule_overrides)
    rules = RuleSet.preset(rules_name or "sochi").with_strings(rule_overrides) if priced \
        else None
    record = read_record(file)
    result = review(record, player=player, rules=rules)
    written = ""
    if html_file is not None:
        from .report import write_review_page  # the page's templates only when asked

        written = write_review_page(result, html_file)
    if as_json:
        emit(result)
        return
    for line in review_lines(result, not ascii_only):
        click.echo(line)
    if written:
        click.echo(written)


# ----------------------------------------------------------------------------- claim


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


@click.command("claim", cls=Command, context_settings=COMMAND_SETTINGS,
               short_help="Does a claim hold against any play (double-dummy)?",
               epilog=f"""\b
Example:
  prefdd claim "{EXAMPLE_DEAL}" --game 8S --declarer 2 --plays "{EXAMPLE_PLAYS}" --claimant 2 --tricks rest
  prefdd claim "{EXAMPLE_DEAL}" -g 8S --declarer 2 --plays "{EXAMPLE_PLAYS}" --claimant 1 --tricks 3 --json
  prefdd claim "{MISERE_DEAL}" -g misere --declarer 2 --plays "{MISERE_PLAYS}" --claimant 2 --tricks none
  prefdd claim "{MISERE_DEAL}" -g misere --declarer 2 --plays "KD 9D AD" --claimant 1 --tricks "at least 1"
  prefdd claim "{RASPASY_DEAL}" -g raspasy --plays "KD 8D QD" --claimant 2 --tricks "at most 4"
""")
@words_argument("deal", "DEAL")
@game_choice("The game: a contract 6S … 10NT (also 7♥, 6БК), misere or raspasy.")
@click.option("--declarer", type=click.IntRange(1, 3), default=None, metavar="SEAT",
              help="The declarer's seat: 1, 2 or 3 (contracts and misère).")
@talon_rule_option
@click.option("--leader", type=click.IntRange(1, 3), default=1, show_default=True,
              metavar="SEAT", help="The seat that led to the first trick.")
@click.option("--plays", "--played", "plays", default=None, metavar="CARDS",
              help="The cards played so far, in order, tricks separated by '/'"
                   " (\"8C KC 7S / AH 7H 8S\").")
@click.option("--claimant", type=click.IntRange(1, 3), required=True, metavar="SEAT",
              help="Who claims: in a contract for his side (the declarer, or the two"
                   " defenders); in misère the declarer of himself or a catcher of the"
                   " declarer; in raspasy a player of his own tricks.")
@click.option("--tricks", "tricks_text", default=None, metavar="CLAIM",
              help="What is claimed of the tricks from here on (the unfinished one"
                   " included): 'rest' or N (a contract: the claimant's side takes them),"
                   " 'none' or 'at most N' (the misère declarer, a raspasy player), 'at"
                   " least N' (a misère catcher: the declarer takes at least N). N alone is"
                   " the claimant's own kind of claim. Default: 'rest' in a contract, 'none'"
                   " in misère and raspasy.")
@symbols_option
@json_flag
def claim_command(deal: tuple[str, ...], game: str, declarer: int | None,
                  talon_rule: str | None, leader: int, plays: str | None, claimant: int,
                  tricks_text: str | None, ascii_only: bool, as_json: bool) -> None:
    """Check a claim: does it hold against any play, double-dummy?

    DEAL is the deal at the start; --plays the cards played so far. The claim counts the
    tricks still to play (the unfinished one included). In a contract the claimant's side
    takes them: --tricks 3 claims three, --tricks rest all. In misère the declarer claims he
    takes none (or at most N) more, and a catcher that the declarer takes at least N more;
    in raspasy a player claims he takes none (at most N) more, the other two playing
    together against him. When the claim does not hold, the line that breaks it is shown:
    best play by all from here, which the claimant cannot escape.
    """
    kind, tricks = None, None
    if tricks_text is not None:
        try:
            kind, tricks = read_claim_words(tricks_text)
        except RecordError:
            raise CliError(f"--tricks '{tricks_text}': 'rest', a number of tricks, 'none',"
                           f" 'at most N' or 'at least N'") from None
    parsed = pa.Game.parse(game)
    if declarer is None and parsed.kind != RASPASY:
        raise CliError(f"{parsed} needs the declarer: give --declarer 1, 2 or 3")
    if declarer is not None and parsed.kind == RASPASY:
        raise CliError("raspasy has no declarer: give --claimant only")
    if talon_rule is not None and parsed.kind != RASPASY:
        raise CliError(f"--talon-rule applies only to raspasy, not to {parsed}")
    cards = [] if plays is None else parse_cards(plays.replace("/", " "), "--plays")
    result = check_claim(" ".join(deal), parsed, declarer=declarer, leader=leader,
                         plays=cards, claimant=claimant, tricks=tricks, talon_rule=talon_rule,
                         kind=kind)
    if as_json:
        emit(result)
        return
    for line in claim_lines(result, not ascii_only):
        click.echo(line)


COMMANDS = [review_command, claim_command]
