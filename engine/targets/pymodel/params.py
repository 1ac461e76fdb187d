"""Parameters of a project callable as the generator fills them: AST annotations and defaults,
with the module their names resolve in."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any, List, Optional

from .syntax import parameters


@dataclass
class Param:
    """One parameter of a callable; ``module`` is where its annotation's names resolve."""

    name: str
    kind: str  # positional_only, positional_or_keyword, var_positional, keyword_only, var_keyword
    annotation: Optional[ast.expr]
    default: Optional[ast.expr]
    module: str
    owner: Any = None  # the def/lambda node (to guess types from how the body uses the name)
    owner_class: Optional[str] = None  # the class defining that method, if any

    @property
    def required(self) -> bool:
        return self.default is None and self.kind not in ("var_positional", "var_keyword")


def params_of(node: Any, module: str, drop_first: bool, owner_class: Optional[str] = None
              ) -> List[Param]:
    """Parameters of a def or lambda node (``self``/``cls`` dropped when ``drop_first``)."""
    out = [Param(arg.arg, kind, arg.annotation, default, module)
           for arg, kind, default in parameters(node.args)]
    if drop_first and out and out[0].kind in ("positional_only", "positional_or_keyword"):
        out = out[1:]
    for param in out:
        param.owner = node
        param.owner_class = owner_class
    return out
