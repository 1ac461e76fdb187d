"""Relation genome → a readable snippet that checks one metamorphic relation.

The genome is an ordinary one (see :mod:`gen.snippet`) plus ``"relation": {"kind", "variant",
"param"}``; ``param`` names the argument the relation transforms.  The snippet wraps the call in
``f(x)`` (the other arguments as in the genome), calls it on ``x`` without protection (so an
exception there is observed by the runner like in any test), then calls it on the transformed
input through ``outcome()``, which turns an exception into a value: a relation compares whole
outcomes.  It prints one line the engine reads, ``relation <label>: holds`` or ``... breaks``,
and the two observations.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Set

from .imports import merge_imports
from .relations import label_of, relation_of
from .values import render

OUTCOME = '''def outcome(call):
    """The whole outcome of a call: what it returns, or the exception it raises."""
    try:
        return ('returns', call())
    except Exception as error:
        return ('raises', type(error).__name__, str(error))


def shown(observed):
    return repr(observed[1]) if observed[0] == 'returns' else 'raises %s: %s' % observed[1:]
'''

TOKENS = '''def one_char_changes(text):
    """Each alphanumeric token, and the text with the token's last character changed."""
    for match in re.finditer('[A-Za-z0-9]+', text):
        last = match.group()[-1]
        if last.isdigit():
            new = str((int(last) + 1) % 10)
        elif last in 'zZ':
            new = chr(ord(last) - 25)
        else:
            new = chr(ord(last) + 1)
        yield match.group(), text[:match.end() - 1] + new + text[match.end():]
'''

# variant: (transformed input, how the second call is labelled)
NORMALISED = {
    "bom": ("{q}'\\ufeff' + x", "f(x with a byte-order mark)"),
    "crlf": ("x.replace({q}'\\r\\n', {q}'\\n').replace({q}'\\n', {q}'\\r\\n')",
             "f(x with CRLF line ends)"),
    "trailing_newline": ("x[:-1] if x.endswith({q}'\\n') else x + {q}'\\n'",
                         "f(x with its final newline toggled)"),
    "whitespace": ("{q}' ' + x + {q}' '", "f(x between spaces)"),
}
BYTES_BOM = "b'\\xef\\xbb\\xbf' + x"


def _call_text(genome: Dict[str, Any], param: str, imports: Set[str]) -> str:
    """``f``'s body: the genome's call with the relation's argument replaced by ``x``."""
    entry = genome.get("entry") or {}
    op = entry.get("op") or "call"
    expr = str(entry.get("expr") or "")
    if entry.get("import"):
        imports.add(str(entry["import"]))

    def arguments(args: List[Dict[str, Any]], subject: bool) -> str:
        parts = []
        for arg in args:
            code = "x" if subject and arg.get("name") == param else render(arg["value"], imports)
            if arg.get("pass") == "kw":
                code = "%s=%s" % (arg["name"], code)
            parts.append(code)
        return ", ".join(parts)

    args = arguments(genome.get("args") or [], True)
    if op == "call":
        call = "%s(%s)" % (expr, args)
    elif op == "static":
        call = "%s.%s(%s)" % (expr, entry.get("method"), args)
    elif op == "method":  # a fresh receiver per call: a call must not see an earlier one
        ctor = arguments(genome.get("ctor") or [], False)
        call = "%s(%s).%s(%s)" % (expr, ctor, entry.get("method"), args)
    else:
        raise ValueError("relations are checked on calls, not on %s" % op)
    if entry.get("async"):
        imports.add("import asyncio")
        call = "asyncio.run(%s)" % call
    return call


def _subject(genome: Dict[str, Any], param: str) -> Dict[str, Any]:
    for arg in genome.get("args") or []:
        if arg.get("name") == param:
            return arg["value"]
    raise ValueError("the relation's argument %r is not passed" % param)


def render_relation(genome: Dict[str, Any]) -> str:
    """The snippet for a genome carrying a relation (deterministic)."""
    relation = relation_of(genome)
    if relation is None:
        raise ValueError("not a relation genome")
    imports: Set[str] = set()
    call = _call_text(genome, relation["param"], imports)
    names = set(re.findall(r"\w+", " ".join(imports)))
    if names & {"f", "x", "y", "outcome", "shown", "one_char_changes", "re", "pathlib",
                "tempfile", "folder", "path", "handle", "unread"}:
        raise ValueError("a name of the project would be shadowed")
    value = _subject(genome, relation["param"])
    x = render(value, imports)
    kind = relation["kind"]
    label = label_of(relation)
    helpers = [OUTCOME]
    body: List[str] = []
    if kind == "path_agreement":
        imports.update({"import pathlib", "import tempfile"})
        write = "write_bytes" if value.get("k") == "bytes" else "write_text"
        encoding = "" if value.get("k") == "bytes" else ", encoding='utf-8'"
        mode = "'rb'" if value.get("k") == "bytes" else "encoding='utf-8', newline=''"
        body += ["folder = pathlib.Path(tempfile.mkdtemp())",
                 "path = folder / 'input.txt'",
                 "path.%s(%s%s)" % (write, x, encoding),
                 "y = f(str(path))",
                 "as_path = outcome(lambda: f(path))",
                 "with open(path, %s) as handle:" % mode,
                 "    as_file = outcome(lambda: f(handle))",
                 "holds = as_path == as_file == ('returns', y)",
                 "print('relation %s:', 'holds' if holds else 'breaks')" % label,
                 "print('f(path as str):', repr(y).replace(str(folder), '<tmp>'))",
                 "print('f(pathlib.Path):', shown(as_path).replace(str(folder), '<tmp>'))",
                 "print('f(open file):', shown(as_file).replace(str(folder), '<tmp>'))"]
        return _assemble(imports, helpers, call, body, "x")
    body += ["x = %s" % x, "y = f(x)"]
    if kind == "token_sensitivity":
        imports.add("import re")
        helpers.append(TOKENS)
        body += ["unread = [token for token, changed in one_char_changes(x)",
                 "          if outcome(lambda: f(changed)) == ('returns', y)]",
                 "print('relation %s:', 'breaks' if unread else 'holds')" % label,
                 "print('f(x):', repr(y))",
                 "print('tokens whose change leaves f(x) as it is:', unread)"]
        return _assemble(imports, helpers, call, body, "x")
    if kind == "idempotence":
        second, said = "outcome(lambda: f(y))", "f(f(x))"
    elif kind == "normalisation":
        template, said = NORMALISED[relation["variant"]]
        q = "b" if value.get("k") == "bytes" else ""
        text = BYTES_BOM if q and relation["variant"] == "bom" else template.format(q=q)
        second = "outcome(lambda: f(%s))" % text
    elif kind == "additivity":
        if value.get("k") == "str":  # cut at a line end: no token spans the two halves
            body.append("cut = x.find('\\n') + 1")
        else:
            body.append("cut = len(x) // 2")
        second, said = "outcome(lambda: f(x[:cut]) + f(x[cut:]))", "f(x[:cut]) + f(x[cut:])"
    elif kind == "permutation":
        rebuild = {"list": "list", "tuple": "tuple", "set": "set", "frozenset": "frozenset"}
        wrap = rebuild.get(str(value.get("k")), "list")
        second, said = "outcome(lambda: f(%s(reversed(list(x)))))" % wrap, "f(reversed x)"
    else:
        raise ValueError("unknown relation kind: %r" % kind)
    body += ["again = %s" % second,
             "print('relation %s:', 'holds' if again == ('returns', y) else 'breaks')" % label,
             "print('f(x):', repr(y))",
             "print(%r, shown(again))" % (said + ":")]
    return _assemble(imports, helpers, call, body, "x")


def _assemble(imports: Set[str], helpers: List[str], call: str, body: List[str],
              param: str) -> str:
    sections = ["\n".join(merge_imports(imports)), "def f(%s):\n    return %s" % (param, call)]
    sections += helpers + ["\n".join(body)]
    return "\n\n\n".join(section.strip("\n") for section in sections) + "\n"
