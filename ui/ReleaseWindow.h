#pragma once

#include "core/Expected.h"
#include "core/Vocabulary.h"
#include "release/ReleaseDocument.h"

#include <QFutureWatcher>
#include <QMainWindow>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QTreeView;

namespace difftriage::engine {
class TriageStore;
}

namespace difftriage::ui {

class ReleaseModel;
class SideBySideOutput;
class VerdictPanel;

// The release view: a release document, a folder of per-PR reports or a CI artifact zip, as its
// PRs (most severe status first), each expandable into its differences, triaged in place like a
// local analysis: the verdicts go to the open repository's triage store under each PR and the
// difference's fingerprint. The header counts the PRs reviewed. Reading runs on a pool thread.
class ReleaseWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReleaseWindow)

public:
    // `store` is the repository's triage store, shared with the main window (GUI thread only);
    // `repositoryPath` tells direct commits from PRs when reports are merged here.
    ReleaseWindow(engine::TriageStore *store, QString repositoryPath, QWidget *parent = nullptr);

    void open(const QString &path);
    ReleaseModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }
    VerdictPanel *verdictPanel() const { return m_verdict; }
    QString progressText() const;
    // The difference selected, -1 for none (or a PR row).
    int currentDifference() const;
    void selectDifference(int difference);

signals:
    void opened(const QString &error); // empty when the release is shown
    // A verdict of the PR base..head went to the store: the PR list's status may change.
    void verdictSaved(const QString &base, const QString &head);

private:
    void onLoaded();
    void showDifference(int difference);
    // The selected difference, or with `wholeCluster` every difference of its PR and cluster.
    void decide(engine::Verdict verdict, const QString &note, bool wholeCluster = false);
    void saveNote(const QString &note);
    void updateProgress();

    engine::TriageStore *m_store;
    QString m_repositoryPath;
    ReleaseModel *m_model;
    QTreeView *m_view;
    QLabel *m_heading;
    QProgressBar *m_progress;
    QPlainTextEdit *m_test;
    SideBySideOutput *m_output;
    VerdictPanel *m_verdict;
    QFutureWatcher<engine::Expected<engine::ReleaseDocument>> m_loader;
};

} // namespace difftriage::ui
