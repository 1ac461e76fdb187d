"""The input-model rules: one small, named strategy each (docs/SEARCH.md lists them).

* :mod:`gen.rules.optional` - ``optional_params``: every optional and keyword-only parameter
  set, flags both ways, the keywords a ``**kwargs`` parameter takes;
* :mod:`gen.rules.variety` - ``type_variety``: more types per parameter;
* :mod:`gen.rules.shapes` - ``shapes``: containers and elements shaped the way the function and
  its callees use the parameter (:mod:`gen.shape_infer`);
* :mod:`gen.rules.sizes` - ``sizes``: sizes and values just below, at and above the constants
  the code compares against;
* :mod:`gen.rules.regex_inputs` - ``regex_samples``: strings of the shape the target's regular
  expressions match (:mod:`gen.regex_samples`), to the parameter each is applied to;
* :mod:`gen.rules.value_relations` - ``value_relations``: equal, ordered, reversed and repeated
  values, and one object passed twice;
* :mod:`gen.rules.repeated_calls` - ``repeated_calls``: the method called first on the same
  receiver with the same first argument (a key set to a falsy value, another key between);
* :mod:`gen.rules.path_forms` - ``path_forms``: absolute and relative paths and their
  relations, for the parameters the target hands to path functions;
* :mod:`gen.rules.unicode_forms` - ``unicode_forms``: a string parameter's own values in the
  Unicode forms text code treats apart (digits, spaces, case, composition);
* :mod:`gen.rules.named_keys` - ``named_keys``: a mapping keyed by the names another
  argument's text spells, valued with each common type;
* :mod:`gen.rules.guard_strings` - ``guard_strings``: one string passing every check the body
  makes of a parameter (length, first and last characters, alphabet), then each broken;
* :mod:`gen.rules.encoded_texts` - ``encoded_texts``: text already encoded in the form a
  decoder of the target reads (``%2F``, ``&amp;``, base64, hex), to string and mapping
  parameters;
* :mod:`gen.rules.number_spellings` - ``number_spellings``: numbers spelled the ways parsers
  read differently (``'-1'``, ``'01'``, ``' 1'``, ``'1_0'``, ``'1e3'``), to string parameters and
  in place of the digits inside the project's tests' strings;
* :mod:`gen.rules.sparse_values` - ``sparse_values``: every parameter None but one;
* :mod:`gen.rules.protocols` - ``protocol_objects``: protocols implemented in unusual but legal
  ways (one-shot iterators, custom mappings, str subclasses, Fraction, inf, nan ...);
* :mod:`gen.rules.callables` - ``callable_objects``: the callable protocol in unusual but legal
  ways (partials, callable instances, bound methods, generator and coroutine functions);
* :mod:`gen.rules.returned_callables` - ``returned_callables``: the function a closure, a
  decorator or a decorator factory returns, called;
* :mod:`gen.rules.signature_diff` - ``signature_diff``: calls that exercise exactly what changed
  in the signature between the versions;
* :mod:`gen.rules.protocol_membership` - ``protocol_membership``: whether the class supports
  the protocol of a special method only one version defines;
* :mod:`gen.rules.class_header` - ``class_header``: a class whose bases, keywords or decorators
  changed, probed as a class (``Cls[int]``, its ``collections.abc`` classes);
* :mod:`gen.rules.changed_constants` - ``changed_constants``: a public module constant the
  target reads whose literal data differ between the versions, printed;
* :mod:`gen.rules.exception_messages` - ``exception_messages``: the type and message of the
  exception a changed raise statement raises;
* :mod:`gen.rules.environment` - ``environment_variables``: the environment variables the target
  reads, set to the values it compares them with, to the usual switch spellings, and unset.

Every rule is a level-1 strategy except ``signature_diff``, ``protocol_membership``,
``class_header``, ``changed_constants``, ``exception_messages`` and ``environment_variables``
(level 0: they aim at the change itself).
Each has an ablation test: a scratch repository whose difference is missed with the rule
switched off and found with it on (tests/engine/tst_inputmodel.cpp).
"""
