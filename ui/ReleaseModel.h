#pragma once

#include "GroupedItemModel.h"
#include "release/ReleaseDocument.h"
#include "release/ReleaseMerge.h"

namespace difftriage::ui {

// A release as a two-level tree: its PRs (and direct commits), most severe status first, each
// with its differences. Verdicts change in place (setVerdict); the order stays as loaded so rows
// do not jump while the reviewer works. Lives on the GUI thread.
class ReleaseModel final : public GroupedItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReleaseModel)

public:
    enum Column
    {
        TitleColumn,
        DifferencesColumn,
        SuggestedColumn,
        StatusColumn,
        AtHeadColumn,
        ColumnCount
    };
    enum Role
    {
        DifferenceIndexRole = Qt::UserRole, // index into the document's differences; -1 for a PR
        IsPrRole,
        VerdictRole, // int(engine::Verdict): the difference's, or the PR's status
    };

    explicit ReleaseModel(QObject *parent = nullptr);

    // The document with the reviewer's verdicts already applied.
    void setRelease(engine::ReleaseDocument release);
    const engine::ReleaseDocument &release() const { return m_release; }
    void setVerdict(int difference, engine::Verdict verdict, const QString &note);

    // PRs with differences, and those of them whose every difference has a verdict.
    int prsToReview() const;
    int prsReviewed() const;
    QModelIndex indexOfDifference(int difference, int column = 0) const;
    // The next difference without a verdict after `from` (wrapping), invalid when none is left.
    QModelIndex nextUndecided(const QModelIndex &from) const;

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

protected:
    int groupCount() const override;
    int memberCount(int group) const override;
    QVariant groupData(int group, int column, int role) const override;
    QVariant memberData(int group, int member, int column, int role) const override;

private:
    QVariant prData(int row, int column, int role) const;
    QVariant differenceData(int difference, int column, int role) const;
    engine::Verdict statusOf(int row) const;
    int undecidedOf(int row) const;

    engine::ReleaseDocument m_release;
    QList<engine::ReleasePrSummary> m_prs;  // display order
    QHash<int, QPair<int, int>> m_position; // difference → (PR row, row)
};

} // namespace difftriage::ui
