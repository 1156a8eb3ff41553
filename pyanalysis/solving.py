"""Solving deals: friendly wrappers over the engine (`solver`).

`solve` answers one question about one position: the focus player's tricks with best play,
the value of every legal card and a line of play. `table` gives the double-dummy table of a
deal: every declarer seat in every strain, misère for every seat, and raspasy for every player.

Seats here are 1, 2, 3 (1st, 2nd, 3rd hand) and cards are `Card` objects; the engine counts
seats 0..2 and cards 0..31. A deal's hands are as at the start of the current trick: cards in
`played` are still in them here and are taken out before the engine sees the position.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable

from . import checks
from .cards import SUIT_LETTERS, SUIT_SYMBOLS, Card, all_cards
from .checks import SEATS
from .deal import Deal
from .errors import PositionError, shorten
from .games import CONTRACT, MISERE, RASPASY, Game
from .hand import card_list
from .play import NOT_FOLLOWING, NOT_HELD, IllegalCard, Play
from .seat import Seat
from .serialize import OMIT, JsonFields, cards_to_json, moves_to_json, seats_json

if TYPE_CHECKING:
    import solver

STRAINS = ("S", "C", "D", "H", "NT")
_SUIT_NAMES = ("spades", "clubs", "diamonds", "hearts")


@dataclass(frozen=True)
class Solution(JsonFields):
    """The answer for one position.

    `tricks`: the focus player's tricks from this position to the end (the current trick
    included), best play by all; the focus is the declarer, or the chosen player in raspasy.
    `moves`: every legal card of the seat to move → `tricks` after playing it.
    `line`: a principal line of play to the end, in play order.
    `deal`, `leader`, `played`, `talon_rule`: the position solved (hands as at the start of the
    current trick, the seat that led it, the cards played to it, the talon rule in force).
    """

    tricks: int
    moves: dict[Card, int]
    line: list[Card]
    to_move: int
    focus: int
    game: Game
    stats: dict[str, Any] = field(default_factory=dict)
    deal: Deal | None = None
    leader: int = 1
    played: tuple[Card, ...] = ()
    talon_rule: str = "none"

    @property
    def mover_maximises(self) -> bool:
        """Whether the seat to move wants the focus player's tricks high."""
        is_focus = self.to_move == self.focus
        return is_focus if self.game.kind == CONTRACT else not is_focus

    @property
    def best(self) -> list[Card]:
        """The legal cards that keep the best value for the seat to move."""
        if not self.moves:
            return []
        pick = max if self.mover_maximises else min
        target = pick(self.moves.values())
        return [card for card, value in self.moves.items() if value == target]

    @property
    def verdict(self) -> str | None:
        """The deal's result in words (`Game.verdict`): "made", "down 2", "clean", "caught
        for 1", "3 tricks". None for an ending: its tricks are only the last ones of the deal."""
        return deal_verdict(self.deal, self.game, self.tricks)

    # JSON-ready, as `prefdd solve --json` prints it: the position (deal, game, the
    # "declarer" or in raspasy the "player" and the talon rule, leader, played), then the
    # answer (to_move, tricks, verdict (null for an ending), moves {"AS": n}, best, line).
    JSON = (("deal", lambda s: OMIT if s.deal is None else str(s.deal)), "game",
            ("declarer", lambda s: OMIT if s.game.kind == RASPASY else s.focus),
            ("player", lambda s: s.focus if s.game.kind == RASPASY else OMIT),
            ("talon_rule", lambda s: s.talon_rule if s.game.kind == RASPASY else OMIT),
            "leader", "played", "to_move", "tricks", "verdict",
            ("moves", lambda s: moves_to_json(s.moves)), "best", "line")


def solve(deal: Deal | str, game: Game | str, declarer: int | None = None, leader: int = 1,
          played: Iterable[Card | str] = (), player: int | None = None,
          talon_rule: str | None = None, engine: solver.Solver | None = None) -> Solution:
    """Solve a position exactly.

    deal:       the hands as at the start of the current trick (and the talon for raspasy).
    game:       `Game` or text (`8S`, `6NT`, `misere`, `raspasy`, ...).
    declarer:   seat 1..3 of the declarer (contracts and misère).
    leader:     seat 1..3 that leads the current trick (default: the 1st hand).
    played:     cards already played to the current trick, in order from the leader (None or
                empty: none).
    player:     raspasy: the seat whose guaranteed minimum is counted.
    talon_rule: raspasy: "suit", "card" or "none". None means "suit" for a full deal (10 cards
                a hand) with a talon, else "none": an ending's talon tricks are over unless a
                rule is given, and then they are still to come (so they must fit the hands).
    engine:     a `solver.Solver` to reuse (its table carries over); the thread's default if None.

    Raises `NotationError` for unreadable input and `PositionError` (both `ValueError`) for
    a position that cannot be played.
    """
    deal = Deal.parse(deal)
    position, parsed_game, focus, cards = _position(
        deal, game, declarer, leader, played, player, talon_rule)
    engine = _solver(engine)
    try:
        # The engine names the cards by `_CARDS` and lists them in display order itself.
        value, moves, line = engine.full(position, True, _CARDS)
        stats = dict(engine.stats)
    except ValueError as error:  # the engine refused the position: say it in our terms
        raise PositionError(_engine_message(error)) from None
    return Solution(value, moves, line, Seat.after(leader, len(cards)), focus, parsed_game,
                    stats, deal, leader, tuple(cards), position.talon_rule)


def make_position(deal: Deal | str, game: Game | str, declarer: int | None = None,
                  leader: int = 1, played: Iterable[Card | str] = (), player: int | None = None,
                  talon_rule: str | None = None) -> tuple[solver.Position, Game, int]:
    """The engine position for these arguments (see `solve`), the game and the focus seat 1..3."""
    return _position(deal, game, declarer, leader, played, player, talon_rule)[:3]


def _position(deal: Deal | str, game: Game | str, declarer: int | None, leader: int,
              played: Iterable[Card | str] | None, player: int | None,
              talon_rule: str | None) -> tuple[solver.Position, Game, int, list[Card]]:
    """`make_position`'s answer and the cards played to the current trick, read."""
    deal = Deal.parse(deal)
    game = Game.parse(game)
    focus = focus_seat(game, declarer, player)
    checks.seat("leader", leader)
    rule = resolve_talon_rule(deal, game, talon_rule)
    talon = tuple(c.index for c in deal.talon) if rule != "none" else ()
    if talon and leader != 1:
        raise PositionError(
            f"leader {leader}: in raspasy talon tricks the 1st hand plays first (leader 1)")
    if talon and len(talon) > deal.size:
        raise PositionError(
            f"{len(talon)} talon tricks but only {deal.size} card(s) in each hand")
    play = _check_played(deal, game, leader, played, rule)
    cards = list(play.moves)
    hands = [hand.mask for hand in play.hands]
    try:
        position = _engine().Position(
            hands=tuple(hands),
            leader=leader - 1,
            played=tuple([c.index for c in cards]) if cards else (),
            game=game.kind,
            trump=game.trump,
            focus=focus - 1,
            talon=talon,
            talon_rule=rule,
        )
    except ValueError as error:
        raise PositionError(_engine_message(error)) from None
    return position, game, focus, cards


@dataclass(frozen=True)
class DDTable(JsonFields):
    """The double-dummy table of a deal, the 1st hand leading.

    `contracts`: {(seat, strain): the declarer's tricks}, strain "S", "C", "D", "H", "NT";
    `misere`: {seat: tricks the misère declarer is forced to take};
    `raspasy`: {seat: tricks that player can hold himself to against the other two}.
    """

    deal: Deal
    talon_rule: str
    contracts: dict[tuple[int, str], int]
    misere: dict[int, int]
    raspasy: dict[int, int]

    # JSON-ready, seats as strings: {"contracts": {"1": {"S": 6, ...}}, "misere": ...}.
    JSON = ("deal", ("leader", lambda t: 1), "talon_rule",
            ("contracts", lambda t: {str(seat): {s: t.contracts[(seat, s)] for s in STRAINS}
                                     for seat in SEATS}),
            ("misere", lambda t: seats_json(t.misere)),
            ("raspasy", lambda t: seats_json(t.raspasy)))

    def format(self, symbols: bool = True) -> str:
        """A text table: one row per seat, one column per strain, then misère and raspasy."""
        heads = [SUIT_SYMBOLS[i] if symbols else SUIT_LETTERS[i] for i in range(4)] + ["NT"]
        heads += ["misère" if symbols else "misere", "raspasy"]
        rows = [[""] + heads]
        for seat in SEATS:
            rows.append([f"{seat}{('st', 'nd', 'rd')[seat - 1]} hand"]
                        + [str(self.contracts[(seat, s)]) for s in STRAINS]
                        + [str(self.misere[seat]), str(self.raspasy[seat])])
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = ["  ".join(cell.rjust(w) if i else cell.ljust(w)
                           for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
                 for row in rows]
        lines.append(f"Declarer's tricks ({heads[5]}: tricks forced on him), 1st hand leading; "
                     f"raspasy: each player's guaranteed minimum, talon rule '{self.talon_rule}'.")
        return "\n".join(lines)


def table(deal: Deal | str, talon_rule: str | None = None,
          engine: solver.Solver | None = None) -> DDTable:
    """The double-dummy table of `deal` with the 1st hand leading (see `DDTable`).

    One engine serves all 21 solves, so positions met in one are found again in the next.
    """
    deal, rule, entries = table_positions(deal, talon_rule)
    engine = _solver(engine)
    return table_from_counts(deal, rule, [key for key, _ in entries],
                             [engine.tricks(position) for _, position in entries])


def table_positions(deal: Deal | str, talon_rule: str | None = None
                    ) -> tuple[Deal, str, list[tuple[tuple[str, Any], Any]]]:
    """The 21 questions of `table`: the deal, the raspasy talon rule in force, and for each
    entry of the table its key (("contracts", (seat, strain)), ("misere", seat) or
    ("raspasy", seat)) and its engine position, in the table's order. (Many tables can then
    be counted in one call of the engine's many-positions entry point.)"""
    deal = Deal.parse(deal)
    rule = resolve_talon_rule(deal, Game(RASPASY), talon_rule)
    entries: list[tuple[tuple[str, Any], Any]] = []
    for strain in STRAINS:
        game = Game.contract(6, None if strain == "NT" else SUIT_LETTERS.index(strain))
        for seat in SEATS:
            entries.append((("contracts", (seat, strain)),
                            make_position(deal, game, declarer=seat)[0]))
    for seat in SEATS:
        entries.append((("misere", seat), make_position(deal, Game(MISERE), declarer=seat)[0]))
    for seat in SEATS:
        entries.append((("raspasy", seat), make_position(deal, Game(RASPASY), player=seat,
                                                         talon_rule=rule)[0]))
    return deal, rule, entries


def table_from_counts(deal: Deal, rule: str, keys: list[tuple[str, Any]],
                      counts: Iterable[int]) -> DDTable:
    """The `DDTable` whose entries `keys` (as `table_positions` gives them) hold `counts`."""
    parts: dict[str, dict[Any, int]] = {"contracts": {}, "misere": {}, "raspasy": {}}
    for (part, key), count in zip(keys, counts):
        parts[part][key] = int(count)
    return DDTable(deal, rule, parts["contracts"], parts["misere"], parts["raspasy"])


@dataclass(frozen=True)
class RaspasyPlayer(JsonFields):
    """One player's raspasy: `solution` from the start, and `first`, the position at his
    first card, reached by the cards `before` him in the principal line."""

    player: int
    solution: Solution
    before: list[Card]
    first: Solution

    JSON = ("player", ("tricks", lambda p: p.solution.tricks),
            ("before", lambda p: cards_to_json(p.before)),
            ("moves", lambda p: moves_to_json(p.first.moves)),
            ("best", lambda p: cards_to_json(p.first.best)),
            ("line", lambda p: cards_to_json(p.solution.line)))


def raspasy_player(deal: Deal | str, seat: int, rule: str | None) -> RaspasyPlayer:
    """Player `seat`'s guaranteed minimum, and the value of each of his first cards."""
    solution = solve(deal, RASPASY, player=seat, talon_rule=rule)
    waiting = (seat - solution.to_move) % 3
    before = list(solution.line[:waiting])
    first = solution
    if before:
        first = solve(deal, RASPASY, player=seat, talon_rule=rule, played=before)
    return RaspasyPlayer(seat, solution, before, first)


def raspasy_players(deal: Deal | str, rule: str | None = None) -> list[RaspasyPlayer]:
    """Raspasy on `deal` for each seat in turn (`raspasy_player`)."""
    return [raspasy_player(deal, seat, rule) for seat in SEATS]


def tricks_along(position: Any, line: Iterable[int]) -> dict[int, int]:
    """Tricks each seat (1..3) takes along a line of play from `position`, an engine position
    of a contract at a trick's start (how the defenders' tricks fall, for scoring)."""
    from solver.position import trick_taker  # the engine package: see `_engine`

    by_seat = {1: 0, 2: 0, 3: 0}
    cards = list(line)
    leader = position.leader
    for i in range(0, len(cards) - 2, 3):
        leader = trick_taker(tuple(cards[i:i + 3]), [(leader + k) % 3 for k in range(3)],
                             position.trump)
        by_seat[leader + 1] += 1
    return by_seat


@dataclass(frozen=True)
class DefenceShares:
    """How far the defence can move a contract's tricks between its two defenders.

    `declarer` (a seat 1..3) takes `tricks`: those already taken plus his double-dummy count
    of the rest. `most` {defender: tricks}: those he already took plus the most of the rest he
    can take while the defence holds the declarer to that count (`solver.share`;
    ALGORITHM.md, "A defender's most"). `total`: the deal's tricks. Holding the declarer to
    his count, the defence can give a defender any number in his `range`: from his `least`
    (the defence's tricks less the other defender's most) to his most, the other defender
    taking the rest (`analysis.pricing` prices an outcome at one of those splits).
    """

    declarer: int
    tricks: int
    most: dict[int, int]
    total: int

    @property
    def defence(self) -> int:
        """The defence's tricks: the deal's less the declarer's."""
        return self.total - self.tricks

    def least(self, seat: int) -> int:
        """The fewest tricks the defender `seat` ends with when the defence holds the
        declarer to his count and gives his partner the most it can."""
        other = next(s for s in self.most if s != seat)
        return max(0, self.defence - self.most[other])

    def range(self, seat: int) -> tuple[int, int]:
        """The tricks the defender `seat` may end with, holding the declarer to his count:
        (low, high). Usually (his least, his most), the defence choosing; where the two mosts
        do not cover the defence's tricks, (his most, his least), the declarer choosing who
        takes the tricks between them (`analysis.pricing`)."""
        ends = (self.least(seat), self.most[seat])
        return min(ends), max(ends)


def defence_shares(position: Any, taken: dict[int, int] | None = None,
                   engine: Any = None) -> DefenceShares:
    """Both defenders' mosts at `position`, an engine position of a contract (also
    mid-trick), plus the tricks `taken` so far ({seat 1..3: tricks}, default none)."""
    engine = _solver(engine)
    tricks = engine.tricks(position)
    shares = [engine.share(position, s - 1) for s in Seat.defenders(position.focus + 1)]
    return _shares(position, tricks, shares, taken)


def defence_shares_many(positions: list[Any], tricks: Iterable[int] | None = None,
                        jobs: int | None = None) -> list[DefenceShares]:
    """`defence_shares` of many positions, nothing taken yet, the searches in compiled code on
    `jobs` threads; `tricks`: the declarer's double-dummy counts when already known."""
    solver = _engine()
    counts = (list(tricks) if tricks is not None
              else [int(v) for v in solver.tricks_many(positions, threads=jobs,
                                                        tt_mb=solver.many.RELATED_TT_MB)])
    pairs = [Seat.defenders(p.focus + 1) for p in positions]
    asked = [p for p in positions for _ in range(2)]
    seats = [s - 1 for pair in pairs for s in pair]
    values = solver.shares_many(asked, seats, threads=jobs)
    return [_shares(p, counts[i], [int(values[2 * i]), int(values[2 * i + 1])], None)
            for i, p in enumerate(positions)]


def _shares(position: Any, tricks: int, shares: list[int],
            taken: dict[int, int] | None) -> DefenceShares:
    declarer = position.focus + 1
    taken = taken or {}
    total = position.tricks_left + sum(taken.values())
    return DefenceShares(declarer=declarer, tricks=taken.get(declarer, 0) + tricks,
                         most={int(s): taken.get(int(s), 0) + k
                               for s, k in zip(Seat.defenders(declarer), shares)},
                         total=total)


def _solver(engine: Any) -> Any:
    """`engine` checked, or the thread's default `solver.Solver` if None."""
    if engine is None:
        return _engine().default_solver()
    if type(engine) is _engine().Solver:
        return engine
    if not all(callable(getattr(engine, name, None)) for name in ("tricks", "full")):
        raise PositionError(f"engine {shorten(repr(engine), 40)} is not a solver.Solver")
    return engine


def __getattr__(name: str) -> Any:
    # `TALON_RULES` is the engine's (`solver.position`), read on first use: importing the
    # engine package loads the compiled search, and `import pyanalysis` works without it.
    if name == "TALON_RULES":
        from solver.position import TALON_RULES

        return TALON_RULES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _engine() -> Any:
    """The engine package, imported on first use so that the notation layers work without it."""
    import solver

    return solver


def focus_seat(game: Game, declarer: int | None, player: int | None,
               spell: Callable[[str], str] = lambda name: f"the {name}") -> int:
    """The seat whose tricks are counted: the declarer, or in raspasy the player.

    `spell` writes an argument's name in the messages (the command line says `--declarer`).
    """
    if game.kind == RASPASY:
        if declarer is not None:
            raise PositionError(
                f"declarer {declarer}: raspasy has no declarer; give the player (1, 2 or 3) "
                f"whose tricks are counted")
        if player is None:
            raise PositionError(
                f"raspasy needs {spell('player')} (1, 2 or 3) whose tricks are counted")
        checks.seat("player", player)
        return player
    if declarer is None:
        raise PositionError(f"{game} needs {spell('declarer')} (1, 2 or 3)")
    checks.seat("declarer", declarer)
    if player is not None and player != declarer:
        raise PositionError(
            f"player {player}: the player is for raspasy; in {game} the declarer is counted")
    return declarer


def resolve_talon_rule(deal: Deal, game: Game, talon_rule: str | None) -> str:
    """The talon rule in force: `talon_rule` checked against the game and deal, or its default."""
    from solver.position import TALON_RULES  # the engine package: see `_engine`

    if talon_rule is not None and talon_rule not in TALON_RULES:
        raise PositionError(f"unknown talon rule '{talon_rule}': expected suit, card or none")
    if game.kind != RASPASY:
        if talon_rule not in (None, "none"):
            raise PositionError(f"talon rule '{talon_rule}' applies only to raspasy, not {game}")
        return "none"
    if talon_rule is None:
        # The talon tricks open a deal; an ending (fewer than 10 cards a hand) written with
        # its talon is past them, unless a rule says they are still to come.
        return "suit" if deal.talon and deal.is_full else "none"
    if talon_rule != "none" and not deal.talon:
        raise PositionError(
            f"talon rule '{talon_rule}' needs the talon cards: add them after the three hands")
    return talon_rule


def _check_played(deal: Deal, game: Game, leader: int, played: Iterable[Card | str] | None,
                  talon_rule: str) -> Play:
    """The cards played to the current trick, checked (each from the right hand and a legal
    play) and played from its start."""
    cards = card_list(played, "played")
    if len(cards) > 2:
        raise PositionError(
            f"{len(cards)} cards played to the current trick; at most 2 before the last card")
    if len(set(cards)) != len(cards):
        raise PositionError(f"card {_first_repeat(cards)} is played twice")
    play = Play(deal, game, leader, talon_rule)
    for i, card in enumerate(cards):
        try:
            play.push(card)
        except IllegalCard as error:
            raise PositionError(_illegal_message(error, i)) from None
    return play


def _illegal_message(error: IllegalCard, i: int) -> str:
    """Why card `i` of the current trick may not be played, in this module's words."""
    card, seat = error.card, error.seat
    if error.kind == NOT_HELD:
        where = f"it is in hand {error.owner}" if error.owner else "it is in no hand"
        return f"played card {card}: card {i + 1} of the trick is hand {seat}'s, but {where}"
    must, reason = ((error.lead_suit, "must follow suit") if error.kind == NOT_FOLLOWING
                    else (error.trump, "must play a trump"))
    return f"illegal play {card}: hand {seat} holds {_SUIT_NAMES[must]} and {reason}"


def _first_repeat(cards: list[Card]) -> Card:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return card
        seen.add(card)
    raise AssertionError("no repeated card")  # pragma: no cover


def _engine_message(error: ValueError) -> str:
    """The engine's message with its 0-based seats turned into hands 1..3."""
    return re.sub(r"seat (\d)", lambda m: f"hand {int(m.group(1)) + 1}", str(error))


def deal_verdict(deal: Deal | None, game: Game, tricks: int) -> str | None:
    """`game.verdict(tricks)` for a whole deal; None for an ending (or no deal), whose tricks
    are only the last ones of the deal."""
    if deal is None or not deal.is_full:
        return None
    return game.verdict(tricks)


def engine_moves(moves: dict[int, int]) -> dict[Card, int]:
    """The engine's {card number: value} as `Solution.moves`: cards, in display order."""
    return {_CARDS[c]: moves[c] for c in sorted(moves, key=_DISPLAY_RANK.__getitem__)}


def _display_order(card: Card) -> tuple[int, int]:
    """Suits ♠ ♣ ♦ ♥, high cards first, as hands are printed."""
    return card.suit, -card.rank


_CARDS = all_cards()
# Each engine card's place in the display order, for sorting engine integers directly.
_DISPLAY_RANK = [sorted(_CARDS, key=_display_order).index(card) for card in _CARDS]
