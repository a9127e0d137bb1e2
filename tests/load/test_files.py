"""Reading files (interpreter/load/files.py): the default size limit and the variable that changes
it, a path shortened in messages, a folder or an empty name refused, a file that is not UTF-8 placed
at its byte, an output path checked, and where a named spec may be."""

from __future__ import annotations

import errno
import os

import pytest

from interpreter.core.errors import SpecErrors
from interpreter.load import files
from interpreter.load.files import (
    Refused,
    _os_problem,
    check_file,
    check_output,
    confined,
    read_text,
    search_path,
    shown,
    size_limit,
    spec_roots,
)


def refusal(read, *args) -> tuple[str, int | None, int | None, str | None]:
    with pytest.raises(SpecErrors) as e:
        read(*args)
    [error] = e.value.errors
    return error.message, error.line, error.column, error.hint


def test_a_spec_over_one_mebibyte_is_refused_unless_the_limit_is_raised(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDSPEC_MAX_SPEC_BYTES", raising=False)
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (1 << 20))
    assert len(read_text(big)) == 1 << 20
    big.write_bytes(b"#" * ((1 << 20) + 1))
    assert refusal(read_text, big) == ("the file is over the size limit of 1,048,576 bytes for a spec file", None, None,
                                       "set CARDSPEC_MAX_SPEC_BYTES to a larger number of bytes to read it")
    monkeypatch.setenv("CARDSPEC_MAX_SPEC_BYTES", "2000000")
    assert size_limit("spec") == 2000000 and len(read_text(big)) == (1 << 20) + 1


@pytest.mark.parametrize("value, limit", [("1", 1), (" 300 ", 300), ("", 1 << 20)])
def test_the_size_limit_is_a_whole_number_of_bytes_from_1(monkeypatch, value, limit):
    monkeypatch.setenv("CARDSPEC_MAX_SPEC_BYTES", value)
    assert size_limit("spec") == limit


@pytest.mark.parametrize("value", ["0", "-5", "1e6", "ten"])
def test_a_size_limit_that_is_not_a_whole_number_from_1_is_refused(monkeypatch, value):
    monkeypatch.setenv("CARDSPEC_MAX_RECORD_BYTES", value)
    with pytest.raises(Refused) as e:
        size_limit("record")
    assert e.value.message == f"CARDSPEC_MAX_RECORD_BYTES must be a whole number of bytes, not `{value}`"


def test_a_long_path_is_shortened_in_messages():
    assert shown("a" * 120) == "a" * 120
    assert shown("a" * 60 + "b" * 21 + "c" * 40) == "a" * 60 + "..." + "c" * 40 + " (121 characters)"
    assert shown("x\ty") == "x\\ty"


def test_a_folder_or_no_name_is_not_read(tmp_path):
    assert refusal(read_text, tmp_path) == ("this is a folder, not a spec file", None, None, None)
    assert refusal(read_text, "") == ("no file name given", None, None, None)
    with pytest.raises(Refused) as e:
        check_file(tmp_path / "none.yaml", "record")
    assert (e.value.message, e.value.missing) == ("file not found", True)


def test_what_an_os_error_means():
    assert _os_problem(OSError(errno.EACCES, "Permission denied")) == "cannot read the file: permission denied"
    assert _os_problem(OSError(errno.ELOOP, "Too many levels")) == "the path goes round a loop of symbolic links"
    assert _os_problem(OSError(errno.EIO, "I/O error")) == "cannot read the file: I/O error"


def test_a_file_that_is_not_utf8_is_placed_at_its_first_bad_byte(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_bytes("game: Tést\nseats: [X, \xff]\n".encode("utf-8").replace(b"\xc3\xbf", b"\xff"))
    message, line, column, hint = refusal(read_text, bad)
    assert (message, line, column, hint) == ("the file is not UTF-8 text (byte 0xFF)", 2, 12, "save the spec as UTF-8")
    with pytest.raises(SpecErrors) as e:
        read_text(bad)
    assert e.value.errors[0].source_line == "seats: [X, \ufffd]"
    utf16 = tmp_path / "u16.yaml"
    utf16.write_bytes(b"\xff\xfe" + "game: T\n".encode("utf-16-le") + b"\x00\xd8")  # a lone surrogate at the end
    assert refusal(read_text, utf16)[0] == "the file is not UTF-16 text (byte 0x00)"


def test_an_output_path_that_is_a_folder_or_under_a_file_is_refused(tmp_path):
    (tmp_path / "f").write_text("x")
    check_output(tmp_path / "f")  # a file to overwrite
    check_output(tmp_path / "new.yaml")
    for path, message in ((tmp_path, "it is a folder"), (tmp_path / "f" / "g", "a part of the path is a file, not a folder")):
        with pytest.raises(Refused) as e:
            check_output(path)
        assert e.value.message == message


def test_a_named_spec_must_be_a_spec_file_in_a_spec_folder(tmp_path, monkeypatch):
    inside, outside = tmp_path / "in", tmp_path / "out"
    inside.mkdir(), outside.mkdir()
    (inside / "a.yaml").write_text("x: 1\n")
    (outside / "b.yaml").write_text("x: 1\n")
    (inside / "c.txt").write_text("x: 1\n")
    monkeypatch.chdir(inside)
    assert confined(inside / "a.yaml", spec_roots(inside / "a.yaml")) == inside / "a.yaml"
    with pytest.raises(Refused) as e:
        confined(outside / "b.yaml", spec_roots(inside / "a.yaml"))
    assert e.value.message == "it is outside the folders specs are read from"
    with pytest.raises(Refused) as e:
        confined(inside / "c.txt", spec_roots(inside / "a.yaml"))
    assert e.value.message == "a spec file's name ends in .yaml or .yml"
    token = search_path([outside])
    try:
        assert confined(outside / "b.yaml", spec_roots(inside / "a.yaml")) == outside / "b.yaml"
    finally:
        files._SEARCH.reset(token)
    assert os.path.realpath(outside) not in map(str, spec_roots(inside / "a.yaml"))
