"""prefdd's Python layer: cards and deals, games and rule sets, scoring, solving, analyses.

Modules are layered (see DESIGN.md): each uses only the ones listed above it here.
"""

__all__: list[str] = []
