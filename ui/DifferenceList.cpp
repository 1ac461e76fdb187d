#include "DifferenceList.h"

#include "DifferenceFilterModel.h"
#include "DifferenceModel.h"
#include "SteadyView.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTreeView>
#include <QVBoxLayout>

namespace difftriage::ui {

DifferenceList::DifferenceList(DifferenceModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_filter(new DifferenceFilterModel(this)),
      m_find(new QLineEdit(this)), m_view(new SteadyView<QTreeView>(this)),
      m_summary(new QLabel(this))
{
    m_filter->setSourceModel(m_model);
    m_view->setModel(m_filter);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);
    m_view->setAccessibleName(tr("Differences"));
    // Columns as wide as what they hold; the test's call takes what is left. The difference
    // column fits its members' ids, not the long cluster titles, which are elided instead: the
    // call is what tells a cluster's members apart (fitTitleColumn).
    m_view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(DifferenceModel::TitleColumn, QHeaderView::Interactive);
    m_view->header()->setStretchLastSection(true);
    m_find->setPlaceholderText(tr("Find: id, function, kind, verdict, note or code"));
    m_find->setClearButtonEnabled(true);
    m_find->setAccessibleName(tr("Find differences"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_find);
    layout->addWidget(m_view, 1);

    connect(m_find, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_filter->setText(text);
        m_view->expandAll();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                emit currentDifferenceChanged(
                    current.isValid() ? current.data(DifferenceModel::DifferenceIndexRole).toInt()
                                      : -1);
            });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_view->expandAll();
        fitTitleColumn();
        showSummary();
        emit currentDifferenceChanged(-1);
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, &DifferenceList::showSummary);
    showSummary();
}

void DifferenceList::fitTitleColumn()
{
    const int column = DifferenceModel::TitleColumn;
    int widest = m_view->header()->sectionSizeHint(column);
    const int indent = m_view->indentation() * (m_view->rootIsDecorated() ? 2 : 1);
    for (int row = 0; row < m_filter->rowCount(); ++row) {
        const QModelIndex cluster = m_filter->index(row, column);
        for (int member = 0; member < m_filter->rowCount(cluster); ++member)
            widest = std::max(
                widest, m_view->sizeHintForIndex(m_filter->index(member, column, cluster)).width() +
                            indent);
    }
    // room for a short cluster title and the expand arrow; never more than half the list
    const int atLeast = m_view->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 16 + indent;
    m_view->header()->resizeSection(
        column, std::min(std::max(widest + 8, atLeast), std::max(atLeast, m_view->width() / 2)));
}

int DifferenceList::currentDifference() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? current.data(DifferenceModel::DifferenceIndexRole).toInt() : -1;
}

void DifferenceList::select(const QModelIndex &proxyIndex)
{
    m_view->setCurrentIndex(proxyIndex);
    m_view->scrollTo(proxyIndex);
}

void DifferenceList::selectDifference(int difference)
{
    const QModelIndex source = m_model->indexOfDifference(difference);
    if (!source.isValid())
        return;
    QModelIndex shown = m_filter->mapFromSource(source);
    if (!shown.isValid()) {
        // The find box hid it: show it rather than select nothing.
        m_find->clear();
        m_filter->setText({});
        m_view->expandAll();
        shown = m_filter->mapFromSource(source);
    }
    select(shown);
}

void DifferenceList::showSummary()
{
    const int total = static_cast<int>(m_model->report().differences.size());
    m_summary->setText(total == 0 ? tr("No differences.")
                                  : tr("%1 of %2 decided").arg(m_model->decidedCount()).arg(total));
}

QString DifferenceList::summary() const
{
    return m_summary->text();
}

bool DifferenceList::nextUndecided()
{
    return step(true);
}

bool DifferenceList::previousUndecided()
{
    return step(false);
}

void DifferenceList::focusFind()
{
    m_find->setFocus();
    m_find->selectAll();
}

bool DifferenceList::step(bool forward)
{
    // The model's order wraps around; skip what the find box hides, at most once round.
    QModelIndex from = m_filter->mapToSource(m_view->currentIndex());
    for (int tries = 0; tries < m_model->report().differences.size(); ++tries) {
        const QModelIndex next = m_model->nextUndecided(from, forward);
        if (!next.isValid())
            return false;
        const QModelIndex shown = m_filter->mapFromSource(next);
        if (shown.isValid()) {
            select(shown);
            return true;
        }
        from = next;
    }
    return false;
}

} // namespace difftriage::ui
