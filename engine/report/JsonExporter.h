#pragma once

#include "core/Expected.h"
#include "report/Report.h"

namespace difftriage::engine {

// The report document with the reviewer's verdicts and notes in it (TriageStore::apply first):
// what a team shares, and what `difftriage-cli report` converts further.
class JsonExporter final
{
public:
    explicit JsonExporter(const Report &report) : m_report(report) {}

    QByteArray render() const;

private:
    const Report &m_report;
};

} // namespace difftriage::engine
