#pragma once

#include <QStringList>

namespace difftriage::cli {

// Each takes the subcommand's arguments (argv[0] first) and returns the process exit code.
int runDemo(const QStringList &arguments);
int runListPrs(const QStringList &arguments);
int runChanges(const QStringList &arguments);
int runTargets(const QStringList &arguments);
int runAnalyze(const QStringList &arguments);
int runReport(const QStringList &arguments);
int runMerge(const QStringList &arguments);

} // namespace difftriage::cli
