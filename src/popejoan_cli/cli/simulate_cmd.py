"""`popejoan simulate`: what a table's house rules do, over many computer-played hands (being written)."""
