"""Reports for people: a deal, a played deal or a published problem as one self-contained
HTML page (`render_html`, `write_html`).

`page` says what a page holds (`Report` and its builders `deal_report`, `review_report`,
`problem_report`); `play` the line of play with every position's card values; `html` renders
it with the templates in `templates/` (package data); `views` draws one analysis's result
from its JSON (`view_html`), for the report's sections and the web page alike; `plot` draws a
study's counts as SVG.
"""
from .html import (
    PageWriteError, embed_json, render_html, render_sections, save_page, write_html,
)
from .page import SHOWN, Report, SeatViews, deal_report, problem_report, review_report
from .play import PlayView, Step, play_from_review, principal_play
from .views import VIEWS, view_html

__all__ = [
    "Report", "SeatViews", "SHOWN", "deal_report", "review_report", "problem_report",
    "PlayView", "Step", "principal_play", "play_from_review",
    "render_html", "render_sections", "write_html", "save_page", "PageWriteError", "embed_json",
    "VIEWS", "view_html",
]
