"""An analysis's result as the page shows it: its view (`report.views`, drawn from the
result's JSON: what to declare, the seat whist and lead decisions, the misère catch, layout,
tenner and misère odds), else the HTML report's section for it (the open-card whist and lead
tables), and the command line's text one click away ("As text"); an analysis with neither a
view nor a section shows its text (its JSON where there is none). Every character is
escaped."""
from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup, escape

from pyanalysis.games import Game
from pyanalysis.report import render_sections
from pyanalysis.report.views import view_html
from pyanalysis.text.declare import verdict as declare_verdict
from pyanalysis.text.review import result_sentence

from .questions import Analysis, Question

__all__ = ["analysis_html"]

#: The sentence above a view: the verdict in words, where the command line has one.
HEADLINES = {"declare": lambda result: declare_verdict(result),
             "review": lambda result: result_sentence(result)}

def analysis_html(name: str, analysis: Analysis, result: Any, question: Question) -> str:
    """The fragment for `result` of the analysis `name`."""
    parts = []
    view = None if analysis.view is None else analysis.view.shown  # the registry's
    if view is not None:
        headline = HEADLINES[name](result) if name in HEADLINES else None
        parts.append(Markup(view_html(view, result.to_dict(), headline)))
    elif analysis.section is not None:
        game = question.game if question.game is not None else Game.parse("misere")
        parts.append(Markup(render_sections(game, **{analysis.section: result})))
    # An analysis the command line has no text for yet is shown as its JSON.
    lines = analysis.lines(result, question) or (
        [] if parts else json.dumps(result.to_dict(), ensure_ascii=False, indent=2).splitlines())
    if lines:
        text = Markup('<pre class="answer-text" data-analysis="{}">{}</pre>').format(
            name, "\n".join(lines))
        # Beside a view or a table the terminal's text is one click away, not the default.
        parts.append(Markup('<details class="as-text"><summary>As text</summary>{}</details>')
                     .format(text) if parts else text)
    return str(Markup("\n").join(parts)) if parts else str(escape(""))
