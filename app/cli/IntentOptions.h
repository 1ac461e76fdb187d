#pragma once

#include "change/ChangeSpec.h"
#include "core/Expected.h"

#include <QCommandLineParser>

namespace difftriage::cli {

// --title TEXT and --body-file FILE: the PR's stated intent when the change is named by
// revisions (CI knows the PR's title and body; the commits alone do not), read by the intent
// heuristic and shown in the report.
void addIntentOptions(QCommandLineParser &parser);
engine::Status applyIntentOptions(const QCommandLineParser &parser, engine::ChangeSpec &change);

} // namespace difftriage::cli
