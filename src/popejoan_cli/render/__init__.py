"""What people read: the table's story in words (`narrate`) and rich views of the board, hands, rules and ledger.

Imports every layer below it; only the CLI imports it.
"""
