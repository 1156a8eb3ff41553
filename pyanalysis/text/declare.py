"""What should he have declared, for people (`prefdd declare`): the verdict in words, then
every game he may name with its best discard, its odds, its value in vists and its paired
difference to the best."""
from __future__ import annotations

from pyanalysis.analysis.declare import Declaration, DeclareOption
from pyanalysis.games import MISERE

from .words import (
    count, game_text, hand_text, pair_text, percent, rules_text, say, seat_name, table,
    with_error,
)

__all__ = ["declare_lines", "verdict"]

#: What stands in for the players' eyes, by the way the defenders' words were decided.
NOTES = {
    "open": "Play is double-dummy in each layout, and the defenders whist or pass as is best"
            " for each of them with open cards: the values assume they see his hand.",
    "seat": "Play is double-dummy in each layout. Each defender whists or passes from his own"
            " seat: what is best for him on average over {weighed} of the cards he cannot"
            " see (his hand and the talon known; in a whole deal only the layouts in which"
            " the declarer would have bid the game; his discard his best double-dummy one),"
            " the words after his decided with open cards in each of those layouts."}


def verdict(result: Declaration, symbols: bool = True) -> str:
    """"Declare 7♥ discarding 8♣ 7♣: makes 91.00% (± 0.90%), +12.34 ± 0.50 vists on average"."""
    best = result.best
    made = "clean" if best.game.kind == MISERE else "makes"
    share = percent(best.probability)
    if best.probability_se is not None:
        share += f" (± {best.probability_se * 100:.2f}%)" if symbols else \
            f" (+/- {best.probability_se * 100:.2f}%)"
    return (f"Declare {game_text(best.game, symbols)} discarding"
            f" {pair_text(best.discard, symbols)}: {made} {share},"
            f" {with_error(best.vists, best.vists_se, symbols)} vists on average.")


def _row(option: DeclareOption, best: DeclareOption, symbols: bool) -> list[str]:
    versus = "best" if option is best else with_error(option.diff, option.diff_se, symbols)
    return [game_text(option.game, symbols), pair_text(option.discard, symbols),
            percent(option.probability), f"{float(option.tricks):.2f}",
            with_error(option.vists, option.vists_se, symbols), versus]


def declare_lines(result: Declaration, symbols: bool = True) -> list[str]:
    """The answer of `declare_options` as text lines."""
    n = len(result.others) // 2
    ways = f"the {count(result.total)} ways the defenders' {2 * n} cards can lie"
    if result.exact:
        drawn = f"every one of {ways}"
    else:
        drawn = f"{count(result.layouts)} of {ways}, drawn at random (seed {result.seed})"
    lines = [f"Declarer: {seat_name(result.declarer)}, holding"
             f" {hand_text(result.hand, symbols)} (before the discard)."]
    lines += say(f"Layouts: {drawn}; every game and each of his {result.discards} distinct"
                 f" discards on the same layouts. Rules: {rules_text(result.rules)},"
                 f" {result.players} players; the {seat_name(result.leader)} leads.")
    if result.earlier:
        lines += say(f"An ending of {n} tricks: in a contract he is taken to have won the"
                     f" {result.earlier} tricks before it (in misère none).")
    lines += [""] + say(verdict(result, symbols)) + [""]
    rows = [["game", "discard", "made", "tricks", "vists", "vs best"]]
    rows += [_row(option, result.best, symbols) for option in result.options]
    lines += table(rows, right=(2, 3))
    lines += [""] + say(f"\"made\" is the share of layouts in which he makes the game (misère:"
                        f" stays clean); \"tricks\" his mean; \"vists\" his mean value in"
                        f" vists; \"vs best\" the mean difference to {game_text(result.best.game, symbols)}"
                        f" on the same layouts{'' if result.exact else ', with its standard error'}.")
    weighed = ("every layout" if result.seat_samples == "all"
               else f"{count(result.seat_samples or 0)} layouts")
    lines += [""] + say(NOTES[result.whist].format(weighed=weighed))
    seen = result.seat_weighed
    if seen and seen["short"]:
        lines += say(f"The bidding filter left {count(seen['short'])} of the"
                     f" {count(seen['decisions'])} decisions fewer layouts than asked (the"
                     f" fewest: {count(seen['fewest'])}), within its limit of draws.")
    return lines
