#pragma once

#include "PrListModel.h"
#include "change/ChangeSpec.h"
#include "core/Expected.h"
#include "report/Report.h"
#include "triage/ReportArchive.h"
#include "triage/TriageStore.h"

#include <QFutureWatcher>
#include <QHash>
#include <QObject>
#include <functional>
#include <memory>

namespace difftriage::ui {

// The open repository as the reviewer works on it: its changes, its saved analyses (one report per
// change in the data directory) and its triage store. Opening reads git and the saved reports on a
// pool thread; everything else happens on the GUI thread and is small (one JSON file per decision).
class TriageSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TriageSession)

public:
    explicit TriageSession(QObject *parent = nullptr);
    ~TriageSession() override;

    void open(const QString &path);
    bool isOpen() const { return m_store != nullptr; }
    bool isOpening() const { return m_loader.isRunning(); }
    QString repositoryPath() const { return m_path; }
    QString identity() const { return m_identity; }
    const QList<engine::ChangeSpec> &changes() const { return m_changes; }
    engine::TriageStore *store() const { return m_store.get(); }

    // The saved analysis of a change with the stored verdicts applied; nullopt if never analysed.
    std::optional<engine::Report> savedReport(const engine::ChangeSpec &change) const;
    engine::Status saveReport(const engine::Report &report);
    // The same on a pool thread (serialising and syncing a large report stalls the GUI); `done`
    // runs on this object's thread once the file is in place.
    void saveReportInBackground(const engine::Report &report,
                                std::function<void(const engine::Status &)> done);
    // Records a verdict (and note) for each fingerprint of the change's report.
    engine::Status decide(const engine::Report &report, const QStringList &fingerprints,
                          engine::Verdict verdict, const QString &note);
    engine::TriageEntry entry(const engine::Report &report, const QString &fingerprint) const;
    // Records the reviewer's decision (and note) on one of the report's relations to review.
    engine::Status decideRelation(const engine::Report &report,
                                  const engine::ReportRelationReview &review,
                                  engine::RelationDecision decision, const QString &note);
    // How many of the change's differences have a verdict, of how many (0 of 0 when the change
    // has no saved analysis).
    std::pair<int, int> decidedOf(const QString &base, const QString &head) const;
    // Status from the saved analysis and the store (NotAnalysed when there is none).
    PrListModel::TriageStatus statusOf(const QString &base, const QString &head) const;
    PrListModel::Overall overallOf(const QString &base, const QString &head) const;

signals:
    void opened();
    void openFailed(const QString &message);
    void verdictsChanged(const QString &base, const QString &head);

private:
    struct Loaded
    {
        QString path;
        QString identity;
        QList<engine::ChangeSpec> changes;
        QHash<QString, QList<engine::ReportDifference>> analysed; // prKey → summaryOf(saved report)
    };
    static engine::Expected<Loaded> load(const QString &path);
    void finishOpen();

    QFutureWatcher<engine::Expected<Loaded>> m_loader;
    QString m_path;
    QString m_identity;
    QList<engine::ChangeSpec> m_changes;
    QHash<QString, QList<engine::ReportDifference>> m_analysed;
    std::unique_ptr<engine::TriageStore> m_store;
    std::unique_ptr<engine::ReportArchive> m_archive;
};

} // namespace difftriage::ui
