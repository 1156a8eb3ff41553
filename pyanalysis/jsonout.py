"""JSON shapes shared by every JSON output (`solve --json`, `play --json`, batch lines)."""
from __future__ import annotations

from typing import Iterable

from .cards import Card

__all__ = ["cards_to_json", "moves_to_json"]


def moves_to_json(moves: dict[Card, int]) -> dict[str, int]:
    """``{Card: tricks}`` as a JSON object in a fixed order: suits ♠ ♣ ♦ ♥, high cards first."""
    ordered = sorted(moves.items(), key=lambda item: (item[0].suit, -item[0].rank))
    return {str(card): tricks for card, tricks in ordered}


def cards_to_json(cards: Iterable[Card]) -> list[str]:
    """Cards as ``["AS", "TD"]``, in the order given."""
    return [str(card) for card in cards]
