"""Reading and writing the project's files: bounded reads, UTF-8 in, clear errors out, atomic
writes, and YAML/JSON parsing that no input can crash, hang or blow up.

Every file is read with a size limit (`LIMITS`, by kind of file): a file larger than any real
one of its kind (`/dev/zero` given as a deck) is refused before it is read in full. YAML and
JSON documents are checked for depth and size before they are built: a deeply nested or
self-multiplying document ("billion laughs") is a YgosimError, never a crash.
"""
from __future__ import annotations

import codecs
import json
import os
import tempfile
from pathlib import Path

import yaml

from .errors import YgosimError
from .safetext import printable

KIB, MIB = 1024, 1024 * 1024
# The largest file of each kind that is read. Real files are far smaller: a .ydk is about
# 1 KiB, EDOPro's largest lflist.conf (a whole-pool whitelist) about 600 KiB, a scenario a few
# KiB, a replay of a 500-turn duel a few MiB, YGOProDeck's whole card dump about 30 MiB and
# EDOPro's cards.cdb about 20 MiB.
LIMITS = {"deck": 256 * KIB, "banlist": 8 * MIB, "scenario": 1 * MIB, "replay": 16 * MIB,
          "json": 256 * MIB, "cdb": 1024 * MIB, "file": 16 * MIB}
MAX_DEPTH = 50                 # nesting of YAML/JSON documents (real ones: under 10)
MAX_NODES = 2_000_000          # values in a YAML document, aliases expanded


def _where(path) -> str:
    return printable(str(path))


def read_bytes(path, kind: str = "file") -> bytes:
    """The content of `path`, at most LIMITS[kind] bytes; a missing, unreadable or larger file
    is a YgosimError (a larger one is refused without reading past the limit)."""
    limit = LIMITS[kind]
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise YgosimError(f"{_where(path)}: no such file") from None
    except IsADirectoryError:
        raise YgosimError(f"{_where(path)}: is a directory, not a file") from None
    except OSError as e:
        raise YgosimError(f"{_where(path)}: cannot be read: {e.strerror or e}") from None
    except ValueError as e:         # a path with a NUL byte
        raise YgosimError(f"{_where(path)}: not a usable file name ({e})") from None
    if len(data) > limit:
        raise YgosimError(f"{_where(path)}: larger than any real {kind} file "
                          f"(more than {_size(limit)}): refused")
    return data


def _size(n: int) -> str:
    return f"{n // MIB} MiB" if n >= MIB else f"{n // KIB} KiB"


def read_text(path, kind: str = "file") -> str:
    """The UTF-8 text of `path` (a UTF-8 byte order mark is allowed), at most LIMITS[kind]
    bytes. UTF-16 and other encodings are refused with the line where the bad bytes are."""
    return decode_text(read_bytes(path, kind), _where(path))


def decode_text(data: bytes, where: str) -> str:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise YgosimError(f"{where}, line 1: the file is UTF-16 text; save it as UTF-8")
    if b"\0" in data:
        line = data.count(b"\n", 0, data.index(b"\0")) + 1
        raise YgosimError(f"{where}, line {line}: NUL bytes: this is a binary or UTF-16 file, "
                          "not UTF-8 text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise YgosimError(f"{where}, line {line}: not UTF-8 text "
                          f"(byte 0x{data[e.start]:02x} cannot be decoded)") from None


# -- YAML and JSON ---------------------------------------------------------------------------

try:
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - libyaml missing
    _Loader = yaml.SafeLoader

_OPEN = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSE = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def parse_yaml(text: str, where: str):
    """The YAML document in `text` (safe types only). Its depth and its size with aliases
    expanded are checked from the parser's events before anything is built (libyaml's builder
    crashes on deep nesting; aliases can multiply a small file into billions of values)."""
    try:
        try:
            _check_yaml_events(text, where, _Loader)
        except yaml.YAMLError:
            # libyaml's scanner reads a flow collection ahead of its events and has depth
            # limits of its own in some versions: the pure-Python parser is lazy, so the
            # project's own limits (depth, size) are checked first and name the problem
            if _Loader is not yaml.SafeLoader:
                _check_yaml_events(text, where, yaml.SafeLoader)
            raise
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        line = f", line {mark.line + 1}" if mark is not None else ""
        problem = getattr(e, "problem", None) or getattr(e, "reason", None) or \
            (str(e).strip().splitlines() or ["?"])[0]
        raise YgosimError(f"{where}{line}: not valid YAML: {printable(str(problem))[:100]}") from None
    except (ValueError, TypeError, OverflowError, RecursionError) as e:
        # a value the constructor refuses: an integer of 5000 digits, a bad date
        raise YgosimError(f"{where}: not a usable YAML document: {_value_problem(e)}") from None


def _check_yaml_events(text: str, where: str, loader) -> None:
    depth = 0
    total = 0
    sizes = [0]                    # values under each open collection
    anchored: dict[str, int] = {}   # anchor -> the number of values it stands for
    anchors = [None]
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.AliasEvent):
            n = anchored.get(event.anchor, 1)
        elif isinstance(event, _OPEN):
            depth += 1
            if depth > MAX_DEPTH:
                raise YgosimError(f"{where}, line {event.start_mark.line + 1}: nested more than "
                                  f"{MAX_DEPTH} levels deep: not a real file of this kind")
            sizes.append(1)
            anchors.append(event.anchor)
            continue
        elif isinstance(event, _CLOSE):
            depth -= 1
            n = sizes.pop()
            anchor = anchors.pop()
            if anchor is not None:
                anchored[anchor] = n
            sizes[-1] += n
            continue
        elif isinstance(event, yaml.ScalarEvent):
            n = 1
            if event.anchor is not None:
                anchored[event.anchor] = 1
        else:
            continue
        sizes[-1] += n
        total += n
        if total > MAX_NODES or sizes[-1] > MAX_NODES:
            raise YgosimError(f"{where}: more than {MAX_NODES:,} values (aliases expanded): "
                              "not a real file of this kind")


def parse_json(text: str, where: str):
    """The JSON document in `text`; bad JSON, numbers too large to use and nesting too deep
    for the parser are YgosimErrors naming the line."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise YgosimError(f"{where}, line {e.lineno}: invalid JSON: {e.msg}") from None
    except RecursionError:
        raise YgosimError(f"{where}: nested too deeply: not a real file of this kind") from None
    except ValueError as e:     # an integer of 5000 digits
        raise YgosimError(f"{where}: not a usable JSON document: {_value_problem(e)}") from None


def _value_problem(e: Exception) -> str:
    text = str(e)
    if "integer string conversion" in text:
        return "a number with thousands of digits"
    if isinstance(e, RecursionError):
        return "nested too deeply"
    return printable(text)[:100]


# -- writing ----------------------------------------------------------------------------------

def write_atomic(path, text: str) -> None:
    """Write `text` (UTF-8) to `path` through a temporary file and a rename: on any error (a
    full disk, a text that cannot be encoded) the old file, if any, is left as it was."""
    path = Path(path)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise YgosimError(f"{_where(path)}: not written: the text has a character that "
                          f"cannot be stored (position {e.start})") from None
    if path.exists() and not path.is_file() and not path.is_dir():
        _write_device(path, data)         # /dev/stdout, a pipe: written to, never replaced
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except (OSError, ValueError) as e:
        raise YgosimError(f"{_where(path)}: cannot be written: "
                          f"{getattr(e, 'strerror', None) or e}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
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
            raise YgosimError(f"{_where(path)}: cannot be written: {e.strerror or e}") from None
        raise


def _write_device(path: Path, data: bytes) -> None:
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError as e:
        raise YgosimError(f"{_where(path)}: cannot be written: {e.strerror or e}") from None


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
