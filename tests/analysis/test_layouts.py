"""layout_odds: every layout of the unseen cards, checked against a plain loop over the splits
solved by the reference minimax, against combinatorics on full deals, and on bad input."""
from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

import solver
from solver import reference
from pyanalysis import Card, Game, Hand
from pyanalysis.analysis.layouts import distinct_discards, layout_odds, wilson_interval
from pyanalysis.errors import (CardCountError, DuplicateCardError, PositionError,
                               UnknownGameError)

KINDS = ("trump", "notrump", "misere")
SEATS = (1, 2, 3)


def bits(cards) -> int:
    return sum(1 << c for c in cards)


def card_indices(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def random_game(rng: random.Random, kind: str, suits: list[int]) -> str:
    level = rng.randint(6, 10)
    if kind == "trump":
        return f"{level}{'SCDH'[rng.choice(suits)]}"
    if kind == "notrump":
        return f"{level}NT"
    return "misere"


def random_ending(rng: random.Random, n: int, kind: str, extra: int = 0):
    """A random question: the declarer's n (+ extra) cards, the others' 2n, game, seats."""
    suits = rng.sample(range(4), rng.choice((2, 3, 4)))
    pool = [c for s in suits for c in range(8 * s, 8 * s + 8)]
    cards = rng.sample(pool, 3 * n + extra)
    hand = bits(cards[:n + extra])
    others = bits(cards[n + extra:])
    return hand, others, random_game(rng, kind, suits), rng.choice(SEATS), rng.choice(SEATS)


def as_input(rng: random.Random, mask: int):
    """The same cards as a Hand, as dotted text or as a list of card names."""
    hand = Hand(mask)
    form = rng.randrange(3)
    if form == 0:
        return hand
    if form == 1:
        return str(hand)
    return [str(c) for c in hand]


def other_seats(declarer: int) -> tuple[int, int]:
    a, b = (s for s in SEATS if s != declarer)
    return a, b


def engine_position(hands, game: Game, declarer: int, leader: int) -> solver.Position:
    return solver.Position(hands=tuple(hands), leader=leader - 1, game=game.kind,
                           trump=game.trump, focus=declarer - 1)


def brute_force(kept: int, others: int, game: str, declarer: int, leader: int) -> list[int]:
    """The declarer's tricks in every layout: each way of giving n of the others' cards to the
    first of the other two seats, solved by the reference minimax."""
    g = Game.parse(game)
    n = bin(kept).count("1")
    seat_a, seat_b = other_seats(declarer)
    values = []
    for combo in combinations(card_indices(others), n):
        hands = [0, 0, 0]
        hands[declarer - 1] = kept
        hands[seat_a - 1] = bits(combo)
        hands[seat_b - 1] = others & ~bits(combo)
        values.append(reference.tricks(engine_position(hands, g, declarer, leader)))
    assert len(values) == math.comb(2 * n, n)
    return values


def check_worst(odds, kept: int, others: int, declarer: int, leader: int,
                discard: int = 0) -> None:
    """The worst layout is a layout of these cards; its trick count and line are right."""
    w = odds.worst
    hands = [h.mask for h in w.deal.hands]
    n = bin(kept).count("1")
    assert hands[declarer - 1] == kept
    a, b = (hands[s - 1] for s in other_seats(declarer))
    assert bin(a).count("1") == n and bin(b).count("1") == n
    assert a & b == 0 and a | b == others
    # None of the declarer's cards (kept or discarded) is in another hand.
    assert (a | b) & (kept | discard) == 0
    if discard:
        assert w.deal.discard is not None and w.deal.discard.mask == discard
    pos = engine_position(hands, odds.game, declarer, leader)
    assert w.tricks == reference.tricks(pos)
    # The line is a legal play to the end in which the declarer takes `w.tricks`.
    taken = 0
    for card in w.line:
        pos, taker, _ = pos.advance(card.index)
        taken += taker == declarer - 1
    assert pos.is_terminal
    assert taken == w.tricks


def check_distribution(odds, values: list[int], misere: bool) -> None:
    total = len(values)
    assert odds.layouts == odds.total == total
    assert odds.exact and odds.complete
    assert odds.counts == dict(Counter(values))
    assert odds.made is None and odds.probability is None and odds.interval is None
    assert odds.mean == Fraction(sum(values), total)
    assert odds.worst.tricks == (max(values) if misere else min(values))


def check_target(odds, values: list[int], target: int, misere: bool) -> None:
    total = len(values)
    made = sum(v >= target for v in values)
    assert odds.layouts == odds.total == total
    assert odds.exact and odds.complete
    assert odds.counts == {0: total - made, 1: made}
    assert odds.made == made
    assert isinstance(odds.probability, Fraction) and odds.probability == Fraction(made, total)
    assert odds.failed == (made if misere else total - made)
    assert odds.interval is None and odds.mean is None
    if misere and made:
        assert odds.worst.tricks >= target  # a layout where he is caught
    if not misere and made < total:
        assert odds.worst.tricks < target  # a layout where he fails


# --- n-card hands: every layout against the brute force -------------------------------------

ENDINGS = [(2, 25), (3, 12), (4, 3)]  # (cards per hand, endings of each game kind)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("n,count", ENDINGS, ids=[f"n{n}" for n, _ in ENDINGS])
def test_every_layout_matches_the_brute_force(kind, n, count):
    rng = random.Random(f"{kind}-{n}")
    misere = kind == "misere"
    for _ in range(count):
        hand, others, game, declarer, leader = random_ending(rng, n, kind)
        values = brute_force(hand, others, game, declarer, leader)
        odds = layout_odds(as_input(rng, hand), game, declarer, others=as_input(rng, others),
                           leader=leader)
        assert odds.layouts == math.comb(2 * n, n)
        check_distribution(odds, values, misere)
        check_worst(odds, hand, others, declarer, leader)
        assert odds.hand.mask == hand and odds.others.mask == others
        assert (odds.declarer, odds.leader, odds.discard) == (declarer, leader, None)
        for target in range(n + 1):
            odds = layout_odds(Hand(hand), game, declarer, others=Hand(others), leader=leader,
                               target=target, jobs=rng.choice((1, 2)))
            check_target(odds, values, target, misere)
            check_worst(odds, hand, others, declarer, leader)


# --- n + 2 cards: every distinct discard ----------------------------------------------------

def pairs_of(mask: int) -> list[frozenset[int]]:
    return [frozenset(p) for p in combinations(card_indices(mask), 2)]


def pair_mask(pair) -> int:
    return bits(c.index if isinstance(c, Card) else c for c in pair)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("n,count", [(2, 12), (3, 4)], ids=["n2", "n3"])
def test_every_discard_matches_the_brute_force(kind, n, count):
    rng = random.Random(f"discards-{kind}-{n}")
    misere = kind == "misere"
    for i in range(count):
        hand, others, game, declarer, leader = random_ending(rng, n, kind, extra=2)
        # Every one of the C(n+2, 2) discards by brute force, merged or not.
        brute = {p: brute_force(hand & ~pair_mask(p), others, game, declarer, leader)
                 for p in pairs_of(hand)}
        target = None if i % 2 == 0 else rng.randint(1, n)
        odds = layout_odds(as_input(rng, hand), game, declarer, others=as_input(rng, others),
                           leader=leader, target=target)
        assert odds.discards and odds.discards[0].discard == odds.discard
        assert odds.counts == odds.discards[0].counts

        # Representatives and merged discards cover every pair of the hand exactly once.
        covered = []
        for d in odds.discards:
            covered += [frozenset(c.index for c in pair) for pair in [d.discard] + d.merged]
        assert len(covered) == math.comb(n + 2, 2)
        assert set(covered) == set(brute)

        def score(values):
            """Smaller is better: failures in target mode, else -mean (misère: +mean)."""
            if target is not None:
                made = sum(v >= target for v in values)
                return made if misere else len(values) - made
            mean = Fraction(sum(values), len(values))
            return mean if misere else -mean

        for d in odds.discards:
            dmask = pair_mask(d.discard)
            assert d.hand.mask == hand & ~dmask
            assert d.others.mask == others
            values = brute[frozenset(c.index for c in d.discard)]
            if target is None:
                check_distribution(d, values, misere)
            else:
                check_target(d, values, target, misere)
            check_worst(d, hand & ~dmask, others, declarer, leader, discard=dmask)
            for pair in d.merged:
                # A merged discard gives the same result in every layout.
                mmask = pair_mask(pair)
                assert sorted(brute[frozenset(c.index for c in pair)]) == sorted(values)
                alone = layout_odds(Hand(hand & ~mmask), game, declarer, others=Hand(others),
                                    leader=leader, target=target)
                assert alone.counts == d.counts
        # Best first, and the first is the best of all the discards.
        scores = [score(brute[frozenset(c.index for c in d.discard)]) for d in odds.discards]
        assert scores == sorted(scores)
        assert scores[0] == min(score(v) for v in brute.values())

        if target is not None:
            # Pruning keeps the best discard exact; a discard it cut had failed more often.
            pruned = layout_odds(Hand(hand), game, declarer, others=Hand(others),
                                 leader=leader, target=target, prune=True)
            best = pruned.discards[0]
            assert best.complete and best.failed == scores[0]
            assert best.counts == odds.discards[0].counts
            for d in pruned.discards:
                values = brute[frozenset(c.index for c in d.discard)]
                if d.complete:
                    check_target(d, values, target, misere)
                else:
                    assert d.layouts < d.total and d.failed > best.failed


def test_distinct_discards_merges_only_cards_with_no_other_card_between():
    # ♠ A K (touching) and ♠ 9 7 with the others' ♠8 between them; ♣ Q and ♣ 7 with nothing
    # of the others' in clubs at all.
    hand = Hand.parse("AK97.Q7.-.-")
    others = Hand.parse("QJ8.-.AK.-")
    classes = distinct_discards(hand, others)
    groups = [{frozenset(str(c) for c in p) for p in [rep] + merged} for rep, merged in classes]
    all_pairs = {frozenset(str(c) for c in p) for p in combinations(hand, 2)}
    assert set().union(*groups) == all_pairs
    assert sum(len(g) for g in groups) == len(all_pairs)
    # The ♠AK pair: both from the run above the others' ♠Q.
    assert {frozenset({"AS", "KS"})} in groups
    # ♣Q or ♣7 with ♠A (or ♠K) is one discard; ♠9 and ♠7 are not interchangeable.
    assert any({frozenset({"AS", "QC"}), frozenset({"AS", "7C"}), frozenset({"KS", "QC"}),
                frozenset({"KS", "7C"})} == g for g in groups)
    assert not any(frozenset({"AS", "9S"}) in g and frozenset({"AS", "7S"}) in g
                   for g in groups)


# --- full deals with answers known by combinatorics -----------------------------------------

TOTAL = math.comb(20, 10)


@pytest.mark.parametrize("declarer", SEATS)
def test_ten_top_trumps_make_ten_in_every_layout(declarer):
    # All eight spades and the ♣A ♦A: every lead is won by following with an ace or trumping.
    odds = layout_odds("AKQJT987.A.A.-", "10S", declarer, out="-.-.-.87")
    assert odds.layouts == TOTAL == 184_756
    assert odds.counts == {10: TOTAL}
    made = layout_odds("AKQJT987.A.A.-", "10S", declarer, out="-.-.-.87", target=10)
    assert made.probability == 1 and made.made == TOTAL and made.failed == 0


def test_a_misere_of_the_lowest_cards_is_never_caught():
    # ♠789 ♣789 ♦789 ♥7 on lead: every card is below every card of its suit the others hold,
    # and no suit can be missing from both others (five or more cards of each are out).
    odds = layout_odds("789.789.789.7", "misere", 1, out="-.-.-.AK", target=1)
    assert odds.made == 0 and odds.probability == 0 and odds.counts == {0: TOTAL, 1: 0}


def split_count(held_by_first: dict[int, int], rest: int) -> int:
    """Layouts (of 20 cards, 10 to the first seat) with these counts of some suits' cards:
    {suit size: cards of it to the first seat}; `rest` other cards."""
    ways, taken = 1, 0
    for size, a in held_by_first.items():
        ways *= math.comb(size, a)
        taken += a
    return ways * math.comb(rest, 10 - taken) if 0 <= 10 - taken <= rest else 0


def test_notrump_loses_the_seven_exactly_when_four_missing_cards_split_four_nil():
    # 10NT, the declarer (1st hand) on lead with ♠AKQ7 ♣AKQ ♦AKQ (hearts ♥87 out): every card
    # but the ♠7 is a top winner he can cash without ever giving up the lead; the ♠7 wins
    # unless one defender holds all four of ♠JT98 (he keeps one of them to the end: one
    # guarded suit cannot be squeezed). So 9 tricks on a 4-0 split, else 10.
    fail = 2 * split_count({4: 4}, 16)
    odds = layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87")
    assert odds.counts == {9: fail, 10: TOTAL - fail}
    made = layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", target=10)
    assert made.probability == Fraction(TOTAL - fail, TOTAL)
    assert made.probability == 1 - Fraction(2 * math.comb(16, 6), math.comb(20, 10))
    # RULES.md §6 (Lesnoy's table): four missing, 4-0 in .0867 of the layouts.
    assert round(float(1 - made.probability), 4) == 0.0867
    # The worst layout is a 4-0 split.
    w = made.worst
    assert w.tricks == 9
    assert any(h.mask & 0xFF == bits([1, 2, 3, 4]) for h in w.deal.hands)  # ♠JT98
    # The same hand as 3rd hand on lead (leader 3): the same answer.
    again = layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 3, leader=3, out="-.-.-.87", target=10)
    assert again.probability == made.probability


def test_two_guarded_suits_lose_one_trick_each_on_a_four_nil_split():
    # 10NT on lead with ♠AKQ7 ♣AKQ7 ♦AK (♦87 out): he cashes his eight top tricks first and
    # each seven loses exactly when its suit (four cards missing: JT98) lies 4-0. A defender
    # guarding both suits (eight black cards) has two idle cards for the two diamond tricks,
    # so he is never squeezed: 10 tricks less one per 4-0 suit.
    counts: Counter = Counter()
    for a in range(5):
        for b in range(5):
            tricks = 10 - (a in (0, 4)) - (b in (0, 4))
            # a of the four spades and b of the four clubs to the first defender.
            counts[tricks] += math.comb(4, a) * math.comb(4, b) * math.comb(12, 10 - a - b)
    assert sum(counts.values()) == TOTAL
    odds = layout_odds("AKQ7.AKQ7.AK.-", "10NT", 1, out="-.-.87.-")
    assert odds.counts == dict(counts)
    assert odds.mean == Fraction(sum(t * c for t, c in counts.items()), TOTAL)
    assert odds.worst.tricks == 8
    for target in (8, 9, 10):
        made = layout_odds("AKQ7.AKQ7.AK.-", "10NT", 1, out="-.-.87.-", target=target)
        expected = sum(c for t, c in counts.items() if t >= target)
        assert made.probability == Fraction(expected, TOTAL)
    # `others` given instead of `out`: the same question.
    others = Hand(((1 << 32) - 1) & ~Hand.parse("AKQ7.AKQ7.AK87.-").mask)
    assert layout_odds("AKQ7.AKQ7.AK.-", "10NT", 1, others=others).counts == dict(counts)


def test_progress_is_told_of_every_layout():
    told: list[int] = []
    odds = layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", target=10, jobs=2,
                       progress=told.append)
    assert sum(told) == odds.layouts == TOTAL


# --- sampling -------------------------------------------------------------------------------

def test_a_sample_is_reproducible_and_honest_about_being_one():
    rng = random.Random(77)
    hand, others, game, declarer, leader = random_ending(rng, 3, "trump")
    values = brute_force(hand, others, game, declarer, leader)
    target = sorted(values)[len(values) // 2]
    runs = [layout_odds(Hand(hand), game, declarer, others=Hand(others), leader=leader,
                        target=target, samples=300, seed=5, jobs=j) for j in (1, 2, 1)]
    first = runs[0]
    for other in runs[1:]:
        assert (other.counts, other.made, other.probability, other.interval) == \
            (first.counts, first.made, first.probability, first.interval)
        assert str(other.worst.deal) == str(first.worst.deal)
    assert not first.exact
    assert (first.samples, first.seed, first.layouts, first.total) == (300, 5, 300, 20)
    assert sum(first.counts.values()) == 300
    assert first.probability == Fraction(first.made, 300)
    lo, hi = first.interval
    assert lo <= first.probability <= hi
    assert first.stderr is not None
    # Only results that some layout really gives.
    dist = layout_odds(Hand(hand), game, declarer, others=Hand(others), leader=leader,
                       samples=300, seed=6)
    assert not dist.exact and dist.probability is None and dist.interval is None
    assert sum(dist.counts.values()) == 300 and set(dist.counts) <= set(values)
    assert min(values) <= dist.mean <= max(values)


def test_a_large_sample_brackets_the_exact_probability():
    # The 4-0 hand above: exactly 1 - 2·C(16,6)/C(20,10) makes ten.
    exact = 1 - Fraction(2 * math.comb(16, 6), TOTAL)
    odds = layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", target=10,
                       samples=20_000, seed=2024)
    lo, hi = odds.interval
    assert lo <= exact <= hi
    assert hi - lo < 0.02
    assert abs(float(odds.probability) - float(exact)) < 4 * odds.stderr


def test_wilson_interval_known_values():
    # Textbook 95% Wilson intervals.
    lo, hi = wilson_interval(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0 and round(hi, 4) == 0.2775
    lo, hi = wilson_interval(10, 10)
    assert round(lo, 4) == 0.7225 and hi == pytest.approx(1)


# --- bad input ------------------------------------------------------------------------------

FULL_HAND = "AKQJT98.AK.A.-"  # ten cards
TWENTY = Hand.parse("-.QJT987.KQJT987.AKQJT98")  # twenty cards, none of FULL_HAND's


@pytest.mark.parametrize("call,error,words", [
    (lambda: layout_odds("AKQJT98.AK.-.-", "8S", 1, others=TWENTY), CardCountError,
     ["9 cards", "10"]),
    (lambda: layout_odds(FULL_HAND, "8S", 1), CardCountError, ["22"]),
    (lambda: layout_odds(FULL_HAND, "8S", 1, others=Hand(TWENTY.mask & ~Card.parse("AH").bit)),
     CardCountError, ["19"]),
    (lambda: layout_odds(FULL_HAND, "8S", 1, out="A.-.-.7"), DuplicateCardError,
     ["AS", "out of play"]),
    (lambda: layout_odds(FULL_HAND, "8S", 1, others=Hand(TWENTY.mask | Card.parse("AS").bit)),
     DuplicateCardError, ["AS"]),
    (lambda: layout_odds(FULL_HAND, "8Q", 1, out="-.-.-.87"), UnknownGameError, ["8Q"]),
    (lambda: layout_odds(FULL_HAND, "whatever", 1, out="-.-.-.87"), UnknownGameError,
     ["whatever"]),
    (lambda: layout_odds(FULL_HAND, "raspasy", 1, out="-.-.-.87"), PositionError,
     ["raspasy"]),
    (lambda: layout_odds(FULL_HAND, "8S", 1, out="-.-.-.87", target=11), PositionError,
     ["target", "11"]),
    (lambda: layout_odds(FULL_HAND, "8S", 1, out="-.-.-.87", target=-1), PositionError,
     ["target"]),
    (lambda: layout_odds(FULL_HAND, "8S", 1, out="-.-.-.87", target=True), PositionError,
     ["target"]),
    (lambda: layout_odds("AK.-.-.-", "8S", 1, others="QJ.-.-.AK", target=3), PositionError,
     ["target", "0..2"]),
    (lambda: layout_odds(FULL_HAND, "8S", 1, out="-.-.-.87", seed=3), PositionError,
     ["seed", "sample"]),
    (lambda: layout_odds(FULL_HAND, "8S", 1, out="-.-.-.87", samples=0), PositionError,
     ["samples"]),
    (lambda: layout_odds(FULL_HAND, "8S", 1, out="-.-.-.87", jobs=0), PositionError,
     ["jobs"]),
    (lambda: layout_odds(FULL_HAND, "8S", 0, out="-.-.-.87"), PositionError,
     ["declarer", "0"]),
    (lambda: layout_odds(FULL_HAND, "8S", 4, out="-.-.-.87"), PositionError,
     ["declarer", "4"]),
    (lambda: layout_odds(FULL_HAND, "8S", True, out="-.-.-.87"), PositionError,
     ["declarer"]),
    (lambda: layout_odds(FULL_HAND, "8S", 2, leader=5, out="-.-.-.87"), PositionError,
     ["leader", "5"]),
], ids=["nine-cards", "no-out", "odd-others", "hand-and-out", "hand-and-others",
        "bad-trump", "unknown-game", "raspasy", "target-high", "target-negative", "target-bool",
        "target-ending", "seed-alone", "sample-zero", "jobs-zero", "declarer-0", "declarer-4",
        "declarer-bool", "leader-5"])
def test_bad_input_is_a_value_error_with_a_clear_message(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message


# --- sampled counts that stop when settled (analysis.settle) -------------------------------

def drawn_counts(kept: int, others: int, game: str, declarer: int, leader: int, target: int,
                 samples: int, seed: int) -> Counter:
    """{0: missed, 1: reached} over the layouts drawn, each solved by the reference minimax:
    the draw is numpy's seeded one, a rank r giving the lower-numbered other seat the colex
    subset r of the others' cards (`solver.subset`)."""
    import numpy as np

    n = bin(kept).count("1")
    seat_a, seat_b = other_seats(declarer)
    ranks = np.random.default_rng(seed).integers(0, math.comb(2 * n, n), size=samples)
    g = Game.parse(game)
    memo: dict[int, int] = {}
    out: Counter = Counter({0: 0, 1: 0})
    for r in ranks.tolist():
        if r not in memo:
            hands = [0, 0, 0]
            hands[declarer - 1] = kept
            hands[seat_a - 1] = solver.subset(others, n, r)
            hands[seat_b - 1] = others & ~hands[seat_a - 1]
            memo[r] = reference.tricks(engine_position(hands, g, declarer, leader))
        out[int(memo[r] >= target)] += 1
    return out


def without_stop(data: dict) -> dict:
    """A result's JSON without the fields that say why its draw stopped."""
    out = {k: v for k, v in data.items() if k not in ("stopped", "cap")}
    if "discards" in out:
        out["discards"] = [without_stop(d) for d in out["discards"]]
    return out


@pytest.mark.parametrize("extra", [0, 2])
def test_a_fixed_sample_counts_exactly_the_layouts_drawn(extra):
    rng = random.Random(40 + extra)
    for _ in range(3):
        hand, others, game, declarer, leader = random_ending(rng, 3, "trump", extra)
        odds = layout_odds(Hand(hand), game, declarer, others=Hand(others), leader=leader,
                           target=2, samples=150, seed=9, fixed=True)
        assert (odds.stopped, odds.samples, odds.cap) == ("fixed", 150, 150)
        for one in odds.discards or [odds]:
            kept = one.hand.mask
            assert one.counts == dict(drawn_counts(kept, others, game, declarer, leader, 2,
                                                   150, 9))


@pytest.mark.parametrize("prune, distribution", [(False, False), (True, False), (False, True)])
def test_rounds_that_reach_the_cap_are_the_fixed_run(monkeypatch, prune, distribution):
    # No look may stop the run: it then counts every layout, round after round, and must
    # give the fixed run's answer (pruned the same way with prune), field for field.
    from pyanalysis.analysis import settle

    monkeypatch.setattr(settle, "verdict", lambda *args: None)
    monkeypatch.setattr(settle, "precise", lambda *args: None)
    rng = random.Random(5)
    for kind in KINDS:
        hand, others, game, declarer, leader = random_ending(rng, 4, kind, 2)
        target = None if distribution else 1 if kind == "misere" else 2
        runs = [layout_odds(Hand(hand), game, declarer, others=Hand(others), leader=leader,
                            target=target, samples=400, seed=3, fixed=fixed, prune=prune)
                for fixed in (False, True)]
        assert runs[0].stopped == "cap" and runs[1].stopped == "fixed"
        assert without_stop(runs[0].to_dict()) == without_stop(runs[1].to_dict())


def test_a_run_that_settles_early_is_the_fixed_run_on_its_prefix():
    # A misère hand of data/bench/misere_hands.jsonl: the best discard is clear long before
    # 1,000 layouts.
    hand = "Q87.98.AQT97.87"
    run = layout_odds(hand, "misere", 1, target=1, samples=1000, seed=0)
    assert run.stopped in ("settled", "practical") and run.samples < run.cap == 1000
    assert run.layouts == run.samples
    prefix = layout_odds(hand, "misere", 1, target=1, samples=run.samples, seed=0, fixed=True)
    assert without_stop(run.to_dict()) == without_stop(prefix.to_dict())


def test_a_single_probability_stops_once_its_interval_is_narrow():
    # Ten cards that make six tricks in every layout: the share drawn is 1, and its 95%
    # Wilson interval [n / (n + z²), 1] is narrower than 0.5 points from n = 765 on; the
    # looks are at 100, 150, 225, 338, 507, 761, 1142, ... so the run stops at 1,142.
    odds = layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", target=6, samples=5000)
    assert (odds.stopped, odds.samples, odds.cap) == ("precise", 1142, 5000)
    low, high = odds.interval
    assert high - low < 0.005 <= 1 - wilson_interval(761, 761)[0]
    # The same at a cap below the stop: every layout asked is counted.
    capped = layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", target=6, samples=700)
    assert (capped.stopped, capped.samples) == ("cap", 700)


def test_a_probability_near_a_half_is_counted_to_the_cap():
    rng = random.Random(77)
    hand, others, game, declarer, leader = random_ending(rng, 3, "trump")
    values = brute_force(hand, others, game, declarer, leader)
    target = sorted(values)[len(values) // 2]
    odds = layout_odds(Hand(hand), game, declarer, others=Hand(others), leader=leader,
                       target=target, samples=600, seed=5)
    assert 0.1 < odds.probability < 0.9
    assert (odds.stopped, odds.samples) == ("cap", 600)


def test_the_provisional_answers_go_to_a_hook_that_asks_for_them():
    seen: list[dict] = []

    def hook(k: int, provisional: dict | None = None) -> None:
        if provisional is not None:
            seen.append(provisional)

    odds = layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", target=6, samples=5000,
                       progress=hook)
    assert [s["sample"] for s in seen] == [25, 100, 150, 225, 338, 507, 761]
    assert all(s["provisional"] and s["stopped"] == "provisional" for s in seen)
    assert odds.samples == 1142


def test_a_distribution_stops_when_its_best_discard_or_every_share_is_settled():
    # Twelve cards: the discard with the best mean is clear after the first look; the run
    # is the fixed run on that prefix, the same discard as the fixed 1,000.
    hand = "AKQT.A8.AKQT.A7"
    run = layout_odds(hand, "8S", 1, samples=1000)
    assert run.stopped in ("settled", "practical") and run.samples < 1000 == run.cap
    prefix = layout_odds(hand, "8S", 1, samples=run.samples, fixed=True)
    assert without_stop(run.to_dict()) == without_stop(prefix.to_dict())
    assert run.discard == layout_odds(hand, "8S", 1, samples=1000, fixed=True).discard
    # Ten cards taking ten tricks in every layout: every share's interval (the zero shares'
    # too) is narrower than 0.5 points from 765 layouts on, so the run stops at the look at
    # 1,142; with at most 300 it counts them all.
    dist = layout_odds("AKQJ.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", samples=5000)
    assert (dist.stopped, dist.samples, set(dist.counts)) == ("precise", 1142, {10})
    from pyanalysis.text.layouts import stopping_text
    assert stopping_text(dist) == ("; stopped after 1,142 of at most 5,000 layouts: every"
                                   " share's 95% interval is narrower than 0.5 percentage"
                                   " points")
    dist = layout_odds("AKQJ.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", samples=300)
    assert (dist.stopped, dist.samples, dist.layouts) == ("cap", 300, 300)


def test_the_distribution_and_stop_after_keep_the_count_asked():
    dist = layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", samples=300, fixed=True)
    assert (dist.stopped, dist.samples, dist.layouts) == ("fixed", 300, 300)
    cut = layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", target=6, samples=300,
                      stop_after=0)
    assert cut.stopped == "fixed" and cut.layouts == 300
    exact = layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", target=10)
    assert (exact.stopped, exact.cap) == (None, None)


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_fixed_must_be_true_or_false(bad):
    with pytest.raises(PositionError, match="^fixed .*True .*False"):
        layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", target=6, samples=300,
                    fixed=bad)


def test_the_tenners_provisional_answers_have_the_tenners_shape():
    from pyanalysis.analysis.tenner import TennerOdds, tenner_odds

    seen: list[tuple[dict, object]] = []
    told: list[int] = []

    def hook(k: int, provisional: dict | None = None, result: object = None) -> None:
        if provisional is None:
            told.append(k)
        else:
            seen.append((provisional, result))

    odds = tenner_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", samples=5000,
                       progress=hook)
    assert seen and all(isinstance(r, TennerOdds) and p["provisional"]
                        and p["guaranteed"] == r.guaranteed and p["sample"] == r.odds.samples
                        for p, r in seen)
    assert sum(told) == odds.odds.samples
