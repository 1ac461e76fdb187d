"""Import lines of a generated snippet: deduplicated, ``from`` imports of one module merged.

The same set may hold helper definitions that values need (``class ReadOnlyMapping(Mapping):
...``, see :mod:`gen.values`): they follow the imports, each after two blank lines.
"""

from __future__ import annotations

import re
from typing import Dict, List, Set


def is_definition(line: str) -> bool:
    return line.startswith(("class ", "def "))


def bound_names(line: str) -> List[str]:
    """The names an import line or a helper definition binds in the snippet."""
    if is_definition(line):
        match = re.match(r"^(?:class|def)\s+(\w+)", line)
        return [match.group(1)] if match else []
    return re.findall(r"\w+", line)


def merge_imports(lines: Set[str]) -> List[str]:
    """Deduplicated import lines; ``from m import a`` and ``from m import b`` are merged; helper
    definitions last, in name order."""
    plain: Set[str] = set()
    froms: Dict[str, Set[str]] = {}
    definitions = sorted(line.rstrip() for line in lines if is_definition(line))
    for line in lines:
        line = line.strip()
        if not line or is_definition(line):
            continue
        match = re.match(r"^from\s+([\w.]+)\s+import\s+(.+)$", line)
        if match and "(" not in match.group(2):
            froms.setdefault(match.group(1), set()).update(
                n.strip() for n in match.group(2).split(",") if n.strip())
        else:
            plain.add(line)
    out = sorted(plain)
    out += ["from %s import %s" % (m, ", ".join(sorted(froms[m]))) for m in sorted(froms)]
    for definition in definitions:
        out += ["", "", definition]
    if definitions:
        out.append("")
    return out
