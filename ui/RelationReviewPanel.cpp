#include "RelationReviewPanel.h"

#include "CodeView.h"
#include "RelationReviewModel.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

namespace difftriage::ui {

RelationReviewPanel::RelationReviewPanel(QWidget *parent)
    : QWidget(parent), m_model(new RelationReviewModel(this)), m_advice(new QLabel(this)),
      m_list(new QTreeView(this)), m_code(new CodeView(this)), m_output(new QPlainTextEdit(this)),
      m_note(new QPlainTextEdit(this)), m_noteTimer(new QTimer(this))
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

    // The decision: which of the three is wrong. Clicking the chosen one again takes it back.
    auto *decision = new QWidget(this);
    auto *buttons = new QHBoxLayout(decision);
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addWidget(new QLabel(tr("Decision:"), decision));
    for (engine::RelationDecision choice : engine::AllRelationDecisions) {
        auto *button = new QPushButton(engine::label(choice), decision);
        button->setCheckable(true);
        buttons->addWidget(button);
        m_buttons.insert(choice, button);
        connect(button, &QPushButton::clicked, this, [this, choice](bool checked) {
            choose(checked ? choice : engine::RelationDecision::None);
        });
    }
    buttons->addStretch(1);
    m_note->setPlaceholderText(tr("Note (why; saved automatically)"));
    m_note->setTabChangesFocus(true);
    m_note->setMaximumHeight(m_note->fontMetrics().lineSpacing() * 4);
    m_noteTimer->setSingleShot(true);
    m_noteTimer->setInterval(600);
    connect(m_note, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_updating)
            m_noteTimer->start();
    });
    connect(m_noteTimer, &QTimer::timeout, this, [this] {
        if (m_current >= 0)
            emitDecision(m_model->review(m_current).decision);
    });

    // The dock is wide and short: the list with its decision beside the check and its output,
    // each at full height.
    auto *review = new QWidget(this);
    auto *reviewLayout = new QVBoxLayout(review);
    reviewLayout->setContentsMargins(0, 0, 0, 0);
    reviewLayout->addWidget(m_list, 1);
    reviewLayout->addWidget(decision);
    reviewLayout->addWidget(m_note);
    auto *columns = new QSplitter(Qt::Horizontal, this);
    columns->addWidget(review);
    columns->addWidget(m_code);
    columns->addWidget(m_output);
    columns->setStretchFactor(0, 2);
    columns->setStretchFactor(1, 3);
    columns->setStretchFactor(2, 3);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_advice);
    layout->addWidget(columns, 1);
    setReviews({});
}

void RelationReviewPanel::setReviews(const QList<engine::ReportRelationReview> &reviews)
{
    m_noteTimer->stop();
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
    // A pending note belongs to the review shown so far: save it before switching.
    if (m_noteTimer->isActive() && m_current >= 0 && m_current != row) {
        m_noteTimer->stop();
        emitDecision(m_model->review(m_current).decision);
    }
    m_updating = true;
    m_current = row >= 0 && row < m_model->rowCount() ? row : -1;
    const bool shown = m_current >= 0;
    for (auto it = m_buttons.cbegin(); it != m_buttons.cend(); ++it) {
        it.value()->setEnabled(shown);
        it.value()->setChecked(shown && m_model->review(m_current).decision == it.key());
    }
    m_note->setEnabled(shown);
    if (!shown) {
        m_code->setCode({});
        m_output->clear();
        m_note->clear();
        m_updating = false;
        return;
    }
    const engine::ReportRelationReview &review = m_model->review(m_current);
    m_code->setCode(review.testCode);
    m_output->setPlainText(review.output);
    m_note->setPlainText(review.note);
    m_updating = false;
}

void RelationReviewPanel::choose(engine::RelationDecision decision)
{
    if (m_current < 0)
        return;
    for (auto it = m_buttons.cbegin(); it != m_buttons.cend(); ++it)
        it.value()->setChecked(it.key() == decision);
    m_noteTimer->stop();
    emitDecision(decision);
}

void RelationReviewPanel::setNote(const QString &note)
{
    m_note->setPlainText(note);
}

void RelationReviewPanel::emitDecision(engine::RelationDecision decision)
{
    emit decided(m_current, decision, m_note->toPlainText());
}

void RelationReviewPanel::setDecision(int row, engine::RelationDecision decision,
                                      const QString &note)
{
    m_model->setDecision(row, decision, note);
    if (row == m_current) {
        for (auto it = m_buttons.cbegin(); it != m_buttons.cend(); ++it)
            it.value()->setChecked(it.key() == decision);
    }
}

} // namespace difftriage::ui
