"""Where tables live and how their journals are read and written: the only code that writes a table.

Imports `base`, `game` and `table`.
"""
