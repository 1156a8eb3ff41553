"""Тотус (the twelve-card slam, RULES.md §2.5): all ten tricks in no-trump on twelve cards.

The rule texts know two forms, and both are here:
- seed 003 ("layouts"): the declarer must take every trick "при любом раскладе карт у
  противников и любом ходе": some discard of his twelve cards takes ten in no-trump in every
  layout of the others' twenty cards, whoever leads to the first trick (the strictest reading
  of "any lead"; `leaders` narrows it);
- seed 002 ("open"): he shows his twelve cards, the opponents choose his discard, and he must
  take ten with all cards open: the worst discard for him decides.
"""
from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, field
from typing import Callable, Iterable

from .. import checks
from ..cards import Card
from ..deal import Deal
from ..errors import CardCountError, PositionError
from ..games import Game
from ..hand import Hand
from ..serialize import JsonFields
from ..solving import SEATS, make_position
from .layouts import Layout, as_hand, distinct_discards, layout_odds

TOTUS = Game.contract(10, None)
FORMS = ("layouts", "open")


@dataclass(frozen=True)
class DiscardVerdict(JsonFields):
    """One distinct discard of the totus hand: sound or not, and why not."""

    discard: tuple[Card, Card]
    merged: list[tuple[Card, Card]]
    sound: bool
    tricks: int | None = None          # "open": his tricks with all cards open
    beaten_by: Layout | None = None    # "layouts": a layout where he falls short
    leader: int | None = None          # ... with this seat leading

    JSON = ("discard", "merged", "sound", "tricks", "leader", "beaten_by")


@dataclass(frozen=True)
class Totus(JsonFields):
    """The totus verdict. `form`: "layouts" (seed 003) or "open" (seed 002). `sound`: the
    slam is guaranteed in that form. `discard`: a sound discard ("layouts"), or the
    opponents' choice ("open"). `discards`: the distinct discards' verdicts, sound ones
    first: "open" checks them all; "layouts" stops at the first sound one."""

    form: str
    declarer: int
    hand: Hand
    sound: bool
    discard: tuple[Card, Card] | None
    discards: list[DiscardVerdict] = field(default_factory=list)
    leaders: tuple[int, ...] = ()

    JSON = ("form", "declarer", "hand", "sound", "leaders", "discard", "discards")


def totus(cards: Deal | Hand | str | Iterable[Card | str], declarer: int, *,
          form: str | None = None, leaders: Iterable[int] = SEATS,
          others: Hand | str | None = None, jobs: int | None = None,
          progress: Callable[[int], None] | None = None) -> Totus:
    """Is the twelve-card slam sound?

    cards:   the declarer's twelve cards (form "layouts"), or a deal with his ten and the
             talon (either form; "open" by default, as only a deal has the others' hands).
    form:    "layouts" (seed 003: every layout, every leader in `leaders`) or "open"
             (seed 002: open cards, the opponents choose the discard).
    others:  form "layouts": the cards the other two seats hold between them (default: the
             rest of the deck); with fewer, an ending: every trick left on n + 2 cards.
    """
    checks.whole("jobs", jobs, low=1, optional=True)
    checks.callback("progress", progress)
    checks.text("form", form, optional=True)
    deal = None
    if isinstance(cards, Deal) or (isinstance(cards, str) and _looks_like_deal(cards)):
        deal = Deal.parse(cards)
        make_position(deal, TOTUS, declarer=declarer)  # checks the seat
        if len(deal.talon) != 2:
            raise CardCountError("a totus deal needs the three hands and the two-card talon")
        hand = Hand(deal.hand(declarer).mask | Hand.from_cards(deal.talon).mask)
    else:
        hand = as_hand(cards, "hand")
    form = form or ("open" if deal is not None else "layouts")
    if form not in FORMS:
        raise PositionError(f"unknown totus form '{form}': expected layouts or open")
    if form == "open":
        if deal is None:
            raise PositionError("the open form (seed 002) needs the whole deal, not one hand")
        return _open(deal, declarer, hand)
    leaders = checks.seats("leaders", leaders)
    if not leaders:
        raise PositionError("leaders (): give at least one seat 1, 2 or 3")
    from solver.position import FULL_DECK  # the engine package, loaded on first use

    rest = Hand(FULL_DECK & ~hand.mask) if others is None else as_hand(others, "others")
    if rest.mask & hand.mask:
        raise CardCountError("the others' cards overlap the hand")
    if len(hand) != len(rest) // 2 + 2 or len(rest) % 2:
        raise CardCountError(
            f"a totus hand has two cards more than each other seat (twelve: ten and the "
            f"talon); got {len(hand)} against {len(rest)} between the others")
    return _layouts(hand, rest, declarer, leaders, jobs, progress)


def _looks_like_deal(text: str) -> bool:
    with suppress(ValueError):
        Deal.parse(text)
        return True
    return False


def _open(deal: Deal, declarer: int, hand: Hand) -> Totus:
    import solver

    others = Hand(sum(deal.hand(s).mask for s in SEATS if s != declarer))
    verdicts = []
    for pair, merged in distinct_discards(hand, others):
        hands = tuple(Hand(hand.mask & ~pair[0].bit & ~pair[1].bit) if s == declarer
                      else deal.hand(s) for s in SEATS)
        position = make_position(Deal(hands, discard=Hand.from_cards(pair)), TOTUS,
                                 declarer=declarer)[0]
        tricks = solver.default_solver().tricks(position)
        verdicts.append(DiscardVerdict(pair, merged, tricks >= deal.size, tricks=tricks))
    verdicts.sort(key=lambda v: v.tricks)
    return Totus("open", declarer, hand, verdicts[0].sound, verdicts[0].discard, verdicts, (1,))


def _layouts(hand: Hand, others: Hand, declarer: int, leaders: tuple[int, ...],
             jobs: int | None, progress: Callable[[int], None] | None) -> Totus:
    verdicts = []
    for pair, merged in distinct_discards(hand, others):
        kept = Hand(hand.mask & ~pair[0].bit & ~pair[1].bit)
        verdict = DiscardVerdict(pair, merged, True)
        for leader in leaders:
            # One failing layout settles it: stop at the first.
            odds = layout_odds(kept, TOTUS, declarer, others=others, leader=leader,
                               target=len(kept), jobs=jobs, progress=progress, stop_after=0)
            if odds.failed or not odds.complete:
                verdict = DiscardVerdict(pair, merged, False, beaten_by=odds.worst,
                                         leader=leader)
                break
        verdicts.append(verdict)
        if verdict.sound:
            break
    verdicts.sort(key=lambda v: not v.sound)
    sound = verdicts[0].sound
    return Totus("layouts", declarer, hand, sound, verdicts[0].discard if sound else None,
                 verdicts, leaders)
