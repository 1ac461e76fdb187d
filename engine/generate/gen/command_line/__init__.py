"""The ``command_line`` strategy: the project's command-line entry points run as a user would.

A change to a project's command-line interface (a console script, ``python -m pkg``) is reached
through ``sys.argv`` and ``sys.stdin``, which no signature names: calling the entry function as a
plain function runs it with the runner's own arguments on both versions alike.  When a changed
line lies in an entry point's module (or a module its ``__main__`` imports), this strategy runs
the entry point with argument lists made of the options its code declares (an option only one
version declares first) and a small table on standard input, and prints what it wrote and how it
ended.

* :mod:`.entries` - the console scripts and ``__main__`` modules of each tree, and which the
  change touches;
* :mod:`.options` - the options an entry point's code declares, which take a value, and values;
* :mod:`.candidates` - the strategy's snippets for a ``generate`` request.
"""
