"""prefdd's Python layer: cards and deals, games and rule sets, scoring, solving.

Modules are layered (see DESIGN.md): cards and notation (`cards`, `hand`, `deal`, `diagram`,
`errors`, `seat`: the three seats), games and rules (`games`, `rules`, `serialize`: results as
JSON), scoring (`scoring`, `sheet`, `sheet_io`), play and solving (`play`: a deal played card
by card, `record`, `solving`), analyses (`analysis`: layouts, tenner, totus, underbid, misère,
whist, leads, review, problems, study), text and reports (`text`, `report`) and the interfaces
(`batch` and `jobs`, its job kinds; `cli`; `web`: the page of `prefdd serve`); each uses
only layers before it.
The engine (`solver`) is imported on first use, so notation and scoring work without it.
"""

from .cards import Card
from .deal import Deal
from .errors import NotationError
from .games import Game
from .hand import Hand
from .play import Play
from .record import Record
from .rules import RuleSet
from .seat import Seat
from .scoring import DealScore, score_deal
from .sheet import Sheet, settle
from .solving import DDTable, Solution, solve, table
from .analysis import (
    LeadDecision, LeadTable, MisereCatch, lead_decision, lead_table, misere_catch,
    LayoutOdds, TennerCheck, TennerOdds, Totus, Underbid, check_tenner, layout_odds,
    WhistDecision, WhistTable, misere_odds, tenner_odds, totus, underbid, whist_decision,
    whist_table,
)
from .analysis import Claim, Review, ReviewCard, check_claim, review
from .analysis import Declaration, declare_options
from .analysis import (
    Problem, ProblemCheck, ProblemSolution, check_problems, load_problems, solve_problem,
)

__all__ = [
    "Card", "Hand", "Deal", "NotationError", "Game", "Seat", "Play",
    "RuleSet", "score_deal", "DealScore", "Sheet", "settle",
    "solve", "Solution", "table", "DDTable",
    "layout_odds", "LayoutOdds", "check_tenner", "TennerCheck", "tenner_odds", "TennerOdds",
    "totus", "Totus", "underbid", "Underbid", "misere_odds",
    "whist_table", "WhistTable", "whist_decision", "WhistDecision",
    "lead_table", "LeadTable", "lead_decision", "LeadDecision", "misere_catch", "MisereCatch",
    "Record", "review", "Review", "ReviewCard", "check_claim", "Claim",
    "declare_options", "Declaration",
    "load_problems", "solve_problem", "check_problems", "Problem", "ProblemSolution",
    "ProblemCheck",
]
