"""The page's analysis form is built from `GET /api/analyses` (the registry): for every
analysis it shows exactly the registry's options by name, each labelled, described by its
help and reachable by Tab, with the input its type calls for, at a laptop's and a phone's
width without sideways scrolling; and what the form sends is what the registry reads back
as the values set (the request is held by the test, so no analysis runs)."""
from __future__ import annotations

import json
import urllib.request
from typing import Any, Callable

import pytest

from pyanalysis import registry
from test_browser import Page
from test_views import artifacts

pytestmark = pytest.mark.slow

#: What the form's fields show, read from the DOM: each field's option, input and words.
FIELDS = """() => [...document.querySelectorAll('#analysis-options [data-option]')].map(f => {
    const input = f.querySelector('input, select');
    const help = document.getElementById(input.getAttribute('aria-describedby'));
    const box = f.getBoundingClientRect();
    return {option: f.dataset.option, name: input.name, id: input.id, tag: input.tagName,
            type: input.type, labels: [...input.labels].map(l => l.textContent.trim()),
            help: help ? help.textContent.trim() : null,
            choices: input.tagName === 'SELECT' ? [...input.options].map(o => o.value) : null,
            min: input.min === undefined ? null : input.min,
            max: input.max === undefined ? null : input.max,
            required: input.getAttribute('aria-required') === 'true',
            left: box.left, right: box.right, visible: box.width > 0 && box.height > 0};
})"""
#: The options the deal's own controls give (blank in the form: the deal's value is sent).
FROM_DEAL = {"game", "declarer", "leader"}


def listed(base: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{base}/api/analyses") as answer:
        return json.load(answer)["analyses"]


def check_field(field: dict[str, Any], option: dict[str, Any], games: list[str]) -> None:
    """`field` (the DOM's) is the input `option` (the API's) calls for."""
    name = option["name"]
    assert field["name"] == name and field["visible"], field
    # Labelled for screen readers by its name; its help and flag describe it.
    assert len(field["labels"]) == 1 and field["labels"][0].lower().startswith(
        name.replace("_", " ")), field
    assert field["help"] == f"{option['help']} {option['flag']}", field
    assert field["required"] == (option["required"] and name not in FROM_DEAL), field
    kind = option["type"]
    if kind == "flag":
        assert field["type"] == "checkbox", field
    elif kind in ("game", "seat") or (option["choices"] and kind not in ("samples", "words")):
        expected = {"game": games, "seat": ["1", "2", "3"]}.get(
            kind, [str(c) for c in option["choices"]])
        # A blank first: the deal's value, the default, or nothing given.
        assert field["tag"] == "SELECT" and field["choices"] == ["", *expected], field
    elif kind in ("int", "seed") or (kind == "samples" and "all" not in option["choices"]):
        assert field["type"] == "number", field
        for bound, value in (("min", option.get("low")), ("max", option.get("high"))):
            assert field[bound] == ("" if value is None else str(value)), (bound, field)
    else:
        assert field["type"] == "text", field


@pytest.mark.parametrize("width", [390, 1280])
def test_the_form_shows_exactly_the_registrys_options(browser, live_server, width, tmp_path):
    app = Page(browser, live_server, width)
    page = app.page
    analyses = listed(live_server)
    assert page.eval_on_selector_all("#analysis option", "os => os.map(o => o.value)") == [
        a["name"] for a in analyses]
    games = page.eval_on_selector_all("#game option", "os => os.map(o => o.value)")
    for analysis in analyses:
        page.select_option("#analysis", analysis["name"])
        fields = page.evaluate(FIELDS)
        assert [f["option"] for f in fields] == [o["name"] for o in analysis["options"]], (
            analysis["name"])
        # No input is written into the page by hand: the analysis's name and its fields.
        assert page.eval_on_selector_all("#analysis-form input, #analysis-form select",
                                         "es => es.map(e => e.id)") == [
            "analysis", *(f["id"] for f in fields)], analysis["name"]
        for field, option in zip(fields, analysis["options"]):
            check_field(field, option, games)
            assert 0 <= field["left"] and field["right"] <= width, (analysis["name"], field)
        scroll = page.evaluate("() => [document.documentElement.scrollWidth,"
                               " document.body.scrollWidth]")
        assert scroll[0] <= width and scroll[1] <= width, (analysis["name"], scroll)
        page.locator("#analysis-form").screenshot(
            path=str(artifacts(tmp_path) / f"form-{analysis['name']}-{width}.png"))
        # Tab goes from the analysis's name through each of its fields, in order, to Run.
        page.focus("#analysis")
        reached = []
        for _ in fields:
            page.keyboard.press("Tab")
            reached.append(page.evaluate("() => document.activeElement.id"))
        page.keyboard.press("Tab")
        assert reached == [f["id"] for f in fields] and page.evaluate(
            "() => document.activeElement.id") == "run", (analysis["name"], reached)
    app.close()


def typed_value(option: dict[str, Any], choices: list[str] | None) -> tuple[str, Any]:
    """What the test sets in an option's field (not its blank or default), and the same value
    as a JSON request gives it (docs/web.md), for the registry to read."""
    kind = option["type"]
    if choices:
        return choices[-1], choices[-1]
    if kind == "samples" and "all" in option["choices"]:
        return "all", "all"
    if kind in ("int", "seed", "samples"):
        number = option["high"] if option.get("high") is not None else option["low"] + 7
        return str(number), number
    return {"words": ("2=whist, 3=pass", {"2": "whist", "3": "pass"}),
            "rule": ("whist_split=gentleman, tenner_checked=false",
                     ["whist_split=gentleman", "tenner_checked=false"]),
            "known": ("3=AS KS; 2=QD", {"3": "AS KS", "2": "QD"}),
            "card-list": ("AS KS", ["AS", "KS"]),
            "flags": ("0.2 0.8", [0.2, 0.8])}[kind]


def fill_every_field(page: Any, analysis: dict[str, Any],
                     flag: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Set every field of `analysis` (chosen on `page`) to `typed_value`, each flag to
    `flag(option)`; the values as a JSON request gives them, by option."""
    expected = {}
    for option in analysis["options"]:
        selector = f"#opt-{option['name']}"
        if option["type"] == "flag":
            expected[option["name"]] = flag(option)
            page.set_checked(selector, expected[option["name"]])
            continue
        choices = page.eval_on_selector_all(f"{selector} option",
                                            "os => os.map(o => o.value).filter(v => v)")
        typed, given = typed_value(option, choices)
        if choices:
            page.select_option(selector, typed)
        else:
            page.fill(selector, typed)
        expected[option["name"]] = given
    return expected


def test_what_the_form_sends_is_what_the_registry_reads(browser, live_server):
    app = Page(browser, live_server)
    page = app.page
    # The request is answered here: the test reads what the page sent, nothing runs.
    page.route("**/api/jobs", lambda route: route.fulfill(
        status=400, content_type="application/json",
        body=json.dumps({"error": "held by the test"})))
    views = registry.web_views()
    # The deal's controls as the page starts (the page sends the seats as numbers).
    deal = {"game": page.input_value("#game"), "declarer": int(page.input_value("#declarer")),
            "leader": int(page.input_value("#leader"))}

    def sent(name: str) -> dict[str, Any]:
        page.select_option("#analysis", name)
        with page.expect_request("**/api/jobs") as request:
            page.click("#run")
        page.wait_for_selector("#analysis-error:not([hidden])")
        assert page.text_content("#analysis-error") == "held by the test"
        body = request.value.post_data_json
        assert body["analysis"] == name
        return body

    # Blank fields send nothing of their own: the deal's controls and the flags' defaults.
    for analysis in listed(live_server):
        entry, view = views[analysis["name"]]
        body = sent(analysis["name"])
        given = {o["name"]: body[o["name"]] for o in analysis["options"] if o["name"] in body}
        assert given == {**{o["name"]: o["default"] for o in analysis["options"]
                            if o["type"] == "flag"},
                         **{o["name"]: deal[o["name"]] for o in analysis["options"]
                            if o["name"] in deal}}, analysis["name"]
    # Every field set: the registry reads each as the same value given as JSON.
    for analysis in listed(live_server):
        entry, view = views[analysis["name"]]
        page.select_option("#analysis", analysis["name"])
        expected = fill_every_field(page, analysis, lambda option: True)
        body = sent(analysis["name"])
        reads = registry.read_options(entry, view, body)
        assert reads == registry.read_options(entry, view, expected), analysis["name"]
        assert set(reads) == set(expected), analysis["name"]
    app.close()


#: Each field's input as typed (a checkbox: whether it is checked), by option.
TYPED = """() => Object.fromEntries([...document.querySelectorAll('#analysis-options [data-option]')]
    .map(f => { const i = f.querySelector('input, select');
                return [f.dataset.option, i.type === 'checkbox' ? i.checked : i.value]; }))"""


def test_the_share_link_carries_the_analysis_and_its_fields(browser, live_server):
    """A link shared with an analysis's fields filled opens with that analysis chosen and the
    same fields; a field left blank in the link is blank again, though typed before."""
    from test_browser import DEAL

    app = Page(browser, live_server)
    app.read(DEAL, "8S", 1)
    page = app.page
    for analysis in listed(live_server):
        name = analysis["name"]
        page.select_option("#analysis", name)
        # Each flag away from its default, so that the link must carry it.
        fill_every_field(page, analysis, lambda option: option["default"] is not True)
        typed = page.evaluate(TYPED)
        page.click("#share")
        link = page.get_attribute("#share-link", "href")
        assert f"analysis={name}" in link, link
        again = Page(browser, live_server, hash_=link[link.index("#"):])
        again.shown([], DEAL, "8S", 1, 1)
        assert again.page.input_value("#analysis") == name
        assert again.page.evaluate(TYPED) == typed, name
        again.close()
    # A link that leaves a field out clears what had been typed there.
    first = listed(live_server)[0]
    texts = [o for o in first["options"] if o["type"] not in ("flag",)]
    if texts:
        page.select_option("#analysis", first["name"])
        link = page.get_attribute("#share-link", "href")
        page.evaluate("h => { location.hash = h; }",
                      link[link.index("#"):].split("&opt.")[0])
        page.wait_for_function("n => document.getElementById('opt-' + n).value === ''",
                               arg=texts[0]["name"])
    app.close()
