"""What people read: the table's story in words (`narrate`), rules in words (`rule_words`) and as a commented
file (`rule_template`), and rich views of the board, hands, rules, ledger and practice.

Imports every layer below it; only the CLI imports it.
"""
