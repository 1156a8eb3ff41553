"""Text for people: each module turns one kind of result into lines for a terminal.

`words` holds the pieces every renderer shares (seat names, cards, wrapped prose, aligned
tables, numbers); the other modules are one kind of result each. Renderers read results of
`pyanalysis.analysis` and the core objects; they never import the command line.
"""
