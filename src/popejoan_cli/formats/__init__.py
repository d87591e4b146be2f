"""Files people keep: house-rule files, deal files, the hand JSON, ledger exports (and checking them on
import) and accounting files, the presets.

Reads and writes files a person names (never a table's own journal, which is the store's).
Imports `base`, `game`, `table` and `store`.
"""
