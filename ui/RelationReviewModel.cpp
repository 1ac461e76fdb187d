#include "RelationReviewModel.h"

namespace difftriage::ui {

RelationReviewModel::RelationReviewModel(QObject *parent) : QAbstractTableModel(parent) {}

void RelationReviewModel::setReviews(QList<engine::ReportRelationReview> reviews)
{
    beginResetModel();
    m_reviews = std::move(reviews);
    endResetModel();
}

void RelationReviewModel::setDecision(int row, engine::RelationDecision decision,
                                      const QString &note)
{
    m_reviews[row].decision = decision;
    m_reviews[row].note = note;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int RelationReviewModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_reviews.size());
}

int RelationReviewModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RelationReviewModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const engine::ReportRelationReview &review = m_reviews.at(index.row());
    if (role == DecisionRole)
        return static_cast<int>(review.decision);
    if (role == Qt::ToolTipRole)
        return review.note.isEmpty() ? review.testId : review.note;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case RelationColumn:
        return review.label;
    case TargetColumn:
        return review.target;
    case DecisionColumn:
        return engine::label(review.decision);
    default:
        return {};
    }
}

QVariant RelationReviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RelationColumn:
        return tr("Relation");
    case TargetColumn:
        return tr("Function");
    case DecisionColumn:
        return tr("Decision");
    default:
        return {};
    }
}

} // namespace difftriage::ui
