#pragma once

#include "report/ReportRelation.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTreeView;

namespace difftriage::ui {

class CodeView;
class RelationReviewModel;

// The relations to review of the shown report: which ones, the check's code and what it printed
// on both versions, and the three possible causes to decide between.
class RelationReviewPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RelationReviewPanel)

public:
    explicit RelationReviewPanel(QWidget *parent = nullptr);

    void setReviews(const QList<engine::ReportRelationReview> &reviews);
    RelationReviewModel *model() const { return m_model; }
    void selectReview(int row);
    QString shownCode() const;

signals:
    // The number of reviews changed: the dock's title can say so.
    void countChanged(int count);

private:
    void showReview(int row);

    RelationReviewModel *m_model;
    QLabel *m_advice;
    QTreeView *m_list;
    CodeView *m_code;
    QPlainTextEdit *m_output;
};

} // namespace difftriage::ui
