"""Rule sets: the scoring conventions of a table (RULES.md §3–§5).

A `RuleSet` is a frozen bundle of knobs. Three presets exist, `sochi` (сочинка), `leningrad`
(ленинградка, «питер») and `rostov` (ростовка); every knob can be overridden, in Python with
keyword arguments and on the command line with `key=value` strings:

    RuleSet.preset("sochi", whist_split="gentleman", responsibility="half")
    RuleSet.preset("leningrad").with_strings(["raspasy_prices=2,4,8"])

Each knob's default and the seed text it comes from are listed in `KNOBS` (and in
`docs/rules.md`, which gives the reasoning where the texts disagree).
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any, Iterable, Mapping

from .errors import one_line


class RuleError(ValueError):
    """An unknown preset or knob, or a knob value that cannot be read."""

    def __init__(self, message: str) -> None:
        # Values quoted in the message come from files and command lines and may span lines.
        super().__init__(one_line(message))


_CHOICES: dict[str, tuple[str, ...]] = {
    "consolation": ("price", "flat", "none"),
    "whist_split": ("greedy", "gentleman"),
    "responsibility": ("full", "half"),
    "two_whister_duty": ("joint", "strict"),
    "raspasy_scoring": ("hill", "vists"),
    "raspasy_exit": ("any", "made"),
    "talon_rule": ("suit", "card", "none"),
    "return_consolation": ("returner", "own"),
    "closing": ("help", "total"),
    "help_overflow": ("own_hill", "opponents"),
    "half_whist_by": ("second", "either"),
}


@dataclass(frozen=True)
class RuleSet:
    """The scoring rules of one table. Build it with `RuleSet.preset(name, **overrides)`.

    Units: pool and hill in points, vists in vists; one hill point is worth 10 vists.
    `prices` are the prices `c` of six..ten; a trick on the hill costs `c * hill_multiplier`,
    a whister's trick `c * vist_multiplier` vists.
    """

    name: str = "sochi"
    prices: tuple[int, ...] = (2, 4, 6, 8, 10)
    misere_price: int = 10
    hill_multiplier: int = 1
    vist_multiplier: int = 1
    consolation: str = "price"
    consolation_flat: int = 10
    whist_split: str = "greedy"
    gentleman_split_made: bool = False
    responsibility: str = "full"
    two_whister_duty: str = "joint"
    tenner_checked: bool = True
    half_whist: bool = True
    half_whist_by: str = "second"
    return_whist: bool = True
    return_consolation: str = "returner"
    six_spades_whist: bool = False
    dealer_consolation: bool = True
    dealer_honours: bool = True
    raspasy_prices: tuple[int, ...] = (1, 2, 3)
    raspasy_scoring: str = "hill"
    raspasy_zero_pool: bool = True
    raspasy_vist_rate: int = 5
    raspasy_exit: str = "any"
    talon_rule: str = "suit"
    pool_value: int = 1
    closing: str = "help"
    help_overflow: str = "own_hill"

    def __post_init__(self) -> None:
        for knob, kind in _KNOB_TYPES.items():
            _check_type(knob, getattr(self, knob), kind)
        for knob, allowed in _CHOICES.items():
            value = getattr(self, knob)
            if value not in allowed:
                raise RuleError(
                    f"rule {knob}='{value}' is not one of: {', '.join(allowed)}")
        if len(self.prices) != 5 or any(p <= 0 for p in self.prices):
            raise RuleError(f"rule prices={_show(self.prices)}: five positive prices, six..ten")
        if not self.raspasy_prices or any(p < 0 for p in self.raspasy_prices):
            raise RuleError(
                f"rule raspasy_prices={_show(self.raspasy_prices)}: one or more prices >= 0")
        for knob in ("misere_price", "hill_multiplier", "vist_multiplier", "pool_value"):
            if getattr(self, knob) <= 0:
                raise RuleError(f"rule {knob}={getattr(self, knob)} must be positive")
        for knob in ("consolation_flat", "raspasy_vist_rate"):
            if getattr(self, knob) < 0:
                raise RuleError(f"rule {knob}={getattr(self, knob)} must not be negative")

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str = "sochi", **overrides: Any) -> RuleSet:
        """The preset `name` (sochi, leningrad, rostov; Russian names too) with overrides."""
        key = _PRESET_ALIASES.get(name.strip().lower()) if isinstance(name, str) else None
        if key is None:
            raise RuleError(
                f"unknown rule set '{name}': expected {', '.join(PRESETS)}")
        return PRESETS[key].with_(**overrides)

    @classmethod
    def get(cls, rules: RuleSet | str | None) -> RuleSet:
        """`rules` itself if it is a `RuleSet`, else the preset of that name (None: sochi)."""
        if isinstance(rules, RuleSet):
            return rules
        return cls.preset("sochi" if rules is None else rules)

    def with_(self, **overrides: Any) -> RuleSet:
        """A copy with knobs replaced; values may be typed objects or strings."""
        known = {f.name for f in fields(self)}
        values = {}
        for key, value in overrides.items():
            if key not in known or key == "name":
                raise RuleError(f"unknown rule '{key}': expected one of {', '.join(KNOBS)}")
            values[key] = _coerce(key, value) if isinstance(value, str) else _typed(key, value)
        return replace(self, **values)

    def with_strings(self, assignments: Iterable[str]) -> RuleSet:
        """A copy with `key=value` assignments applied (the command line's `--rule`)."""
        overrides: dict[str, Any] = {}
        for text in assignments:
            key, sep, value = text.partition("=")
            if not sep or not key.strip():
                raise RuleError(f"rule '{text}' is not key=value")
            overrides[key.strip()] = value.strip()
        return self.with_(**overrides)

    # -- derived quantities ---------------------------------------------------------------

    def price(self, level: int | None) -> int:
        """The price `c` of a contract of `level` tricks, or of misère (`level` None)."""
        if level is None:
            return self.misere_price
        return self.prices[level - 6]

    def raspasy_price(self, round_: int) -> int:
        """Hill points per trick on the `round_`-th raspasy in a row (1, 2, …; last repeats)."""
        if round_ < 1:
            raise RuleError(f"raspasy round {round_} must be 1 or more")
        return self.raspasy_prices[min(round_, len(self.raspasy_prices)) - 1]

    @property
    def responsibility_factor(self) -> Fraction:
        """Share of the price a whister writes on his hill per missing trick."""
        return Fraction(1) if self.responsibility == "full" else Fraction(1, 2)

    def knobs(self) -> dict[str, Any]:
        """Every knob and its value (JSON-friendly: tuples become lists)."""
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v
                for f in fields(self)}

    def changed_from_preset(self) -> dict[str, Any]:
        """The knobs that differ from the preset this rule set is named after."""
        base = PRESETS.get(self.name, PRESETS["sochi"]).knobs()
        return {k: v for k, v in self.knobs().items() if base.get(k) != v}


def _show(value: tuple[int, ...]) -> str:
    return ",".join(str(v) for v in value)


_TRUE = {"true", "yes", "on", "1", "да"}
_FALSE = {"false", "no", "off", "0", "нет"}


def _coerce(key: str, text: str) -> Any:
    """Read the string `text` as the value of knob `key`."""
    kind = _KNOB_TYPES[key]
    word = text.strip().lower()
    if kind is bool:
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        raise RuleError(f"rule {key}='{text}' is not true or false")
    if kind is int:
        try:
            return int(word)
        except ValueError:
            raise RuleError(f"rule {key}='{text}' is not a whole number") from None
    if kind is tuple:
        try:
            return tuple(int(part) for part in word.replace(";", ",").split(",") if part.strip())
        except ValueError:
            raise RuleError(f"rule {key}='{text}' is not a list of numbers like 1,2,3") from None
    return word


def _typed(key: str, value: Any) -> Any:
    """Check a typed override (Python API) and normalise lists to tuples."""
    kind = _KNOB_TYPES[key]
    if kind is tuple and isinstance(value, list):
        value = tuple(value)
    _check_type(key, value, kind)
    return value


def _is_whole(value: Any) -> bool:
    # bool is an int subclass, but `True` is never meant as a price.
    return isinstance(value, int) and not isinstance(value, bool)


def _check_type(key: str, value: Any, kind: type) -> None:
    """Raise a `RuleError` naming the knob and the bad value unless `value` is a `kind`."""
    if kind is tuple:
        if not isinstance(value, tuple):
            raise RuleError(f"rule {key}={value!r} is not a list of whole numbers")
        for item in value:
            if not _is_whole(item):
                raise RuleError(f"rule {key}: {item!r} in {list(value)!r} is not a whole number")
        return
    if kind is int and not _is_whole(value):
        raise RuleError(f"rule {key}={value!r} is not a whole number")
    if not isinstance(value, kind):
        wanted = {bool: "true or false", str: "a word"}.get(kind, "a whole number")
        raise RuleError(f"rule {key}={value!r} is not {wanted}")


_KNOB_TYPES: dict[str, type] = {
    "prices": tuple, "misere_price": int, "hill_multiplier": int, "vist_multiplier": int,
    "consolation": str, "consolation_flat": int, "whist_split": str,
    "gentleman_split_made": bool, "responsibility": str, "two_whister_duty": str,
    "tenner_checked": bool, "half_whist": bool, "half_whist_by": str, "return_whist": bool,
    "return_consolation": str, "six_spades_whist": bool, "dealer_consolation": bool,
    "dealer_honours": bool, "raspasy_prices": tuple, "raspasy_scoring": str,
    "raspasy_zero_pool": bool, "raspasy_vist_rate": int, "raspasy_exit": str,
    "talon_rule": str, "pool_value": int, "closing": str, "help_overflow": str,
}

#: Every knob: (meaning, where the defaults come from). docs/rules.md has the long form.
KNOBS: dict[str, tuple[str, str]] = {
    "prices": ("price c of six..ten: pool on a made game, hill per trick short",
               "seed 000 table; seed 003 §8; seed 004 tables (all presets 2,4,6,8,10)"),
    "misere_price": ("price of misère: pool when made, hill per trick taken",
                     "seed 000; seed 004 tables (10)"),
    "hill_multiplier": ("hill per trick short = c × this (declarer and whisters)",
                        "seed 004 tables: Leningrad writes twice the Sochi hill (2); others 1"),
    "vist_multiplier": ("vists per whister's trick = c × this; also scales consolation",
                        "seed 004 §1: Leningrad 4, 8, 12, 16 a trick (2); Sochi half (1)"),
    "consolation": ("extra vists on a set declarer: price (c·k × vist_multiplier), flat, none",
                    "seed 000 (Sochi), seed 004 (Leningrad price; Rostov flat 10 a trick)"),
    "consolation_flat": ("vists per trick short when consolation=flat",
                         "seed 004: Rostov, 10 per trick"),
    "whist_split": ("one whister and a passer: greedy (all vists to the whister) or "
                    "gentleman (halved between them)",
                    "seed 000: Sochi greedy; seed 004 example: Leningrad gentleman; "
                    "seed 003 §5.3 (gentleman is the usual one) for Rostov"),
    "gentleman_split_made": ("gentleman whist also halves the vists when the game is made",
                             "seed 001 halves only on a set declarer (false); seed 003 §5.3 "
                             "reads as always"),
    "responsibility": ("a whister short of his duty writes full or half the price per trick",
                       "seed 000 Sochi full; seed 004 table Leningrad full, Rostov half"),
    "two_whister_duty": ("two whisters: joint duty (shortfall shared as the texts say) or "
                         "strict greedy (each his own share, always)",
                         "seeds 000, 001, 003 §5.1 joint; seed 003 §5.4 strict"),
    "tenner_checked": ("the ten-trick game is checked, not whisted",
                       "seeds 000, 001, 003 §4.1 (true)"),
    "half_whist": ("half-whist (полвиста, «за свои») on six and seven",
                   "seed 000; seed 001; seed 003 §4.2 (true)"),
    "half_whist_by": ("who may go half-whist: second (only the second defender, after the "
                      "first passed) or either (the one whister whose partner passed)",
                      "RULES.md §3, seed 000 second; seeds 001, 003 §4.2 either"),
    "return_whist": ("the passer may return a half-whist (возвратный вист)",
                     "seed 000; seed 003 §4.2 (true)"),
    "return_consolation": ("a returned whist on a set declarer: the returner writes both "
                           "consolations, or each his own",
                           "seeds 000 and 001 returner; seed 003 §5.1 own"),
    "six_spades_whist": ("six spades must be whisted by both defenders",
                         "seed 002 classic (false in all three presets)"),
    "dealer_consolation": ("with four players the dealer writes consolation too",
                           "seeds 001, 003 §7.2, 004 (true)"),
    "dealer_honours": ("with four players the dealer writes vists for honours in the talon",
                       "seeds 001, 003 §7.4, 004 (true)"),
    "raspasy_prices": ("hill points per trick on the 1st, 2nd, 3rd… raspasy in a row; "
                       "the last repeats",
                       "seed 000 Sochi 1,2,3; seed 004 Leningrad 2,4,6; Rostov 1,2,3 "
                       "(rate 5, 10, 15)"),
    "raspasy_scoring": ("raspasy written on the hill, or in vists (Rostov)",
                        "seeds 000, 004 hill; seed 004 Rostov vists"),
    "raspasy_zero_pool": ("a player with no trick on raspasy writes the price into his pool "
                          "(divided by pool_value)",
                          "seed 000; seed 003 §7.3 (true for the hill presets)"),
    "raspasy_vist_rate": ("Rostov raspasy: vists per trick = rate × raspasy price",
                          "seed 004: 5, 10 or 15"),
    "raspasy_exit": ("which game ends a run of raspasy: any game, or only a made one",
                     "seed 000 (any; «made» is its variant)"),
    "talon_rule": ("the preset's raspasy talon convention for the analysis layer: suit, card "
                   "or none (no effect on scores; prefdd solve/table/raspasy take "
                   "--talon-rule directly)",
                   "seed 000 suit; seed 002 card; seed 003 none"),
    "pool_value": ("a pool point is worth this many hill points at settlement",
                   "seed 004: Leningrad 2 («одно очко в пуле равно двум очкам в горе»); "
                   "others 1"),
    "closing": ("help: a closed pool helps the others (Sochi); total: pools grow until their "
                "sum reaches the target, then are equalised on the hill",
                "seeds 000, 004 §4.2.3 help; seed 004 §4.2.3.3 Leningrad; seed 003 §9 Rostov"),
    "help_overflow": ("help nobody can take: off one's own hill (even below zero), or own "
                      "hill to zero and the rest on each opponent's hill",
                      "seed 004 §4.1.1 own_hill; seed 000 opponents (same value in vists)"),
}

PRESETS: dict[str, RuleSet] = {
    "sochi": RuleSet(name="sochi"),
    "leningrad": RuleSet(
        name="leningrad", hill_multiplier=2, vist_multiplier=2, whist_split="gentleman",
        raspasy_prices=(2, 4, 6), pool_value=2, closing="total"),
    "rostov": RuleSet(
        name="rostov", consolation="flat", whist_split="gentleman", responsibility="half",
        raspasy_scoring="vists", raspasy_zero_pool=False, closing="total"),
}

_PRESET_ALIASES: Mapping[str, str] = {
    "sochi": "sochi", "сочи": "sochi", "сочинка": "sochi", "sochinka": "sochi",
    "leningrad": "leningrad", "ленинград": "leningrad", "ленинградка": "leningrad",
    "piter": "leningrad", "питер": "leningrad", "leningradka": "leningrad",
    "rostov": "rostov", "ростов": "rostov", "ростовка": "rostov", "rostovka": "rostov",
}
