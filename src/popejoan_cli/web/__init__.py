"""The web layer: `popejoan serve`'s pages, each player's own hand on their phone and the board on a
second screen, kept up to date from the table's journal (`app`), with practice against the computers
(`practice`). What each screen may be shown is the table's to say (`table.seen`); this layer adds the
words (`words`), watches the journal (`hub`) and records leads through `store.tables.record`, the same
journal, lock and referee as the command line. Starlette is used only here and in `cli`.
"""
