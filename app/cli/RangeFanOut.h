#pragma once

#include <QCommandLineParser>
#include <QStringList>

namespace difftriage::cli {

// --range, --jobs, --shard, --out-dir and --triage-in-base of `analyze`.
void addRangeOptions(QCommandLineParser &parser);

// `analyze --range REV1..REV2`: one analysis per step of the range's first-parent line (each PR,
// and each direct commit), N at a time, each a child `difftriage-cli analyze` writing its report
// into OUT/reports/, as the CI templates' jobs do; then, unless the run is one shard of several,
// the reports merged into OUT/release.json with every difference checked at the range's head.
// `arguments` are the command's own (its other options are passed on to every analysis).
int runRangeAnalyses(const QCommandLineParser &parser, const QStringList &arguments);

} // namespace difftriage::cli
