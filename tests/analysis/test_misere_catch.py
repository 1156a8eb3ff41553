"""`misere_catch`: the misère with the discard unknown to the catchers, against a brute force.

The brute force here is written from the definition, with none of the search's shortcuts
(no open-card bounds, no Pareto sets, no equivalent cards, no engine): a defence catches
every world (discard) of a set S exactly when

- at a catcher node, some card catches every world of S in the child (one card for all the
  worlds the catchers cannot tell apart);
- at a declarer node, for every card he may play in some world of S, the defence catches
  the worlds of S in which he holds it (each world answers on its own; the defence below
  each card is chosen separately);
- he has taken a trick: caught; the deal is over without one: only the empty set.

`guaranteed` is "S = every world" and the best single defence catches the largest such S.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import combinations

import pytest

from solver import Position, reference
from pyanalysis import Card, Deal, Hand
from pyanalysis.analysis.catch import CatchSearch, MisereCatch, misere_catch
from pyanalysis.analysis.layouts import distinct_discards
from pyanalysis.errors import PositionError


# --- the brute force --------------------------------------------------------------------------

def brute_force(result: MisereCatch):
    """(catches(S) for a frozenset S of discards, every discard) for `result`'s position."""
    deal, focus = result.deal, result.declarer - 1
    twelve = result.hand.mask
    played = tuple(c.index for c in result.played)
    hands = [h.mask for h in deal.hands]
    hands[focus] = twelve
    for i, c in enumerate(played):
        hands[(result.leader - 1 + i) % 3] &= ~(1 << c)
    worlds = {}
    for pair in result.by_discard:
        h = list(hands)
        h[focus] &= ~(pair[0].bit | pair[1].bit)
        worlds[pair] = Position(hands=tuple(h), leader=result.leader - 1, played=played,
                                game="misere", focus=focus)

    @lru_cache(maxsize=None)
    def catches(node: frozenset) -> bool:
        """node: frozenset of (discard, position), all with the same cards played so far."""
        if not node:
            return True
        any_pos = next(iter(node))[1]
        if any_pos.is_terminal:
            return False
        mover = any_pos.to_move
        if mover != focus:
            for card in any_pos.legal_moves():
                children = set()
                took = False
                for pair, pos in node:
                    nxt, taker, _ = pos.advance(card)
                    took = taker == focus
                    children.add((pair, nxt))
                if took or catches(frozenset(children)):
                    return True
            return False
        by_card: dict[int, set] = {}
        for pair, pos in node:
            for card in pos.legal_moves():
                by_card.setdefault(card, set()).add((pair, pos))
        for card, group in by_card.items():
            children = set()
            took = False
            for pair, pos in group:
                nxt, taker, _ = pos.advance(card)
                took = taker == focus
                children.add((pair, nxt))
            if not took and not catches(frozenset(children)):
                return False
        return True

    def catches_set(discards) -> bool:
        return catches(frozenset((d, worlds[d]) for d in discards))

    return catches_set, list(worlds), worlds


def best_by_brute_force(result: MisereCatch) -> tuple[bool, int]:
    catches_set, all_worlds, _ = brute_force(result)
    best = 0
    n = len(all_worlds)
    for bits in range(1 << n):
        size = bin(bits).count("1")
        if size > best and catches_set([all_worlds[i] for i in range(n) if bits >> i & 1]):
            best = size
    return catches_set(all_worlds), best


def caught_sets_by_brute_force(result: MisereCatch, every: bool = False) -> set[frozenset]:
    """The sets of discards a single defence catches that no other set caught contains: all
    of them (`every`) or those of the largest size. Candidates are the discards caught alone
    (a set is caught only if each of its discards is), checked from the largest down."""
    catches_set, all_worlds, _ = brute_force(result)
    singles = [d for d in all_worlds if catches_set([d])]
    found: set[frozenset] = set()
    for size in range(len(singles), 0, -1):
        for chosen in combinations(singles, size):
            chosen = frozenset(chosen)
            if any(chosen < bigger for bigger in found):
                continue
            if catches_set(chosen):
                found.add(chosen)
        if found and not every:
            break
    return found or {frozenset()}


# --- random endings --------------------------------------------------------------------------

def random_ending(rng: random.Random, n: int):
    """(deal text with talon, declarer 1..3, leader 1..3): cards from two or three suits."""
    suits = rng.sample(range(4), rng.choice([2, 2, 3]))
    deck = [s * 8 + r for s in suits for r in range(8)]
    cards = rng.sample(deck, 3 * n + 2)
    declarer = rng.randint(1, 3)
    hands, pos = [], 0
    for seat in (1, 2, 3):
        hands.append(cards[pos:pos + n])
        pos += n
    talon = cards[pos:pos + 2]
    text = " ".join(str(Hand.from_cards(Card.from_index(c) for c in h)) for h in hands)
    text += " " + " ".join(str(Card.from_index(c)) for c in talon)
    # The talon's two cards go to the declarer: rotate which seat gets them by relabelling.
    return text, declarer, rng.randint(1, 3)


def _samples(seed: int, count: int, sizes=(2, 3)):
    rng = random.Random(seed)
    return [random_ending(rng, rng.choice(sizes)) for _ in range(count)]


SAMPLES = _samples(20240611, 160)


@pytest.fixture(scope="module")
def solved():
    out = []
    for text, declarer, leader in SAMPLES:
        out.append(misere_catch(text, declarer, leader=leader))
    return out


def test_matches_brute_force(solved):
    differs = 0
    for result in solved:
        guaranteed, best = best_by_brute_force(result)
        assert result.guaranteed == guaranteed, str(result.deal)
        assert len(result.caught) == best, str(result.deal)
        every_open = len(result.open_caught) == len(result.by_discard)
        differs += result.guaranteed != every_open
    # The exact answer is not open-card play: some endings are caught with open cards
    # whatever the discard but by no single defence.
    assert differs > 0


def test_pareto_sets_are_achievable_and_maximal():
    for text, declarer, leader in SAMPLES[:60]:
        result = misere_catch(text, declarer, leader=leader)
        catches_set, all_worlds, _ = brute_force(result)
        for chosen in result.pareto:
            assert catches_set(chosen)
            for extra in all_worlds:
                if extra not in chosen:
                    assert not catches_set(list(chosen) + [extra])
        assert result.caught == result.pareto[0]


def test_pareto_best_lists_every_largest_set(solved):
    """pareto="best" (the default): exactly the caught sets of the largest size, then the
    smaller Pareto-optimal sets the catchers' optimal mix uses (and only those)."""
    mixed_in = 0
    for result in solved[:80]:
        expected = caught_sets_by_brute_force(result)
        largest = {frozenset(p) for p in result.pareto if len(p) == len(result.caught)}
        assert largest == expected, str(result.deal)
        front = caught_sets_by_brute_force(result, every=True)
        for chosen, weight in zip(result.pareto, result.mix):
            if len(chosen) < len(result.caught):
                assert frozenset(chosen) in front and weight > 0, str(result.deal)
                mixed_in += 1
    assert mixed_in > 0


def test_pareto_all_is_the_whole_front():
    """pareto="all": every caught set that no other caught set contains, smaller ones too."""
    smaller = 0
    for text, declarer, leader in SAMPLES[:80]:
        result = misere_catch(text, declarer, leader=leader, pareto="all")
        expected = caught_sets_by_brute_force(result, every=True)
        assert {frozenset(p) for p in result.pareto} == expected, text
        assert result.caught == result.pareto[0]
        assert result.caught == misere_catch(text, declarer, leader=leader).caught
        smaller += len({len(p) for p in result.pareto}) > 1
    assert smaller > 0  # some fronts hold sets of different sizes


# Larger endings (n = 3..4, up to 15 discards), where the search's cuts are at work: the
# vectors too small for the need, those inside a vector found higher up (alpha), stored
# results (memo, with positions renamed by relative ranks at a trick's start).
LARGER = _samples(99, 80, sizes=(3, 4, 4))


@pytest.fixture()
def search_log(monkeypatch):
    """Every CatchSearch made while the test runs."""
    made = []
    original = CatchSearch.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(CatchSearch, "__init__", init)
    return made


def test_larger_endings_match_brute_force(search_log):
    for text, declarer, leader in LARGER:
        result = misere_catch(text, declarer, leader=leader)
        expected = caught_sets_by_brute_force(result)
        largest = {frozenset(p) for p in result.pareto if len(p) == len(result.caught)}
        assert largest == expected, text
        catches_set, all_worlds, _ = brute_force(result)
        assert result.guaranteed == catches_set(all_worlds), text
    cuts = sum((search.cuts for search in search_log), Counter())
    assert cuts["need"] > 0 and cuts["alpha"] > 0 and cuts["memo"] > 0, cuts


def test_cuts_do_not_change_the_answer(monkeypatch):
    """The same answers with the alpha cuts, the relative-rank keys and the seeds switched
    off."""
    fast = [misere_catch(t, d, leader=lead).to_dict() for t, d, lead in LARGER + SAMPLES[:40]]
    monkeypatch.setattr(CatchSearch, "use_alpha", False)
    monkeypatch.setattr(CatchSearch, "use_transpositions", False)
    monkeypatch.setattr(CatchSearch, "use_seeds", False)
    plain = [misere_catch(t, d, leader=lead).to_dict() for t, d, lead in LARGER + SAMPLES[:40]]
    for a, b in zip(fast, plain):
        for name in ("guaranteed", "caught", "pareto", "open_caught", "by_discard"):
            assert a[name] == b[name], (a["deal"], name)


def _relabelled(rng: random.Random, hands, discards):
    """The same position with each suit's cards moved to other ranks, order kept."""
    present = hands[0] | hands[1] | hands[2]
    move = {}
    for suit in range(4):
        cards = [c for c in range(8 * suit, 8 * suit + 8) if present >> c & 1]
        for old, new in zip(cards, sorted(rng.sample(range(8 * suit, 8 * suit + 8),
                                                     len(cards)))):
            move[old] = new

    def remap(mask):
        return sum(1 << move[c] for c in range(32) if mask >> c & 1)

    return tuple(remap(h) for h in hands), [remap(d) for d in discards]


def test_relative_rank_keys():
    """Positions at a trick's start that differ only by the ranks of the cards (order kept)
    share a key, their worlds listed alike; another discard or another hand does not."""
    rng = random.Random(5)
    for _ in range(300):
        deck = rng.sample(range(32), 3 * 3 + 2)
        focus = rng.randrange(3)
        hands = [0, 0, 0]
        for i, c in enumerate(deck):
            hands[min(i // 3, 2) if i < 9 else focus] |= 1 << c
        hands = tuple(hands)
        pool = [c for c in range(32) if hands[focus] >> c & 1]
        discards = [(1 << a) | (1 << b) for a, b in combinations(pool, 2)]
        worlds = rng.randrange(1, 1 << len(discards))
        key, order = CatchSearch(focus, discards).key(hands, 0, (), worlds)
        twin_hands, twin_discards = _relabelled(rng, hands, discards)
        twin_key, twin_order = CatchSearch(focus, twin_discards).key(twin_hands, 0, (), worlds)
        assert key == twin_key and order == twin_order
        inside = [w for w in range(len(discards)) if worlds >> w & 1]
        outside = [w for w in range(len(discards)) if not worlds >> w & 1]
        if outside:  # as many worlds, one discard another
            other = worlds ^ (1 << rng.choice(inside)) ^ (1 << rng.choice(outside))
            assert CatchSearch(focus, discards).key(hands, 0, (), other)[0] != key
        seat = (focus + 1) % 3
        a = rng.choice([c for c in range(32) if hands[seat] >> c & 1])
        b = rng.choice([c for c in range(32) if hands[focus] >> c & 1])
        swapped = list(hands)
        swapped[seat] ^= (1 << a) | (1 << b)
        swapped[focus] ^= (1 << a) | (1 << b)
        if _relative(swapped) != _relative(hands):
            assert CatchSearch(focus, discards).key(tuple(swapped), 0, (), worlds)[0] != key


def _relative(hands):
    """Each hand as the ranks of its cards among the cards in play of their suit."""
    present = hands[0] | hands[1] | hands[2]
    out = []
    for h in hands:
        ranks = []
        for c in range(32):
            if h >> c & 1:
                below = present & ((1 << c) - 1) & (0xFF << (8 * (c >> 3)))
                ranks.append((c >> 3, bin(below).count("1")))
        out.append(tuple(ranks))
    return out


def test_consistency_with_open_cards(solved):
    for result in solved:
        _, _, worlds = brute_force(result)
        for pair, tricks in result.by_discard.items():
            assert tricks == reference.tricks(worlds[pair])
        open_caught = [d for d, t in result.by_discard.items() if t >= 1]
        assert result.open_caught == open_caught
        assert set(result.caught) <= set(result.open_caught)
        if result.guaranteed:
            assert len(result.open_caught) == len(result.by_discard)
            assert result.caught == list(result.by_discard)


def test_discards_are_the_distinct_ones(solved):
    for result in solved:
        focus = result.declarer - 1
        others = Hand(sum(h.mask for s, h in enumerate(result.deal.hands) if s != focus))
        expected = distinct_discards(result.hand, others)
        assert list(result.by_discard) == [rep for rep, _ in expected]
        assert result.merged == {rep: merged for rep, merged in expected}


def _replay(result: MisereCatch):
    """The line played out in the discard it is for: legal, and caught iff it should be."""
    pair = result.line_discard
    focus = result.declarer - 1
    hands = [h.mask for h in result.deal.hands]
    hands[focus] = result.hand.mask & ~(pair[0].bit | pair[1].bit)
    pos = Position(hands=tuple(hands), leader=result.leader - 1, played=(), game="misere",
                   focus=focus)
    for card in result.played:
        pos = pos.advance(card.index)[0]
    took = 0
    for card in result.line:
        pos, taker, _ = pos.advance(card.index)
        took += taker == focus
    assert pos.is_terminal
    return took


def test_line_is_a_whole_legal_line(solved):
    for result in solved:
        took = _replay(result)
        if result.line_kind == "defence":  # caught whatever he discards: a caught line
            assert result.line_discard in result.caught and not result.escapes
            assert took >= 1
        elif result.line_kind == "escape":  # the best defence, in a discard it misses
            assert result.line_discard in result.escapes and result.caught
            assert result.line_discard in result.declarer_mix
            assert took == 0
        else:  # no defence catches anything: his open-card line
            assert not result.caught and result.line_kind == "open"
            assert took == 0


def test_mid_trick_positions_match_brute_force():
    rng = random.Random(7)
    checked = 0
    while checked < 40:
        text, declarer, leader = random_ending(rng, rng.choice((2, 3)))
        deal = Deal.parse(text)
        twelve = deal.hand(declarer).mask | Hand.from_cards(deal.talon).mask
        hands = [h.mask for h in deal.hands]
        hands[declarer - 1] = twelve
        played = []
        lead = None
        for i in range(rng.randint(1, 2)):
            seat = (leader - 1 + i) % 3
            options = [c for c in range(32) if hands[seat] >> c & 1
                       and (lead is None or c >> 3 == lead or not hands[seat] & (0xFF << 8 * lead))]
            card = rng.choice(options)
            lead = card >> 3 if lead is None else lead
            hands[seat] &= ~(1 << card)
            played.append(Card.from_index(card))
        try:
            result = misere_catch(text, declarer, leader=leader, played=played)
        except PositionError:
            continue  # e.g. his card legal in no world
        guaranteed, best = best_by_brute_force(result)
        assert result.guaranteed == guaranteed, (text, played)
        assert len(result.caught) == best, (text, played)
        checked += 1


def test_full_deal_runs():
    result = misere_catch(
        "87.9.AQT97.87 AK.AQ.KJ8.AKJ JT9.KJT7.-.QT9 discard:Q.8.-.-", 1)
    assert len(result.by_discard) > 1
    assert set(result.caught) <= set(result.open_caught)
    assert len(result.line) == 10 * 3
    data = result.to_dict()
    assert data["guaranteed"] == result.guaranteed
    assert all(isinstance(c, str) for c in data["line"])


@pytest.mark.parametrize("args, kwargs, message", [
    (("A.-.-.- K.-.-.- Q.-.-.-", 1), {}, "talon"),
    (("A.-.-.- K.-.-.- Q.-.-.- 7S 8S", 4), {}, "declarer"),
    (("A.-.-.- K.-.-.- Q.-.-.- 7S 8S", 0), {}, "declarer"),
    (("A.-.-.- K.-.-.- Q.-.-.- 7S 8S", 1), {"leader": 5}, "leader"),
    (("A.-.-.- K.-.-.- Q.-.-.- 7S 8S", 1), {"played": ["KS"]}, "played"),
    (("AJ.-.-.- K.-.-.7 Q.-.-.8 8S 9S", 1), {"played": ["AS", "7H"]}, "illegal"),
    (("AK.-.-.- 7.8.-.- QJ.-.-.- 8S 9S", 1), {"played": ["AS", "KS", "7S"]}, "at most"),
])
def test_bad_input(args, kwargs, message):
    with pytest.raises(PositionError, match=message):
        misere_catch(*args, **kwargs)


def test_bad_pareto_option():
    with pytest.raises(ValueError, match="pareto"):
        misere_catch("A.-.-.- K.-.-.- Q.-.-.- 7S 8S", 1, pareto="some")


def test_bad_input_is_value_error():
    with pytest.raises(ValueError):
        misere_catch("not a deal", 1)


#: A full deal whose catch search makes thousands of engine calls (data/bench/misere_hands).
HARD_DEAL = "AQ.AT8.J8.KJ8 KJ9.Q.AKQ9.AT T87.KJ97.7.97 discard:-.-.T.Q"


def test_the_progress_hook_is_called_between_engine_calls_and_stops_the_search():
    calls: list[int] = []
    watched = misere_catch(HARD_DEAL, 3, progress=calls.append)
    assert watched == misere_catch(HARD_DEAL, 3)
    assert set(calls) == {0} and 0 < len(calls) <= watched.engine_calls

    class Stop(KeyboardInterrupt):
        pass

    seen: list[int] = []

    def stop_at_the_tenth(k: int) -> None:
        seen.append(k)
        if len(seen) == 10:
            raise Stop

    with pytest.raises(Stop):
        misere_catch(HARD_DEAL, 3, progress=stop_at_the_tenth)
    assert len(seen) == 10
