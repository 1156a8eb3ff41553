"""`Play`: cards pushed and popped by the rules of play.

Legality, whose turn and trick takers are checked against the engine's statement of the rules
(`solver.position.Position.advance`) on random deals, and the taker of a trick against the rule
written out plainly here.
"""
from __future__ import annotations

import random

import pytest

import pyanalysis as pa
import solver
from pyanalysis.errors import PositionError
from pyanalysis.play import (NOT_FOLLOWING, NOT_HELD, NOT_TRUMPING, PLAYED, IllegalCard, Play,
                             Trick)
from pyanalysis.seat import Seat

DEAL = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
GAMES = ["8S", "6NT", "7H", "misere", "raspasy"]


def random_deal(rng: random.Random, size: int, talon: bool = False) -> pa.Deal:
    cards = [pa.Card.from_index(i) for i in rng.sample(range(32), 3 * size + 2 * talon)]
    hands = tuple(pa.Hand.from_cards(cards[i * size:(i + 1) * size]) for i in range(3))
    return pa.Deal(hands, tuple(cards[3 * size:]))


def _start(rng: random.Random, game: str) -> tuple[pa.Deal, pa.Game, int, str]:
    size = rng.randint(1, 10)
    rule = rng.choice(["suit", "card", "none"]) if game == "raspasy" else "none"
    deal = random_deal(rng, size, talon=rule != "none" or rng.random() < 0.3)
    if rule != "none" and len(deal.talon) > size:  # one-card hands: a single talon trick
        deal = pa.Deal(deal.hands, deal.talon[:1])
    leader = 1 if rule != "none" else rng.randint(1, 3)
    return deal, pa.Game.parse(game), leader, rule


def _engine_position(deal: pa.Deal, game: pa.Game, leader: int, rule: str) -> solver.Position:
    talon = tuple(c.index for c in deal.talon) if rule != "none" else ()
    return solver.Position(hands=tuple(h.mask for h in deal.hands), leader=leader - 1,
                           game=game.kind, trump=game.trump, focus=0, talon=talon,
                           talon_rule=rule)


def _state(play: Play) -> tuple:
    return (play.moves, play.tricks, play.trick, play.taken, play.hands, play.turn,
            play.legal(), play.done)


@pytest.mark.parametrize("seed", range(60))
def test_push_follows_the_engine_and_pop_undoes_it(seed):
    rng = random.Random(seed)
    deal, game, leader, rule = _start(rng, GAMES[seed % len(GAMES)])
    play = Play(deal, game, leader, rule)
    position = _engine_position(deal, game, leader, rule)
    taken = {1: 0, 2: 0, 3: 0}
    states = []
    while not position.is_terminal:
        assert play.turn == position.to_move + 1 and not play.done
        assert sorted(c.index for c in play.legal()) == position.legal_moves()
        assert [h.mask for h in play.hands] == list(position.hands)
        states.append(_state(play))
        card = rng.choice(position.legal_moves())
        position, taker, finished = position.advance(card)
        completed = play.push(pa.Card.from_index(card))
        assert (completed is not None) == finished
        if finished:
            if taker is not None:
                taken[taker + 1] += 1
            assert completed.winner == (None if taker is None else taker + 1)
            assert completed == play.tricks[-1] and completed.complete
            assert play.trick.cards == () and play.trick.leader == position.leader + 1
        assert play.taken == taken
    assert play.done and play.turn is None and play.legal() == []
    assert len(play.tricks) == deal.size and not any(play.hands)
    assert sum(play.taken.values()) == sum(t.winner is not None for t in play.tricks)
    for state in reversed(states):
        play.pop()
        assert _state(play) == state
    assert play.hands == deal.hands


def _plain_winner(trick: Trick, trump: int | None, rule: str) -> int | None:
    """Who takes `trick`, written out from the rules: the highest trump if a trump was played,
    else the highest card of the suit led (in a talon trick: of the talon card's suit, the
    talon card itself competing under the rule 'card'; nobody having the suit, the 1st hand's
    card leads)."""
    plays = list(zip(trick.seats, trick.cards))
    if trick.talon_card is not None:
        suit = trick.talon_card.suit
        if rule == "card":
            plays.insert(0, (None, trick.talon_card))
        elif not any(card.suit == suit for _, card in plays):
            suit = plays[0][1].suit
    else:
        suit = plays[0][1].suit
        if trump is not None and any(card.suit == trump for _, card in plays):
            suit = trump
    return max((card.rank, seat) for seat, card in plays if card.suit == suit)[1]


@pytest.mark.parametrize("seed", range(40))
def test_trick_winner_by_the_plain_rule(seed):
    rng = random.Random(1000 + seed)
    deal, game, leader, rule = _start(rng, GAMES[seed % len(GAMES)])
    play = Play(deal, game, leader, rule)
    while not play.done:
        play.push(rng.choice(play.legal()))
    for trick in play.tricks:
        assert trick.winner == _plain_winner(trick, game.trump, rule)
        assert trick.seats[0] == trick.leader
        cells = trick.by_seat()
        assert sorted(cells) == [1, 2, 3]
        for k, (seat, card) in enumerate(zip(trick.seats, trick.cards)):
            assert cells[seat] == (card, trick.first_card + k) == (card, play.moves.index(card))


def test_illegal_cards_are_refused_with_their_reasons():
    play = Play(DEAL, "8S", leader=1)
    # The 1st hand (J.A87.987.T97) leads; the 2nd hand holds spades and clubs only.
    play.push("7C")
    with pytest.raises(IllegalCard) as caught:
        play.push("KD")
    assert caught.value.kind == NOT_HELD and caught.value.owner == Seat.THIRD
    assert str(caught.value) == "trick 1: KD is not in the 2nd hand's cards; the 3rd hand holds it"
    with pytest.raises(IllegalCard) as caught:
        play.push("AS")
    assert caught.value.kind == NOT_FOLLOWING
    assert str(caught.value) == "trick 1: AS does not follow suit ♣ (the 2nd hand holds ♣)"
    with pytest.raises(IllegalCard) as caught:
        play.push("7C")
    assert caught.value.kind == PLAYED and caught.value.played_in == 1
    assert str(caught.value) == "trick 1: 7C was already played in trick 1"
    play.push("KC")
    with pytest.raises(IllegalCard) as caught:
        play.push("JD")
    assert caught.value.kind == NOT_TRUMPING
    assert str(caught.value) == ("trick 1: JD is not a trump: the 3rd hand holds no ♣ and must "
                                 "play a trump ♠")
    with pytest.raises(IllegalCard, match="it is in the talon"):
        play.push("QD")
    assert play.moves == tuple(pa.Card.parse(c) for c in ("7C", "KC"))  # nothing changed
    play.push("9S")
    assert play.tricks[-1].winner == 3 and play.turn == 3


def test_talon_tricks_are_led_by_the_talon_suit_and_the_first_hand():
    play = Play(DEAL, "raspasy", leader=1, talon_rule="suit")
    assert play.talon == tuple(pa.Card.parse(c) for c in ("AD", "QD"))
    assert play.trick.talon_card == pa.Card.parse("AD") and play.lead_suit == 2
    assert [str(c) for c in play.legal()] == ["9D", "8D", "7D"]
    for card in ("9D", "AS", "KD"):
        play.push(card)
    assert play.tricks[0].winner == 3 and play.turn == 1  # the 1st hand leads the next one
    assert play.talon_left == (pa.Card.parse("QD"),)


def test_bad_arguments_and_the_end_of_the_deal():
    with pytest.raises(PositionError, match="^leader: '4' is not a seat"):
        Play(DEAL, "8S", leader=4)
    with pytest.raises(PositionError, match="applies only to raspasy"):
        Play(DEAL, "8S", talon_rule="suit")
    with pytest.raises(PositionError, match="unknown talon rule 'x'"):
        Play(DEAL, "raspasy", talon_rule="x")
    with pytest.raises(PositionError, match="1st hand plays first"):
        Play(DEAL, "raspasy", leader=2, talon_rule="card")
    play = Play("A.-.-.- K.-.-.- Q.-.-.-", "6NT")
    with pytest.raises(PositionError, match="nothing to take back"):
        play.pop()
    for card in ("AS", "KS", "QS"):
        play.push(card)
    assert play.done and play.taken == {1: 1, 2: 0, 3: 0}
    with pytest.raises(PositionError, match="the deal is over"):
        play.push("AS")
    assert play.trick_start_hands == play.hands
    play.pop()
    assert [str(h) for h in play.trick_start_hands] == ["A.-.-.-", "K.-.-.-", "Q.-.-.-"]


def test_the_module_examples_run():
    import doctest

    import pyanalysis.play
    import pyanalysis.seat

    for module in (pyanalysis.play, pyanalysis.seat):
        failed, tried = doctest.testmod(module)
        assert tried > 0 and failed == 0, module.__name__
