"""Reading a game record from a file or standard input (text or JSON; `Record.parse`)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Sequence

from .record import Record

__all__ = ["RecordFileError", "is_record", "read_record"]

RECORD_SUFFIXES = (".txt", ".json", ".rec", ".record")
#: The longest record read, in characters: a played deal's record (the deal, the bidding,
#: thirty cards, a few notes) is a few hundred. A longer file or input is refused after this
#: many characters, unread beyond them (a huge file, or an endless stream, costs no more).
MAX_RECORD_CHARS = 100_000


class RecordFileError(ValueError):
    """A record file that cannot be read, or holds nothing."""


def read_record(path: str) -> Record:
    """The record in the file `path` (`-`: standard input), text or JSON; `RecordFileError`
    for a file that cannot be read, is empty, or is longer than `MAX_RECORD_CHARS`."""
    if path == "-":
        text = sys.stdin.read(MAX_RECORD_CHARS + 1)
    else:
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read(MAX_RECORD_CHARS + 1)
        except OSError as error:
            raise RecordFileError(f"cannot read '{path}': {error.strerror}") from None
        except UnicodeDecodeError:
            raise RecordFileError(f"cannot read '{path}': not UTF-8 text") from None
    if len(text) > MAX_RECORD_CHARS:
        where = "standard input" if path == "-" else f"'{path}'"
        raise RecordFileError(f"the record in {where} is longer than any game record (more"
                              f" than {MAX_RECORD_CHARS:,} characters)")
    if not text.strip():
        raise RecordFileError("the record is empty: give at least 'deal:' and 'game:' lines")
    return Record.parse(text)


def is_record(words: Sequence[str]) -> bool:
    """Whether the argument names a game record (a file, or `-`) rather than a deal."""
    if len(words) != 1:
        return False
    word = words[0]
    return word == "-" or Path(word).is_file() or word.lower().endswith(RECORD_SUFFIXES)
