"""An underbid for people (`prefdd underbid`): a layout where he takes only what he bid."""
from __future__ import annotations

import pyanalysis as pa
from pyanalysis.analysis import Underbid

from .layouts import DOUBLE_DUMMY, layout_lines
from .words import count, game_text, hand_text, noun, pair_text, percent, say, seat_name

__all__ = ["underbid_lines"]


def underbid_lines(result: Underbid, out: pa.Hand | None, symbols: bool) -> list[str]:
    seat = seat_name(result.declarer)
    game = game_text(result.game, symbols)
    n = len(result.hand)
    if n == 10:
        question = (f"Underbid: the declarer ({seat}) bid {game} and took more. Is there a"
                    f" layout of the other 20 cards in which he takes only {result.bid}?")
    else:
        question = (f"Underbid in {game}, an ending of {n} tricks: is there a layout of the"
                    f" other {2 * n} cards in which the declarer ({seat}) takes only"
                    f" {result.bid} of them?")
    discard = f" (discard {pair_text(list(out), symbols)})" if out is not None and len(out) \
        else ""
    lines = [*say(question), f"His cards{discard}:", "  " + hand_text(result.hand, symbols),
             f"{count(result.layouts)} layouts: exact, every layout counted.", *say(DOUBLE_DUMMY),
             ""]
    if not result.justified or result.shown is None:
        lines += say(f"Not justified: he takes more than {result.bid} in every one of the"
                     f" {count(result.layouts)} layouts.")
        return lines
    lines.append(f"Justified: a layout where he takes only {noun(result.shown.tricks)}:")
    lines += layout_lines(result.shown, result.game, result.declarer, symbols)
    lines += ["", *say(f"He takes {result.bid} or fewer in {count(result.at_most)} of the"
                       f" {count(result.layouts)} layouts ({percent(result.probability)}).")]
    return lines
