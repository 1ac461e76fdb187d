// The review flow beyond verdicts: decisions on relations to review, the review comment for the
// PR, and the list of keys.
#include "MainWindow.h"
#include "RelationReviewPanel.h"
#include "ShortcutsDialog.h"
#include "TriageSession.h"
#include "report/ReviewCommentExporter.h"

#include <QApplication>
#include <QClipboard>
#include <QMenuBar>
#include <QMessageBox>

namespace difftriage::ui {

void MainWindow::decideRelation(int review, engine::RelationDecision decision, const QString &note)
{
    if (!m_report || review < 0 || review >= m_report->relationReviews.size())
        return;
    engine::ReportRelationReview &shown = m_report->relationReviews[review];
    if (shown.decision == decision && shown.note == note)
        return;
    if (engine::Status status = m_session->decideRelation(*m_report, shown, decision, note);
        !status) {
        QMessageBox::warning(this, tr("Decision not saved"), status.error().message);
        m_relations->setDecision(review, shown.decision, shown.note); // what is on disk
        return;
    }
    shown.decision = decision;
    shown.note = note;
    m_relations->setDecision(review, decision, note);
    showMessage(tr("Saved: %1").arg(engine::label(decision)));
}

QString MainWindow::reviewComment() const
{
    if (!m_report)
        return {};
    engine::Report report = *m_report;
    if (m_session->isOpen())
        m_session->store()->apply(report); // the decisions as they are now
    return engine::ReviewCommentExporter(report).render();
}

void MainWindow::copyReviewComment()
{
    if (!m_report) {
        showMessage(tr("Open an analysed change first."));
        return;
    }
    QApplication::clipboard()->setText(reviewComment());
    showMessage(tr("The review comment is on the clipboard: paste it into the PR."));
}

void MainWindow::showShortcuts()
{
    ShortcutsDialog dialog(menuBar(), this);
    dialog.exec();
}

} // namespace difftriage::ui
