"""Reading a spec: files (confined paths, size limits), YAML with the place of every value
(`loading`, `document`, `yaml_messages`), overlays and options (`overlays`), the JSON Schema
(`schema`, `schema.json`) and the catalog of shipped games (`catalog`).

What comes out is plain data with places: a resolved `Document` and, for anything wrong, a
list of `SpecError`s collected as data and raised once, never bounced between modules.

Imports: `core` only.
"""
