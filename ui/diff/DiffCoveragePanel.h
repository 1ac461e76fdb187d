#pragma once

#include "DiffDocument.h"
#include "DiffPreview.h"
#include "core/Expected.h"
#include "report/ExportSources.h"
#include "report/Report.h"

#include <QFutureWatcher>
#include <QWidget>

class QLabel;
class QTableView;
class QTreeView;

namespace difftriage::ui {

class DiffFileModel;
class DiffView;
class FunctionCoverageModel;
class LineTestsModel;

// The change as the reviewer reads it: the changed files with their coverage, the aligned diff of
// the chosen one with the heatmap over it, the changed functions' coverage, and the tests that
// reached the clicked line. Linked to the differences both ways: showDifference marks the lines
// the difference's test ran and scrolls there; opening a test of the clicked line asks for its
// difference (differenceRequested). The files are read from git on a pool thread.
class DiffCoveragePanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiffCoveragePanel)

public:
    explicit DiffCoveragePanel(QWidget *parent = nullptr);
    ~DiffCoveragePanel() override;

    void setReport(const QString &repositoryPath, const engine::Report &report);
    // A change not analysed yet: its diff, read from git, without coverage.
    void setPreview(const QString &repositoryPath, const QString &base, const QString &head);
    bool isPreview() const { return m_preview; }
    void clear();
    // The difference selected in the list (nullptr: none): its test's lines are marked.
    void showDifference(const engine::ReportDifference *difference);
    // Shows a file and lists the tests that reached one of its lines, as a click does.
    void showLine(const QString &file, DiffDocument::Side side, int line);
    bool selectFile(const QString &file);
    QString currentFile() const { return m_file; }
    QString lineSummary() const;
    QString reachSummary() const;
    // The files as last read (for exports), empty until the read finished.
    const QList<engine::ExportSource> &sources() const { return m_sources; }
    DiffView *diffView() const { return m_diff; }
    DiffFileModel *fileModel() const { return m_files; }
    LineTestsModel *testsModel() const { return m_tests; }
    FunctionCoverageModel *functionModel() const { return m_functions; }
    QTreeView *testsView() const { return m_testsView; }

signals:
    void sourcesLoaded();
    // The reviewer opened a test that found a difference: select it (index into the report).
    void differenceRequested(int difference);

private:
    void showSources();
    void showPreview();
    void showSourcesRead(QList<engine::ExportSource> sources);
    void showFile(const QString &file);
    void listTests(DiffDocument::Side side, int line);
    void markReach();
    QString sourceText(const QString &file, const QString &side) const;
    // The change's union coverage, and how many covered lines run at import.
    QString coverageSummary() const;

    engine::Report m_report;
    QList<engine::ExportSource> m_sources;
    QFutureWatcher<engine::Expected<QList<engine::ExportSource>>> m_loader;
    QFutureWatcher<engine::Expected<DiffPreview>> m_previewLoader;
    bool m_preview = false; // showing a change not analysed yet
    QString m_file;
    QString m_reachedTest; // the selected difference's test id
    QString m_reachedId;   // and the difference's id
    QLabel *m_summary;
    DiffFileModel *m_files;
    QTreeView *m_filesView;
    FunctionCoverageModel *m_functions;
    QTableView *m_functionsView;
    DiffView *m_diff;
    QLabel *m_lineLabel;
    LineTestsModel *m_tests;
    QTreeView *m_testsView;
};

} // namespace difftriage::ui
