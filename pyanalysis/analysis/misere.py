"""Misère over every layout: how often the declarer is caught, discard by discard.

`misere_odds` counts, for each distinct discard of the declarer's twelve cards (or for his ten
with the discard out of play), the layouts of the others' twenty cards in which the catchers
force a trick on him, the 1st hand leading. Play is double-dummy: the catchers are taken to
know his discard, which at the table they never see (RULES.md §2.2), so the share caught is an
upper bound on what real catchers achieve, and the declarer's chances are a lower bound.
"""
from __future__ import annotations

from typing import Callable, Iterable

from ..cards import Card
from ..games import MISERE
from ..hand import Hand
from .layouts import LayoutOdds, layout_odds, renamed_arguments

#: What the misère numbers assume, said wherever they are shown.
BIAS = ("double-dummy: the catchers play as if they knew the discard, so the share caught is "
        "an upper bound for them")


@renamed_arguments(sample="samples")
def misere_odds(hand: Hand | str | Iterable[Card | str], declarer: int, *,
                others: Hand | str | None = None, out: Hand | str | None = None,
                leader: int = 1, samples: int | None = None, seed: int | None = 0,
                jobs: int | None = None,
                progress: Callable[..., None] | None = None,
                fixed: bool = False) -> LayoutOdds:
    """The share of layouts in which the misère declarer is caught (takes a trick).

    Arguments as `layout_odds`; `made` counts the layouts where he is caught, `discards`
    ranks the distinct discards of a 12-card hand, fewest catches first, and `worst` is a
    catching layout (with its line) for the best discard, when there is one. With `samples`
    the count stops once the best discard is settled (or, for ten cards, once the share
    caught is known to within 0.5 percentage points), unless `fixed` (see `layout_odds`).
    """
    return layout_odds(hand, MISERE, declarer, others=others, out=out, leader=leader,
                       target=1, samples=samples, seed=seed, jobs=jobs, progress=progress,
                       fixed=fixed)
