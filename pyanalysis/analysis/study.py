"""Studies of many deals: random deals to ask about, and the answers counted.

`random_deals` deals the 32 cards at random, seeded (the same seed gives the same deals on
every machine: Python's own `random.Random`), and, with a game and a declarer, keeps only the
deals whose declarer would bid it: the bidding filters of the seat views (`sampling.FILTERS`;
"bid" or "seat": he would declare it from his own twelve cards, weighed over layouts he
cannot see, `sampling.seat_bids` (a misère "bid" is "clean", as in the seat views); "dd": with the talon and his best double-dummy discard a
contract declarer takes at least the level less one, and a misère declarer is clean, no
trick; "at-most-one" in misère: one trick at most). `deal_jobs` turns deals into batch job
lines (`pyanalysis.jobs`), and `answer_stats` counts a batch's answers, group by group: how
many, how many with an error, and the share that meets an outcome with its 95% Wilson
interval (e.g. how often a hand shape makes a tenner). A count never passes over what it
cannot read: the answers without the field asked for (or with a value that is no yes/no, no
number) are counted apart, kind by kind, and a field that no answer has is refused
(`StatsError`).
"""
from __future__ import annotations

import json
import math
import random
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Iterable, Iterator

from .. import checks
from ..cards import Card
from ..deal import Deal
from ..errors import PositionError, one_line
from ..games import CONTRACT, MISERE, Game
from ..hand import Hand
from ..serialize import JsonFields
from .layouts import check_seed, wilson_interval
from .sampling import FILTERS, _view, choose_discards, fits_bid, seat_bids

__all__ = ["STUDY_KINDS", "DealDraw", "random_deals", "deal_jobs", "hand_shape",
           "Outcome", "StatsGroup", "Stats", "Unread", "StatsError", "answer_stats",
           "read_number", "KIND_OUTCOMES", "MAX_STUDY_DEALS"]

#: The most deals one call deals (a study bigger than this is several seeds).
MAX_STUDY_DEALS = 10_000_000
#: Deals drawn per round: the bidding filter searches a round at once.
ROUND = 512
#: Give up when this many deals per deal asked for have been drawn and not enough fit.
DRAWS_PER_DEAL = 2000

#: The kinds `deal_jobs` writes, and whether a job of the kind takes the deal as dealt (the
#: talon beside the hands: the table, and the tenner check, which tries every discard) or as
#: played (the declarer's best double-dummy discard made: his ten cards, the discard aside).
STUDY_KINDS = {"table": "dealt", "tenner": "dealt", "solve": "played", "whist": "played",
               "lead": "played", "misere_catch": "played"}


@dataclass
class DealDraw:
    """A study's deals: `deals` (three hands of ten and the talon), `drawn` the deals dealt to
    keep them, and with a game and declarer `discards` (his best double-dummy discard in each)
    and `tricks` (his double-dummy tricks with it, the 1st hand leading)."""

    deals: list[Deal]
    drawn: int
    discards: list[tuple[Card, ...]] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)


def random_deals(count: int, seed: int, *, game: Game | str | None = None,
                 declarer: int | None = None, filter: str | None = None,
                 jobs: int | None = None) -> DealDraw:
    """`count` random full deals, seeded; with `game` and `declarer`, his best discard in each.

    filter: "bid" (or "seat") keeps the deals whose declarer would bid `game` from his own
    seat, "dd" those where he makes the bid double-dummy (see the module doc; "clean" is
    misère's "dd" and its "bid", "at-most-one" misère's older rule), "none" (the default)
    every deal.
    `jobs`: threads for the searches (default: every core).
    """
    checks.whole("count", count, low=1, high=MAX_STUDY_DEALS)
    if seed is None:
        raise PositionError("seed None: a study is seeded, so that it can be dealt again")
    check_seed(seed)
    checks.whole("jobs", jobs, low=1, optional=True)
    keep = "none" if filter is None else filter
    if keep not in FILTERS:
        raise PositionError(f"filter {keep!r}: expected {' or '.join(FILTERS)}")
    if (game is None) != (declarer is None):
        raise PositionError("game and declarer go together: give both, or neither")
    if game is None:
        if keep != "none":
            raise PositionError(f"filter {keep!r} needs the game and the declarer")
        rng = random.Random(seed)
        return DealDraw([_deal(rng) for _ in range(count)], count)
    game = Game.parse(game)
    if game.kind not in (CONTRACT, MISERE):
        raise PositionError(f"game {game}: a study's declarer plays a contract or misère")
    if keep == "bid":  # as the seat views read it (`sampling`: misère stays double-dummy)
        keep = "dd" if game.kind == MISERE else "seat"
    if keep == "dd" and game.kind == MISERE:
        keep = "clean"  # what a misère bid asks of his hand double-dummy
    if keep in ("clean", "at-most-one") and game.kind != MISERE:
        raise PositionError(f"filter {keep!r} is for misère; a contract's is 'bid', 'seat' or"
                            f" 'dd'")
    if isinstance(declarer, bool) or declarer not in (1, 2, 3):
        raise PositionError(f"declarer seat {declarer!r} is not 1, 2 or 3")
    return _declared_deals(count, seed, game, declarer, keep, jobs)


def _deal(rng: random.Random) -> Deal:
    """One random full deal: 10 cards to each seat, two to the talon."""
    cards = list(range(32))
    rng.shuffle(cards)
    hands = tuple(Hand(sum(1 << c for c in cards[10 * i:10 * i + 10])) for i in range(3))
    return Deal(hands, tuple(Card.from_index(c) for c in sorted(cards[30:])))


def _declared_deals(count: int, seed: int, game: Game, declarer: int, keep: str,
                    jobs: int | None) -> DealDraw:
    rng = random.Random(seed)
    out = DealDraw([], 0)
    while len(out.deals) < count:
        if out.drawn >= DRAWS_PER_DEAL * count:
            raise PositionError(f"only {len(out.deals)} of {out.drawn:,} deals drawn fit the bid"
                                f" of {game} by seat {declarer}; ask for fewer")
        deals = [_deal(rng) for _ in range(ROUND)]
        out.drawn += ROUND
        # The layouts as the seat views search them: the declarer's entry empty, his twelve
        # cards (his hand and the talon) aside.
        view = _view(deals[0].hand(declarer), deals[0].talon, game, declarer, declarer, None,
                     None, 1)
        batch = []
        for deal in deals:
            hands = [h.mask for h in deal.hands]
            mine = hands[declarer - 1] | Hand.from_cards(deal.talon).mask
            hands[declarer - 1] = 0
            batch.append((hands, mine))
        if keep == "seat":
            fits = seat_bids([mine for _, mine in batch], view, seed, jobs)
        elif keep != "none":
            fits = fits_bid(batch, view, jobs, rule=keep)
        else:
            fits = [True] * len(batch)
        # The draw stops at the deal that completes the count (the rest of its round is not
        # counted as drawn), so that a study of fewer deals is the start of a bigger one.
        room = count - len(out.deals)
        for drawn, ok in enumerate(fits, start=1):
            room -= ok
            if room == 0:
                break
        out.drawn += drawn - ROUND
        kept = [i for i, ok in enumerate(fits[:drawn]) if ok]
        pairs, values = choose_discards([batch[i] for i in kept], view, "dd", jobs)
        out.deals.extend(deals[i] for i in kept)
        out.discards.extend(pairs)
        out.tricks.extend(values)
    return out


def hand_shape(hand: Hand) -> str:
    """A hand's suit lengths, longest first: "5-3-1-1"."""
    return "-".join(str(n) for n in sorted((len(hand.suit(s)) for s in range(4)),
                                           reverse=True))


def deal_jobs(draw: DealDraw, kind: str, *, game: Game | str | None = None,
              declarer: int | None = None, seed: int | None = None) -> Iterator[dict[str, Any]]:
    """Batch job lines for the deals of `draw`: ``"id"`` (1, 2, ...; with `seed`, "seed-n"),
    ``"kind"``, ``"deal"``, and with a declarer ``"game"``, ``"declarer"``, ``"shape"`` (his
    ten cards as dealt) and in a trump game ``"trumps"`` (how many he holds); a tenner check
    also ``"depth": 0``, its verdict without the refutation's lines. Kinds that ask about the deal as played (`STUDY_KINDS`) get the
    deal after his discard in `draw`."""
    if kind not in STUDY_KINDS:
        raise PositionError(f"kind {kind!r}: a study writes {', '.join(STUDY_KINDS)}")
    if kind != "table" and game is None:
        raise PositionError(f"a {kind} study needs the game and the declarer")
    for i, deal in enumerate(draw.deals):
        job: dict[str, Any] = {"id": i + 1 if seed is None else f"{seed}-{i + 1}", "kind": kind}
        if game is None or declarer is None:
            job["deal"] = str(deal)
            yield job
            continue
        shown = deal
        if STUDY_KINDS[kind] == "played":
            shown = _played(deal, declarer, draw.discards[i])
        job["deal"] = str(shown)
        job["game"] = str(Game.parse(game))
        job["declarer"] = declarer
        if kind == "tenner":
            job["depth"] = 0  # a study counts verdicts: no refutation spelled out
        job["shape"] = hand_shape(deal.hand(declarer))
        trump = Game.parse(game).trump
        if trump is not None:
            job["trumps"] = len(deal.hand(declarer).suit(trump))
        yield job


def _played(deal: Deal, declarer: int, discard: tuple[Card, ...]) -> Deal:
    """`deal` with the declarer's twelve (his hand and the talon) less `discard`."""
    twelve = deal.hand(declarer).mask | Hand.from_cards(deal.talon).mask
    out = Hand.from_cards(discard)
    hands = list(deal.hands)
    hands[declarer - 1] = Hand(twelve & ~out.mask)
    return Deal(tuple(hands), (), out)


# ------------------------------------------------------------------------------ answers

_TEST = re.compile(r"^\s*([^=!<>]+?)\s*(=|!=|>=|<=|>|<)\s*(.*?)\s*$")
#: A number as the answers write it: an integer, a decimal, or an exact fraction ("-16/3",
#: as `serialize.exact` writes a game value). Longer texts are no number (nor read as one).
_NUMBER = re.compile(r"^[+-]?\d+(?:/0*[1-9]\d*|\.\d+)?$")
_NUMBER_CHARS = 60

#: What to count as a yes in the answers of the batch kinds that `deal_jobs` writes, where
#: one field says it: a misère catch answers "guaranteed" (caught whatever he discards; its
#: "caught" is the list of discards caught), a table its "contracts" (seat, then strain).
#: Named when a count asks those answers for a field they do not have.
KIND_OUTCOMES = {"solve": "verdict=made", "tenner": "verdict=made",
                 "misere_catch": "guaranteed", "table": "contracts.1.S>=6"}


class StatsError(ValueError):
    """A count that cannot be made: a field that no answer has, or not of the kind asked."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


def read_number(value: Any) -> Fraction | None:
    """`value` as an exact number: an int or a finite float (exactly), or a text that writes
    one ("7", "-16/3", "0.25"); None for anything else (a yes/no is not a number)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(value) if math.isfinite(value) else None
    if isinstance(value, str) and len(value) <= _NUMBER_CHARS and _NUMBER.match(value):
        return Fraction(value)
    return None


#: How a field of a line is read: found and usable, absent (or null), or of another type.
OK, ABSENT, NOT_YES_NO, NOT_A_NUMBER = "ok", "absent", "not a yes/no", "not a number"


@dataclass(frozen=True)
class Outcome:
    """What an answer line is counted as a yes for: `field` (a dotted path, looked up in the
    line and then in its ``"answer"``) compared with `value` by `op` ("=", "!=", ">=", "<=",
    ">", "<"; "" with no value: the field, a yes/no, is true). Numbers compare exactly, and a
    fraction written as text ("-16/3") is a number."""

    field: str
    op: str = ""
    value: str = ""

    @classmethod
    def parse(cls, text: str) -> Outcome:
        """"verdict=made", "answer.guaranteed", "contracts.1.S>=6", "game_value>-1/2"."""
        if not isinstance(text, str) or not text.strip():
            raise PositionError(f"outcome {text!r}: a field, or a field, a comparison and a"
                                f" value, e.g. verdict=made")
        match = _TEST.match(text)
        if match is None:
            return cls(text.strip())
        name, op, value = match.groups()
        if op in (">=", "<=", ">", "<") and read_number(value) is None:
            raise PositionError(f"outcome {text!r}: {op} compares with a number")
        return cls(name, op, value)

    def __str__(self) -> str:
        return f"{self.field}{self.op}{self.value}"

    @cached_property
    def _limit(self) -> Fraction | None:
        return read_number(self.value)

    def judge(self, line: dict[str, Any]) -> tuple[str, bool]:
        """(how the field was read: `OK`, `ABSENT`, `NOT_YES_NO` or `NOT_A_NUMBER`; whether
        `line` meets the outcome, when it was read)."""
        found, value = lookup(line, self.field)
        if not found or value is None:
            return ABSENT, False
        if not self.op:
            if not isinstance(value, bool):
                return NOT_YES_NO, False
            return OK, value
        if self.op in ("=", "!="):
            number = read_number(value) if self._limit is not None else None
            same = (number == self._limit if number is not None
                    else _text(value) == self.value)
            return OK, same == (self.op == "=")
        number = read_number(value)
        if number is None:
            return NOT_A_NUMBER, False
        limit = self._limit
        return OK, {">=": number >= limit, "<=": number <= limit, ">": number > limit,
                    "<": number < limit}[self.op]

    def of(self, line: dict[str, Any]) -> bool | None:
        """Whether `line` meets the outcome; None when it has no such field, or the field is
        not what the outcome reads (a yes/no, a number)."""
        how, met = self.judge(line)
        return met if how == OK else None


def lookup(line: dict[str, Any], path: str) -> tuple[bool, Any]:
    """(found, value) of the dotted `path` in `line`, or else in its ``"answer"``."""
    for start in (line, line.get("answer")):
        value: Any = start
        for part in path.split("."):
            if isinstance(value, dict) and part in value:
                value = value[part]
            elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            else:
                break
        else:
            return True, value
    return False, None


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


def _kind(line: dict[str, Any]) -> str:
    """A line's batch kind (a job without one is a solve job)."""
    kind = line.get("kind", "solve")
    return kind if isinstance(kind, str) else _text(kind)


@dataclass
class StatsGroup(JsonFields):
    """One group's counts: `lines` answers, `errors` of them an error, `counted` with the
    outcome's field, `yes` meeting it, `rate` = yes / counted with its 95% Wilson interval
    (`low`, `high`); with a field to average, its `mean` and the mean's standard error (the
    sums kept exactly, so that fractions such as game values average exactly)."""

    value: str
    lines: int = 0
    errors: int = 0
    counted: int = 0
    yes: int = 0
    rate: float | None = None
    low: float | None = None
    high: float | None = None
    mean: float | None = None
    stderr: float | None = None
    _sum: Fraction = field(default=Fraction(0), repr=False)
    _squares: Fraction = field(default=Fraction(0), repr=False)
    _numbers: int = field(default=0, repr=False)
    #: The numbers averaged, each as read: what a histogram of the field draws.
    numbers: list[Fraction] = field(default_factory=list, repr=False)

    JSON = ("value", "lines", "errors", "counted", "yes", "rate", "low", "high", "mean",
            "stderr")

    def add(self, line: dict[str, Any], outcome: Outcome, average: str | None) -> None:
        """Count one answer line."""
        self.count(line, *(outcome.judge(line) if "error" not in line else (ABSENT, False)),
                   _average(line, average)[1] if "error" not in line else None)

    def count(self, line: dict[str, Any], how: str, met: bool,
              number: Fraction | None) -> None:
        """Count one answer line, its outcome judged (`Outcome.judge`) and its number to
        average (None: none) read."""
        self.lines += 1
        if "error" in line:
            self.errors += 1
            return
        if how == OK:
            self.counted += 1
            self.yes += met
        if number is not None:
            self.numbers.append(number)
            self._numbers += 1
            self._sum += number
            self._squares += number * number

    def close(self) -> None:
        """Work out the rate, its interval and the mean from the counts."""
        if self.counted:
            self.rate = self.yes / self.counted
            self.low, self.high = wilson_interval(self.yes, self.counted)
        if self._numbers:
            n = self._numbers
            mean = self._sum / n
            self.mean = float(mean)
            if n > 1:
                variance = max(Fraction(0), (self._squares - n * mean * mean) / (n - 1))
                self.stderr = math.sqrt(variance / n)


def _average(line: dict[str, Any], average: str | None) -> tuple[str, Fraction | None]:
    """How the field to average was read in `line`, and its number."""
    if average is None:
        return OK, None
    found, value = lookup(line, average)
    if not found or value is None:
        return ABSENT, None
    number = read_number(value)
    return (OK, number) if number is not None else (NOT_A_NUMBER, None)


@dataclass
class Unread(JsonFields):
    """Answers not counted for a field: `answers` lines of the batch kind `kind` whose field
    `field` (the outcome's, or the one averaged: `role`) is absent or null (`reason`
    "absent") or not what is read ("not a yes/no", "not a number"), with `example`, one such
    value; `use`, what to count as a yes in that kind's answers instead (`KIND_OUTCOMES`)."""

    field: str
    role: str
    kind: str
    reason: str
    answers: int = 0
    example: Any = None
    use: str | None = None


@dataclass
class Stats(JsonFields):
    """A batch's answers counted (`answer_stats`): `groups` one per value of `by` (all lines in
    one group when `by` is None), then `total`; `unread` the answers counted apart, kind by
    kind, for want of the outcome's field or the averaged one; `torn` the torn last lines
    skipped by the reader (`prefdd stats` sets it); `values`, when no answer meets an outcome
    "FIELD=VALUE", the values the field has (a few)."""

    by: str | None
    outcome: str
    average: str | None
    groups: list[StatsGroup]
    total: StatsGroup
    unread: list[Unread] = field(default_factory=list)
    torn: int = 0
    values: list[str] = field(default_factory=list)


#: At most this many of a field's values are kept to say what it holds.
SHOWN_VALUES = 6


def answer_stats(lines: Iterable[dict[str, Any]], *, by: str | None = None,
                 outcome: str | Outcome = "verdict=made",
                 average: str | None = None) -> Stats:
    """Count answer lines (dicts, as a batch writes them) by the value of the field `by` (a
    dotted path, in the line or in its answer; a line without it is in the group "-"): each
    group's lines, errors and the share meeting `outcome` (`Outcome.parse`), with a 95%
    Wilson interval, and the mean of the numeric field `average`.

    The answers whose outcome field (or `average`) is absent, null or not a yes/no (a number)
    are not in the rate (the mean) and are counted apart, kind by kind (`Stats.unread`).
    `StatsError` when no answer can be counted at all: none without an error, or none with
    the outcome's field (the averaged field) as a yes/no or a number; its message says what
    the answers hold instead."""
    test = outcome if isinstance(outcome, Outcome) else Outcome.parse(outcome)
    for name, value in (("by", by), ("average", average)):
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise PositionError(f"{name} {value!r}: a field's name, e.g. shape")
    groups: dict[str, StatsGroup] = {}
    total = StatsGroup("all")
    unread: dict[tuple[str, str, str], Unread] = {}
    values: dict[str, None] = {}
    for line in lines:
        how, met, number = ABSENT, False, None
        if "error" not in line:
            how, met = test.judge(line)
            seen, number = _average(line, average)
            kind = _kind(line)
            for role, name, state in (("outcome", test.field, how), ("mean", average, seen)):
                if state == OK:
                    continue
                key = (role, kind, state)
                if key not in unread:
                    example = lookup(line, name)[1] if state != ABSENT else None
                    unread[key] = Unread(name, role, kind, state, 0, example,
                                         KIND_OUTCOMES.get(kind) if role == "outcome" else None)
                unread[key].answers += 1
            if how == OK and test.op == "=" and not met and len(values) < SHOWN_VALUES:
                values.setdefault(_text(lookup(line, test.field)[1]), None)
        if by is not None:
            found, value = lookup(line, by)
            key = _text(value) if found and value is not None else "-"
            groups.setdefault(key, StatsGroup(key)).count(line, how, met, number)
        total.count(line, how, met, number)
    ordered = sorted(groups.values(), key=lambda g: _order(g.value))
    for group in [*ordered, total]:
        group.close()
    found_unread = sorted(unread.values(), key=lambda u: (u.role != "outcome", -u.answers,
                                                          u.kind, u.reason))
    _refuse_nothing_counted(total, test, average, found_unread)
    shown = list(values) if test.op == "=" and total.counted and not total.yes else []
    return Stats(by, str(test), average, ordered, total, found_unread, 0, shown)


def _refuse_nothing_counted(total: StatsGroup, test: Outcome, average: str | None,
                            unread: list[Unread]) -> None:
    """`StatsError` when no answer gives the outcome (or the mean) a value: the count would
    be "0 of 0"."""
    if total.lines == total.errors:
        raise StatsError(f"no answer to count: {total.lines:,} lines, all of them errors"
                         if total.lines else "no answer to count: the answers are empty")
    for role, empty in (("outcome", not total.counted),
                        ("mean", average is not None and not total._numbers)):
        if not empty:
            continue
        asked = (f"--outcome {_quoted(str(test))}" if role == "outcome"
                 else f"--mean {average}")
        parts = [unread_words(u) for u in unread if u.role == role]
        raise StatsError(f"{asked} counts no answer: {'; '.join(parts)}")


def unread_words(unread: Unread) -> str:
    """Answers counted apart in words: "200 answers of kind misere_catch have no 'verdict':
    use --outcome guaranteed"."""
    many = "answer" if unread.answers == 1 else "answers"
    has = "has" if unread.answers == 1 else "have"
    if unread.reason == ABSENT:
        what = f"{has} no {unread.field!r}"
    else:
        shown = json.dumps(unread.example, ensure_ascii=False)
        shown = shown if len(shown) <= 30 else shown[:29] + "…"
        what = f"{has} {unread.field!r} {unread.reason} (e.g. {shown})"
    words = f"{unread.answers:,} {many} of kind {unread.kind} {what}"
    if unread.use and Outcome.parse(unread.use).field != unread.field:
        words += f": use --outcome {_quoted(unread.use)}"
    return words


def _quoted(test: str) -> str:
    return f"'{test}'" if any(ch in test for ch in "<>!") else test


def _order(value: str) -> tuple[int, Any]:
    """Groups in order: numbers by value, then texts (shapes, verdicts) as text."""
    number = read_number(value)
    if number is not None:
        return 0, number
    return 1, value
