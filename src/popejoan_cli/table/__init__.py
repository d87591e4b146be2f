"""A table: the journal's events and their fold into balances, board and hands (`view`: the state, and what
the table may be told of an open hand); what a command means now (`moves`), real hands, undo, the ledger,
settling.

Pure like the game: a table's state is derived from its events, never stored. Imports `base` and `game`.
"""
