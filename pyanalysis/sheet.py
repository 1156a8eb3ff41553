"""The score sheet (пулька): running pool, hill and vists, closing, and the settlement.

    >>> from pyanalysis.sheet import Sheet
    >>> sheet = Sheet(["Anna", "Boris", "Vera"], rules="sochi", pool_size=10)
    >>> row = sheet.play("7H", declarer="Boris", tricks={"Boris": 7, "Vera": 2},
    ...                  whist={"Vera": "whist", "Anna": "pass"})
    >>> sheet.pool["Boris"], sheet.vists["Vera"]["Boris"]
    (Fraction(4, 1), Fraction(12, 1))

Players are named and listed clockwise; the dealer moves one place clockwise every deal
(unless a deal names its dealer). With four players the dealer sits out. Each deal is scored
by `score_deal` under the sheet's rule set; the sheet adds what the deal-by-deal view does not
see: Sochi help when a pool is closed, the place of each raspasy in its run, the end of the
game, and the settlement into vists by both methods of seed 004 §4.2.14.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence

from .errors import one_line
from .games import Game
from .rules import RuleSet
from .scoring import DEALER, HANDS, HILL_VISTS, DealScore, score_deal


class SheetError(ValueError):
    """A deal that does not fit the sheet: unknown player, game already over, bad record."""

    def __init__(self, message: str) -> None:
        # Names and deal lines quoted in the message come from record files.
        super().__init__(one_line(message))


@dataclass(frozen=True)
class Help:
    """Pool points that `giver` could not write into his closed pool and wrote for `taker`
    (10 vists on him for each), or, with `taker` None, took off the hill."""

    giver: str
    taker: str | None
    points: Fraction


@dataclass(frozen=True)
class SheetRow:
    """One deal on the sheet, with the running totals after it."""

    number: int
    dealer: str
    seats: Mapping[str, int]
    score: DealScore
    values: Mapping[str, Fraction]
    helps: tuple[Help, ...]
    pool: Mapping[str, Fraction]
    hill: Mapping[str, Fraction]
    vists: Mapping[str, Mapping[str, Fraction]]

    @property
    def names(self) -> dict[int, str]:
        """Seat number → player name for this deal."""
        return {seat: name for name, seat in self.seats.items()}

    def describe(self) -> str:
        """A one-line account: `3. 7♥ Boris (dealer Anna): made` or the raspasy tricks."""
        names = self.names
        game = self.score.game
        if game.kind == "raspasy":
            parts = ", ".join(f"{names[s]} {self.score.tricks.get(s, 0)}" for s in HANDS)
            head = f"raspasy #{self.score.raspasy_round} ({parts})"
        else:
            assert self.score.declarer is not None
            head = f"{game.symbol()} {names[self.score.declarer]}: {self.score.result}"
        return f"{self.number}. {head} (dealer {self.dealer})"


@dataclass(frozen=True)
class Settlement:
    """The final account of a sheet in vists (seed 004 §4.2.14, seed 003 §9).

    `hills`: each hill after the pools are equalised on it and the smallest is subtracted
    from all (amnesty). Method 1: every other player writes `10·h/n` vists on the owner of a
    hill `h` (`hill_vists`), then mutual vists are netted pairwise (`pairs`). Method 2: each
    player receives `10·(mean hill − own hill)` (`hill_balance`) plus his net vists.
    """

    players: tuple[str, ...]
    hills: Mapping[str, Fraction]
    hill_vists: Mapping[str, Fraction]
    hill_balance: Mapping[str, Fraction]
    net_vists: Mapping[str, Fraction]
    pairs: Mapping[tuple[str, str], Fraction]
    by_hill_vists: Mapping[str, Fraction]
    by_mean_hill: Mapping[str, Fraction]

    @property
    def totals(self) -> Mapping[str, Fraction]:
        """Each player's result in vists (both methods agree; this is method 2)."""
        return self.by_mean_hill

    @property
    def methods_agree(self) -> bool:
        """True when the two methods give every player the same result."""
        return dict(self.by_hill_vists) == dict(self.by_mean_hill)


def settle(players: Sequence[str], pools: Mapping[str, Fraction | int],
           hills: Mapping[str, Fraction | int],
           vists: Mapping[str, Mapping[str, Fraction | int]],
           pool_value: int = 1, pool_size: Fraction | int | None = None) -> Settlement:
    """Settle a sheet into vists by both methods of seed 004 §4.2.14.

    Pools are equalised first: a pool short of `pool_size` (default: the largest pool) goes
    onto its owner's hill, and points over it come off, times `pool_value` (2 in Leningrad).
    `vists[a][b]` is what `a` wrote on `b`.
    """
    names = tuple(players)
    n = len(names)
    target = Fraction(max(pools[p] for p in names) if pool_size is None else pool_size)
    raw = {p: Fraction(hills[p]) + pool_value * (target - Fraction(pools[p])) for p in names}
    lowest = min(raw.values())
    hill = {p: raw[p] - lowest for p in names}
    written = {a: {b: Fraction(vists.get(a, {}).get(b, 0)) for b in names if b != a}
               for a in names}
    pairs = {(a, b): written[a][b] - written[b][a] for a in names for b in names if a != b}
    net = {a: sum((pairs[a, b] for b in names if b != a), Fraction(0)) for a in names}
    # Method 1: everybody writes the owner's share of each hill on him, then net pairwise.
    hill_vists = {p: HILL_VISTS * hill[p] / n for p in names}
    method1 = {a: sum((pairs[a, b] + hill_vists[b] - hill_vists[a] for b in names if b != a),
                      Fraction(0)) for a in names}
    # Method 2: the mean hill.
    mean = sum(hill.values(), Fraction(0)) / n
    balance = {p: HILL_VISTS * (mean - hill[p]) for p in names}
    method2 = {p: balance[p] + net[p] for p in names}
    return Settlement(names, hill, hill_vists, balance, net, pairs, method1, method2)


class Sheet:
    """A game of preferans on paper: deals in order, running totals, settlement.

    `players`: names, clockwise (three or four). `pool_size`: the agreed pool per player.
    `first_dealer`: who deals first (default: the first player).
    """

    def __init__(self, players: Sequence[str], rules: RuleSet | str = "sochi",
                 pool_size: int | Fraction = 20, first_dealer: str | None = None) -> None:
        names = tuple(str(p) for p in players)
        if len(names) not in (3, 4):
            raise SheetError(f"{len(names)} players: three or four play")
        if len(set(names)) != len(names):
            raise SheetError(f"players {', '.join(names)}: names must differ")
        if Fraction(pool_size) <= 0:
            raise SheetError(f"pool size {pool_size}: must be positive")
        self.players = names
        self.rules = RuleSet.get(rules)
        self.pool_size = Fraction(pool_size)
        self.pool: dict[str, Fraction] = {p: Fraction(0) for p in names}
        self.hill: dict[str, Fraction] = {p: Fraction(0) for p in names}
        self.vists: dict[str, dict[str, Fraction]] = {
            p: {o: Fraction(0) for o in names if o != p} for p in names}
        self.rows: list[SheetRow] = []
        self._streak = 0
        self._next_dealer = self._name(first_dealer) if first_dealer else names[0]

    # -- state ----------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """Sochi (help): every pool is closed. Otherwise: the pools together reach n × size."""
        if self.rules.closing == "help":
            return all(v >= self.pool_size for v in self.pool.values())
        return sum(self.pool.values()) >= len(self.players) * self.pool_size

    @property
    def next_dealer(self) -> str:
        """Who deals next unless the next deal names its dealer."""
        return self._next_dealer

    @property
    def raspasy_streak(self) -> int:
        """How many raspasy in a row were last played (the next is number streak + 1)."""
        return self._streak

    def settlement(self) -> Settlement:
        """The account in vists (by both methods; also for a sheet stopped early)."""
        return settle(self.players, self.pool, self.hill, self.vists,
                      self.rules.pool_value, self.pool_size)

    def _name(self, name: str) -> str:
        if name not in self.players:
            raise SheetError(f"unknown player '{name}': the players are "
                             f"{', '.join(self.players)}")
        return name

    def seats_for(self, dealer: str) -> dict[str, int]:
        """Name → seat when `dealer` deals: 1st, 2nd, 3rd hand clockwise after him; the dealer
        is the 3rd hand with three players and seat 4 (out) with four."""
        names = self.players
        start = names.index(self._name(dealer))
        order = [names[(start + k) % len(names)] for k in range(1, len(names) + 1)]
        if len(names) == 3:
            return {order[0]: 1, order[1]: 2, order[2]: 3}
        return {order[0]: 1, order[1]: 2, order[2]: 3, order[3]: DEALER}

    # -- playing deals --------------------------------------------------------------------

    def play(self, game: Game | str, declarer: str | None = None,
             tricks: Mapping[str, int] | None = None, whist: Mapping[str, str] | None = None,
             talon_honours: int = 0, dealer: str | None = None) -> SheetRow:
        """Score the next deal (names instead of seats) and write it on the sheet."""
        if self.finished:
            raise SheetError(f"the game is over after deal {len(self.rows)}: every pool is "
                             f"closed" if self.rules.closing == "help" else
                             f"the game is over after deal {len(self.rows)}: the pools "
                             f"reached {len(self.players) * self.pool_size}")
        the_dealer = self._name(dealer) if dealer else self._next_dealer
        seats = self.seats_for(the_dealer)
        the_game = Game.parse(game)
        for name in ([declarer] if declarer is not None else []) + list(whist or {}):
            if seats.get(self._name(name)) == DEALER:
                raise SheetError(f"{name} deals this deal and sits out")
        round_ = self._streak + 1 if the_game.kind == "raspasy" else 1
        score = score_deal(
            the_game, self.rules, players=len(self.players),
            declarer=seats[self._name(declarer)] if declarer is not None else None,
            tricks={seats[self._name(p)]: t for p, t in (tricks or {}).items()},
            whist={seats[self._name(p)]: w for p, w in (whist or {}).items()},
            talon_honours=talon_honours, raspasy_round=round_)
        names = {seat: name for name, seat in seats.items()}
        helps: list[Help] = []
        for seat, writes in score.writes.items():
            who = names[seat]
            self.hill[who] += writes.hill
            for target, amount in writes.vists.items():
                self.vists[who][names[target]] += amount
        for seat, writes in score.writes.items():
            if writes.pool:
                helps.extend(self._write_pool(names[seat], writes.pool))
        self._advance_raspasy(score)
        self._next_dealer = self.players[(self.players.index(the_dealer) + 1)
                                         % len(self.players)]
        row = SheetRow(
            len(self.rows) + 1, the_dealer, seats, score,
            {names[s]: v for s, v in score.values.items()}, tuple(helps),
            dict(self.pool), dict(self.hill), {p: dict(v) for p, v in self.vists.items()})
        self.rows.append(row)
        return row

    def _advance_raspasy(self, score: DealScore) -> None:
        if score.game.kind == "raspasy":
            self._streak += 1
        elif self.rules.raspasy_exit == "any" or score.made:
            self._streak = 0

    def _write_pool(self, who: str, points: Fraction) -> list[Help]:
        """Write `points` into `who`'s pool; past the pool size, help (Sochi rules)."""
        if self.rules.closing != "help":
            self.pool[who] += points
            return []
        own = min(points, max(Fraction(0), self.pool_size - self.pool[who]))
        self.pool[who] += own
        rest = points - own
        helps = []
        start = self.players.index(who)
        # Clockwise from the player on his left, so that max() settles ties to the left.
        others = [self.players[(start + k) % len(self.players)]
                  for k in range(1, len(self.players))]
        while rest > 0:
            open_ = [p for p in others if self.pool[p] < self.pool_size]
            if not open_:
                break
            taker = max(open_, key=lambda p: self.pool[p])
            given = min(rest, self.pool_size - self.pool[taker])
            self.pool[taker] += given
            self.vists[who][taker] += HILL_VISTS * given
            helps.append(Help(who, taker, given))
            rest -= given
        if rest > 0:
            helps.append(Help(who, None, rest))
            if self.rules.help_overflow == "own_hill":
                self.hill[who] -= rest  # even below zero (seed 004 §4.1.1)
            else:
                off = min(rest, max(Fraction(0), self.hill[who]))
                self.hill[who] -= off
                for other in others:
                    self.hill[other] += rest - off  # seed 000
        return helps

    def values(self) -> dict[str, Fraction]:
        """The sum of every deal's value so far, by player."""
        total = {p: Fraction(0) for p in self.players}
        for row in self.rows:
            for name, value in row.values.items():
                total[name] += value
        return total

    def to_json(self) -> dict[str, Any]:
        """The sheet and its settlement in a stable JSON form (exact numbers as strings)."""
        s = self.settlement()
        return {
            "players": list(self.players), "rules": self.rules.name,
            "rule_overrides": self.rules.changed_from_preset(),
            "pool_size": str(self.pool_size), "finished": self.finished,
            "deals": [_row_json(row) for row in self.rows],
            "totals": {"pool": _strs(self.pool), "hill": _strs(self.hill),
                       "vists": {p: _strs(v) for p, v in self.vists.items()}},
            "settlement": {
                "hills": _strs(s.hills), "hill_vists": _strs(s.hill_vists),
                "hill_balance": _strs(s.hill_balance), "net_vists": _strs(s.net_vists),
                "method_1": _strs(s.by_hill_vists), "method_2": _strs(s.by_mean_hill),
                "methods_agree": s.methods_agree,
                "result": _strs(s.totals),
                "result_float": {p: round(float(v), 4) for p, v in s.totals.items()},
            },
        }


def _strs(values: Mapping[str, Fraction]) -> dict[str, str]:
    return {k: str(v) for k, v in values.items()}


def _row_json(row: SheetRow) -> dict[str, Any]:
    names = row.names
    score = row.score.to_json()
    return {
        "number": row.number, "dealer": row.dealer, "game": score["game"],
        "declarer": names.get(row.score.declarer) if row.score.declarer else None,
        "result": row.score.result, "raspasy_round": row.score.raspasy_round,
        "seats": dict(row.seats),
        "writes": {names[int(s)]: w for s, w in score["writes"].items()},
        "values": _strs(row.values),
        "helps": [{"giver": h.giver, "taker": h.taker, "points": str(h.points)}
                  for h in row.helps],
        "pool": _strs(row.pool), "hill": _strs(row.hill),
    }


__all__ = ["Help", "Settlement", "Sheet", "SheetError", "SheetRow", "settle"]
