"""Files people keep: house-rule files, deal files, the hand JSON, exports and accounting files.

Reads and writes files a person names (never a table's own journal, which is the store's).
Imports `base`, `game`, `table` and `store`.
"""
