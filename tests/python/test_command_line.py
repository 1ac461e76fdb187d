"""The ``command_line`` strategy (gen/command_line): entry points, declared options, snippets."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Dict

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))


def write_tree(root: Path, files: Dict[str, str]) -> Path:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_console_scripts_come_from_every_kind_of_metadata(tmp_path: Path) -> None:
    from gen.command_line.entries import entries
    from pymodel.project import Tree

    write_tree(tmp_path, {
        "pyproject.toml": '[project]\nname = "x"\n\n[project.scripts]\n'
                          'tool = "pkg.cli:main"\n"other-tool" = "pkg.cli:App.run"\n\n'
                          '[tool.other]\nnot_a_script = "pkg:nothing"\n',
        "setup.cfg": "[options.entry_points]\nconsole_scripts =\n    cfgtool = pkg.cfg:run\n",
        "setup.py": "from setuptools import setup\n"
                    "setup(entry_points={'console_scripts': ['pytool = pkg.py:go']})\n",
        "pkg/__init__.py": "if __name__ == '__main__':\n    print('never run by -m')\n",
        "pkg/__main__.py": "print('hi')\n",
        "pkg/tool.py": "def main():\n    pass\n\n\nif __name__ == \"__main__\":\n    main()\n",
        "pkg/quiet.py": "def main():\n    pass\n",
        "pkg/other.py": "if __name__ == '__main__':\n    pass\n",  # not changed
        "pkg/sub/__init__.py": "",
        "pkg/sub/__main__.py": "",
        "loose/__main__.py": "",  # not a package: python -m loose runs no package
    })
    found = entries(Tree(str(tmp_path)), {"pkg/tool.py", "pkg/quiet.py", "pkg/__init__.py"})
    assert {k: (e.module, e.function) for k, e in found.items()} == {
        ("script", "tool"): ("pkg.cli", "main"),
        ("script", "other-tool"): ("pkg.cli", "App.run"),
        ("script", "cfgtool"): ("pkg.cfg", "run"),
        ("script", "pytool"): ("pkg.py", "go"),
        ("module", "pkg"): ("pkg.__main__", None),
        ("module", "pkg.sub"): ("pkg.sub.__main__", None),
        ("module", "pkg.tool"): ("pkg.tool", None),  # changed, with a __main__ block
    }


def test_an_entry_is_touched_through_its_module_or_what_its_main_imports(tmp_path: Path) -> None:
    from gen.command_line.entries import Entry, touched
    from pymodel.project import Tree

    write_tree(tmp_path, {"pkg/__init__.py": "", "pkg/cli.py": "def main():\n    pass\n",
                          "pkg/__main__.py": "from .cli import main\nmain()\n"})
    tree = Tree(str(tmp_path))
    module = Entry("pkg", "pkg.__main__", None)
    assert touched(tree, module, {"pkg/cli.py"}) == ["pkg/cli.py"]
    assert touched(tree, module, {"pkg/__main__.py", "pkg/cli.py"}) == \
        ["pkg/__main__.py", "pkg/cli.py"]
    assert touched(tree, module, {"pkg/other.py"}) == []
    assert touched(tree, Entry("tool", "pkg.cli", "main"), {"pkg/cli.py"}) == ["pkg/cli.py"]


def test_options_are_read_from_argparse_getopt_and_the_functions_called(tmp_path: Path) -> None:
    from gen.command_line.options import declared
    from pymodel.project import Tree

    source = ("import argparse\nimport getopt\nimport sys\n\n\n"
              "def build():\n"
              "    parser = argparse.ArgumentParser()\n"
              "    parser.add_argument('-q', '--quiet', action='store_true')\n"
              "    parser.add_argument('--mode', choices=['fast', 'slow'])\n"
              "    parser.add_argument('--width', type=int)\n"
              "    return parser\n\n\n"
              "def main():\n"
              "    args = build().parse_args()\n"
              "    if args.mode == 'fast':\n"
              "        return 1\n\n\n"
              "def legacy():\n"
              "    opts, rest = getopt.getopt(sys.argv[1:], 'ho:', ['help', 'output='])\n"
              "    for opt, value in opts:\n"
              "        if opt in ('-x', '--extra'):\n"
              "            return value\n")
    write_tree(tmp_path, {"tool.py": source})
    tree = Tree(str(tmp_path))
    modern = declared(tree, "tool", "main")
    assert {n: (o.takes_value, o.choices) for n, o in modern.options.items()} == {
        "-q": (False, []), "--quiet": (False, []), "--mode": (True, ["fast", "slow"]),
        "--width": (True, [])}
    assert "fast" in modern.words
    old = declared(tree, "tool", "legacy")
    assert {n: o.takes_value for n, o in old.options.items()} == {
        "-h": False, "-o": True, "--help": False, "--output": True, "-x": None, "--extra": None}


def _request(tmp_path: Path, old: Dict[str, str], new: Dict[str, str]) -> Dict[str, object]:
    roots = {side: write_tree(tmp_path / side, files) for side, files in
             (("old", old), ("new", new))}
    changed = [{"side": side, "file": "pkg/cli.py", "line": 1, "statement": 1,
                "function": "pkg.cli.main"} for side in ("old", "new")]
    return {"old_root": str(roots["old"]), "new_root": str(roots["new"]), "round": 0,
            "targets": {"changed_functions": [{"qualname": "pkg.cli.main", "versions": "both",
                                               "files": {"old": "pkg/cli.py",
                                                         "new": "pkg/cli.py"}}],
                        "changed_lines": changed}}


CLI = ("import argparse\nimport sys\n\n\n"
       "def main():\n"
       "    parser = argparse.ArgumentParser(prog='tool')\n"
       "%s"
       "    args = parser.parse_args()\n"
       "    sys.stdout.write(sys.stdin.read().upper())\n"
       "    sys.stdout.close()\n"
       "    return 3\n")


def test_an_option_only_one_version_declares_comes_first_and_snippets_run(tmp_path: Path
                                                                          ) -> None:
    from gen.command_line.candidates import round_candidates
    from gen.plans import Workspace

    meta = {"pyproject.toml": '[project.scripts]\ntool = "pkg.cli:main"\n', "pkg/__init__.py": ""}
    old = dict(meta, **{"pkg/cli.py": CLI % ""})
    new = dict(meta, **{"pkg/cli.py": CLI % "    parser.add_argument('--upper', "
                                            "action='store_true')\n"})
    request = _request(tmp_path, old, new)
    candidates = round_candidates(request, Workspace(request), None, set())
    argvs = [c["genome"]["command"]["argv"] for c in candidates]
    assert argvs[:3] == [[], ["--help"], ["--upper"]]
    assert {c["strategy"] for c in candidates} == {"command_line"}
    assert all(c["target"] == "pkg.cli.main" for c in candidates)
    # the snippet runs the script with its arguments and input, and prints what it wrote even
    # though the program closed its standard output
    code = candidates[2]["code"]
    # the window labels a test by its first statement: the command line
    assert code.split("\n\n")[1].startswith("sys.argv = ['tool', '--upper']\n")
    ran = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path / "new"),
                         capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == "NAME VALUE\nALPHA 1\nBETA 2.5\nGAMMA -3\nexit status: 3\n"
    ran_old = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path / "old"),
                             capture_output=True, text=True, timeout=60)
    assert "unrecognized arguments: --upper" in ran_old.stdout
    assert ran_old.stdout.endswith("exit status: 2\n")
    # tried codes are not offered again
    again = round_candidates(request, Workspace(request), None, {c["code"] for c in candidates})
    assert not any(c["code"] in {d["code"] for d in candidates} for c in again)
    # a target the schedule does not aim at gets none
    assert round_candidates(request, Workspace(request), {"pkg.other"}, set()) == []


def test_a_script_moved_to_another_module_runs_each_versions_own_function(tmp_path: Path
                                                                          ) -> None:
    from gen.command_line.candidates import round_candidates
    from gen.plans import Workspace

    main = "def main():\n    print(%r)\n"
    old = {"pyproject.toml": '[project.scripts]\ntool = "pkg:main"\n',
           "pkg/__init__.py": main % "old place", "pkg/cli.py": ""}
    new = {"pyproject.toml": '[project.scripts]\ntool = "pkg.cli:main"\n',
           "pkg/__init__.py": "", "pkg/cli.py": main % "new place"}
    request = _request(tmp_path, old, new)
    code = round_candidates(request, Workspace(request), None, set())[0]["code"]
    for side in ("old", "new"):
        ran = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path / side),
                             capture_output=True, text=True, timeout=60)
        assert ran.stdout == "%s place\nexit status: 0\n" % side, ran.stderr


def test_entry_points_take_turns_and_one_version_only_gets_two(tmp_path: Path) -> None:
    from gen.command_line.candidates import round_candidates
    from gen.plans import Workspace

    meta = {"pyproject.toml": '[project.scripts]\ntool = "pkg.cli:main"\n', "pkg/__init__.py": ""}
    cli = CLI % "".join("    parser.add_argument('--flag%d', action='store_true')\n" % i
                        for i in range(12))
    old = dict(meta, **{"pkg/cli.py": cli})
    new = dict(meta, **{"pkg/cli.py": cli, "pkg/__main__.py": "from .cli import main\nmain()\n"})
    request = _request(tmp_path, old, new)
    candidates = round_candidates(request, Workspace(request), None, set())
    entries = [tuple(c["genome"]["command"]["entry"]) for c in candidates]
    assert entries[:4] == [("module", "pkg"), ("script", "tool")] * 2
    assert entries.count(("module", "pkg")) == 2  # python -m pkg: new only
    assert [c["genome"]["command"]["argv"] for c in candidates
            if c["genome"]["command"]["entry"] == ["module", "pkg"]] == [[], ["--help"]]
    assert len(candidates) == 32  # the first round's share


def test_a_message_as_exit_status_is_printed_and_exits_with_one(tmp_path: Path) -> None:
    from gen.command_line.candidates import round_candidates
    from gen.plans import Workspace

    meta = {"pyproject.toml": '[project.scripts]\ntool = "pkg.cli:main"\n', "pkg/__init__.py": ""}
    old = dict(meta, **{"pkg/cli.py": "import sys\n\n\ndef main():\n    sys.exit('bad input')\n"})
    new = dict(meta, **{"pkg/cli.py": "def main():\n    return True\n"})
    request = _request(tmp_path, old, new)
    code = round_candidates(request, Workspace(request), None, set())[0]["code"]
    outputs = {}
    for side in ("old", "new"):
        ran = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path / side),
                             capture_output=True, text=True, timeout=60)
        outputs[side] = ran.stdout
    # as `python -m` would: the message on the terminal and status 1; True is status 1 too
    assert outputs == {"old": "bad input\nexit status: 1\n", "new": "exit status: 1\n"}
