"""Write the fixed benchmark deal sets in data/bench/ (seeded: the same files every run).

    python benches/make_sets.py

Each set is 200 random full deals in the batch JSON-lines form of DESIGN.md. Trump contracts
cycle the trump suit and the declarer's seat; misère cycles the declarer; raspasy cycles the
player whose tricks are counted, under one talon rule per file.
"""
from __future__ import annotations

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


def random_deal(rng: random.Random) -> str:
    """A full deal (three hands of ten and the talon) in canonical notation."""
    cards = rng.sample(range(32), 32)
    hands = [pa.Hand.from_cards(pa.Card.from_index(c) for c in cards[10 * i:10 * i + 10])
             for i in range(3)]
    talon = " ".join(str(pa.Card.from_index(c)) for c in cards[30:])
    return " ".join(str(h) for h in hands) + " " + talon


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for seed, (name, job) in enumerate(SETS.items(), start=1):
        rng = random.Random(1000 + seed)
        lines = [json.dumps({"deal": random_deal(rng), **job(i), "leader": 1})
                 for i in range(COUNT)]
        (OUT / f"{name}.jsonl").write_text("\n".join(lines) + "\n")
        print(f"wrote {OUT / name}.jsonl ({COUNT} deals)")


if __name__ == "__main__":
    main()
