"""The priced lead table's `best`: the defence's common aim first. Every lead called best holds
the declarer to the fewest tricks any lead holds him to (the most in misère, his own most when
he leads), and among the leads that do, the leader's vists decide. Checked on random full deals
of every contract, the declarer's tricks after each lead taken from `solve` (not from the
table), and with the rule written out here."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import pyanalysis as pa
from pyanalysis.analysis.leads import lead_table


def random_deal(rng: random.Random) -> str:
    cards = [pa.Card.from_index(i) for i in range(32)]
    rng.shuffle(cards)
    hands = [pa.Hand.from_cards(cards[10 * i:10 * i + 10]) for i in range(3)]
    return " ".join(map(str, hands)) + f" {cards[30]} {cards[31]}"


GAMES = ["6S", "7C", "8D", "9H", "6NT", "8NT", "misere"]


@pytest.mark.parametrize("seed", range(12))
def test_every_best_lead_holds_the_declarer_to_the_side_best(seed):
    rng = random.Random(seed)
    text = random_deal(rng)
    game = GAMES[seed % len(GAMES)]
    declarer = rng.randint(1, 3)
    leader = rng.choice([s for s in (1, 2, 3) if s != declarer])
    table = lead_table(text, game, declarer, leader=leader, rules="sochi")
    after = {card: pa.solve(text, game, declarer=declarer, leader=leader,
                            played=[card]).tricks for card in table.leads}
    assert after == table.leads
    wants_more = game == "misere"
    side_best = (max if wants_more else min)(after.values())
    assert table.best and all(after[c] == side_best for c in table.best)
    aim = [c for c in after if after[c] == side_best]
    most = max(table.vists[c] for c in aim)
    assert table.best == [c for c in aim if table.vists[c] == most]
    assert table.to_dict()["best"] == [str(c) for c in table.best]


def test_the_example_deal_names_only_the_low_clubs():
    """data/examples/deal1.txt, 8♠ by the 2nd hand: only ♣8 and ♣7 hold him to eight; the
    priced table once called every lead but ♣A best because the leader's vists tied."""
    deal = (Path(__file__).resolve().parents[2] / "data" / "examples" / "deal1.txt").read_text()
    table = lead_table(deal.strip(), "8S", 2, rules="sochi")
    fewest = min(table.leads.values())
    assert [str(c) for c in table.best] == [str(c) for c, t in table.leads.items() if t == fewest]
    assert len(table.best) < len([c for c, v in table.vists.items() if v == max(table.vists.values())])
