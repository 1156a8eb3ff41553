"""An analysis's result as the page shows it: the HTML report's section for it where the
report has one (the whist table, the lead table, layout odds: `report.render_sections`),
then the command line's text for it (its JSON where there is none), every character
escaped."""
from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup, escape

from pyanalysis.games import Game
from pyanalysis.report import render_sections

from .questions import Analysis, Question

__all__ = ["analysis_html"]


def analysis_html(name: str, analysis: Analysis, result: Any, question: Question) -> str:
    """The fragment for `result` of the analysis `name`."""
    parts = []
    if analysis.section is not None:
        game = question.game if question.game is not None else Game.parse("misere")
        parts.append(Markup(render_sections(game, **{analysis.section: result})))
    # An analysis the command line has no text for yet is shown as its JSON.
    lines = analysis.lines(result, question) or (
        [] if parts else json.dumps(result.to_dict(), ensure_ascii=False, indent=2).splitlines())
    if lines:
        parts.append(Markup('<pre class="answer-text" data-analysis="{}">{}</pre>').format(
            name, "\n".join(lines)))
    return str(Markup("\n").join(parts)) if parts else str(escape(""))
