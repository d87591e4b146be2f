"""`popejoan practice`: you against the computers in the terminal (being written)."""
