#include "DiffCoveragePanel.h"

#include "DiffFileModel.h"
#include "DiffView.h"
#include "FunctionCoverageModel.h"
#include "LineTestsModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace difftriage::ui {

namespace {

QString sideName(DiffDocument::Side side)
{
    return side == DiffDocument::Side::Old ? QStringLiteral("old") : QStringLiteral("new");
}

QTreeView *listView(QAbstractItemModel *model, const QString &name, QWidget *parent)
{
    auto *view = new QTreeView(parent);
    view->setModel(model);
    view->setRootIsDecorated(false);
    view->setUniformRowHeights(true);
    view->setAllColumnsShowFocus(true);
    view->setAccessibleName(name);
    view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->header()->setStretchLastSection(false);
    return view;
}

QWidget *titled(const QString &title, QLabel *label, QWidget *content, QWidget *parent)
{
    auto *pane = new QWidget(parent);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    if (label) {
        label->setText(title);
        label->setWordWrap(true);
        layout->addWidget(label);
    } else {
        layout->addWidget(new QLabel(title, pane));
    }
    layout->addWidget(content, 1);
    return pane;
}

} // namespace

DiffCoveragePanel::DiffCoveragePanel(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_files(new DiffFileModel(this)),
      m_filesView(listView(m_files, tr("Changed files"), this)),
      m_functions(new FunctionCoverageModel(this)), m_functionsView(new QTableView(this)),
      m_diff(new DiffView(this)), m_lineLabel(new QLabel(this)), m_tests(new LineTestsModel(this)),
      m_testsView(listView(m_tests, tr("Tests that reached the line"), this))
{
    auto *sorted = new QSortFilterProxyModel(this);
    sorted->setSourceModel(m_functions);
    sorted->setSortRole(FunctionCoverageModel::SortRole);
    m_functionsView->setModel(sorted);
    m_functionsView->setSortingEnabled(true);
    m_functionsView->sortByColumn(FunctionCoverageModel::CoverageColumn, Qt::AscendingOrder);
    m_functionsView->verticalHeader()->hide();
    m_functionsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_functionsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_functionsView->setAccessibleName(tr("Changed functions"));
    m_filesView->header()->setSectionResizeMode(DiffFileModel::FileColumn, QHeaderView::Stretch);
    m_testsView->header()->setSectionResizeMode(LineTestsModel::TestColumn, QHeaderView::Stretch);
    m_summary->setWordWrap(true);

    auto *left = new QSplitter(Qt::Vertical, this);
    left->addWidget(titled(tr("Changed files"), nullptr, m_filesView, left));
    left->addWidget(titled(tr("Changed functions"), nullptr, m_functionsView, left));
    auto *columns = new QSplitter(Qt::Horizontal, this);
    columns->addWidget(left);
    columns->addWidget(m_diff);
    columns->addWidget(titled(QString(), m_lineLabel, m_testsView, columns));
    columns->setStretchFactor(1, 1);
    columns->setSizes({260, 800, 280});
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(columns, 1);

    connect(&m_loader, &QFutureWatcherBase::finished, this, &DiffCoveragePanel::showSources);
    connect(&m_previewLoader, &QFutureWatcherBase::finished, this, &DiffCoveragePanel::showPreview);
    connect(m_filesView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    showFile(m_files->path(current.row()));
            });
    connect(m_diff, &DiffView::fileLineActivated, this, &DiffCoveragePanel::listTests);
    connect(m_diff, &DiffView::fillerActivated, this, [this](DiffDocument::Side side) {
        if (m_preview)
            return;
        m_tests->clear();
        m_lineLabel->setText(side == DiffDocument::Side::Old
                                 ? tr("No old line here: the new version's lines stand in this "
                                      "row.")
                                 : tr("No new line here: the old version's lines stand in this "
                                      "row."));
    });
    connect(m_testsView, &QTreeView::activated, this, [this](const QModelIndex &index) {
        const int difference = index.data(LineTestsModel::DifferenceIndexRole).toInt();
        if (difference >= 0)
            emit differenceRequested(difference);
        else
            m_lineLabel->setText(tr("%1 behaved the same on both versions: it found no "
                                    "difference to open.")
                                     .arg(index.siblingAtColumn(0).data().toString()));
    });
    clear();
}

DiffCoveragePanel::~DiffCoveragePanel()
{
    m_loader.waitForFinished();
    m_previewLoader.waitForFinished();
}

void DiffCoveragePanel::setReport(const QString &repositoryPath, const engine::Report &report)
{
    m_report = report;
    m_preview = false;
    m_sources.clear();
    m_file.clear();
    m_functions->setFunctions(report.changedFunctions);
    m_files->setReport(report);
    m_tests->setReport(report);
    m_summary->setText(coverageSummary());
    m_lineLabel->setText(tr("Click a changed line to list the tests that reached it."));
    m_diff->showMessage(report.changedLines.isEmpty() ? tr("No Python line changed.")
                                                      : tr("Reading the changed files…"));
    m_loader.setFuture(QtConcurrent::run(engine::readExportSources, repositoryPath, report));
}

QString DiffCoveragePanel::coverageSummary() const
{
    const QString coverage = tr("Union coverage of the changed lines: %1 %")
                                 .arg(m_report.unionCoverage * 100.0, 0, 'f', 1);
    const int atImport = m_report.coveredAtImport();
    return atImport == 0 ? coverage
                         : tr("%1 (%n of the covered lines run at import, which every test does)",
                              nullptr, atImport)
                               .arg(coverage);
}

void DiffCoveragePanel::setPreview(const QString &repositoryPath, const QString &base,
                                   const QString &head)
{
    clear();
    m_preview = true;
    m_summary->setText(tr("Not analysed yet: the change's diff. Analyse it (Ctrl+R) to see which "
                          "tests reach each changed line."));
    m_lineLabel->setText(tr("Not analysed yet: no test has run."));
    m_diff->showMessage(tr("Reading the changed files…"));
    m_previewLoader.setFuture(QtConcurrent::run(readDiffPreview, repositoryPath, base, head));
}

void DiffCoveragePanel::showPreview()
{
    if (!m_preview) // an analysis or another change came first
        return;
    auto preview = m_previewLoader.result();
    if (!preview) {
        m_diff->showMessage(
            tr("The changed files could not be read: %1").arg(preview.error().message));
        return;
    }
    m_report = std::move(preview->changes);
    m_files->setReport(m_report, false);
    if (m_report.changedLines.isEmpty()) {
        m_diff->showMessage(tr("No Python line changed."));
        return;
    }
    showSourcesRead(std::move(preview->sources));
}

void DiffCoveragePanel::clear()
{
    m_report = {};
    m_preview = false;
    m_sources.clear();
    m_file.clear();
    m_reachedTest.clear();
    m_reachedId.clear();
    m_functions->setFunctions({});
    m_files->setReport({});
    m_tests->setReport({});
    m_summary->setText(tr("No analysis selected."));
    m_lineLabel->setText(tr("Click a changed line to list the tests that reached it."));
    m_diff->showMessage(tr("Select a change to see its diff."));
}

void DiffCoveragePanel::showSources()
{
    auto sources = m_loader.result();
    if (!sources) {
        m_diff->showMessage(
            tr("The changed files could not be read: %1").arg(sources.error().message));
        return;
    }
    showSourcesRead(std::move(*sources));
}

void DiffCoveragePanel::showSourcesRead(QList<engine::ExportSource> sources)
{
    m_sources = std::move(sources);
    m_file.clear();
    // The view may have made the first row current already (no change signal then): show the
    // first file directly.
    if (m_files->rowCount() > 0) {
        m_filesView->setCurrentIndex(m_files->index(0, 0));
        showFile(m_files->path(0));
    }
    markReach();
    emit sourcesLoaded();
}

QString DiffCoveragePanel::sourceText(const QString &file, const QString &side) const
{
    for (const engine::ExportSource &source : m_sources) {
        if (source.file == file && source.side == side)
            return source.text;
    }
    return {};
}

bool DiffCoveragePanel::selectFile(const QString &file)
{
    const int row = m_files->rowOf(file);
    if (row < 0)
        return false;
    if (m_filesView->currentIndex().row() != row)
        m_filesView->setCurrentIndex(m_files->index(row, 0));
    else
        showFile(file);
    return true;
}

void DiffCoveragePanel::showFile(const QString &file)
{
    if (file == m_file)
        return;
    m_file = file;
    QList<engine::ReportChangedLine> coverage; // none before an analysis
    for (const engine::ReportChangedLine &line : m_report.changedLines) {
        if (line.file == file && !m_preview)
            coverage << line;
    }
    m_diff->setFile(sourceText(file, QStringLiteral("old")),
                    sourceText(file, QStringLiteral("new")), coverage);
    m_tests->clear();
    m_lineLabel->setText(m_preview ? tr("Not analysed yet: no test has run.")
                                   : tr("Click a changed line to list the tests that reached it."));
    markReach();
}

void DiffCoveragePanel::showLine(const QString &file, DiffDocument::Side side, int line)
{
    if (!selectFile(file))
        return;
    m_diff->showFileLine(side, line, true);
    listTests(side, line); // also when the cursor was there already
}

void DiffCoveragePanel::listTests(DiffDocument::Side side, int line)
{
    if (m_preview)
        return; // no test has run: the label says so
    const QString where =
        side == DiffDocument::Side::Old ? tr("Old line %1").arg(line) : tr("New line %1").arg(line);
    for (const engine::ReportChangedLine &changed : m_report.changedLines) {
        if (changed.file != m_file || changed.side != sideName(side) || changed.line != line)
            continue;
        m_tests->setTests(changed.hitBy);
        if (!changed.executable)
            m_lineLabel->setText(
                tr("%1 changed but is not a statement: no test can run it.").arg(where));
        else if (changed.hitBy.isEmpty())
            m_lineLabel->setText(tr("%1: no test reached it.").arg(where));
        else if (changed.atImport)
            m_lineLabel->setText(tr("%1 runs when its module is imported: every test reaches "
                                    "it, whatever the test exercises.")
                                     .arg(where));
        else if (m_tests->differenceCount() == 0)
            m_lineLabel->setText(tr("%1: reached by %n test(s), none of which found a difference.",
                                    nullptr, int(changed.hitBy.size()))
                                     .arg(where));
        else
            m_lineLabel->setText(tr("%1: reached by %n test(s). Open one that found a difference "
                                    "to select it.",
                                    nullptr, int(changed.hitBy.size()))
                                     .arg(where));
        return;
    }
    m_tests->clear();
    m_lineLabel->setText(
        tr("%1 did not change: coverage is measured on changed lines only.").arg(where));
}

QString DiffCoveragePanel::lineSummary() const
{
    return m_lineLabel->text();
}

void DiffCoveragePanel::showDifference(const engine::ReportDifference *difference)
{
    m_reachedTest = difference ? difference->testId : QString();
    m_reachedId = difference ? difference->id : QString();
    markReach();
    if (!difference)
        return;
    // Scroll to the first changed line the test ran, in its file.
    for (const engine::ReportChangedLine &line : m_report.changedLines) {
        if (!line.hitBy.contains(m_reachedTest))
            continue;
        if (selectFile(line.file))
            m_diff->showFileLine(line.side == QLatin1String("old") ? DiffDocument::Side::Old
                                                                   : DiffDocument::Side::New,
                                 line.line);
        return;
    }
}

void DiffCoveragePanel::markReach()
{
    QSet<int> oldLines, newLines;
    QSet<QString> files;
    int reached = 0;
    for (const engine::ReportChangedLine &line : m_report.changedLines) {
        if (m_reachedTest.isEmpty() || !line.hitBy.contains(m_reachedTest))
            continue;
        ++reached;
        files.insert(line.file);
        if (line.file == m_file)
            (line.side == QLatin1String("old") ? oldLines : newLines).insert(line.line);
    }
    m_files->setReachedFiles(files);
    m_diff->setReached(oldLines, newLines);
    if (m_preview)
        return; // no coverage to state: the preview's summary stays
    QString text = coverageSummary();
    if (!m_reachedId.isEmpty()) {
        const bool known = std::any_of(m_report.tests.cbegin(), m_report.tests.cend(),
                                       [&](const auto &test) { return test.id == m_reachedTest; });
        if (reached > 0)
            text +=
                QStringLiteral(" · ") +
                tr("%1's test ran %n changed line(s), marked ●", nullptr, reached).arg(m_reachedId);
        else if (known)
            text += QStringLiteral(" · ") + tr("%1's test ran no changed line").arg(m_reachedId);
        else
            text += QStringLiteral(" · ") +
                    tr("%1's coverage was not measured (a test run on its own)").arg(m_reachedId);
    }
    m_summary->setText(text);
}

QString DiffCoveragePanel::reachSummary() const
{
    return m_summary->text();
}

} // namespace difftriage::ui
