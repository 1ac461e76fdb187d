#pragma once

#include "change/ChangeSpec.h"
#include "core/Vocabulary.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

namespace difftriage::ui {

// The PR browser's rows. Lives on the GUI thread; filled from a finished background load and
// updated from the analysis queue's and the triage store's signals.
class PrListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PrListModel)

public:
    enum Column
    {
        NumberColumn,
        StateColumn,
        TriageColumn,
        VerdictColumn,
        DateColumn,
        AuthorColumn,
        TitleColumn,
        ColumnCount
    };
    enum Role
    {
        ChangeIndexRole = Qt::UserRole,
        SortRole,
        TriageStatusRole,
    };
    // Where a change stands in the reviewer's work (the browser's state filter).
    enum class TriageStatus
    {
        NotAnalysed,
        Queued,
        Running,
        Failed,
        Cancelled, // stopped before it finished, nothing kept: as good as not analysed
        NoDifferences,
        Differences, // some not triaged yet
        AllTriaged,
    };
    // A change's overall verdict, its most severe one: the reviewer's when every difference is
    // decided, else with the suggestions standing in for the undecided ones.
    struct Overall
    {
        engine::Verdict verdict = engine::Verdict::None;
        bool suggested = false;
    };

    explicit PrListModel(QObject *parent = nullptr);

    void setChanges(QList<engine::ChangeSpec> changes);
    const engine::ChangeSpec &change(int row) const { return m_changes.at(row); }
    int rowOf(const QString &base, const QString &head) const;
    // Also adds the change (e.g. two revisions the user named) when it is not listed yet.
    int addChange(const engine::ChangeSpec &change);

    void setTriageStatus(const QString &base, const QString &head, TriageStatus status);
    TriageStatus triageStatus(int row) const;
    void setOverall(const QString &base, const QString &head, Overall overall);
    // How many of the change's differences are decided: the Triage column says "2 of 3 decided".
    void setDecided(const QString &base, const QString &head, int decided, int total);
    Overall overall(int row) const;
    static QString statusText(TriageStatus status);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    static QString key(const QString &base, const QString &head) { return base + head; }
    QString keyOf(int row) const;
    void cellChanged(const QString &base, const QString &head, Column column);
    QVariant overallData(int row, int role) const;

    QList<engine::ChangeSpec> m_changes;
    QHash<QString, TriageStatus> m_status;
    QHash<QString, Overall> m_overall;
    QHash<QString, std::pair<int, int>> m_decided; // decided, total
};

} // namespace difftriage::ui
