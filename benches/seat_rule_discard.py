"""What the seat bidding rule would save, and change, if the declarer's discard were chosen on
the first k of its layouts instead of all of them.

The seat rule (`sampling.seat_bids`) bids a hand when one discard makes the game on at least
half of `SEAT_BID_LAYOUTS` layouts of the cards the declarer cannot see (and the next level on
fewer than 70%, with the best discard for it). A hand it refuses costs at least nine failed
layouts for every distinct discard: the floor below its searches. The variant weighed here
takes the discard that makes the game on the most of the first k layouts (ties: the first in
`sampling.top_discards` order) and judges the hand with that discard alone, the next level as
today.

For each bench hand given, the hands of the declarer a seat lead meets (drawn as the leader's
layouts deal them, seed 0) are searched on every layout with every discard at the game's
level and one above, and both rules read off that table. Printed per k: the hands bid, those
bid today that the variant refuses, and the fewest searches the variant needs (k layouts for
every discard, then the chosen discard's layouts until its count is decided), against the
floor of today's rule.

    python benches/seat_rule_discard.py [HANDS_DRAWN] [INDEX ...]   (from the repository root,
                                        the package on the path; indices into
                                        data/bench/bid_contracts.jsonl, the first defender leading)
"""
from __future__ import annotations

import math
import sys
import time

import numpy as np

import pyanalysis as pa
import solver
from pyanalysis.analysis import sampling
from test_leads_speed import first_defender, load


def table(index: int, drawn: int) -> tuple[dict, dict, str, int]:
    """{hand: {discard: [made the game on layout l]}}, the same for the next level, the game,
    and the searches made."""
    job = load("bid_contracts")[index]
    deal = pa.Deal.parse(job["deal"])
    leader = first_defender(job["declarer"])
    game = pa.Game.parse(job["game"])
    view = sampling._view(deal.hand(leader), list(deal.discard), game, job["declarer"],
                          leader, None, None, leader)
    total = math.comb(bin(view.free).count("1"), view.need)
    ranks = np.random.default_rng(0).integers(0, total, size=drawn)
    twelves = sorted({view.layout(int(r))[1] for r in ranks})
    rows, where = [], []
    for j, mine in enumerate(twelves):
        layouts = sampling.seat_bid_layouts(mine, view, 0)
        for d, pair in enumerate(sampling._bid_discards(mine, view, False)):
            ten = mine & ~sum(1 << c for c in pair)
            for at, (hands, _) in enumerate(layouts):
                row = list(hands)
                row[view.declarer - 1] = ten
                rows.append(row)
                where.append((j, d, at))
    arr = np.array(rows, dtype=np.uint32)
    first = [int(h) for h in arr[0]]
    mine0 = first[view.declarer - 1]
    first[view.declarer - 1] = 0
    template = sampling._template((first, mine0), (), view)

    def search(level: int) -> np.ndarray:
        if level > 10:
            return np.zeros(len(arr), dtype=bool)
        return solver.run_jobs(solver.Jobs.from_hands(template, arr), target=level, threads=2,
                               tt_mb=sampling.TABLE_MB) == 1

    made, up = search(game.level), search(game.level + 1)
    k = sampling.SEAT_BID_LAYOUTS
    game_made: dict = {}
    next_made: dict = {}
    for (j, d, at), m, u in zip(where, made, up):
        game_made.setdefault(j, {}).setdefault(d, [False] * k)[at] = bool(m)
        next_made.setdefault(j, {}).setdefault(d, [False] * k)[at] = bool(u)
    return game_made, next_made, job["game"], len(arr)


def main(drawn: int, indices: list[int]) -> None:
    k_all = sampling.SEAT_BID_LAYOUTS
    make = sampling._least(sampling.SEAT_BID_MAKE, k_all)
    high = sampling._least(sampling.SEAT_BID_HIGHER, k_all)
    print("| hand | game | hands | bid today | floor | k | bid | refused of today's bids |"
          " fewest searches | of the floor |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for index in indices:
        start = time.perf_counter()
        game_made, next_made, game, searched = table(index, drawn)
        hands = list(game_made)

        def not_higher(j: int) -> bool:
            return max(sum(v) for v in next_made[j].values()) < high

        today = {j: max(sum(v) for v in game_made[j].values()) >= make and not_higher(j)
                 for j in hands}
        floor = sum(make if today[j] else (k_all - make + 1) * len(game_made[j])
                    for j in hands)
        for k in (1, 2, 4, 8):
            bid, searches = 0, 0
            lost = 0
            for j in hands:
                early = {d: sum(v[:k]) for d, v in game_made[j].items()}
                d = max(early, key=lambda x: (early[x], -x))
                line = game_made[j][d]
                count, failed, n = early[d], k - early[d], k * len(early)
                for at in range(k, k_all):
                    if count >= make or failed > k_all - make:
                        break
                    n += 1
                    count += line[at]
                    failed += 1 - line[at]
                ok = sum(line) >= make and not_higher(j)
                bid += ok
                lost += today[j] and not ok
                searches += n
            print(f"| {index} | {game} | {len(hands):,} | {sum(today.values())} | {floor:,} |"
                  f" {k} | {bid} | {lost} | {searches:,} | {searches / floor:.0%} |")
        print(f"(hand {index}: {2 * searched:,} searches in"
              f" {time.perf_counter() - start:.1f} s)", file=sys.stderr)


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    main(args[0] if args else 2000, args[1:] or [1, 4, 6])
