"""The offline test generator behind ``generate.py`` (standard library only, Python 3.8 - 3.13).

Modules:

* :mod:`gen.values` - value expressions (the leaves of a genome): rendering, keys, size;
* :mod:`gen.mutate` - neighbours (mutation) and strictly simpler variants (shrink) of values;
* :mod:`gen.pools` - small generic value pools per type, biased by parameter names;
* :mod:`gen.hints` - type hints → candidate values (containers, unions, project classes ...);
* :mod:`gen.mine` - constants mined from the changed code and its callees (with neighbours);
* :mod:`gen.callsites` - literal call sites in the project's tests, docs and doctests;
* :mod:`gen.specs` - annotations → type specs (aliases, generics, unions, forward references);
* :mod:`gen.usage` - types of unannotated parameters from how the body uses them;
* :mod:`gen.plans` - access information → entry plans (slots with ordered candidate values);
* :mod:`gen.fallback` - entry points for targets without access paths (dynamic dispatch);
* :mod:`gen.mutators` - set-up calls: public mutators of a receiver;
* :mod:`gen.genome` - genomes (the structured call) from slot choices;
* :mod:`gen.snippet` - genome → readable Python snippet;
* :mod:`gen.imports` - the import lines of a snippet, merged;
* :mod:`gen.strategies` - fresh candidates for one plan;
* :mod:`gen.feedback` - coverage feedback: closest tests, mutations;
* :mod:`gen.search` - the request: fair spread over targets, deduplication, caps;
* :mod:`gen.shrink` - simpler variants of a genome;
* :mod:`gen.relations` - metamorphic relations: which apply (names, types, configuration), inputs;
* :mod:`gen.relation_snippet` - relation genome → a snippet that prints whether it holds;
* :mod:`gen.relation_plans` - relation checks for the plans of changed public functions.

The project itself (modules, name resolution, classes and their constructors, public import
paths) is read through :mod:`pymodel.project`, the model the target analysis shares.

Everything is deterministic for a given request: only ``random.Random`` seeded from the request,
sorted iteration everywhere.
"""

GENERATOR_VERSION = "difftriage-generate/1.0"
