"""The game: cards, the house-rules model, the board, the referee, dealing, play-out, claims, bots, simulation.

Pure: never imports typer or rich and never touches a file. Imports only `base`.
"""
