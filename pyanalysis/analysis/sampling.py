"""Layouts as a defender sees them: his ten cards and the open talon known, the other twenty
dealt between the declarer and his partner, the declarer's discard chosen by a model, and only
the layouts that fit the bidding kept.

`sample_worlds` draws layouts of the 20 unseen cards (or takes every one of them), gives the
declarer his ten and the talon, chooses his discard with the declarer model and keeps the
layout if the bidding filter accepts it. All of it is solved in compiled code: the discard
model is a handful of bound searches per layout, batched over all layouts at once.

Declarer models (`discard`):
- "dd": the discard that gives him the most double-dummy tricks in the contract, the 1st hand
  leading (one exact count for a first discard, then one bound search "one trick more?" for
  each other distinct discard, exact counts only where that finds more);
- "low": no search: two cards below the king outside trumps, shortest suits first;
- a callable `(twelve: Hand, game: Game) -> (Card, Card)`: his discard from his own twelve
  cards (he does not see the others').
Bidding filters (`filter`):
- "bid": his double-dummy tricks with his discard are at least the contract's level less one;
- "none": every layout;
- a callable `(deal: Deal, tricks: int) -> bool`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from ..cards import Card
from ..deal import Deal
from ..errors import CardCountError, DuplicateCardError, PositionError
from ..games import CONTRACT, Game
from ..hand import Hand
from ..solving import SEATS
from .layouts import discard_classes

FULL_DECK = (1 << 32) - 1
DISCARD_MODELS = ("dd", "low")
FILTERS = ("bid", "none")
#: Layouts drawn per round while sampling: kept ones are counted after each round.
ROUND = 256


@dataclass(frozen=True)
class Worlds:
    """The layouts kept: `deals` (the declarer's ten after his discard, with the discard),
    `tricks` (his double-dummy tricks in each), `drawn` and `kept` counts, and how they were
    made (`seed`, `exact`: every layout taken, none sampled)."""

    deals: list[Deal]
    tricks: list[int]
    drawn: int
    kept: int
    seed: int | None
    exact: bool
    discard_model: str
    filter: str


def unseen_cards(hand: Hand, talon: Iterable[Card]) -> Hand:
    """The twenty cards a defender does not see: not his, not the talon's."""
    talon_mask = Hand.from_cards(talon).mask
    return Hand(FULL_DECK & ~hand.mask & ~talon_mask)


def sample_worlds(hand: Hand, talon: tuple[Card, Card], game: Game, declarer: int, seat: int,
                  *, samples: int | str = 1000, seed: int | None = 0,
                  discard: str | Callable[..., Any] = "dd",
                  filter: str | Callable[..., bool] = "bid", jobs: int | None = None,
                  max_draws: int | None = None, known: Mapping[int, Any] | None = None,
                  progress: Callable[[int], None] | None = None) -> Worlds:
    """Layouts of the cards defender `seat` cannot see, as he would weigh them.

    samples:   layouts to keep (drawing uniformly, with replacement, until that many pass the
               filter), or "all": every layout, once.
    max_draws: give up drawing after this many layouts (default 50 per layout asked for).
    known:     {seat: cards} known to lie with the declarer (among his ten before he took the
               talon) or the partner: only the other unseen cards are dealt.
    """
    import numpy as np

    if game.kind != CONTRACT:
        raise PositionError(f"the defender's view is of a contract, not {game}")
    if len(hand) != 10:
        raise CardCountError(f"the defender holds ten cards, got {len(hand)}")
    if len(talon) != 2:
        raise CardCountError(f"the talon has two cards, got {len(talon)}")
    if Hand.from_cards(talon).mask & hand.mask:
        raise DuplicateCardError("a talon card is also in the defender's hand")
    partner = [s for s in SEATS if s not in (declarer, seat)]
    if seat == declarer or len(partner) != 1:
        raise PositionError(f"seat {seat} is not a defender of declarer {declarer}")
    partner_seat = partner[0]
    model = discard if callable(discard) else _check_word(discard, DISCARD_MODELS, "discard")
    keep = filter if callable(filter) else _check_word(filter, FILTERS, "filter")
    unseen = unseen_cards(hand, talon)
    fixed = {declarer: 0, partner_seat: 0}
    for where, cards in (known or {}).items():
        if where not in fixed:
            raise PositionError(f"known cards for seat {where!r}: only the declarer's "
                                f"({declarer}) and the partner's ({partner_seat}) are unseen")
        mask = (cards if isinstance(cards, Hand) else Hand.parse(cards, "known")
                if isinstance(cards, str) else Hand.from_cards(cards)).mask
        if mask & ~unseen.mask:
            raise DuplicateCardError("a known card is the defender's own or in the talon")
        fixed[where] = mask
    if fixed[declarer] & fixed[partner_seat]:
        raise DuplicateCardError("a card is known to be in both unseen hands")
    free = unseen.mask & ~fixed[declarer] & ~fixed[partner_seat]
    need = 10 - bin(fixed[declarer]).count("1")
    if need < 0 or bin(fixed[partner_seat]).count("1") > 10:
        raise CardCountError("more than ten known cards in one hand")
    total = math.comb(bin(free).count("1"), need)
    exact = samples == "all"
    if not exact:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise PositionError(f"samples {samples!r}: a positive number of layouts, or 'all'")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise PositionError(f"seed {seed!r} is not a whole number")
    goal = total if exact else samples
    limit = max_draws if max_draws is not None else 50 * goal
    rng = np.random.default_rng(seed)
    deals: list[Deal] = []
    tricks: list[int] = []
    drawn = 0
    talon_mask = Hand.from_cards(talon).mask
    import solver

    end = total if exact else limit
    size = ROUND
    while len(deals) < goal and drawn < end:
        size = min(size, end - drawn)
        ranks = (np.arange(drawn, drawn + size, dtype=np.int64) if exact
                 else rng.integers(0, total, size=size, dtype=np.int64))
        batch = [_layout(hand.mask, solver.subset(free, need, int(r)) | fixed[declarer]
                         | talon_mask, unseen.mask, seat, declarer, partner_seat)
                 for r in ranks]
        fits = [True] * len(batch)
        if keep == "bid" and model == "dd":
            # Which layouts fit the bid at all: bound searches "level - 1 or more?" for every
            # distinct discard, cheap where he is far from it; the best discard is then
            # looked for only in the layouts kept.
            fits = fits_bid(batch, game, declarer, game.level - 1, jobs)
        chosen, values = choose_discards([b for b, ok in zip(batch, fits) if ok], game,
                                         declarer, model, jobs)
        answers = iter(zip(chosen, values))
        seen = 0
        for (hands, twelve), ok in zip(batch, fits):
            seen += 1
            if not ok:
                continue
            pair, value = next(answers)
            if keep == "bid" and value < game.level - 1:
                continue
            full = list(hands)
            full[declarer - 1] = twelve & ~pair[0].bit & ~pair[1].bit
            deal = Deal(tuple(Hand(m) for m in full), discard=Hand.from_cards(pair))
            if callable(keep) and not keep(deal, value):
                continue
            deals.append(deal)
            tricks.append(value)
            if len(deals) == goal:
                break
        drawn += seen
        if progress is not None:
            progress(seen)
        # The next round: about what the rate kept so far says is still needed.
        rate = max(len(deals), 1) / drawn
        size = max(ROUND, min(8 * ROUND, int((goal - len(deals)) / rate * 1.1) + 1))
    if not deals:
        raise PositionError(f"no layout of {drawn} drawn fits the bidding filter")
    return Worlds(deals, tricks, drawn, len(deals), None if exact else seed, exact,
                  model if isinstance(model, str) else "custom",
                  keep if isinstance(keep, str) else "custom")


def _layout(mine: int, twelve: int, unseen: int, seat: int, declarer: int,
            partner: int) -> tuple[list[int], int]:
    hands = [0, 0, 0]
    hands[seat - 1] = mine
    hands[partner - 1] = unseen & ~twelve
    return hands, twelve


def fits_bid(batch: list[tuple[list[int], int]], game: Game, declarer: int, bound: int,
             jobs: int | None) -> list[bool]:
    """Whether some discard gives the declarer at least `bound` double-dummy tricks, per
    layout: one bound search per distinct discard, all in one batch."""
    import numpy as np

    import solver

    if not batch:
        return []
    rows: list[int] = []
    pairs: list[tuple[int, int]] = []
    for i, (hands, twelve) in enumerate(batch):
        for group in discard_classes(twelve, FULL_DECK & ~twelve):
            rows.append(i)
            pairs.append(group[0])
    template = _template(batch[0], pairs[0], game, declarer)
    answers = solver.run_jobs(solver.Jobs.from_hands(
        template, _hands_array(batch, pairs, declarer, rows)), target=bound, threads=jobs)
    fits = np.zeros(len(batch), dtype=bool)
    fits[np.asarray(rows)[answers == 1]] = True
    return fits.tolist()


def choose_discards(batch: list[tuple[list[int], int]], game: Game, declarer: int,
                    model: str | Callable[..., Any], jobs: int | None
                    ) -> tuple[list[tuple[Card, Card]], list[int]]:
    """The declarer's discard in each layout and his double-dummy tricks with it."""
    import numpy as np

    import solver

    if not batch:
        return [], []
    firsts: list[tuple[int, int]] = []
    for hands, twelve in batch:
        if callable(model):
            pair = tuple(model(Hand(twelve), game))
            if len(pair) != 2 or pair[0] == pair[1] or any(
                    not isinstance(c, Card) or not c.bit & twelve for c in pair):
                raise PositionError(f"the discard model gave {pair!r}: two of his twelve cards")
        else:
            pair = low_discard(Hand(twelve), game.trump)
        firsts.append(tuple(sorted(c.index for c in pair)))
    template = _template(batch[0], firsts[0], game, declarer)
    values = solver.run_jobs(solver.Jobs.from_hands(
        template, _hands_array(batch, firsts, declarer, range(len(batch)))), threads=jobs)
    values = [int(v) for v in values]
    chosen = list(firsts)
    if model == "dd":
        # Every other distinct discard: one bound search, "one trick more than the first?";
        # an exact count only where it says yes. Those that say no are no better, so the best
        # of the counted ones (or the first) is the best discard.
        who: list[int] = []
        pairs: list[tuple[int, int]] = []
        for i, (hands, twelve) in enumerate(batch):
            if values[i] >= 10:
                continue  # nothing is better than every trick
            for group in discard_classes(twelve, FULL_DECK & ~twelve):
                if firsts[i] not in group:
                    who.append(i)
                    pairs.append(group[0])
        if who:
            targets = np.array([values[i] + 1 for i in who], dtype=np.int8)
            arr = _hands_array(batch, pairs, declarer, who)
            better = solver.run_jobs(solver.Jobs.from_hands(template, arr, targets),
                                     target=solver.many.EACH, threads=jobs)
            up = np.flatnonzero(better)
            if up.size:
                counts = solver.run_jobs(solver.Jobs.from_hands(template, arr[up]),
                                         threads=jobs)
                for k, v in zip(up, counts):
                    i = who[k]
                    if v > values[i]:
                        values[i], chosen[i] = int(v), pairs[k]
    return [(Card.from_index(a), Card.from_index(b)) for a, b in chosen], values


def _hands_array(batch: list[tuple[list[int], int]], pairs: list[tuple[int, int]],
                 declarer: int, rows: Iterable[int]) -> Any:
    """The hands of layout rows[k] with the declarer discarding pairs[k], as an (n, 3) array."""
    import numpy as np

    out = []
    for k, i in enumerate(rows):
        hands, twelve = batch[i]
        full = list(hands)
        full[declarer - 1] = twelve & ~(1 << pairs[k][0]) & ~(1 << pairs[k][1])
        out.append(full)
    return np.array(out, dtype=np.uint32).reshape(-1, 3)


def _template(layout: tuple[list[int], int], pair: tuple[int, int], game: Game,
              declarer: int) -> Any:
    """A valid engine position of the game, for the other positions to copy."""
    import solver

    hands, twelve = layout
    full = list(hands)
    full[declarer - 1] = twelve & ~(1 << pair[0]) & ~(1 << pair[1])
    return solver.Position(hands=tuple(full), leader=0, game=game.kind, trump=game.trump,
                           focus=declarer - 1)


def low_discard(twelve: Hand, trump: int | None) -> tuple[Card, Card]:
    """The "low" model: two cards below the king outside trumps, from the shortest suits
    first, lowest first (kings and aces, then trumps, only when nothing else is left)."""
    cards = sorted(twelve, key=lambda c: (c.suit == trump, c.rank >= 6,
                                          len(twelve.suit(c.suit)), c.rank))
    return cards[0], cards[1]


def _check_word(value: Any, allowed: tuple[str, ...], what: str) -> str:
    if value not in allowed:
        raise PositionError(f"{what} {value!r}: expected {', '.join(allowed)} or a function")
    return value
