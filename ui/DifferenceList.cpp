#include "DifferenceList.h"

#include "DifferenceModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

namespace difftriage::ui {

DifferenceList::DifferenceList(DifferenceModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_view(new QTreeView(this)), m_summary(new QLabel(this))
{
    m_view->setModel(m_model);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);
    m_view->setAccessibleName(tr("Differences"));
    m_view->header()->setSectionResizeMode(DifferenceModel::TitleColumn, QHeaderView::Stretch);
    m_view->header()->setStretchLastSection(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                emit currentDifferenceChanged(
                    current.isValid() ? current.data(DifferenceModel::DifferenceIndexRole).toInt()
                                      : -1);
            });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_view->expandAll();
        showSummary();
        emit currentDifferenceChanged(-1);
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, &DifferenceList::showSummary);
    showSummary();
}

int DifferenceList::currentDifference() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? current.data(DifferenceModel::DifferenceIndexRole).toInt() : -1;
}

void DifferenceList::selectDifference(int difference)
{
    const QModelIndex index = m_model->indexOfDifference(difference);
    if (!index.isValid())
        return;
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
}

void DifferenceList::showSummary()
{
    const int total = static_cast<int>(m_model->report().differences.size());
    if (total == 0) {
        m_summary->setText(tr("No differences."));
        return;
    }
    m_summary->setText(
        tr("%1 of %n difference(s) undecided", nullptr, total).arg(m_model->undecidedCount()));
}

void DifferenceList::nextUndecided()
{
    step(true);
}

void DifferenceList::previousUndecided()
{
    step(false);
}

void DifferenceList::step(bool forward)
{
    const QModelIndex next = m_model->nextUndecided(m_view->currentIndex(), forward);
    if (next.isValid()) {
        m_view->setCurrentIndex(next);
        m_view->scrollTo(next);
    }
}

} // namespace difftriage::ui
