#pragma once

#include "core/Expected.h"
#include "report/Report.h"

namespace difftriage::engine {

// The PR's differences as a pytest file that pins the behaviour the reviewer chose: a test per
// difference expects the new side when the verdict is intended or a coincidental fix and the old
// side when it is a regression (undecided ones are skipped with the reason). Each test runs its
// shrunk snippet and compares what it prints (normalised as the judge does) and what it raises,
// so the file passes on the chosen tree and fails on the other. Run it from the tree's import
// root: `python3 -m pytest FILE`. The report's verdicts are expected to be applied already.
class PytestExporter final
{
public:
    explicit PytestExporter(const Report &report);

    QString render() const;

    // Which side a verdict expects: "new", "old", or empty when it pins neither.
    static QString expectedSide(Verdict verdict);

private:
    QString renderTest(const ReportDifference &difference) const;

    const Report &m_report;
};

} // namespace difftriage::engine
