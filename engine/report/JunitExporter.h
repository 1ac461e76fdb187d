#pragma once

#include "core/Expected.h"
#include "report/Report.h"

namespace difftriage::engine {

// JUnit XML for CI test reporters: one test case per generated test, named by its id and classed
// by its target. A test that shows a behavioural difference is a <failure> (type: the kind);
// a test discarded as flaky is <skipped>; the others pass. Verdicts, when applied, are in the
// failure messages.
class JunitExporter final
{
public:
    explicit JunitExporter(const Report &report) : m_report(report) {}

    QByteArray render() const;

private:
    const Report &m_report;
};

} // namespace difftriage::engine
