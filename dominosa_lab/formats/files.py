"""Reading a text file the user named: UTF-8 (with or without a byte-order mark) or UTF-16 (with
its byte-order mark, or told apart by its zero bytes); anything else is refused by name."""

from __future__ import annotations

import codecs
from os import PathLike

from dominosa_lab.core.options import check_path
from dominosa_lab.errors import FormatError, MissingFileError

__all__ = ["decode_text", "read_text_file"]

#: The byte-order marks of UTF-16 and the codec each names.
_UTF16_MARKS = {codecs.BOM_UTF16_LE: "utf-16-le", codecs.BOM_UTF16_BE: "utf-16-be"}


def decode_text(data: bytes, source: str = "the text") -> str:
    """The text of ``data``: UTF-8, or UTF-16 when a byte-order mark or its zero bytes say so;
    FormatError naming ``source``, the encoding tried and the byte where it failed.

    Examples
    --------
    >>> decode_text("0 0 1\\n".encode("utf-16"))
    '0 0 1\\n'
    >>> decode_text(b"0 \\xb2 1")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.FormatError: the text is not UTF-8 text: invalid start byte at byte 2 \
(0xb2); save it as UTF-8 (or UTF-16)
    """
    encoding = _encoding(data)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as err:
        name = "UTF-8" if encoding.startswith("utf-8") else "UTF-16"
        raise FormatError(f"{source} is not {name} text: {err.reason} at byte {err.start} "
                          f"(0x{data[err.start]:02x}); save it as UTF-8 (or UTF-16)") from None
    return text.removeprefix("\ufeff")


def _encoding(data: bytes) -> str:
    """The codec of ``data``: UTF-16 by its byte-order mark or, for text of ASCII characters
    without one, by the zero byte beside each character; else UTF-8."""
    for mark, codec in _UTF16_MARKS.items():
        if data.startswith(mark):
            return codec
    head = data[:64]
    if len(head) >= 2 and head[1::2].count(0) == len(head) // 2 and 0 not in head[::2]:
        return "utf-16-le"
    if len(head) >= 2 and head[0::2].count(0) == len(head) // 2 and 0 not in head[1::2]:
        return "utf-16-be"
    return "utf-8"


def read_text_file(path: str | PathLike, what: str = "file") -> str:
    """The text of the file at ``path`` (see :func:`decode_text`); MissingFileError when it is
    not there, FormatError when it is a folder or cannot be read, naming the path.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> _ = pathlib.Path(folder, "b.txt").write_bytes("0 0 1\\n".encode("utf-16"))
    >>> read_text_file(pathlib.Path(folder, "b.txt"))
    '0 0 1\\n'
    """
    path = check_path("path", path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise MissingFileError(f"{what} {str(path)!r} does not exist") from None
    except IsADirectoryError:
        raise FormatError(f"{what} {str(path)!r} is a folder, not a file") from None
    except OSError as err:
        raise FormatError(f"{what} {str(path)!r} cannot be read: {err.strerror}") from None
    return decode_text(data, f"{what} {str(path)!r}")
