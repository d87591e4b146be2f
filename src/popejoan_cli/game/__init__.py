"""The game: cards, the house-rules model and its checking, the board, a hand's state and the referee (what may
be played, settlement), dealing, play-out, claims, bots, simulation.

Pure: never imports typer or rich and never touches a file. Imports only `base`.
"""
