"""Analyses: questions asked of a deal or a hand, built on solving and scoring.

One module per question: `layouts` (the declarer's result over every layout of the cards he
cannot see: the mechanism the others stand on), `tenner` (the open-card check of a ten and
"was it guaranteed?"), `totus` (the twelve-card slam in both forms of the rule texts),
`underbid` (недозаказ) and `misere` (how often a misère is caught, discard by discard).
"""
from .layouts import Layout, LayoutOdds, distinct_discards, layout_odds
from .misere import misere_odds
from .tenner import TennerCheck, TennerOdds, check_tenner, tenner_odds
from .totus import DiscardVerdict, Totus, totus
from .underbid import Underbid, underbid

__all__ = [
    "Layout", "LayoutOdds", "layout_odds", "distinct_discards", "misere_odds",
    "TennerCheck", "TennerOdds", "check_tenner", "tenner_odds", "Totus", "DiscardVerdict",
    "totus", "Underbid", "underbid",
]
