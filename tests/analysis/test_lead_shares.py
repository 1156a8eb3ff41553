"""Leads priced with two whisters: one split of the defence's tricks per lead. On random full
deals of every contract kind (four trump suits and no-trumps): equal leads (two cards of the
leader in one suit with no card of the other hands between them) get equal share ranges and
equal vists for both defenders; each range lies within what the declarer leaves the defence,
and the split priced lies in both ranges and adds up to ten; every best lead
holds the declarer to the table's minimum. The equal cards and the minimum are found here from
the deal and from `solve`, not from the table."""
from __future__ import annotations

import random

import pytest

import pyanalysis as pa
from pyanalysis.analysis.leads import lead_table

GAMES = ["6S", "7C", "8D", "9H", "6NT", "7NT", "8S", "10C"]


def random_deal(rng: random.Random) -> str:
    cards = [pa.Card.from_index(i) for i in range(32)]
    rng.shuffle(cards)
    hands = [pa.Hand.from_cards(cards[10 * i:10 * i + 10]) for i in range(3)]
    return " ".join(map(str, hands)) + f" {cards[30]} {cards[31]}"


def equal_pairs(deal: pa.Deal, leader: int) -> list[tuple[pa.Card, pa.Card]]:
    """Pairs of the leader's cards of one suit with no card of another hand between them
    (the talon is out of play)."""
    mine = sorted(deal.hand(leader), key=lambda c: c.index)
    others = {c.index for s in (1, 2, 3) if s != leader for c in deal.hand(s)}
    pairs = []
    for low, high in zip(mine, mine[1:]):
        if low.suit == high.suit and not any(i in others for i in range(low.index + 1,
                                                                          high.index)):
            pairs.append((low, high))
    return pairs


def case(seed: int) -> tuple[str, pa.Game, int, int, str]:
    """A random deal, contract, declarer, leader (a defender) and rule set."""
    rng = random.Random(1000 + seed)
    text = random_deal(rng)
    declarer = rng.randint(1, 3)
    leader = rng.choice([s for s in (1, 2, 3) if s != declarer])
    return text, pa.Game.parse(GAMES[seed % len(GAMES)]), declarer, leader, \
        ("sochi", "leningrad", "rostov")[seed % 3]


@pytest.mark.parametrize("seed", range(16))
def test_equal_leads_equal_vists_and_shares_and_best_holds_the_minimum(seed):
    text, game, declarer, leader, rules = case(seed)
    deal = pa.Deal.parse(text)
    partner = 6 - declarer - leader
    # both whist by default; a checked tenner is priced with each defender's own tricks too
    table = lead_table(text, game, declarer, leader=leader, rules=rules)
    assert table.shares is not None and set(table.partner_vists) == set(table.leads)
    after = {card: pa.solve(text, game, declarer=declarer, leader=leader,
                            played=[card]).tricks for card in table.leads}
    assert after == table.leads
    fewest = min(after.values())
    assert table.best and all(after[c] == fewest for c in table.best)
    for card, shares in table.shares.items():
        assert set(shares) == {leader, partner}
        assert all(0 <= lo <= hi <= 10 - after[card] for lo, hi in shares.values())
        split = table.tricks_by[card]
        assert sum(split.values()) == 10 and split[declarer] == after[card]
        assert all(lo <= split[s] <= hi for s, (lo, hi) in shares.items())
    for low, high in equal_pairs(deal, leader):
        assert table.leads[low] == table.leads[high]
        assert table.shares[low] == table.shares[high], (low, high)
        assert table.vists[low] == table.vists[high]
        assert table.partner_vists[low] == table.partner_vists[high]


def test_the_random_deals_have_equal_pairs_to_compare():
    pairs = [equal_pairs(pa.Deal.parse(text), leader)
             for text, _, _, leader, _ in map(case, range(16))]
    assert sum(len(p) for p in pairs) >= 16 and sum(bool(p) for p in pairs) >= 10
