"""`prefdd review` and `prefdd claim`: a played deal judged card by card, and claims checked.

`review` reads a game record (`pyanalysis.record`: a file, or `-` for stdin) and prints every
trick with its cards, the cards that cost their side tricks (with the best cards there), the
result against the double-dummy result at the start, where the game was lost, and the costs
per player, priced in vists with `--rules`. `claim` checks whether a claim holds against any
play: in a contract the tricks a side takes, in misère the declarer's "none" or "at most N"
and a catcher's "at least N", in raspasy a player's "at most N" of his own tricks. `--json`
prints the result's ``to_dict()``; the text is `pyanalysis.text.review`.
"""
from __future__ import annotations

import click

import pyanalysis as pa
from pyanalysis.analysis.review import check_claim, review
from pyanalysis.games import RASPASY
from pyanalysis.progress import Progress
from pyanalysis.record import RecordError, read_claim_words
from pyanalysis.record_file import read_record
from pyanalysis.text.review import claim_lines, review_lines

from .common import (
    EXAMPLE_RECORD, CliError, answer, command, make_rules, parse_cards, write_page,
)
from .options import (
    SeatWordsType, answer_options, check_options, check_sampling, fixed_option, game_option,
    html_option, jobs_option, rules_options, samples_options, talon_rule_option,
    words_argument,
)

__all__ = ["COMMANDS", "claim_command", "claim_lines", "review_command", "review_lines"]

EXAMPLE_DEAL = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
EXAMPLE_PLAYS = "8C KC 7S / AH 7H 8S / AS 9S JS"
#: The misère of `data/examples/misere_game.txt` (the 2nd hand's), after the 1st hand's ♥7.
MISERE_DEAL = "QJ.97.KQJT.J7 T987.8.987.98 AK.QJT.A.AKQT"
MISERE_PLAYS = "KD 9D AD / TH 7H 9H"
#: The raspasy of `data/examples/raspasy_game.txt` after trick 1 (the talon's ♦A still sets
#: trick 2).
RASPASY_DEAL = "KQT8.KT8.K.Q7 J97.QJ9.87.AJ A.A7.QJT.KT98 9D AD"


@command("review", "A played deal judged card by card (double-dummy).", [
    f"printf '{EXAMPLE_RECORD}' | prefdd review -",
    f"printf '{EXAMPLE_RECORD}' | prefdd review - --rules sochi --json",
    f"printf '{EXAMPLE_RECORD}' | prefdd review - --view seat --whisting closed"],
    deal=False, long=True)
@click.argument("file", metavar="FILE")
@rules_options("Price the result in vists: sochi, leningrad or rostov.", choice=True)
@click.option("--whist", "words", type=SeatWordsType(), default=None, metavar="WORDS",
              help="The defenders' words for pricing, e.g. \"2=whist,3=pass\" (implies"
                   " pricing; default: the record's 'whist:', else both whist).")
@click.option("--player", type=click.IntRange(1, 3), default=None, metavar="SEAT",
              help="Raspasy: judge every card by this player's guaranteed minimum (the other"
                   " two together against him). Default: each card by its own player's.")
@click.option("--view", type=click.Choice(["dd", "seat"]), default="dd", show_default=True,
              help="dd: every card judged double-dummy; seat: also from its player's seat,"
                   " over the layouts consistent with what he had seen.")
@click.option("--whisting", type=click.Choice(["open", "closed"]), default=None,
              help="--view seat: whether the defenders' hands lay open (default: the"
                   " record's 'whisting:', else closed with two whisters, open with one).")
@samples_options("--view seat: layouts weighed per card (default 200; every one when there"
                 " are no more), or 'all'.", "--view seat: the seed of the draw (default 0).",
                 every=True)
@fixed_option()
@click.option("--flags", nargs=2, type=click.FloatRange(min=0), default=(0.1, 0.6),
              show_default=True, metavar="LOW HIGH",
              help="--view seat: flag a card ? (??) when it lost more than LOW (HIGH) tricks"
                   " on average from its player's seat.")
@jobs_option()
@html_option("Also write the review as a page: one self-contained HTML file to open in a"
             " browser (see 'prefdd report').")
@answer_options()
def review_command(file: str, rules_name: str | None, rule_overrides: tuple[str, ...],
                   words: dict[int, str] | None, player: int | None, view: str,
                   whisting: str | None,
                   samples: int | str | None, seed: int | None, fixed: bool,
                   flags: tuple[float, float],
                   jobs: int | None, html_file: str | None, ascii_only: bool,
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

    With --view seat every card is also weighed from its player's seat: over the layouts
    of the cards he could not see that fit what he had seen (his hand, the talon, the cards
    played, the voids they showed, and the hands laid open by the whisting), each legal
    card's mean tricks; the seat cost is what the card lost on average against the best from
    there. A card costly double-dummy but not from the seat is unlucky, not a mistake.
    A drawn sample is weighed in rounds and stops once the card's verdict is settled
    (--fixed: all --samples).
    """
    record = read_record(file)
    seat_view = view == "seat"
    check_options("review", view=view, whisting=whisting, samples=samples, seed=seed,
                  fixed=fixed)
    if not seat_view and jobs is not None:
        raise CliError("--jobs is for the seat view: give --view seat too")
    check_sampling(samples, seed, sampled=True)
    extra = dict(view="seat", whisting=whisting, samples=samples, seed=seed or 0,
                 flags=flags, jobs=jobs, fixed=fixed) if seat_view else {}
    with Progress(len(record.plays), desc="reviewing", unit=" cards") as bar:
        result = review(record, player=player, progress=bar.update, whist=words,
                        rules=make_rules(rules_name, rule_overrides,
                                         priced=words is not None), **extra)
    written = ""
    if html_file is not None:
        from pyanalysis.report import review_report  # the page's templates only when asked

        written = write_page(review_report(result), html_file, what="review's")
    answer(result, as_json, lambda: review_lines(result, not ascii_only))
    if written and not as_json:
        click.echo(written)


@command("claim", "Does a claim hold against any play (double-dummy)?", [
    f'prefdd claim "{EXAMPLE_DEAL}" --game 8S --declarer 2 --plays "{EXAMPLE_PLAYS}" --claimant 2 --tricks rest',
    f'prefdd claim "{EXAMPLE_DEAL}" -g 8S --declarer 2 --plays "{EXAMPLE_PLAYS}" --claimant 1 --tricks 3 --json',
    f'prefdd claim "{MISERE_DEAL}" -g misere --declarer 2 --plays "{MISERE_PLAYS}" --claimant 2 --tricks none',
    f'prefdd claim "{MISERE_DEAL}" -g misere --declarer 2 --plays "KD 9D AD" --claimant 1 --tricks "at least 1"',
    f'prefdd claim "{RASPASY_DEAL}" -g raspasy --plays "KD 8D QD" --claimant 2 --tricks "at most 4"'])
@words_argument("deal", "DEAL")
@game_option("The game: a contract 6S … 10NT (also 7♥, 6БК), misere or raspasy.")
@click.option("--declarer", type=click.IntRange(1, 3), default=None, metavar="SEAT",
              help="The declarer's seat: 1, 2 or 3 (contracts and misère).")
@talon_rule_option()
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
@answer_options()
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
    answer(result, as_json, lambda: claim_lines(result, not ascii_only))


COMMANDS = [review_command, claim_command]
