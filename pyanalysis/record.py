"""The record of one played deal: the deal, the game, the whisting and the cards as played.

Not to be confused with a score-sheet record (`sheet_io.SheetRecord`: many deals and their
results, no cards). This one is a single deal card by card, for reviewing the play.

Text form, one field a line (`key: value`), `#` starts a comment, blank lines are ignored,
keys in any case:

    deal: J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD   # any notation Deal.parse reads
    game: 8S                 # 8S, 6NT, misere, raspasy, мизер, ... (Game.parse)
    declarer: 2              # contracts and misère: the declarer's seat 1..3
    talon rule: suit         # raspasy only: suit, card or none (default: suit on a full deal)
    leader: 1                # the seat leading trick 1 (default 1)
    whist: whist pass        # the whist words in the order said (first defender first)
    whisting: open           # contracts: open (в светлую) or closed (втёмную) whist; default
                             #   closed with two whisters (or no words), open with one
    play: 7C AC 9S / ...     # the cards in play order, tricks separated by `/`
    claim: 2 rest            # optional: seat 2 claims the rest (or a number: that many more)
                             #   misère, raspasy: `2 none`, `2 at most 1`; a catcher `1 at least 2`
    stop: agreed             # optional instead of a claim: play stopped by agreement

A line that starts with no known key continues the field before it: a long `play:` (or a deal
typed on three lines) may span lines, and `play:` may also be repeated. A key like a known one
mistyped (`gmae:`) is refused, naming the one meant, in both forms. Cards are read by
`Card.parse` (`AS`, `♠A`, `10♥`, `Т♠`, ...). A trick may begin with its leader's seat and a
colon (`/ 3: AH 7H 8S`), which is then checked. The claimant may be written `declarer`, and
`claim: declarer takes the rest` reads like `claim: 2 rest`. A claim is what the claimant's
role claims (`CLAIM_KINDS`): in a contract his side *takes* N more (`2 3`, `2 rest`); the misère
declarer and a raspasy player claim he takes *at most* N more (`2 at most 1`; `2 none` is at
most 0); a misère catcher claims the declarer takes *at least* N more (`1 at least 2`). A
number alone (`2 1`) is the claim of the claimant's role; `rest` and a seat alone are contract
claims; in raspasy a player claims only his own tricks. The whist words are those of the
score sheet (whist, pass, half, return; вист, пас, полвиста, возврат) and are checked when
the deal is scored. `whisting:` says whether the defenders' hands lay open (`open`, в светлую)
or stayed closed (`closed`, втёмную); it matters only to what each player saw
(`review(..., view="seat")`). Not given, it follows the rules (`Record.whisting_rule`): two
whisters always play closed (RULES.md §3), so do the words' default (both whist) and no words;
one whister chooses, and open is the usual choice (seed 000: he plays closed when it does not
pay to let the declarer see the layout), so one whister means open; misère is played open.
Closed whist is refused with two whisters and in misère; raspasy has no whisting.

JSON form: an object with the same fields, `"talon_rule"` for the talon rule, `"whist"` a list
of words, `"whisting"` "open" or "closed" (or null), `"play"` a list of tricks (each a list of cards) or a string as in the text form,
`"claim"` an object `{"seat": 2, "kind": "take", "tricks": "rest"}` (`"kind"` one of
`CLAIM_KINDS`, optional: the claimant's role decides) and `"stop": "agreed"`. JSON nested
deeper than `MAX_NESTING` levels is refused (a record needs three).

Reading checks the play trick by trick and names the trick and the card when a play is
illegal: a card the seat does not hold, a card played twice, not following suit, not
trumping, a trick led by the wrong seat. The leader of each trick is the winner of the one
before; in raspasy the talon tricks (rule `suit` or `card`) and the trick after them are led by
the 1st hand (RULES.md §2.3). `str(record)` is the canonical text:
`Record.parse(str(r)) == r`.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from .cards import Card
from .deal import Deal
from .errors import NotationError, read_json
from .games import CONTRACT, RASPASY, Game
from .play import IllegalCard, Play, Trick
from .seat import Seat

__all__ = ["Record", "Trick", "RecordError", "CLAIM_KINDS", "WHISTINGS", "claim_kind",
           "claim_text", "read_claim_words"]

_KEYS = {
    "deal": "deal", "сдача": "deal", "расклад": "deal",
    "game": "game", "игра": "game",
    "declarer": "declarer", "играющий": "declarer",
    "leader": "leader", "first lead": "leader",
    "talon rule": "talon_rule", "talon_rule": "talon_rule",
    "whist": "whist", "вист": "whist",
    "whisting": "whisting",
    "play": "play", "ход": "play", "ходы": "play",
    "claim": "claim", "stop": "stop",
}
#: The deepest nesting read in a record's JSON: an object holds the play, the play its tricks,
#: a trick its cards (3 levels). Deeper data is refused before it is read any further.
MAX_NESTING = 8
_KEY_RE = re.compile(r"^\s*([^\W\d][\w ]*?)\s*:(.*)$", re.S)
_STOPS = ("agreed",)
#: What a claim says of the tricks still to play: the claimant's side *takes* N (contracts),
#: the focus player takes *at most* N (the misère declarer, a raspasy player of himself), the
#: misère declarer takes *at least* N (claimed by a catcher).
TAKE, AT_MOST, AT_LEAST = "take", "at most", "at least"
#: The whisting a record may state: the defenders' hands laid open, or kept closed.
WHISTINGS = ("open", "closed")
CLAIM_KINDS = (TAKE, AT_MOST, AT_LEAST)
_FILLER = ("takes", "take", "the", "all", "he", "more", "tricks", "trick")


class RecordError(NotationError):
    """A record that cannot be read, or whose play breaks the rules (the message says where)."""


@dataclass(frozen=True)
class Record:
    """One played deal.

    `deal` the hands at the start (and the talon); `game`; `declarer` (None in raspasy);
    `leader` of trick 1; `talon_rule` (raspasy: the rule in force, resolved as `solve` does;
    None for other games); `whist` the whist words in the order said; `plays` every card in
    play order; `claimant`/`claimed`: a claim after the last card (`claimed` the tricks claimed
    from there on, the unfinished trick included; None means the rest); `stop`: "agreed" when
    play stopped by agreement; `claim_kind`: what the claim says (`CLAIM_KINDS`: "take" in a
    contract, "at most" by the misère declarer or a raspasy player, "at least" by a misère
    catcher; None given: the claimant's role decides); `whisting`: "open" or "closed" as
    given (None: `whisting_rule` decides). `tricks` (computed) splits the play into `Trick`s with leaders
    and winners; construction checks every card and raises `RecordError` naming the trick.
    """

    deal: Deal
    game: Game
    declarer: int | None = None
    leader: int = 1
    talon_rule: str | None = None
    whist: tuple[str, ...] = ()
    plays: tuple[Card, ...] = ()
    claimant: int | None = None
    claimed: int | None = None
    stop: str | None = None
    claim_kind: str | None = None
    whisting: str | None = None
    leaders_given: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)
    tricks: tuple[Trick, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "deal", Deal.parse(self.deal))
        set_(self, "game", Game.parse(self.game))
        if isinstance(self.whist, str):
            set_(self, "whist", tuple(self.whist.split()))
        set_(self, "whist", tuple(str(w).strip().lower() for w in self.whist))
        if isinstance(self.plays, str):
            set_(self, "plays", tuple(_cards(self.plays.replace("/", " ").split())))
        set_(self, "plays", tuple(Card.parse(c) for c in self.plays))
        self._check_header()
        set_(self, "tricks", tuple(_play_tricks(self)))
        self._check_end()

    # ------------------------------------------------------------------ reading and writing

    @classmethod
    def parse(cls, text: str) -> Record:
        """Read a record from its text form, or from JSON when the text starts with `{`."""
        if not isinstance(text, str):
            raise RecordError(f"not a record: {text!r}")
        if text.lstrip().startswith("{"):
            return cls.from_dict(read_json(
                text, RecordError, f"the record is nested too deeply: a record's JSON is at"
                                   f" most {MAX_NESTING} levels deep"))
        return cls.from_dict(_read_text(text))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Record:
        """Build a record from its JSON form (see the module doc); `to_dict` is the inverse."""
        if not isinstance(data, Mapping):
            raise RecordError("a record in JSON is an object with deal, game, play, ...")
        _check_nesting(data)
        known = {"deal", "game", "declarer", "leader", "talon_rule", "whist", "whisting", "play",
                 "claim", "stop"}
        unknown = sorted(set(data) - known, key=str)
        if unknown:
            raise RecordError(f"unknown field '{unknown[0]}' "
                              + _nearest(unknown[0], known, "(expected one of: "
                                         f"{', '.join(sorted(known))})"))
        for name in ("deal", "game"):
            if name not in data or data[name] in (None, ""):
                raise RecordError(f"the record has no {name}: add a '{name}:' line")
        play, leaders = _read_play(data.get("play", ()))
        claimant, kind, claimed = _read_claim(data.get("claim"), data.get("declarer"))
        whist = data.get("whist") or ()
        if not isinstance(whist, (str, list, tuple)):
            raise RecordError(f"whist: expected the words as said, got {whist!r}")
        stop = data.get("stop")
        if stop is not None:
            stop = str(stop).strip().lower()
        whisting = data.get("whisting")
        if whisting is not None:
            whisting = " ".join(str(whisting).lower().split())
            whisting = _WHISTING_WORDS.get(whisting, whisting)
        return cls(deal=Deal.parse(_text(data["deal"], "deal")),
                   game=Game.parse(_text(data["game"], "game")),
                   declarer=_seat(data.get("declarer"), "declarer"),
                   leader=_seat(data.get("leader", 1), "leader"),
                   talon_rule=data.get("talon_rule"),
                   whist=tuple(whist.split()) if isinstance(whist, str) else tuple(whist),
                   plays=tuple(play), claimant=claimant, claimed=claimed, stop=stop,
                   claim_kind=kind, whisting=whisting, leaders_given=leaders)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: deal, game, declarer, leader, talon_rule, whist, play (tricks as lists
        of cards), claim, stop, and whisting when given; fields that do not apply are null or
        empty."""
        claim = None
        if self.claimant is not None:
            claim = {"seat": self.claimant, "kind": self.claim_kind,
                     "tricks": "rest" if self.claimed is None else self.claimed}
        out = {
            "deal": str(self.deal), "game": str(self.game), "declarer": self.declarer,
            "leader": self.leader, "talon_rule": self.talon_rule, "whist": list(self.whist),
            "play": [[str(c) for c in t.cards] for t in self.tricks],
            "claim": claim, "stop": self.stop,
        }
        if self.whisting is not None:
            out["whisting"] = self.whisting
        return out

    def __str__(self) -> str:
        lines = [f"deal: {self.deal}", f"game: {self.game}"]
        if self.declarer is not None:
            lines.append(f"declarer: {self.declarer}")
        if self.talon_rule is not None:
            lines.append(f"talon rule: {self.talon_rule}")
        lines.append(f"leader: {self.leader}")
        if self.whist:
            lines.append(f"whist: {' '.join(self.whist)}")
        if self.whisting is not None:
            lines.append(f"whisting: {self.whisting}")
        tricks = [" ".join(str(c) for c in t.cards) for t in self.tricks]
        for start in range(0, len(tricks), 5):
            prefix = "play: " if start == 0 else "      "
            tail = " /" if start + 5 < len(tricks) else ""
            lines.append(prefix + " / ".join(tricks[start:start + 5]) + tail)
        if self.claimant is not None:
            lines.append(f"claim: {self.claimant} "
                         f"{claim_text(self.claim_kind or TAKE, self.claimed)}")
        if self.stop is not None:
            lines.append(f"stop: {self.stop}")
        return "\n".join(lines) + "\n"

    # ------------------------------------------------------------------ facts

    @property
    def size(self) -> int:
        """Tricks in the deal (cards in each hand at the start)."""
        return self.deal.size

    @property
    def complete(self) -> bool:
        """Whether every trick was played."""
        return len(self.plays) == 3 * self.size

    @property
    def remaining(self) -> int:
        """Tricks not yet finished after the last card (the unfinished one included)."""
        return self.size - len(self.plays) // 3

    @property
    def taken(self) -> dict[int, int]:
        """Tricks each seat took in the finished tricks."""
        out = {1: 0, 2: 0, 3: 0}
        for trick in self.tricks:
            if trick.winner is not None:
                out[trick.winner] += 1
        return out

    @property
    def whisting_rule(self) -> str | None:
        """The whisting the play ran under: the record's `whisting`, else the rules' default
        (see the module doc): "closed" with two whisters or no words, "open" with one whister
        and in misère; None in raspasy."""
        if self.game.kind == RASPASY:
            return None
        if self.whisting is not None:
            return self.whisting
        if self.game.kind != CONTRACT:
            return "open"
        return "open" if _whisters(self.whist) == 1 else "closed"

    def seat_of(self, number: int) -> int:
        """The seat that played card `number` (0-based index into `plays`)."""
        trick = self.tricks[number // 3]
        return trick.seats[number % 3]

    # ------------------------------------------------------------------ checks

    def _check_header(self) -> None:
        game, deal = self.game, self.deal
        if game.kind == RASPASY:
            if self.declarer is not None:
                raise RecordError("raspasy has no declarer: remove the 'declarer:' line")
            if self.whist:
                raise RecordError("raspasy is not whisted: remove the 'whist:' line")
            from solver.position import TALON_RULES  # the engine package, loaded on first use

            rule = self.talon_rule
            if rule is not None and rule not in TALON_RULES:
                raise RecordError(f"unknown talon rule '{rule}': expected suit, card or none")
            if rule is None:
                # As `solving.resolve_talon_rule`: the talon tricks open a full deal only.
                rule = "suit" if deal.talon and deal.is_full else "none"
            if rule != "none" and not deal.talon:
                raise RecordError(f"talon rule '{rule}' needs the talon cards in the deal")
            if rule != "none" and self.leader != 1:
                raise RecordError(f"leader {self.leader}: with talon tricks the 1st hand "
                                  f"plays first")
            object.__setattr__(self, "talon_rule", rule)
        else:
            if self.talon_rule not in (None, "none"):
                raise RecordError(f"talon rule '{self.talon_rule}' applies only to raspasy")
            object.__setattr__(self, "talon_rule", None)
            if self.declarer is None:
                raise RecordError(f"{game} needs the declarer: add a 'declarer: 1|2|3' line")
            _seat(self.declarer, "declarer")
            if game.kind != CONTRACT and self.whist:
                raise RecordError(f"{game} is not whisted: remove the 'whist:' line")
            if len(self.whist) > 3:
                raise RecordError(f"whist: at most three words (first defender, second, a "
                                  f"return), got '{' '.join(self.whist)}'")
        self._check_whisting()
        _seat(self.leader, "leader")

    def _check_whisting(self) -> None:
        whisting = self.whisting
        if whisting is None:
            return
        if whisting not in WHISTINGS:
            raise RecordError(f"whisting: '{whisting}' is not understood; write 'open' or "
                              f"'closed'")
        if self.game.kind == RASPASY:
            raise RecordError("raspasy is not whisted: remove the 'whisting:' line")
        if self.game.kind != CONTRACT and whisting == "closed":
            raise RecordError("whisting: misère is played open, not closed")
        if whisting == "open" and _whisters(self.whist) == 2:
            raise RecordError("whisting: two whisters always play closed, not open")

    def _check_end(self) -> None:
        if self.stop is not None and self.stop not in _STOPS:
            raise RecordError(f"stop: '{self.stop}' is not understood; write 'stop: agreed'")
        if self.claimant is None:
            if self.claimed is not None or self.claim_kind is not None:
                raise RecordError("claim: give the claimant's seat")
            return
        if self.stop is not None:
            raise RecordError("a record ends with a claim or with an agreed stop, not both")
        _seat(self.claimant, "claimant")
        given = self.claim_kind or (TAKE if self.claimed is None else None)  # None: the rest
        kind = claim_kind(self.game, self.declarer, self.claimant, given)
        object.__setattr__(self, "claim_kind", kind)
        if self.complete:
            raise RecordError("claim: every trick was played; there is nothing to claim")
        if self.claimed is None and kind != TAKE:
            raise RecordError(f"claim: '{self.claimant} {kind}' needs the number of tricks, "
                              f"e.g. '{self.claimant} {kind} 1'")
        if self.claimed is not None and not 0 <= self.claimed <= self.remaining:
            raise RecordError(f"claim: {self.claimed} tricks, but {self.remaining} are left")


# ---------------------------------------------------------------------------- text form


_WHISTING_WORDS = {"open": "open", "closed": "closed", "в светлую": "open",
                   "всветлую": "open", "втёмную": "closed", "втемную": "closed",
                   "в тёмную": "closed", "в темную": "closed"}


def _whisters(words: Sequence[str]) -> int:
    """How many defenders play on a whist: a seat's last word counts (first defender, second,
    then the first again for a return); "whist" and "return" play."""
    last: dict[int, str] = {}
    for i, word in enumerate(words):
        last[i % 2] = word
    return sum(1 for w in last.values() if w in ("whist", "вист", "return", "возврат"))


def _read_text(text: str) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    plays: list[str] = []
    current: str | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = _KEY_RE.match(line)
        name = " ".join(match.group(1).lower().split()) if match else ""
        key = _KEYS.get(name) if match else None
        # `S: AKQ` may continue a deal; a near miss of a field's name (`gmae:`) does not.
        if match and key is None and (current != "deal" or _close_key(name, 0.75)):
            raise RecordError(f"line {number}: unknown field '{match.group(1).strip()}' "
                              + _nearest(name, _KEYS, "(expected deal, game, declarer, "
                                         "leader, talon rule, whist, play, claim, stop)"))
        if key is None:
            if current is None:
                raise RecordError(f"line {number}: '{line}' belongs to no field; start it "
                                  f"with a key such as 'deal:' or 'play:'")
            if current == "play":
                plays.append(line)
            else:
                fields[current] += ("\n" if current == "deal" else " ") + line
            continue
        value = match.group(2).strip()
        current = key
        if key == "play":
            # A repeated `play:` line starts a new trick, whether or not a `/` ended the last.
            so_far = " ".join(plays).strip()
            ends_trick = not so_far or so_far.endswith("/")
            plays.append(value if ends_trick or not value else "/ " + value)
            continue
        if key in fields:
            raise RecordError(f"line {number}: '{key}' given twice")
        fields[key] = value
    if plays:
        fields["play"] = " ".join(plays)
    for key in ("declarer", "leader"):
        if key in fields:
            fields[key] = fields[key].strip()
    return fields


def _close_key(name: str, cutoff: float = 0.6) -> str | None:
    """The field name nearest to `name` when it looks like a typo of it, else None."""
    close = difflib.get_close_matches(name, list(_KEYS), 1, cutoff)
    return close[0] if close else None


def _nearest(name: Any, known: Iterable[str], otherwise: str) -> str:
    """The end of an unknown-field message: the nearest known field, or `otherwise`."""
    close = difflib.get_close_matches(str(name).lower(), list(known), 1, 0.6)
    return f"(did you mean '{close[0]}'?)" if close else otherwise


def _check_nesting(data: Any) -> None:
    """Refuse data nested deeper than `MAX_NESTING` (walked without recursion, so that no
    depth can exhaust the stack)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_NESTING:
            raise RecordError(f"the record is nested too deeply: a record's JSON is at most "
                              f"{MAX_NESTING} levels deep")
        if isinstance(value, Mapping):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend((v, depth + 1) for v in value)


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{name}: expected text, got {value!r}")
    return value


def _seat(value: Any, name: str) -> Seat | None:
    return None if value is None else Seat.parse(value, name, error=RecordError)


def _cards(words: Iterable[str]) -> list[Card]:
    return [Card.parse(w) for w in words]


def _read_play(play: Any) -> tuple[list[Card], tuple[tuple[int, int], ...]]:
    """The cards of a play field, and the leader seats written in it (trick number, seat)."""
    if isinstance(play, str) and not play.strip():
        return [], ()
    if isinstance(play, str):
        groups = [g.strip() for g in play.split("/")]
        if groups and not groups[-1]:
            groups.pop()  # a trailing `/`
    elif isinstance(play, (list, tuple)):
        groups = []
        for trick in play:
            if isinstance(trick, str):
                groups.append(trick)
            elif isinstance(trick, (list, tuple)) and all(isinstance(c, str) for c in trick):
                groups.append(" ".join(trick))
            else:
                raise RecordError(f"play: a trick is a list of cards, got {trick!r}")
    else:
        raise RecordError(f"play: expected the tricks, got {play!r}")
    cards: list[Card] = []
    leaders: list[tuple[int, int]] = []
    for number, group in enumerate(groups, 1):
        words = group.replace(",", " ").split()
        if not words:
            raise RecordError(f"trick {number}: no cards between the '/' marks")
        seat = re.fullmatch(r"([123]):(\S*)", words[0])
        if seat:
            leaders.append((number, int(seat.group(1))))
            words = ([seat.group(2)] if seat.group(2) else []) + words[1:]
            if not words:
                raise RecordError(f"trick {number}: no cards after '{seat.group(0)}'")
        if len(words) > 3:
            raise RecordError(f"trick {number} has {len(words)} cards "
                              f"({' '.join(words)}): separate the tricks with '/'")
        if len(words) < 3 and number < len(groups):
            raise RecordError(f"trick {number} has {len(words)} card"
                              f"{'s' if len(words) != 1 else ''}; only the last trick may be "
                              f"unfinished")
        for word in words:
            try:
                cards.append(Card.parse(word))
            except NotationError as error:
                raise RecordError(f"trick {number}: {error}") from None
    return cards, tuple(leaders)


def claim_kind(game: Game, declarer: int | None, claimant: int, kind: str | None) -> str:
    """The kind of a claim by `claimant` (`CLAIM_KINDS`), checked against his role: `kind`
    None is the role's own claim; a kind the role cannot claim raises `RecordError`."""
    if kind is not None and kind not in CLAIM_KINDS:
        raise RecordError(f"claim: unknown kind '{kind}' (expected take, at most or at least)")
    if game.kind == CONTRACT:
        if kind in (None, TAKE):
            return TAKE
        raise RecordError(f"claim: in {game} the claimant's side claims the tricks it takes "
                          f"('{claimant} rest', '{claimant} 3'), not '{kind}'")
    if game.kind == RASPASY:
        if kind in (None, AT_MOST):
            return AT_MOST
        raise RecordError(f"claim: in raspasy a player claims only his own tricks, at most N "
                          f"more ('{claimant} none', '{claimant} at most 1')")
    if claimant == declarer:
        if kind in (None, AT_MOST):
            return AT_MOST
        raise RecordError(f"claim: the misère declarer claims he takes at most N more "
                          f"('{claimant} none', '{claimant} at most 1')")
    if kind in (None, AT_LEAST):
        return AT_LEAST
    raise RecordError(f"claim: a catcher claims the declarer takes at least N more "
                      f"('{claimant} at least 1')")


def claim_text(kind: str, tricks: int | None) -> str:
    """A claim's words after the seat, as the `claim:` line writes them: `rest`, `3`, `none`,
    `at most 1`, `at least 2`."""
    if kind == TAKE:
        return "rest" if tricks is None else str(tricks)
    if kind == AT_MOST and tricks == 0:
        return "none"
    return f"{kind} {tricks}"


def read_claim_words(text: str) -> tuple[str | None, int | None]:
    """(kind, tricks) from a claim's words after the seat (`claim_text`'s forms; filler such
    as `takes the` is skipped): kind None for a number alone (the claimant's role decides),
    tricks None for the rest."""
    words = [w for w in text.lower().split() if w not in _FILLER]
    if words in ([], ["rest"], ["remaining"]):
        return TAKE, None
    if words in (["none"], ["nothing"], ["no"]):
        return AT_MOST, 0
    if len(words) == 3 and words[0] == "at" and words[1] in ("most", "least"):
        kind, words = f"at {words[1]}", words[2:]
    else:
        kind = None
    if len(words) != 1 or not words[0].isdigit():
        raise RecordError(f"claim: '{text.strip()}' is not a claim: write 'rest', a number, "
                          f"'none', 'at most N' or 'at least N'")
    return kind, int(words[0])


def _read_claim(claim: Any, declarer: Any) -> tuple[int | None, str | None, int | None]:
    """(claimant, kind or None, claimed tricks or None for the rest) from a claim field."""
    if claim is None or claim == "":
        return None, None, None
    if isinstance(claim, Mapping):
        seat, tricks, kind = claim.get("seat"), claim.get("tricks", "rest"), claim.get("kind")
        if kind is not None and kind not in CLAIM_KINDS:
            raise RecordError(f"claim: unknown kind {kind!r} (expected take, at most or "
                              f"at least)")
    elif isinstance(claim, str):
        seat, _, words = claim.strip().partition(" ")
        seat = seat.lower()
        if not seat or seat in _FILLER + ("rest", "remaining", "none", "nothing", "no", "at"):
            raise RecordError(f"claim: '{claim.strip()}' names no claimant: write his seat "
                              f"first, e.g. 'claim: 2 {claim.strip() or 'rest'}'")
        kind, tricks = read_claim_words(words)
    else:
        raise RecordError(f"claim: expected e.g. '2 rest', got {claim!r}")
    if seat == "declarer":
        seat = _seat(declarer, "declarer")
        if seat is None:
            raise RecordError("claim: 'declarer' claims, but the record names no declarer")
    seat = _seat(seat, "claimant")
    if tricks in ("rest", "remaining", None):
        if kind not in (None, TAKE):
            raise RecordError(f"claim: '{kind}' needs the number of tricks")
        return seat, TAKE, None
    if isinstance(tricks, str) and tricks.strip().isdigit():
        tricks = int(tricks)
    if not isinstance(tricks, int) or isinstance(tricks, bool) or tricks < 0:
        raise RecordError(f"claim: '{tricks}' is not a number of tricks or 'rest'")
    return seat, kind, tricks


# ---------------------------------------------------------------------------- the play


def _play_tricks(record: Record) -> tuple[Trick, ...]:
    """The play split into tricks, each card checked (RULES.md §2), or a `RecordError`."""
    deal = record.deal
    if len(record.plays) > 3 * deal.size:
        raise RecordError(f"{len(record.plays)} cards played, but the deal has only "
                          f"{3 * deal.size} ({deal.size} tricks)")
    play = Play(deal, record.game, record.leader, record.talon_rule or "none")
    given = dict(record.leaders_given)
    for card in record.plays:
        trick = play.trick
        if not trick.cards and given.get(trick.number, trick.leader) != trick.leader:
            number, leader = trick.number, trick.leader
            took = (number > 1 and play.tricks[-1].winner == leader
                    and trick.talon_card is None)
            raise RecordError(
                f"trick {number}: led by the {Seat(given[number]).ordinal} hand, but the "
                f"{leader.ordinal} hand leads it" + (f" (he took trick {number - 1})"
                                                     if took else ""))
        try:
            play.push(card)
        except IllegalCard as error:
            raise RecordError(str(error)) from None
    return play.all_tricks


def plays_text(plays: Sequence[Card]) -> str:
    """Cards as the `play:` field writes them, three to a trick: `7C AC 9S / KD 7D 8D`."""
    return " / ".join(" ".join(str(c) for c in plays[i:i + 3]) for i in range(0, len(plays), 3))
