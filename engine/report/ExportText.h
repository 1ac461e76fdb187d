#pragma once

#include "report/Report.h"

#include <QString>

namespace difftriage::engine {

// One line saying how a side ended, for the CI exports' short messages: `raises ValueError: …`,
// `times out`, or the first line of its output, shortened.
QString describeOutcome(const ReportSide &side, qsizetype maxLength = 160);
// " (refused by the sandbox)" for an OSError the sandbox caused, else empty: a refusal is the
// sandbox at work, not the code's own error.
QString refusalNote(const ReportSide &side);

// What a difference kind means, in a sentence (SARIF rule descriptions, JUnit failures).
QString describeKind(DifferenceKind kind);

// What a relation check saw on each version and what that signals, in a sentence; empty when
// the verdict is the same on both.
QString describeRelation(const ReportRelation &relation);

// Where a test came from when the project's own test suite gave it: "from project test
// tests/test_x.py::test_y".
QString describeOrigin(const ProjectTestOrigin &origin);

// How much of the project's suite ran and what it gave: "3 of 20 tests run reach the change;
// 2 became differential tests".
QString describeProjectTests(const ReportProjectTests &summary);
// A fraction as the exports write it: "87.5%".
QString percent(double fraction);

// The change's union coverage, and how many of its covered lines run at import (which every
// test covers): "100.0% (2 of the covered lines run at import, by every test)".
QString describeCoverage(const Report &report);

// Whether a release's head still shows a difference, in words.
QString describeHeadPresence(HeadPresence presence);

// Why a relation breaks on both versions: the three causes the reviewer decides between.
QString relationReviewAdvice();

} // namespace difftriage::engine
