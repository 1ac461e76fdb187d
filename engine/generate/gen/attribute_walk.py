"""The code that prints what a change writes (:mod:`gen.written_attributes`) in a test.

Plain Python the test carries, so it reproduces anywhere:

* a prologue keeps the values the test's own calls into the project return (``sys.setprofile``,
  at most 100, plain scalars left out), a constructor's object for its ``None``: the objects a
  test hands on at once, never binding them to a name, are those a change often writes
  (``parse(text)`` inside a helper of the test, ``Version(v) in Spec(text)``);
* an epilogue walks the test's module-level names and those values breadth first (at most 2000
  objects): lists, tuples, dicts, sets (in the order of their reprs), and the public attributes
  and slots of objects whose class belongs to the changed packages. It prints the first 40
  watched attributes it meets with their paths, ``[('returned[0].ext[0].type.coord',
  ':1:23')]``, and past 40 how often it met each value of each attribute (``[(('policy',
  "'always'"), 3), ...]``: a value written otherwise on the 50th object shows too). It reads
  instance dicts and slots only, never properties, and a raising repr shows as its
  exception's name.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Optional, Tuple

KEEP = '''# the values this test's calls into the project return, kept for the walk at its end
import sys as _sys

_returned = []


def _keep(frame, event, value, _test=globals(), _packages=%(packages)r):
    if event == 'return' and len(_returned) < 100 and frame.f_back is not None and \\
            frame.f_back.f_globals is _test and \\
            str(frame.f_globals.get('__name__')).split('.')[0] in _packages:
        if value is None and frame.f_code.co_name == '__init__':
            value = frame.f_locals.get('self')  # a construction hands on its object
        if type(value) not in (str, bytes, int, float, bool, type(None)):  # nothing to walk
            _returned.append(value)


_sys.setprofile(_keep)
'''

WALK = '''
_sys.setprofile(None)


# the attributes the change writes, on the objects this test made
def _changed_attributes(roots, names=%(names)r, packages=%(packages)r):
    found, seen, queue = [], set(), list(roots)
    while queue and len(seen) < 2000:
        path, obj = queue.pop(0)
        if type(obj) in (str, bytes, int, float, bool) or id(obj) in seen:
            continue  # a project's own str or int subclass may carry state
        seen.add(id(obj))
        try:
            queue.extend(_parts(path, obj, names, packages, found))
        except Exception:  # the walk never ends a test
            continue
    return found


def _parts(path, obj, names, packages, found):
    if isinstance(obj, (list, tuple)):
        return [('%%s[%%d]' %% (path, i), v) for i, v in enumerate(obj[:50])]
    if isinstance(obj, dict):
        return [('%%s[%%r]' %% (path, k), v) for k, v in list(obj.items())[:50]
                if isinstance(k, (str, int))]
    if isinstance(obj, (set, frozenset)):  # in the order of their reprs: hashes vary by run
        return [('%%s{%%d}' %% (path, i), v) for i, v in enumerate(sorted(obj, key=repr)[:50])]
    if str(type(obj).__module__).split('.')[0] not in packages and \\
            type(obj).__module__ != __name__:  # nor the test's own class (a TestCase)
        return []
    state = dict(getattr(obj, '__dict__', None) or {})
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get('__slots__', ())
        for slot in [slots] if isinstance(slots, str) else slots:
            if not slot.startswith('_') and slot not in state and hasattr(obj, slot):
                state[slot] = getattr(obj, slot)
    for name in (n for n in names if n in state):
        try:
            shown = repr(state[name])
        except Exception as error:  # a raising repr is shown by its exception's name
            shown = '<%%s>' %% type(error).__name__
        found.append(('%%s.%%s' %% (path, name), shown))
    return [('%%s.%%s' %% (path, k), v) for k, v in state.items() if not k.startswith('_')]


def _counted(found):
    counts = {}
    for path, shown in found:
        key = (path.rsplit('.', 1)[-1], shown)
        counts[key] = counts.get(key, 0) + 1
    return sorted(counts.items())


_found = _changed_attributes([(k, v) for k, v in list(globals().items()) if k[0] != '_'] +
                             [('returned[%%d]' %% i, v) for i, v in enumerate(_returned)])
print(_found[:40])
if len(_found) > 40:  # past the first 40: how often each value was met, by attribute
    print(_counted(_found))
'''


def _fields(watch: Any) -> Optional[Dict[str, Tuple[str, ...]]]:
    if not isinstance(watch, dict):
        return None
    names = [n for n in watch.get("names") or [] if isinstance(n, str) and n.isidentifier()]
    packages = [p for p in watch.get("packages") or [] if isinstance(p, str) and
                p.isidentifier()]
    if not names or not packages:
        return None
    return {"names": tuple(names), "packages": tuple(packages)}


def watched_code(code: str, watch: Any) -> str:
    """The test with the prologue after its ``__future__`` imports and the walk at its end;
    the code as it is without a well-formed watch (or when it does not parse)."""
    fields = _fields(watch)
    if fields is None:
        return code
    try:
        body = ast.parse(code).body
    except (SyntaxError, ValueError):
        return code
    split = 0  # the line after a leading docstring and the __future__ imports
    for index, node in enumerate(body):
        future = isinstance(node, ast.ImportFrom) and node.module == "__future__"
        docstring = index == 0 and isinstance(node, ast.Expr) and \
            isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        if not future and not docstring:
            break
        split = node.end_lineno or node.lineno
    # "\n" alone ends a line here, as in the generated code: splitlines() would also cut at
    # a form feed or U+2028 inside a string literal
    lines = code.split("\n")
    head = "".join(line + "\n" for line in lines[:split])
    rest = "\n".join(lines[split:])
    return head + KEEP % fields + "\n" + rest.rstrip("\n") + "\n" + WALK % fields


def with_walks(candidates: List[Dict[str, Any]], watch: Any) -> List[Dict[str, Any]]:
    """The candidates, each with the watch in its genome and the walk around its code
    (command lines and relation checks keep their own output)."""
    if _fields(watch) is None:
        return candidates
    for candidate in candidates:
        genome = candidate.get("genome")
        if not isinstance(genome, dict) or genome.get("relation") is not None or \
                genome.get("strategy") == "command_line":
            continue
        genome["watch"] = watch
        candidate["code"] = watched_code(candidate["code"], watch)
    return candidates
