"""Metamorphic relations: which ones a changed public function should satisfy, and on what inputs.

A relation says how the outputs of two related calls must compare, without knowing the right
output (see the metamorphic testing reference in the project docs):

* ``idempotence`` - ``f(f(x)) == f(x)`` where the output can be fed back in;
* ``normalisation/bom|crlf|trailing_newline|whitespace`` - text inputs: the same content with a
  byte-order mark, CRLF line ends, the final newline toggled or surrounding spaces gives the same;
* ``path_agreement`` - the same file content given as a path string, a ``Path`` or an open file;
* ``additivity`` - ``f(a + b) == f(a) + f(b)`` for counts and lists, splitting text at a line end
  (so that no token spans the cut) and sequences in the middle;
* ``permutation`` - the same elements in reverse order give the same result;
* ``token_sensitivity`` - changing one character of any alphanumeric token changes the output
  or makes the call fail (the token is read, not silently dropped).

Which relations apply is inferred from the signature only (names, type hints, defaults): it is a
cheap guess, so the project's ``.difftriage.json`` may name them per function or disable them::

    "relations": {"pkg.text.clean": ["idempotence"], "disable": ["token_sensitivity"]}

An entry of a list is a kind or ``kind/variant``; ``disable`` may also name a function.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from .values import Value

NORMALISATIONS = ("bom", "crlf", "trailing_newline", "whitespace")
KINDS = ("idempotence", "normalisation", "path_agreement", "additivity", "permutation",
         "token_sensitivity")
LABELS = ("idempotence",) + tuple("normalisation/" + v for v in NORMALISATIONS) + KINDS[2:]
INPUTS_PER_RELATION = 3
MAX_TOKENS = 40

IDEMPOTENT_WORDS = {"normalize", "normalise", "canonical", "canonicalize", "canonicalise",
                    "clean", "cleanup", "sanitize", "sanitise", "strip", "trim", "tidy",
                    "squash", "collapse", "slugify", "slug", "lower", "upper", "casefold",
                    "dedent", "flatten", "simplify", "round", "quantize", "clamp", "sort",
                    "sorted", "dedupe", "deduplicate", "unique", "compact", "fix"}
NOT_IDEMPOTENT_WORDS = {"escape", "quote", "encode", "decode", "wrap", "indent", "increment",
                        "next", "add", "append", "shift", "rotate", "reverse", "toggle",
                        "invert", "negate", "encrypt", "hash", "dumps", "serialize", "pad",
                        "prefix", "suffix", "double", "step"}
READ_WORDS = {"parse", "read", "load", "loads", "count", "tokenize", "tokenise", "split",
              "lines", "words", "records", "rows", "items", "entries", "lex", "scan", "extract",
              "detect", "guess", "ingest", "import", "from", "decode", "deserialize"}
PARSE_WORDS = {"parse", "read", "load", "loads", "decode", "lex", "tokenize", "tokenise", "scan",
               "from", "deserialize", "extract"}
ADDITIVE_WORDS = {"count", "parse", "split", "tokenize", "tokenise", "lines", "words",
                  "records", "rows", "items", "entries", "extract", "find", "findall", "total",
                  "sum", "size", "length", "len", "map", "convert", "collect", "tally"}
NOT_ADDITIVE_WORDS = {"max", "min", "maximum", "minimum", "mean", "average", "median", "first",
                      "last", "unique", "distinct", "dedupe", "sorted", "top", "header", "one"}
ORDER_FREE_WORDS = {"sum", "total", "max", "min", "maximum", "minimum", "largest", "smallest",
                    "count", "sorted", "sort", "union", "intersection", "any", "all",
                    "histogram", "counts", "frequencies", "tally", "mean", "average", "median",
                    "size", "length", "len", "product", "range", "span", "bounds"}
TEXT_NAMES = {"text", "s", "string", "data", "content", "contents", "source", "line", "lines",
              "raw", "body", "doc", "document", "input", "csv", "markdown", "html", "message",
              "msg", "payload", "blob", "buf", "buffer", "chunk", "record", "sql", "query"}
PATH_NAMES = {"path", "filename", "file", "fname", "filepath", "fp", "fh", "stream", "infile",
              "pathname", "src", "source_file", "input_file", "file_path", "src_path"}
SEQUENCE_KINDS = ("list", "tuple", "set", "frozenset")


def words(name: str) -> List[str]:
    """``parse_items`` -> parse, items; ``readCSV`` -> read, csv."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name.strip("_"))
    return [w for w in spaced.lower().split("_") if w]


def _is(spec: Any, *kinds: str) -> bool:
    if not isinstance(spec, tuple) or not spec:
        return False
    if spec[0] == "union":
        members = [m for m in spec[1] if m != ("none",)]
        return bool(members) and all(_is(m, *kinds) for m in members)
    if spec[0] == "seq":
        return "seq" in kinds or spec[1] in kinds
    return spec[0] in kinds


def _known(spec: Any) -> bool:
    return isinstance(spec, tuple) and bool(spec) and spec[0] not in ("any", "unknown")


def _member(spec: Any, union: Any) -> bool:
    """Whether a result of type ``spec`` can be passed where ``union`` is expected."""
    if spec == union:
        return True
    if isinstance(union, tuple) and union and union[0] == "union":
        return any(_member(spec, m) for m in union[1])
    return _is(spec, "seq") and _is(union, "seq") and spec[1] == union[1]


def infer(function: str, param: str, param_spec: Any, returns: Any) -> List[str]:
    """Relation labels that plausibly hold for ``function(param, ...)``.  A cheap guess from names
    and types: a wrong one costs little, since a relation that breaks on both versions is only
    listed for review, never reported as a difference."""
    fwords = set(words(function))
    pwords = set(words(param))
    pathlike = bool(pwords & PATH_NAMES) or param.endswith(("_path", "_file")) or \
        _is(param_spec, "path")
    text = not pathlike and (_is(param_spec, "str", "bytes") or (
        not _known(param_spec) and bool(pwords & TEXT_NAMES)))
    sequence = _is(param_spec, "seq") and not _is(param_spec, "iterator")
    out: List[str] = []
    feedable = _known(returns) and _member(returns, param_spec)
    if not fwords & NOT_IDEMPOTENT_WORDS and (
            (feedable and (text or sequence or fwords & IDEMPOTENT_WORDS)) or
            (fwords & IDEMPOTENT_WORDS and (feedable or not _known(returns)) and
             (text or sequence or _known(param_spec)))):
        out.append("idempotence")
    if text and fwords & READ_WORDS:
        out.extend("normalisation/" + v for v in NORMALISATIONS)
    if pathlike:
        out.append("path_agreement")
    combinable = _is(returns, "int", "float", "decimal", "list", "tuple", "str") or (
        not _known(returns) and bool(fwords & {"count", "total", "sum", "tally"}))
    if (text or sequence) and combinable and fwords & ADDITIVE_WORDS and \
            not fwords & NOT_ADDITIVE_WORDS:
        out.append("additivity")
    if sequence and fwords & ORDER_FREE_WORDS:
        out.append("permutation")
    if text and not _is(param_spec, "bytes") and fwords & PARSE_WORDS:
        out.append("token_sensitivity")
    return out


def _matches(label: str, entries: Iterable[Any]) -> bool:
    kind = label.split("/", 1)[0]
    return any(isinstance(e, str) and e in (label, kind) for e in entries)


def configure(inferred: List[str], qualnames: Sequence[str], config: Any) -> List[str]:
    """Apply ``.difftriage.json``'s ``relations``: a function's own list replaces the guess,
    ``disable`` removes kinds (or ``kind/variant``) everywhere, or every relation of a function."""
    if not isinstance(config, dict):
        return inferred
    chosen = inferred
    for name in qualnames:
        own = config.get(name)
        if isinstance(own, list):
            chosen = [label for label in LABELS if _matches(label, own)]
            break
    disabled = config.get("disable")
    if isinstance(disabled, list):
        if any(name in disabled for name in qualnames):
            return []
        chosen = [label for label in chosen if not _matches(label, disabled)]
    return chosen


def suits(label: str, value: Value) -> bool:
    """Whether an input makes the relation meaningful (CRLF needs a line end, and so on)."""
    kind = value.get("k")
    text = value.get("v") if kind in ("str", "bytes") else None
    if label.startswith("normalisation/"):
        if text is None:
            return False
        if label.endswith("/crlf"):
            return "\n" in text
        if label.endswith("/bom"):
            return not text.startswith("\ufeff") and not text.startswith("\xef\xbb\xbf")
        return True
    if label == "token_sensitivity":
        return kind == "str" and 0 < len(re.findall(r"[A-Za-z0-9]+", text or "")) <= MAX_TOKENS
    if label == "additivity":
        if kind == "str":
            return "\n" in (text or "").rstrip("\n")
        return kind in ("list", "tuple") and len(value.get("items") or []) >= 2
    if label == "permutation":
        items = value.get("items") or []
        return kind in SEQUENCE_KINDS and len(items) >= 2
    if label == "path_agreement":
        return kind == "str"
    return kind not in ("none", "expr", "like_obj")


def _richness(value: Value) -> int:
    """How much structure an input has: its tokens and lines, or its elements."""
    if value.get("k") in ("str", "bytes"):
        text = str(value.get("v"))
        return len(re.findall(r"[A-Za-z0-9]+", text)) + text.count("\n")
    return len(value.get("items") or [])


def inputs(label: str, values: List[Value]) -> List[Value]:
    """A few inputs for one relation among the slot's values that suit it: the project's own
    call sites first (realistic), then the richest values (they exercise the most structure),
    then the plainest one (it shrinks well and catches edge cases)."""
    suited = [v for v in values if suits(label, v)]
    ranked = sorted(range(len(suited)), key=lambda i: (
        suited[i].get("src") != "doc", -_richness(suited[i]), i))
    chosen = [suited[i] for i in ranked[:INPUTS_PER_RELATION - 1]]
    rest = [v for v in suited if v not in chosen]
    return chosen + rest[:1]


def relation_of(genome: Dict[str, Any]) -> Optional[Dict[str, str]]:
    """The genome's relation (``{"kind", "variant", "param"}``), or None for an ordinary test."""
    relation = genome.get("relation") if isinstance(genome, dict) else None
    if not isinstance(relation, dict) or relation.get("kind") not in KINDS:
        return None
    if not isinstance(relation.get("param"), str):
        return None
    if relation["kind"] == "normalisation" and relation.get("variant") not in NORMALISATIONS:
        return None
    return relation


def label_of(relation: Dict[str, str]) -> str:
    variant = relation.get("variant")
    return relation["kind"] + ("/" + variant if variant else "")


def parse_label(label: str, param: str) -> Dict[str, str]:
    kind, _, variant = label.partition("/")
    relation = {"kind": kind, "param": param}
    if variant:
        relation["variant"] = variant
    return relation


def path_contents(values: List[Value]) -> List[Value]:
    """File contents for path agreement: multi-line strings of the target, else a plain one."""
    texts = [v for v in values if v.get("k") == "str" and "\n" in v.get("v", "")]
    return texts[:2] or [{"k": "str", "v": "first line\nsecond line\n"}]


def sample(items: List[Tuple[str, Value]], limit: int) -> List[Tuple[str, Value]]:
    """At most ``limit`` (label, input) pairs, taking each label's inputs in turn."""
    by_label: Dict[str, List[Value]] = {}
    for label, value in items:
        by_label.setdefault(label, []).append(value)
    out: List[Tuple[str, Value]] = []
    rank = 0
    while len(out) < limit and any(rank < len(v) for v in by_label.values()):
        for label in by_label:
            if rank < len(by_label[label]) and len(out) < limit:
                out.append((label, by_label[label][rank]))
        rank += 1
    return out
