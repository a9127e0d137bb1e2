"""From a spec file to a resolved, structurally checked document: the steps of the load stage, in order.

    merged (the file and every base it extends)  ->  options applied  ->  structure checked

Each step returns the errors it finds as a list, as jsonschema's `iter_errors` does, and
this module, which alone calls the steps, stops at the first step that found any and raises
them once (`SpecErrors`). No step reports through another: the overlay resolver never calls
the schema, and the schema places its errors with the document's own `error()`.
"""

from __future__ import annotations

from ..core.errors import SpecError, SpecErrors
from .document import Resolved
from .options import apply_options
from .overlays import merged
from .schema import check_structure


def spec_errors(path, options: dict[str, str] | None = None, *, text: str | None = None,
                texts: dict[str, str] | None = None) -> tuple[Resolved | None, list[SpecError]]:
    """(the resolved document, []) or (None or the document, every error of the first step that found any).

    `texts`: the text of files of the chain by path, used instead of reading them (`overlays.merged`)."""
    doc, errors = merged(path, text=text, texts=texts)
    if errors:
        return None, errors
    errors = apply_options(doc, options or {})
    if errors:
        return None, errors
    return doc, check_structure(doc)


def read_spec(path, options: dict[str, str] | None = None, *, text: str | None = None,
              texts: dict[str, str] | None = None) -> Resolved:
    """The spec at `path` (or `text`, shown as `path`), its bases merged, `options` applied and its
    structure checked.

    Raises:
        SpecErrors: every error of the first step that found any, each at its file, line and column.
    """
    doc, errors = spec_errors(path, options, text=text, texts=texts)
    if errors:
        raise SpecErrors(errors)
    return doc


def resolve(path, options: dict[str, str] | None = None, *, text: str | None = None) -> Resolved:
    """Load `path` and its bases, merge them, apply the options; raise every error at once, as SpecErrors.

    The structure is not checked (`read_spec` does that too): for the callers that only read
    the data, such as the options a spec declares."""
    doc, errors = merged(path, text=text)
    if not errors:
        errors = apply_options(doc, options or {})
    if errors:
        raise SpecErrors(errors)
    return doc
