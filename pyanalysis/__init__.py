"""prefdd's Python layer: cards and deals, games and rule sets, scoring, solving, analyses.

Modules are layered (see DESIGN.md): each uses only the ones listed above it here.
"""

__all__: list[str] = []

from .cards import Card; from .errors import NotationError; from .games import Game  # noqa: E402,E702
__all__ += ["Card", "NotationError", "Game"]
from .hand import Hand; from .deal import Deal  # noqa: E402,E702
__all__ += ["Hand", "Deal"]
from .solving import DDTable, Solution, solve, table  # noqa: E402
__all__ += ["solve", "Solution", "table", "DDTable"]
from .rules import RuleSet; from .scoring import DealScore, score_deal; from .sheet import Sheet, settle  # noqa: E402,E702
__all__ += ["RuleSet", "score_deal", "DealScore", "Sheet", "settle"]
