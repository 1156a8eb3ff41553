"""Games: a contract (six to ten tricks, trump or no-trump), misère, or raspasy.

`Game.parse` reads what players type: `8S`, `8♠`, `8 пик`, `8 spades`, `6NT`, `6БК`,
`6 без козыря`, `10H`, `misere`, `misère`, `мизер`, `raspasy`, `распасы`, in any case.
`str(game)` is canonical: `8S`, `6NT`, `misere`, `raspasy`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import SUIT_LETTERS, SUIT_SYMBOLS, normalize, suit_index
from .errors import PositionError, UnknownGameError

CONTRACT, MISERE, RASPASY = "contract", "misere", "raspasy"
KINDS = (CONTRACT, MISERE, RASPASY)
LEVELS = range(6, 11)
MAX_GAME_CHARS = 40  # the longest names ("шесть без козырей", "мизер без прикупа") are half
DEAL_TRICKS = 10  # tricks in a whole deal: ten cards a hand
# Prices are not a property of the game but of the table: `RuleSet.price` (rules.py).

_MISERE_WORDS = {"misere", "misère", "mizer", "мизер", "мизэр", "мизер без прикупа"}
_RASPASY_WORDS = {"raspasy", "raspas", "raspasi", "распасы", "распас", "распасовка", "all pass",
                  "pass out", "passout"}
_NO_TRUMP_WORDS = {"nt", "n", "notrump", "notrumps", "no trump", "no trumps", "no-trump",
                   "бк", "б/к", "б.к.", "бк.", "без козыря", "без козырей", "бескозырка"}
_LEVEL_WORDS = {"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
                "шесть": 6, "семь": 7, "восемь": 8, "девять": 9, "десять": 10}
_LEVEL_RE = re.compile(r"^(\d+|[a-zа-яё]+)\s*(.*)$")


@dataclass(frozen=True)
class Game:
    """A game to be played: `kind` is "contract", "misere" or "raspasy".

    A contract has `level` 6..10 and `trump` 0..3 (♠ ♣ ♦ ♥) or None for no-trump;
    misère and raspasy have neither (both None).
    """

    kind: str
    level: int | None = None
    trump: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise UnknownGameError(f"unknown game kind '{self.kind}'")
        if self.kind == CONTRACT:
            if self.level not in LEVELS:
                raise UnknownGameError(f"contract level {self.level} is not 6..10")
            if self.trump is not None and self.trump not in range(4):
                raise UnknownGameError(f"trump {self.trump} is not a suit 0..3")
        elif self.level is not None or self.trump is not None:
            raise UnknownGameError(f"{self.kind} has no level and no trump")

    @classmethod
    def contract(cls, level: int, trump: int | None) -> Game:
        """A contract of `level` tricks with `trump` (0..3) or no-trump (None)."""
        return cls(CONTRACT, level, trump)

    @classmethod
    def parse(cls, text: str | Game) -> Game:
        """Read a game name; `UnknownGameError` (a `ValueError`) naming the text otherwise."""
        if not isinstance(text, str):
            if isinstance(text, Game):
                return text
            raise UnknownGameError(f"not a game: {text!r}")
        if len(text) > MAX_GAME_CHARS:  # read no further: "8" * 10**5 is no level to convert
            raise UnknownGameError(
                f"unknown game '{text.strip()[:20]}…': {len(text)} characters; a game is"
                f" named in a few, e.g. 8S, 6NT, misere or raspasy")
        token = " ".join(normalize(text).split())
        if not token:
            raise UnknownGameError("empty game: expected e.g. 8S, 6NT, misere or raspasy")
        if token in _MISERE_WORDS:
            return cls(MISERE)
        if token in _RASPASY_WORDS:
            return cls(RASPASY)
        match = _LEVEL_RE.match(token)
        level_text, strain_text = (match.group(1), match.group(2)) if match else ("", "")
        # "10H" splits as "10" + "h"; "шесть пик" as a word + strain.
        level = int(level_text) if level_text.isdigit() else _LEVEL_WORDS.get(level_text)
        if level is None:
            raise UnknownGameError(
                f"unknown game '{text.strip()}': expected e.g. 8S, 6NT, misere or raspasy")
        if level not in LEVELS:
            raise UnknownGameError(
                f"unknown game '{text.strip()}': level {level} is not 6..10")
        strain = strain_text.strip()
        if not strain:
            raise UnknownGameError(
                f"unknown game '{text.strip()}': no trump given (S, C, D, H or NT)")
        if strain in _NO_TRUMP_WORDS:
            return cls(CONTRACT, level, None)
        trump = suit_index(strain)
        if trump is None:
            typed = " ".join(text.replace("\ufe0f", "").split())
            shown = typed[len(typed) - len(strain_text):] if len(typed) == len(token) else strain
            raise UnknownGameError(f"unknown trump '{shown.strip()}' in game '{text.strip()}'")
        return cls(CONTRACT, level, trump)

    @property
    def is_contract(self) -> bool:
        """True for a six..ten contract."""
        return self.kind == CONTRACT

    @property
    def strain(self) -> str | None:
        """For a contract "S", "C", "D", "H" or "NT"; None otherwise."""
        if self.kind != CONTRACT:
            return None
        return "NT" if self.trump is None else SUIT_LETTERS[self.trump]

    def __str__(self) -> str:
        if self.kind != CONTRACT:
            return self.kind
        return f"{self.level}{self.strain}"

    def symbol(self) -> str:
        """Display form with a suit symbol: `8♠`, `6NT`, `misère`, `raspasy`."""
        if self.kind == MISERE:
            return "misère"
        if self.kind == RASPASY:
            return "raspasy"
        strain = "NT" if self.trump is None else SUIT_SYMBOLS[self.trump]
        return f"{self.level}{strain}"

    def verdict(self, tricks: int) -> str:
        """The result of a whole deal in words, when the declarer (in raspasy: the player
        counted) takes `tricks` of its ten (RULES.md §2, §4.1).

        Contract of level L: "made" with L tricks or more (extra tricks change no price for
        the declarer; they are the defenders' loss of vists, which the trick count shows),
        else "down k" for k = L - tricks. Misère: "clean" with no trick, else "caught for k".
        Raspasy has no contract to make: "no tricks", "1 trick", "k tricks".
        """
        if isinstance(tricks, bool) or not isinstance(tricks, int) \
                or not 0 <= tricks <= DEAL_TRICKS:
            raise PositionError(f"tricks {tricks!r} is not a count of tricks 0..{DEAL_TRICKS}")
        if self.kind == CONTRACT:
            assert self.level is not None
            return "made" if tricks >= self.level else f"down {self.level - tricks}"
        if self.kind == MISERE:
            return f"caught for {tricks}" if tricks else "clean"
        if tricks == 0:
            return "no tricks"
        return f"{tricks} trick{'s' if tricks != 1 else ''}"

    def ending_verdict(self, tricks: int, left: int) -> str:
        """The verdict of an ending in which the declarer takes `tricks` of the `left` tricks
        still to play, given what the tricks before it may have brought (any number of
        them); with `left` = 10, the whole deal's `verdict`."""
        if left == DEAL_TRICKS:
            return self.verdict(tricks)
        before = DEAL_TRICKS - left
        if self.kind == MISERE:
            return (f"caught for {tricks} or more" if tricks
                    else "clean if he took no trick before")
        if self.kind != CONTRACT:
            return f"{tricks} of the {left} left"
        assert self.level is not None
        need = self.level - tricks  # tricks he must have taken before this ending
        if need <= 0:
            return "made, whatever the tricks before"
        if need > before:
            return f"down {need - before} or more"
        return f"made if he took {need} of the {before} tricks before"


def bids() -> list[Game]:
    """Every game a declarer may name after taking the talon, in the bidding's rising order
    (RULES.md §3): 6♠ 6♣ 6♦ 6♥ 6NT … 8NT, misère, 9♠ … 10NT."""
    strains = (0, 1, 2, 3, None)
    games = [Game.contract(level, trump) for level in (6, 7, 8) for trump in strains]
    games.append(Game(MISERE))
    games += [Game.contract(level, trump) for level in (9, 10) for trump in strains]
    return games
