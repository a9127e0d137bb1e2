"""Running a game: the compiled `Game` as data (`game`), the `State` with OpenSpiel's verbs
(`state`), the table of a deal (`table`), chance (`chance`), the earlier deals expressions
read (`history`), where a failure of the rules lies (`faults`), what a seat may see (`views`)
and the worlds a seat may imagine (`worlds`).

Nothing here reads the spec: the compiler hands the engine phases and closures.

Imports: `core`, `load` (for places), `expr` (the values expressions read), `phases`.
"""
