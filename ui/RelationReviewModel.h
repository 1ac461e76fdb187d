#pragma once

#include "report/ReportRelation.h"

#include <QAbstractTableModel>
#include <QList>

namespace difftriage::ui {

// The report's relations that break on both versions: no difference, but something the reviewer
// settles (the relation, the implementation or the specification is wrong), with the decision.
class RelationReviewModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RelationReviewModel)

public:
    enum Column
    {
        RelationColumn,
        TargetColumn,
        DecisionColumn,
        ColumnCount
    };
    enum Role
    {
        DecisionRole = Qt::UserRole, // int(engine::RelationDecision)
    };

    explicit RelationReviewModel(QObject *parent = nullptr);

    void setReviews(QList<engine::ReportRelationReview> reviews);
    const engine::ReportRelationReview &review(int row) const { return m_reviews.at(row); }
    void setDecision(int row, engine::RelationDecision decision, const QString &note);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<engine::ReportRelationReview> m_reviews;
};

} // namespace difftriage::ui
