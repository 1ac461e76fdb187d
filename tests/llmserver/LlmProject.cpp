#include "LlmProject.h"

#include "core/DataPaths.h"

#include <QDir>
#include <QFile>
#include <QProcess>

namespace difftriage::testing {

namespace {

const char *InitPy = R"PY("""A tiny package for the LLM tests."""
from pkg.core import Meter, scale

__all__ = ["scale", "Meter"]
)PY";

const char *OldCore = R"PY("""Scaling helpers."""


def _clamp(value: int) -> int:
    if value < 0:
        return 0
    return value


def scale(value: int, factor: int = 2) -> int:
    """Scale a value by a factor."""
    return _clamp(value) * factor


class Meter:
    """Counts readings."""

    def __init__(self, start: int):
        self.total = start

    def add(self, amount: int) -> int:
        self.total += amount
        return self.total
)PY";

const char *NewCore = R"PY("""Scaling helpers."""


def _clamp(value: int) -> int:
    if value <= 0:
        return 1
    return value


def scale(value: int, factor: int = 2) -> int:
    """Scale a value by a factor."""
    return _clamp(value) * factor


class Meter:
    """Counts readings."""

    def __init__(self, start: int):
        self.total = start

    def add(self, amount: int) -> int:
        if amount > 100:
            raise ValueError("too much")
        self.total += amount
        return self.total
)PY";

bool write(const QString &path, const char *text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) >= 0;
}

} // namespace

QString LlmProject::python()
{
    const QString configured = qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON");
    return configured.isEmpty() ? QStringLiteral("/usr/bin/python3") : configured;
}

engine::GenerationRequest LlmProject::request(int round) const
{
    engine::GenerationRequest request;
    request.round = round;
    request.maxCandidates = 6;
    request.oldRoot = oldRoot;
    request.newRoot = newRoot;
    request.oldImportRoot = oldRoot;
    request.newImportRoot = newRoot;
    request.targets = &targets;
    return request;
}

engine::Expected<LlmProject> LlmProject::make()
{
    LlmProject project;
    project.dir = std::make_unique<QTemporaryDir>();
    project.oldRoot = project.dir->filePath(QStringLiteral("old"));
    project.newRoot = project.dir->filePath(QStringLiteral("new"));
    if (!write(project.oldRoot + QStringLiteral("/pkg/__init__.py"), InitPy) ||
        !write(project.newRoot + QStringLiteral("/pkg/__init__.py"), InitPy) ||
        !write(project.oldRoot + QStringLiteral("/pkg/core.py"), OldCore) ||
        !write(project.newRoot + QStringLiteral("/pkg/core.py"), NewCore))
        return engine::makeError(QStringLiteral("cannot write the project"));
    QProcess analyze;
    analyze.start(python(),
                  {QStringLiteral("-I"), engine::pythonHelperPath(QStringLiteral("analyze.py")),
                   QStringLiteral("targets"), QStringLiteral("--old-root"), project.oldRoot,
                   QStringLiteral("--new-root"), project.newRoot, QStringLiteral("--changes"),
                   QStringLiteral("-")});
    analyze.write(R"({"files": [{"old_path": "pkg/core.py", "new_path": "pkg/core.py",
                      "old_lines": [5, 6], "new_lines": [5, 6, 22, 23]}]})");
    analyze.closeWriteChannel();
    if (!analyze.waitForFinished(60000) || analyze.exitCode() != 0)
        return engine::makeError(QStringLiteral("analyze.py failed: ") +
                                 QString::fromUtf8(analyze.readAllStandardError()));
    const QByteArray output = analyze.readAllStandardOutput();
    auto targets = engine::parseTargets(
        nlohmann::json::parse(output.constData(), output.constData() + output.size()));
    if (!targets)
        return targets.error();
    project.targets = std::move(*targets);
    return project;
}

} // namespace difftriage::testing
