"""`popejoan ledger export|settle|stats` and sessions (being written)."""
