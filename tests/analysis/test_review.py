"""The review of a played deal and the claim check, against plain computations in the test.

Every value the review gives for a card is recomputed here with `pa.solve` on the position
before and after that card (the hands as at the start of the trick, the cards of the trick
so far), replayed with the engine's statement of the rules (`solver.position`); claims are
checked with the plain minimax `solver.reference`.
"""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

import pyanalysis as pa
import solver
from pyanalysis.analysis.review import DECLARER, DEFENCE
from pyanalysis.record import plays_text
from cli_support import random_deal

DEAL = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"


# ----------------------------------------------------------------------------- replaying


def start(deal, game, leader, rule):
    talon = tuple(c.index for c in deal.talon) if rule != "none" else ()
    return solver.Position(hands=tuple(h.mask for h in deal.hands), leader=leader - 1,
                           game=game.kind, trump=game.trump, focus=0, talon=talon,
                           talon_rule=rule)


def replay(deal, game, leader, rule, cards):
    """The position after `cards` and the tricks each seat (1..3) took."""
    pos = start(deal, game, leader, rule)
    taken = {1: 0, 2: 0, 3: 0}
    for card in cards:
        pos, taker, _ = pos.advance(card.index)
        if taker is not None:
            taken[taker + 1] += 1
    return pos, taken


def whole(deal, game, leader, rule, cards, focus):
    """The focus player's whole-deal tricks with best play after `cards`, by `pa.solve`."""
    pos, taken = replay(deal, game, leader, rule, cards)
    if pos.is_terminal:
        return taken[focus]
    played = [pa.Card.from_index(c) for c in pos.played]
    hands = [pa.Hand(mask) for mask in pos.hands]
    for i, card in enumerate(played):
        seat = (pos.leader + i) % 3
        hands[seat] = hands[seat] | pa.Hand(card.bit)
    talon = tuple(pa.Card.from_index(c) for c in pos.talon)
    seats = {"player": focus} if game.kind == "raspasy" else {"declarer": focus}
    sol = pa.solve(pa.Deal(tuple(hands), talon), game, leader=pos.leader + 1, played=played,
                   talon_rule=rule if talon else ("none" if game.kind == "raspasy" else None),
                   **seats)
    return taken[focus] + sol.tricks


def random_cards(deal, game, leader, rule, rng, count=None):
    pos = start(deal, game, leader, rule)
    cards = []
    while not pos.is_terminal and (count is None or len(cards) < count):
        card = rng.choice(pos.legal_moves())
        cards.append(pa.Card.from_index(card))
        pos = pos.play(card)
    return cards


def setup(seed, size):
    rng = random.Random(seed)
    kind = ("8S", "6NT", "7H", "misere", "raspasy")[seed % 5]
    game = pa.Game.parse(kind)
    deal = random_deal(rng, size, talon=kind == "raspasy")
    rule = rng.choice(["suit", "card", "none"]) if kind == "raspasy" else "none"
    leader = 1 if rule != "none" else rng.choice([1, 2, 3])
    declarer = None if kind == "raspasy" else rng.choice([1, 2, 3])
    return rng, game, deal, rule, leader, declarer


def mover_maximises(game, mover, focus):
    return mover == focus if game.kind == "contract" else mover != focus


def check_cards(result, deal, game, leader, rule, cards, all_values):
    for k, judged in enumerate(result.cards):
        pos, _ = replay(deal, game, leader, rule, cards[:k])
        mover = pos.to_move + 1
        focus = result.focus if result.focus is not None else mover
        assert (judged.seat, judged.card, judged.focus) == (mover, cards[k], focus)
        before = whole(deal, game, leader, rule, cards[:k], focus)
        after = whole(deal, game, leader, rule, cards[:k + 1], focus)
        assert (judged.before, judged.after) == (before, after), k
        gain = after - before
        assert judged.cost == (-gain if mover_maximises(game, mover, focus) else gain) >= 0
        legal = [pa.Card.from_index(c) for c in pos.legal_moves()]
        assert sorted(judged.values) == sorted(legal)
        if all_values:
            values = {c: whole(deal, game, leader, rule, cards[:k] + [c], focus) for c in legal}
            assert judged.values == values
            pick = max if mover_maximises(game, mover, focus) else min
            assert sorted(judged.best) == sorted(c for c in legal
                                                 if values[c] == pick(values.values()))


# ----------------------------------------------------------------------------- the review


@pytest.mark.parametrize("seed", range(25))
def test_every_cost_is_the_difference_of_two_solves(seed):
    rng, game, deal, rule, leader, declarer = setup(seed, 4)
    cards = random_cards(deal, game, leader, rule, rng)
    player = rng.choice([None, 1, 2, 3]) if game.kind == "raspasy" else None
    result = pa.review(deal, game, declarer=declarer, player=player, leader=leader,
                       talon_rule=rule if game.kind == "raspasy" else None, plays=cards)
    assert len(result.cards) == 3 * 4
    check_cards(result, deal, game, leader, rule, cards, all_values=True)
    if game.kind == "raspasy":
        for k, judged in enumerate(result.cards):
            assert judged.minimums == {s: whole(deal, game, leader, rule, cards[:k], s)
                                       for s in (1, 2, 3)}


@pytest.mark.parametrize("seed", [0, 1])
def test_full_deal_costs_are_differences_of_solves(seed):
    rng = random.Random(100 + seed)
    deal = pa.Deal.parse(DEAL)
    game = pa.Game.parse(("8S", "misere")[seed])
    cards = random_cards(deal, game, 1, "none", rng)
    result = pa.review(deal, game, declarer=2, plays=cards)
    check_cards(result, deal, game, 1, "none", cards, all_values=False)
    assert result.dd_start == pa.solve(deal, game, declarer=2).tricks


@pytest.mark.parametrize("seed", range(30))
def test_costs_per_side_add_up_to_the_result_against_double_dummy(seed):
    rng, game, deal, rule, leader, declarer = setup(seed, 3 + seed % 3)
    cards = random_cards(deal, game, leader, rule, rng)
    player = rng.choice([1, 2, 3]) if game.kind == "raspasy" else None
    result = pa.review(deal, game, declarer=declarer, player=player, leader=leader,
                       talon_rule=rule if game.kind == "raspasy" else None, plays=cards)
    focus = player or declarer
    assert result.dd_start == whole(deal, game, leader, rule, [], focus)
    _, taken = replay(deal, game, leader, rule, cards)
    assert result.result == taken[focus] and result.tricks_by_seat == taken
    own = result.cost_by_seat[focus]
    others = sum(result.cost_by_seat.values()) - own
    if game.kind == "contract":
        assert result.result - result.dd_start == others - own
        assert result.cost_by_side == {DECLARER: own, DEFENCE: others}
    else:  # misère and raspasy: the focus player wants few tricks
        assert result.result - result.dd_start == own - others


@pytest.mark.parametrize("seed", range(15))
def test_best_cards_only_cost_nothing(seed):
    rng, game, deal, rule, leader, declarer = setup(seed, 4 + seed % 2)
    focus = declarer or rng.choice([1, 2, 3])
    seats = {"player": focus} if game.kind == "raspasy" else {"declarer": declarer}
    talon_rule = rule if game.kind == "raspasy" else None
    line = pa.solve(deal, game, leader=leader, talon_rule=talon_rule, **seats).line
    result = pa.review(deal, game, leader=leader, talon_rule=talon_rule, plays=line, **seats)
    assert all(c.cost == 0 for c in result.cards)
    assert result.result == result.dd_start
    assert result.lost_at is None
    # Any best card, picked at random with pa.solve at every step, costs nothing either.
    cards = []
    for _ in range(3 * deal.size):
        pos, _ = replay(deal, game, leader, rule, cards)
        mover = pos.to_move + 1
        if game.kind == "raspasy":
            frame = mover
        else:
            frame = declarer
        best = [c for c, v in ((c, whole(deal, game, leader, rule, cards + [c], frame))
                               for c in map(pa.Card.from_index, pos.legal_moves()))
                if v == whole(deal, game, leader, rule, cards, frame)]
        cards.append(rng.choice(best))
    result = pa.review(deal, game, declarer=declarer, leader=leader, talon_rule=talon_rule,
                       plays=cards)
    assert all(c.cost == 0 for c in result.cards)


@pytest.mark.parametrize("seed", range(40))
def test_lost_at_is_the_card_that_decided_the_result(seed):
    rng = random.Random(seed)
    game = pa.Game.parse(("7S", "misere")[seed % 2])
    deal = random_deal(rng, 10 if game.is_contract else 5)
    if game.is_contract:  # a contract at the double-dummy level, so that errors tell
        game = pa.Game.contract(max(6, min(10, pa.solve(deal, game, declarer=1).tricks)), 0)
    cards = random_cards(deal, game, 1, "none", rng)
    result = pa.review(deal, game, declarer=1, plays=cards)

    def ok(tricks):
        return tricks == 0 if game.kind == "misere" else tricks >= game.level

    # The card after which the result could no longer change (the position before it could
    # still go the other way, and none after it can): at most one card is such.
    final = ok(result.result)
    settling = [c for i, c in enumerate(result.cards)
                if ok(c.before) != final and all(ok(d.after) == final for d in result.cards[i:])]
    assert len(settling) <= 1
    assert result.lost_at == (settling[0] if settling else None)
    if settling:
        assert result.lost_side == (DEFENCE if final else DECLARER)
        assert (settling[0].seat == 1) == (result.lost_side == DECLARER)
    else:
        assert result.lost_side is None and ok(result.dd_start) == final


def test_a_record_reviews_like_its_fields_and_is_priced_with_score_deal():
    text = (f"deal: {DEAL}\ngame: 8S\ndeclarer: 2\nwhist: whist pass\n"
            "play: 7D AS KD / QS 7S JS / TS 9S 8C / KC JD 7C / KS TD 8D /"
            " 8S JH 9H / TC AH AC / 9D 9C QH / TH JC KH / 8H 7H QC\n")
    record = pa.Record.parse(text)
    result = pa.review(record, rules="sochi")
    same = pa.review(DEAL, "8S", declarer=2, plays=" ".join(map(str, record.plays)),
                     rules="sochi", whist={3: "whist", 1: "pass"})
    assert same.to_dict() == result.to_dict()
    words = {3: "whist", 1: "pass"}
    assert result.whist == words
    score = pa.score_deal("8S", rules="sochi", declarer=2,
                          tricks={2: result.tricks_by_seat[2]}, whist=words)
    assert result.vists == dict(score.values)
    dd = pa.score_deal("8S", rules="sochi", declarer=2, tricks={2: result.dd_start},
                       whist=words)
    assert result.vists_cost == {s: dd.values[s] - score.values[s] for s in (1, 2, 3)}
    assert result.verdict == f"down {8 - result.result}"
    assert [c.trick for c in result.costly] and result.lost_at in result.costly


def test_a_record_with_a_claim_counts_the_claim_and_its_cost():
    line = pa.solve(DEAL, "8S", declarer=2).line
    head = f"deal: {DEAL}\ngame: 8S\ndeclarer: 2\nplay: {plays_text(line[:9])}\n"
    left = whole(pa.Deal.parse(DEAL), pa.Game.parse("8S"), 1, "none", line[:9], 2)
    taken = replay(pa.Deal.parse(DEAL), pa.Game.parse("8S"), 1, "none", line[:9])[1][2]
    for claim, declarer_tricks in (("2 rest", taken + 7), ("3 rest", taken), ("2 4", taken + 4)):
        result = pa.review(pa.Record.parse(head + f"claim: {claim}\n"))
        assert result.settlement == "claim"
        assert result.result == declarer_tricks
        assert sum(result.tricks_by_seat.values()) == 10
        delta = result.result - left
        assert result.claim_cost == {DECLARER: max(0, -delta), DEFENCE: max(0, delta)}
        assert (result.result - result.dd_start
                == result.cost_by_side[DEFENCE] - result.cost_by_side[DECLARER])
        assert result.claim.holds == (result.claim.can_take >= result.claim.tricks)
    stop = pa.review(pa.Record.parse(head + "stop: agreed\n"))
    assert stop.settlement == "stop" and stop.result == left


def test_bad_arguments():
    record = pa.Record.parse(f"deal: {DEAL}\ngame: 8S\ndeclarer: 2\n")
    with pytest.raises(ValueError, match="a record carries its game"):
        pa.review(record, "8S")
    with pytest.raises(ValueError, match="the player is for raspasy"):
        pa.review(DEAL, "8S", declarer=2, player=1)
    with pytest.raises(ValueError, match="hands of ten"):
        pa.review("AK.-.-.- QJ.-.-.- T9.-.-.-", "6S", declarer=1, rules="sochi")
    with pytest.raises(ValueError, match="trick 1: AS is not in the 1st hand's cards"):
        pa.review(DEAL, "8S", declarer=2, plays=["AS"])


# ----------------------------------------------------------------------------- claims


@pytest.mark.parametrize("seed", range(40))
def test_claims_against_the_plain_minimax(seed):
    rng = random.Random(seed)
    size = rng.choice([3, 4])
    deal = random_deal(rng, size)
    game = pa.Game.parse(rng.choice(["6S", "6NT", "7H"]))
    declarer, leader = rng.choice([1, 2, 3]), rng.choice([1, 2, 3])
    cards = random_cards(deal, game, leader, "none", rng, rng.randrange(0, 3 * size - 2))
    claimant = rng.choice([1, 2, 3])
    pos, _ = replay(deal, game, leader, "none", cards)
    pos = replace(pos, focus=declarer - 1)
    remaining = pos.tricks_left
    declarer_gets = solver.reference.tricks(pos)
    side_gets = declarer_gets if claimant == declarer else remaining - declarer_gets
    for tricks in range(remaining + 1):
        claim = pa.check_claim(deal, game, declarer=declarer, leader=leader, plays=cards,
                               claimant=claimant, tricks=tricks)
        assert claim.remaining == remaining and claim.can_take == side_gets
        assert claim.holds == (side_gets >= tricks)
        if claim.holds:
            assert claim.refutation == []
            continue
        # The refutation, replayed, gives the claimant's side fewer tricks than claimed.
        end, by_seat = pos, {0: 0, 1: 0, 2: 0}
        for card in claim.refutation:
            end, taker, _ = end.advance(card.index)
            if taker is not None:
                by_seat[taker] += 1
        assert end.is_terminal
        side = (by_seat[declarer - 1] if claimant == declarer
                else remaining - by_seat[declarer - 1])
        assert side < tricks
    rest = pa.check_claim(deal, game, declarer=declarer, leader=leader, plays=cards,
                          claimant=claimant)
    assert rest.tricks == remaining and rest.holds == (side_gets == remaining)


def test_claim_bad_input():
    with pytest.raises(ValueError, match="claim of 11 tricks: 10 are left"):
        pa.check_claim(DEAL, "8S", declarer=2, claimant=2, tricks=11)
    with pytest.raises(ValueError, match="trick 1: AS does not follow suit ♣"):
        pa.check_claim(DEAL, "8S", declarer=2, plays=["8C", "AS"], claimant=2, tricks=1)


# ------------------------------------------------------------- misère and raspasy claims


def claim_setup(kind, rule, seed, pending):
    """A small ending of misère or raspasy, random legal cards played into it, and the focus
    position after them (`pending`: a raspasy talon trick is still to come)."""
    rng = random.Random(f"{kind} {rule} {seed}")
    size = rng.choice([3, 4])
    game = pa.Game.parse(kind)
    raspasy = kind == "raspasy"
    deal = random_deal(rng, size, talon=raspasy)
    leader = 1 if rule != "none" else rng.choice([1, 2, 3])
    talon_cards = 3 * len(deal.talon) if rule != "none" else 0
    count = (rng.randrange(0, talon_cards) if pending
             else rng.randrange(talon_cards, 3 * size - 1))
    cards = random_cards(deal, game, leader, rule, rng, count)
    declarer = None if raspasy else rng.choice([1, 2, 3])
    claimant = rng.choice([1, 2, 3])
    focus = claimant if raspasy else declarer
    pos, taken = replay(deal, game, leader, rule, cards)
    assert bool(pos.talon) == pending
    return (game, deal, rule, leader, cards, declarer, claimant, replace(pos, focus=focus - 1),
            taken)


def focus_tricks_along(pos, line):
    """The focus player's tricks when `line` is played from `pos` to the end."""
    got = 0
    for card in line:
        pos, taker, _ = pos.advance(card.index)
        got += taker == pos.focus
    assert pos.is_terminal
    return got


CLAIM_CASES = ([("misere", "none", False, seed) for seed in range(16)]
               + [("raspasy", rule, pending, seed) for rule in ("suit", "card", "none")
                  for pending in ((False, True) if rule != "none" else (False,))
                  for seed in range(8)])


@pytest.mark.parametrize("kind,rule,pending,seed", CLAIM_CASES)
def test_misere_and_raspasy_claims_against_the_plain_minimax(kind, rule, pending, seed):
    game, deal, rule, leader, cards, declarer, claimant, pos, _ = claim_setup(
        kind, rule, seed, pending)
    raspasy = kind == "raspasy"
    remaining = pos.tricks_left
    value = solver.reference.tricks(pos)  # the focus player's tricks from here, best play
    at_most = raspasy or claimant == declarer
    talon_rule = rule if raspasy else None
    outcomes = set()
    for tricks in range(remaining + 1):
        claim = pa.check_claim(deal, game, declarer=declarer, leader=leader, plays=cards,
                               claimant=claimant, tricks=tricks, talon_rule=talon_rule)
        assert claim.kind == ("at most" if at_most else "at least")
        assert (claim.remaining, claim.can_take, claim.tricks) == (remaining, value, tricks)
        assert claim.focus == (claimant if raspasy else declarer)
        assert claim.holds == (value <= tricks if at_most else value >= tricks)
        outcomes.add(claim.holds)
        data = strict_json_of(claim)
        assert data["kind"] == claim.kind and data["holds"] == claim.holds
        if claim.holds:
            assert claim.refutation == []
            continue
        # The refutation, replayed, gives the focus player a count that breaks the claim.
        got = focus_tricks_along(pos, claim.refutation)
        assert got > tricks if at_most else got < tricks
    assert outcomes == {True, False} or value in ((0,) if at_most else (remaining,))
    default = pa.check_claim(deal, game, declarer=declarer, leader=leader, plays=cards,
                             claimant=claimant, talon_rule=talon_rule) if at_most else None
    if default is not None:  # "none": at most 0
        assert default.tricks == 0 and default.holds == (value == 0)


def strict_json_of(result):
    import json

    return json.loads(json.dumps(result.to_dict(), allow_nan=False))


@pytest.mark.parametrize("seed", range(12))
def test_a_misere_record_ending_in_a_claim(seed):
    game, deal, _, leader, cards, declarer, _, pos, taken = claim_setup(
        "misere", "none", seed, False)
    remaining = pos.tricks_left
    value = solver.reference.tricks(pos)
    dd_start = whole(deal, game, leader, "none", [], declarer)
    rng = random.Random(seed)
    catchers = [s for s in (1, 2, 3) if s != declarer]
    for claimant, words, settled in (
            (declarer, "none", 0),
            (declarer, f"at most {rng.randrange(remaining + 1)}", None),
            (rng.choice(catchers), f"at least {rng.randrange(remaining + 1)}", None)):
        settled = int(words.split()[-1]) if settled is None else settled
        text = (f"deal: {deal}\ngame: misere\ndeclarer: {declarer}\nleader: {leader}\n"
                f"play: {plays_text(cards)}\nclaim: {claimant} {words}\n")
        result = pa.review(pa.Record.parse(text))
        assert result.settlement == "claim"
        claim = result.claim
        assert claim.can_take == value and claim.tricks == settled
        assert claim.holds == (value <= settled if claimant == declarer else value >= settled)
        # The claim settles the declarer's tricks at its number; what it moved away from
        # best play is charged to the side it went against.
        assert result.result == taken[declarer] + settled
        assert sum(result.tricks_by_seat.values()) == deal.size
        delta = settled - value
        assert result.claim_cost == {DECLARER: max(0, delta), DEFENCE: max(0, -delta)}
        assert (result.result - result.dd_start
                == result.cost_by_side[DECLARER] - result.cost_by_side[DEFENCE])
        assert result.dd_start == dd_start
        clean_now = (taken[declarer] + value == 0)
        if result.lost_by_claim:
            assert clean_now != (result.result == 0) and result.lost_at is None
        else:
            assert clean_now == (result.result == 0)
        assert result.verdict == game.verdict(result.result)
        strict_json_of(result)


@pytest.mark.parametrize("rule,pending,seed", [(r, p, s) for r in ("suit", "card", "none")
                                               for p in ((False, True) if r != "none"
                                                         else (False,)) for s in range(3)])
def test_a_raspasy_record_ending_in_a_claim(rule, pending, seed):
    game, deal, rule, leader, cards, _, claimant, pos, taken = claim_setup(
        "raspasy", rule, seed, pending)
    remaining = pos.tricks_left
    value = solver.reference.tricks(pos)
    tricks = random.Random(seed).randrange(remaining + 1)
    text = (f"deal: {deal}\ngame: raspasy\ntalon rule: {rule}\nleader: {leader}\n"
            f"play: {plays_text(cards)}\nclaim: {claimant} at most {tricks}\n")
    record = pa.Record.parse(text)
    assert pa.Record.parse(str(record)) == record
    result = pa.review(record)
    assert result.settlement == "claim" and result.claim.holds == (value <= tricks)
    assert result.claim.can_take == value and result.claim_cost == {}
    # The claimant is settled at his claim, unless a talon trick that nobody takes (rule
    # `card`) leaves fewer tricks to take than that.
    settled = result.tricks_by_seat[claimant] - taken[claimant]
    total = sum(taken.values()) + remaining  # the tricks taken by someone, if all left are
    assert settled <= tricks and sum(result.tricks_by_seat.values()) <= total
    if rule != "card" or not pending:
        assert settled == tricks and sum(result.tricks_by_seat.values()) == total


MISERE_DEAL = "QJ.97.KQJT.J7 T987.8.987.98 AK.QJT.A.AKQT"


@pytest.mark.parametrize("call,message", [
    (dict(game="raspasy", claimant=1, tricks=1, kind="at least"),
     "claim: in raspasy a player claims only his own tricks, at most N more ('1 none', "
     "'1 at most 1')"),
    (dict(game="raspasy", claimant=2, tricks=1, kind="take"),
     "claim: in raspasy a player claims only his own tricks, at most N more ('2 none', "
     "'2 at most 1')"),
    (dict(game="raspasy", claimant=None, tricks=0),
     "claimant seat None is not 1, 2 or 3"),
    (dict(game="raspasy", claimant=2, tricks=11), "claim of 11 tricks: 10 are left"),
    (dict(game="raspasy", declarer=1, claimant=1, tricks=0),
     "raspasy has no declarer: remove the 'declarer:' line"),
    (dict(game="misere", declarer=2, claimant=2, tricks=-1), "claim of -1 tricks: 10 are left"),
    (dict(game="misere", declarer=2, claimant=2, tricks=1, kind="at least"),
     "claim: the misère declarer claims he takes at most N more ('2 none', '2 at most 1')"),
    (dict(game="misere", declarer=2, claimant=3, tricks=1, kind="at most"),
     "claim: a catcher claims the declarer takes at least N more ('3 at least 1')"),
    (dict(game="misere", declarer=2, claimant=3),
     "claim: a catcher claims the declarer takes at least N more: give N"),
    (dict(game="8S", declarer=2, claimant=2, tricks=1, kind="at most"),
     "claim: in 8S the claimant's side claims the tricks it takes ('2 rest', '2 3'), not "
     "'at most'"),
    (dict(game="misere", declarer=2, claimant=2, tricks=1, kind="maybe"),
     "claim: unknown kind 'maybe' (expected take, at most or at least)"),
])
def test_misere_and_raspasy_bad_claims(call, message):
    deal = MISERE_DEAL if call["game"] == "misere" else DEAL
    args = dict(call)
    game = args.pop("game")
    with pytest.raises(ValueError) as caught:
        pa.check_claim(deal, game, talon_rule="none" if game == "raspasy" else None, **args)
    assert str(caught.value) == message


def test_whist_words_are_read_as_the_score_sheet_reads_them():
    record = pa.Record.parse(f"deal: {DEAL}\ngame: 8S\ndeclarer: 2\nwhist: пас вист\n")
    result = pa.review(record)
    assert result.whist == {3: "pass", 1: "whist"}
    assert result.cards == [] and result.result == result.dd_start == 8
    with pytest.raises(ValueError, match="unknown whist word 'maybe'"):
        pa.review(pa.Record.parse(f"deal: {DEAL}\ngame: 8S\ndeclarer: 2\nwhist: maybe\n"))


# ----------------------------------------------------------------------------- who chose


GAME_TEXT = open("data/examples/game.txt", encoding="utf-8").read()


@pytest.mark.parametrize("words, whisting, chosen", [
    # 8♠ by the 2nd hand: the 3rd hand speaks first, then the 1st (then the 3rd returns).
    ("whist pass", None, {1: 3}),          # one whister: open by default, he plays both hands
    ("whist pass", "open", {1: 3}),
    ("pass whist", None, {3: 1}),
    ("pass half return", None, {1: 3}),    # the 3rd hand returns the whist: the only whister
    ("whist pass", "closed", {}),          # closed: the passer plays his own cards (seed 000)
    ("whist whist", None, {}),             # two whisters: each his own
    ("pass pass", None, {}),               # nobody whisted: each his own
    ("", None, {}),                        # no words: both whist
])
def test_each_card_is_charged_to_the_player_who_chose_it(words, whisting, chosen):
    text = GAME_TEXT.replace("whist: whist pass", f"whist: {words}" if words else "")
    if whisting:
        text += f"whisting: {whisting}\n"
    result = pa.review(pa.Record.parse(text))
    expected = {s: chosen.get(s, s) for s in (1, 2, 3)}
    assert result.choosers == expected
    for card in result.cards:
        assert card.chooser == expected[card.seat]
        assert card.to_dict()["chooser"] == expected[card.seat]
    assert result.cost_by_chooser == {
        s: sum(c.cost for c in result.cards if expected[c.seat] == s) for s in (1, 2, 3)}
    assert result.cost_by_seat == {1: 1, 2: 3, 3: 0}  # by the hand the cards came from
    data = result.to_dict()
    assert data["choosers"] == {str(s): c for s, c in expected.items()}
    # Who played is the record's: pricing with other words (rules=, whist=) does not move it.
    assert pa.review(pa.Record.parse(text), rules="sochi", whist="whist whist").choosers \
        == expected


def test_who_chose_from_the_fields_as_from_the_record():
    record = pa.Record.parse(GAME_TEXT)
    by_fields = pa.review(record.deal, "8S", declarer=2, plays=record.plays,
                          whist={3: "whist", 1: "pass"})
    assert by_fields.choosers == {1: 3, 2: 2, 3: 3}
    assert [c.chooser for c in by_fields.cards] == [c.chooser for c in pa.review(record).cards]


def test_misere_catchers_and_raspasy_players_choose_their_own_cards():
    for name in ("misere_game.txt", "raspasy_game.txt"):
        record = pa.Record.parse(open(f"data/examples/{name}", encoding="utf-8").read())
        result = pa.review(record)
        assert result.choosers == {1: 1, 2: 2, 3: 3}
        assert all(c.chooser == c.seat for c in result.cards)
