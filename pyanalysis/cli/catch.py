"""`prefdd misere-catch`: can the catchers catch the misère without seeing his discard?

Reads a deal with the talon (the declarer's twelve cards = his hand + the talon), asks
`pyanalysis.analysis.catch.misere_catch` and prints, for people (`pyanalysis.text.catch`),
the diagram, every distinct discard with its open-card result, the verdict of the exact
search over the discards the catchers cannot tell apart, and a line of play; with `--json`,
the result's ``to_dict()``.
"""
from __future__ import annotations

import click

from pyanalysis.analysis.catch import misere_catch
from pyanalysis.text.catch import catch_lines

from .common import answer, command, parse_cards, parse_deal
from .options import answer_options, leader_option, played_option, question

__all__ = ["COMMANDS", "catch_lines", "misere_catch_command"]

EXAMPLE_ENDING = "8.-.T.- J.-.-.9 -.-.J.7 KD KH"
EXAMPLE_DEAL = "87.9.AQT97.87 AK.AQ.KJ8.AKJ JT9.KJT7.-.QT9 QS 8C"
#: The examples of `--help` (tests run them verbatim).
EXAMPLES = [
    f'prefdd misere-catch "{EXAMPLE_ENDING}" --declarer 2',
    f"prefdd misere-catch {EXAMPLE_DEAL} --declarer 1",
    f'prefdd misere-catch "{EXAMPLE_ENDING}" --declarer 2 --all-defences',
    f'prefdd misere-catch "{EXAMPLE_ENDING}" --declarer 2 --json']


@command("misere-catch", "Misère: caught whatever he discarded, the discard unseen?",
         EXAMPLES, long=True)
@question("deal", "DEAL")
@leader_option("The seat that leads the current trick.")
@played_option("Cards already played to the current trick, from the leader: \"AS KS\".")
@click.option("--all-defences", "all_defences", is_flag=True,
              help="Also list what the other non-dominated defences catch (slower on hard"
                   " deals: the search can no longer stop at the best).")
@answer_options()
def misere_catch_command(deal: tuple[str, ...], declarer: int, leader: int, played: str | None,
                         all_defences: bool, ascii_only: bool, as_json: bool) -> None:
    """Misère with the discard unknown: is there one defence that catches him whatever he
    discarded?

    DEAL is the three hands and the two-card talon (his twelve cards = his hand + the
    talon); an ending likewise. Every distinct discard is solved with open cards, then the
    exact search finds the defence (one card for each sequence of cards the catchers have
    seen, the same whatever the discard) that catches him against the most discards.
    """
    the_deal = parse_deal(deal)
    result = misere_catch(the_deal, declarer, leader=leader, played=parse_cards(played),
                          pareto="all" if all_defences else "best")
    answer(result, as_json, lambda: catch_lines(result, not ascii_only))


COMMANDS = [misere_catch_command]
