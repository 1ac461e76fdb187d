"""Import lines of a generated snippet: deduplicated, ``from`` imports of one module merged."""

from __future__ import annotations

import re
from typing import Dict, List, Set


def merge_imports(lines: Set[str]) -> List[str]:
    """Deduplicated import lines; ``from m import a`` and ``from m import b`` are merged."""
    plain: Set[str] = set()
    froms: Dict[str, Set[str]] = {}
    for line in lines:
        line = line.strip()
        if not line:
            continue
        match = re.match(r"^from\s+([\w.]+)\s+import\s+(.+)$", line)
        if match and "(" not in match.group(2):
            froms.setdefault(match.group(1), set()).update(
                n.strip() for n in match.group(2).split(",") if n.strip())
        else:
            plain.add(line)
    out = sorted(plain)
    out += ["from %s import %s" % (m, ", ".join(sorted(froms[m]))) for m in sorted(froms)]
    return out
