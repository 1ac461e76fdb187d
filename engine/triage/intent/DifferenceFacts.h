#pragma once

#include "report/Report.h"

#include <QString>

namespace difftriage::engine {

// What a difference is made of, as the intent heuristic weighs it: which side raised what, and
// whether only the layout of the output changed.
struct DifferenceFacts
{
    DifferenceKind kind = DifferenceKind::DifferentOutput;
    QString oldError; // exception type when that side raised, else empty
    QString newError;
    QString oldMessage;
    QString newMessage;
    bool oldAborted = false; // a time-out or crash
    bool newAborted = false;
    bool whitespaceOnly = false; // equal once whitespace is removed
    bool caseOnly = false;       // equal ignoring case
    bool orderOnly = false;      // the same tokens in another order
    bool messageOnly = false;    // the same exception type, another message

    static DifferenceFacts of(const ReportDifference &difference);
};

// Exceptions that usually mean a program error rather than a decision to reject an input:
// an AttributeError on the old side that the new side no longer raises looks like a fix.
bool isCrashLike(const QString &errorType);

} // namespace difftriage::engine
