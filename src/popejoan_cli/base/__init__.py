"""The ground floor: errors by kind (the CLI gives each kind its exit code), input limits, safe display of text,
words and names.

Imports nothing else of popejoan's; every other layer may import it.
"""
