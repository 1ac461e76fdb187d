// What the window says must be true, on the demo repository with analyses written here: the
// outcomes shown belong to the test in view.
#include "DifferenceList.h"
#include "ExportLocation.h"
#include "MainWindow.h"
#include "PrBrowser.h"
#include "PrivateUserDirs.h"
#include "SideBySideOutput.h"
#include "TestPanel.h"
#include "TriageSession.h"
#include "WelcomePanel.h"

#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolButton>
#include <QtTest>

using namespace difftriage;

namespace {

engine::ReportSide printed(const QString &output)
{
    return {output, std::nullopt, std::nullopt, engine::RunStatus::Ok, std::nullopt};
}

engine::ReportDifference difference(const QString &id)
{
    engine::ReportDifference d;
    d.id = id;
    d.testId = QStringLiteral("t-") + id;
    d.fingerprint = QStringLiteral("fingerprint-") + id;
    d.cluster = QStringLiteral("cluster-") + id;
    d.target = QStringLiteral("invoicekit.tax._tier_for");
    d.testCode = QStringLiteral("print(discount_for(100, 1))\n");
    d.originalTestCode = QStringLiteral("x = discount_for(100, 1)\ny = 2\nprint(x)\n");
    d.oldSide = printed(QStringLiteral("shrunk old"));
    d.newSide = printed(QStringLiteral("shrunk new\n"));
    return d;
}

QString text(const QWidget *parent, const QString &accessibleName)
{
    for (auto *browser : parent->findChildren<QTextBrowser *>())
        if (browser->accessibleName() == accessibleName)
            return browser->toPlainText();
    return QStringLiteral("(no %1)").arg(accessibleName);
}

} // namespace

class ReviewTrustTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        test::usePrivateUserDirectories(m_home.path(), QStringLiteral("tst_reviewtrust"));
        const QString cli = qEnvironmentVariable("DIFFTRIAGE_CLI");
        if (cli.isEmpty())
            QSKIP("DIFFTRIAGE_CLI is not set (run through ctest)");
        m_repository = m_home.filePath(QStringLiteral("demo"));
        QProcess demo;
        demo.start(cli, {QStringLiteral("demo"), QStringLiteral("--out"), m_repository});
        QVERIFY(demo.waitForFinished(60000));
        QVERIFY2(demo.exitCode() == 0, demo.readAllStandardError().constData());
    }

    // "Show original test" shows the original's outcomes beside it, and says so when the
    // analysis did not record them.
    void originalTestShowsItsOwnOutcomes()
    {
        ui::MainWindow window;
        window.show();
        const engine::ChangeSpec change = open(window, 15);
        engine::ReportDifference recorded = difference(QStringLiteral("d1"));
        recorded.originalOld = printed(QStringLiteral("original old\n"));
        recorded.originalNew = printed(QStringLiteral("original new\n"));
        const engine::ReportDifference older = difference(QStringLiteral("d2"));
        showAnalysis(window, change, {recorded, older});
        window.differenceList()->selectDifference(0);
        ui::SideBySideOutput *output = window.output();
        QCOMPARE(text(output, QStringLiteral("Old output")), QStringLiteral("shrunk old"));

        QToolButton *original = originalButton(window);
        QVERIFY(original && original->isEnabled());
        original->click();
        QVERIFY(window.testPanel()->showsOriginalTest());
        QCOMPARE(window.testPanel()->code(), recorded.originalTestCode);
        QCOMPARE(text(output, QStringLiteral("Old output")), QStringLiteral("original old"));
        QCOMPARE(text(output, QStringLiteral("New output")), QStringLiteral("original new"));

        window.differenceList()->selectDifference(1); // the original stays in view
        QVERIFY(window.testPanel()->showsOriginalTest());
        QVERIFY2(output->oldHeadline().contains(QStringLiteral("did not record")),
                 qPrintable(output->oldHeadline()));
        QVERIFY(!text(output, QStringLiteral("Old output")).contains(QStringLiteral("shrunk")));

        original->click();
        QCOMPARE(text(output, QStringLiteral("Old output")), QStringLiteral("shrunk old"));
    }

    // A reviewer's test that is not valid Python is reported as invalid, with the line, and is
    // neither "same behaviour" nor a difference in the list.
    void invalidReviewerTestSaysWhere()
    {
        ui::MainWindow window;
        window.show();
        const engine::ChangeSpec change = open(window, 15);
        showAnalysis(window, change, {difference(QStringLiteral("d1"))});
        QSignalSpy ran(&window, &ui::MainWindow::singleTestFinished);
        window.runTestOnBothVersions(
            QStringLiteral("from invoicekit import discount_for\nprint(discount_for(100, 1)\n"),
            QStringLiteral("invoicekit.tax._tier_for"));
        QVERIFY(ran.wait(300000));
        const auto run = ran.first().first().value<engine::SingleTestRun>();
        QVERIFY2(!run.invalid.isEmpty(), qPrintable(run.difference.oldSide.errorMessage.value_or(
                                             QStringLiteral("no error"))));
        QCOMPARE(run.invalidLine, 2);
        const QString said = window.statusBar()->currentMessage();
        QVERIFY2(said.contains(QStringLiteral("invalid")) &&
                     said.contains(QStringLiteral("line 2")),
                 qPrintable(said));
        QCOMPARE(window.currentReport()->differences.size(), 1);

        // A SyntaxError the code under test raises is behaviour, not an invalid test.
        window.runTestOnBothVersions(QStringLiteral("compile('1 +', 'module.py', 'exec')\n"),
                                     QStringLiteral("invoicekit.tax._tier_for"));
        QVERIFY(ran.wait(300000));
        const auto raised = ran.last().first().value<engine::SingleTestRun>();
        QVERIFY(raised.invalid.isEmpty());
        QCOMPARE(raised.fate, engine::TestFate::Same);
    }

    // Export dialogs suggest a name that says what is in the file, in the folder used last.
    void exportsSuggestANameAndRememberTheFolder()
    {
        engine::Report report;
        report.number = 27;
        report.head = QStringLiteral("3f2a9c1e77aa");
        using engine::ExportFormat;
        QCOMPARE(ui::ExportLocation::suggestedFileName(report, ExportFormat::Html),
                 QStringLiteral("pr-27-triage.html"));
        QCOMPARE(ui::ExportLocation::suggestedFileName(report, ExportFormat::Pytest),
                 QStringLiteral("test_pr27.py"));
        report.number.reset();
        QCOMPARE(ui::ExportLocation::suggestedFileName(report, ExportFormat::Markdown),
                 QStringLiteral("3f2a9c1e-triage.md"));
        QCOMPARE(ui::ExportLocation::suggestedPath(QStringLiteral("a.pdf")),
                 QDir::home().filePath(QStringLiteral("a.pdf")));
        const QString folder = m_home.filePath(QStringLiteral("exports"));
        QVERIFY(QDir().mkpath(folder));
        ui::ExportLocation::remember(folder + QStringLiteral("/pr-1-triage.html"));
        QCOMPARE(ui::ExportLocation::suggestedPath(QStringLiteral("a.pdf")),
                 folder + QStringLiteral("/a.pdf"));
    }

    // The first start says what to do; actions that need a selection wait for one; the window
    // fits the screen.
    void firstStartAndActions()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // As far as the panels' minimum sizes allow (the test screen is 800×800).
        const QSize screen =
            window.screen()->availableGeometry().size().expandedTo(window.minimumSizeHint());
        QVERIFY2(window.width() <= screen.width() && window.height() <= screen.height(),
                 qPrintable(QStringLiteral("%1x%2 on %3x%4")
                                .arg(window.width())
                                .arg(window.height())
                                .arg(screen.width())
                                .arg(screen.height())));
        auto *welcome = window.findChild<QWidget *>(QStringLiteral("welcome"));
        QVERIFY(welcome && welcome->isVisible());
        QCOMPARE(welcome->geometry(), window.centralWidget()->geometry());
        QVERIFY(!action(window, QKeySequence(Qt::CTRL | Qt::Key_R))->isEnabled());
        QVERIFY(!action(window, QKeySequence(Qt::CTRL | Qt::Key_E))->isEnabled());
        QVERIFY(!action(window, QKeySequence(Qt::CTRL | Qt::Key_1))->isEnabled());
        QVERIFY(!action(window, QKeySequence(Qt::CTRL | Qt::Key_Period))->isEnabled());

        const engine::ChangeSpec change = open(window, 12); // no analysis saved yet
        QVERIFY(!welcome->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!action(window, QKeySequence(Qt::CTRL | Qt::Key_R))->isEnabled(),
                                 30000);
        window.browser()->selectChange(change.base, change.head);
        QTRY_VERIFY_WITH_TIMEOUT(action(window, QKeySequence(Qt::CTRL | Qt::Key_R))->isEnabled(),
                                 30000);
        QVERIFY(action(window, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R))->isEnabled());
        QVERIFY(!action(window, QKeySequence(Qt::CTRL | Qt::Key_E))->isEnabled()); // no analysis
        const engine::ChangeSpec other = window.session()->changes().first();
        QVERIFY(other.head != change.head);
        window.browser()->selectChange(other.base, other.head); // to come back to the analysis
        showAnalysis(window, change, {difference(QStringLiteral("d1"))});
        window.differenceList()->selectDifference(0);
        QTRY_VERIFY_WITH_TIMEOUT(action(window, QKeySequence(Qt::CTRL | Qt::Key_E))->isEnabled(),
                                 30000);
        QTRY_VERIFY_WITH_TIMEOUT(action(window, QKeySequence(Qt::CTRL | Qt::Key_1))->isEnabled(),
                                 30000);
    }

    // The demo repository is built off the GUI thread and opened from the welcome panel.
    void welcomeBuildsTheDemo()
    {
        ui::MainWindow window;
        window.show();
        auto *welcome = window.findChild<ui::WelcomePanel *>();
        QVERIFY(welcome);
        QSignalSpy opened(&window, &ui::MainWindow::repositoryOpened);
        welcome->buildDemo();
        QVERIFY(opened.wait(120000));
        QVERIFY(QFileInfo::exists(ui::WelcomePanel::demoPath() + QStringLiteral("/.git")));
        QVERIFY(window.session()->changes().size() >= 10);
        QVERIFY(!welcome->isVisible());
    }

private:
    static QAction *action(ui::MainWindow &window, const QKeySequence &shortcut)
    {
        for (QAction *candidate : window.findChildren<QAction *>())
            if (candidate->shortcut() == shortcut)
                return candidate;
        qFatal("no action for %s", qPrintable(shortcut.toString()));
    }

    engine::ChangeSpec open(ui::MainWindow &window, int number)
    {
        QSignalSpy opened(&window, &ui::MainWindow::repositoryOpened);
        window.openRepository(m_repository);
        if (!opened.wait(60000))
            qFatal("the demo repository did not open");
        for (const engine::ChangeSpec &change : window.session()->changes())
            if (change.number == number)
                return change;
        qFatal("no PR #%d in the demo", number);
    }

    // Saves an analysis of `change` with these differences and shows it.
    static void showAnalysis(ui::MainWindow &window, const engine::ChangeSpec &change,
                             const QList<engine::ReportDifference> &differences)
    {
        engine::Report report;
        report.repo = window.session()->repositoryPath();
        report.base = change.base;
        report.head = change.head;
        report.number = change.number;
        report.title = change.title;
        report.stopReason = engine::StopReason::FullCoverage;
        report.differences = differences;
        QVERIFY(window.session()->saveReport(report).ok());
        window.browser()->selectChange(change.base, change.head);
        QVERIFY(window.currentReport());
    }

    static QToolButton *originalButton(ui::MainWindow &window)
    {
        for (auto *button : window.testPanel()->findChildren<QToolButton *>())
            if (button->isCheckable() && button->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_T))
                return button;
        return nullptr;
    }

    QTemporaryDir m_home;
    QString m_repository;
};

QTEST_MAIN(ReviewTrustTest)
#include "tst_reviewtrust.moc"
