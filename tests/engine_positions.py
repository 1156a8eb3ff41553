"""Random positions for engine tests: every game, talon rule, leader, focus seat and trick state."""
from __future__ import annotations

import random

from hypothesis import strategies as st

from solver import Position

GAME_SPECS = (
    [("contract", trump, "none") for trump in (0, 1, 2, 3, None)]
    + [("misere", None, "none")]
    + [("raspasy", None, rule) for rule in ("suit", "card", "none")]
)


def random_position(rng: random.Random, max_cards: int = 5, spec=None,
                    suits: int = 4, full_talon: bool = False) -> Position:
    """A random legal position with 1..max_cards cards per hand (as at the start of the trick).

    With ``suits`` < 4 the cards come from that many suits only, so that hands meet in the same
    suits far more often (equivalent cards, talon cards between a hand's cards, long runs).
    """
    game, trump, rule = spec if spec is not None else rng.choice(GAME_SPECS)
    pool = [c for s in rng.sample(range(4), suits) for c in range(8 * s, 8 * s + 8)]
    n = rng.randint(1, min(max_cards, (len(pool) - 2) // 3))
    deck = rng.sample(pool, 3 * n + 2)
    hands = tuple(sum(1 << c for c in deck[i * n:(i + 1) * n]) for i in range(3))
    talon: tuple[int, ...] = ()
    leader = rng.randrange(3)
    if game == "raspasy" and rule != "none":
        pending = min(2, n) if full_talon else rng.randint(0, min(2, n))
        talon = tuple(deck[3 * n:3 * n + pending])
        if talon:
            leader = 0
    pos = Position(hands=hands, leader=leader, game=game, trump=trump,
                   focus=rng.randrange(3), talon=talon, talon_rule=rule)
    for _ in range(rng.choice((0, 0, 1, 2))):
        pos = pos.play(rng.choice(pos.legal_moves()))
    return pos


@st.composite
def positions(draw, max_cards: int = 5, spec=None, suits: int = 4,
              full_talon: bool = False) -> Position:
    """Hypothesis strategy over ``random_position``."""
    seed = draw(st.integers(0, 2**32 - 1))
    return random_position(random.Random(seed), max_cards, spec, suits, full_talon)


def low_cards_dealt_again(rng: random.Random, hands: tuple[int, int, int],
                          rests_on: int) -> tuple[int, int, int]:
    """`hands` with each suit's cards below the lowest card of `rests_on` in that suit (all of
    them when it has none there) dealt again among the hands that held them: the suit
    lengths in each hand, and the cards from that card up, stay."""
    out = list(hands)
    for suit in range(4):
        mine = (rests_on >> (8 * suit)) & 0xFF
        below = ((mine & -mine) - 1) if mine else 0xFF
        cards = [c for c in range(8 * suit, 8 * suit + 8) if (below >> (c - 8 * suit)) & 1
                 and any(h >> c & 1 for h in hands)]
        owners = [next(s for s in range(3) if hands[s] >> c & 1) for c in cards]
        rng.shuffle(owners)
        for c in cards:
            for s in range(3):
                out[s] &= ~(1 << c)
        for c, s in zip(cards, owners):
            out[s] |= 1 << c
    return tuple(out)
