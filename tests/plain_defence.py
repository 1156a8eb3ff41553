"""Endings for the seat views' tests, and the defence's guarantees in them searched plainly
for the tests' oracles: every legal card of every player tried on bare card masks (never the
engine's search)."""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations

from pyanalysis.seat import Seat
from solver.position import cards_of, legal_mask, trick_taker


def random_ending(rng: random.Random, n: int, suits: int | tuple[int, ...] = (2, 3, 4),
                  leader: bool = True) -> dict:
    """The declarer's n + 2 cards (two of them the talon), each defender's n, from a few suits
    (`suits`: how many, or the counts to choose from); with `leader`, a seat to lead."""
    suits = rng.sample(range(4), suits if isinstance(suits, int) else rng.choice(suits))
    pool = [c for s in suits for c in range(8 * s, 8 * s + 8)]
    deck = rng.sample(pool, 3 * n + 2)
    declarer = rng.choice((1, 2, 3))
    first, second = Seat.defenders(declarer)
    hands = [0, 0, 0]
    hands[declarer - 1] = sum(1 << c for c in deck[:n + 2])
    hands[first - 1] = sum(1 << c for c in deck[n + 2:2 * n + 2])
    hands[second - 1] = sum(1 << c for c in deck[2 * n + 2:])
    talon = sum(1 << c for c in rng.sample(deck[:n + 2], 2))
    ending = {"hands": tuple(hands), "declarer": declarer, "talon": talon, "n": n}
    if leader:
        ending["leader"] = rng.choice((1, 2, 3))
    return ending


@lru_cache(maxsize=None)
def defence_wins(hands: tuple[int, int, int], leader: int, played: tuple[int, ...],
                 trump: int | None, declarer: int, seat: int, budget: int, k: int) -> bool:
    """Whether the defenders can make sure, whatever the declarer (engine seat `declarer`)
    does, that he takes at most `budget` more tricks and `seat` at least k more: every
    legal card tried (follow suit, else trump, else any), on bare card masks."""
    if budget < 0:
        return False  # he has taken one too many already
    if not any(hands) and not played:
        return k <= 0
    mover = (leader + len(played)) % 3
    lead = played[0] // 8 if played else None
    results = []
    for card in cards_of(legal_mask(hands[mover], lead, trump)):
        after = list(hands)
        after[mover] &= ~(1 << card)
        now = played + (card,)
        if len(now) < 3:
            results.append(defence_wins(tuple(after), leader, now, trump, declarer, seat,
                                        budget, k))
            continue
        taker = trick_taker(now, [(leader + i) % 3 for i in range(3)], trump)
        results.append(defence_wins(tuple(after), taker, (), trump, declarer, seat,
                                    budget - (taker == declarer), k - (taker == seat)))
    # the defenders choose a card (either will do), the declarer any card (all must hold)
    return any(results) if mover != declarer else all(results)


def unseen_worlds(hands, seat: int, declarer: int, talon: int, n: int) -> list[list[int]]:
    """Every layout the defender in `seat` cannot tell from `hands` (the declarer's column:
    his n + 2 cards, the talon among them): the declarer's n unknown cards and the partner's
    dealt again from what the two hold."""
    first, second = Seat.defenders(declarer)
    partner = first + second - seat
    unseen = (hands[declarer - 1] & ~talon) | hands[partner - 1]
    out = []
    for part in combinations([c for c in range(32) if unseen >> c & 1], n):
        his = sum(1 << c for c in part)
        world = list(hands)
        world[declarer - 1] = his | talon
        world[partner - 1] = unseen & ~his
        out.append(world)
    return out
