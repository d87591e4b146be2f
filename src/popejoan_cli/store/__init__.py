"""Where tables live and how their journals are read and written: the only code that writes a table
(`autoplay` plays a hand out through a table's journal).

Imports `base`, `game` and `table`.
"""
