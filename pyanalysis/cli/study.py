"""`prefdd deals` and `prefdd stats`: a study of many deals, dealt and then counted.

`prefdd deals` writes random deals as batch job lines (`pyanalysis.analysis.study`), `prefdd
batch` answers them, and `prefdd stats` counts the answers by a field: a table for people, the
same as JSON (`Stats.to_dict()`) or CSV.
"""
from __future__ import annotations

import json
import sys
import click

from pyanalysis.analysis.study import STUDY_KINDS, answer_stats, deal_jobs, random_deals
from pyanalysis.analysis.sampling import FILTERS
from pyanalysis.batch import AnswerLines
from pyanalysis.report.plot import stats_svg
from pyanalysis.text.study import draw_sentence, stats_csv, stats_lines, stats_notes

from .common import CliError, command, echo_lines, emit

__all__ = ["COMMANDS", "deals", "stats"]


@command("deals", "Random deals as batch jobs, seeded; with --filter bid, hands he would bid.", [
    "prefdd deals --count 100 --seed 1 -o tables.jsonl",
    "prefdd deals --count 100 --seed 1 --kind tenner --game 10S --declarer 1 --filter bid"
    " -o tenners.jsonl",
    "prefdd deals --count 5 --seed 7 --kind solve --game misere --declarer 2"], deal=False)
@click.option("--count", "-n", type=click.IntRange(min=1), required=True, metavar="N",
              help="Deals to write.")
@click.option("--seed", type=click.IntRange(0, 2 ** 63 - 1), default=0, show_default=True,
              metavar="S", help="Seed of the deal: the same seed writes the same deals.")
@click.option("--kind", type=click.Choice(list(STUDY_KINDS)), default="table",
              show_default=True, help="The job kind of every line (prefdd batch's kinds).")
@click.option("--game", "-g", metavar="GAME", default=None,
              help="The declarer's game (6S ... 10NT, misere): his best discard is made for"
                   " the kinds that play the deal (solve, whist, lead, misere_catch).")
@click.option("--declarer", type=click.IntRange(1, 3), default=None, metavar="SEAT",
              help="The declarer's seat: 1, 2 or 3.")
@click.option("--filter", "filter_name", type=click.Choice(FILTERS), default="none",
              show_default=True,
              help="'bid' keeps the deals whose declarer would declare the game from his own"
                   " seat, his twelve cards weighed over 16 layouts he cannot see (also"
                   " 'seat'); 'dd' those where with the talon and his best discard he takes the"
                   " contract less one double-dummy (misère: no trick, 'clean');"
                   " 'at-most-one' misère with one trick at most; 'none' every deal.")
@click.option("-o", "--output", "output_path", metavar="OUT.jsonl", default=None,
              type=click.Path(dir_okay=False), help="Where the job lines go (default: stdout).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, metavar="N",
              help="Threads for the bid filter's searches (default: one per core).")
def deals(count: int, seed: int, kind: str, game: str | None, declarer: int | None,
          filter_name: str, output_path: str | None, jobs: int | None) -> None:
    """Write COUNT random deals as job lines for prefdd batch, one JSON object a line:
    "id", "kind", "deal", and with a declarer "game", "declarer" and "shape" (his ten
    cards' suit lengths, for prefdd stats --by shape).

    The deals are the same for the same seed on every machine, and a smaller count writes
    the first deals of a larger one.
    """
    draw = random_deals(count, seed, game=game, declarer=declarer, filter=filter_name,
                        jobs=jobs)
    lines = (json.dumps(job, ensure_ascii=False)
             for job in deal_jobs(draw, kind, game=game, declarer=declarer))
    if output_path is None:
        for line in lines:
            click.echo(line)
        return
    try:
        with open(output_path, "w", encoding="utf-8") as out:
            for line in lines:
                out.write(line + "\n")
    except OSError as exc:
        raise CliError(f"cannot write {output_path}: {exc.strerror}") from None
    click.echo(draw_sentence(len(draw.deals), draw.drawn, output_path, kind))


@command("stats", "Count a batch's answers by a field: rates with 95% intervals.", [
    "prefdd stats tenners.out.jsonl --by shape",
    "prefdd stats tenners.out.jsonl --by shape --csv",
    "prefdd stats tenners.out.jsonl --by trumps --plot trumps.svg",
    "prefdd stats tables.out.jsonl --outcome 'contracts.1.S>=6' --mean contracts.1.S --json"],
    deal=False)
@click.argument("answers_path", metavar="ANSWERS.jsonl", type=click.Path(dir_okay=False))
@click.option("--by", metavar="FIELD", default=None,
              help="Group the answers by this field (a dotted path in the line or in its"
                   " \"answer\": shape, verdict, answer.made).")
@click.option("--outcome", metavar="TEST", default="verdict=made", show_default=True,
              help="What counts as a yes: FIELD, FIELD=VALUE, FIELD!=VALUE or FIELD>=N (also"
                   " <=, >, <); looked up in the line, then in its \"answer\".")
@click.option("--mean", "average", metavar="FIELD", default=None,
              help="Also the mean of this numeric field (and its standard error).")
@click.option("--json", "as_json", is_flag=True, help="Print the counts as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="Print the counts as CSV.")
@click.option("--plot", "plot_path", metavar="FILE.svg", default=None,
              type=click.Path(dir_okay=False),
              help="Also draw the counts as an SVG picture: the rate of each group with its"
                   " interval, and a histogram of the --mean field.")
def stats(answers_path: str, by: str | None, outcome: str, average: str | None,
          as_json: bool, as_csv: bool, plot_path: str | None) -> None:
    """Count the answer lines of ANSWERS.jsonl (prefdd batch's output), group by group: the
    answers, the errors, how many meet the outcome among those that have its field, that
    rate and its 95% Wilson interval; the total last.

    Answers without the outcome's field (or the --mean field), or where it is no yes/no (no
    number), are not in the rate and are said on stderr, kind by kind; a field that no answer
    has is refused. Numbers compare exactly, fractions such as "-16/3" too. A torn last line
    (a run stopped while writing it) is skipped with a warning; a line of more than 8 MB is
    refused, and the file with it.
    """
    if as_json and as_csv:
        raise CliError("--json and --csv: choose one")
    lines = AnswerLines(answers_path)
    result = answer_stats(lines, by=by, outcome=outcome, average=average)
    result.torn = lines.torn
    # What the count left out is said on stderr, whatever the output's form (JSON has it too).
    for note in stats_notes(result, answers_path, lines.torn_line):
        click.echo(f"Warning: {note}", err=True)
    if plot_path is not None:
        try:
            with open(plot_path, "w", encoding="utf-8") as out:
                out.write(stats_svg(result))
        except OSError as exc:
            raise CliError(f"cannot write {plot_path}: {exc.strerror}") from None
    if as_json:
        emit(result)
    elif as_csv:
        sys.stdout.write(stats_csv(result))
    else:
        echo_lines(stats_lines(result))


COMMANDS = [deals, stats]
