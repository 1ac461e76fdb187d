#pragma once

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>

namespace difftriage::test {

// One run of `difftriage-cli` (the path in DIFFTRIAGE_CLI), as a user runs it.
struct CliRun
{
    int exitCode = -1; // -1: did not finish in time; -2: crashed
    QByteArray out;
    QByteArray err;
};

// `overrides` are added to the test's own environment (a private XDG_DATA_HOME, say). An
// `analyze` without `--effort` runs at `quick`: tests take seconds per change.
CliRun runCli(const QStringList &arguments, const QProcessEnvironment &overrides = {},
              int timeoutMs = 600000);

} // namespace difftriage::test
