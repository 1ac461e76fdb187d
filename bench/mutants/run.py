#!/usr/bin/env python3
"""Mutation benchmark beyond the demo: real code DiffTriage's authors did not write.

Copies pure-Python modules of the standard library into a package in a scratch git repository,
then adds one PR per seeded mutant (operator, comparison boundary, constant, exception type,
dropped branch) and per behaviour-preserving rewrite (a renamed local variable), each as a real
merge commit. Runs `difftriage-cli analyze` on every PR and prints the detection rate on mutants,
the false-alarm rate on rewrites and the mean union coverage. Last line:
    mutant_detection=<x> rewrite_false_alarms=<y> mean_union_coverage=<z>
Mutants are picked by a seeded random choice among the mutable sites of public functions; some are
equivalent (no input can show them), so 1.0 is not reachable. Use this to make the generator
general; never tune it to names in these modules.

Usage: bench/mutants/run.py [--build build] [--mutants 12] [--rewrites 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from typing import List, Optional, Tuple

MODULES = ["textwrap", "shlex", "colorsys", "fractions", "statistics", "string", "calendar"]
PACKAGE = "stdpkg"


def git(repo: str, *args: str) -> str:
    env = dict(os.environ, GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="bench@example.org",
               GIT_COMMITTER_NAME="Bench", GIT_COMMITTER_EMAIL="bench@example.org",
               GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL="/dev/null")
    return subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True,
                          text=True).stdout.strip()


def public_functions(tree: ast.Module) -> List[ast.FunctionDef]:
    """Top-level public functions and public methods of public classes."""
    found: List[ast.FunctionDef] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            found.append(node)
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            found.extend(n for n in node.body if isinstance(n, ast.FunctionDef)
                         and (not n.name.startswith("_") or n.name == "__init__"))
    return found


def offset(lines: List[str], line: int, col: int) -> int:
    return sum(len(text) for text in lines[:line - 1]) + len(lines[line - 1][:col].encode()
                                                               .decode("utf-8", "ignore"))


FLIPS = {ast.Lt: "<=", ast.LtE: "<", ast.Gt: ">=", ast.GtE: ">", ast.Eq: "!=", ast.NotEq: "=="}
ARITH = {ast.Add: "-", ast.Sub: "+", ast.Mult: "//", ast.FloorDiv: "*"}


def mutation_sites(source: str, tree: ast.Module) -> List[Tuple[str, int, int, str]]:
    """(kind, start, end, replacement) character ranges in `source`."""
    lines = source.splitlines(keepends=True)
    sites: List[Tuple[str, int, int, str]] = []
    for function in public_functions(tree):
        for node in ast.walk(function):
            if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in FLIPS:
                left_end = offset(lines, node.left.end_lineno, node.left.end_col_offset)
                right = node.comparators[0]
                right_start = offset(lines, right.lineno, right.col_offset)
                between = source[left_end:right_start]
                op = between.strip()
                if op in ("<", "<=", ">", ">=", "==", "!="):
                    new = between.replace(op, FLIPS[type(node.ops[0])], 1)
                    sites.append(("boundary", left_end, right_start, new))
            elif isinstance(node, ast.BinOp) and type(node.op) in ARITH:
                left_end = offset(lines, node.left.end_lineno, node.left.end_col_offset)
                right_start = offset(lines, node.right.lineno, node.right.col_offset)
                between = source[left_end:right_start]
                op = between.strip()
                if op in ("+", "-", "*", "//"):
                    sites.append(("operator", left_end, right_start,
                                  between.replace(op, ARITH[type(node.op)], 1)))
            elif (isinstance(node, ast.Constant) and type(node.value) is int
                  and node.lineno == node.end_lineno):
                start = offset(lines, node.lineno, node.col_offset)
                end = offset(lines, node.end_lineno, node.end_col_offset)
                if source[start:end].isdigit():
                    sites.append(("constant", start, end, str(node.value + 1)))
            elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and \
                    isinstance(node.exc.func, ast.Name) and node.exc.func.id in ("ValueError",
                                                                                 "TypeError"):
                func = node.exc.func
                start = offset(lines, func.lineno, func.col_offset)
                end = offset(lines, func.end_lineno, func.end_col_offset)
                other = "TypeError" if func.id == "ValueError" else "ValueError"
                sites.append(("exception", start, end, other))
            elif isinstance(node, ast.If) and node.orelse == [] and len(node.body) == 1 and \
                    isinstance(node.body[0], (ast.Return, ast.Assign, ast.AugAssign)):
                stmt = node.body[0]
                start = offset(lines, stmt.lineno, stmt.col_offset)
                end = offset(lines, stmt.end_lineno, stmt.end_col_offset)
                sites.append(("dropped_branch", start, end, "pass"))
    return sites


def rename_local(source: str, tree: ast.Module, rng: random.Random) -> Optional[str]:
    """Renames one local variable of a public function (a behaviour-preserving rewrite)."""
    lines = source.splitlines(keepends=True)
    functions = public_functions(tree)
    rng.shuffle(functions)
    for function in functions:
        params = {a.arg for a in function.args.args + function.args.kwonlyargs}
        stores = sorted({n.id for n in ast.walk(function) if isinstance(n, ast.Name)
                         and isinstance(n.ctx, ast.Store) and n.id not in params})
        uses_locals = any(isinstance(n, ast.Name) and n.id in ("locals", "vars", "eval", "exec")
                          for n in ast.walk(function))
        nested = any(isinstance(n, (ast.FunctionDef, ast.Lambda, ast.ClassDef, ast.comprehension))
                     for n in ast.walk(function) if n is not function)
        if not stores or uses_locals or nested:
            continue
        name = rng.choice(stores)
        new_name = name + "_value"
        edits = sorted(((offset(lines, n.lineno, n.col_offset),
                         offset(lines, n.end_lineno, n.end_col_offset))
                        for n in ast.walk(function) if isinstance(n, ast.Name) and n.id == name),
                       reverse=True)
        result = source
        for start, end in edits:
            result = result[:start] + new_name + result[end:]
        return result
    return None


def build_repository(root: str, mutants: int, rewrites: int, seed: int) -> List[dict]:
    repo = os.path.join(root, "repo")
    os.makedirs(os.path.join(repo, PACKAGE))
    git(repo, "init", "-q", "-b", "main")
    sources = {}
    for module in MODULES:
        path = os.path.join(os.path.dirname(os.__file__), module + ".py")
        with open(path, encoding="utf-8") as handle:
            sources[module] = handle.read()
        with open(os.path.join(repo, PACKAGE, module + ".py"), "w", encoding="utf-8") as out:
            out.write(sources[module])
    with open(os.path.join(repo, PACKAGE, "__init__.py"), "w") as out:
        out.write('"""Standard-library modules copied for the mutation benchmark."""\n')
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Import modules")
    rng = random.Random(seed)
    plan = [("mutant", i) for i in range(mutants)] + [("rewrite", i) for i in range(rewrites)]
    prs = []
    number = 100
    for kind, _ in plan:
        module = rng.choice(MODULES)
        source = sources[module]
        tree = ast.parse(source)
        if kind == "mutant":
            sites = mutation_sites(source, tree)
            if not sites:
                continue
            site_kind, start, end, replacement = rng.choice(sites)
            changed = source[:start] + replacement + source[end:]
            title = "%s: %s mutant" % (module, site_kind)
        else:
            changed = rename_local(source, tree, rng)
            site_kind = "rename_local"
            if changed is None:
                continue
            title = "%s: rename a local variable" % module
        number += 1
        branch = "pr-%d" % number
        git(repo, "checkout", "-q", "-b", branch, "main")
        with open(os.path.join(repo, PACKAGE, module + ".py"), "w", encoding="utf-8") as out:
            out.write(changed)
        git(repo, "commit", "-q", "-am", title)
        sources[module] = changed  # the next PR starts from main, which now has this change
        git(repo, "checkout", "-q", "main")
        git(repo, "merge", "-q", "--no-ff", "-m",
            "Merge pull request #%d from bench/%s\n\n%s" % (number, branch, title), branch)
        prs.append({"number": number, "kind": kind, "site": site_kind, "title": title})
    return prs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--mutants", type=int, default=12)
    parser.add_argument("--rewrites", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-tests", type=int, default=150)
    args = parser.parse_args()
    cli = os.path.join(args.build, "bin", "difftriage-cli")
    work = tempfile.mkdtemp(prefix="difftriage-mutants-")
    try:
        prs = build_repository(work, args.mutants, args.rewrites, args.seed)
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"))
        detected = alarms = mutants = rewrites = 0
        coverages = []
        print("%-5s %-8s %-16s %-9s %-6s %s" % ("PR", "kind", "site", "coverage", "diffs", "seconds"))
        for pr in prs:
            report_path = os.path.join(work, "%d.json" % pr["number"])
            start = time.monotonic()
            result = subprocess.run([cli, "analyze", "--repo", os.path.join(work, "repo"), "--pr",
                                     str(pr["number"]), "--python", sys.executable,
                                     "--max-tests", str(args.max_tests), "--report", report_path],
                                    env=env, capture_output=True, text=True)
            seconds = time.monotonic() - start
            if result.returncode != 0:
                print("%-5d analysis failed: %s" % (pr["number"], result.stderr.strip()[:200]))
                continue
            with open(report_path) as handle:
                report = json.load(handle)
            found = len(report["differences"])
            coverages.append(report["union_coverage"])
            if pr["kind"] == "mutant":
                mutants += 1
                detected += found > 0
            else:
                rewrites += 1
                alarms += found > 0
            print("%-5d %-8s %-16s %-9.3f %-6d %.1f" % (pr["number"], pr["kind"], pr["site"],
                                                        report["union_coverage"], found, seconds))
        print("mutant_detection=%.3f rewrite_false_alarms=%.3f mean_union_coverage=%.3f" % (
            detected / max(mutants, 1), alarms / max(rewrites, 1),
            sum(coverages) / max(len(coverages), 1)))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
