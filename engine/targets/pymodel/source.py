"""Reading a Python source file the way the interpreter decodes it."""

from __future__ import annotations

import io
import tokenize


def read_source(path: str, lenient: bool = False) -> str:
    """The text of a Python file: its PEP 263 coding cookie (else UTF-8) decodes it, a BOM goes.

    Strict (the analyzer, which reports an unreadable file): a bad cookie raises SyntaxError and
    undecodable bytes UnicodeDecodeError.  ``lenient`` (the generator, which only needs the
    names): a bad cookie means UTF-8 and undecodable bytes become U+FFFD.
    """
    with open(path, "rb") as handle:
        data = handle.read()
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError:
        if not lenient:
            raise
        encoding = "utf-8"
    text = data.decode(encoding, "replace" if lenient else "strict")
    return text[1:] if text.startswith("\ufeff") else text
