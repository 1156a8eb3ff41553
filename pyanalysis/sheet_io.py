"""Game records: read a score sheet from a small text format or from JSON.

Text format (one item a line; `#` starts a comment; header keywords in any case):

    rules sochi                  # preset: sochi, leningrad or rostov (default sochi)
    rule raspasy_prices=1,2,4    # override a knob; as many `rule` lines as needed
    players Anna Boris Vera      # three or four names, clockwise
    pool 10                      # the agreed pool per player (default 20)
    dealer Anna                  # who deals first (default: the first player)

    7H Boris=7 Vera=whist:2 Anna=pass     # game, then the declarer first
    raspasy Anna=0 Boris=4 Vera=6         # raspasy: every player's tricks
    misere Vera=1                         # misère: the declarer's tricks
    8S Anna Boris=pass Vera=pass          # both passed: no play, no tricks needed
    6NT Vera Anna=pass Boris=half         # a half-whist; `Anna=return:4` returns it
    10NT Anna=9 Boris=1 Vera=0            # a checked tenner: tricks, no words

A deal line is the game (one token: `7H`, `6NT`, `misere`, `мизер`, `raspasy`…) and then
`NAME`, `NAME=TRICKS`, `NAME=WORD` or `NAME=WORD:TRICKS` tokens, WORD one of whist, pass,
half, return (Russian вист, пас, полвиста, возврат too); for a contract or misère the
declarer is the first name without a word. Options on a deal line: `dealer=NAME` (who dealt this deal; the deals
after it go on clockwise from him) and `honours=N` (with four players, the tricks the dealer
writes for honours in the talon).

JSON format: an object with `players`, and optionally `rules`, `rule` (an object of knob
overrides), `pool`, `dealer`, and `deals`: a list of deal lines as above, or objects
`{"game": "7H", "declarer": "Boris", "tricks": {"Boris": 7, "Vera": 2},
"whist": {"Vera": "whist", "Anna": "pass"}, "honours": 0, "dealer": "Anna"}`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .errors import read_json
from .games import Game
from .rules import RuleSet
from .sheet import Sheet, SheetError


@dataclass(frozen=True)
class DealEntry:
    """One deal of a record, by player names."""

    game: str
    declarer: str | None = None
    tricks: Mapping[str, int] = field(default_factory=dict)
    whist: Mapping[str, str] = field(default_factory=dict)
    honours: int = 0
    dealer: str | None = None
    line: int | None = None


@dataclass(frozen=True)
class SheetRecord:
    """A score-sheet record: who played, under which rules, to what pool, and the deals
    with their results; not the cards (one played deal, card by card, is
    `pyanalysis.record.Record`)."""

    players: tuple[str, ...]
    rules: RuleSet
    pool_size: int
    deals: tuple[DealEntry, ...]
    first_dealer: str | None = None

    def to_sheet(self) -> Sheet:
        """Play every deal onto a new sheet; errors name the record's line or deal number."""
        sheet = Sheet(self.players, self.rules, self.pool_size, self.first_dealer)
        for number, deal in enumerate(self.deals, 1):
            where = f"line {deal.line}" if deal.line else f"deal {number}"
            try:
                sheet.play(deal.game, deal.declarer, deal.tricks, deal.whist,
                           deal.honours, deal.dealer)
            except ValueError as error:
                raise SheetError(f"{where}: {error}") from None
        return sheet


def read_record_file(path: str | Path) -> SheetRecord:
    """Read a record file, text or JSON."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise SheetError(f"cannot read '{path}': {error.strerror}") from None
    except UnicodeDecodeError:
        raise SheetError(f"cannot read '{path}': not UTF-8 text") from None
    return read_record(text)


def load_sheet(path: str | Path) -> Sheet:
    """Read a record file (text or JSON) and play it onto a sheet."""
    return read_record_file(path).to_sheet()


def read_record(text: str) -> SheetRecord:
    """Read a record from text or (when it starts with `{`) JSON."""
    if text.lstrip().startswith("{"):
        return _from_json(read_json(text, SheetError, "bad JSON: nested too deeply"))
    return _from_text(text)


_HEADERS = ("rules", "rule", "players", "pool", "dealer")


def _from_text(text: str) -> SheetRecord:
    rules = RuleSet.preset("sochi")
    preset_seen = False
    overrides: list[str] = []
    players: tuple[str, ...] = ()
    pool = 20
    dealer: str | None = None
    deals: list[DealEntry] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, _, rest = line.partition(" ")
        key = head.lower()
        try:
            if key in _HEADERS and deals:
                raise SheetError(f"'{head}' must come before the first deal")
            if key == "rules":
                if preset_seen:
                    raise SheetError("'rules' given twice")
                rules, preset_seen = RuleSet.preset(rest.strip()), True
            elif key == "rule":
                overrides.extend(rest.split())
            elif key == "players":
                players = tuple(rest.split())
            elif key == "pool":
                pool = _number(rest.strip(), "pool")
            elif key == "dealer":
                dealer = rest.strip()
            else:
                if key == "deal":
                    line = rest.strip()
                deals.append(parse_deal_line(line, number))
        except ValueError as error:
            message = str(error)
            raise SheetError(message if message.startswith("line ")
                             else f"line {number}: {message}") from None
    if not players:
        raise SheetError("no 'players' line: name three or four players, clockwise")
    return SheetRecord(players, rules.with_strings(overrides), pool, tuple(deals), dealer)


def _number(text: str, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise SheetError(f"{what} '{text}' is not a whole number") from None
    if value <= 0:
        raise SheetError(f"{what} {value} must be positive")
    return value


def parse_deal_line(line: str, number: int | None = None) -> DealEntry:
    """Read one deal line, e.g. `7H Boris=7 Vera=whist:2 Anna=pass`."""
    tokens = line.split()
    if not tokens:
        raise SheetError("empty deal line")
    game, declarer = tokens[0], None
    tricks: dict[str, int] = {}
    whist: dict[str, str] = {}
    honours, dealer = 0, None
    for token in tokens[1:]:
        name, sep, value = token.partition("=")
        if not name:
            raise SheetError(f"token '{token}' has no name before '='")
        lowered = name.lower()
        if sep and lowered in ("dealer", "сдающий"):
            dealer = value
            continue
        if sep and lowered in ("honours", "honors", "talon"):
            honours = _count(value, token)
            continue
        if name in tricks or name in whist or name == declarer:
            raise SheetError(f"player '{name}' given twice in '{line}'")
        word, colon, count = value.partition(":")
        if not sep:
            if declarer is not None or not _needs_declarer(game):
                raise SheetError(f"token '{token}': only the declarer may stand without "
                                 f"tricks or a word")
        elif word.isascii() and word.isdigit() and not colon:
            tricks[name] = _count(word, token)
        elif word:
            whist[name] = word
            if colon:
                tricks[name] = _count(count, token)
        else:
            raise SheetError(f"token '{token}': expected NAME=TRICKS or NAME=WORD[:TRICKS]")
        if declarer is None and name not in whist and _needs_declarer(game):
            declarer = name
    return DealEntry(game, declarer, tricks, whist, honours, dealer, number)


def _needs_declarer(game: str) -> bool:
    return Game.parse(game).kind != "raspasy"


def _count(text: str, token: str) -> int:
    # isascii: "²" and other Unicode digits pass isdigit() but are no number int() reads.
    if not (text.isascii() and text.isdigit()):
        raise SheetError(f"token '{token}': '{text}' is not a number of tricks")
    return int(text)


def _from_json(data: Any) -> SheetRecord:
    if not isinstance(data, dict):
        raise SheetError("a JSON record is an object with 'players' and 'deals'")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SheetError("JSON record: 'players' must be a list of names")
    preset = data.get("rules", "sochi")
    if not isinstance(preset, str):
        raise SheetError(f"JSON record: 'rules' {_short(preset)} must be a preset name "
                         f"(sochi, leningrad or rostov)")
    rules = RuleSet.preset(preset)
    overrides = data.get("rule", {})
    if not isinstance(overrides, dict):
        raise SheetError("JSON record: 'rule' must be an object of knob overrides")
    # Numbers are read like the text format's `rule` lines (a price list may be one number).
    rules = rules.with_(**{k: v if not isinstance(v, (int, float)) or isinstance(v, bool)
                           else str(v) for k, v in overrides.items()})
    pool = data.get("pool", 20)
    if not isinstance(pool, int) or isinstance(pool, bool) or pool <= 0:
        raise SheetError(f"JSON record: pool {_short(pool)} must be a positive whole number")
    dealer = data.get("dealer")
    if dealer is not None and not isinstance(dealer, str):
        raise SheetError(f"JSON record: 'dealer' {_short(dealer)} must be a player's name")
    items = data.get("deals", [])
    if not isinstance(items, list):
        # A string would otherwise be read one character a deal.
        raise SheetError(f"JSON record: 'deals' must be a list of deal lines or objects, "
                         f"not {_short(items)}")
    deals = []
    for number, item in enumerate(items, 1):
        try:
            deals.append(_json_deal(item))
        except ValueError as error:
            raise SheetError(f"deal {number}: {error}") from None
    return SheetRecord(tuple(players), rules, pool, tuple(deals), dealer)


def _short(value: Any) -> str:
    """A JSON value for a message: on one line and cut short."""
    text = " ".join(json.dumps(value, ensure_ascii=False).split())
    return text if len(text) <= 40 else text[:37] + "..."


def _json_deal(item: Any) -> DealEntry:
    if isinstance(item, str):
        return parse_deal_line(item)
    if not isinstance(item, dict) or "game" not in item:
        raise SheetError(f"a deal is a line of text or an object with 'game', not {_short(item)}")
    game = item["game"]
    if not isinstance(game, str):
        raise SheetError(f"'game' {_short(game)} must be a game name like 7H or misere")
    tricks = item.get("tricks", {})
    whist = item.get("whist", {})
    if not isinstance(tricks, dict) or not isinstance(whist, dict):
        raise SheetError("'tricks' and 'whist' are objects keyed by player name")
    for name, count in tricks.items():
        if not isinstance(count, int) or isinstance(count, bool):
            raise SheetError(f"tricks {_short(count)} for '{name}' is not a number")
    for name, word in whist.items():
        if not isinstance(word, str):
            raise SheetError(f"whist word {_short(word)} for '{name}' is not a word "
                             f"(whist, pass, half or return)")
    for key in ("declarer", "dealer"):
        if item.get(key) is not None and not isinstance(item[key], str):
            raise SheetError(f"'{key}' {_short(item[key])} must be a player's name")
    honours = item.get("honours", item.get("talon_honours", 0))
    if not isinstance(honours, int) or isinstance(honours, bool):
        raise SheetError(f"'honours' {_short(honours)} must be a number of tricks 0..3")
    return DealEntry(game, item.get("declarer"), tricks, dict(whist), honours,
                     item.get("dealer"))
