#!/usr/bin/env python3
"""Builds the scratch release repository of the release tests: a small package, `shelf`, tagged
v1.0, then twelve merged PRs and one direct commit, tagged v1.1.

Behaviour changes that survive to v1.1: #102 (greet), #105 (shout), #107 (double raises on
negatives), the direct commit (version), #111 (clamp's bound). #104 changes parity(0) and #108
reverts it. #101, #103, #106, #109, #110 and #112 change no behaviour. Dates are fixed, so the
commit ids are the same on every machine.

Usage: make_release_repo.py DIR   (DIR must not exist)
"""
import os
import subprocess
import sys
from typing import Dict, List, Optional

INIT = "shelf/__init__.py"
TEXT = "shelf/text.py"
NUMBERS = "shelf/numbers.py"
META = "shelf/meta.py"

FILES: Dict[str, str] = {
    INIT: ('"""A small shelf of helpers."""\n'
           "from shelf.meta import version\n"
           "from shelf.numbers import clamp, double, parity\n"
           "from shelf.text import greet, shout\n\n"
           '__all__ = ["clamp", "double", "greet", "parity", "shout", "version"]\n'),
    TEXT: ("def greet(name: str) -> str:\n"
           '    return "Hello, " + name + "!"\n\n\n'
           "def shout(text: str) -> str:\n"
           '    return text.upper() + "!"\n'),
    NUMBERS: ("def _is_even(n: int) -> bool:\n"
              "    return n % 2 == 0\n\n\n"
              "def double(x: int) -> int:\n"
              "    return x * 2\n\n\n"
              "def clamp(x: int) -> int:\n"
              "    return max(0, min(x, 100))\n\n\n"
              "def parity(n: int) -> str:\n"
              '    return "even" if _is_even(n) else "odd"\n'),
    META: ("def version() -> str:\n"
           '    return "1.0"\n'),
}


class Repo:
    def __init__(self, path: str) -> None:
        self.path = path
        self.clock = 0
        self.files = dict(FILES)

    def git(self, *args: str) -> str:
        stamp = "%d +0000" % (1700000000 + 3600 * self.clock)
        self.clock += 1
        env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL="/dev/null",
                   GIT_AUTHOR_NAME="Ada Author", GIT_AUTHOR_EMAIL="ada@example.org",
                   GIT_COMMITTER_NAME="Ada Author", GIT_COMMITTER_EMAIL="ada@example.org",
                   GIT_AUTHOR_DATE=stamp, GIT_COMMITTER_DATE=stamp)
        done = subprocess.run(["git", *args], cwd=self.path, env=env, check=True,
                              stdout=subprocess.PIPE, text=True)
        return done.stdout.strip()

    def write(self, changes: Dict[str, str]) -> None:
        for name, text in changes.items():
            self.files[name] = text
            target = os.path.join(self.path, name)
            os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
            with open(target, "w", encoding="utf-8") as out:
                out.write(text)

    def commit(self, message: str) -> None:
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)

    def pr(self, number: int, branch: str, title: str, changes: Dict[str, str],
           body: str = "", squash: bool = False) -> None:
        if squash:
            self.write(changes)
            self.commit("%s (#%d)\n\n%s" % (title, number, body))
            return
        self.git("checkout", "-q", "-b", branch)
        self.write(changes)
        self.commit(title)
        self.git("checkout", "-q", "main")
        self.git("merge", "-q", "--no-ff", "-m",
                 "Merge pull request #%d from dev/%s\n\n%s\n\n%s" % (number, branch, title, body),
                 branch)
        self.git("branch", "-q", "-D", branch)


def replaced(text: str, old: str, new: str) -> str:
    if old not in text:
        raise SystemExit("make_release_repo: %r not found" % old)
    return text.replace(old, new)


def build(path: str) -> None:
    os.makedirs(path)
    repo = Repo(path)
    repo.git("init", "-q", "-b", "main")
    repo.write(FILES)
    repo.commit("shelf 1.0")
    repo.git("tag", "v1.0")
    f = repo.files
    repo.pr(101, "readme", "Add a README", {"README.md": "# shelf\n\nSmall helpers.\n"})
    repo.pr(102, "greet-hi", "greet: say Hi",
            {TEXT: replaced(f[TEXT], '"Hello, "', '"Hi, "')}, "Friendlier greeting.")
    repo.pr(103, "clamp-refactor", "Refactor clamp without changing it",
            {NUMBERS: replaced(f[NUMBERS], "    return max(0, min(x, 100))\n",
                               "    if x < 0:\n        return 0\n    if x > 100:\n"
                               "        return 100\n    return x\n")},
            "No functional change.")
    repo.pr(104, "parity-zero", "parity: call 0 zero",
            {NUMBERS: replaced(f[NUMBERS], '    return "even" if',
                               '    if n == 0:\n        return "zero"\n    return "even" if')},
            "Zero is special.")
    repo.pr(105, "shout-louder", "shout: two exclamation marks",
            {TEXT: replaced(f[TEXT], '    return text.upper() + "!"', '    return text.upper() + "!!"')})
    repo.pr(106, "text-docs", "Document the text helpers",
            {TEXT: replaced(f[TEXT], "def greet(name: str) -> str:\n",
                            'def greet(name: str) -> str:\n    """Greets someone."""\n')})
    repo.pr(107, "double-negative", "double: refuse negative numbers",
            {NUMBERS: replaced(f[NUMBERS], "    return x * 2\n",
                               "    if x < 0:\n        raise ValueError(\"negative\")\n"
                               "    return x * 2\n")}, "Negative input is a caller bug.")
    repo.write({META: replaced(f[META], '"1.0"', '"1.1"')})
    repo.commit("Bump the version to 1.1")
    repo.pr(108, "revert-parity-zero", "Revert \"parity: call 0 zero\"",
            {NUMBERS: replaced(f[NUMBERS], '    if n == 0:\n        return "zero"\n', "")},
            "Callers relied on even.")
    repo.pr(109, "rename-helper", "Rename the evenness helper",
            {NUMBERS: f[NUMBERS].replace("_is_even", "_even")}, "Internal only.", squash=True)
    repo.pr(110, "meta-name", "Name the package in its metadata",
            {META: 'NAME = "shelf"\n\n\n' + f[META]})
    repo.pr(111, "clamp-fifty", "clamp: cap at 50",
            {NUMBERS: replaced(replaced(f[NUMBERS], "    if x > 100:\n", "    if x > 50:\n"),
                               "        return 100\n", "        return 50\n")},
            "The new maximum.")
    repo.pr(112, "numbers-comments", "Comment the number helpers",
            {NUMBERS: "# Number helpers.\n" + f[NUMBERS]})
    repo.git("tag", "v1.1")


def main(argv: List[str]) -> Optional[int]:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    build(argv[1])
    return None


if __name__ == "__main__":
    sys.exit(main(sys.argv))
