"""`popejoan rules ...` (placeholder until written)."""
