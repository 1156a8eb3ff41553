"""Reading a game record from a file or standard input (text or JSON; `Record.parse`)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Sequence

from .record import Record

__all__ = ["RecordFileError", "is_record", "read_record"]

RECORD_SUFFIXES = (".txt", ".json", ".rec", ".record")


class RecordFileError(ValueError):
    """A record file that cannot be read, or holds nothing."""


def read_record(path: str) -> Record:
    """The record in the file `path` (`-`: standard input), text or JSON."""
    if path == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as error:
            raise RecordFileError(f"cannot read '{path}': {error.strerror}") from None
        except UnicodeDecodeError:
            raise RecordFileError(f"cannot read '{path}': not UTF-8 text") from None
    if not text.strip():
        raise RecordFileError("the record is empty: give at least 'deal:' and 'game:' lines")
    return Record.parse(text)


def is_record(words: Sequence[str]) -> bool:
    """Whether the argument names a game record (a file, or `-`) rather than a deal."""
    if len(words) != 1:
        return False
    word = words[0]
    return word == "-" or Path(word).is_file() or word.lower().endswith(RECORD_SUFFIXES)
