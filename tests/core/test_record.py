"""The game record of one played deal: reading, printing, the JSON form and illegal plays.

Legality and trick winners are checked against the engine's statement of the rules
(`solver.position.Position.advance`), replayed here card by card.
"""
from __future__ import annotations

import json
import random

import pytest

import pyanalysis as pa
import solver
from pyanalysis.record import Record, RecordError
from cli_support import random_deal

DEAL = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
RASPASY_DEAL = "KQT8.KT8.K.Q7 J97.QJ9.87.AJ A.A7.QJT.KT98 9D AD"
HEAD = f"deal: {DEAL}\ngame: 8S\ndeclarer: 2\n"


def random_play(deal: pa.Deal, game: pa.Game, leader: int, rule: str, rng: random.Random,
                count: int | None = None) -> tuple[list[pa.Card], list[int | None]]:
    """Random legal cards (by the engine's rules) and the taker of each finished trick."""
    talon = tuple(c.index for c in deal.talon) if rule != "none" else ()
    pos = solver.Position(hands=tuple(h.mask for h in deal.hands), leader=leader - 1,
                          game=game.kind, trump=game.trump, focus=0, talon=talon,
                          talon_rule=rule)
    cards, takers = [], []
    total = 3 * deal.size if count is None else count
    while len(cards) < total:
        card = rng.choice(pos.legal_moves())
        pos, taker, done = pos.advance(card)
        cards.append(pa.Card.from_index(card))
        if done:
            takers.append(None if taker is None else taker + 1)
    return cards, takers


def random_record(rng: random.Random) -> tuple[Record, list[int | None]]:
    kind = rng.choice(["8S", "6NT", "7H", "misere", "raspasy"])
    size = rng.choice([3, 4, 10])
    deal = random_deal(rng, size, talon=kind == "raspasy" or rng.random() < 0.5)
    game = pa.Game.parse(kind)
    rule = "none"
    if kind == "raspasy" and deal.talon:
        rule = rng.choice(["suit", "card", "none"])
    leader = 1 if rule != "none" else rng.choice([1, 2, 3])
    count = rng.choice([None, rng.randrange(0, 3 * size)])
    plays, takers = random_play(deal, game, leader, rule, rng, count)
    declarer = None if kind == "raspasy" else rng.choice([1, 2, 3])
    stop = "agreed" if count and rng.random() < 0.5 else None
    claimant = claimed = claim_kind = None
    if count is not None and not stop and rng.random() < 0.7:  # a claim of the role's kind
        claimant = rng.choice([1, 2, 3])
        claimed = rng.randrange(0, size - count // 3 + 1)
        claim_kind = ("take" if game.is_contract else "at least"
                      if kind == "misere" and claimant != declarer else "at most")
        if claim_kind == "take" and rng.random() < 0.3:
            claimed = None
    record = Record(deal=deal, game=game, declarer=declarer, leader=leader,
                    talon_rule=rule if kind == "raspasy" else None, plays=tuple(plays),
                    whist=("whist", "pass") if game.is_contract else (), stop=stop,
                    claimant=claimant, claimed=claimed, claim_kind=claim_kind)
    return record, takers


@pytest.mark.parametrize("seed", range(40))
def test_round_trip_and_winners(seed):
    rng = random.Random(seed)
    record, takers = random_record(rng)
    text = str(record)
    again = Record.parse(text)
    assert again == record
    assert str(again) == text
    assert Record.from_dict(record.to_dict()) == record
    assert Record.parse(json.dumps(record.to_dict())) == record
    assert [t.winner for t in record.tricks if t.complete] == takers
    assert [c for t in record.tricks for c in t.cards] == list(record.plays)
    # Each trick is led by the previous one's taker (the 1st hand after a talon trick).
    for before, trick in zip(record.tricks, record.tricks[1:]):
        expected = 1 if before.talon_card is not None else before.winner
        if before.winner is not None or before.talon_card is not None:
            assert trick.leader == expected


def test_text_form_comments_lines_seats_and_russian_cards():
    text = (f"# a deal\n{HEAD}LEADER: 1\nwhist: вист пас  # words as said\n"
            "play: 8C KC 7S /\n"
            "      3: ТЧ 7H 8S   # Russian: the ace of hearts\n"
            "play: 2:AS 9S JS\n"
            "claim: declarer takes the rest\n")
    record = Record.parse(text)
    assert [str(c) for c in record.plays] == "8C KC 7S AH 7H 8S AS 9S JS".split()
    assert [t.leader for t in record.tricks] == [1, 3, 2]
    assert record.whist == ("вист", "пас")
    assert (record.claimant, record.claimed, record.remaining) == (2, None, 7)
    assert "claim: 2 rest" in str(record)
    assert Record.parse(str(record)) == record


def test_raspasy_talon_tricks_are_led_by_the_first_hand():
    record = Record.parse(f"deal: {RASPASY_DEAL}\ngame: raspasy\n"
                          "play: KD 8D QD / QH 7D JD / QS 9S AS / 8H 7H JH")
    assert record.talon_rule == "suit"  # the default on a full deal with a talon
    assert [t.leader for t in record.tricks] == [1, 1, 1, 3]
    assert [str(t.talon_card) for t in record.tricks[:2]] == ["9D", "AD"]
    # Trick 2: ♦ is the talon's suit; the 2nd hand's ♦7 is below the 3rd hand's ♦J.
    assert [t.winner for t in record.tricks] == [1, 3, 3, 2]


def test_card_rule_talon_trick_may_go_to_nobody():
    record = Record.parse(f"deal: {RASPASY_DEAL}\ngame: raspasy\ntalon rule: card\n"
                          "play: KD 8D QD / QH 7D JD")
    assert record.tricks[0].winner == 1  # ♦K beats the talon's ♦9
    assert record.tricks[1].winner is None  # the talon's ♦A keeps trick 2
    assert record.taken == {1: 1, 2: 0, 3: 0}


BAD = [
    # (play, message): illegal plays name the trick and the card
    ("8C KC 7S / AH 7H 8S / 7H 9S JS", "trick 3: 7H was already played in trick 2"),
    ("8C KC 7S / AH TS 8S", "trick 2: TS is not in the 1st hand's cards; the 2nd hand holds it"),
    ("8C KC 7S / AH 7H AD", "trick 2: AD is not in the 2nd hand's cards; it is in the talon"),
    ("8C KC 7S / AH 7H 8S / AS KD JS",
     "trick 3: KD does not follow suit ♠ (the 3rd hand holds ♠)"),
    ("8C KC 8H", "trick 1: 8H is not a trump: the 3rd hand holds no ♣ and must play a trump ♠"),
    ("7C KC 7S / AH 7H 8S / AS 9S JS / 8S", "trick 4: 8S was already played in trick 2"),
    ("8C KC 7S / 1: AH 7H 8S",
     "trick 2: led by the 1st hand, but the 3rd hand leads it (he took trick 1)"),
    ("2: 8C KC 7S", "trick 1: led by the 2nd hand, but the 1st hand leads it"),
    ("8C KC 7S AH", "trick 1 has 4 cards (8C KC 7S AH): separate the tricks with '/'"),
    ("8C KC / AH 7H 8S", "trick 1 has 2 cards; only the last trick may be unfinished"),
    ("8C KX 7S", "trick 1: unknown suit 'X' in card 'KX'"),
    ("8C KC 7S / / AH", "trick 2: no cards between the '/' marks"),
]


@pytest.mark.parametrize("play,message", BAD, ids=[m for _, m in BAD])
def test_every_illegal_play_is_named(play, message):
    with pytest.raises(RecordError) as caught:
        Record.parse(HEAD + f"play: {play}\n")
    assert str(caught.value) == message
    assert isinstance(caught.value, ValueError)
    assert "\n" not in str(caught.value)


BAD_HEADERS = [
    ("game: 8S\ndeclarer: 2\n", "the record has no deal: add a 'deal:' line"),
    (f"deal: {DEAL}\ndeclarer: 2\n", "the record has no game: add a 'game:' line"),
    (f"deal: {DEAL}\ngame: 8S\n", "8S needs the declarer: add a 'declarer: 1|2|3' line"),
    (HEAD + "declarer: 3\n", "line 4: 'declarer' given twice"),
    (HEAD + "color: red\n", "line 4: unknown field 'color' (expected deal, game, declarer, "
                            "leader, talon rule, whist, play, claim, stop)"),
    ("7C AC\n", "line 1: '7C AC' belongs to no field; start it with a key such as 'deal:' or "
                "'play:'"),
    (HEAD.replace("declarer: 2", "declarer: 4"), "declarer: '4' is not a seat 1, 2 or 3"),
    (f"deal: {RASPASY_DEAL}\ngame: raspasy\ndeclarer: 1\n",
     "raspasy has no declarer: remove the 'declarer:' line"),
    (f"deal: {RASPASY_DEAL}\ngame: raspasy\nleader: 2\n",
     "leader 2: with talon tricks the 1st hand plays first"),
    (f"deal: {RASPASY_DEAL}\ngame: raspasy\ntalon rule: sideways\n",
     "unknown talon rule 'sideways': expected suit, card or none"),
    (HEAD + "talon rule: suit\n", "talon rule 'suit' applies only to raspasy"),
    (HEAD + "play: 8C KC 7S\nclaim: 2 10\n", "claim: 10 tricks, but 9 are left"),
    (HEAD + "claim: 2 rest\nstop: agreed\n",
     "a record ends with a claim or with an agreed stop, not both"),
    (HEAD + "stop: tired\n", "stop: 'tired' is not understood; write 'stop: agreed'"),
    (HEAD + "claim: someone rest\n", "claimant: 'someone' is not a seat 1, 2 or 3"),
    (HEAD.replace("8S", "misere") + "claim: 2 rest\n",
     "claim: the misère declarer claims he takes at most N more ('2 none', '2 at most 1')"),
    (HEAD.replace("8S", "misere") + "claim: 2 at least 1\n",
     "claim: the misère declarer claims he takes at most N more ('2 none', '2 at most 1')"),
    (HEAD.replace("8S", "misere") + "claim: 1 none\n",
     "claim: a catcher claims the declarer takes at least N more ('1 at least 1')"),
    (HEAD.replace("8S", "misere") + "claim: 3 at most 2\n",
     "claim: a catcher claims the declarer takes at least N more ('3 at least 1')"),
    (HEAD.replace("8S", "misere") + "play: 8C KC 7S\nclaim: 2 at most 10\n",
     "claim: 10 tricks, but 9 are left"),
    (HEAD.replace("8S", "misere") + "play: 8C KC 7S\nclaim: 1 at least 10\n",
     "claim: 10 tricks, but 9 are left"),
    (f"deal: {RASPASY_DEAL}\ngame: raspasy\nclaim: 1 at least 2\n",
     "claim: in raspasy a player claims only his own tricks, at most N more ('1 none', "
     "'1 at most 1')"),
    (f"deal: {RASPASY_DEAL}\ngame: raspasy\nclaim: 2 rest\n",
     "claim: in raspasy a player claims only his own tricks, at most N more ('2 none', "
     "'2 at most 1')"),
    (f"deal: {RASPASY_DEAL}\ngame: raspasy\nclaim: none\n",
     "claim: 'none' names no claimant: write his seat first, e.g. 'claim: 2 none'"),
    (f"deal: {RASPASY_DEAL}\ngame: raspasy\nclaim: at most 1\n",
     "claim: 'at most 1' names no claimant: write his seat first, e.g. 'claim: 2 at most 1'"),
    (f"deal: {RASPASY_DEAL}\ngame: raspasy\nclaim: 2 at most 11\n",
     "claim: 11 tricks, but 10 are left"),
    (f"deal: {RASPASY_DEAL}\ngame: raspasy\nclaim: 2 at most\n",
     "claim: 'at most' is not a claim: write 'rest', a number, 'none', 'at most N' or "
     "'at least N'"),
    (HEAD + "claim: 2 at most 1\n",
     "claim: in 8S the claimant's side claims the tricks it takes ('2 rest', '2 3'), not "
     "'at most'"),
    ("{\"deal\": \"" + RASPASY_DEAL + "\", \"game\": \"raspasy\", \"claim\": "
     "{\"seat\": 1, \"kind\": \"at best\", \"tricks\": 1}}",
     "claim: unknown kind 'at best' (expected take, at most or at least)"),
    ("{\"deal\": 3}", "the record has no game: add a 'game:' line"),
    ("{\"deal\": \"" + DEAL + "\", \"game\": \"8S\", \"declarer\": 2, \"colour\": 1}",
     "unknown field 'colour' (expected one of: claim, deal, declarer, game, leader, play, stop, "
     "talon_rule, whist, whisting)"),
    ("{\"deal\": ", "bad JSON at line 1: Expecting value"),
]


@pytest.mark.parametrize("text,message", BAD_HEADERS)
def test_bad_records_get_one_line(text, message):
    with pytest.raises(ValueError) as caught:
        Record.parse(text)
    assert str(caught.value) == message


def test_a_claim_of_some_tricks_and_a_claim_after_the_last_card():
    record = Record.parse(HEAD + "play: 8C KC 7S\nclaim: 3 2\n")
    assert (record.claimant, record.claimed) == (3, 2)
    whole = " / ".join(" ".join(map(str, pa.solve(DEAL, "8S", declarer=2).line[i:i + 3]))
                       for i in range(0, 30, 3))
    with pytest.raises(RecordError, match="nothing to claim"):
        Record.parse(HEAD + f"play: {whole}\nclaim: 2 rest\n")


CLAIMS = [
    # (game lines, claim as written, (claimant, kind, claimed), the canonical claim line)
    ("game: misere\ndeclarer: 2\n", "2 none", (2, "at most", 0), "claim: 2 none"),
    ("game: misere\ndeclarer: 2\n", "declarer takes none", (2, "at most", 0), "claim: 2 none"),
    ("game: misere\ndeclarer: 2\n", "2 at most 0", (2, "at most", 0), "claim: 2 none"),
    ("game: misere\ndeclarer: 2\n", "2 takes at most 1", (2, "at most", 1),
     "claim: 2 at most 1"),
    ("game: misere\ndeclarer: 2\n", "2 1", (2, "at most", 1), "claim: 2 at most 1"),
    ("game: misere\ndeclarer: 2\n", "1 at least 2", (1, "at least", 2), "claim: 1 at least 2"),
    ("game: misere\ndeclarer: 2\n", "3 he takes at least 1 more", (3, "at least", 1),
     "claim: 3 at least 1"),
    ("game: misere\ndeclarer: 2\n", "3 2", (3, "at least", 2), "claim: 3 at least 2"),
    ("game: raspasy\ntalon rule: none\n", "2 none", (2, "at most", 0), "claim: 2 none"),
    ("game: raspasy\ntalon rule: none\n", "3 at most 2", (3, "at most", 2),
     "claim: 3 at most 2"),
    ("game: 8S\ndeclarer: 2\n", "2 rest", (2, "take", None), "claim: 2 rest"),
    ("game: 8S\ndeclarer: 2\n", "1 3", (1, "take", 3), "claim: 1 3"),
]


@pytest.mark.parametrize("game,claim,read,line", CLAIMS)
def test_claims_of_every_kind_read_print_and_read_back(game, claim, read, line):
    text = f"deal: {DEAL}\n{game}play: 8C KC 7S\nclaim: {claim}\n"
    record = Record.parse(text)
    assert (record.claimant, record.claim_kind, record.claimed) == read
    assert line in str(record).splitlines()
    again = Record.parse(str(record))
    assert again == record and str(again) == str(record)
    assert Record.from_dict(record.to_dict()) == record
    assert Record.parse(json.dumps(record.to_dict())) == record
    assert record.to_dict()["claim"] == {"seat": read[0], "kind": read[1],
                                         "tricks": "rest" if read[2] is None else read[2]}
    # The kind left out of the JSON form is the claimant's role's claim.
    bare = dict(record.to_dict(), claim={"seat": read[0], "tricks": read[2]})
    if read[2] is not None:
        assert Record.from_dict(bare) == record


def test_sheet_record_is_a_different_thing():
    from pyanalysis.sheet_io import SheetRecord

    assert pa.Record is Record and SheetRecord is not Record


def test_a_deal_on_several_lines_and_play_lines_that_end_with_or_without_a_slash():
    text = ("deal: S:J C:A87 D:987 H:T97\n  S:AKQT8 C:KQJT9\n  S:97 D:KJT H:AKQJ8\n"
            "  talon: AD QD\ngame: 8S\ndeclarer: 2\nplay:\n"
            "play: 8C KC 7S /\nplay: AH 7H 8S\nplay: AS 9S JS\n")
    record = Record.parse(text)
    assert record.deal == pa.Deal.parse(DEAL)
    assert len(record.tricks) == 3 and all(t.complete for t in record.tricks)
    assert Record.parse(HEAD + "play:\n").plays == ()


def test_a_record_file_longer_than_any_record_is_refused_unread(tmp_path):
    import io
    import sys

    from pyanalysis.record_file import MAX_RECORD_CHARS, RecordFileError, read_record

    path = tmp_path / "huge.txt"
    path.write_text("deal: " + "x" * (3 * MAX_RECORD_CHARS), encoding="utf-8")
    with pytest.raises(RecordFileError) as caught:
        read_record(str(path))
    assert str(caught.value) == (f"the record in '{path}' is longer than any game record (more"
                                 f" than 100,000 characters)")

    class Endless(io.TextIOBase):  # standard input that never ends: read only what is asked
        asked = 0

        def read(self, size: int = -1) -> str:
            assert size > 0, "read to the end of an endless stream"
            self.asked += size
            return "y" * size

    endless = Endless()
    old, sys.stdin = sys.stdin, endless
    try:
        with pytest.raises(RecordFileError, match="^the record in standard input is longer"):
            read_record("-")
    finally:
        sys.stdin = old
    assert endless.asked == MAX_RECORD_CHARS + 1
