#pragma once

#include "core/Expected.h"
#include "report/Report.h"

#include <nlohmann/json.hpp>

namespace difftriage::engine {

// SARIF 2.1.0 for code-scanning services: one rule per difference kind, one result per
// behavioural difference, located at the changed lines its test reached (new side first, since
// that is the revision a PR check annotates; the old side's lines as related locations).
// Differences a reviewer accepted carry a suppression. Apply the verdicts first (TriageStore).
class SarifExporter final
{
public:
    static constexpr auto SchemaUri = "https://json.schemastore.org/sarif-2.1.0.json";

    SarifExporter(const Report &report, QString toolVersion);

    nlohmann::json document() const;
    QByteArray render() const;

    // error for a new failure or a lost entry point, warning for another result, note for
    // warnings only.
    static QString level(DifferenceKind kind);

private:
    nlohmann::json rules() const;
    nlohmann::json result(const ReportDifference &difference) const;
    nlohmann::json result(const ReportRelationReview &review) const;
    nlohmann::json locations(const ReportDifference &difference) const;
    nlohmann::json relatedLocations(const ReportDifference &difference) const;

    const Report &m_report;
    QString m_toolVersion;
};

} // namespace difftriage::engine
