#!/usr/bin/env python3
"""The real-world benchmark: DiffTriage on real commits of real projects, checked outside it.

For each commit of manifest.json (chosen by choose_commits.py), runs
`difftriage-cli analyze --repo CLONE --base PARENT --head COMMIT --python /usr/bin/python3` with a
private XDG_CACHE_HOME, times it, then reruns every reported difference's shrunk test with plain
python3 on both trees (reproduce.py). A behaviour-changing commit (fix, feature) is *detected*
when at least one difference reproduces; a refactor is a *false alarm* when any difference
reproduces. Differences that do not reproduce are counted apart: they point at DiffTriage bugs.
A commit the CLI cannot analyse (exit 2, a crash, the time limit) is not detected, with its reason.

One line per commit, then the last line:
    detected=<a>/<b> frozen_detected=<c>/<d> false_alarms=<e>/<f> median_seconds=<m>
where detected counts the development half's behaviour-changing commits, frozen_detected the
frozen half's, false_alarms the refactors of the halves run, and the median is over every commit
run. The frozen half is run only to report, never to decide what to change.

`--keep FILE` appends each commit's result to FILE (JSON lines) as it finishes and reuses the
results already there for the same commit, CLI binary (its sha256) and arguments, except those
stopped by the time limit: a long run on a busy machine can be interrupted and resumed.

Usage: run.py --repos DIR [--cli PATH | --build build] [--half dev|frozen|all] [--only PROJECT]
              [--effort LEVEL] [--cli-args "ARGS"] [--json OUT] [--time-limit 240] [--keep FILE]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Dict, List, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from projects import prepare  # noqa: E402
from reproduce import check  # noqa: E402
from trees import export_tree, has_commit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = "/usr/bin/python3"
BEHAVIOUR_KINDS = ("fix", "feature")
TIME_LIMIT = "time limit"  # the reason of a commit stopped by --time-limit: never kept


def load_manifest(path: str) -> Dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as handle:
            manifest: Dict[str, Any] = json.load(handle)
    except (OSError, json.JSONDecodeError) as error:
        raise SystemExit(f"run.py: cannot read the manifest {path}: {error}")
    if manifest.get("schema") != "difftriage-realworld/1":
        raise SystemExit(f"run.py: {path} is not a difftriage-realworld/1 manifest")
    return manifest


def select(manifest: Dict[str, Any], half: str, only: Optional[str]) -> List[Dict[str, Any]]:
    chosen = []
    for entry in manifest["commits"]:
        if half != "all" and entry["half"] != half:
            continue
        if only and only not in (entry["project"], entry["project"].split("/")[1]) and \
                not (len(only) >= 7 and entry["commit"].startswith(only)):
            continue
        chosen.append(entry)
    return chosen


def check_clones(entries: List[Dict[str, Any]], repos: str) -> List[str]:
    """One line per missing clone or commit, saying what to do."""
    problems: List[str] = []
    seen = set()
    for entry in entries:
        clone = os.path.join(repos, entry["directory"])
        if entry["directory"] in seen:
            continue
        if not os.path.isdir(clone):
            seen.add(entry["directory"])
            problems.append(f"missing clone {clone}: git clone {entry['upstream']} {clone}")
        elif not has_commit(clone, entry["commit"]) or not has_commit(clone, entry["parent"]):
            seen.add(entry["directory"])
            problems.append(f"{clone} lacks commit {entry['commit'][:12]}: "
                            f"git -C {clone} fetch {entry['upstream']}")
    return problems


def missing_debian(manifest: Dict[str, Any], entries: List[Dict[str, Any]]) -> List[str]:
    """The Debian packages the chosen projects need that are not installed."""
    wanted = {"python3-pytest"}
    keys = {e["project"] for e in entries}
    for project in manifest["projects"]:
        if project["project"] in keys:
            wanted.update(project["debian"])
    missing = []
    for name in sorted(wanted):
        done = subprocess.run(["dpkg-query", "-W", "-f=${Status}", name], capture_output=True,
                              text=True)
        if "install ok installed" not in done.stdout:
            missing.append(name)
    return missing


def cli_supports(cli: str, flag: str) -> bool:
    done = subprocess.run([cli, "analyze", "--help"], capture_output=True, text=True)
    return flag in done.stdout


def analyse(entry: Dict[str, Any], clone: str, cli: str, extra: List[str], work: str,
            cache: str, time_limit: float, verbose: bool) -> Dict[str, Any]:
    report = os.path.join(work, "report.json")
    command = [cli, "analyze", "--repo", clone, "--base", entry["parent"], "--head",
               entry["commit"], "--python", PYTHON, "--report", report]
    if entry.get("prepare"):
        command += ["--prepare", entry["prepare"]]
    command += extra
    env = dict(os.environ, XDG_CACHE_HOME=cache)
    started = time.monotonic()
    try:
        done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, errors="replace", timeout=time_limit)
    except subprocess.TimeoutExpired:
        return {"seconds": time.monotonic() - started, "exit": None,
                "reason": f"{TIME_LIMIT} {time_limit:.0f} s"}
    seconds = time.monotonic() - started
    if verbose:
        sys.stderr.write(done.stderr)
    result: Dict[str, Any] = {"seconds": seconds, "exit": done.returncode, "reason": None}
    if done.returncode not in (0, 3) or not os.path.isfile(report):
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        result["reason"] = f"exit {done.returncode}: " + (lines[-1] if lines else "no message")
        return result
    with open(report, encoding="utf-8") as handle:
        result["report"] = json.load(handle)
    return result


def reproduce_all(entry: Dict[str, Any], clone: str, differences: List[Dict[str, Any]],
                  work: str) -> List[Dict[str, Any]]:
    if not differences:
        return []
    trees = {}
    for side, commit, root in (("old", entry["parent"], entry["import_root_old"]),
                               ("new", entry["commit"], entry["import_root"])):
        tree = os.path.join(work, side)
        export_tree(clone, commit, tree)
        if entry.get("prepare"):
            prepare(tree, PYTHON)
        trees[side] = (tree, root)
    return [check(d, *trees["old"], *trees["new"], PYTHON, 30.0) for d in differences]


def run_entry(entry: Dict[str, Any], args: argparse.Namespace, cli: str, extra: List[str],
              cache: str) -> Dict[str, Any]:
    clone = os.path.abspath(os.path.join(args.repos, entry["directory"]))
    with tempfile.TemporaryDirectory(prefix="realworld-run-") as work:
        result = analyse(entry, clone, cli, extra, work, cache, args.time_limit,
                         "--verbose" in extra)
        report = result.pop("report", None)
        differences = report["differences"] if report else []
        checks = reproduce_all(entry, clone, differences, work)
    reproduced = sum(1 for c in checks if c["reproduced"])
    return {**{k: entry[k] for k in ("project", "commit", "parent", "kind", "half", "subject")},
            **result, "reported": len(differences), "reproduced": reproduced,
            "union_coverage": report["union_coverage"] if report else None,
            "stop_reason": report["stop_reason"] if report else None,
            "tests_executed": report["tests_executed"] if report else None,
            "differences": checks}


def run_key(cli: str, extra: List[str], commit: str) -> str:
    with open(cli, "rb") as handle:
        binary = hashlib.sha256(handle.read()).hexdigest()
    return hashlib.sha256(json.dumps([binary, extra, commit]).encode()).hexdigest()


def kept_rows(path: Optional[str]) -> Dict[str, Dict[str, Any]]:
    rows: Dict[str, Dict[str, Any]] = {}
    if path and os.path.isfile(path):
        with open(path, encoding="utf-8") as handle:
            for text in handle:
                if text.strip():
                    record = json.loads(text)
                    rows[record["key"]] = record["row"]
    return rows


def verdict(row: Dict[str, Any]) -> str:
    if row["reason"] and not row["reproduced"]:
        return "unanalysed"
    if row["kind"] == "refactor":
        return "FALSE_ALARM" if row["reproduced"] else "quiet"
    return "detected" if row["reproduced"] else "missed"


def line(row: Dict[str, Any]) -> str:
    coverage = "-" if row["union_coverage"] is None else f"{row['union_coverage']:.3f}"
    text = (f"{row['project']:30} {row['commit'][:10]} {row['kind']:8} {row['half']:6} "
            f"{verdict(row):11} {row['reported']:>3}/{row['reproduced']:<3} "
            f"{row['seconds']:7.1f}s {coverage:>6} {row['stop_reason'] or '-'}")
    return text + (f"  ({row['reason']})" if row["reason"] else "")


def half_line(rows: List[Dict[str, Any]], half: str) -> str:
    """One half's figures: detections, false alarms, differences that did not reproduce,
    commits not analysed and the median time."""
    mine = [r for r in rows if r["half"] == half]
    behaviour = [r for r in mine if r["kind"] in BEHAVIOUR_KINDS]
    refactors = [r for r in mine if r["kind"] == "refactor"]
    median = statistics.median(r["seconds"] for r in mine) if mine else 0.0
    reported = sum(r["reported"] for r in mine)
    reproduced = sum(r["reproduced"] for r in mine)
    return (f"# {half}: detected={sum(1 for r in behaviour if r['reproduced'])}/{len(behaviour)} "
            f"false_alarms={sum(1 for r in refactors if r['reproduced'])}/{len(refactors)} "
            f"reported={reported} not_reproduced={reported - reproduced} "
            f"unanalysed={sum(1 for r in mine if r['reason'])} median_seconds={median:.1f}")


def summary(rows: List[Dict[str, Any]]) -> str:
    def count(half: str) -> str:
        behaviour = [r for r in rows if r["kind"] in BEHAVIOUR_KINDS and r["half"] == half]
        return f"{sum(1 for r in behaviour if r['reproduced'])}/{len(behaviour)}"
    refactors = [r for r in rows if r["kind"] == "refactor"]
    median = statistics.median(r["seconds"] for r in rows) if rows else 0.0
    return (f"detected={count('dev')} frozen_detected={count('frozen')} "
            f"false_alarms={sum(1 for r in refactors if r['reproduced'])}/{len(refactors)} "
            f"median_seconds={median:.1f}")


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repos", required=True, help="directory holding the clones")
    parser.add_argument("--build", default="build", help="build directory (bin/difftriage-cli)")
    parser.add_argument("--cli", help="the difftriage-cli to measure (default: BUILD/bin/...)")
    parser.add_argument("--manifest", default=os.path.join(HERE, "manifest.json"))
    parser.add_argument("--half", choices=("dev", "frozen", "all"), default="dev")
    parser.add_argument("--only", help="one project (OWNER/NAME or NAME) or one commit "
                        "(at least 7 digits of its id)")
    parser.add_argument("--effort", help="passed as --effort when the CLI has it")
    parser.add_argument("--cli-args", default="", help="more arguments for analyze (quoted)")
    parser.add_argument("--json", help="write every commit's details here")
    parser.add_argument("--time-limit", type=float, default=240.0, help="seconds per commit")
    parser.add_argument("--keep", help="JSON lines of finished commits, reused when resuming")
    args = parser.parse_args(argv)

    cli = os.path.abspath(args.cli or os.path.join(args.build, "bin", "difftriage-cli"))
    if not os.access(cli, os.X_OK):
        print(f"run.py: no executable {cli}; build it: cmake --build BUILD --target "
              f"difftriage-cli, then pass --cli BUILD/bin/difftriage-cli", file=sys.stderr)
        return 2
    manifest = load_manifest(args.manifest)
    entries = select(manifest, args.half, args.only)
    if not entries:
        print("run.py: no commit of the manifest matches --half/--only", file=sys.stderr)
        return 2
    problems = check_clones(entries, args.repos)
    if problems:
        print("run.py: clone the projects into one directory (see docs/BENCHMARKS.md):",
              file=sys.stderr)
        for problem in problems:
            print("  " + problem, file=sys.stderr)
        return 2
    missing = missing_debian(manifest, entries)
    if missing:
        print(f"note: not installed, analyses that need them will fail: "
              f"apt-get install {' '.join(missing)}", file=sys.stderr)
    extra = shlex.split(args.cli_args)
    if args.effort:
        if cli_supports(cli, "--effort"):
            extra = ["--effort", args.effort] + extra
        else:
            print(f"note: this CLI has no --effort; running without --effort {args.effort}",
                  file=sys.stderr)
    print(f"# {len(entries)} commits, half {args.half}, cli {cli} {' '.join(extra)}".rstrip())
    print(f"# load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
          flush=True)
    rows: List[Dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="realworld-cache-") as cache:
        kept = kept_rows(args.keep)
        for entry in entries:
            key = run_key(cli, extra, entry["commit"])
            reuse = key in kept and not str(kept[key]["reason"] or "").startswith(TIME_LIMIT)
            row = {**kept[key], **{k: entry[k] for k in ("project", "kind", "half", "subject")}} \
                if reuse else run_entry(entry, args, cli, extra, cache)
            if args.keep and not reuse:
                with open(args.keep, "a", encoding="utf-8") as handle:
                    handle.write(json.dumps({"key": key, "row": row}) + "\n")
            rows.append(row)
            print(line(row), flush=True)
    print(f"# load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    reported = sum(r["reported"] for r in rows)
    reproduced = sum(r["reproduced"] for r in rows)
    failed = [r for r in rows if r["reason"]]
    print(f"# differences reported={reported} reproduced={reproduced} "
          f"not_reproduced={reported - reproduced} (a DiffTriage bug or an environment gap); "
          f"commits not analysed={len(failed)}")
    for half in ("dev", "frozen"):
        if any(r["half"] == half for r in rows):
            print(half_line(rows, half))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"cli_args": extra, "rows": rows}, handle, indent=1)
    print(summary(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
