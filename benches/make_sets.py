"""Write the fixed benchmark sets in data/bench/ (seeded: the same files every run).

    python benches/make_sets.py                      # every set
    python benches/make_sets.py tenner_hands ...     # only the sets named
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
"""
from __future__ import annotations

import argparse
import json
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help=f"sets to write (default: all): "
                        f"{', '.join([*SETS, *HAND_SETS])}")
    parser.add_argument("--out", type=Path, default=OUT, help="directory (default data/bench)")
    args = parser.parse_args()
    names = set(args.names or [*SETS, *HAND_SETS])
    unknown = names - set(SETS) - set(HAND_SETS)
    if unknown:
        parser.error(f"unknown set(s): {', '.join(sorted(unknown))}")
    args.out.mkdir(parents=True, exist_ok=True)
    write_deal_sets(args.out, names)
    write_hand_sets(args.out, names)


if __name__ == "__main__":
    main()
