#pragma once

#include "report/Report.h"

#include <QString>

namespace difftriage::engine {

// One line saying how a side ended, for the CI exports' short messages: `raises ValueError: …`,
// `times out`, or the first line of its output, shortened.
QString describeOutcome(const ReportSide &side, qsizetype maxLength = 160);

// What a difference kind means, in a sentence (SARIF rule descriptions, JUnit failures).
QString describeKind(DifferenceKind kind);

// What a relation check saw on each version and what that signals, in a sentence; empty when
// the verdict is the same on both.
QString describeRelation(const ReportRelation &relation);

// Why a relation breaks on both versions: the three causes the reviewer decides between.
QString relationReviewAdvice();

} // namespace difftriage::engine
