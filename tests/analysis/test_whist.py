"""Whist or pass (`pyanalysis.analysis.whist`) and the defender's layouts (`sampling`).

Everything expected here is recomputed the plain way, never taken from the module under test:
the whisting sequences are written out from RULES.md §3, each row is priced with `score_deal`
from the tricks `pa.solve` gives and, when both defenders' own tricks count, at the split that
tests/plain_pricing.py chooses from each defender's most (`solver.share`, checked against a
brute force in tests/engine/test_share.py), the
decisions by a small backward induction written here, and the seat view by
enumerating the free cards' splits with `itertools` and every one of the declarer's 66
discards with `pa.solve`.
"""
from __future__ import annotations

import math
import random
import statistics
from fractions import Fraction
from itertools import combinations

import pytest

import pyanalysis as pa
import solver
from pyanalysis.analysis.sampling import low_discard, sample_worlds, top_discards
from pyanalysis.cards import Card
from pyanalysis.deal import Deal
from pyanalysis.errors import PositionError
from pyanalysis.games import Game
from pyanalysis.hand import Hand
from pyanalysis.rules import RuleSet
from pyanalysis.scoring import score_deal
from plain_pricing import plain_split
from solver import reference

W, P, H, R = "whist", "pass", "half", "return"
#: Ties go to the word that commits less (the module's documented order).
TIES = (P, H, W, R)
DEALER = 4
NO_PLAY = {"pass/pass", "pass/half/pass", "half/pass"}
STRAINS = ("S", "C", "D", "H", "NT")


# -- plain helpers -------------------------------------------------------------------------

def mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << (c.index if isinstance(c, Card) else c)
    return m


def cards_of(m: int) -> list[int]:
    return [c for c in range(32) if m >> c & 1]


def defenders_of(declarer: int) -> tuple[int, int]:
    first = {1: 2, 2: 3, 3: 1}[declarer]
    second = {1: 3, 2: 1, 3: 2}[declarer]
    return first, second


def deal_of(hands: dict[int, int], discard: int | None = None) -> Deal:
    return Deal(tuple(Hand(hands[s]) for s in (1, 2, 3)),
                discard=Hand(discard) if discard is not None else None)


def random_full_deal(rng: random.Random, declarer: int, trump: int | None) -> Deal:
    """A random deal with the declarer's hand drawn towards high cards and trumps (so that the
    contracts tried are sometimes made and sometimes set)."""
    key = {c: rng.random() - 0.09 * (c % 8) - (0.3 if c // 8 == trump else 0)
           for c in range(32)}
    order = sorted(range(32), key=key.get)
    mine, rest = order[:10], order[10:]
    rng.shuffle(rest)
    f, s = defenders_of(declarer)
    return deal_of({declarer: mask(mine), f: mask(rest[:10]), s: mask(rest[10:20])})


def random_contract(rng: random.Random, declarer: int, strain: str, levels=(6, 7, 8, 9)):
    """A deal and a contract near what the declarer can take (one more, one less, or that)."""
    trump = Game.parse(f"6{strain}").trump
    deal = random_full_deal(rng, declarer, trump)
    dd = pa.solve(deal, Game.parse(f"6{strain}"), declarer=declarer).tricks
    level = min(max(levels), max(min(levels), dd + rng.choice((-1, 0, 0, 1))))
    return deal, Game.parse(f"{level}{strain}")


def replay_split(deal: Deal, game: Game, line, leader: int = 1) -> dict[int, int]:
    """Tricks each seat takes along `line`, found trick by trick (and the line checked legal)."""
    held = {s: set(deal.hand(s)) for s in (1, 2, 3)}
    assert len(line) == 30
    taken = {1: 0, 2: 0, 3: 0}
    lead = leader
    for i in range(0, 30, 3):
        trick = list(line[i:i + 3])
        seats = [lead, lead % 3 + 1, (lead + 1) % 3 + 1]
        led = trick[0].suit
        for seat, card in zip(seats, trick):
            assert card in held[seat], f"{card} is not in seat {seat}'s hand"
            if card.suit != led:
                assert not any(c.suit == led for c in held[seat]), f"{card} revokes"
                if game.trump is not None and card.suit != game.trump:
                    assert not any(c.suit == game.trump for c in held[seat]), \
                        f"{card}: must trump"
            held[seat].discard(card)

        def power(card):
            if game.trump is not None and card.suit == game.trump:
                return 2, card.rank
            return (1, card.rank) if card.suit == led else (0, 0)

        winner = max(range(3), key=lambda k: power(trick[k]))
        lead = seats[winner]
        taken[lead] += 1
    return taken


def most_of(deal: Deal, game: Game, declarer: int, leader: int, seat: int) -> int:
    """The defender `seat`'s most of the deal's tricks: `solver.share`, itself checked
    against a plain brute force on endings (tests/engine/test_share.py)."""
    pos = solver.Position(hands=tuple(deal.hand(k).mask for k in (1, 2, 3)), leader=leader - 1,
                          game="contract", trump=game.trump, focus=declarer - 1)
    return solver.share(pos, seat - 1)


def expected_sequences(rules: RuleSet, game: Game, declarer: int, players: int) -> set:
    """RULES.md §3, written out: every whisting as ((word, seat), ...)."""
    f, s = defenders_of(declarer)
    if game.level == 10 and rules.tenner_checked:
        return {()}
    if game.level == 6 and game.trump == 0 and rules.six_spades_whist:
        return {((W, f), (W, s))}
    rows = {((W, f), (W, s)), ((W, f), (P, s)), ((P, f), (W, s)), ((P, f), (P, s))}
    if game.level in (6, 7) and rules.half_whist:
        halves = [(((P, f), (H, s)), f)]            # the second goes half, the first answers
        if rules.half_whist_by == "either":
            halves.append((((H, f),), s))           # the first goes half, the second answers
        for said, other in halves:
            rows.add(said + ((P, other),))          # accepted: no play
            if rules.return_whist:
                rows.add(said + ((R, other),))      # returned by the other defender
                if players == 4:
                    rows.add(said + ((P, other), (R, DEALER)))  # returned by the dealer
    return rows


def expected_tree(rules: RuleSet, game: Game, declarer: int, players: int):
    """The same whisting as a tree: a leaf is the words said; a node is (seat, {word: sub})."""
    f, s = defenders_of(declarer)
    if game.level == 10 and rules.tenner_checked:
        return ()
    if game.level == 6 and game.trump == 0 and rules.six_spades_whist:
        return ((W, f), (W, s))
    half = game.level in (6, 7) and rules.half_whist

    def answer(said, other):
        accept = said + ((P, other),)
        if not rules.return_whist:
            return accept
        if players == 4:
            accept = (DEALER, {P: accept, R: accept + ((R, DEALER),)})
        return (other, {P: accept, R: said + ((R, other),)})

    second_after_pass = {W: ((P, f), (W, s)), P: ((P, f), (P, s))}
    if half:
        second_after_pass[H] = answer(((P, f), (H, s)), f)
    top = {W: (s, {W: ((W, f), (W, s)), P: ((W, f), (P, s))}), P: (s, second_after_pass)}
    if half and rules.half_whist_by == "either":
        top[H] = answer(((H, f),), s)
    return (f, top)


def is_leaf(tree) -> bool:
    return not (len(tree) == 2 and isinstance(tree[1], dict))


def leaves_of(tree) -> list:
    if is_leaf(tree):
        return [tree]
    return [leaf for sub in tree[1].values() for leaf in leaves_of(sub)]


def best_word(values: dict[str, Fraction]) -> str:
    """The highest value; on a tie the earliest word of `TIES`."""
    best = None
    for word in TIES:
        if word in values and (best is None or values[word] > values[best]):
            best = word
    return best


def my_induction(tree, value, fixed: str | None = None, me: int | None = None):
    """(leaf reached, path [(seat, word, {word: value})]) by backward induction; `value(leaf)`
    is {seat: vists}. With `fixed`, every seat other than `me` and the dealer says `fixed`."""
    if is_leaf(tree):
        return tree, []
    seat, options = tree
    if fixed is not None and seat not in (me, DEALER):
        return my_induction(options[fixed], value, fixed, me)
    results = {w: my_induction(sub, value, fixed, me) for w, sub in options.items()}
    values = {w: value(leaf)[seat] for w, (leaf, _) in results.items()}
    word = best_word(values)
    leaf, path = results[word]
    return leaf, [(seat, word, values)] + path


def words_by_seat(said) -> dict[int, str]:
    out = {}
    for word, seat in said:
        out[seat] = word  # a seat that speaks twice is scored by its last word
    return out


def label(said) -> str:
    return "/".join(w for w, _ in said) if said else "checked"


def expected_row_tricks(said, game, rules, players, declarer: int, dd: int,
                        most: dict[int, int]):
    lab = label(said)
    if lab in NO_PLAY:
        return None
    if lab in ("checked", "whist/whist"):
        return plain_split(game, rules, players, declarer, words_by_seat(said), dd, most)
    return {declarer: dd}


def key_of(row) -> tuple:
    return tuple(zip(row.words, row.seats))


# -- 1. open cards -------------------------------------------------------------------------

VARIANTS = [
    ("sochi", {}), ("leningrad", {}), ("rostov", {}),
    ("sochi", {"half_whist_by": "either"}),
    ("leningrad", {"return_whist": False}),
    ("rostov", {"half_whist": False}),
    ("sochi", {"six_spades_whist": True}),
    ("leningrad", {"half_whist_by": "either", "two_whister_duty": "strict"}),
    ("rostov", {"return_consolation": "own", "half_whist_by": "either"}),
    ("sochi", {"whist_split": "gentleman", "responsibility": "half"}),
]


def check_table(deal: Deal, game: Game, declarer: int, rules: RuleSet, players: int,
                leader: int = 1) -> pa.WhistTable:
    table = pa.whist_table(deal, game, declarer, rules=rules, players=players, leader=leader)
    f, s = defenders_of(declarer)
    sol = pa.solve(deal, game, declarer=declarer, leader=leader)
    dd = sol.tricks
    along = replay_split(deal, game, sol.line, leader)
    assert along[declarer] == dd  # a principal line gives the value
    assert table.tricks == dd
    most = {d: most_of(deal, game, declarer, leader, d) for d in (f, s)}
    # each at most what the declarer leaves; together they may be more (each counts on the
    # other defender's help: tests/engine/test_share.py)
    assert max(most.values()) <= 10 - dd
    ends = {f: (10 - dd - most[s], most[f]), s: (10 - dd - most[f], most[s])}
    assert table.shares == {d: (min(e), max(e)) for d, e in ends.items()}

    # The rows are exactly the sequences the rules allow, once each.
    keys = [key_of(row) for row in table.rows]
    assert len(keys) == len(set(keys))
    assert set(keys) == expected_sequences(rules, game, declarer, players)

    seats = (1, 2, 3, DEALER) if players == 4 else (1, 2, 3)
    for row in table.rows:
        said = key_of(row)
        assert row.label == label(said)
        tricks = expected_row_tricks(said, game, rules, players, declarer, dd, most)
        assert row.played == (tricks is not None), row.label
        assert row.tricks == tricks, row.label
        if tricks is not None and len(tricks) == 3:
            assert table.split == {d: tricks[d] for d in (f, s)}
            assert sum(tricks.values()) == 10
        # One outcome, one score: every seat's value from the same deal score.
        score = score_deal(game, rules=rules, players=players, declarer=declarer,
                           tricks=tricks or {}, whist=words_by_seat(said))
        assert dict(row.values) == dict(score.values), row.label
        assert set(row.values) == set(seats)
        assert sum(row.values.values()) == 0

    # Backward induction, done here over the tree written above.
    values = {key_of(row): row.values for row in table.rows}
    tree = expected_tree(rules, game, declarer, players)
    assert set(leaves_of(tree)) == set(values)
    leaf, path = my_induction(tree, lambda said: values[said])
    assert key_of(table.chosen) == leaf
    assert [(c.seat, c.word, c.values) for c in table.path] == path
    # Subgame perfection along the path: no chooser gains by another word.
    regret = {}
    for seat, word, vals in path:
        assert all(vals[word] >= v for v in vals.values())
        others = [v for w, v in vals.items() if w != word]
        if others:
            regret[seat] = max(regret.get(seat, max(others) - vals[word]),
                               max(others) - vals[word])
    assert table.regret == regret
    assert all(v <= 0 for v in table.regret.values())
    return table


@pytest.mark.parametrize("name, overrides", VARIANTS)
def test_open_card_table_three_players(name, overrides):
    rules = RuleSet.preset(name, **overrides)
    rng = random.Random(f"whist-{name}-{sorted(overrides.items())}")
    chosen_labels = set()
    levels_seen = set()
    for _ in range(15):
        declarer = rng.choice((1, 2, 3))
        strain = rng.choice(STRAINS)
        if overrides.get("six_spades_whist"):
            strain = rng.choice(("S", "S", strain))
        deal, game = random_contract(rng, declarer, strain)
        table = check_table(deal, game, declarer, rules, 3)
        chosen_labels.add(table.chosen.label)
        levels_seen.add(game.level)
    # The sample is not degenerate: several sequences are chosen, several levels are tried.
    assert len(chosen_labels) >= 2
    assert {6, 7} & levels_seen and {8, 9} & levels_seen


@pytest.mark.parametrize("name, overrides", [
    ("sochi", {}), ("leningrad", {}), ("rostov", {"half_whist_by": "either"}),
    ("sochi", {"return_whist": False}),
])
def test_open_card_table_four_players(name, overrides):
    rules = RuleSet.preset(name, **overrides)
    rng = random.Random(f"whist4-{name}-{sorted(overrides.items())}")
    for _ in range(6):
        declarer = rng.choice((1, 2, 3))
        deal, game = random_contract(rng, declarer, rng.choice(STRAINS), (6, 7, 8))
        table = check_table(deal, game, declarer, rules, 4)
        if game.level in (6, 7) and rules.return_whist:
            labels = {row.label for row in table.rows}
            assert "pass/half/pass/return" in labels


def test_open_card_table_other_leader():
    rng = random.Random(11)
    for leader in (2, 3):
        declarer = rng.choice((1, 2, 3))
        deal, game = random_contract(rng, declarer, rng.choice(STRAINS), (6, 7, 8))
        check_table(deal, game, declarer, RuleSet.preset("sochi"), 3, leader=leader)


@pytest.mark.parametrize("name", ["sochi", "leningrad", "rostov"])
def test_tenner_checked_and_whisted(name):
    rng = random.Random(f"tenner-{name}")
    for _ in range(4):
        declarer = rng.choice((1, 2, 3))
        deal, game = random_contract(rng, declarer, rng.choice(STRAINS), (10,))
        checked = check_table(deal, game, declarer, RuleSet.preset(name), 3)
        assert len(checked.rows) == 1 and checked.rows[0].words == ()
        assert checked.rows[0].played and checked.chosen.label == "checked"
        assert checked.path == [] and checked.regret == {}
        whisted = check_table(deal, game, declarer,
                              RuleSet.preset(name, tenner_checked=False), 3)
        assert {r.label for r in whisted.rows} == {
            "whist/whist", "whist/pass", "pass/whist", "pass/pass"}


def test_six_spades_compulsory_whist_has_one_row():
    rules = RuleSet.preset("sochi", six_spades_whist=True)
    deal = random_full_deal(random.Random(5), 2, 0)
    table = check_table(deal, Game.parse("6S"), 2, rules, 3)
    assert [r.label for r in table.rows] == ["whist/whist"]
    # Only six spades: six clubs keeps the whole whisting.
    table = check_table(deal, Game.parse("6C"), 2, rules, 3)
    assert len(table.rows) == 6


def test_table_rejects_non_contracts_and_bad_players():
    deal = random_full_deal(random.Random(1), 1, None)
    for game in ("misere", "raspasy"):
        with pytest.raises(ValueError, match="contract"):
            pa.whist_table(deal, game, 1)
    with pytest.raises(ValueError, match="players"):
        pa.whist_table(deal, "7H", 1, players=5)


# -- 2. the seat view, exactly, against brute force ---------------------------------------

def brute_discard(hands: dict[int, int], twelve: int, game: Game, declarer: int) -> int:
    """The declarer's most tricks over all 66 discards from his twelve."""
    best = -1
    for pair in combinations(cards_of(twelve), 2):
        h = dict(hands)
        h[declarer] = twelve & ~mask(pair)
        best = max(best, pa.solve(deal_of(h), game, declarer=declarer).tricks)
    return best


def make_scenario(seed: int, role: str, level: int, free_decl: int, free_partner: int):
    """A seat view: the deciding defender's hand, the talon, a contract of `level`, and `known`
    cards that leave `free_decl + free_partner` cards free (the declarer getting `free_decl`).

    The free cards are drawn from the high ones, so the layouts differ; the declarer's hand is
    drawn until the bid is made in some layouts and set in others."""
    for attempt in range(60):
        rng = random.Random(seed * 1000 + attempt)
        declarer = rng.choice((1, 2, 3))
        f, s = defenders_of(declarer)
        seat, partner = (f, s) if role == "first" else (s, f)
        trump = rng.choice((0, 1, 2, 3, None))
        bias = rng.uniform(0.02, 0.1)
        weights = {c: rng.random() - bias * (c % 8) - (4 * bias if c // 8 == trump else 0)
                   for c in range(32)}
        order = sorted(range(32), key=weights.get)
        twelve = order[:12]
        rest = order[12:]
        rng.shuffle(rest)
        talon = rng.sample(twelve, 2)
        decl10 = [c for c in twelve if c not in talon]
        mine, theirs = rest[:10], rest[10:]

        def high(cards, k):
            return sorted(cards, key=lambda c: -(c % 8) - 3 * rng.random())[:k]

        free = high(decl10, free_decl) + high(theirs, free_partner)
        known = {declarer: [Card.from_index(c) for c in decl10 if c not in free],
                 partner: [Card.from_index(c) for c in theirs if c not in free]}
        sc = dict(declarer=declarer, seat=seat, partner=partner, game=Game.contract(level, trump),
                  hand=Hand(mask(mine)), talon=tuple(Card.from_index(c) for c in talon),
                  known=known, free=free, need=free_decl)
        layouts = brute_layouts(sc)
        tricks = [t for _, _, t in layouts]
        if max(tricks) >= level and min(tricks) < level:
            sc["layouts"] = layouts
            return sc
    raise AssertionError("no scenario found")


def brute_layouts(sc) -> list[tuple[dict[int, int], int, int]]:
    """Every split of the free cards: (hands with the declarer's ten undecided, his twelve,
    his most tricks over the 66 discards)."""
    declarer, partner, seat = sc["declarer"], sc["partner"], sc["seat"]
    known_decl = mask(sc["known"][declarer])
    known_partner = mask(sc["known"][partner])
    out = []
    for combo in combinations(sc["free"], sc["need"]):
        twelve = known_decl | mask(combo) | mask(sc["talon"])
        partner_hand = known_partner | mask(c for c in sc["free"] if c not in combo)
        hands = {seat: sc["hand"].mask, partner: partner_hand, declarer: 0}
        assert bin(partner_hand).count("1") == 10 and bin(twelve).count("1") == 12
        assert hands[seat] & (twelve | partner_hand) == 0
        out.append((hands, twelve, brute_discard(hands, twelve, sc["game"], declarer)))
    return out


def brute_decision(sc, rules: RuleSet, filter_: str, partner_word: str | None):
    """Each option's exact statistics for the deciding defender, from scratch."""
    game, declarer, seat = sc["game"], sc["declarer"], sc["seat"]
    f, _ = defenders_of(declarer)
    worlds = sample_worlds(sc["hand"], sc["talon"], game, declarer, seat, samples="all",
                           discard="dd", filter=filter_, known=sc["known"])
    by_twelve = {d.hand(declarer).mask | d.discard.mask: (d, t)
                 for d, t in zip(worlds.deals, worlds.tricks)}
    kept = [(h, tw, t) for h, tw, t in sc["layouts"]
            if filter_ == "none" or t >= game.level - 1]
    assert worlds.drawn == math.comb(len(sc["free"]), sc["need"]) == len(sc["layouts"])
    assert worlds.kept == len(kept) == len(worlds.deals)
    assert set(by_twelve) == {tw for _, tw, _ in kept}
    tree = expected_tree(rules, game, declarer, 3)
    if seat == f:
        node, fixed = tree, partner_word
    else:
        node, fixed = tree[1][partner_word], None
    per_option = {w: [] for w in node[1]}
    for hands, twelve, best in kept:
        deal, module_tricks = by_twelve[twelve]
        # The module's discard is one of the best (ties may pick another pair).
        assert module_tricks == best
        assert deal.discard.mask & ~twelve == 0 and len(deal.discard) == 2
        assert deal.hand(seat).mask == hands[seat] and deal.hand(sc["partner"]).mask == \
            hands[sc["partner"]]
        assert pa.solve(deal, game, declarer=declarer).tricks == best
        table = pa.whist_table(deal, game, declarer, rules=rules)
        assert table.tricks == best
        values = {key_of(row): row for row in table.rows}
        for word, sub in node[1].items():
            leaf, _ = my_induction(sub, lambda said: values[said].values, fixed, seat)
            per_option[word].append(values[leaf])
    return worlds, per_option


def check_decision(sc, rules, filter_, partner_word):
    worlds, per_option = brute_decision(sc, rules, filter_, partner_word)
    got = pa.whist_decision(sc["hand"], sc["game"], sc["declarer"], sc["seat"],
                            talon=sc["talon"], rules=rules,
                            partner="open" if partner_word is None else partner_word,
                            answers="open", samples="all", filter=filter_,
                            known=sc["known"], models=False)
    n = worlds.kept
    seat, level, declarer = sc["seat"], sc["game"].level, sc["declarer"]
    assert got.exact and got.drawn == worlds.drawn and got.kept == n
    assert set(got.options) == set(per_option)
    means = {}
    for word, rows in per_option.items():
        assert len(rows) == n
        means[word] = sum((r.values[seat] for r in rows), Fraction(0)) / n
        down = sum(1 for r in rows if r.played and r.tricks[declarer] < level)
        counts = {}
        for r in rows:
            counts[r.label] = counts.get(r.label, 0) + 1
        option = got.options[word]
        assert option.vists == means[word], word
        assert option.set_probability == Fraction(down, n), word
        assert option.counts == counts, word
        assert option.vists_se is None
    best = best_word(means)
    assert got.best == best
    assert got.paired == {w: (means[w] - means[best], None) for w in means}
    return got


SEAT_VIEWS = [
    # seed, role, level, free cards with the declarer, with the partner, rules
    (1, "first", 7, 2, 2, "sochi"),
    (2, "first", 6, 2, 3, "leningrad"),
    (3, "second", 7, 2, 3, "rostov"),
    (4, "second", 6, 3, 2, "sochi"),
    (5, "first", 8, 2, 4, "rostov"),
    (6, "second", 9, 3, 3, "leningrad"),
]


@pytest.mark.parametrize("seed, role, level, fd, fp, name", SEAT_VIEWS)
def test_seat_view_exact_against_brute_force(seed, role, level, fd, fp, name):
    sc = make_scenario(seed, role, level, fd, fp)
    rules = RuleSet.preset(name)
    if role == "first":
        partner_words = [None, W, P]
    else:
        partner_words = [P, W]
    for filter_ in ("dd", "none"):
        for partner_word in partner_words:
            check_decision(sc, rules, filter_, partner_word)
    if level in (6, 7) and role == "first":
        check_decision(sc, RuleSet.preset(name, half_whist_by="either"), "none", None)
        check_decision(sc, RuleSet.preset(name, half_whist_by="either"), "dd", P)
    if level in (6, 7) and role == "second":
        check_decision(sc, RuleSet.preset(name, half_whist_by="either"), "none", H)


# -- 3. sampling -------------------------------------------------------------------------

SAMPLED = dict(hand=Hand.parse("AK.KQ7.J98.98"), game=Game.parse("7H"), declarer=1, seat=2,
               talon=(Card.parse("AD"), Card.parse("QD")))


def sampled_worlds(**kw):
    args = dict(SAMPLED)
    args.update(kw)
    return sample_worlds(args.pop("hand"), args.pop("talon"), args.pop("game"),
                         args.pop("declarer"), args.pop("seat"), **args)


def check_world_cards(deal: Deal, hand: Hand, talon, declarer: int, seat: int, known=None):
    partner = ({1, 2, 3} - {declarer, seat}).pop()
    assert deal.hand(seat) == hand
    decl, part, disc = deal.hand(declarer).mask, deal.hand(partner).mask, deal.discard.mask
    assert len(deal.hand(declarer)) == len(deal.hand(partner)) == 10 and len(deal.discard) == 2
    assert (decl | part | disc) & hand.mask == 0
    assert part & mask(talon) == 0
    assert mask(talon) & ~(decl | disc) == 0            # the talon is in his twelve
    assert decl | part | disc | hand.mask == (1 << 32) - 1
    for where, cards in (known or {}).items():
        m = (Hand.parse(cards) if isinstance(cards, str) else Hand.from_cards(cards)).mask
        held = decl | disc if where == declarer else part
        assert m & ~held == 0


def test_seed_reproduces_and_seeds_differ():
    kw = dict(talon="AD QD", samples=25)
    a = pa.whist_decision(SAMPLED["hand"], "7H", 1, 2, seed=3, **kw)
    b = pa.whist_decision(SAMPLED["hand"], "7H", 1, 2, seed=3, **kw)
    c = pa.whist_decision(SAMPLED["hand"], "7H", 1, 2, seed=4, **kw)
    assert a.to_dict() == b.to_dict()
    assert a.options == b.options and a.seed == 3 and not a.exact
    wa, wb, wc = (sampled_worlds(samples=25, seed=s) for s in (3, 3, 4))
    assert [str(d) for d in wa.deals] == [str(d) for d in wb.deals]
    assert [str(d) for d in wa.deals] != [str(d) for d in wc.deals]
    assert a.to_dict()["options"] != c.to_dict()["options"]


def test_sampled_worlds_respect_the_seen_cards_and_known():
    for declarer, seat, known in ((1, 2, None), (1, 3, {1: "J.-.-.-", 2: "-.8.-.-"}),
                                  (3, 1, {2: ["KS", "TC"]})):
        hand = Hand.parse("-.AJ9.KT7.QJT7")
        talon = (Card.parse("AH"), Card.parse("8D"))
        worlds = sample_worlds(hand, talon, Game.parse("6NT"), declarer, seat, samples=30,
                               seed=9, filter="none", known=known)
        assert worlds.kept == len(worlds.deals) == 30
        for deal in worlds.deals:
            check_world_cards(deal, hand, talon, declarer, seat, known)


def test_bid_filter_keeps_only_biddable_layouts():
    game = SAMPLED["game"]
    worlds = sampled_worlds(samples=15, seed=2, filter="bid")
    assert worlds.drawn >= worlds.kept == len(worlds.deals) == 15
    for deal, tricks in zip(worlds.deals, worlds.tricks):
        check_world_cards(deal, SAMPLED["hand"], SAMPLED["talon"], 1, 2)
        assert pa.solve(deal, game, declarer=1).tricks == tricks >= game.level - 1
    everything = sampled_worlds(samples=15, seed=2, filter="none")
    assert everything.drawn == everything.kept == 15
    # Some layouts of this hand do not fit a bid of seven: the filter drew more.
    assert any(t < game.level - 1 for t in everything.tricks)
    assert worlds.drawn > worlds.kept


def test_callable_filter_is_honoured():
    seen = []

    def only_heart_ace_with_partner(deal, tricks):
        seen.append((str(deal), tricks))
        return Card.parse("AH") in deal.hand(3)

    worlds = sampled_worlds(samples=12, seed=4, filter=only_heart_ace_with_partner)
    assert worlds.kept == 12 and worlds.filter == "custom"
    assert len(seen) == worlds.drawn > worlds.kept
    for deal, tricks in zip(worlds.deals, worlds.tricks):
        assert Card.parse("AH") in deal.hand(3)
        assert (str(deal), tricks) in seen
    for text, tricks in seen[:10]:
        assert pa.solve(Deal.parse(text), SAMPLED["game"], declarer=1).tricks == tricks
    decision = pa.whist_decision(SAMPLED["hand"], "7H", 1, 2, talon="AD QD", samples=12,
                                 seed=4, filter=only_heart_ace_with_partner)
    assert decision.kept == 12 and decision.filter == "custom"


def plain_cards(twelve: Hand, trump):
    return [c for c in twelve if c.suit != trump and c.rank < 6]


def test_low_discard_never_throws_honours_or_trumps_needlessly():
    rng = random.Random(21)
    for _ in range(300):
        trump = rng.choice((0, 1, 2, 3, None))
        twelve = Hand(mask(rng.sample(range(32), 12)))
        pair = low_discard(twelve, trump)
        assert len(set(pair)) == 2 and all(c in twelve for c in pair)
        plain = plain_cards(twelve, trump)
        if len(plain) >= 2:
            assert all(c in plain for c in pair)
            # shortest suits first, lowest first
            key = {c: (len(twelve.suit(c.suit)), c.rank) for c in plain}
            assert sorted(key[c] for c in pair) == sorted(key.values())[:2]
        elif len(plain) == 1:
            assert plain[0] in pair
    # A hand with only honours and trumps outside: still two of its own cards.
    twelve = Hand.parse("AKQJT987.AK.A.K")
    pair = low_discard(twelve, 0)
    assert all(c.suit != 0 for c in pair)


def test_low_model_in_sampled_worlds():
    worlds = sampled_worlds(samples=20, seed=6, discard="low", filter="none")
    assert worlds.discard_model == "low"
    for deal, tricks in zip(worlds.deals, worlds.tricks):
        twelve = Hand(deal.hand(1).mask | deal.discard.mask)
        plain = plain_cards(twelve, SAMPLED["game"].trump)
        discarded = list(deal.discard)
        if len(plain) >= 2:
            assert all(c in plain for c in discarded)
        assert pa.solve(deal, SAMPLED["game"], declarer=1).tricks == tricks


def test_dd_model_discard_is_optimal():
    game = Game.parse("8S")
    hand = Hand.parse("KT.AKJ8.QJ.98")
    talon = (Card.parse("AS"), Card.parse("9D"))
    worlds = sample_worlds(hand, talon, game, 3, 1, samples=20, seed=13, filter="none")
    assert worlds.discard_model == "dd" and worlds.kept == 20
    for deal, tricks in zip(worlds.deals, worlds.tricks):
        check_world_cards(deal, hand, talon, 3, 1)
        hands = {s: deal.hand(s).mask for s in (1, 2, 3)}
        twelve = hands[3] | deal.discard.mask
        assert brute_discard(hands, twelve, game, 3) == tricks
        assert pa.solve(deal, game, declarer=3).tricks == tricks


# -- the bid filter's short cuts ----------------------------------------------------------

def plain_bid(game: Game, rule: str = "dd"):
    """The double-dummy bidding filter written plainly, on the count of his best discard (the
    "dd" model tries every discard): a contract at least the level less one; misère clean
    (the "dd" of misère), or at most one trick ("at-most-one")."""
    if game.kind == "misere":
        return lambda deal, tricks: tricks <= (1 if rule == "at-most-one" else 0)
    return lambda deal, tricks: tricks >= game.level - 1


BID_CASES = [
    ("KQ.QT87.T7.K8", "AC AD", "8C", 1, 2, 20),   # keeps about one layout drawn in twelve
    ("KQT9.T98.87.J", "KH AS", "8C", 1, 2, 20),
    ("KT7.K.KT97.T9", "JH QS", "8C", 1, 2, 20),
    ("AK.KQ7.J98.98", "AD QD", "7H", 1, 2, 20),
    ("QT8.J97.K8.AT", "7D 8H", "6NT", 3, 1, 5),
    ("KJ8.AQ9.T8.AK", "7H 9D", "misere", 1, 2, 4),
    ("KJ8.AQ9.T8.AK", "7H 9D", "misere at-most-one", 1, 2, 4),
]


@pytest.mark.parametrize("hand, talon, game, declarer, seat, samples", BID_CASES)
def test_bid_filter_keeps_the_layouts_of_the_plain_search(hand, talon, game, declarer, seat,
                                                          samples):
    """The "dd" filter (bound searches on a few discards, the best discard chosen later
    for the layouts kept) draws and keeps the same layouts, with the same discards and
    counts, as the plain one: every drawn layout's best discard counted over every distinct
    discard, then the bid checked on that count."""
    game, _, rule = game.partition(" ")
    game = Game.parse(game)
    rule = rule or "dd"
    cards = (Hand.parse(hand), [Card.parse(c) for c in talon.split()], game, declarer, seat)
    fast = sample_worlds(*cards, samples=samples, seed=7, filter=rule)
    plain = sample_worlds(*cards, samples=samples, seed=7, filter=plain_bid(game, rule))
    named = "clean" if game.kind == "misere" and rule == "dd" else rule
    assert fast.filter == named and plain.filter == "custom"
    assert [(str(d), d.discard) for d in fast.deals] == [(str(d), d.discard) for d in plain.deals]
    assert fast.tricks == plain.tricks and fast.drawn == plain.drawn
    assert fast.kept == samples < fast.drawn      # some layouts were dropped


def test_bid_filter_in_small_batches_keeps_the_same_layouts(monkeypatch):
    """The best discards chosen a few layouts at a time (as past `FLUSH` layouts kept) give
    the same run as the plain filter."""
    from pyanalysis.analysis import sampling

    monkeypatch.setattr(sampling, "FLUSH", 3)
    game = Game.parse("8C")
    cards = (Hand.parse("KQT9.T98.87.J"), [Card.parse("KH"), Card.parse("AS")], game, 1, 2)
    fast = sample_worlds(*cards, samples=16, seed=3, filter="dd")
    plain = sample_worlds(*cards, samples=16, seed=3, filter=plain_bid(game))
    assert [(str(d), d.discard) for d in fast.deals] == [(str(d), d.discard) for d in plain.deals]
    assert fast.tricks == plain.tricks and fast.drawn == plain.drawn > fast.kept == 16


def best_discard_count(hands: list[int], twelve: int, leader: int, trump, focus: int,
                       pairs) -> int:
    return max(solver.tricks(solver.Position(
        hands=tuple(twelve & ~(1 << a) & ~(1 << b) if s == focus else h
                    for s, h in enumerate(hands)), leader=leader, trump=trump, focus=focus))
        for a, b in pairs)


def test_top_discards_reach_the_best_count_of_every_discard():
    """A contract declarer's best discard over the few of `top_discards` counts as many
    tricks as his best over every pair of his cards (endings: he holds n + 2 cards)."""
    rng = random.Random(17)
    for _ in range(300):
        n = rng.choice((3, 4, 5, 6))
        order = rng.sample(range(32), 3 * n + 2)
        focus, leader = rng.randrange(3), rng.randrange(3)
        trump = rng.choice((None, 0, 1, 2, 3))
        hands = [mask(order[k * n:(k + 1) * n]) for k in range(3)]
        twelve = hands[focus] | mask(order[3 * n:])
        tops = top_discards(twelve)
        held = cards_of(twelve)
        assert len(tops) <= 10 and all(a in held and b in held and a < b for a, b in tops)
        assert (best_discard_count(hands, twelve, leader, trump, focus, tops)
                == best_discard_count(hands, twelve, leader, trump, focus,
                                      combinations(held, 2)))


@pytest.mark.slow
def test_a_higher_card_never_costs_the_declarer_a_trick_but_may_in_misere():
    """What `top_discards` rests on, by the plain minimax on small endings: the declarer of a
    contract holding a higher card of a suit instead of a lower one (out of play) takes no
    fewer tricks. In misère a lower card can cost him (so there every discard is tried)."""
    rng = random.Random(29)
    tried = 0
    while tried < 400:
        n = rng.choice((2, 3))
        order = rng.sample(range(32), 3 * n + 1)
        focus, leader = rng.randrange(3), rng.randrange(3)
        hands = [mask(order[k * n:(k + 1) * n]) for k in range(3)]
        spare = order[-1]
        lower = [c for c in cards_of(hands[focus]) if c // 8 == spare // 8 and c < spare]
        if not lower:
            continue
        up = list(hands)
        up[focus] = hands[focus] & ~(1 << rng.choice(lower)) | 1 << spare
        trump = rng.choice((None, 0, 1, 2, 3))
        before, after = (reference.tricks(solver.Position(hands=tuple(h), leader=leader,
                                                          trump=trump, focus=focus))
                         for h in (hands, up))
        assert after >= before, (hands, up, leader, trump, focus)
        tried += 1
    # Misère: the spade nine instead of the ace costs him a trick (the second hand leads).
    others = (Hand.parse("KJ.-.-.7").mask, Hand.parse("-.8.K.A").mask)
    counts = [reference.tricks(solver.Position(hands=(Hand.parse(h).mask, *others), leader=1,
                                               game="misere", focus=0))
              for h in ("A.-.Q.Q", "9.-.Q.Q")]
    assert counts[1] > counts[0]


def test_standard_errors_match_the_spread_of_repeated_runs():
    runs = [pa.whist_decision(SAMPLED["hand"], "7H", 1, 2, talon="AD QD", samples=60, seed=s,
                              models=False)
            for s in range(20)]
    for word in runs[0].options:
        means = [float(r.options[word].vists) for r in runs]
        ses = [r.options[word].vists_se for r in runs]
        assert all(se is not None and se >= 0 for se in ses)
        sd = statistics.stdev(means)
        mean_se = statistics.mean(ses)
        assert mean_se > 0
        assert 0.5 * mean_se <= sd <= 2 * mean_se, (word, sd, mean_se)
    # The paired errors are those of the per-layout differences: never larger than the sum.
    for r in runs:
        for word, (diff, se) in r.paired.items():
            if word == r.best:
                assert diff == 0 and se == 0
            else:
                assert se <= r.options[word].vists_se + r.options[r.best].vists_se + 1e-9


def test_standard_error_is_the_plain_formula():
    """One run recomputed: option values per layout from the worlds, SE = s/√n."""
    rules = RuleSet.preset("sochi")
    got = pa.whist_decision(SAMPLED["hand"], "7H", 1, 2, talon="AD QD", samples=20, seed=8,
                            filter="none", partner="open", answers="open")
    worlds = sampled_worlds(samples=20, seed=8, filter="none")
    tree = expected_tree(rules, SAMPLED["game"], 1, 3)
    per = {w: [] for w in tree[1]}
    for deal in worlds.deals:
        table = pa.whist_table(deal, SAMPLED["game"], 1, rules=rules)
        values = {key_of(row): row.values for row in table.rows}
        for word, sub in tree[1].items():
            leaf, _ = my_induction(sub, lambda said: values[said])
            per[word].append(values[leaf][2])
    for word, vals in per.items():
        mean = sum(vals, Fraction(0)) / 20
        assert got.options[word].vists == mean
        se = math.sqrt(float(sum((v - mean) ** 2 for v in vals) / 19) / 20)
        assert got.options[word].vists_se == pytest.approx(se)


# -- 4. bad input --------------------------------------------------------------------------

HAND = "AK.KQ7.J98.98"


@pytest.mark.parametrize("args, kwargs, pattern", [
    ((HAND, "7H", 1, 1), dict(talon="AD QD"), r"not a defender"),
    ((HAND, "7H", 1, 3), dict(talon="AD QD"), r"partner"),
    ((HAND, "misere", 1, 2), dict(talon="AD QD"), r"misere"),
    ((HAND, "raspasy", 1, 2), dict(talon="AD QD"), r"raspasy"),
    ((HAND, "7H", 1, 2), dict(talon="AD"), r"talon.*got 1"),
    ((HAND, "7H", 1, 2), dict(talon="AD AD"), r"talon"),
    ((HAND, "7H", 1, 2), dict(talon="AD AS"), r"talon card is also in the defender's hand"),
    (("AK.KQ7.J98.9", "7H", 1, 2), dict(talon="AD QD"), r"ten cards, got 9"),
    ((HAND, "7H", 1, 3), dict(talon="AD QD", partner="bogus"), r"^partner='bogus': unknown"),
    ((HAND, "7H", 1, 2), dict(talon="AD QD", partner="bogus"), r"^partner='bogus': unknown"),
    ((HAND, "7H", 1, 3), dict(talon="AD QD", partner="return"), r"return"),
    ((HAND, "7H", 1, 2), dict(talon="AD QD", samples=0), r"samples 0"),
    ((HAND, "7H", 1, 2), dict(talon="AD QD", samples="some"), r"some"),
    ((HAND, "7H", 1, 2), dict(talon="AD QD", samples=-3), r"-3"),
    ((HAND, "7H", 1, 2), dict(talon="AD QD", known={1: ["AS"]}), r"known card"),
    ((HAND, "7H", 1, 2), dict(talon="AD QD", known={3: ["QD"]}), r"known card"),
    ((HAND, "7H", 1, 2), dict(talon="AD QD", known={2: "JS"}), r"known cards for seat 2"),
    ((HAND, "7H", 1, 2), dict(talon="AD QD", filter="maybe"), r"maybe"),
    ((HAND, "7H", 1, 2), dict(talon="AD QD", discard="high"), r"high"),
    ((HAND, "10H", 1, 2), dict(talon="AD QD"), r"checked"),
    ((HAND, "6S", 1, 2), dict(talon="AD QD", rules=RuleSet.preset("sochi",
                                                                 six_spades_whist=True)),
     r"both must whist"),
])
def test_bad_input_is_a_clear_value_error(args, kwargs, pattern):
    kwargs = dict(kwargs)
    with pytest.raises(ValueError, match=pattern) as info:
        pa.whist_decision(*args, samples=kwargs.pop("samples", 5), **kwargs)
    message = str(info.value)
    assert "\n" not in message and len(message) > 15


def test_a_partner_word_that_cannot_be_said_is_refused_before_any_sampling(monkeypatch):
    import pyanalysis.analysis.sampling as sampling

    def no_sampling(*args, **kwargs):
        raise AssertionError("sampled before checking the partner's word")

    monkeypatch.setattr(sampling, "sample_worlds", no_sampling)
    # After the first defender whists the second may whist or pass, never go half.
    with pytest.raises(PositionError, match="cannot say 'half'"):
        pa.whist_decision("AK.KQ7.J98.98", "7H", 1, 2, talon="AD QD", partner="half",
                          samples=10)


def test_a_given_whist_after_a_half_whist_is_its_return():
    rules = RuleSet.preset("sochi", half_whist_by="either")
    decision = pa.whist_decision("AK.KQ7.J98.98", "7H", 1, 2, talon="AD QD", rules=rules,
                                 partner="whist", samples=20, seed=3)
    assert decision.options["half"].counts == {"half/return": 20}
    assert decision.options["whist"].counts == {"whist/whist": 20}
