"""A deal's writes (pool, hill, vists) and its value in vists (RULES.md §3–§4.3).

    >>> import pyanalysis as pa
    >>> s = pa.score_deal("7H", rules="sochi", declarer=1, tricks={1: 6, 2: 4},
    ...                   whist={2: "whist", 3: "pass"})
    >>> s.writes[2].vists[1], s.values[1]
    (Fraction(20, 1), Fraction(-152, 3))

Seats 1–3 are the 1st, 2nd and 3rd hand; seat 4 is the dealer, who sits out when four play.
Everything is exact (`Fraction`); the values of a deal sum to zero.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping, Sequence

from .errors import one_line
from .games import Game
from .rules import RuleSet
from .seat import Seat
from .serialize import exact as _exact

HANDS = (1, 2, 3)
DEALER = 4
#: Vists that one hill point is worth (seeds 001, 003, 004).
HILL_VISTS = 10
#: Tricks the defenders must take together (RULES.md §3); a whisted tenner is like a nine.
DUTY = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
#: Each of two whisters' own share (RULES.md §3): two on six, one above.
SHARE = {6: 2, 7: 1, 8: 1, 9: 1, 10: 1}

WHIST, PASS, HALF, RETURN = "whist", "pass", "half", "return"
_WORDS = {
    "whist": WHIST, "w": WHIST, "вист": WHIST, "v": WHIST,
    "pass": PASS, "p": PASS, "пас": PASS,
    "half": HALF, "half-whist": HALF, "halfwhist": HALF, "полвиста": HALF, "пол-виста": HALF,
    "за свои": HALF,
    "return": RETURN, "returned": RETURN, "return whist": RETURN, "возврат": RETURN,
    "возвратный": RETURN, "возвратный вист": RETURN,
}


class ScoringError(ValueError):
    """A deal that cannot be scored: bad seat, trick counts or whist words for the game."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


@dataclass(frozen=True)
class Writes:
    """What one player writes for a deal: pool and hill points, and vists on every other seat."""

    pool: Fraction = Fraction(0)
    hill: Fraction = Fraction(0)
    vists: Mapping[int, Fraction] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Exact numbers as strings ("7", "-31/3"), vists keyed by seat."""
        return {"pool": _exact(self.pool), "hill": _exact(self.hill),
                "vists": {str(s): _exact(v) for s, v in sorted(self.vists.items())}}


@dataclass(frozen=True)
class DealScore:
    """A scored deal: every seat's `writes` and `values` (vists, exact, summing to zero)."""

    game: Game
    rules: RuleSet
    players: int
    declarer: int | None
    writes: Mapping[int, Writes]
    values: Mapping[int, Fraction]
    result: str
    raspasy_round: int | None = None
    tricks: Mapping[int, int] = field(default_factory=dict)

    @property
    def made(self) -> bool | None:
        """Whether the declarer made his game (misère: took no trick); None on raspasy."""
        if self.game.kind == "raspasy":
            return None
        return self.result.startswith("made")

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats at the table: 1, 2, 3 and the dealer 4 when four play."""
        return HANDS + ((DEALER,) if self.players == 4 else ())

    def to_json(self) -> dict[str, Any]:
        """A stable JSON form; exact values as strings, plus rounded floats for reading."""
        out: dict[str, Any] = {
            "game": str(self.game), "rules": self.rules.name, "players": self.players,
            "declarer": self.declarer, "result": self.result, "made": self.made,
            "writes": {str(s): self.writes[s].to_json() for s in self.seats},
            "values": {str(s): _exact(self.values[s]) for s in self.seats},
            "values_float": {str(s): round(float(self.values[s]), 4) for s in self.seats},
        }
        if self.raspasy_round is not None:
            out["raspasy_round"] = self.raspasy_round
        changed = self.rules.changed_from_preset()
        if changed:
            out["rule_overrides"] = changed
        return out


def deal_values(writes: Mapping[int, Writes], pool_value: int) -> dict[int, Fraction]:
    """RULES.md §4.3: value_i = 10·(mean g − g_i) + Σ_j (V_ij − V_ji), g = hill − pool_value·pool."""
    seats = sorted(writes)
    g = {s: writes[s].hill - pool_value * writes[s].pool for s in seats}
    mean = sum(g.values(), Fraction(0)) / len(seats)
    values = {}
    for s in seats:
        net = sum((writes[s].vists.get(o, 0) - writes[o].vists.get(s, 0)
                   for o in seats if o != s), Fraction(0))
        values[s] = HILL_VISTS * (mean - g[s]) + net
    return values


class _Ledger:
    """Mutable writes while a deal is being scored."""

    def __init__(self, seats: tuple[int, ...]) -> None:
        self.seats = seats
        self.pool = {s: Fraction(0) for s in seats}
        self.hill = {s: Fraction(0) for s in seats}
        self.vists = {s: {o: Fraction(0) for o in seats if o != s} for s in seats}

    def on(self, writer: int, target: int, amount: Fraction | int) -> None:
        self.vists[writer][target] += amount

    def freeze(self) -> dict[int, Writes]:
        return {s: Writes(self.pool[s], self.hill[s], dict(self.vists[s])) for s in self.seats}


def score_deal(game: Game | str | Any, rules: RuleSet | str = "sochi", players: int = 3,
               declarer: int | None = None,
               tricks: Mapping[int, int] | Sequence[int] | None = None,
               whist: Mapping[int, str] | None = None, talon_honours: int = 0,
               raspasy_round: int = 1) -> DealScore:
    """Score one deal: every player's writes and every player's value in vists.

    `game`: "6S", "7NT", "misere", "raspasy" (Russian too) or an object with `kind`/`level`.
    `declarer`: seat 1–3 (not for raspasy). `tricks`: tricks by seat ({1: 6, 2: 4}), or a
    list in seat order ([6, 4, 0]: seats 1, 2, 3, then the dealer) — for a contract the
    declarer's and each defender's (one may be left out: the rest of ten); for misère the
    declarer's; for raspasy every hand's, and the dealer's (seat 4) talon tricks if four play.
    `whist`: each defender's word, "whist", "pass", "half" or "return"; empty for a checked
    tenner; with four players the dealer (seat 4) may "return" a half-whist. `talon_honours`: with four players, the tricks the dealer writes for honours in the
    talon (ace or marriage 1, ace-king 2, two aces 3). `raspasy_round`: 1, 2, 3… the deal's
    place in a run of raspasy.
    """
    ruleset = RuleSet.get(rules)
    the_game = _as_game(game)
    if not _whole(players) or players not in (3, 4):
        raise ScoringError(f"players={players!r}: three or four play")
    if not _whole(raspasy_round) or raspasy_round < 1:
        raise ScoringError(f"raspasy_round={raspasy_round!r}: 1, 2, 3…")
    seats = HANDS + ((DEALER,) if players == 4 else ())
    ledger = _Ledger(seats)
    tricks = _seat_tricks(tricks, seats)
    if whist is not None and not isinstance(whist, Mapping):
        raise ScoringError(f"whist={whist!r}: give the words by seat, e.g. "
                           f"{{2: 'whist', 3: 'pass'}}")
    for seat, count in tricks.items():
        if seat not in seats:
            raise ScoringError(f"tricks for seat {seat}: seats are {_seat_list(seats)}")
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 10:
            raise ScoringError(f"tricks {count!r} for seat {seat}: a number 0..10")
    if not _whole(talon_honours) or not 0 <= talon_honours <= 3:
        raise ScoringError(f"talon_honours={talon_honours!r}: 0..3 tricks")
    if talon_honours and players == 3:
        raise ScoringError("talon_honours: only a dealer who sits out (four players) writes them")

    round_: int | None = None
    if the_game.kind == "raspasy":
        if declarer is not None or whist:
            raise ScoringError("raspasy has no declarer and no whist")
        round_ = raspasy_round
        result = _score_raspasy(ruleset, ledger, tricks, round_)
    else:
        if not _whole(declarer) or declarer not in HANDS:
            raise ScoringError(f"declarer={declarer!r}: {the_game} needs the declarer's seat, "
                               f"1, 2 or 3")
        if the_game.kind == "misere":
            if whist:
                raise ScoringError("misère is not whisted: give no whist words")
            result = _score_misere(ruleset, ledger, declarer, tricks)
        else:
            result = _score_contract(ruleset, ledger, the_game, declarer, tricks,
                                     _words(whist or {}, declarer, players), talon_honours)
    writes = ledger.freeze()
    return DealScore(the_game, ruleset, players, declarer, writes,
                     deal_values(writes, ruleset.pool_value), result, round_, tricks)


# -- games --------------------------------------------------------------------------------


def _as_game(game: Any) -> Game:
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        return Game.parse(game)
    kind, level = getattr(game, "kind", None), getattr(game, "level", None)
    if kind is None:
        raise ScoringError(f"not a game: {game!r}")
    return Game(kind, level, getattr(game, "trump", None)) if kind == "contract" \
        else Game(kind)


def _seat_tricks(tricks: Any, seats: tuple[int, ...]) -> dict[int, Any]:
    """Tricks by seat from a mapping, or from a list in seat order (1, 2, 3, dealer)."""
    if tricks is None:
        return {}
    if isinstance(tricks, Mapping):
        return dict(tricks)
    if isinstance(tricks, (list, tuple)):
        if len(tricks) > len(seats):
            raise ScoringError(f"tricks {list(tricks)!r}: {len(tricks)} counts for "
                               f"{len(seats)} seats")
        return {seat: count for seat, count in zip(seats, tricks)}
    raise ScoringError(f"tricks={tricks!r}: give tricks by seat ({{1: 6, 2: 4}}) or in seat "
                       f"order ([6, 4, 0])")


def _whole(value: Any) -> bool:
    """An `int` that is not a `bool` (`True == 1`, but it is not a seat or a count)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_list(seats: tuple[int, ...]) -> str:
    return ", ".join(str(s) for s in seats)


def whist_word(word: str) -> str:
    """A whist word as players say it (English or Russian) in its canonical form: "whist",
    "pass", "half" or "return"; `ScoringError` for anything else."""
    key = _WORDS.get(str(word).strip().lower())
    if key is None:
        raise ScoringError(f"unknown whist word '{word}': expected whist, pass, half, return")
    return key


def _words(whist: Mapping[int, str], declarer: int, players: int) -> dict[int, str]:
    words = {}
    for seat, word in whist.items():
        key = whist_word(word)
        dealer_returns = seat == DEALER and players == 4 and key == RETURN
        if seat not in Seat.defenders(declarer) and not dealer_returns:
            raise ScoringError(
                f"whist word for seat {seat}: only the defenders "
                f"{' and '.join(map(str, Seat.defenders(declarer)))} of declarer {declarer} speak"
                + (" (the dealer, seat 4, may only return a half-whist)" if players == 4
                   else ""))
        words[seat] = key
    return words


# -- misère and raspasy -------------------------------------------------------------------


def _score_misere(rules: RuleSet, ledger: _Ledger, declarer: int,
                  tricks: Mapping[int, int]) -> str:
    if declarer not in tricks:
        raise ScoringError(f"misère: give the declarer's tricks (seat {declarer})")
    taken = tricks[declarer]
    if taken == 0:
        ledger.pool[declarer] += rules.misere_price
        return "made"
    # Misère is written like a set contract, on the hill, but without vists (seed 000).
    ledger.hill[declarer] += rules.misere_price * rules.hill_multiplier * taken
    return f"took {taken}"


def _score_raspasy(rules: RuleSet, ledger: _Ledger, tricks: Mapping[int, int],
                   round_: int) -> str:
    missing = [s for s in HANDS if s not in tricks]
    if missing:
        raise ScoringError(f"raspasy: give every hand's tricks (missing seat {missing[0]})")
    total = sum(tricks.values())
    dealer_tricks = tricks.get(DEALER, 0)
    four = DEALER in ledger.seats
    if total > 10 or (four and total != 10):
        raise ScoringError(
            f"raspasy: tricks add up to {total}, " + (
                "with four players the hands and the dealer take all ten" if four
                else "at most ten"))
    if not four and total < 8:
        raise ScoringError(f"raspasy: tricks add up to {total}, at least eight (two talon "
                           f"tricks may go to nobody)")
    price = rules.raspasy_price(round_)
    takers = [s for s in HANDS] + ([DEALER] if dealer_tricks else [])
    if rules.raspasy_scoring == "hill":
        for s in takers:
            ledger.hill[s] += price * tricks.get(s, 0)
        if rules.raspasy_zero_pool:
            for s in HANDS:
                if tricks[s] == 0:
                    ledger.pool[s] += Fraction(price, rules.pool_value)
    else:
        # Rostov (seed 004): the fewest-trick hand(s) write vists on the others; each other
        # player pays rate × the tricks he took above the fewest, split among the winners.
        rate = rules.raspasy_vist_rate * price
        fewest = min(tricks[s] for s in HANDS)
        winners = [s for s in HANDS if tricks[s] == fewest]
        for loser in takers:
            excess = tricks.get(loser, 0) - fewest
            if loser in winners or excess <= 0:
                continue
            for w in winners:
                ledger.on(w, loser, Fraction(rate * excess, len(winners)))
    return "raspasy " + "-".join(str(tricks[s]) for s in HANDS) + (
        f"-{dealer_tricks}" if four and dealer_tricks else "")


# -- contracts ----------------------------------------------------------------------------


def _score_contract(rules: RuleSet, ledger: _Ledger, game: Game, declarer: int,
                    tricks: Mapping[int, int], words: dict[int, str], honours: int) -> str:
    level = game.level
    assert level is not None
    first, second = Seat.defenders(declarer)
    c = rules.price(level)
    vist = c * rules.vist_multiplier
    hill_price = c * rules.hill_multiplier
    pair = (words.get(first), words.get(second))
    dealer_word = words.get(DEALER)
    checked = level == 10 and rules.tenner_checked

    if DEALER in ledger.seats and honours and rules.dealer_honours:
        ledger.on(DEALER, declarer, vist * honours)

    if checked and words and pair != (PASS, PASS):
        raise ScoringError("a tenner is checked, not whisted: give no whist words, or both "
                           "pass (or the rule tenner_checked=false)")
    if dealer_word and HALF not in pair:
        raise ScoringError("the dealer may only return a half-whist")
    if not checked and len(words) - bool(dealer_word) != 2:
        raise ScoringError(f"{game}: give both defenders' words (seats {first} and {second})")
    if game.level == 6 and game.trump == 0 and rules.six_spades_whist and PASS in pair:
        raise ScoringError("six spades must be whisted by both (rule six_spades_whist)")

    if pair == (PASS, PASS):
        # No play: the game counts as made, with all ten tricks on eight and nine (seed 000).
        if declarer in tricks and tricks[declarer] < level:
            raise ScoringError(
                f"both passed: the declarer is taken to have made {game}, not "
                f"{tricks[declarer]} tricks")
        ledger.pool[declarer] += c
        return "made (both passed)"
    if HALF in pair:
        return _half_whist(rules, ledger, game, declarer, tricks, words, vist, hill_price)
    if RETURN in pair:
        raise ScoringError(f"whist words {pair[0]}/{pair[1]}: a return answers a half-whist")

    if checked:
        return _checked_tenner(rules, ledger, declarer, tricks, vist, hill_price)

    if pair == (WHIST, WHIST):
        return _two_whisters(rules, ledger, game, declarer, tricks, vist, hill_price)
    if pair in ((WHIST, PASS), (PASS, WHIST)):
        whister, passer = (first, second) if pair[0] == WHIST else (second, first)
        return _one_whister(rules, ledger, game, declarer, tricks, whister, passer,
                            vist, hill_price)
    raise ScoringError(f"whist words {pair[0]}/{pair[1]} are not a whisting for {game}")


def _split_tricks(declarer: int, tricks: Mapping[int, int], *, each: bool) -> tuple[int, dict]:
    """The declarer's tricks and the defenders' (each, or only their total when `each` is off).

    One hand may be left out: it took the rest of the ten tricks.
    """
    given = {s: tricks[s] for s in HANDS if s in tricks}
    total = sum(given.values())
    if len(given) == 3 and total != 10:
        raise ScoringError(f"tricks add up to {total}: a contract has ten")
    if len(given) == 2:
        if total > 10:
            raise ScoringError(f"tricks add up to {total}: a contract has ten")
        (missing,) = [s for s in HANDS if s not in given]
        given[missing] = 10 - total
    if len(given) == 3:
        return given[declarer], {s: given[s] for s in HANDS if s != declarer}
    if len(given) == 1 and declarer in given and not each:
        return given[declarer], {}
    need = "the declarer's and each defender's" if each else "the declarer's"
    raise ScoringError(f"give {need} tricks (one hand may be left out)")


def _consolation(rules: RuleSet, c: int, short: int) -> Fraction:
    """Vists each opponent writes on a declarer who is `short` tricks down."""
    if rules.consolation == "price":
        return Fraction(c * rules.vist_multiplier * short)
    if rules.consolation == "flat":
        return Fraction(rules.consolation_flat * short)
    return Fraction(0)


def _declarer_result(rules: RuleSet, ledger: _Ledger, declarer: int, level: int,
                     taken: int, c: int, hill_price: int) -> int:
    """Write the declarer's pool or hill; return how many tricks he is down (0 if made)."""
    short = max(0, level - taken)
    if short:
        ledger.hill[declarer] += hill_price * short
    else:
        ledger.pool[declarer] += c
    if short and DEALER in ledger.seats and rules.dealer_consolation:
        ledger.on(DEALER, declarer, _consolation(rules, c, short))
    return short


def _result(short: int, penalties: Mapping[int, int]) -> str:
    text = f"down {short}" if short else "made"
    for seat, missing in sorted(penalties.items()):
        if missing:
            text += f"; seat {seat} short {missing}"
    return text


def _one_whister(rules: RuleSet, ledger: _Ledger, game: Game, declarer: int,
                 tricks: Mapping[int, int], whister: int, passer: int, vist: int,
                 hill_price: int) -> str:
    level = game.level
    assert level is not None
    taken, defenders = _split_tricks(declarer, tricks, each=False)
    theirs = 10 - taken
    c = rules.price(level)
    short = _declarer_result(rules, ledger, declarer, level, taken, c, hill_price)
    # The whister answers for both hands (seed 000); strict greedy whist asks only his own
    # share of a lone whister (seed 003 §5.4).
    duty = SHARE[level] if rules.two_whister_duty == "strict" else DUTY[level]
    missing = max(0, duty - theirs)
    ledger.hill[whister] += hill_price * missing * rules.responsibility_factor
    cons = _consolation(rules, c, short)
    earned = vist * theirs
    split = rules.whist_split == "gentleman" and (short or rules.gentleman_split_made)
    if split:
        half = (earned + 2 * cons) / 2
        ledger.on(whister, declarer, half)
        ledger.on(passer, declarer, half)
    else:
        ledger.on(whister, declarer, earned + cons)
        ledger.on(passer, declarer, cons)
    return _result(short, {whister: missing})


def _two_whisters(rules: RuleSet, ledger: _Ledger, game: Game, declarer: int,
                  tricks: Mapping[int, int], vist: int, hill_price: int) -> str:
    level = game.level
    assert level is not None
    first, second = Seat.defenders(declarer)
    taken, defenders = _split_tricks(declarer, tricks, each=True)
    c = rules.price(level)
    short = _declarer_result(rules, ledger, declarer, level, taken, c, hill_price)
    penalties = _two_whister_penalties(rules, level, first, second, defenders)
    cons = _consolation(rules, c, short)
    for seat in (first, second):
        ledger.hill[seat] += hill_price * penalties[seat] * rules.responsibility_factor
        ledger.on(seat, declarer, vist * defenders[seat] + cons)
    return _result(short, penalties)


def _two_whister_penalties(rules: RuleSet, level: int, first: int, second: int,
                           defenders: Mapping[int, int]) -> dict[int, int]:
    """Tricks each of two whisters is set by (RULES.md §3; seed 000 examples)."""
    share = SHARE[level]
    if rules.two_whister_duty == "strict":
        return {s: max(0, share - defenders[s]) for s in (first, second)}
    shortfall = max(0, DUTY[level] - defenders[first] - defenders[second])
    if not shortfall:
        return {first: 0, second: 0}
    if level >= 8:
        return {first: 0, second: shortfall}  # «2-й вист ответственный»
    # Each answers for his own share, but together never for more than the shortfall:
    # six, 3 and 0 tricks: the second is set by one (seed 000, example 2).
    return {s: min(max(0, share - defenders[s]), shortfall) for s in (first, second)}


def _checked_tenner(rules: RuleSet, ledger: _Ledger, declarer: int,
                    tricks: Mapping[int, int], vist: int, hill_price: int) -> str:
    taken, defenders = _split_tricks(declarer, tricks,
                                     each=tricks.get(declarer, 10) < 10)
    c = rules.price(10)
    short = _declarer_result(rules, ledger, declarer, 10, taken, c, hill_price)
    if not short:
        return "made (checked)"
    cons = _consolation(rules, c, short)
    if rules.whist_split == "gentleman":
        # Seed 001: on a set tenner the opponents write the vists in halves.
        half = (vist * sum(defenders.values()) + 2 * cons) / 2
        for seat in defenders:
            ledger.on(seat, declarer, half)
    else:
        # Seed 000: as if both had whisted (ten down one: 20 and 10 vists in Sochi).
        for seat, theirs in defenders.items():
            ledger.on(seat, declarer, vist * theirs + cons)
    return f"down {short} (checked)"


def _half_whist(rules: RuleSet, ledger: _Ledger, game: Game, declarer: int,
                tricks: Mapping[int, int], words: Mapping[int, str], vist: int,
                hill_price: int) -> str:
    """A half-whist (полвиста, «за свои»): one defender gives up for half the duty.

    Legal sequences (first defender's word, second's): pass/half, return/half and, with
    `half_whist_by=either`, half/pass and half/return. The other defender either accepts
    (pass: no play, the game counts as made) or returns the whist and plays both hands; with
    four players the dealer may return it instead when the other defender accepts (seeds 001,
    003 §4.2).
    """
    level = game.level
    assert level is not None
    first, second = Seat.defenders(declarer)
    half = first if words.get(first) == HALF else second
    other = second if half == first else first
    said = f"{first}={words.get(first)}, {second}={words.get(second)}"
    if words.get(other) not in (PASS, RETURN):
        raise ScoringError(f"whist words {said}: after a half-whist the other defender "
                           f"passes or returns")
    if level not in (6, 7) or not rules.half_whist:
        raise ScoringError(f"no half-whist on {game}" if level not in (6, 7)
                           else "half-whist is off (rule half_whist)")
    if half == first and rules.half_whist_by == "second":
        # RULES.md §3: the first defender speaks first; only after he passes may the second
        # go half, and only the first can then return it.
        raise ScoringError(
            f"whist words {said}: only the second defender (seat {second}) may go half-whist, "
            f"after the first (seat {first}) passes; the first may then return it "
            f"(rule half_whist_by=either lets the first defender go half too)")
    c = rules.price(level)
    returners = [s for s in (other, DEALER) if words.get(s) == RETURN]
    if not returners:
        # No play: the game counts as made, the half-whister writes half the duty.
        if declarer in tricks and tricks[declarer] < level:
            raise ScoringError("a half-whist is not played: the game counts as made")
        ledger.pool[declarer] += c
        ledger.on(half, declarer, vist * DUTY[level] // 2)
        return "made (half-whist)"
    if len(returners) > 1:
        raise ScoringError("a half-whist is returned once: by the other defender or the dealer")
    if not rules.return_whist:
        raise ScoringError("returning a half-whist is off (rule return_whist)")
    returner = returners[0]
    taken, _ = _split_tricks(declarer, tricks, each=False)
    theirs = 10 - taken
    short = _declarer_result(rules, ledger, declarer, level, taken, c, hill_price)
    missing = max(0, DUTY[level] - theirs)
    ledger.hill[returner] += hill_price * missing * rules.responsibility_factor
    cons = _consolation(rules, c, short)
    # The returner plays both hands and all the vists are his (seeds 000, 001); so is the
    # consolation of those who gave up (the half-whister, and the passer when the dealer
    # returns) unless return_consolation=own.
    gave_up = [half] + ([other] if returner == DEALER else [])
    if rules.return_consolation == "returner":
        ledger.on(returner, declarer, vist * theirs + cons * (len(gave_up) + (
            returner != DEALER)))
    else:
        ledger.on(returner, declarer, vist * theirs + (cons if returner != DEALER else 0))
        for seat in gave_up:
            ledger.on(seat, declarer, cons)
    who = "dealer" if returner == DEALER else "whist"
    return _result(short, {returner: missing}) + f" (returned {who})"
