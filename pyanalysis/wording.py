"""Numbers as people read them, shared by the command line and the HTML report."""
from __future__ import annotations

from fractions import Fraction


def percent(value: Fraction | float) -> str:
    """A share (0..1) as a percentage, never rounded to 0% or 100% when it is not exactly that.

    >>> percent(Fraction(1, 3)), percent(0.99999), percent(0)
    ('33.33%', '>99.99%', '0.00%')
    """
    p = float(value) * 100
    if 0 < p < 0.005:
        return "<0.01%"
    if 99.995 <= p < 100:
        return ">99.99%"
    return f"{p:.2f}%"
