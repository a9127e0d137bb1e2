"""cardspec: traditional card games described as data, and one interpreter that runs them.

The command line is `interpreter.cli` (also `python -m interpreter`); the files the package
ships with (grammar, schema, games) are found by `interpreter.load.catalog`.
"""
