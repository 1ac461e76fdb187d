#pragma once

#include "GroupedItemModel.h"
#include "core/Vocabulary.h"
#include "report/Report.h"

#include <QHash>

namespace difftriage::ui {

// The differences of one report as a two-level tree: clusters (same target, kind and cause: one
// verdict can cover them all) and their differences, each named by its target and kind in words
// and by the call its test makes. Lives on the GUI thread.
class DifferenceModel final : public GroupedItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DifferenceModel)

public:
    enum Column
    {
        TitleColumn, // "d1 · tax _tier_for · output differs": what the difference is about
        VerdictColumn,
        SuggestionColumn,
        TestColumn, // the call its test makes
        ColumnCount
    };
    enum Role
    {
        DifferenceIndexRole = Qt::UserRole, // index into report().differences; -1 for a cluster
        FingerprintRole,
        ClusterRole,
        VerdictRole, // int(engine::Verdict); for a cluster: its members' common verdict, or None
        IsClusterRole,
        SearchTextRole, // what the find box matches: ids, names, kind, verdicts, note, test code
    };

    explicit DifferenceModel(QObject *parent = nullptr);

    // The report's differences with the reviewer's verdicts already applied.
    void setReport(const engine::Report &report);
    const engine::Report &report() const { return m_report; }
    void setVerdict(const QString &fingerprint, engine::Verdict verdict);
    engine::Verdict verdict(int difference) const;

    QModelIndex indexOfDifference(int difference, int column = 0) const;
    // The next (or previous) difference without a verdict after `from`, wrapping around; invalid
    // when all are decided.
    QModelIndex nextUndecided(const QModelIndex &from, bool forward = true) const;
    // Indices into report().differences of the cluster's members.
    QList<int> clusterMembers(const QString &cluster) const;
    int undecidedCount() const;
    int decidedCount() const;

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

protected:
    int groupCount() const override;
    int memberCount(int group) const override;
    QVariant groupData(int group, int column, int role) const override;
    QVariant memberData(int group, int member, int column, int role) const override;

private:
    struct Cluster
    {
        QString key;
        QList<int> members;
    };
    QVariant clusterData(const Cluster &cluster, int column, int role) const;
    QVariant differenceData(int difference, int column, int role) const;
    engine::Verdict clusterVerdict(const Cluster &cluster) const;
    // The differences in display order (cluster by cluster).
    QList<int> displayOrder() const;

    engine::Report m_report;
    QList<Cluster> m_clusters;
    QHash<int, QPair<int, int>> m_position; // difference → (cluster row, row)
};

} // namespace difftriage::ui
