#include "CoverageHeatmap.h"

#include "CodeView.h"
#include "FunctionCoverageModel.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace difftriage::ui {

CoverageHeatmap::CoverageHeatmap(QWidget *parent)
    : QWidget(parent), m_files(new QComboBox(this)), m_summary(new QLabel(this)),
      m_old(new CodeView(this)), m_new(new CodeView(this)),
      m_functions(new FunctionCoverageModel(this)), m_functionView(new QTableView(this)),
      m_tests(new QListWidget(this))
{
    auto *sorted = new QSortFilterProxyModel(this);
    sorted->setSourceModel(m_functions);
    sorted->setSortRole(FunctionCoverageModel::SortRole);
    m_functionView->setModel(sorted);
    m_functionView->setSortingEnabled(true);
    m_functionView->sortByColumn(FunctionCoverageModel::CoverageColumn, Qt::AscendingOrder);
    m_functionView->verticalHeader()->hide();
    m_functionView->horizontalHeader()->setSectionResizeMode(FunctionCoverageModel::NameColumn,
                                                             QHeaderView::Stretch);
    m_functionView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_old->setAccessibleName(tr("Old code"));
    m_new->setAccessibleName(tr("New code"));
    m_tests->setAccessibleName(tr("Tests that reached the line"));

    auto *codeSplit = new QSplitter(Qt::Horizontal, this);
    for (auto [view, title] : {std::pair{m_old, tr("Old")}, std::pair{m_new, tr("New")}}) {
        auto *pane = new QWidget(codeSplit);
        auto *layout = new QVBoxLayout(pane);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(title), pane));
        layout->addWidget(view, 1);
        codeSplit->addWidget(pane);
    }
    auto *lower = new QSplitter(Qt::Horizontal, this);
    lower->addWidget(m_functionView);
    auto *testsPane = new QWidget(lower);
    auto *testsLayout = new QVBoxLayout(testsPane);
    testsLayout->setContentsMargins(0, 0, 0, 0);
    testsLayout->addWidget(new QLabel(tr("Tests that reached the clicked line:"), testsPane));
    testsLayout->addWidget(m_tests, 1);
    lower->addWidget(testsPane);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(codeSplit);
    vertical->addWidget(lower);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 1);
    vertical->setSizes({300, 90}); // the code first; the lists below only need a few rows

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_files);
    layout->addWidget(m_summary);
    layout->addWidget(vertical, 1);

    connect(m_files, &QComboBox::currentIndexChanged, this, &CoverageHeatmap::showFile);
    connect(&m_loader, &QFutureWatcherBase::finished, this, &CoverageHeatmap::showSources);
    connect(m_old, &CodeView::lineActivated, this,
            [this](int line) { showTests(QStringLiteral("old"), line); });
    connect(m_new, &CodeView::lineActivated, this,
            [this](int line) { showTests(QStringLiteral("new"), line); });
    clear();
}

CoverageHeatmap::~CoverageHeatmap()
{
    m_loader.waitForFinished();
}

void CoverageHeatmap::setReport(const QString &repositoryPath, const engine::Report &report)
{
    m_report = report;
    m_sources.clear();
    m_functions->setFunctions(report.changedFunctions);
    m_summary->setText(tr("Union coverage of the changed lines: %1 %")
                           .arg(report.unionCoverage * 100.0, 0, 'f', 1));
    m_files->clear();
    m_old->setCode({});
    m_new->setCode({});
    m_tests->clear();
    m_loader.setFuture(QtConcurrent::run(engine::readExportSources, repositoryPath, report));
}

void CoverageHeatmap::clear()
{
    m_report = {};
    m_sources.clear();
    m_functions->setFunctions({});
    m_files->clear();
    m_summary->setText(tr("No analysis selected."));
    m_old->setCode({});
    m_new->setCode({});
    m_tests->clear();
}

void CoverageHeatmap::showSources()
{
    auto sources = m_loader.result();
    if (!sources) {
        m_summary->setText(sources.error().message);
        return;
    }
    m_sources = std::move(*sources);
    QStringList files;
    for (const engine::ReportChangedLine &line : m_report.changedLines) {
        if (!files.contains(line.file))
            files << line.file;
    }
    const QSignalBlocker blocker(m_files);
    m_files->clear();
    m_files->addItems(files);
    showFile(files.isEmpty() ? -1 : 0);
    emit sourcesLoaded();
}

void CoverageHeatmap::showFile(int index)
{
    m_tests->clear();
    const QString file = index >= 0 ? m_files->itemText(index) : QString();
    for (auto [view, side] :
         {std::pair{m_old, QStringLiteral("old")}, std::pair{m_new, QStringLiteral("new")}}) {
        QString text;
        for (const engine::ExportSource &source : m_sources) {
            if (source.file == file && source.side == side)
                text = source.text;
        }
        view->setCode(text);
        view->clearMarks();
        int first = 0;
        for (const engine::ReportChangedLine &line : m_report.changedLines) {
            if (line.file != file || line.side != side)
                continue;
            view->markLine(line.line, CodeView::markerForHits(line.hitBy.size(), line.executable));
            if (first == 0 || line.line < first)
                first = line.line;
        }
        if (first > 0)
            view->ensureLineVisible(first - 1);
    }
}

void CoverageHeatmap::showTests(const QString &side, int line)
{
    m_tests->clear();
    const QString file = m_files->currentText();
    for (const engine::ReportChangedLine &changed : m_report.changedLines) {
        if (changed.file != file || changed.side != side || changed.line != line)
            continue;
        if (!changed.executable)
            m_tests->addItem(tr("Line %1 is not executable.").arg(line));
        else if (changed.hitBy.isEmpty())
            m_tests->addItem(tr("No test reached line %1.").arg(line));
        for (const QString &test : changed.hitBy)
            m_tests->addItem(test);
    }
}

} // namespace difftriage::ui
