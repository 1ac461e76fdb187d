"""Classes to pass where a function takes a class: a decorator, a registry, a serialiser.

Such code walks the class's members (``vars(cls)``, ``cls.__dict__``, ``__annotations__``) and
sorts them by kind or by name; the built-in classes it would otherwise get (``int``, ``str``)
hold only special names, so a change in how it treats a private name, a property or an
annotation never shows.  ``Sample`` has a member of every kind; ``Plain`` has none.  The
definitions are written into the snippet, so each test decorates classes of its own, and the
class's members are printed after the call.
"""

from __future__ import annotations

from typing import List

from .values import Value, vexpr

SAMPLE = '''class Sample:
    """A class with a member of every kind."""
    count: int = 1
    label = 'sample'
    _hidden = 2
    __mangled = 3
    __custom__ = 4

    def method(self):
        return self.count

    @property
    def doubled(self):
        return self.count * 2

    @classmethod
    def build(cls):
        return cls()

    @staticmethod
    def helper():
        return 0'''

PLAIN = '''class Plain:
    pass'''


def sample_classes() -> List[Value]:
    """The classes, each bound to a variable whose members are printed after the call: a
    decorator that registers or rewrites members shows it there."""
    return [dict(vexpr(name, [], "hint", defs=[text]), show="vars")
            for name, text in (("Sample", SAMPLE), ("Plain", PLAIN))]
