"""Opening leads (`pyanalysis.analysis.leads`): the open-card table and the leader's seat.

Everything expected here is recomputed the plain way, never taken from the module under test:
the open-card leads are `pa.solve`'s root moves, the vists are `score_deal` of the declarer's
tricks and, with two whisters, of the one split tests/plain_pricing.py chooses from each
defender's most (`solver.share`, checked against a brute force in
tests/engine/test_share.py), and the leader's seat on
endings is a brute force over `itertools.combinations` of the others' cards, each position
after the lead solved by `solver.reference` (the slow, plain minimax). Sampled runs are checked
layout by layout against a direct solve of the same layouts.
"""
from __future__ import annotations

import random
import statistics
from fractions import Fraction
from itertools import combinations

import pytest

import pyanalysis as pa
import solver
from pyanalysis.analysis.sampling import sample_worlds, talon_cards
from pyanalysis.cards import Card
from pyanalysis.deal import Deal
from pyanalysis.games import Game
from pyanalysis.hand import Hand
from pyanalysis.rules import RuleSet
from pyanalysis.scoring import score_deal
from solver import reference
from plain_pricing import plain_split

GAMES = ("6S", "7C", "8D", "9H", "6NT", "7NT", "misere")


# -- plain helpers -------------------------------------------------------------------------

def mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << (c.index if isinstance(c, Card) else c)
    return m


def defenders_of(declarer: int) -> tuple[int, int]:
    return {1: (2, 3), 2: (3, 1), 3: (1, 2)}[declarer]


def random_deal(rng: random.Random) -> Deal:
    """Thirty of the 32 cards in three hands of ten, the other two in the talon."""
    order = list(range(32))
    rng.shuffle(order)
    hands = tuple(Hand(mask(order[10 * k:10 * k + 10])) for k in range(3))
    return Deal(hands, tuple(Card.from_index(c) for c in order[30:]))


def leader_wants_high(game: Game, declarer: int, leader: int) -> bool:
    """RULES: the declarer wants tricks in a contract, a catcher wants them in misère."""
    if game.kind == "misere":
        return leader != declarer
    return leader == declarer


def replay(deal: Deal, game: Game, line, leader: int) -> dict[int, int]:
    """Tricks each seat takes along a whole line from the start of `deal` (checked legal)."""
    held = {s: set(deal.hand(s)) for s in (1, 2, 3)}
    taken = {1: 0, 2: 0, 3: 0}
    lead = leader
    assert len(line) == 3 * len(held[1])
    for i in range(0, len(line), 3):
        trick = list(line[i:i + 3])
        seats = [lead, lead % 3 + 1, (lead + 1) % 3 + 1]
        led = trick[0].suit
        for seat, card in zip(seats, trick):
            assert card in held[seat]
            if card.suit != led:
                assert not any(c.suit == led for c in held[seat]), f"{card} revokes"
                if game.trump is not None and card.suit != game.trump:
                    assert not any(c.suit == game.trump for c in held[seat]), f"{card}: trump"
            held[seat].discard(card)

        def power(card):
            if game.trump is not None and card.suit == game.trump:
                return 2, card.rank
            return (1, card.rank) if card.suit == led else (0, 0)

        lead = seats[max(range(3), key=lambda k: power(trick[k]))]
        taken[lead] += 1
    return taken


def mean(values) -> Fraction:
    values = list(values)
    return sum((Fraction(v) for v in values), Fraction(0)) / len(values)


def is_short(game: Game, tricks: int) -> bool:
    """Set in a contract, caught in misère."""
    return tricks >= 1 if game.kind == "misere" else tricks < game.level


# -- open cards ----------------------------------------------------------------------------

def open_cases(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        yield (random_deal(rng), Game.parse(rng.choice(GAMES)), rng.randint(1, 3),
               rng.randint(1, 3))


@pytest.mark.parametrize("deal, game, declarer, leader", list(open_cases(12, 11)),
                         ids=lambda v: str(v) if not isinstance(v, Deal) else "")
def test_open_card_leads_are_the_solvers_root_moves_and_best_is_the_leaders(
        deal, game, declarer, leader):
    table = pa.lead_table(deal, game, declarer, leader=leader)
    moves = pa.solve(deal, game, declarer=declarer, leader=leader).moves
    assert table.leads == moves
    assert set(table.leads) == set(deal.hand(leader))  # every card may be led
    pick = max if leader_wants_high(game, declarer, leader) else min
    top = pick(moves.values())
    assert set(table.best) == {c for c, v in moves.items() if v == top}
    assert table.vists is None
    for card, tricks in moves.items():
        if game.kind == "misere":
            words = f"caught for {tricks}" if tricks else "clean"
        else:
            words = "made" if tricks >= game.level else f"down {game.level - tricks}"
        assert table.verdict(card) == words
    data = table.to_dict()
    assert data["leads"] == {str(c): v for c, v in moves.items()}
    assert data["best"] == [str(c) for c in table.best]


def priced_cases():
    rng = random.Random(5)
    cases = []
    for rules in ("sochi", "leningrad", "rostov"):
        for _ in range(3):
            cases.append((random_deal(rng), Game.parse(rng.choice(GAMES)), rng.randint(1, 3),
                          rng.randint(1, 3), rules, None))
    # one whister, and a whister with a passer who leads
    cases.append((random_deal(rng), Game.parse("6H"), 1, 2, "sochi", {2: "whist", 3: "pass"}))
    cases.append((random_deal(rng), Game.parse("7NT"), 3, 2, "leningrad",
                  {1: "whist", 2: "pass"}))
    return cases


def most_after(deal: Deal, game: Game, declarer: int, leader: int, card: Card,
               seat: int) -> int:
    """The defender `seat`'s most of the tricks after `card` is led: `solver.share`,
    itself checked against a plain brute force on endings (tests/engine/test_share.py)."""
    hands = [deal.hand(s).mask for s in (1, 2, 3)]
    hands[leader - 1] &= ~card.bit
    pos = solver.Position(hands=tuple(hands), leader=leader - 1, played=(card.index,),
                          game="contract", trump=game.trump, focus=declarer - 1)
    return solver.share(pos, seat - 1)


@pytest.mark.parametrize("deal, game, declarer, leader, rules, whist", priced_cases())
def test_open_card_vists_are_one_deal_score_per_lead(deal, game, declarer, leader, rules,
                                                     whist):
    table = pa.lead_table(deal, game, declarer, leader=leader, rules=rules, whist=whist)
    if whist is not None:
        words = whist
    elif game.kind == "contract":
        words = {s: "whist" for s in defenders_of(declarer)}
    else:
        words = {}
    assert table.whist == words
    partner = 6 - declarer - leader if game.kind == "contract" and leader != declarer else None
    two_whisters = game.kind == "contract" and sorted(set(words.values())) == ["whist"]
    for card, tricks in table.leads.items():
        after = pa.solve(deal, game, declarer=declarer, leader=leader, played=[card])
        assert after.tricks == tricks
        split = replay(deal, game, [card] + list(after.line), leader)
        assert split[declarer] == tricks  # a principal line gives the value
        tricks_by = {declarer: tricks}
        if two_whisters:
            f, s = defenders_of(declarer)
            most = {d: most_after(deal, game, declarer, leader, card, d) for d in (f, s)}
            ends = {f: (10 - tricks - most[s], most[f]), s: (10 - tricks - most[f], most[s])}
            assert table.shares[card] == {d: (min(e), max(e)) for d, e in ends.items()}
            tricks_by = plain_split(game, RuleSet.get(rules), 3, declarer, words, tricks, most)
        assert table.tricks_by[card] == tricks_by
        # One outcome, one score: the leader's and the partner's vists from the same deal.
        score = score_deal(game, rules=rules, declarer=declarer, tricks=tricks_by, whist=words)
        assert sum(score.values.values()) == 0
        for seat, prices in ((leader, table.vists), (partner, table.partner_vists)):
            if seat is not None:
                assert prices[card] == score.values[seat], (card, seat)
    if partner is None:
        assert table.partner_vists is None
    if not two_whisters:
        assert table.shares is None
    # best: the side's aim first (the declarer's tricks), then the leader's vists
    pick = max if leader_wants_high(game, declarer, leader) else min
    aim = {c for c, t in table.leads.items() if t == pick(table.leads.values())}
    top = max(table.vists[c] for c in aim)
    assert set(table.best) == {c for c in aim if table.vists[c] == top}
    data = table.to_dict()
    assert data["vists"] == {str(c): str(v) for c, v in table.vists.items()}
    assert data["rules"] == RuleSet.get(rules).name
    if partner is not None:
        assert data["partner_vists"] == {str(c): str(v) for c, v in table.partner_vists.items()}
    if two_whisters:
        assert data["shares"] == {str(c): {str(s): list(k) for s, k in sorted(v.items())}
                                  for c, v in table.shares.items()}


def test_open_card_table_on_an_ending_and_its_refusals():
    ending = "AKQ.7.-.- JT9.8.-.- 87.A.K.-"
    table = pa.lead_table(ending, "misere", 2, leader=3)
    assert table.leads == pa.solve(ending, "misere", declarer=2, leader=3).moves
    with pytest.raises(ValueError, match="whole deal"):
        pa.lead_table(ending, "6S", 1, rules="sochi")
    with pytest.raises(ValueError, match="contract or misère, not raspasy"):
        pa.lead_table(ending, "raspasy", 1)


# -- the leader's seat, every layout, against brute force ----------------------------------

def brute(hand: Hand, others: Hand, game: Game, declarer: int, leader: int):
    """{lead: [the declarer's tricks in each layout]} over every split of `others`, each
    position after the lead solved by the reference solver."""
    n = len(hand)
    rest = [s for s in (1, 2, 3) if s != leader]
    out: dict[Card, list[int]] = {c: [] for c in hand}
    for combo in combinations(sorted(others, key=lambda c: c.index), n):
        first = mask(combo)
        hands = {leader: hand.mask, rest[0]: first, rest[1]: others.mask & ~first}
        for lead in hand:
            cards = [hands[s] for s in (1, 2, 3)]
            cards[leader - 1] &= ~lead.bit
            pos = solver.Position(hands=tuple(cards), leader=leader - 1, played=(lead.index,),
                                  game=game.kind, trump=game.trump, focus=declarer - 1)
            out[lead].append(reference.tricks(pos))
    return out


def ending_case(seed: int, n: int, game: str, declarer: int, leader: int):
    rng = random.Random(seed)
    cards = rng.sample(range(32), 3 * n)
    hand = Hand(mask(cards[:n]))
    others = Hand(mask(cards[n:]))
    return hand, others, Game.parse(game), declarer, leader


ENDINGS = [
    (1, 2, "6S", 1, 2),
    (2, 3, "6NT", 2, 3),
    (3, 3, "misere", 1, 2),      # a catcher leads
    (4, 4, "7H", 3, 1),
    (5, 3, "8C", 2, 2),          # the declarer leads
    (6, 3, "misere", 3, 3),      # the misère player leads
    (7, 4, "misere", 2, 1),
]


def assert_ranked(result, per, game, declarer, leader):
    """Unpriced, the leads rank by the share set (caught) from the leader's side (a declarer
    leading wants it low), then by the declarer's tricks from the leader's side, then in the
    hand's printed order; the best is the first."""
    sign = 1 if leader_wants_high(game, declarer, leader) else -1
    wants_set = 1 if leader != declarer else -1
    printed = sorted(per, key=lambda c: (c.suit, -c.rank))
    key = {c: (wants_set * sum(is_short(game, t) for t in ts), sum(sign * t for t in ts),
               -printed.index(c)) for c, ts in per.items()}
    assert result.ranked_by == "set"
    assert list(result.order) == sorted(per, key=key.get, reverse=True)
    assert result.best == result.order[0]


@pytest.mark.parametrize("seed, n, game, declarer, leader", ENDINGS)
def test_every_layout_of_an_ending_matches_brute_force(seed, n, game, declarer, leader):
    hand, others, game, declarer, leader = ending_case(seed, n, game, declarer, leader)
    result = pa.lead_decision(hand, game, declarer, leader=leader, others=others, talon=None,
                              samples="all", filter="none")
    per = brute(hand, others, game, declarer, leader)
    layouts = len(next(iter(per.values())))
    assert result.exact and result.drawn == result.kept == layouts
    assert set(result.leads) == set(hand)
    sign = 1 if leader_wants_high(game, declarer, leader) else -1
    side = {c: mean(sign * t for t in ts) for c, ts in per.items()}
    top = side[result.best]
    assert_ranked(result, per, game, declarer, leader)
    for card, tricks in per.items():
        stats = result.leads[card]
        assert stats.tricks == mean(tricks) and isinstance(stats.tricks, Fraction)
        assert stats.tricks_se is None and stats.diff_se is None
        assert stats.set_probability == Fraction(sum(is_short(game, t) for t in tricks),
                                                 layouts)
        assert stats.distribution == {t: Fraction(tricks.count(t), layouts)
                                      for t in sorted(set(tricks))}
        paired = [sign * (a - b) for a, b in zip(tricks, per[result.best])]
        assert stats.diff == mean(paired) == side[card] - top
        assert stats.vists is None
    assert result.to_dict()["best"] == str(result.best)


# -- the leader's seat, sampled ------------------------------------------------------------

def sampled_case(seed: int, game: str, declarer: int, leader: int):
    deal = random_deal(random.Random(seed))
    return deal.hand(leader), [str(c) for c in deal.talon], Game.parse(game), declarer, leader


SAMPLED = [(21, "6S", 1, 2), (22, "7NT", 2, 1), (23, "misere", 3, 2), (24, "6D", 2, 2)]


@pytest.mark.parametrize("seed, game, declarer, leader", SAMPLED)
def test_each_sampled_layout_is_solved_as_a_direct_solve(seed, game, declarer, leader):
    hand, talon, game, declarer, leader = sampled_case(seed, game, declarer, leader)
    if leader == declarer:  # his own seat: the talon is his discard, out of play
        talon = [str(c) for c in Deal.parse(str(random_deal(random.Random(seed)))).talon]
    kw = dict(samples=40, seed=seed, filter="none",
              discard="low" if leader != declarer else "dd")
    result = pa.lead_decision(hand, game, declarer, leader=leader, talon=talon, **kw)
    worlds = sample_worlds(hand, talon_cards(talon), game, declarer, leader, leader=leader,
                           **kw)
    assert result.kept == len(worlds.deals) == 40 and result.drawn == worlds.drawn
    per: dict[Card, list[int]] = {c: [] for c in hand}
    for deal in worlds.deals:
        assert deal.hand(leader) == hand
        moves = pa.solve(deal, game, declarer=declarer, leader=leader).moves
        for card in hand:
            per[card].append(moves[card])
    sign = 1 if leader_wants_high(game, declarer, leader) else -1
    for card, tricks in per.items():
        stats = result.leads[card]
        assert stats.tricks == mean(tricks)
        assert stats.tricks_se == pytest.approx(statistics.stdev(tricks) / 40 ** 0.5)
        assert stats.set_probability == Fraction(sum(is_short(game, t) for t in tricks), 40)
        paired = [sign * (a - b) for a, b in zip(tricks, per[result.best])]
        assert stats.diff == mean(paired)
        assert stats.diff_se == pytest.approx(statistics.stdev(paired) / 40 ** 0.5, abs=1e-12)
    assert_ranked(result, per, game, declarer, leader)


def test_sampled_vists_with_the_default_model_are_the_score_of_each_layout():
    # The default declarer model ("dd") and the double-dummy bidding filter (the seat filter
    # has its plain count in test_seat_filter.py), a contract with both whisting.
    hand, talon, game, declarer, leader = sampled_case(31, "6S", 1, 2)
    rules = "sochi"
    kw = dict(samples=12, seed=3, filter="dd")
    result = pa.lead_decision(hand, game, declarer, leader=leader, talon=talon, rules=rules,
                              **kw)
    worlds = sample_worlds(hand, talon_cards(talon), game, declarer, leader, leader=leader,
                           **kw)
    assert result.discard_model == "dd" and result.filter == "dd"
    words = {2: "whist", 3: "whist"}
    assert result.whist == words
    partner = 6 - declarer - leader
    vists: dict[Card, list[Fraction]] = {c: [] for c in hand}
    partner_vists: dict[Card, list[Fraction]] = {c: [] for c in hand}
    for deal in worlds.deals:
        assert deal.discard is not None and len(deal.discard) == 2
        # the bidding filter: he takes at least the contract less one with his discard
        assert pa.solve(deal, game, declarer=declarer, leader=leader).tricks >= game.level - 1
        for card in hand:
            tricks = pa.solve(deal, game, declarer=declarer, leader=leader, played=[card]).tricks
            most = {d: most_after(deal, game, declarer, leader, card, d) for d in (2, 3)}
            split = plain_split(game, RuleSet.get(rules), 3, declarer, words, tricks, most)
            score = score_deal(game, rules=rules, declarer=declarer, tricks=split, whist=words)
            for seat, out in ((leader, vists), (partner, partner_vists)):
                out[card].append(score.values[seat])
    for card, values in vists.items():
        assert result.leads[card].vists == mean(values)
        assert result.leads[card].vists_se == pytest.approx(
            statistics.stdev(values) / len(values) ** 0.5)
        paired = [a - b for a, b in zip(values, vists[result.best])]
        assert result.leads[card].diff == mean(paired)
        assert result.leads[card].partner_vists == mean(partner_vists[card])
        assert result.leads[card].partner_vists_se == pytest.approx(
            statistics.stdev(partner_vists[card]) / len(values) ** 0.5)
    assert mean(vists[result.best]) == max(mean(v) for v in vists.values())


def test_a_seed_reproduces_and_different_seeds_differ():
    hand, talon, game, declarer, leader = sampled_case(41, "7H", 3, 1)
    kw = dict(leader=leader, talon=talon, samples=30, filter="none", discard="low")
    one = pa.lead_decision(hand, game, declarer, seed=1, **kw)
    again = pa.lead_decision(hand, game, declarer, seed=1, **kw)
    other = pa.lead_decision(hand, game, declarer, seed=2, **kw)
    assert one.to_dict() == again.to_dict()
    assert one.seed == 1 and other.seed == 2
    assert [s.to_dict() for s in one.leads.values()] != [s.to_dict() for s in other.leads.values()]


def test_the_default_model_and_filter_give_the_plain_search_s_decision():
    """The bench's hand that keeps about one layout drawn in twelve: the double-dummy bidding
    filter (searches on a few discards) and the plain one (his best discard counted over
    every distinct discard, then the bid checked) give the same decision from a seed,
    and the progress calls count every layout drawn."""
    game = Game.parse("8C")
    kw = dict(leader=2, talon="AC AD", samples=12, seed=4, models=False)
    seen: list[int] = []
    fast = pa.lead_decision("KQ.QT87.T7.K8", game, 1, progress=seen.append, filter="dd", **kw)
    plain = pa.lead_decision("KQ.QT87.T7.K8", game, 1,
                             filter=lambda deal, tricks: tricks >= game.level - 1, **kw)
    assert fast.filter == "dd" and plain.filter == "custom"
    assert fast.drawn == plain.drawn > fast.kept == plain.kept == 12
    assert sum(seen) == fast.drawn
    assert {**fast.to_dict(), "filter": "custom"} == plain.to_dict()


def test_progress_counts_the_layouts_drawn():
    hand, talon, game, declarer, leader = sampled_case(42, "6C", 2, 3)
    seen: list[int] = []
    result = pa.lead_decision(hand, game, declarer, leader=leader, talon=talon, samples=25,
                              filter="none", discard="low", progress=seen.append)
    assert sum(seen) == result.drawn >= 25


def test_json_is_strict_and_says_the_bias():
    import json
    hand, talon, game, declarer, leader = sampled_case(43, "misere", 1, 3)
    result = pa.lead_decision(hand, game, declarer, leader=leader, talon=talon, samples=20,
                              filter="none", discard="low")
    data = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert data["double_dummy"] == pa.analysis.leads.BIAS
    assert "upper bound" in data["double_dummy"]
    assert set(data["leads"]) == {str(c) for c in hand}


# -- bad input -----------------------------------------------------------------------------

ENDING_HAND = "AK.-.-.-"
ENDING_OTHERS = "QJ.7.-.A"

BAD = [
    ((ENDING_HAND, "misere", 1), dict(leader=2, others=ENDING_OTHERS, filter="bid"),
     "bid filter"),
    ((ENDING_HAND, "8Z", 1), dict(leader=2, others=ENDING_OTHERS, filter="none"), "8Z"),
    ((ENDING_HAND, "raspasy", 1), dict(leader=2, others=ENDING_OTHERS, filter="none"),
     "raspasy"),
    (("AKQJ.T9.87.AK", "6S", 2), dict(talon="AS 7H"), "talon"),
    (("AKQJ.T9.87.AK", "6S", 2), dict(talon="AS"), "talon"),
    (("AKQJ.T9.87.AK", "6S", 2), dict(talon="7H 8H", samples=0), "samples"),
    (("AKQJ.T9.87.AK", "6S", 2), dict(talon="7H 8H", samples="many"), "samples"),
    (("AKQJ.T9.87.AK", "6S", 2), dict(talon="7H 8H", samples=2.5), "samples"),
    ((ENDING_HAND, "6S", 1), dict(leader=2, others="QJ.7.-.-", filter="none"), "4 are needed"),
    ((ENDING_HAND, "6S", 1), dict(leader=2, others=ENDING_OTHERS, filter="none",
                                  known={3: "AS"}), "known"),
    ((ENDING_HAND, "6S", 1), dict(leader=4, others=ENDING_OTHERS, filter="none"), "seat"),
    ((ENDING_HAND, "6S", 1), dict(leader=2, others=ENDING_OTHERS, filter="none",
                                  rules="sochi"), "hands of ten"),
]


@pytest.mark.parametrize("args, kwargs, words", BAD)
def test_bad_input_is_a_one_line_value_error(args, kwargs, words):
    with pytest.raises(ValueError) as caught:
        pa.lead_decision(*args, **kwargs)
    message = str(caught.value)
    assert words in message and "\n" not in message and message


def test_an_endings_lead_verdict_depends_on_the_tricks_before():
    # Two tricks left in 6NT: taking both, the declarer makes it only if he took four of the
    # eight before; never "down 4", the whole deal's word for two tricks.
    table = pa.lead_table("KJ.-.-.- AQ.-.-.- -.87.-.-", "6NT", 2, leader=1)
    assert set(table.leads.values()) == {2}
    for card in table.leads:
        assert table.verdict(card) == "made if he took 4 of the 8 tricks before"
    assert set(table.to_dict()["verdicts"].values()) == {"made if he took 4 of the 8 tricks before"}
    from pyanalysis.text.leads import table_lines

    assert "down" not in "\n".join(table_lines(table, symbols=True))
