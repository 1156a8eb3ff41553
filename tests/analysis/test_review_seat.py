"""The seat view of the review against a brute force written plainly here.

For every card of random played endings (3 and 4 cards a hand; contracts, misère, raspasy;
open and closed whist), the test works out what the player saw from the rules directly: whose
hands lie open, the voids shown by every earlier card that did not follow suit (and, in a
trump contract, did not trump), the talon card not yet turned. It then deals the cards he
could not see in every possible way, keeps the layouts that break no void, solves each legal
card in each of them with the plain minimax `solver.reference`, and compares the means and
the seat cost with `review(..., view="seat", samples="all")`.
"""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pytest

import pyanalysis as pa
import solver
from pyanalysis.record import RecordError
from cli_support import random_deal

GAMES = ["7S", "6NT", "8H", "misere", "raspasy"]


def random_record(rng: random.Random, size: int, games: list[str] = GAMES) -> pa.Record:
    """A random deal (hands of `size`; a full deal has its talon) played out with random
    legal cards."""
    game = pa.Game.parse(rng.choice(games))
    raspasy = game.kind == "raspasy"
    rule = rng.choice(["suit", "none"]) if raspasy else None
    deal = random_deal(rng, size, talon=rule == "suit" or size == 10)
    declarer = None if raspasy else rng.randint(1, 3)
    leader = 1 if rule == "suit" else rng.randint(1, 3)
    talon = tuple(c.index for c in deal.talon) if rule == "suit" else ()
    pos = solver.Position(hands=tuple(h.mask for h in deal.hands), leader=leader - 1,
                          game=game.kind, trump=game.trump, focus=0, talon=talon,
                          talon_rule=rule or "none")
    plays = []
    while not pos.is_terminal:
        card = rng.choice(pos.legal_moves())
        plays.append(pa.Card.from_index(card))
        pos = pos.play(card)
    whisting = None
    if game.kind == "contract":
        whisting = rng.choice(["open", "closed"])
    return pa.Record(deal=deal, game=game, declarer=declarer, leader=leader,
                     talon_rule=rule, plays=tuple(plays), whisting=whisting)


def plain_seat_values(record: pa.Record, number: int, player: int | None = None
                      ) -> tuple[dict[int, Fraction], int, bool]:
    """{legal card: mean focus tricks (whole deal)} for card `number` over every layout the
    player could not tell from the real one; the layouts; whether the mover maximises."""
    per_card, maximiser = plain_layout_values(record, number, player)
    n = len(next(iter(per_card.values())))
    return {c: Fraction(sum(v), n) for c, v in per_card.items()}, n, maximiser


def plain_layout_values(record: pa.Record, number: int, player: int | None = None
                        ) -> tuple[dict[int, list[int]], bool]:
    """{legal card: the focus player's whole-deal tricks in each layout} for card `number`
    (see `plain_seat_values`; `player`: the raspasy player whose tricks count, else each
    card's own player), and whether the mover maximises."""
    game, deal = record.game, record.deal
    rule = record.talon_rule or "none"
    talon = tuple(c.index for c in deal.talon) if rule != "none" else ()
    pos = solver.Position(hands=tuple(h.mask for h in deal.hands), leader=record.leader - 1,
                          game=game.kind, trump=game.trump, focus=0, talon=talon,
                          talon_rule=rule)
    void = {0: set(), 1: set(), 2: set()}
    taken = {0: 0, 1: 0, 2: 0}
    tricks_done = 0
    for card in record.plays[:number]:
        seat, lead, suit = pos.to_move, pos.lead_suit, card.index // 8
        if lead is not None and suit != lead:
            void[seat].add(lead)
            if game.trump is not None and suit != game.trump:
                void[seat].add(game.trump)
        pos, taker, done = pos.advance(card.index)
        tricks_done += done
        if taker is not None:
            taken[taker] += 1
    mover = pos.to_move
    declarer = None if record.declarer is None else record.declarer - 1
    focus = declarer if declarer is not None else mover if player is None else player - 1
    # Who sees whom.
    seen = {mover}
    opened = (game.kind == "misere" or record.whisting_rule == "open") and not (
        number == 0 and record.leader - 1 == declarer)
    if declarer is not None and opened:
        seen = {0, 1, 2} if mover == declarer else {0, 1, 2} - {declarer}
    hidden_seats = [s for s in range(3) if s not in seen]
    unseen = [c for s in hidden_seats for c in range(32) if pos.hands[s] >> c & 1]
    # Cards out of the hands he cannot place: the talon card not yet turned (raspasy), the
    # talon kept hidden (raspasy, rule none), the declarer's discard (a defender's view).
    out = [c for c in range(32) if not any(h.mask >> c & 1 for h in deal.hands)]
    hidden_talon = list(pos.talon[1:]) if pos.talon and tricks_done == 0 else []
    hidden = hidden_talon
    if deal.is_full and game.kind != "raspasy" and mover != declarer:
        hidden = out
    if deal.is_full and game.kind == "raspasy" and rule == "none":
        hidden = out
    shown_talon = [c.index for c in deal.talon] if game.kind != "raspasy" else []
    unseen += hidden
    sizes = [bin(pos.hands[s]).count("1") for s in hidden_seats]
    layouts = []

    def deal_out(cards: list[int], k: int, hands: list[int]) -> None:
        if k == len(hidden_seats):
            if len(cards) == len(hidden):
                layouts.append((hands, cards))
            return
        seat = hidden_seats[k]
        for pick in combinations(cards, sizes[k]):
            if any(c // 8 in void[seat] for c in pick):
                continue
            if seat != declarer and any(c in shown_talon for c in pick):
                continue  # the talon, shown to all, went to the declarer
            deal_out([c for c in cards if c not in pick], k + 1,
                     hands + [sum(1 << c for c in pick)])

    deal_out(sorted(unseen), 0, [])
    per_card: dict[int, list[int]] = {}
    for hands, rest in layouts:
        full = list(pos.hands)
        for seat, mask in zip(hidden_seats, hands):
            full[seat] = mask
        t = (pos.talon[0], rest[0]) if hidden_talon else pos.talon
        layout = solver.Position(hands=tuple(full), leader=pos.leader, played=pos.played,
                                 game=pos.game, trump=pos.trump, focus=focus, talon=t,
                                 talon_rule=pos.talon_rule)
        for card, value in solver.reference.moves(layout).items():
            per_card.setdefault(card, []).append(taken[focus] + value)
    maximiser = (mover == focus) if game.kind == "contract" else (mover != focus)
    return per_card, maximiser


@pytest.mark.slow
def test_seat_values_equal_the_brute_force_on_endings():
    rng = random.Random(27)
    unlucky = compared = 0
    for _ in range(60):
        record = random_record(rng, rng.choice([3, 4]))
        player = rng.choice([None, 1, 2, 3]) if record.game.kind == "raspasy" else None
        review = pa.review(record, view="seat", samples="all", player=player)
        for number, card in enumerate(review.cards):
            if len(card.values) == 1:
                assert card.seat_cost == 0 and card.seat_layouts == 0
                continue
            values, layouts, maximiser = plain_seat_values(record, number, player)
            assert card.seat_exact and card.seat_layouts == layouts == card.seat_total
            assert {c.index: v for c, v in card.seat_values.items()} == values
            best = (max if maximiser else min)(values.values())
            played = values[card.card.index]
            assert card.seat_cost == (best - played if maximiser else played - best)
            assert sorted(c.index for c in card.seat_best) == sorted(
                c for c, v in values.items() if v == best)
            compared += 1
            if card.cost and card.seat_cost == 0:
                unlucky += 1
                assert card.seat_verdict == "unlucky"
    assert compared > 300
    # A card the double-dummy review charges that was best from the player's seat.
    assert unlucky > 0


@pytest.mark.slow
def test_seat_values_equal_the_brute_force_late_in_full_deals():
    """The last three tricks of random full deals: the declarer's discard (two cards of his
    twelve, the talon's among them or not) is hidden from the defenders."""
    rng = random.Random(8)
    compared = with_discard = 0
    for _ in range(12):
        record = random_record(rng, 10, ["7S", "6NT", "misere", "raspasy"])
        review = pa.review(record, view="seat", samples=3000)
        for number, card in enumerate(review.cards[21:], start=21):
            if len(card.values) == 1:
                continue
            assert card.seat_exact
            values, layouts, maximiser = plain_seat_values(record, number)
            assert card.seat_layouts == layouts
            assert {c.index: v for c, v in card.seat_values.items()} == values
            compared += 1
            with_discard += record.declarer not in (None, card.seat)
    assert compared > 40 and with_discard > 10


def unlucky_record() -> pa.Record:
    """A random ending (fixed seed) whose first flagged double-dummy card was best from the
    seat."""
    rng = random.Random(5)
    for _ in range(400):
        record = random_record(rng, 3)
        review = pa.review(record, view="seat", samples="all")
        for card in review.cards:
            if card.cost and card.seat_cost == 0:
                return record
    raise AssertionError("no unlucky card in 400 endings")


def test_an_unlucky_card_is_called_so():
    record = unlucky_record()
    review = pa.review(record, view="seat", samples="all")
    card = next(c for c in review.cards if c.cost and c.seat_cost == 0)
    assert card.card in card.seat_best and card.card not in card.best
    assert card.seat_verdict == "unlucky" and card.seat_flag == ""
    assert card.to_dict()["seat_verdict"] == "unlucky"


def test_open_whist_declarer_sees_everything():
    record = pa.Record.parse(open("data/examples/game.txt").read())
    review = pa.review(record, view="seat", whisting="open")
    for card in review.cards:
        if card.seat == 2 and card.number > 1 and card.seat_layouts:
            assert card.seat_layouts == 1 and card.seat_cost == card.cost


def test_open_whist_defender_knows_all_but_the_discard():
    record = pa.Record.parse(open("data/examples/game.txt").read())
    review = pa.review(record, view="seat", whisting="open")
    first = review.cards[0]  # the 1st hand leads: the defence opens before it
    assert first.seat_total == 66 and first.seat_exact  # two of the declarer's twelve


def test_sampled_layouts_repeat_with_the_seed_and_serve_every_card():
    record = pa.Record.parse(open("data/examples/game.txt").read())
    a = pa.review(record, view="seat", whisting="closed", samples=50, seed=3)
    b = pa.review(record, view="seat", whisting="closed", samples=50, seed=3)
    assert [c.seat_values for c in a.cards] == [c.seat_values for c in b.cards]
    first = a.cards[0]
    assert first.seat_layouts == 50 and not first.seat_exact and first.seat_cost_se is not None
    assert first.seat_total > 10**6


def test_vists_from_the_seat_with_rules():
    record = pa.Record.parse(open("data/examples/game.txt").read())
    review = pa.review(record, view="seat", whisting="open", rules="sochi")
    first = review.cards[0]
    assert set(first.seat_vists) == set(first.seat_values)
    # Two whisters: each defender's own tricks count, taken along each layout's line.
    two = pa.Record.parse(open("data/examples/game.txt").read().replace(
        "whist: whist pass", "whist: whist whist"))
    review2 = pa.review(two, view="seat", rules="sochi", samples=20)
    assert review2.whisting == "closed"
    assert all(set(c.seat_vists) == set(c.seat_values) for c in review2.cards)


def test_the_record_states_the_whisting():
    text = open("data/examples/game.txt").read()
    record = pa.Record.parse(text)
    assert record.whisting is None and record.whisting_rule == "open"  # one whister
    closed = pa.Record.parse(text + "whisting: closed\n")
    assert closed.whisting_rule == "closed" and pa.Record.parse(str(closed)) == closed
    assert pa.Record.from_dict(closed.to_dict()) == closed
    two = text.replace("whist: whist pass", "whist: whist whist")
    assert pa.Record.parse(two).whisting_rule == "closed"
    with pytest.raises(RecordError, match="two whisters always play closed"):
        pa.Record.parse(two + "whisting: open\n")
    with pytest.raises(RecordError, match="'sideways' is not understood"):
        pa.Record.parse(text + "whisting: sideways\n")
    with pytest.raises(RecordError, match="two whisters always play closed"):
        pa.review(pa.Record.parse(two), view="seat", whisting="open")
    with pytest.raises(RecordError, match="misère is played open, not closed"):
        pa.review(pa.Record.parse(open("data/examples/misere_game.txt").read()),
                  view="seat", whisting="closed")
    assert pa.Record.parse(text + "whisting: втёмную\n").whisting == "closed"


@pytest.mark.parametrize("kwargs, message", [
    (dict(view="bird"), "view 'bird'"),
    (dict(view="seat", samples=0), "samples 0"),
    (dict(view="seat", flags=(0.5, 0.1)), "flags"),
    (dict(view="seat", seed=-1), "seed -1"),
    (dict(view="seat", whisting="dim"), "whisting: 'dim' is not understood"),
    (dict(whisting="open"), "view='seat'"),
    (dict(fixed=True), "view='seat'"),
    (dict(samples=50), "samples: the layouts weighed per card, for view='seat'"),
    (dict(view="seat", fixed="yes"), "fixed 'yes'"),
])
def test_bad_arguments_are_named(kwargs, message):
    record = pa.Record.parse(open("data/examples/game.txt").read())
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        pa.review(record, **kwargs)


def test_tricks_along_a_line_are_counted_as_the_rules_say():
    """`_takers` (the seat view's count of each seat's tricks along a line) against a replay
    with the rules' own `Position.advance`, from positions before a card, mid-trick ones and
    raspasy talon tricks included."""
    from pyanalysis.analysis.review_seat import _takers

    rng = random.Random(11)
    for _ in range(300):
        record = random_record(rng, rng.choice([2, 3, 4, 10]))
        deal, game = record.deal, record.game
        rule = record.talon_rule or "none"
        talon = tuple(c.index for c in deal.talon) if rule != "none" else ()
        pos = solver.Position(hands=tuple(h.mask for h in deal.hands),
                              leader=record.leader - 1, game=game.kind, trump=game.trump,
                              focus=0, talon=talon, talon_rule=rule)
        cut = rng.randrange(len(record.plays))
        for card in record.plays[:cut]:
            pos = pos.play(card.index)
        rest = [c.index for c in record.plays[cut:]]
        plain = {1: 0, 2: 0, 3: 0}
        walk = pos
        for card in rest:
            walk, taker, _ = walk.advance(card)
            if taker is not None:
                plain[taker + 1] += 1
        assert _takers(pos, rest) == plain


@pytest.mark.slow
def test_vists_from_the_seat_equal_a_plain_mean_late_in_full_deals():
    """One whister: the declarer's tricks set every price. Each legal card's mean vists over
    the layouts (enumerated plainly) against `score_deal` of the plain mean's layouts, in the
    vists of the player who chose the card: in open whist the whister chooses the passer's
    cards too (RULES.md §3)."""
    from pyanalysis.scoring import score_deal

    rng = random.Random(21)
    compared = 0
    for _ in range(6):
        record = random_record(rng, 10, ["7S", "6NT"])
        record = pa.Record(deal=record.deal, game=record.game, declarer=record.declarer,
                           leader=record.leader, whist=("whist", "pass"), plays=record.plays,
                           whisting=rng.choice(["open", "closed"]))
        review = pa.review(record, view="seat", samples=400, rules="sochi")
        words = review.whist
        whister = next(s for s, w in words.items() if w == "whist")
        for number, card in enumerate(review.cards[24:], start=24):
            chooser = whister if record.whisting == "open" and card.seat in words else card.seat
            assert card.chooser == chooser
            if len(card.values) == 1 or not card.seat_exact:
                continue
            per_layout, _ = plain_layout_values(record, number)
            for c, total in card.seat_vists.items():
                mean = sum(score_deal(record.game, rules="sochi", declarer=record.declarer,
                                      tricks={record.declarer: tricks}, whist=words
                                      ).values[chooser]
                           for tricks in per_layout[c.index]) / len(per_layout[c.index])
                assert total == mean
            compared += 1
    assert compared > 5


@pytest.mark.slow
def test_sampled_seat_costs_agree_with_every_layout_counted():
    """Cards with a few hundred to a few thousand layouts: 60 drawn give a seat cost within
    four standard errors of the exact one (every layout counted)."""
    rng = random.Random(4)
    checked = 0
    for _ in range(4):
        record = random_record(rng, 10, ["7S", "6NT"])
        record = replace(record, whist=("whist", "whist"), whisting="closed")
        exact = pa.review(record, view="seat", samples=5000)
        for seed in range(3):
            sampled = pa.review(record, view="seat", samples=60, seed=seed)
            for a, b in zip(exact.cards, sampled.cards):
                if not a.seat_exact or a.seat_total <= 60 or not b.seat_cost_se:
                    continue
                assert abs(float(a.seat_cost - b.seat_cost)) <= 4 * b.seat_cost_se
                checked += 1
    assert checked >= 10


def test_a_checked_tenner_is_played_with_every_card_open():
    rng = random.Random(3)
    record = replace(random_record(rng, 10, ["10H"]), whisting=None)
    checked = pa.review(record, view="seat", rules="sochi")
    assert checked.whisting == "checked"
    for card in checked.cards:
        if card.seat_layouts:
            assert card.seat_layouts == 1 and card.seat_cost == card.cost
    whisted = pa.review(record, view="seat", rules=pa.RuleSet.get("sochi").with_strings(
        ["tenner_checked=false"]))
    assert whisted.whisting == "closed"
    unpriced = pa.review(record, view="seat", samples=20)
    assert unpriced.whisting == "closed"


# An ending: 8♥ by the 3rd hand; the 2nd hand whists open alone and plays the 1st hand's cards.
OPEN_ENDING = """\
deal: 7.8.J.J J.-.9.A7 -.K.-.KT9
game: 8H
declarer: 3
leader: 1
whist: pass whist
whisting: open
play: JH AH 9H / 9D TH JD / KC 8C 7H / JS KH 7S
"""


def test_the_whister_decides_for_the_passer_from_his_own_seat():
    """Alone the 1st hand would lead his ♥J (the best lead over the 70 layouts he could not
    tell apart); the 2nd hand, who plays it in open whist, sees both defenders' hands, and on
    an ending that is every card: from his seat the lead is the double-dummy one, and ♥J is
    his mistake."""
    record = pa.Record.parse(OPEN_ENDING)
    whister = pa.review(record, view="seat", samples="all")
    lead = whister.cards[0]
    assert (lead.seat, lead.chooser, str(lead.card)) == (1, 2, "JH")
    assert lead.seat_layouts == 1 and lead.seat_exact
    assert lead.seat_values == {c: v for c, v in lead.values.items()}  # every card seen
    assert lead.seat_best == lead.best and lead.card not in lead.seat_best
    assert lead.seat_verdict == "mistake"
    alone = pa.review(replace(record, whisting="closed"), view="seat", samples="all")
    lead_alone = alone.cards[0]
    assert (lead_alone.seat, lead_alone.chooser) == (1, 1)
    assert lead_alone.seat_layouts == 70  # the 8 cards he cannot see, 4 and 4
    assert lead_alone.seat_best == [lead.card] and lead_alone.seat_verdict == "unlucky"
    # Against the plain brute force: the passer's own view is the closed one.
    plain, n, _ = plain_seat_values(replace(record, whisting="closed"), 0)
    assert n == 70 and {pa.Card.from_index(c): v for c, v in plain.items()} \
        == lead_alone.seat_values


def test_the_view_given_to_the_passers_card_holds_both_defenders_hands(monkeypatch):
    """game.txt, open whist: every card from the 1st hand is weighed for the 3rd hand, who
    sees his own hand and the 1st hand's: only the declarer's hand (and his discard) are
    dealt in the layouts."""
    from pyanalysis.analysis import review_seat

    asked = []
    real = review_seat.seat_question

    def spy(record, play, number, whisting, focus, chooser=None):
        question = real(record, play, number, whisting, focus, chooser=chooser)
        asked.append((play.turn, chooser, [s for s, _, _ in question.unknown],
                      question.position.hands))
        return question

    monkeypatch.setattr(review_seat, "seat_question", spy)
    record = pa.Record.parse(open("data/examples/game.txt").read())
    pa.review(record, view="seat", samples=5)
    passer = [a for a in asked if a[0] == 1]
    assert passer and all(chooser == 3 and unknown == [2] for _, chooser, unknown, _ in passer)
    with pytest.raises(ValueError, match="chooser 2: only a whister chooses"):
        play = pa.Play(record.deal, record.game, 1, "none")
        real(record, play, 0, "open", 2, chooser=2)


def test_a_card_stops_weighing_once_its_verdict_is_settled():
    """Closed whist: the early cards have millions of layouts. Each card's draw stops at a
    look (100, 150 or 200 layouts); where it stopped early its flag and best card are those of
    the fixed 200, and its values are the fixed run's over the same first layouts; a card run
    to its cap is the fixed run's exactly."""
    record = pa.Record.parse(open("data/examples/game.txt").read())
    settled = pa.review(record, view="seat", whisting="closed")
    fixed = pa.review(record, view="seat", whisting="closed", fixed=True)
    assert settled.fixed is False and fixed.fixed is True
    early = 0
    for a, b in zip(settled.cards, fixed.cards):
        if a.seat_exact or a.seat_layouts == 0:
            assert a.seat_stopped is None and a == b
            continue
        assert b.seat_stopped == "fixed" and b.seat_layouts == 200
        assert a.seat_layouts in (100, 150, 200)
        if a.seat_stopped == "cap":
            assert a.seat_layouts == 200
            assert replace(a, seat_stopped="fixed") == b
            continue
        assert a.seat_stopped in ("settled", "practical") and a.seat_layouts < 200
        early += 1
        assert a.seat_flag == b.seat_flag
        assert set(a.seat_best) & set(b.seat_best)
        # The first layouts of the draw: the same as a fixed run asked for that many.
        prefix = pa.review(record, view="seat", whisting="closed", fixed=True,
                           samples=a.seat_layouts).cards[a.number - 1]
        assert (prefix.seat_values, prefix.seat_cost) == (a.seat_values, a.seat_cost)
    assert early >= 3
    assert any(c.seat_stopped == "cap" for c in settled.cards)


def _flag(cost: float, flags: tuple[float, float]) -> str:
    return "??" if cost > flags[1] else "?" if cost > flags[0] else ""


def test_settled_at_tells_the_flag_and_the_best_apart():
    from pyanalysis.analysis.review_seat import settled_at

    cards = [pa.Card.parse(c) for c in ("AS", "KS", "7H")]
    flags = (0.1, 0.6)
    # AS is a trick above KS and two above the played 7H on every layout: settled, flag ??.
    assert settled_at([[6, 5, 4]] * 100, cards, cards[2], 1, 3.0, flags) == "settled"
    # AS and KS alike, a trick above 7H: the best two within the margin of each other.
    assert settled_at([[5, 5, 4]] * 100, cards, cards[2], 1, 3.0, flags) == "practical"
    # Equal on every layout but AS and KS: practical (the rest within the margin).
    assert settled_at([[5, 5, 5]] * 100, cards, cards[0], 1, 3.0, flags) == "practical"
    # The played card loses a trick on 1 layout in 10: its cost 0.1 sits on the '?' bound.
    near = [[5, 5, 4] if i % 10 == 0 else [5, 5, 5] for i in range(100)]
    assert settled_at(near, cards, cards[2], 1, 3.0, flags) is None
    # 7H takes a trick more on 1 layout in 10: the best card for a mover who wants tricks
    # (sign 1), and one that costs 0.1 on the '?' bound for one who does not (sign -1).
    more = [[5, 5, 6] if i % 10 == 0 else [5, 5, 5] for i in range(100)]
    assert settled_at(more, cards, cards[2], 1, 3.0, flags) == "settled"
    assert settled_at(more, cards, cards[2], -1, 3.0, flags) is None


def test_the_stop_rule_names_a_wrong_flag_rarely():
    """Simulation: a played card losing a trick with chance p on each layout (true cost p),
    the best card known; looks at 100, 150 and 200 as the review makes them. A run that stops
    before its cap names the flag of its mean there; over 4,000 runs at costs next to the
    flag bounds it names a wrong one in at most 1% of them."""
    import random as random_module

    from pyanalysis.analysis.review_seat import settled_at
    from pyanalysis.analysis.settle import looks, z_bound

    cards = [pa.Card.parse(c) for c in ("AS", "7H")]
    flags = (0.1, 0.6)
    sizes = looks(200)
    z = z_bound(len(sizes) - 1, 2)
    rng = random_module.Random(11)
    wrong = runs = stopped = 0
    for p in (0.02, 0.08, 0.13, 0.3, 0.5, 0.7, 0.85):
        for _ in range(600):
            tricks = [[1, 0] if rng.random() < p else [1, 1] for _ in range(200)]
            runs += 1
            for n in sizes[:-1]:
                if settled_at(tricks[:n], cards, cards[1], 1, z, flags):
                    stopped += 1
                    cost = sum(1 - t[1] for t in tricks[:n]) / n
                    wrong += _flag(cost, flags) != _flag(p, flags)
                    break
    assert stopped > runs // 3  # the rule does stop
    assert wrong <= runs // 100


#: A played line of the README's deal that loses the contract (the 2nd hand's 8♠ at trick 3).
LOST_DEAL = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
LOST_PLAYS = ["7C", "TC", "7S", "QH", "7H", "KS", "8S", "9S", "JS", "TH", "AS", "AH"]


def test_the_progress_hook_counts_the_cards_and_stops_the_review():
    # Each card reviewed is one step; the seat view also calls the hook (with 0) while its
    # layouts are solved, and a hook that raises stops the review there.
    steps: list[int] = []
    result = pa.review(LOST_DEAL, "8S", declarer=2, plays=LOST_PLAYS, view="seat", samples=30,
                       progress=steps.append)
    assert steps.count(1) == len(LOST_PLAYS) == len(result.cards)
    assert set(steps) == {0, 1}
    assert result == pa.review(LOST_DEAL, "8S", declarer=2, plays=LOST_PLAYS, view="seat",
                               samples=30)

    class Stop(KeyboardInterrupt):
        pass

    seen: list[int] = []

    def stop_while_solving(k: int) -> None:
        seen.append(k)
        if k == 0:
            raise Stop

    with pytest.raises(Stop):
        pa.review(LOST_DEAL, "8S", declarer=2, plays=LOST_PLAYS, view="seat", samples=2000,
                  fixed=True, progress=stop_while_solving)
    assert seen[-1] == 0 and seen.count(1) < len(LOST_PLAYS)


def test_whist_words_are_refused_in_raspasy():
    # Given with a record (the command line's --whist, the page's field), not only in one.
    record = pa.Record.parse(open("data/examples/raspasy_game.txt").read())
    with pytest.raises(ValueError, match="whist: raspasy has no whisting"):
        pa.review(record, player=1, whist={2: "whist"})
    with pytest.raises(ValueError, match="raspasy is not whisted"):
        pa.review("KQT8.KT8.K.Q7 J97.QJ9.87.AJ A.A7.QJT.KT98 9D AD", "raspasy", player=1,
                  plays="KD 8D QD", whist={2: "whist"})
