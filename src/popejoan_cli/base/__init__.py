"""The ground floor: errors with their exit codes, input limits, safe display of text, words and names.

Imports nothing else of popejoan's; every other layer may import it.
"""
