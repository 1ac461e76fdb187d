#pragma once

#include "core/Vocabulary.h"
#include "report/ReportRelation.h"

#include <QHash>
#include <QWidget>

class QAbstractButton;
class QLabel;
class QPlainTextEdit;
class QTimer;
class QTreeView;

namespace difftriage::ui {

class CodeView;
class RelationReviewModel;

// The relations to review of the shown report: which ones, the check's code and what it printed
// on both versions, and the reviewer's decision between the three possible causes with a note.
class RelationReviewPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RelationReviewPanel)

public:
    explicit RelationReviewPanel(QWidget *parent = nullptr);

    void setReviews(const QList<engine::ReportRelationReview> &reviews);
    RelationReviewModel *model() const { return m_model; }
    void selectReview(int row);
    int currentReview() const { return m_current; }
    QString shownCode() const;
    // Shows a stored decision (after the window saved it).
    void setDecision(int row, engine::RelationDecision decision, const QString &note);

public slots:
    // As if the reviewer clicked the decision's button (None takes it back).
    void choose(difftriage::engine::RelationDecision decision);
    void setNote(const QString &note);

signals:
    // The number of reviews changed: the dock's title can say so.
    void countChanged(int count);
    // The reviewer decided on a review, or edited its note (debounced).
    void decided(int row, difftriage::engine::RelationDecision decision, const QString &note);

private:
    void showReview(int row);
    void emitDecision(engine::RelationDecision decision);

    RelationReviewModel *m_model;
    QLabel *m_advice;
    QTreeView *m_list;
    CodeView *m_code;
    QPlainTextEdit *m_output;
    QHash<engine::RelationDecision, QAbstractButton *> m_buttons;
    QPlainTextEdit *m_note;
    QTimer *m_noteTimer;
    int m_current = -1;
    bool m_updating = false;
};

} // namespace difftriage::ui
