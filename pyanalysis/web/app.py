"""The web application: the page, its assets and the JSON API under /api/.

Every API route takes a JSON object and answers JSON: the Python API's ``to_dict()`` of the
answer (`solve`, `table`, a position as `prefdd play --json` gives it, each analysis), or
``{"error": "..."}`` with status 400 for bad input, in the words the command line uses.
Before any route, `guard.Guard` refuses requests that are not the page's own (another
site's, another host name's, a POST that is not JSON). Solving runs in a small pool of
worker threads (each keeps one engine, so their number caps the memory), and the server
keeps answering while they work; analyses run in the `JobPool` (a cap on how many run and
wait) and can be cancelled, and one asked by `POST /api/analysis` is cancelled when its
client goes away. Nothing is read from the disk but the package's own page and assets, and
nothing is written.
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import json
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from typing import Any, AsyncIterator, Awaitable, Callable, Sequence

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import pyanalysis as pa
from pyanalysis.analysis.problems import find_problem, load_problems, question_words
from pyanalysis.errors import one_line
from pyanalysis.report import deal_report, render_html, review_report
from pyanalysis.serialize import to_jsonable
from pyanalysis.session import PlaySession, turn_json

from .guard import LOCAL_HOSTS, Guard
from .jobs import Job, JobPool, PoolFullError, UnknownJobError
from .questions import (
    ANALYSES, Question, RequestError, check_samples, describe_analyses, game_needed,
    read_question, text_field,
)
from .render import analysis_html

__all__ = ["LOCAL_HOSTS", "MAX_BODY", "MAX_RECORD", "SOLVE_THREADS", "create_app"]

#: The worker threads that solve for the quick routes (solve, table, position, ...): each
#: keeps its engine and its table between requests, so this caps their memory; more
#: requests at once wait their turn.
SOLVE_THREADS = 4
#: How often (seconds) `POST /api/analysis` looks whether its client is still there.
DISCONNECT_POLL = 0.1

#: The largest request body read (a deal and its play are a few hundred bytes).
MAX_BODY = 64 * 1024
#: The largest record text read from an upload.
MAX_RECORD = 32 * 1024
#: The page and its assets: (package, file in it, content type). The board, the cards and
#: the tables are styled as the HTML report styles them (its own style sheet).
ASSETS = {"/": ("pyanalysis.web", "static/index.html", "text/html; charset=utf-8"),
          "/static/app.js": ("pyanalysis.web", "static/app.js",
                             "text/javascript; charset=utf-8"),
          "/static/app.css": ("pyanalysis.web", "static/app.css", "text/css; charset=utf-8"),
          "/static/report.css": ("pyanalysis.report", "templates/style.css",
                                 "text/css; charset=utf-8")}

Handler = Callable[[Any], Any]


@functools.lru_cache(maxsize=None)
def _asset(package: str, name: str) -> bytes:
    return (resources.files(package) / name).read_bytes()


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": one_line(message)}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object (an empty body is an empty one); `RequestError` for a body
    too large, not JSON, or JSON that is not an object of fields."""
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > MAX_BODY:
        raise RequestError(f"request: {size} bytes, at most {MAX_BODY}")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise RequestError(f"request: more than {MAX_BODY} bytes")
    try:
        data = json.loads(body.decode("utf-8")) if body.strip() else {}
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise RequestError(f"request: not JSON ({error})") from None
    if not isinstance(data, dict):
        raise RequestError(f"request: give a JSON object of fields, e.g. {{\"deal\": \"...\"}},"
                           f" not {_json_kind(data)}")
    return {**data, **request.path_params}


def _json_kind(value: Any) -> str:
    """A JSON value's kind in JSON's words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return {list: "a list", str: "a string"}.get(type(value), "a number")


def _json_route(work: Handler, threads: ThreadPoolExecutor | None
                ) -> Callable[[Request], Awaitable[Response]]:
    """An API route: the body read as a JSON object, `work(data)` run in one of `threads`
    (None: at once, for work that never waits), its answer sent as JSON; a `ValueError`
    (bad input) is status 400 with its one line, `PoolFullError` 429, an unknown job 404."""
    async def endpoint(request: Request) -> Response:
        try:
            data = await _body(request)
            if threads is None:
                answer = work(data)
            else:
                answer = await asyncio.wrap_future(threads.submit(work, data))
        except UnknownJobError as error:
            return _error(str(error), 404)
        except PoolFullError as error:
            return _error(str(error), 429)
        except ValueError as error:
            return _error(str(error))
        if isinstance(answer, Response):
            return answer
        return JSONResponse(answer)
    return endpoint


# ----------------------------------------------------------------------------- the answers


def parse_deal(data: Any) -> dict[str, Any]:
    """The deal read as the command line reads it: its one-line form and its cards."""
    deal = read_question(data, game=False).deal
    return {"deal": str(deal), "size": deal.size, "is_full": deal.is_full,
            "hands": {str(seat): _card_list(deal.hands[seat - 1]) for seat in (1, 2, 3)},
            "talon": [str(card) for card in deal.talon],
            "discard": None if deal.discard is None else _card_list(deal.discard)}


def _card_list(cards: Any) -> list[str]:
    """Cards as the page lists them: suits ♠ ♣ ♦ ♥, high cards first."""
    return [str(card) for card in sorted(cards, key=lambda c: (c.suit, -c.rank))]


def solve(data: Any) -> dict[str, Any]:
    """`pa.solve(...).to_dict()`; `plays` here are the cards already in the current trick."""
    q = read_question(data)
    return pa.solve(q.deal, q.game, declarer=q.declarer, player=q.player, leader=q.leader,
                    played=q.plays, talon_rule=q.talon_rule).to_dict()


def table(data: Any) -> dict[str, Any]:
    """`pa.table(...).to_dict()`."""
    q = read_question(data, game=False)
    return pa.table(q.deal, talon_rule=q.talon_rule).to_dict()


def session(data: Any) -> PlaySession:
    """The deal played from the start through `plays`; a card that may not be played is
    refused naming it and its place in `plays`."""
    q = read_question(data)
    play = PlaySession(q.deal, q.game, q.focus, leader=q.leader, talon_rule=q.talon_rule)
    for index, card in enumerate(q.plays, 1):
        try:
            play.play(card)
        except ValueError as error:
            raise RequestError(f"plays: card {index} ({card}): {error}") from None
    return play


def position(data: Any) -> dict[str, Any]:
    """The position after `plays`: `turn_json` (the solution of the position, its card
    values, the tricks so far), as `prefdd play --json` gives it, with `verdict` the whole
    deal's result ("made", "down 1", "clean", ...) when best play goes on from here: the
    tricks taken so far and the double-dummy rest decide it (null only for an ending, whose
    first tricks are not known)."""
    play = session(data)
    answer = turn_json(play)
    answer["verdict"] = (play.game.verdict(play.focus_total()) if play.deal.is_full
                         else None)
    return answer


def _subject(q: Question, play: bool = False) -> tuple[Any, ...]:
    """What an analysis or a report is asked of: the deal, the game, the seats, the talon
    rule; `play`: and the cards played (the review reads them)."""
    subject = (str(q.deal), str(q.game), q.declarer, q.player, q.leader, q.talon_rule)
    return subject + (tuple(str(card) for card in q.plays),) if play else subject


def _shown(data: Any, q: Question, pool: JobPool | None) -> dict[str, Any]:
    """The finished analysis `job` names, by the report's field that shows it (none when the
    request names no job): it must be done, shown by the report, and asked of the report's
    own deal, game and seats."""
    job_id = text_field(data, "job", required=False)
    if job_id is None or pool is None:
        return {}
    job = pool.get(job_id)
    analysis = ANALYSES.get(job.name)
    field = analysis.view.report if analysis is not None and analysis.view else None
    if field is None:
        raise RequestError(f"job: the report has no place for {job.name}")
    if job.state != "done":
        raise RequestError(f"job: the analysis is {job.state}, not done")
    here = _subject(q, analysis.view.cards == "record")
    if job.subject is not None and job.subject[1] is None:
        here = (here[0], None, *here[2:])  # an analysis that reads no game (declare, misère)
    if job.subject != here:
        raise RequestError("job: the analysis was asked of another deal, game or seats than"
                           " the report's" + (", or another play" if field == "review" else "")
                           + "; run it again here")
    return {field: job.result}


def report(data: Any, pool: JobPool | None = None) -> Response:
    """The HTML report of the deal (the best line) or of the play so far (reviewed), with
    the finished analysis `job` names in its section (`pool`: the page's analyses)."""
    q = read_question(data)
    seats = q.seats()
    shown = _shown(data, q, pool)
    reviewed = shown.pop("review", None)  # the review run on the page (its seat view too)
    if q.plays:
        if reviewed is None:
            reviewed = pa.review(q.deal, q.game, leader=q.leader, talon_rule=q.talon_rule,
                                 plays=q.plays, **seats)
        page = review_report(reviewed, shown=shown)
    else:
        page = deal_report(q.deal, q.game, leader=q.leader, talon_rule=q.talon_rule,
                           shown=shown, **seats)
    return Response(render_html(page), media_type="text/html; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="prefdd-report.html"'})


def record(data: Any) -> dict[str, Any]:
    """A game record's text (uploaded by the page) read: its deal, game, seats and play."""
    text = text_field(data, "record")
    if len(text) > MAX_RECORD:
        raise RequestError(f"record: {len(text)} characters, at most {MAX_RECORD}")
    if not text.strip():
        raise RequestError("record: the record is empty: give at least 'deal:' and 'game:'"
                           " lines")
    rec = pa.Record.parse(text)
    return {"record": rec.to_dict(), "deal": str(rec.deal), "game": str(rec.game),
            "declarer": rec.declarer, "leader": rec.leader, "talon_rule": rec.talon_rule,
            "plays": to_jsonable(list(rec.plays))}


def problems(data: Any) -> dict[str, Any]:
    """The published problems: id, game, question."""
    return {"problems": [{"id": p.id, "game": p.game_words, "question": question_words(p)}
                         for p in load_problems()]}


def problem(data: Any) -> dict[str, Any]:
    """One published problem's deal, game and seats, to load into the page."""
    found = find_problem(text_field(data, "id"))
    return {"id": found.id, "deal": str(found.deal), "game": str(found.game),
            "declarer": found.declarer, "leader": found.leader,
            "question": question_words(found), "source": found.source}


# ----------------------------------------------------------------------------- analyses


def _analysis_work(pool: JobPool, data: dict[str, Any]) -> Job:
    """Check an analysis's question and queue it; the job."""
    name = text_field(data, "analysis")
    analysis = ANALYSES.get(name)
    if analysis is None:
        raise RequestError(f"analysis: '{name}' is not one of {', '.join(ANALYSES)}")
    q = read_question(data, game=game_needed(name))
    check_samples(analysis, q)
    analysis.check(q)
    total = analysis.total(q)  # checks a count's question before it is queued

    def work(job: Any) -> dict[str, Any]:
        job.subject = _subject(q, analysis.view is not None and analysis.view.cards == "record")

        def progress(k: int, provisional: dict[str, Any] | None = None,
                     result: Any = None) -> None:
            if provisional is not None and result is not None:
                job.provisional = {"result": provisional,
                                   "html": analysis_html(name, analysis, result, q)}
            job.progress(k)

        result = analysis.run(q, progress)
        job.result = result
        return {"result": result.to_dict(),
                "html": analysis_html(name, analysis, result, q)}
    return pool.start(name, work, total, analysis.unit)


async def _until_done_or_gone(request: Request, pool: JobPool, job: Job) -> bool:
    """Wait for `job` to finish; cancel it, and answer False, if the client that asked for
    it closes its connection first (nobody is left to read the answer)."""
    assert job.future is not None
    finished = asyncio.wrap_future(job.future)
    while not finished.done():
        await asyncio.wait({finished}, timeout=DISCONNECT_POLL)
        if not finished.done() and await request.is_disconnected():
            pool.cancel(job.id)
            return False
    return True


def create_app(pool: JobPool | None = None, hosts: Sequence[str] = LOCAL_HOSTS,
               solve_threads: int = SOLVE_THREADS) -> Starlette:
    """The application; `pool` runs the analyses (default: two at once, eight waiting);
    `solve_threads` worker threads solve for the other routes.

    Only requests naming one of `hosts` in their Host header are answered (others get status
    400), so that a web site whose name is made to point at this computer cannot use the
    page's server ("DNS rebinding"); ``["*"]`` answers any. Requests sent by another site's
    page (their Origin) and POSTs that are not JSON are refused (`guard.Guard`)."""
    jobs = pool or JobPool()
    threads = ThreadPoolExecutor(max_workers=solve_threads, thread_name_prefix="solve")

    def start_job(data: dict[str, Any]) -> Response:
        return JSONResponse(_analysis_work(jobs, data).to_dict(), status_code=202)

    async def run_analysis(request: Request) -> Response:
        try:
            data = await _body(request)
            job = await asyncio.wrap_future(threads.submit(_analysis_work, jobs, data))
        except PoolFullError as error:
            return _error(str(error), 429)
        except ValueError as error:
            return _error(str(error))
        if not await _until_done_or_gone(request, jobs, job):
            return _error("analysis: cancelled, the client went away", 499)
        if job.state != "done":
            return _error(job.error or f"analysis: {job.state}")
        return JSONResponse(job.to_dict())

    def job_status(data: dict[str, Any]) -> dict[str, Any]:
        return jobs.get(str(data["job"])).to_dict()

    def job_cancel(data: dict[str, Any]) -> dict[str, Any]:
        return jobs.cancel(str(data["job"])).to_dict()

    async def asset(request: Request) -> Response:
        package, name, kind = ASSETS[request.url.path]
        return Response(_asset(package, name), media_type=kind,
                        headers={"Cache-Control": "no-cache",
                                 "Content-Security-Policy": _CSP,
                                 "X-Content-Type-Options": "nosniff"})

    def analyses(data: dict[str, Any]) -> dict[str, Any]:
        return {"analyses": describe_analyses()}

    # (method, path, work, whether it solves or reads: run in a worker thread). The job
    # routes and the list of analyses never wait, so they answer at once even while every
    # worker is busy.
    answers: list[tuple[str, str, Handler, bool]] = [
        ("POST", "/api/parse", parse_deal, True), ("POST", "/api/solve", solve, True),
        ("POST", "/api/table", table, True), ("POST", "/api/position", position, True),
        ("POST", "/api/report", lambda data: report(data, jobs), True), ("POST", "/api/record", record, True),
        ("GET", "/api/problems", problems, True), ("POST", "/api/problem", problem, True),
        ("GET", "/api/analyses", analyses, False), ("POST", "/api/jobs", start_job, True),
        ("GET", "/api/jobs/{job}", job_status, False),
        ("POST", "/api/jobs/{job}/cancel", job_cancel, False)]
    routes = [Route(path, asset, methods=["GET"]) for path in ASSETS]
    routes += [Route(path, _json_route(work, threads if threaded else None), methods=[method])
               for method, path, work, threaded in answers]
    routes.append(Route("/api/analysis", run_analysis, methods=["POST"]))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        jobs.shutdown()
        threads.shutdown(wait=False, cancel_futures=True)

    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(Guard, hosts=list(hosts))])
    app.state.jobs = jobs
    return app


# The page loads nothing from elsewhere: its own script and styles only.
# The report's odds bars are sized by a style attribute: style attributes are allowed.
_CSP = ("default-src 'self'; script-src 'self'; style-src 'self';"
        " style-src-attr 'unsafe-inline'; img-src 'self' data:;"
        " connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
