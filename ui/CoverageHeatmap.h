#pragma once

#include "core/Expected.h"
#include "report/ExportSources.h"
#include "report/Report.h"

#include <QFutureWatcher>
#include <QWidget>

class QComboBox;
class QLabel;
class QListWidget;
class QTableView;

namespace difftriage::ui {

class CodeView;
class FunctionCoverageModel;

// The changed files' old and new code with the changed lines coloured by how many tests reached
// them (uncovered ones stand out), the per-function union coverage, and the tests that reached the
// line the reviewer clicks. The files are read from git on a pool thread.
class CoverageHeatmap final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CoverageHeatmap)

public:
    explicit CoverageHeatmap(QWidget *parent = nullptr);
    ~CoverageHeatmap() override;

    void setReport(const QString &repositoryPath, const engine::Report &report);
    void clear();
    // The files as last read (for exports), empty until the read finished.
    const QList<engine::ExportSource> &sources() const { return m_sources; }
    FunctionCoverageModel *functionModel() const { return m_functions; }

signals:
    void sourcesLoaded();

private:
    void showSources();
    void showFile(int index);
    void showTests(const QString &side, int line);

    engine::Report m_report;
    QList<engine::ExportSource> m_sources;
    QFutureWatcher<engine::Expected<QList<engine::ExportSource>>> m_loader;
    QComboBox *m_files;
    QLabel *m_summary;
    CodeView *m_old;
    CodeView *m_new;
    FunctionCoverageModel *m_functions;
    QTableView *m_functionView;
    QListWidget *m_tests;
};

} // namespace difftriage::ui
