"""Python source generated from a compiled spec, for the steps a game repeats thousands of times:
compiled expressions (`expressions`) and the loop of trick play (`tricks`).

Every generator writes through `core.source.Source`, under its rule (checked AST and compiled
parts only, every identifier resolved, every literal a validated value written with `repr`).

Imports: as `compile`.
"""
