#pragma once

#include "LlmConsent.h"
#include "change/ChangeSpec.h"
#include "core/Expected.h"
#include "core/Vocabulary.h"
#include "pipeline/AnalysisPipeline.h"
#include "report/ExportFormats.h"
#include "report/Report.h"

#include <QMainWindow>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QAction;
class QLabel;
class QMenu;

namespace difftriage::ui {

class AnalysisQueue;
class DiffCoveragePanel;
class DifferenceList;
class DifferenceModel;
class PrBrowser;
class PrListModel;
class RelationReviewPanel;
class ProgressPanel;
class ReleaseWindow;
class SideBySideOutput;
class TestPanel;
class TriageSession;
class VerdictPanel;
class WelcomePanel;

class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    void openRepository(const QString &path);
    // Opens a change: its saved analysis at once when there is one, nothing is re-run.
    void showChange(const engine::ChangeSpec &change);
    void analyse(const QList<engine::ChangeSpec> &changes);
    engine::Status exportCurrent(engine::ExportFormat format, const QString &path) const;
    // Reports written elsewhere (CI runners, a colleague) join the open repository's saved
    // analyses, to be browsed and triaged like local ones. Reads them off the GUI thread.
    void importReports(const QStringList &paths);
    // Runs a test (a reviewer's edit, or a new one) on both versions of the open change, on a
    // pool thread; a difference joins the change's list and its saved analysis.
    void runTestOnBothVersions(const QString &code, const QString &target);
    // Opens a release document, a folder of per-PR reports or a CI artifact zip in a release
    // view triaged into the open repository's store; nullptr when no repository is open.
    ReleaseWindow *openRelease(const QString &path);
    // Finds the PR of the open range that introduced the selected difference, in the background
    // (bisecting its test over the first-parent line), and shows and saves the answer.
    void findIntroducingPr();
    // Who answers when an analysis would send code to a remote endpoint not yet allowed for the
    // open repository; a dialog by default, a script in tests.
    void setConsentPrompt(LlmConsent::Prompt prompt);
    // Who confirms closing the window with edited tests not yet reverted; a dialog by default.
    void setDiscardConfirmation(std::function<bool(int edited)> confirm);

    TriageSession *session() const { return m_session; }
    AnalysisQueue *queue() const { return m_queue; }
    PrBrowser *browser() const { return m_browser; }
    DifferenceList *differenceList() const { return m_differenceList; }
    DifferenceModel *differenceModel() const { return m_differences; }
    VerdictPanel *verdictPanel() const { return m_verdict; }
    SideBySideOutput *output() const { return m_output; }
    TestPanel *testPanel() const { return m_test; }
    DiffCoveragePanel *diffPanel() const { return m_diffPanel; }
    RelationReviewPanel *relationReviews() const { return m_relations; }
    const std::optional<engine::Report> &currentReport() const { return m_report; }
    // Triage ▸ Advance After a Verdict: a verdict moves on to the next undecided difference.
    QAction *advanceAction() const { return m_advance; }
    // The open change's verdicts and notes as a review comment (Markdown to paste into the PR).
    QString reviewComment() const;

signals:
    void repositoryOpened();
    void reportShown();
    void reportsImported(int count, const QStringList &errors);
    void singleTestFinished(const difftriage::engine::SingleTestRun &run);
    void attributionFinished(const QString &error); // empty when the difference was attributed

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createDocks();
    void createMenus();
    // MainWindowFirstStart.cpp: the size, the first start, which actions can act.
    void fitToScreen();
    void createWelcome();
    void updateActionStates();
    void restoreLayout();
    void applySettings();
    void chooseRepository();
    void compareRevisions();
    void updateRecentMenu();
    void onOpened();
    void showReport(const engine::Report &report);
    void clearAnalysisState();
    void showAnalysisNotes();
    void showDifference(int difference);
    // The outcomes of the test in view: the shrunk test's, or the original's when it is shown.
    void showOutcomes();
    void decide(engine::Verdict verdict, const QString &note, bool wholeCluster);
    void saveNote(const QString &note);
    void decideRelation(int review, engine::RelationDecision decision, const QString &note);
    void copyReviewComment();
    void showShortcuts();
    void refreshStatus(const QString &base, const QString &head);
    void onAnalysisFinished(const engine::ChangeSpec &change, const engine::Report &report);
    void onAnalysisCancelled(const engine::ChangeSpec &change);
    void exportInteractively(engine::ExportFormat format);
    void exportTriage();
    void importTriage();
    void openReports();
    void chooseRelease(bool folder);
    void addReviewerDifference(const engine::ReportDifference &difference);
    void showMessage(const QString &message);
    LlmConsent::Answer askConsent(const QString &host);
    bool confirmDiscard(int edited);
    void retireSingleTests();
    void retireSingleTestsUnlessFor(const engine::ChangeSpec &change);

    TriageSession *m_session;
    AnalysisQueue *m_queue;
    PrListModel *m_prModel;
    PrBrowser *m_browser;
    DifferenceModel *m_differences;
    DifferenceList *m_differenceList;
    SideBySideOutput *m_output;
    TestPanel *m_test;
    VerdictPanel *m_verdict;
    DiffCoveragePanel *m_diffPanel;
    RelationReviewPanel *m_relations;
    ProgressPanel *m_progress;
    QLabel *m_sandbox;
    QLabel *m_search; // the effort and the stop reason of the open analysis
    QLabel *m_notes;  // "2 notes": what the open analysis could not do, a click away
    QMenu *m_recentMenu = nullptr;
    QAction *m_advance = nullptr;
    WelcomePanel *m_welcome = nullptr;
    std::optional<engine::ChangeSpec> m_change;
    std::optional<engine::Report> m_report;
    QString m_pendingOpen;
    LlmConsent::Prompt m_consentPrompt = [this](const QString &host) { return askConsent(host); };
    std::function<bool(int)> m_confirmDiscard = [this](int edited) {
        return confirmDiscard(edited);
    };
    QString m_keychainApiKey;
    std::shared_ptr<std::atomic_bool> m_attribution; // set while an attribution runs: cancels it
    struct SingleTests;
    std::shared_ptr<SingleTests>
        m_singleTests; // the open change's, for the reviewer's tests // from the system keychain;
                       // the environment's key wins
};

} // namespace difftriage::ui
