"""The price of an outcome: one deal's score for the words said and the tricks taken.

Every analysis that values a deal in vists asks here (`whist_table`, `whist_decision`, the
lead tables and decisions, `declare_options` and its seat rule, the tenner, the review), so
that an outcome has one price wherever it is shown: one `DealScore`, whose values sum to zero.

**Whether there is play.** Both defenders passing, or a half-whist not returned, ends the deal
without play (RULES.md §3). With one whister he plays both defenders' hands, so only the
declarer's tricks count. With two whisters (and in a checked tenner) each defender's own
tricks are scored, and double-dummy play fixes only the defence's total, not who of the two
takes them.

**One split per outcome.** The engine gives each defender's *most*: the most tricks he can
take while the defence holds the declarer to his double-dummy count (`solver.share`;
ALGORITHM.md). Holding the declarer to that count, the defence can give the first defender
any number from his *least* (the defence's tricks less the second defender's most) to his
most, the second taking the rest: his *share range*. Of those splits the outcome is priced
at the one with the highest sum of the two defenders' values: the defence's common aim, which
the two can agree on at the table before the play (RULES.md §3: the whisters play as a
side). Ties go to the most even split, then to the one that gives the first defender more.
Everyone's value, the declarer's too, comes from that one split.

The two mosts need not cover the defence's tricks: the declarer, holding his count, may be
the one who chooses which defender takes a trick (each defender's most is what the defence
can force for him, and the declarer can take it from him by giving the trick to the other).
Then each defender's range runs from his most (the least the declarer can leave him) to the
defence's tricks less the other's most, and the declarer chooses: the split with the lowest
sum of the two defenders' values, ties as before.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping

from ..games import CONTRACT, Game
from ..rules import RuleSet
from ..scoring import DealScore, score_deal
from ..seat import Seat
from ..serialize import JsonFields, floats_json, seats_json
from ..solving import DefenceShares, defence_shares, defence_shares_many

__all__ = ["DefenceShares", "Outcome", "WhistRow", "best_split", "deal_score",
           "defence_shares", "defence_shares_many", "mosts_of_hands", "needs_split", "outcome",
           "price_said", "shares_at", "shares_many", "shares_of",
           "SPLIT_RULE"]

WHIST, PASS, HALF, RETURN = "whist", "pass", "half", "return"

#: How the two whisters' tricks are split for pricing, in words (the JSON's "split_rule").
SPLIT_RULE = ("one split for every player: of the splits the defence can reach while holding "
              "the declarer to his double-dummy count (each defender from his least to his "
              "most), the one with the highest sum of the two defenders' values; ties to the "
              "most even split, then to the first defender")


def deal_score(game: Game, rules: RuleSet, declarer: int | None, tricks: Mapping[int, int],
               whist: Mapping[int, str] | None = None, players: int = 3) -> DealScore:
    """The score of a deal whose tricks by seat are known (a record, a line of play)."""
    return score_deal(game, rules=rules, players=players, declarer=declarer, tricks=tricks,
                      whist=whist)


def needs_split(game: Game, words: Mapping[int, str]) -> bool:
    """Whether each defender's own tricks change the score: two whisters, or a checked
    tenner (no words at all)."""
    if game.kind != CONTRACT:
        return False
    return not words or set(words.values()) == {WHIST}


def is_played(words: Mapping[int, str], declarer: int) -> bool:
    """Whether the words lead to play: not both passing, and no half-whist left unreturned."""
    if not words:
        return True
    pair = tuple(words.get(s) for s in Seat.defenders(declarer))
    return not (pair == (PASS, PASS) or (HALF in pair and RETURN not in words.values()))


@functools.lru_cache(maxsize=8192)
def _split_scores(game: Game, rules: RuleSet, players: int, declarer: int,
                  words: tuple[tuple[int, str], ...], tricks: int, total: int
                  ) -> tuple[DealScore, ...]:
    """The deal's score for every split of the defence's tricks, by the first defender's
    tricks (0 to all of them): scored once, whichever mosts then bound the choice."""
    first, second = Seat.defenders(declarer)
    defence = total - tricks
    return tuple(score_deal(game, rules=rules, players=players, declarer=declarer,
                            tricks={declarer: tricks, first: a, second: defence - a},
                            whist=dict(words))
                 for a in range(defence + 1))


@functools.lru_cache(maxsize=8192)
def _split_keys(game: Game, rules: RuleSet, players: int, declarer: int,
                words: tuple[tuple[int, str], ...], tricks: int, total: int
                ) -> tuple[tuple[Fraction, int], ...]:
    """For every split (by the first defender's tricks): the sum of the two defenders'
    values and how uneven it is, the split rule's two keys."""
    first, second = Seat.defenders(declarer)
    defence = total - tricks
    return tuple((score.values[first] + score.values[second], abs(2 * a - defence))
                 for a, score in enumerate(_split_scores(game, rules, players, declarer,
                                                         words, tricks, total)))


@functools.lru_cache(maxsize=16384)
def _best_split(game: Game, rules: RuleSet, players: int, declarer: int,
                words: tuple[tuple[int, str], ...], tricks: int, most: tuple[int, int],
                total: int) -> tuple[int, int]:
    defence = total - tricks
    ends = (max(0, defence - most[1]), min(most[0], defence))
    # Mosts that cover the defence's tricks leave the split to the defence; mosts that do not
    # leave the tricks between them to the declarer, who gives them where they hurt most.
    sign = 1 if ends[0] <= ends[1] else -1
    keys = _split_keys(game, rules, players, declarer, words, tricks, total)
    a = max(range(min(ends), max(ends) + 1),
            key=lambda a: (sign * keys[a][0], -keys[a][1], a))
    return a, defence - a


def best_split(game: Game, rules: RuleSet, players: int, words: Mapping[int, str],
               shares: DefenceShares) -> dict[int, int]:
    """The tricks by seat an outcome of two whisters (or a checked tenner) is priced at: the
    declarer his count, the defence's tricks split as the module doc says."""
    first, second = Seat.defenders(shares.declarer)
    a, b = _best_split(game, rules, players, shares.declarer, tuple(sorted(words.items())),
                       shares.tricks, (shares.most[first], shares.most[second]), shares.total)
    return {shares.declarer: shares.tricks, first: a, second: b}


@dataclass(frozen=True)
class Outcome:
    """A priced outcome: `score` (one `DealScore`, its values summing to zero), `tricks` (the
    tricks by seat it was priced at; None without play: `played` False), `shares` (with two
    whisters, each defender's share range {seat: (least, most)}; else None)."""

    score: DealScore
    played: bool
    tricks: dict[int, int] | None
    shares: dict[int, tuple[int, int]] | None = None

    @property
    def values(self) -> Mapping[int, Fraction]:
        return self.score.values


def outcome(game: Game, rules: RuleSet, declarer: int, words: Mapping[int, str],
            tricks: int, shares: DefenceShares | None = None, players: int = 3,
            at: Mapping[int, int] | None = None) -> Outcome:
    """The outcome of a contract (or misère) when the declarer takes `tricks` of the deal
    and the defenders said `words` ({seat: word}; none for a checked tenner or misère).

    `shares`: the defence's shares, needed when each defender's own tricks count
    (`needs_split`); the split is then the one the module doc states, or `at` ({defender:
    tricks} for one defender, the other taking the rest of the defence's), a what-if."""
    fixed = None if at is None else tuple(sorted(at.items()))
    # The shares enter the price only where a split is priced: leaving them out of the key
    # elsewhere lets every share of the same outcome share one entry of the cache.
    split = needs_split(game, words) and is_played(words, declarer)
    return _outcome(game, rules, declarer, tuple(sorted(words.items())), tricks,
                    _key(shares) if split else None, players, fixed if split else None)


def _key(shares: DefenceShares | None) -> tuple | None:
    if shares is None:
        return None
    first, second = Seat.defenders(shares.declarer)
    return shares.tricks, shares.most[first], shares.most[second], shares.total


@functools.lru_cache(maxsize=16384)
def _outcome(game: Game, rules: RuleSet, declarer: int, words: tuple[tuple[int, str], ...],
             tricks: int, shares: tuple | None, players: int,
             at: tuple[tuple[int, int], ...] | None = None) -> Outcome:
    said = dict(words)
    if game.kind != CONTRACT:
        score = score_deal(game, rules=rules, players=players, declarer=declarer,
                           tricks={declarer: tricks})
        return Outcome(score, True, {declarer: tricks})
    if not is_played(said, declarer):
        score = score_deal(game, rules=rules, players=players, declarer=declarer, tricks={},
                           whist=said)
        return Outcome(score, False, None)
    if not needs_split(game, said):
        score = score_deal(game, rules=rules, players=players, declarer=declarer,
                           tricks={declarer: tricks}, whist=said)
        return Outcome(score, True, {declarer: tricks})
    if shares is None:
        raise ValueError("shares: two whisters' tricks are priced from the defence's shares")
    count, a, b, total = shares
    first, second = Seat.defenders(declarer)
    ranges = DefenceShares(declarer, count, {first: a, second: b}, total)
    split = best_split(game, rules, players, said, ranges)
    if at is not None:
        (seat, mine), = at
        other = second if seat == first else first
        split = {declarer: tricks, seat: mine, other: total - tricks - mine}
    score = (_split_scores(game, rules, players, declarer, words, tricks, total)[split[first]]
             if 0 <= split[first] <= total - tricks and split[second] >= 0 else
             score_deal(game, rules=rules, players=players, declarer=declarer, tricks=split,
                        whist=said))
    return Outcome(score, True, split, {s: ranges.range(s) for s in (first, second)})


@dataclass(frozen=True)
class WhistRow(JsonFields):
    """One way through the whisting, priced.

    `words`: the words in the order said (e.g. ("pass", "half", "return")); `seats`: who said
    each; `played`: whether cards are played; `tricks`: {seat: tricks} after double-dummy play
    (None without play; with two whisters every seat's, the split it is priced at); `score`:
    the `DealScore`; `shares`: with two whisters each defender's share range
    {seat: (least, most)}; `values`: {seat: vists} (the score's).
    """

    words: tuple[str, ...]
    seats: tuple[int, ...]
    played: bool
    tricks: dict[int, int] | None
    score: DealScore
    shares: dict[int, tuple[int, int]] | None = None

    @property
    def values(self) -> Mapping[int, Fraction]:
        return self.score.values

    @property
    def label(self) -> str:
        """The words as a table says them: "whist/pass", "pass/half/return", "checked"."""
        return "/".join(self.words) if self.words else "checked"

    JSON = ("words", "seats", "label", "played",
            ("tricks", lambda r: seats_json(r.tricks) if r.tricks else None),
            ("shares", lambda r: None if r.shares is None
             else {str(s): list(v) for s, v in sorted(r.shares.items())}),
            ("result", lambda r: r.score.result), ("values", lambda r: seats_json(r.values)),
            ("values_float", lambda r: floats_json(dict(sorted(r.values.items())))))


def price_said(said: tuple[tuple[str, int], ...], game: Game, declarer: int, rules: RuleSet,
               players: int, tricks: int, shares: DefenceShares | None,
               at: Mapping[int, int] | None = None) -> WhistRow:
    """The row of a leaf of the whisting: the words `said` ((word, seat), ... in order; a seat
    that spoke twice counts by its last word), priced with the declarer's `tricks` and the
    defence's `shares` (see `outcome`, and its `at`)."""
    words = {seat: word for word, seat in said}
    result = outcome(game, rules, declarer, words, tricks, shares, players, at)
    return WhistRow(words=tuple(w for w, _ in said), seats=tuple(s for _, s in said),
                    played=result.played, tricks=result.tricks, score=result.score,
                    shares=result.shares)


def shares_of(declarer: int, tricks: int, most: Mapping[int, int] | Iterable[int],
              total: int = 10) -> DefenceShares:
    """`DefenceShares` from the two defenders' mosts ({seat: k}, or the first's and the
    second's in order)."""
    pair = Seat.defenders(declarer)
    if not isinstance(most, Mapping):
        most = dict(zip(pair, most))
    return DefenceShares(declarer, tricks, {s: int(most[s]) for s in pair}, total)


def shares_at(position: Any, taken: Mapping[int, int] | None = None,
              engine: Any = None) -> DefenceShares:
    """The defence's shares at an engine position of a contract (`solving.defence_shares`)."""
    return defence_shares(position, dict(taken) if taken else None, engine=engine)


def shares_many(positions: list[Any], tricks: Iterable[int] | None = None,
                jobs: int | None = None) -> list[DefenceShares]:
    """The defence's shares at many positions, the searches in compiled code on `jobs`
    threads (`solving.defence_shares_many`)."""
    return defence_shares_many(positions, tricks, jobs)


def mosts_of_hands(template: Any, hands: Any, seats: list[int], held: Any = None,
                   jobs: int | None = None, tt_mb: int | None = None,
                   least: list[int] | None = None,
                   progress: Callable[[int], None] | None = None) -> Any:
    """Defenders' mosts for many layouts at once, in compiled code (`solver.run_jobs`): row i
    of `hands` (an (L, 3) array of hands by seat, the positions otherwise as `template`)
    asks for the defender `seats[i]` (0..2) held to `held[i]` tricks of the declarer (default
    his double-dummy count); with `least`, only whether that most is at least `least[i]`
    (1 or 0), one test of the search. `tt_mb`: the engines' table size; `progress(k)`:
    told as k more rows are done (a hook that raises stops the searches)."""
    import numpy as np

    import solver

    if not len(hands):
        return np.zeros(0, dtype=np.int64)
    jobs_ = (solver.Jobs.from_hands(template, hands) if held is None
             else solver.Jobs.from_hands(template, hands, np.asarray(held, dtype=np.int8)))
    extra = {} if tt_mb is None else {"tt_mb": tt_mb}
    if least is not None:
        extra["share_least"] = least
    return np.asarray(solver.run_jobs(jobs_, threads=jobs, share=seats, progress=progress,
                                      **extra), dtype=np.int64)
