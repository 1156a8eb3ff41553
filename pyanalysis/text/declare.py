"""What should he have declared, for people (`prefdd declare`): the verdict in words, then
every game he may name with its best discard, its odds, its value in vists and its paired
difference to the best."""
from __future__ import annotations

from pyanalysis.analysis.declare import Declaration, DeclareOption
from pyanalysis.analysis.declare_seat import LEAST_DRAWS, LEAST_WEIGHED
from pyanalysis.analysis.settle import FIRST_LOOK, stop_words
from pyanalysis.games import MISERE

from .words import (
    count, either, game_text, hand_text, pair_text, percent, rules_text, sampled_share, say,
    seat_name, table, with_error,
)

__all__ = ["declare_lines", "near_tie", "verdict"]

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
    """"Declare 7♥ discarding 8♣ 7♣: makes 91.00% (95% interval 87.1–93.9%) of 200 layouts,
    +12.34 ± 0.50 vists on average"."""
    best = result.best
    made = "clean" if best.game.kind == MISERE else "makes"
    share = sampled_share(best.probability, best.probability_interval, result.layouts,
                          symbols)
    layouts = None if result.exact else result.layouts
    return (f"Declare {game_text(best.game, symbols)} discarding"
            f" {pair_text(best.discard, symbols)}: {made} {share},"
            f" {with_error(best.vists, best.vists_se, symbols, layouts=layouts)} vists on"
            f" average.")


def stopping(result: Declaration, symbols: bool = True) -> str:
    """Why the draw stopped: "settled after 300 layouts", "cap reached: 8♠ and 8♦ within
    noise" (the games within two standard errors of the best), "1,000 layouts, as asked"."""
    best = result.best
    close = [game_text(best.game, symbols)] + [
        game_text(o.game, symbols) for o in result.options if o is not best
        and (o.diff_se is None or -o.diff < 2 * o.diff_se)]
    return stop_words(result.stopped, result.layouts, close, cap=result.cap or None)


def near_tie(result: Declaration, symbols: bool = True) -> str | None:
    """The sentence that says the best game is within two standard errors of the next best
    (their paired difference), naming both; None when it is not (or nothing is sampled)."""
    best = result.best
    others = [o for o in result.options if o is not best]
    if not others:
        return None
    runner = max(others, key=lambda o: o.diff)
    if runner.diff_se is None or -runner.diff >= 2 * runner.diff_se:
        return None
    close = [game_text(o.game, symbols) for o in others if o is not runner
             and o.diff_se is not None and -o.diff < 2 * o.diff_se]
    more = f"; so {'is' if len(close) == 1 else 'are'} {either(close)}" if close else ""
    behind = with_error(-runner.diff, runner.diff_se, symbols, sign=False)
    return (f"{game_text(runner.game, symbols)} discarding {pair_text(runner.discard, symbols)}"
            f" is within noise of it ({behind} vists behind, less than two standard"
            f" errors{more}): the layouts drawn cannot tell them apart.")


#: Said under the table when some value there is one every layout drawn agrees on.
ALIKE = " (\"all alike\": every layout drawn gives the same, so there is no error to show)"


def _alike(result: Declaration) -> bool:
    return any(se == 0 for o in result.options for se in (o.vists_se, o.diff_se))


def _row(option: DeclareOption, best: DeclareOption, symbols: bool) -> list[str]:
    versus = "best" if option is best else with_error(option.diff, option.diff_se, symbols)
    mark = "*" if option.seat_weighed and option.seat_weighed["short"] else ""
    return [game_text(option.game, symbols) + mark, pair_text(option.discard, symbols),
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
        if result.stopped != "cap" or (result.cap or 0) > FIRST_LOOK:  # else no look was made
            drawn += f"; {stopping(result, symbols)}"
    lines = [f"Declarer: {seat_name(result.declarer)}, holding"
             f" {hand_text(result.hand, symbols)} (before the discard)."]
    lines += say(f"Layouts: {drawn}; every game and each of his {result.discards} distinct"
                 f" discards on the same layouts. Rules: {rules_text(result.rules)},"
                 f" {result.players} players; the {seat_name(result.leader)} leads.")
    if result.earlier:
        lines += say(f"An ending of {n} tricks: in a contract he is taken to have won the"
                     f" {result.earlier} tricks before it (in misère none).")
    lines += [""] + say(verdict(result, symbols))
    tie = near_tie(result, symbols)
    if tie:
        lines += say(tie)
    lines += [""]
    rows = [["game", "discard", "made", "tricks", "vists", "vs best"]]
    rows += [_row(option, result.best, symbols) for option in result.options]
    lines += table(rows, right=(2, 3))
    lines += [""] + say(f"\"made\" is the share of layouts in which he makes the game (misère:"
                        f" stays clean); \"tricks\" his mean; \"vists\" his mean value in"
                        f" vists; \"vs best\" the mean difference to {game_text(result.best.game, symbols)}"
                        f" on the same layouts{'' if result.exact else ', with its standard error'}"
                        f"{ALIKE if _alike(result) else ''}.")
    flagged = [o for o in result.options if o.seat_weighed and o.seat_weighed["short"]]
    for option in flagged:
        seen = option.seat_weighed
        assert seen is not None
        thin = (f", {count(seen['thin'])} of them fewer than {LEAST_WEIGHED} (his cards fit"
                f" the bid in too few of {count(LEAST_DRAWS)} layouts drawn)"
                if seen.get("thin") else "")
        lines += say(f"* {game_text(option.game, symbols)}: {count(seen['short'])} of its"
                     f" {count(seen['decisions'])} decisions from a seat weighed fewer layouts"
                     f" than asked{thin} (the fewest: {count(seen['fewest'])}); its words, and"
                     f" so its value, are less sure than the standard error says.")
    weighed = ("every layout" if result.seat_samples == "all"
               else f"{count(result.seat_samples or 0)} layouts")
    lines += [""] + say(NOTES[result.whist].format(weighed=weighed))
    seen = result.seat_weighed
    if seen and seen["short"]:
        lines += say(f"The bidding filter left {count(seen['short'])} of the"
                     f" {count(seen['decisions'])} decisions fewer layouts than asked (the"
                     f" fewest: {count(seen['fewest'])}), within its limit of draws; each"
                     f" drew on to weigh at least {LEAST_WEIGHED} (up to"
                     f" {count(LEAST_DRAWS)} draws)"
                     + (f", which {count(seen['thin'])} could not." if seen.get("thin")
                        else "."))
    return lines
