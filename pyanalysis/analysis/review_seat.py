"""Each card of a played deal weighed from its player's seat (`review(..., view="seat")`).

What the player knows when he plays a card (RULES.md §2-§3 and the seeds):

- his own hand, every card played so far (and who played it), the voids the play revealed
  (a player who did not follow suit holds none of it; in a trump contract, one who neither
  followed nor trumped holds no trump either);
- the talon of a contract or misère, shown to all after the bidding: its cards are in the
  declarer's twelve (his hand or his discard), never in a defender's hand; in raspasy a talon
  card is seen once it is turned for its trick (rules `suit`, `card`); with rule `none` the
  talon stays hidden;
- the hands laid open by the whisting. Closed whist (втёмную; always with two whisters): no one
  sees another's hand. Open whist (в светлую, one whister's choice): the defenders' hands lie
  face up, so each defender sees his partner's and knows the declarer's twelve (all the rest,
  the talon having been shown) but not which two he discarded, and the declarer sees both
  defenders' hands: he knows every card. Misère is played open the same way. The cards open
  before the first card when a defender leads to trick 1, after the declarer's first card
  when he leads it (seed 000 on misère, seed 001 on open whist). Raspasy is not whisted:
  every hand stays hidden;
- a tenner checked (the rules' `tenner_checked`, `rules=` given) lays all thirty cards open:
  every player sees every card (whisting "checked"), and the seat view is the double-dummy
  one;
- who chooses the card: each player his own, except in open whist with one whister, where the
  whister plays the passer's hand as well as his own (RULES.md §3, seed 000). A card from the
  passer's hand is then weighed from the whister's seat (`review.choosers`): he sees his own
  hand and the passer's, both face up, and with rules the card is priced in his vists. In
  closed whist with one whister the passer is invited to play his own cards (seed 000) and
  each card is weighed from its own player's seat;
- the declarer knows his own discard; a defender does not. An ending (hands of fewer than
  ten) has no hidden cards outside the hands: the cards gone before it count as seen.

A *layout* places the cards he cannot see: the current hands of the seats hidden from him
(as many cards as each holds now, none of a suit it showed out of) and the hidden cards out
of the hands (the declarer's discard; in raspasy the talon not yet turned). Every consistent
layout counts alike: no bidding filter and no model of the declarer's discard, so that the
open-whist defenders do not "know" a discard from a model. The layouts are numbered (for each
choice of the hidden cards, in a fixed order, the colex subsets of the cards free to lie in
either hidden hand, as `solver.subset` numbers them), counted exactly, and either all taken
(when there are at most `samples` of them, or `samples="all"`) or `samples` of them drawn
uniformly with replacement, seeded per card. The same layouts serve every legal card, and
they are solved in the engine's many-positions entry point (`solver.run_jobs`). A drawn sample
is taken in rounds, as the sampled decisions take theirs (`settle`: looks at 100 layouts, then
half as many again, then `samples`), and stops at the first look where the card's verdict is
settled (`settled_at`); each round solves only the layouts past the last, and a card run to
its cap has the fixed run's figures exactly.

Why not `sampling.sample_worlds`, the seat views' sampler of the whist and the lead: it deals
whole hands of equal size before the first card, between two seats, with the declarer's
discard chosen by a model and a bidding filter. Here the hands are dealt in the middle of a
trick (sizes differ), under voids, with a third place for the hidden cards (which two of his
twelve the declarer laid away, uniformly) and, in raspasy, with no declarer. The numbering is
the sampler's own (`solver.subset` over the free cards, the known ones fixed); the seed and the
cap (`MAX_WORLDS`) are checked as there.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations
from typing import Any, Callable, Mapping, Sequence

from ..cards import Card
from ..errors import PositionError
from ..games import RASPASY
from ..play import Play
from .layouts import MAX_WORLDS, check_samples_cap, check_seed
from .sampling import standard_error

__all__ = ["SEAT_SAMPLES", "SEAT_FLAGS", "SeatWeights", "SeatQuestion",
           "seat_question", "weigh", "voids", "check_flags", "seat_flag"]

#: Layouts weighed per card unless told otherwise; when a card has at most this many
#: consistent layouts every one is taken (drawing as many would cost the same, and less exact).
SEAT_SAMPLES = 200
#: A card losing more than these tricks on average against the best from the seat is flagged
#: "?" and "??".
SEAT_FLAGS = (0.1, 0.6)
_FULL_DECK = (1 << 32) - 1
#: A checked tenner's whisting: all thirty cards laid open (RULES.md §2.4).
CHECKED = "checked"


def _suit_mask(suit: int) -> int:
    return 0xFF << (8 * suit)


@dataclass(frozen=True)
class SeatQuestion:
    """What the player to move sees: `position` (the true one, as the engine takes it),
    `mover` (seat 1..3), `unknown` (the seats whose hands he does not see, each with its size
    and the cards it may hold), `hidden` (how many cards out of the hands he cannot place,
    and which they may be), `pool` (every card he cannot place), and whether the hidden card
    is the raspasy talon card still to turn (`hidden_talon`)."""

    position: Any
    mover: int
    unknown: tuple[tuple[int, int, int], ...]    # (seat, cards held, cards it may hold)
    hidden: int
    hidden_allowed: int
    pool: int
    hidden_talon: bool

    def choices(self) -> list[tuple[int, int, int, int, int]]:
        """Per choice of the hidden cards (a fixed order): (hidden mask, layouts, cards fixed
        in the first unknown seat, free cards, of which the first seat takes `need`)."""
        out = []
        if self.hidden:
            cards = [c for c in range(32) if self.hidden_allowed >> c & 1]
            options = [sum(1 << c for c in pick) for pick in combinations(cards, self.hidden)]
        else:
            options = [0]
        for hidden in options:
            rest = self.pool & ~hidden
            if not self.unknown:
                out.append((hidden, 1 if rest == 0 else 0, 0, 0, 0))
                continue
            (_, size_a, allow_a) = self.unknown[0]
            if len(self.unknown) == 1:
                fits = rest & ~allow_a == 0 and bin(rest).count("1") == size_a
                out.append((hidden, 1 if fits else 0, rest, 0, 0))
                continue
            (_, size_b, allow_b) = self.unknown[1]
            if rest & ~(allow_a | allow_b):
                out.append((hidden, 0, 0, 0, 0))
                continue
            fixed_a = rest & allow_a & ~allow_b
            free = rest & allow_a & allow_b
            need = size_a - bin(fixed_a).count("1")
            free_n = bin(free).count("1")
            count = math.comb(free_n, need) if 0 <= need <= free_n else 0
            if bin(rest).count("1") != size_a + size_b:
                count = 0
            out.append((hidden, count, fixed_a, free, need))
        return out

    def total(self) -> int:
        """The number of consistent layouts."""
        return sum(c[1] for c in self.choices())

    def positions(self, ranks: Sequence[int]) -> list[Any]:
        """The engine positions of layouts `ranks` (0 .. total - 1)."""
        import solver

        choices = [c for c in self.choices() if c[1]]
        starts, at = [], 0
        for choice in choices:
            starts.append(at)
            at += choice[1]
        out = []
        base = self.position
        for rank in ranks:
            k = _bisect(starts, rank)
            hidden, _, fixed_a, free, need = choices[k]
            hands = list(base.hands)
            rest = self.pool & ~hidden
            if self.unknown:
                a = fixed_a | (solver.subset(free, need, rank - starts[k]) if need else 0)
                hands[self.unknown[0][0] - 1] = a
                if len(self.unknown) == 2:
                    hands[self.unknown[1][0] - 1] = rest & ~a
            talon = base.talon
            if self.hidden_talon:
                talon = (base.talon[0], hidden.bit_length() - 1)
            out.append(solver.Position(hands=tuple(hands), leader=base.leader,
                                       played=base.played, game=base.game, trump=base.trump,
                                       focus=base.focus, talon=talon,
                                       talon_rule=base.talon_rule))
        return out


def _bisect(starts: list[int], rank: int) -> int:
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= rank:
            lo = mid
        else:
            hi = mid - 1
    return lo


def voids(play: Play) -> dict[int, int]:
    """{seat: the cards the play so far shows he cannot hold now} (a mask of whole suits)."""
    out = {1: 0, 2: 0, 3: 0}
    trump = play.game.trump
    for trick in play.all_tricks:
        lead = trick.talon_card.suit if trick.talon_card is not None else trick.cards[0].suit
        for seat, card in zip(trick.seats, trick.cards):
            if card.suit != lead:
                out[seat] |= _suit_mask(lead)
                if trump is not None and card.suit != trump:
                    out[seat] |= _suit_mask(trump)
    return out


def opened(record: Any, whisting: str | None, number: int) -> bool:
    """Whether the defenders' hands lie open before card `number` (0-based)."""
    if whisting == CHECKED:
        return True
    if record.game.kind == RASPASY or whisting != "open":
        return False
    return record.leader != record.declarer or number >= 1


def seat_question(record: Any, play: Play, number: int, whisting: str | None,
                  focus: int, chooser: int | None = None) -> SeatQuestion:
    """What the player who chooses the card to move sees before card `number` (0-based) of
    `record`, with `play` standing before it (see the module doc). `chooser`: the seat who
    chooses it (default the seat to move; in open whist with one whister the whister chooses
    the passer's cards, `review.choosers`): he sees his own hand and the hand he plays."""
    game, deal, mover = record.game, record.deal, play.turn
    position = play.position(focus)
    hands = {s: h.mask for s, h in zip((1, 2, 3), play.hands)}
    shown = voids(play)
    declarer = record.declarer
    open_now = opened(record, whisting, number)
    chooser = mover if chooser is None else chooser
    if chooser != mover and (declarer is None or declarer in (mover, chooser)):
        raise PositionError(f"chooser {chooser}: only a whister chooses a card for the other "
                            f"defender's hand ({mover})")
    seen = {mover, chooser}
    if open_now and declarer is not None:
        seen |= {s for s in (1, 2, 3) if s != declarer}
        if chooser == declarer or whisting == CHECKED:
            seen = {1, 2, 3}
    in_hands = sum(h.mask for h in deal.hands)
    out_cards = _FULL_DECK & ~in_hands if deal.is_full else 0
    hidden_cards = 0
    hidden_talon = False
    talon_mask = sum(c.bit for c in deal.talon)
    if game.kind == RASPASY:
        if play.talon:  # the talon cards turned so far are seen; the next is not
            turned = min(len(play.tricks) + 1, len(play.talon))
            hidden_cards = sum(c.bit for c in play.talon[turned:])
            hidden_talon = bool(hidden_cards)
        else:
            hidden_cards = out_cards
    elif chooser != declarer and whisting != CHECKED:
        hidden_cards = out_cards  # the declarer's discard
    unknown = []
    for seat in (1, 2, 3):
        if seat in seen:
            continue
        allowed = _FULL_DECK & ~shown[seat]
        if game.kind != RASPASY and seat != declarer:
            allowed &= ~talon_mask  # the talon went to the declarer
        unknown.append((seat, bin(hands[seat]).count("1"), allowed))
    pool = hidden_cards
    for seat, _, _ in unknown:
        pool |= hands[seat]
    return SeatQuestion(position=position, mover=mover, unknown=tuple(unknown),
                        hidden=bin(hidden_cards).count("1"), hidden_allowed=pool,
                        pool=pool, hidden_talon=hidden_talon)


@dataclass(frozen=True)
class SeatWeights:
    """One card's legal options weighed over the layouts: `values` {card: mean focus tricks,
    whole deal}, `vists` {card: the mover's mean vists} (empty unpriced), `cost` (the played
    card's tricks lost against `best`, from the mover's side, on average) and its standard
    error (None when exact), `layouts` weighed, `total` consistent, `exact` (every one taken),
    `stopped`: why a drawn sample stopped (`settle.STOPS`: "settled" or "practical" before
    the cap, "cap" at it, "fixed" when exactly `samples` were asked for; None when exact)."""

    values: dict[Card, Fraction]
    vists: dict[Card, Fraction]
    cost: Fraction
    cost_se: float | None
    best: list[Card]
    layouts: int
    total: int
    exact: bool
    stopped: str | None = None


def weigh(question: SeatQuestion, legal: Sequence[Card], played: Card, *, taken: Mapping[int, int],
          focus: int, maximiser: bool, samples: int | str, seed: int | None, number: int,
          jobs: int | None, price: Callable[[dict[int, int]], Fraction] | None,
          split: bool = False, fixed: bool = False,
          flags: tuple[float, float] = SEAT_FLAGS,
          tick: Callable[[int], None] | None = None) -> SeatWeights:
    """Weigh every legal card over the layouts of `question` (see the module doc).

    `price(by_seat)`: the mover's vists for a whole deal's tricks by seat (None: unpriced);
    `split`: the price needs every seat's tricks (then each layout's principal line after
    each card is walked), else only the focus player's ({focus: tricks}).

    A drawn sample is taken in rounds (`settle.looks`: 100 layouts, then half as many again,
    then `samples`) and stops at the first look where the card's verdict is settled
    (`settled_at`); `fixed`: weigh all `samples` drawn. `tick(k)`: the engine's progress
    hook while the layouts are solved (`solver.run_jobs`)."""
    import numpy as np

    from .settle import Rows, looks, run_rounds, z_bound

    total = question.total()
    if total == 0:  # the record's own layout is always consistent
        raise PositionError("internal error: no layout fits what the player saw")
    exact = samples == "all" or total <= samples
    if samples == "all" and total > MAX_WORLDS:
        raise PositionError(f"samples 'all': card {number + 1} has {total:,} layouts from its "
                            f"player's seat, more than MAX_WORLDS ({MAX_WORLDS:,}); give a "
                            f"number of samples")
    if exact:
        ranks = list(range(total))
    else:
        rng = np.random.default_rng(None if seed is None else [seed, number])
        ranks = [int(r) for r in rng.integers(0, total, size=samples, dtype=np.int64)]
    positions = question.positions(ranks)
    sign = 1 if maximiser else -1
    rows = Rows()

    def counted(n: int) -> list[tuple[list[int], list[Fraction]]]:
        """Per layout of the first n: each legal card's focus tricks and, priced, vists."""
        return rows.take("layouts", positions[:n], lambda new: _weigh_layouts(
            list(new), legal, taken=taken, focus=focus, jobs=jobs, price=price, split=split,
            tick=tick))

    def evaluate(n: int) -> SeatWeights:
        per_layout = counted(n)
        per_card = {c: [t[k] for t, _ in per_layout] for k, c in enumerate(legal)}
        sums = {c: sum(v) for c, v in per_card.items()}
        top = max(sign * s for s in sums.values())
        best = [c for c in legal if sign * sums[c] == top]
        vists = ({} if price is None else
                 {c: sum((v[k] for _, v in per_layout), Fraction(0)) / n
                  for k, c in enumerate(legal)})
        diffs = [sign * (a - b) for a, b in zip(per_card[best[0]], per_card[played])]
        return SeatWeights(values={c: Fraction(sums[c], n) for c in legal}, vists=vists,
                           cost=Fraction(top - sign * sums[played], n),
                           cost_se=None if exact else standard_error(diffs), best=best,
                           layouts=n, total=total, exact=exact,
                           stopped=None if exact else "fixed" if fixed else "cap")

    if exact or fixed:
        return evaluate(len(positions))
    # Two claims per rival card and look (its place against the best, the played card's
    # flag against it): the bound is spread over both.
    z = z_bound(max(1, len(looks(len(positions))) - 1), 2 * (len(legal) - 1))

    def decide(result: SeatWeights) -> str | None:
        per_layout = counted(result.layouts)
        return settled_at([t for t, _ in per_layout], legal, played, sign, z, flags)

    run = run_rounds(len(positions), evaluate, lambda r: [], rivals=len(legal) - 1,
                     decide=decide)
    return replace(run.result, stopped=run.stopped)


def settled_at(tricks: Sequence[Sequence[int]], legal: Sequence[Card], played: Card, sign: int,
               z: float, flags: tuple[float, float]) -> str | None:
    """Whether a card's seat verdict is settled on the layouts weighed so far (`tricks`: per
    layout, each legal card's focus tricks; `sign`: 1 when the mover wants them, -1 when he
    does not): "settled" or "practical" when both

    - the best card from the seat is told apart from every other (`settle.verdict`: ahead by
      `z` standard errors of their paired difference, or at most the "?" flag's bound behind
      it, the smallest loss the review shows), and
    - the played card's flag is: against each legal card c, the paired mean of c's tricks
      over the played card's (from the mover's side) and its standard error; the flag's
      bounds are cleared by `z` standard errors (the card loses more than the bound against
      some c, or at most it against every c);

    None (weigh more layouts) otherwise."""
    from .settle import verdict

    k = legal.index(played)
    sums = [sum(sign * t[j] for t in tricks) for j in range(len(legal))]
    best = max(range(len(legal)), key=lambda j: sums[j])

    def paired(j: int, against: int) -> tuple[float, float | None]:
        values = [sign * (t[j] - t[against]) for t in tricks]
        return sum(values) / len(values), standard_error(values)

    said = verdict([paired(j, best) for j in range(len(legal)) if j != best], z, flags[0])
    if said is None:
        return None
    against = [paired(j, k) for j in range(len(legal)) if j != k]
    if any(se is None or math.isnan(se) for _, se in against):
        return None
    for bound in flags:
        above = any(mean - z * se > bound for mean, se in against)
        below = all(mean + z * se <= bound for mean, se in against)
        if not (above or below):
            return None
    return said


def _weigh_layouts(positions: list[Any], legal: Sequence[Card], *, taken: Mapping[int, int],
                   focus: int, jobs: int | None,
                   price: Callable[[dict[int, int]], Fraction] | None,
                   split: bool, tick: Callable[[int], None] | None = None
                   ) -> list[tuple[list[int], list[Fraction]]]:
    """Per position, each legal card's focus tricks (whole deal) and, priced, the mover's
    vists; all positions solved in one engine call."""
    import solver

    n = len(positions)
    if not n:
        return []
    if price is None or not split:
        answers = solver.run_jobs(solver.Jobs.from_positions(positions), threads=jobs,
                                  moves=True, progress=tick)
        columns = [card.index for card in legal]
        memo: dict[int, Fraction] = {}
        out = []
        for i in range(n):
            tricks = [taken[focus] + int(answers.moves[i, c]) for c in columns]
            vists: list[Fraction] = []
            if price is not None:  # the focus player's tricks alone set the price
                for v in tricks:
                    if v not in memo:
                        memo[v] = price({focus: v})
                    vists.append(memo[v])
            out.append((tricks, vists))
        return out
    after = [p.play(c.index) for p in positions for c in legal]
    answers = solver.run_jobs(solver.Jobs.from_positions(after), threads=jobs, lines=True,
                              progress=tick)
    counts = answers.tricks.reshape(n, len(legal))
    cache: dict[tuple[int, ...], Fraction] = {}
    out = []
    for i in range(n):
        tricks, vists = [], []
        for k, card in enumerate(legal):
            tricks.append(taken[focus] + int(counts[i, k]))
            j = i * len(legal) + k
            line = [int(c) for c in answers.lines[j] if c >= 0]
            # From the position before the card: a card that ends the trick is counted.
            by_seat = _takers(positions[i], [card.index] + line)
            key = tuple(taken[s] + by_seat[s] for s in (1, 2, 3))
            if key not in cache:
                cache[key] = price(dict(zip((1, 2, 3), key)))
            vists.append(cache[key])
        out.append((tricks, vists))
    return out


def _takers(position: Any, line: Sequence[int]) -> dict[int, int]:
    """Tricks each seat (1..3) takes from `position` along `line`: the current trick's cards
    and the line's, grouped into tricks."""
    from solver.position import talon_trick_taker, trick_taker

    out = {1: 0, 2: 0, 3: 0}
    leader, cards, talon = position.leader, list(position.played), list(position.talon)
    for card in line:
        cards.append(card)
        if len(cards) < 3:
            continue
        seats = [(leader + i) % 3 for i in range(3)]
        if talon:
            taker = talon_trick_taker(cards, seats, talon.pop(0), position.talon_rule)
            leader = 0
        else:
            taker = trick_taker(cards, seats, position.trump)
            leader = taker
        if taker is not None:
            out[taker + 1] += 1
        cards = []
    return out


def check_flags(flags: Any) -> tuple[float, float]:
    """The two flag thresholds (tricks lost on average), checked: 0 <= "?" <= "??"."""
    try:
        low, high = (float(x) for x in flags)
    except (TypeError, ValueError):
        raise PositionError(f"flags {flags!r}: two numbers of tricks, e.g. (0.1, 0.6)") from None
    if not (0 <= low <= high) or math.isinf(high):
        raise PositionError(f"flags ({low}, {high}): need 0 <= the '?' bound <= the '??' bound")
    return low, high


def seat_flag(cost: Fraction | None, flags: tuple[float, float]) -> str:
    """"??", "?" or "" for a seat cost against the thresholds."""
    if cost is None:
        return ""
    if cost > Fraction(flags[1]):
        return "??"
    if cost > Fraction(flags[0]):
        return "?"
    return ""


def check_samples(samples: Any, seed: Any) -> int | str:
    """`samples` (a positive number of layouts per card, or "all") and `seed`, checked."""
    check_seed(seed)
    if samples is None:
        return SEAT_SAMPLES
    if samples == "all":
        return samples
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise PositionError(f"samples {samples!r}: a positive number of layouts, or 'all'")
    check_samples_cap(samples, MAX_WORLDS, "MAX_WORLDS")
    return samples


def whisting_in_force(record: Any, whisting: str | None = None,
                      checked: bool = False) -> str | None:
    """The whisting the play ran under: `whisting` or the record's, else the rules' default
    (`Record.whisting_rule`), checked as a record's `whisting:` line is; None in raspasy.
    `checked`: the rules check a tenner, and this is one: "checked", every card open."""
    game = record.game
    if checked and whisting is None and record.whisting is None and \
            game.kind == "contract" and game.level == 10:
        return CHECKED
    if whisting is not None:
        if record.game.kind == RASPASY:
            raise PositionError("whisting: raspasy is not whisted")
        record = replace(record, whisting=whisting)
    return record.whisting_rule
