#include "PrBrowser.h"

#include "PrFilterModel.h"
#include "SteadyView.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace difftriage::ui {

PrBrowser::PrBrowser(PrListModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_filter(new PrFilterModel(this)),
      m_text(new QLineEdit(this)), m_status(new QComboBox(this)),
      m_view(new SteadyView<QTableView>(this))
{
    m_filter->setSourceModel(m_model);
    m_view->setModel(m_filter);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(PrListModel::DateColumn, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    // The title right after the number, one line per change: what a reviewer scans first.
    QHeaderView *header = m_view->horizontalHeader();
    header->moveSection(header->visualIndex(PrListModel::TitleColumn), 1);
    header->resizeSection(PrListModel::TitleColumn, 260);
    header->setStretchLastSection(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->setAccessibleName(tr("Changes"));

    m_text->setPlaceholderText(tr("Filter by number, title, author, date or state"));
    m_text->setClearButtonEnabled(true);
    connect(m_text, &QLineEdit::textChanged, m_filter, &PrFilterModel::setText);
    m_status->addItem(tr("All"), -1);
    for (auto status :
         {PrListModel::TriageStatus::NotAnalysed, PrListModel::TriageStatus::Running,
          PrListModel::TriageStatus::Differences, PrListModel::TriageStatus::AllTriaged,
          PrListModel::TriageStatus::NoDifferences, PrListModel::TriageStatus::Failed})
        m_status->addItem(PrListModel::statusText(status), static_cast<int>(status));
    m_status->setToolTip(tr("Show only changes in this triage state"));
    connect(m_status, &QComboBox::currentIndexChanged, this, [this] {
        const int status = m_status->currentData().toInt();
        m_filter->setStatus(status < 0 ? std::nullopt
                                       : std::optional(PrListModel::TriageStatus(status)));
    });

    auto *analyse = new QPushButton(tr("&Analyse"), this);
    analyse->setToolTip(tr("Queue the selected changes for analysis"));
    connect(analyse, &QPushButton::clicked, this,
            [this] { emit analyseRequested(selectedChanges()); });
    auto *compare = new QPushButton(tr("Compare &Revisions…"), this);
    connect(compare, &QPushButton::clicked, this, &PrBrowser::compareRevisionsRequested);

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_text, 1);
    filters->addWidget(m_status);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(analyse);
    buttons->addWidget(compare);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    emit changeSelected(m_model->change(m_filter->mapToSource(current).row()));
            });
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &index) {
        emit changeSelected(m_model->change(m_filter->mapToSource(index).row()));
    });
}

QList<engine::ChangeSpec> PrBrowser::selectedChanges() const
{
    QList<engine::ChangeSpec> changes;
    for (const QModelIndex &index : m_view->selectionModel()->selectedRows())
        changes << m_model->change(m_filter->mapToSource(index).row());
    if (changes.isEmpty() && m_view->currentIndex().isValid())
        changes << m_model->change(m_filter->mapToSource(m_view->currentIndex()).row());
    return changes;
}

void PrBrowser::selectChange(const QString &base, const QString &head)
{
    const int row = m_model->rowOf(base, head);
    if (row < 0)
        return;
    const QModelIndex index = m_filter->mapFromSource(m_model->index(row, 0));
    if (index.isValid())
        m_view->setCurrentIndex(index);
    else
        emit changeSelected(m_model->change(row)); // filtered out: open it anyway
}

void PrBrowser::focusFilter()
{
    m_text->setFocus();
    m_text->selectAll();
}

} // namespace difftriage::ui
