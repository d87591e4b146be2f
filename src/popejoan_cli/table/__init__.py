"""A table: the journal's events and their fold into balances, board and hands; real hands, the ledger, settling.

Pure like the game: a table's state is derived from its events, never stored. Imports `base` and `game`.
"""
