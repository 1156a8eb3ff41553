"""The words and shapes every renderer shares: seats, cards, hands, prose, tables, numbers."""
from __future__ import annotations

import math

import textwrap
from fractions import Fraction
from typing import Any, Iterable, Sequence

import pyanalysis as pa
from pyanalysis.analysis.layouts import MAX_DRAWS
from pyanalysis.analysis.sampling import SEAT_BID_LAYOUTS
from pyanalysis.analysis.settle import FIRST_LOOK, stop_words
from pyanalysis.diagram import SEAT_NAMES, hand_lines
from pyanalysis.games import MISERE
from pyanalysis.rules import RuleSet
from pyanalysis.scoring import DEALER
from pyanalysis.wording import percent

__all__ = [
    "SHORT_SEATS", "WIDTH", "amount", "card_text", "count", "either", "format_cards",
    "fraction_text", "game_text", "hand_text", "interval_text", "knob", "merged_text",
    "more_samples_words", "noise_words", "noun", "pair_text", "percent", "plus_minus",
    "rules_text", "sampled_sentence", "sampled_share", "say", "seat_name", "short", "signed",
    "table", "the_others", "who", "with_error",
]

WIDTH = 92  # prose is wrapped to this width; diagrams and tables are not

#: "1st" for the 1st hand: the seat names without "hand", for the columns of a line of play.
SHORT_SEATS = {seat: name.split()[0] for seat, name in SEAT_NAMES.items()}


#: How a bidding filter reads in a sentence ("if every layout is kept").
FILTER_MODELS = {"seat": "his bid is judged from his own seat", "dd": "his bid is judged"
                 " double-dummy on each layout", "clean": "his misère is judged double-dummy"
                 " on each layout", "none": "every layout is kept"}


def seat_filter_text(game: pa.Game) -> str:
    """The sentence naming the "seat" bidding filter (`sampling.seat_bids`)."""
    if game.kind == MISERE:
        rule = "he is clean in at least half of them"
    else:
        rule = (f"he makes {game.level} in at least half of them and {game.level + 1} in"
                f" fewer than 70%" if game.level < 10 else
                f"he makes {game.level} in at least half of them")
    return (f"Bidding filter: a layout is kept only if the declarer would declare this game"
            f" from his own seat: his twelve cards, with one discard, over"
            f" {SEAT_BID_LAYOUTS} layouts of the cards he cannot see, {rule} (double-dummy;"
            f" --filter bid, the default).")


def seat_name(seat: int) -> str:
    """1 -> "1st hand"."""
    return SEAT_NAMES[seat]


def who(seat: int) -> str:
    """4 -> "dealer", 2 -> "2nd hand"."""
    return "dealer" if seat == DEALER else seat_name(seat)


def short(seat: int) -> str:
    """4 -> "dealer", 2 -> "2nd"."""
    return "dealer" if seat == DEALER else SHORT_SEATS[seat]


def the_others(declarer: int) -> str:
    """"the 2nd hand and the 3rd hand": the two seats other than `declarer`."""
    first, second = [seat_name(s) for s in (1, 2, 3) if s != declarer]
    return f"the {first} and the {second}"


def card_text(card: pa.Card, symbols: bool = True) -> str:
    """A card for people: ``A♠`` (or ``AS`` without symbols)."""
    return card.symbol() if symbols else str(card)


def format_cards(cards: Iterable[pa.Card], symbols: bool = True) -> str:
    """Cards separated by spaces."""
    return " ".join(card_text(card, symbols) for card in cards)


def either(names: Sequence[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def pair_text(pair: Sequence[pa.Card], symbols: bool) -> str:
    """A discard, suit by suit, high card first: ``K♦ Q♦``."""
    return format_cards(sorted(pair, key=lambda c: (c.suit, -c.rank)), symbols)


def merged_text(merged: Sequence[Sequence[pa.Card]], symbols: bool) -> str:
    """Discards that play the same, separated by commas."""
    return ", ".join(pair_text(pair, symbols) for pair in merged)


def hand_text(hand: pa.Hand, symbols: bool) -> str:
    """A hand on one line: ``♠ A K Q   ♣ A K Q J 9   ♦ -   ♥ A K``."""
    return "   ".join(hand_lines(hand, symbols))


def game_text(game: pa.Game, symbols: bool) -> str:
    """``8♠`` (``8S`` without symbols)."""
    return game.symbol() if symbols else str(game)


def count(n: int) -> str:
    """184756 -> "184,756"."""
    return f"{n:,}"


def fraction_text(value: Fraction) -> str:
    """Fraction(3, 4) -> "3/4"."""
    return f"{value.numerator}/{value.denominator}"


def noun(n: int, word: str = "trick") -> str:
    """1 -> "1 trick", 2 -> "2 tricks"."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def signed(value: Fraction | float) -> str:
    """+14.67, -1.33, +0.00: vists to two decimals with their sign. A value that is not zero
    but rounds to it keeps enough decimals to show its sign and size: -0.003, +0.0004."""
    number = float(value)
    shown = f"{number:+.2f}"
    if number and float(shown) == 0:
        places = math.ceil(-math.log10(abs(number)))  # the first decimal that is not 0
        return f"{number:+.{places}f}" if places <= 6 else f"{number:+.1e}"
    return "+0.00" if shown == "-0.00" else shown


def amount(value: Fraction | float) -> str:
    """A size in vists, without sign: 22.67."""
    return f"{abs(float(value)):.2f}"


def plus_minus(symbols: bool) -> str:
    """The sign between a value and its standard error."""
    return "±" if symbols else "+/-"


def more_samples_words(result: Any, runner: str) -> str:
    """What would tell two options apart that the layouts drawn do not: more --samples, or,
    after a practical stop (`analysis.settle`), --fixed (more --samples alone would stop at
    the same look)."""
    if getattr(result, "stopped", None) == "practical":
        return (f"the draw stopped there, {runner} being no better by more than the practical"
                f" margin; --fixed counts all --samples")
    return "more --samples would"


def noise_words(margin: Fraction | float, se: float | None) -> str:
    """", within noise" for a sampled margin of less than two standard errors (a flip of
    the verdict it shows is one the layouts drawn cannot tell from a tie), else nothing."""
    return ", within noise" if se is not None and se > 0 and margin < 2 * se else ""


def with_error(value: Fraction | float, se: float | None, symbols: bool, sign: bool = True,
               places: int | None = None, layouts: int | None = None) -> str:
    """A value and its standard error: "+1.20 ± 0.31". `places` shows the value unsigned
    to that many decimals; otherwise it is signed (`sign`) or an unsigned size.

    None (every layout counted) shows the value alone. A sampled value whose standard error
    is 0 is one every layout drawn agrees on: "+13.33 (all 10 layouts alike)" (`layouts`:
    how many; without it "(all alike)"), never "± 0.00"; an error that rounds to 0.00 keeps
    its first figure ("± 0.003")."""
    if places is not None:
        shown = f"{float(value):.{places}f}"
    else:
        shown = signed(value) if sign else amount(value)
    if se is None:
        return shown
    if se == 0:
        return f"{shown} (all {count(layouts)} layouts alike)" if layouts else \
            f"{shown} (all alike)"
    error = f"{se:.2f}" if se >= 0.005 else f"{se:.1g}"
    return f"{shown} {plus_minus(symbols)} {error}"


def interval_text(interval: tuple[float, float], symbols: bool) -> str:
    """A share's 95% interval as percentages to one decimal, rounded outwards so that the
    shown interval holds the computed one: "95% interval 72.2–100%"."""
    low = math.floor(interval[0] * 1000 + 1e-9) / 10
    high = math.ceil(interval[1] * 1000 - 1e-9) / 10

    def shown(p: float) -> str:
        return f"{p:.0f}" if p in (0, 100) else f"{p:.1f}"
    return f"95% interval {shown(low)}{'–' if symbols else '-'}{shown(high)}%"


def sampled_share(share: Fraction, interval: tuple[float, float] | None, layouts: int,
                  symbols: bool) -> str:
    """A share of the layouts with how sure it is: "91.00% (95% interval 87.1–93.9%) of 200
    layouts" when drawn (`interval`), "91.00% of the 184,756 layouts" when every one was
    counted (`interval` None)."""
    if interval is None:
        return f"{percent(share)} of the {count(layouts)} layouts"
    return f"{percent(share)} ({interval_text(interval, symbols)}) of {count(layouts)} layouts"


def knob(value: object) -> str:
    """A knob's value as it is typed after --rule: `1,2,4`, `false`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return ",".join(map(str, value)) if isinstance(value, list) else str(value)


def changed_knobs(rules: RuleSet) -> str:
    """"whist_split=gentleman, ..." for the knobs changed from the preset ("" when none)."""
    return ", ".join(f"{k}={knob(v)}" for k, v in rules.changed_from_preset().items())


def rules_text(rules: RuleSet) -> str:
    """"sochi" or "sochi, changed: whist_split=gentleman"."""
    changed = changed_knobs(rules)
    return f"{rules.name}, changed: {changed}" if changed else rules.name


def sampled_sentence(result: Any, each: str, close: Sequence[str] = ()) -> str:
    """The layouts of a sampled seat view (a result with the fields of `Sampled`) in one
    sentence: drawn at random, kept, the share kept and the seed; when fewer were kept than
    asked, that first, with the limit that stopped the draw. `each`: what is scored on the
    same layouts ("lead", "word"); `close`: the options not told apart from the best (the
    best first), named when the draw reached its cap."""
    share = percent(Fraction(result.kept, result.drawn)) if result.drawn else "-"
    seed = f"seed {result.seed}" if result.seed is not None else "no seed"
    same = f"Every {each} is scored on the same layouts."
    if result.short:
        more = "; --draw N draws more" if result.max_draws < MAX_DRAWS else ""
        return (f"Layouts: only {count(result.kept)} kept of {count(result.asked)} asked: the"
                f" random draw stopped at its limit of {count(result.drawn)} layouts ({share}"
                f" kept{more}); {seed}. {same}")
    return (f"Layouts: {count(result.drawn)} drawn at random, {count(result.kept)} kept"
            f" ({share}); {seed}{stopping_clause(result, close)}. {same}")


def stopping_clause(result: Any, close: Sequence[str] = ()) -> str:
    """"; settled after 300 of at most 1,000 layouts" for a result that says why its draw
    stopped (`analysis.settle`); nothing for one that kept every layout asked as asked."""
    stopped = getattr(result, "stopped", None)
    if (stopped is None or getattr(result, "exact", False) or stopped == "fixed"
            or (stopped == "cap" and result.asked <= FIRST_LOOK)):  # no look before the cap
        return ""
    return "; " + stop_words(stopped, result.kept, close, cap=result.asked)


def say(text: str) -> list[str]:
    """A sentence or two for people, wrapped to the width of a terminal."""
    return textwrap.wrap(text, width=WIDTH, break_on_hyphens=False, break_long_words=False)


def table(rows: Sequence[Sequence[str]], right: Iterable[int] = ()) -> list[str]:
    """Rows as aligned columns (the first row is the header), indented by two spaces."""
    right = set(right)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
                 for i, cell in enumerate(row)]
        lines.append(("  " + "   ".join(cells)).rstrip())
    return lines
