"""The vocabulary every stage shares, and nothing else: errors with a place and exit codes
(`errors`), cards and packs (`cards`), actions (`actions`), what play leaves behind (`results`),
the checked writer of generated Python (`source`) and the draw of a generator's own choice
(`draw`).

Imports: the standard library only; no other stage of the package.
"""
