#pragma once

#include "report/ExportFormats.h"
#include "report/Report.h"

#include <QString>

namespace difftriage::ui {

// Where a save dialog starts: the folder the reviewer last exported to (remembered in QSettings,
// the home folder at first) and a file name that says what is in it.
namespace ExportLocation {

// "pr-27-triage.html"; "test_pr27.py" for the pytest file (pytest collects test_*.py); a change
// without a number is named by its head commit ("3f2a9c1e-triage.md").
QString suggestedFileName(const engine::Report &report, engine::ExportFormat format);
// The remembered folder joined with `fileName`.
QString suggestedPath(const QString &fileName);
// Remembers the folder of a path the reviewer chose.
void remember(const QString &chosenPath);

} // namespace ExportLocation

} // namespace difftriage::ui
