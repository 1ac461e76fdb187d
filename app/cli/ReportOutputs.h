#pragma once

#include "core/Expected.h"
#include "release/ReleaseDocument.h"
#include "report/ExportFormats.h"
#include "report/Report.h"
#include "triage/TriageStore.h"

#include <QCommandLineParser>
#include <QList>
#include <optional>

namespace difftriage::cli {

// --html FILE --markdown FILE --sarif FILE --junit FILE --pytest FILE, as `analyze` and `report`
// spell them.
void addExportOptions(QCommandLineParser &parser);
// --triage FILE
void addTriageOption(QCommandLineParser &parser);

// The exports a command was asked for, and the reviewer's verdicts to apply before writing them:
// the repository's triage store (keyed by its identity), or the export named by --triage.
class ReportOutputs final
{
public:
    // Checks the options up front, so a bad --triage file fails before a long analysis.
    // `repositoryPath` is where the HTML heatmap reads sources; its triage store is read when
    // `readRepositoryStore` and --triage is not given.
    static engine::Expected<ReportOutputs> fromOptions(const QCommandLineParser &parser,
                                                       const QString &repositoryPath,
                                                       bool readRepositoryStore);

    bool isEmpty() const { return m_exports.isEmpty(); }
    void applyTriage(engine::Report &report) const;
    void applyTriage(engine::ReleaseDocument &release) const;
    // The first write that fails stops with its error. A release (releaseAsReport) passes its
    // per-PR summary.
    engine::Status write(const engine::Report &report,
                         const QList<engine::PrSummaryRow> &prSummary = {}) const;
    QList<std::pair<engine::ExportFormat, QString>> exports() const { return m_exports; }

private:
    QList<std::pair<engine::ExportFormat, QString>> m_exports;
    QString m_repository;
    std::optional<engine::TriageStore> m_triage;
};

} // namespace difftriage::cli
