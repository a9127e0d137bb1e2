"""Reading the files cardspec is given: one place, for specs and records alike.

Before a byte is read, a path is checked: a NUL byte, too long a name, a loop of symbolic
links, a folder, a device or a pipe are refused with the reason (`Refused`), and so is a
file over the size limit of its kind (`CARDSPEC_MAX_SPEC_BYTES`, `CARDSPEC_MAX_RECORD_BYTES`).
A spec named by another file (`extends:`, a record's `spec:`) must also be a `.yaml` or
`.yml` file under the folders specs are read from (`confined`, `spec_roots`), so that no
message ever shows a line of a file that is not a spec.
"""

from __future__ import annotations

import contextvars
import errno
import os
import stat
from pathlib import Path

from ..core.errors import CardspecError, SpecError, SpecErrors
from .catalog import specs_folder

LIMITS = {"spec": ("CARDSPEC_MAX_SPEC_BYTES", 1 << 20), "record": ("CARDSPEC_MAX_RECORD_BYTES", 16 << 20)}
SPEC_PATH_ENV = "CARDSPEC_SPEC_PATH"
SPEC_SUFFIXES = (".yaml", ".yml")  # what a spec named by another file (extends, a record's spec) is called
_SEARCH = contextvars.ContextVar("spec_path", default=())  # folders given with --spec-path


class Refused(CardspecError):
    """A path that is not read, and why: `message`, and `hint` when there is one."""

    def __init__(self, message: str, hint: str | None = None, missing: bool = False):
        super().__init__(message)
        self.message, self.hint, self.missing = message, hint, missing  # missing: there is no such file


def shown(file) -> str:
    """A path as messages print it: control characters escaped, a very long one shortened."""
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(file))
    return text if len(text) <= 120 else f"{text[:60]}...{text[-40:]} ({len(text)} characters)"


def size_limit(kind: str) -> int:
    """The largest file of `kind` (spec or record) that is read, in bytes."""
    env, default = LIMITS[kind]
    value = os.environ.get(env, "").strip()
    if not value:
        return default
    if not value.isdigit() or int(value) < 1:
        raise Refused(f"{env} must be a whole number of bytes, not `{shown(value)}`")
    return int(value)


_KINDS = ((stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISSOCK, "a socket"))


def check_file(file, kind: str = "spec") -> os.stat_result:
    """The status of `file` if it may be read as a `kind` file; else Refused, nothing read."""
    name = str(file)
    if not name:
        raise Refused("no file name given")
    if "\0" in name:
        raise Refused("the file name contains a NUL byte")
    try:
        st = os.stat(name)
    except OSError as e:
        raise Refused(_os_problem(e), missing=e.errno in (errno.ENOENT, errno.ENOTDIR)) from None
    except ValueError:  # a name the system cannot take
        raise Refused("the file name cannot be used") from None
    if stat.S_ISDIR(st.st_mode):
        raise Refused(f"this is a folder, not a {kind} file")
    if not stat.S_ISREG(st.st_mode):
        what = next((w for test, w in _KINDS if test(st.st_mode)), "not a regular file")
        raise Refused(f"this is {what}, not a {kind} file: only regular files are read")
    _check_size(st.st_size, kind)
    return st


def _check_size(size: int, kind: str) -> None:
    limit = size_limit(kind)
    if size > limit:
        env = LIMITS[kind][0]
        raise Refused(f"the file is over the size limit of {limit:,} bytes for a {kind} file",
                      f"set {env} to a larger number of bytes to read it")


def _os_problem(e: OSError) -> str:
    """What an OSError about a path means, in words."""
    if e.errno == errno.ENOENT:
        return "file not found"
    if e.errno == errno.ENOTDIR:
        return "file not found (a part of the path is a file, not a folder)"
    if e.errno == errno.ENAMETOOLONG:
        return "the file name is too long"
    if e.errno == errno.ELOOP:
        return "the path goes round a loop of symbolic links"
    if e.errno in (errno.EACCES, errno.EPERM):
        return "cannot read the file: permission denied"
    return f"cannot read the file: {e.strerror or e}"


def read_text(file, kind: str = "spec") -> str:
    """The text of `file`, a regular file of at most the size limit of its `kind`; raises SpecErrors.

    Decoded from UTF-8 (or UTF-16/32 with a byte-order mark)."""
    try:
        check_file(file, kind)
        fd = os.open(str(file), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO put there since: no wait
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise Refused(f"this is not a regular file: only regular files are read as {kind} files")
            limit = size_limit(kind)
            raw = f.read(limit + 1)
        _check_size(len(raw), kind)
    except Refused as e:
        raise SpecErrors([SpecError(e.message, file=shown(file), hint=e.hint)]) from None
    except OSError as e:
        raise SpecErrors([SpecError(_os_problem(e), file=shown(file))]) from None
    return _decode(raw, str(file))


def is_folder(path) -> bool:
    """Whether `path` is a folder; False for any path that cannot be looked at."""
    try:
        return stat.S_ISDIR(os.stat(str(path)).st_mode)
    except (OSError, ValueError):
        return False


def check_output(path) -> None:
    """Refuse (Refused) a path a file cannot be written to: a bad name, a folder, a device, a pipe."""
    name = str(path)
    if not name or "\0" in name:
        raise Refused("the file name contains a NUL byte" if name else "no file name given")
    try:
        st = os.stat(name)
    except FileNotFoundError:
        return
    except OSError as e:
        if e.errno == errno.ENOTDIR:
            raise Refused("a part of the path is a file, not a folder") from None
        if e.errno in (errno.ENAMETOOLONG, errno.ELOOP):
            raise Refused(_os_problem(e)) from None
        return  # the write itself will say what is wrong
    except ValueError:
        raise Refused("the file name cannot be used") from None
    if stat.S_ISDIR(st.st_mode):
        raise Refused("it is a folder")
    if not stat.S_ISREG(st.st_mode):
        what = next((w for test, w in _KINDS if test(st.st_mode)), "not a regular file")
        raise Refused(f"it is {what}: only regular files are written")


# ---- which specs a file may name ----------------------------------------------------

def search_path(folders) -> contextvars.Token:
    """Add `folders` (from `--spec-path`) to the spec folders; returns a token for `_SEARCH.reset`."""
    return _SEARCH.set(tuple(Path(os.path.realpath(f)) for f in folders))


def spec_roots(*named_by) -> list[Path]:
    """The folders a spec named by the files `named_by` may be in: their own folders, the
    working folder (where `play` writes `records/` beside the specs it was given), the
    folders of `--spec-path` and `CARDSPEC_SPEC_PATH`, and the shipped specs."""
    roots = [Path(os.path.realpath(Path(f).parent)) for f in named_by]
    roots.append(Path(os.path.realpath(os.getcwd())))
    roots += _SEARCH.get()
    roots += [Path(os.path.realpath(f)) for f in os.environ.get(SPEC_PATH_ENV, "").split(os.pathsep) if f.strip()]
    shipped = specs_folder()  # the package's own copy, or the checkout's specs/
    roots += [Path(os.path.realpath(shipped))] if is_folder(shipped) else []
    return roots


def confined(path, roots, kind: str = "spec") -> Path:
    """`path` with its symbolic links followed, if it is a regular file under one of `roots`;
    else Refused, before anything is read. A spec found by name passes through here too."""
    check_file(path, kind)
    real = Path(os.path.realpath(path))
    if any(real.is_relative_to(root) for root in roots):
        if real.suffix.lower() not in SPEC_SUFFIXES:  # so no file that is not a spec is ever read for one
            raise Refused(f"a spec file's name ends in {' or '.join(SPEC_SUFFIXES)}")
        return real
    raise Refused("it is outside the folders specs are read from",
                  "a spec must be under the folder of the file that names it or the working folder, among the "
                  f"shipped specs, or under a folder given with --spec-path or {SPEC_PATH_ENV}")


def _decode(raw: bytes, file: str) -> str:
    """`raw` decoded from UTF-8 (or UTF-16/32 with a byte-order mark)."""
    if raw.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        encoding = "utf-32"
    elif raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    else:
        encoding = "utf-8-sig"
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as e:
        before = raw[: e.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        raise SpecErrors(
            [
                SpecError(
                    f"the file is not {'UTF-8' if encoding == 'utf-8-sig' else encoding.upper()} text "
                    f"(byte 0x{raw[e.start]:02X})",
                    file=file,
                    line=line,
                    column=column,
                    hint="save the spec as UTF-8",
                    source_line=raw.split(b"\n")[line - 1].decode("utf-8", "replace"),
                )
            ]
        ) from None


def spec_files(paths) -> list[Path]:
    """Expand directories into the YAML files below them."""
    out = []
    for p in paths:
        p = Path(p)
        if is_folder(p):
            out.extend(sorted(list(p.rglob("*.yaml")) + list(p.rglob("*.yml"))))
        else:
            out.append(p)
    return out
