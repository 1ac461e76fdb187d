"""Class lineage: the order in which a class and its project bases are searched for a name."""

from __future__ import annotations

from typing import List, Sequence


def linearise(head: str, seqs: Sequence[Sequence[str]], c3: bool = True) -> List[str]:
    """``head`` followed by the classes of ``seqs`` (the bases' lineages, for C3 also the list of
    bases itself).

    With ``c3``, Python's MRO (the C3 merge); where a hierarchy is inconsistent, and throughout
    without ``c3``, the rest depth-first in ``seqs`` order, each class once.
    """
    result = [head]
    pending = [list(seq) for seq in seqs if seq]
    while c3 and pending:
        candidate = None
        for seq in pending:
            if not any(seq[0] in other[1:] for other in pending):
                candidate = seq[0]
                break
        if candidate is None:
            break
        result.append(candidate)
        pending = [[item for item in seq if item != candidate] for seq in pending]
        pending = [seq for seq in pending if seq]
    for seq in pending:
        for item in seq:
            if item not in result:
                result.append(item)
    return result
