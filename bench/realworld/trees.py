"""Git plumbing for the real-world benchmark: history, changed files, exported trees.

Everything reads a plain local clone with the `git` command; trees are exported with
`git archive` (no `.git`, as the CLI's tree cache has none either).
"""

from __future__ import annotations

import os
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from typing import List, Tuple


class GitError(RuntimeError):
    pass


def git(repo: str, *args: str) -> str:
    done = subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True,
                          errors="replace")
    if done.returncode != 0:
        raise GitError(f"git {' '.join(args)} in {repo}: {done.stderr.strip()}")
    return done.stdout


@dataclass(frozen=True)
class Commit:
    sha: str
    parent: str
    subject: str
    message: str


def first_parent_history(repo: str, limit: int) -> List[Commit]:
    """The newest `limit` commits of HEAD's first-parent line that have a parent."""
    out = git(repo, "log", "--first-parent", f"-n{limit}", "--format=%H%x00%P%x00%s%x00%B%x1e",
              "HEAD")
    commits: List[Commit] = []
    for record in out.split("\x1e"):
        record = record.strip("\n")
        if not record:
            continue
        sha, parents, subject, body = record.split("\x00", 3)
        if not parents.split():
            continue
        commits.append(Commit(sha, parents.split()[0], subject, body.strip()))
    return commits


def changed_files(repo: str, base: str, head: str) -> List[Tuple[str, str, int]]:
    """(status, path on the head side, lines added plus removed) for each changed file."""
    status = {}
    for line in git(repo, "diff", "--name-status", "--no-renames", base, head).splitlines():
        parts = line.split("\t")
        status[parts[-1]] = parts[0][0]
    changes: List[Tuple[str, str, int]] = []
    for line in git(repo, "diff", "--numstat", "--no-renames", base, head).splitlines():
        added, removed, path = line.split("\t", 2)
        count = (int(added) if added.isdigit() else 0) + (int(removed) if removed.isdigit() else 0)
        changes.append((status.get(path, "M"), path, count))
    return changes


def export_tree(repo: str, commit: str, dest: str) -> None:
    """Writes the tree of `commit` into the empty or missing directory `dest`."""
    os.makedirs(dest, exist_ok=True)
    with tempfile.TemporaryFile() as archive:
        done = subprocess.run(["git", "-C", repo, "archive", "--format=tar", commit],
                              stdout=archive, stderr=subprocess.PIPE)
        if done.returncode != 0:
            raise GitError(f"git archive {commit} in {repo}: {done.stderr.decode().strip()}")
        archive.seek(0)
        with tarfile.open(fileobj=archive) as tar:
            if hasattr(tarfile, "tar_filter"):
                tar.extractall(dest, filter="tar")  # type: ignore[call-arg]
            else:
                tar.extractall(dest)


def file_at(repo: str, commit: str, path: str) -> bytes:
    done = subprocess.run(["git", "-C", repo, "show", f"{commit}:{path}"], capture_output=True)
    if done.returncode != 0:
        raise GitError(f"{path} at {commit}: {done.stderr.decode().strip()}")
    return done.stdout


def has_commit(repo: str, commit: str) -> bool:
    return subprocess.run(["git", "-C", repo, "cat-file", "-e", f"{commit}^{{commit}}"],
                          capture_output=True).returncode == 0
