"""Reading and writing the project's text files: UTF-8 in, clear errors out, atomic writes."""
from __future__ import annotations

import codecs
import os
import tempfile
from pathlib import Path

from ..errors import YgosimError


def read_bytes(path) -> bytes:
    """The content of `path`; a missing or unreadable file is a YgosimError."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise YgosimError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise YgosimError(f"{path}: is a directory, not a file") from None
    except OSError as e:
        raise YgosimError(f"{path}: cannot be read: {e.strerror}") from None


def read_text(path) -> str:
    """The UTF-8 text of `path` (a UTF-8 byte order mark is allowed).

    UTF-16 and other encodings are refused with the line where the bad bytes are."""
    data = read_bytes(path)
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise YgosimError(f"{path}, line 1: the file is UTF-16 text; save it as UTF-8")
    if b"\0" in data:
        line = data.count(b"\n", 0, data.index(b"\0")) + 1
        raise YgosimError(f"{path}, line {line}: NUL bytes: this is a binary or UTF-16 file, "
                          "not UTF-8 text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise YgosimError(f"{path}, line {line}: not UTF-8 text "
                          f"(byte 0x{data[e.start]:02x} cannot be decoded)") from None


def write_atomic(path, text: str) -> None:
    """Write `text` (UTF-8) to `path` through a temporary file and a rename: on any error the
    old file, if any, is left as it was."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as e:
        raise YgosimError(f"{path}: cannot be written: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise YgosimError(f"{path}: cannot be written: {e.strerror}") from None
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
