"""Write the fixed benchmark sets in data/bench/ (seeded: the same files every run).

    python benches/make_sets.py                      # every set
    python benches/make_sets.py tenner_hands ...     # only the sets named
    python benches/make_sets.py bid_contracts bid_misere bid_tenners   # the bid sets
    python benches/make_sets.py --out DIR            # elsewhere (e.g. to diff against data/)

Deal sets: each is 200 random full deals in the batch JSON-lines form of DESIGN.md. Trump
contracts cycle the trump suit and the declarer's seat; misère cycles the declarer; raspasy
cycles the player whose tricks are counted, under one talon rule per file.

Hand sets, for the layout benchmarks (`benches/test_layouts_speed.py`): 20 twelve-card hands
(hand and talon, before the discard) that a player would bid on, the declarer's seat cycling
1, 2, 3 and the 1st hand leading. One JSON object a line:
`{"hand": "AKQJ9.AK.AK.AKQ", "discard": ["7D", "8D"], "game": "10S", "declarer": 2,
"leader": 1, "screen": [62, 64], "deal": "<the deal it was found in>"}`.

- `tenner_hands`: a random deal rarely holds a tenner, so the declarer's twelve cards are
  drawn from a skewed distribution: one suit (chosen at random) has three times the weight of
  the others and the ranks 7 8 9 T J Q K A weigh 1 1 1.5 2 2.5 3 4 6; they are drawn one by one
  with these weights, without replacement. The other 20 cards are shuffled into the other two
  hands. For each strain and each distinct discard the engine counts the layouts of a fixed
  screen sample (64 layouts of the 20 unseen cards, `layout_odds(..., sample=64, seed=0)`) in
  which he takes all ten tricks; the best strain and discard win (ties: the earlier strain in
  ♠ ♣ ♦ ♥ NT, then the discard of the lowest cards). The hand is kept, as one a player would
  bid ten on, when that discard makes ten in at least 3/4 of the screen and the declarer takes
  at least 9 tricks double dummy in the deal it came from.
- `misere_hands`: likewise, the ranks weighing 4 3.5 3 2.5 2 1.5 1 0.8 (no suit favoured), the
  discard the one caught in the fewest screen layouts (ties: the discard of the highest cards);
  kept when he is caught in at most 1/4 of the screen and takes at most 1 trick double dummy
  in the deal it came from.
`screen` is [layouts of the screen the chosen discard makes (tenner) or is not caught in
(misère), screen size].

`tenner_deals`: 200 full deals in the batch form (game, declarer, leader 1), for the open-card
tenner check: each tenner hand after its discard, in the deal it was found in and in 9 more
random (seeded) layouts of the other 20 cards.

Bid sets: each is 200 deals a player would bid, in the batch form (leader 1), the declarer's
seat cycling 1, 2, 3. The declarer has taken the talon and made his best discard: the deal
is written with his ten cards after it and `discard:` (as in `tenner_deals`). His best is
chosen double dummy: every strain of the set (♠ ♣ ♦ ♥ NT for contracts, misère for misère)
with every distinct discard of his twelve cards (`discard_classes`: discards equivalent in
play are solved once), all of a batch of candidate deals solved in one `solver.tricks_many`
call. The best strain and discard take the most tricks (misère: the fewest); ties go to the
most trumps in his ten cards (no-trump last), then to the earlier strain in ♠ ♣ ♦ ♥, then to
the discard of the lowest cards (misère: the highest), then to the first pair in card order.
Each seat draws its own candidates in turn, from `random.Random(10 * seed + seat)`, and keeps
those he would bid; the set's i-th job is the (i // 3 + 1)-th kept of seat i % 3 + 1.

- `bid_contracts` (seed 4001): random deals (as the deal sets draw them); kept when his best
  is at least 6 tricks; the game is that strain at level min(max(6, tricks), 10).
- `bid_misere` (seed 4002): his twelve cards drawn skewed to low ranks as for
  `misere_hands`, the other 20 cards dealt at random to the other two; kept when his best
  discard leaves him at most 1 trick; the game is misère.
- `bid_tenners` (seed 4003): his twelve cards drawn as for `tenner_hands`, the other 20 dealt
  at random; kept when his best takes at least 9 tricks; the game is that strain at level 10.
"""
from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path

import pyanalysis as pa

COUNT = 200
OUT = Path(__file__).resolve().parent.parent / "data" / "bench"
SETS = {
    "trump": lambda i: {"game": f"8{'SCDH'[i % 4]}", "declarer": i % 3 + 1},
    "notrump": lambda i: {"game": "8NT", "declarer": i % 3 + 1},
    "misere": lambda i: {"game": "misere", "declarer": i % 3 + 1},
    "raspasy_suit": lambda i: {"game": "raspasy", "player": i % 3 + 1, "talon_rule": "suit"},
    "raspasy_card": lambda i: {"game": "raspasy", "player": i % 3 + 1, "talon_rule": "card"},
    "raspasy_none": lambda i: {"game": "raspasy", "player": i % 3 + 1, "talon_rule": "none"},
}

HAND_COUNT = 20
SCREEN = 64                 # layouts in the screen sample that picks and keeps a hand
TENNER_RANKS = (1, 1, 1.5, 2, 2.5, 3, 4, 6)       # weights of 7 8 9 T J Q K A
TENNER_LONG_SUIT = 3                            # weight factor of the favoured suit
MISERE_RANKS = (4, 3.5, 3, 2.5, 2, 1.5, 1, 0.8)
STRAINS = ("10S", "10C", "10D", "10H", "10NT")
LAYOUTS_PER_TENNER = 10     # tenner_deals: the deal found and 9 more layouts per hand
HAND_SETS = ("tenner_hands", "misere_hands", "tenner_deals")
BID_SETS = {"bid_contracts": ("contract", 4001), "bid_misere": ("misere", 4002),
            "bid_tenners": ("tenner", 4003)}
BID_STRAINS = ("S", "C", "D", "H", "NT")          # tie order of the strains
BID_BATCH = 48              # candidate deals solved per engine call


def random_deal(rng: random.Random) -> str:
    """A full deal (three hands of ten and the talon) in canonical notation."""
    cards = rng.sample(range(32), 32)
    hands = [pa.Hand.from_cards(pa.Card.from_index(c) for c in cards[10 * i:10 * i + 10])
             for i in range(3)]
    talon = " ".join(str(pa.Card.from_index(c)) for c in cards[30:])
    return " ".join(str(h) for h in hands) + " " + talon


def write_deal_sets(out: Path, names: set[str]) -> None:
    for seed, (name, job) in enumerate(SETS.items(), start=1):
        if name not in names:
            continue
        rng = random.Random(1000 + seed)
        lines = [json.dumps({"deal": random_deal(rng), **job(i), "leader": 1})
                 for i in range(COUNT)]
        write(out, name, lines, "deals")


def write(out: Path, name: str, lines: list[str], what: str) -> None:
    (out / f"{name}.jsonl").write_text("\n".join(lines) + "\n")
    print(f"wrote {out / name}.jsonl ({len(lines)} {what})")


# --- hand sets -------------------------------------------------------------------------------

def _hand(cards) -> pa.Hand:
    return pa.Hand.from_cards(pa.Card.from_index(c) for c in cards)


def skewed_twelve(rng: random.Random, weights: list[float]) -> list[int]:
    """Twelve card indices drawn one by one with these weights, without replacement."""
    pool, weights, drawn = list(range(32)), list(weights), []
    for _ in range(12):
        i = rng.choices(range(len(pool)), weights=weights)[0]
        drawn.append(pool.pop(i))
        weights.pop(i)
    return sorted(drawn)


def candidate(rng: random.Random, kind: str, declarer: int) -> tuple[pa.Hand, list[pa.Hand]]:
    """A skewed twelve-card hand and the deal's other two hands (None at the declarer's seat)."""
    if kind == "tenner":
        long_suit = rng.randrange(4)
        weights = [TENNER_RANKS[c % 8] * (TENNER_LONG_SUIT if c // 8 == long_suit else 1)
                   for c in range(32)]
    else:
        weights = [MISERE_RANKS[c % 8] for c in range(32)]
    twelve = skewed_twelve(rng, weights)
    rest = [c for c in range(32) if c not in twelve]
    rng.shuffle(rest)
    hands: list = [None, None, None]
    seat_a, seat_b = [s for s in (1, 2, 3) if s != declarer]
    hands[seat_a - 1], hands[seat_b - 1] = _hand(rest[:10]), _hand(rest[10:])
    return _hand(twelve), hands


def _rank_sum(discard) -> int:
    return sum(card.rank for card in discard)


def choose(kind: str, hand: pa.Hand, others: pa.Hand, declarer: int):
    """(game, LayoutOdds of the chosen discard on the screen sample, screen layouts that go
    the declarer's way)."""
    from pyanalysis.analysis.layouts import layout_odds

    best = None
    for game in (STRAINS if kind == "tenner" else ("misere",)):
        odds = layout_odds(hand, game, declarer, others=others, target=10 if kind == "tenner"
                           else 1, sample=SCREEN, seed=0, jobs=1)
        scored = [(SCREEN - d.failed, d) for d in odds.discards]
        top = max(score for score, _ in scored)
        tied = [d for score, d in scored if score == top]
        # ties: discard the lowest cards of a tenner hand, the highest of a misère hand
        pick = (min if kind == "tenner" else max)(tied, key=lambda d: _rank_sum(d.discard))
        if best is None or top > best[2]:
            best = (game, pick, top)
    return best


def find_hand(rng: random.Random, kind: str, declarer: int) -> dict:
    """The next hand of the set (see the module doc), as its JSON object."""
    import solver
    from pyanalysis.solving import make_position

    while True:
        twelve, hands = candidate(rng, kind, declarer)
        others = _hand(c.index for h in hands if h is not None for c in h)
        game, odds, good = choose(kind, twelve, others, declarer)
        if 4 * good < 3 * SCREEN:
            continue
        hands[declarer - 1] = odds.hand
        deal = pa.Deal(tuple(hands), discard=pa.Hand.from_cards(odds.discard))
        position = make_position(deal, game, declarer=declarer, leader=1)[0]
        tricks = solver.Solver().tricks(position)
        if (tricks >= 9) if kind == "tenner" else (tricks <= 1):
            return {"hand": str(twelve), "discard": [str(c) for c in odds.discard],
                    "game": game, "declarer": declarer, "leader": 1,
                    "screen": [good, SCREEN], "deal": str(deal)}


def write_hand_sets(out: Path, names: set[str]) -> None:
    made: dict[str, list[dict]] = {}
    for seed, kind in ((2001, "tenner"), (2002, "misere")):
        name = f"{kind}_hands"
        if name not in names and not (kind == "tenner" and "tenner_deals" in names):
            continue
        rng = random.Random(seed)
        made[name] = [find_hand(rng, kind, i % 3 + 1) for i in range(HAND_COUNT)]
        if name in names:
            write(out, name, [json.dumps(h) for h in made[name]], "hands")
    if "tenner_deals" in names:
        rng = random.Random(3001)
        lines = []
        for h in made["tenner_hands"]:
            deal = pa.Deal.parse(h["deal"])
            declarer = h["declarer"]
            seats = [s for s in (1, 2, 3) if s != declarer]
            unseen = [c.index for s in seats for c in deal.hand(s)]
            for k in range(LAYOUTS_PER_TENNER):
                hands = list(deal.hands)
                if k:
                    rng.shuffle(unseen)
                    hands[seats[0] - 1], hands[seats[1] - 1] = _hand(unseen[:10]), _hand(unseen[10:])
                layout = pa.Deal(tuple(hands), discard=deal.discard)
                lines.append(json.dumps({"deal": str(layout), "game": h["game"],
                                         "declarer": declarer, "leader": 1}))
        write(out, "tenner_deals", lines, "deals")


# --- bid sets --------------------------------------------------------------------------------

def _mask(cards) -> int:
    return sum(1 << c for c in cards)


def bid_candidate(rng: random.Random, kind: str, declarer: int) -> tuple[int, list]:
    """The declarer's twelve cards (a mask) and the deal's other two hands as masks (None at
    the declarer's seat): a random deal for contracts, a skewed hand otherwise."""
    if kind == "contract":
        cards = rng.sample(range(32), 32)
        hands: list = [_mask(cards[10 * i:10 * i + 10]) for i in range(3)]
        twelve = hands[declarer - 1] | _mask(cards[30:])
        hands[declarer - 1] = None
        return twelve, hands
    hand, others = candidate(rng, kind, declarer)
    return hand.mask, [None if h is None else h.mask for h in others]


def bid_options(kind: str, twelve: int, hands: list, declarer: int) -> list[tuple]:
    """Every (strain, discard pair, engine position) the declarer chooses among."""
    import solver
    from pyanalysis.analysis.layouts import discard_classes

    others = sum(h for h in hands if h is not None)
    strains = ("misere",) if kind == "misere" else BID_STRAINS
    options = []
    for strain in strains:
        game = pa.Game.parse(strain if kind == "misere" else f"6{strain}")
        for pairs in discard_classes(twelve, others):
            pair = pairs[0]
            masks = list(hands)
            masks[declarer - 1] = twelve & ~_mask(pair)
            position = solver.Position(hands=tuple(masks), leader=0, game=game.kind,
                                       trump=game.trump, focus=declarer - 1)
            options.append((strain, pair, position))
    return options


def best_option(kind: str, options: list[tuple], tricks) -> tuple[str, tuple[int, int], int]:
    """(strain, discard pair, tricks) of the declarer's best choice (ties: see the module doc)."""
    def key(i: int):
        strain, pair, position = options[i]
        low = sum(c % 8 for c in pair)
        if kind == "misere":
            return (int(tricks[i]), -low, i)
        suit = BID_STRAINS.index(strain)
        kept = position.hands[position.focus]
        trumps = -1 if strain == "NT" else bin(kept >> 8 * suit & 255).count("1")
        return (-int(tricks[i]), -trumps, suit, low, i)
    i = min(range(len(options)), key=key)
    return options[i][0], options[i][1], int(tricks[i])


def bid_job(kind: str, twelve: int, hands: list, declarer: int, strain: str,
            pair: tuple[int, int], tricks: int) -> dict | None:
    """The job of a candidate whose best choice this is, or None when he would not bid it."""
    if kind == "misere":
        if tricks > 1:
            return None
        game = "misere"
    elif tricks < (6 if kind == "contract" else 9):
        return None
    else:
        game = f"{10 if kind == 'tenner' else min(max(6, tricks), 10)}{strain}"
    masks = list(hands)
    masks[declarer - 1] = twelve & ~_mask(pair)
    deal = pa.Deal(tuple(_hand(c for c in range(32) if m >> c & 1) for m in masks),
                   discard=_hand(pair))
    return {"deal": str(deal), "game": game, "declarer": declarer, "leader": 1}


def find_bids(kind: str, seed: int, count: int = COUNT) -> tuple[list[dict], int]:
    """The jobs of one bid set and the number of candidates drawn (see the module doc)."""
    per_seat = {seat: (count - seat) // 3 + 1 for seat in (1, 2, 3)}
    found, drawn = {}, 0
    for seat, wanted in per_seat.items():
        found[seat], tried = seat_bids(kind, random.Random(10 * seed + seat), seat, wanted)
        drawn += tried
    return [found[i % 3 + 1][i // 3] for i in range(count)], drawn


def seat_bids(kind: str, rng: random.Random, declarer: int, wanted: int) -> tuple[list[dict], int]:
    """The first `wanted` candidates of this seat's stream that he would bid, and how many
    were drawn. Candidates are drawn and solved a batch at a time; the jobs kept do not depend
    on the batch size, only the candidates drawn past the last one kept do."""
    import solver

    jobs: list[dict] = []
    drawn = 0
    while len(jobs) < wanted:
        rate = len(jobs) / drawn if jobs else 0.0
        size = BID_BATCH if not jobs else min(BID_BATCH,
                                              math.ceil(1.25 * (wanted - len(jobs)) / rate))
        batch = []
        for _ in range(size):
            twelve, hands = bid_candidate(rng, kind, declarer)
            batch.append((twelve, hands, bid_options(kind, twelve, hands, declarer)))
        tricks = solver.tricks_many([p for *_, options in batch for *_, p in options])
        start = 0
        for twelve, hands, options in batch:
            answer = tricks[start:start + len(options)]
            start += len(options)
            drawn += 1
            job = bid_job(kind, twelve, hands, declarer, *best_option(kind, options, answer))
            if job is not None:
                jobs.append(job)
                if len(jobs) == wanted:
                    break
    return jobs, drawn


def write_bid_sets(out: Path, names: set[str]) -> None:
    for name, (kind, seed) in BID_SETS.items():
        if name in names:
            jobs, drawn = find_bids(kind, seed)
            write(out, name, [json.dumps(job) for job in jobs], f"deals of {drawn} drawn")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help=f"sets to write (default: all): "
                        f"{', '.join([*SETS, *HAND_SETS, *BID_SETS])}")
    parser.add_argument("--out", type=Path, default=OUT, help="directory (default data/bench)")
    args = parser.parse_args()
    names = set(args.names or [*SETS, *HAND_SETS, *BID_SETS])
    unknown = names - set(SETS) - set(HAND_SETS) - set(BID_SETS)
    if unknown:
        parser.error(f"unknown set(s): {', '.join(sorted(unknown))}")
    args.out.mkdir(parents=True, exist_ok=True)
    write_deal_sets(args.out, names)
    write_hand_sets(args.out, names)
    write_bid_sets(args.out, names)


if __name__ == "__main__":
    main()
