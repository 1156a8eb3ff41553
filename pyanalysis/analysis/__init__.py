"""Analyses: questions asked of a deal or a hand, built on solving and scoring.

One module per question: `layouts` (the declarer's result over every layout of the cards he
cannot see: the mechanism the others stand on), `tenner` (the open-card check of a ten and
"was it guaranteed?"), `totus` (the twelve-card slam in both forms of the rule texts),
`underbid` (недозаказ), `misere` (how often a misère is caught, discard by discard),
`sampling` (layouts as a player sees them: declarer model and bidding filter), `whist`
(whist or pass in vists) and `leads` (which card to lead), each with open cards and from the
player's own seat, `catch` (catching a misère whose discard the catchers cannot see) and
`declare` (which game and discard to declare after the talon, in vists); `study` (random
deals for a study of many, and the answers counted).
"""
from .catch import MisereCatch, misere_catch
from .declare import Declaration, DeclareOption, declare_options
from .leads import LeadDecision, LeadStats, LeadTable, lead_decision, lead_table
from .layouts import (
    MAX_DRAWS, MAX_SAMPLES, MAX_WORLDS, Layout, LayoutOdds, distinct_discards, layout_odds,
)
from .misere import misere_odds
from .problems import (
    Problem, ProblemCheck, ProblemError, ProblemSolution, check_problems, load_problems,
    solve_problem,
)
from .review import Claim, Review, ReviewCard, check_claim, review
from .tenner import TennerCheck, TennerOdds, check_tenner, ten_game, tenner_odds
from .totus import DiscardVerdict, Totus, totus
from .underbid import Underbid, underbid
from .whist import OptionStats, WhistDecision, WhistRow, WhistTable, whist_decision, whist_table

__all__ = [
    "MAX_SAMPLES", "MAX_WORLDS", "MAX_DRAWS",
    "Layout", "LayoutOdds", "layout_odds", "distinct_discards", "misere_odds",
    "TennerCheck", "TennerOdds", "check_tenner", "tenner_odds", "ten_game", "Totus",
    "DiscardVerdict", "totus", "Underbid", "underbid", "whist_table", "WhistTable", "WhistRow",
    "whist_decision", "WhistDecision", "OptionStats", "lead_table", "LeadTable",
    "lead_decision", "LeadDecision", "LeadStats", "misere_catch", "MisereCatch",
    "review", "Review", "ReviewCard", "check_claim", "Claim",
    "declare_options", "Declaration", "DeclareOption",
    "load_problems", "solve_problem", "check_problems", "Problem", "ProblemSolution",
    "ProblemCheck", "ProblemError",
]
