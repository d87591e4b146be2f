"""`popejoan hand ...` (placeholder until written)."""
