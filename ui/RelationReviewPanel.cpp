#include "RelationReviewPanel.h"

#include "CodeView.h"
#include "RelationReviewModel.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace difftriage::ui {

RelationReviewPanel::RelationReviewPanel(QWidget *parent)
    : QWidget(parent), m_model(new RelationReviewModel(this)), m_advice(new QLabel(this)),
      m_list(new QTreeView(this)), m_code(new CodeView(this)), m_output(new QPlainTextEdit(this))
{
    m_advice->setWordWrap(true);
    m_list->setModel(m_model);
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->setAccessibleName(tr("Relations to review"));
    m_code->setAccessibleName(tr("Relation check"));
    m_output->setReadOnly(true);
    m_output->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_output->setAccessibleName(tr("Output on both versions"));
    connect(m_list->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { showReview(current.row()); });

    auto *details = new QSplitter(Qt::Horizontal, this);
    details->addWidget(m_code);
    details->addWidget(m_output);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_list);
    splitter->addWidget(details);
    // A few rows are enough for the list; the check and its output need the room.
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({1, 3});
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_advice);
    layout->addWidget(splitter, 1);
    setReviews({});
}

void RelationReviewPanel::setReviews(const QList<engine::ReportRelationReview> &reviews)
{
    m_model->setReviews(reviews);
    m_advice->setText(
        reviews.isEmpty()
            ? tr("No relation breaks on both versions.")
            : tr("These relations break on both versions, so they show no difference. For each, "
                 "either the relation is wrong for this input, or the implementation is wrong, "
                 "or the specification does not say: decide which before relying on it."));
    if (reviews.isEmpty())
        showReview(-1);
    else
        selectReview(0);
    emit countChanged(int(reviews.size()));
}

void RelationReviewPanel::selectReview(int row)
{
    m_list->setCurrentIndex(m_model->index(row, 0));
    showReview(row); // also when the row was current already
}

QString RelationReviewPanel::shownCode() const
{
    return m_code->text();
}

void RelationReviewPanel::showReview(int row)
{
    if (row < 0 || row >= m_model->rowCount()) {
        m_code->setCode({});
        m_output->clear();
        return;
    }
    const engine::ReportRelationReview &review = m_model->review(row);
    m_code->setCode(review.testCode);
    m_output->setPlainText(review.output);
}

} // namespace difftriage::ui
