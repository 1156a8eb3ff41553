"""The JSON helpers of `serialize` under this module's older name (the command line imports
them from here)."""
from .serialize import cards_to_json, moves_to_json

__all__ = ["cards_to_json", "moves_to_json"]
