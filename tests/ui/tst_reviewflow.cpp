// The review flow on a report written here, without an analysis: a verdict advances to the next
// undecided difference (a setting), "n of m decided", the find box over the differences, the
// difference list's names, Help ▸ Keyboard Shortcuts, the review comment, and the decisions on
// relations to review: stored, exported, and still there after a re-run.
#include "AnalysisQueue.h"
#include "DifferenceFilterModel.h"
#include "DifferenceList.h"
#include "DifferenceModel.h"
#include "MainWindow.h"
#include "PrivateUserDirs.h"
#include "RelationReviewModel.h"
#include "RelationReviewPanel.h"
#include "ScratchRepo.h"
#include "ShortcutModel.h"
#include "ShortcutsDialog.h"
#include "TriageSession.h"
#include "VerdictPanel.h"
#include "VocabularyTestSupport.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace difftriage;

namespace {

engine::ReportDifference difference(const QString &id, const QString &target, const char *kind)
{
    engine::ReportDifference d;
    d.id = id;
    d.fingerprint = QStringLiteral("fp-") + id;
    d.cluster = QStringLiteral("cluster-") + id;
    d.testId = QStringLiteral("t-") + id;
    d.target = target;
    d.kind = engine::word<engine::DifferenceKind>(kind);
    d.testCode = QStringLiteral("from invoicekit import discount_for\n\nresult = "
                                "discount_for(%1, '1.00')\nprint(repr(result))\n")
                     .arg(id.mid(1).toInt() * 50);
    d.originalTestCode = d.testCode;
    d.oldSide.output = QStringLiteral("Decimal('10.00')\n");
    d.newSide.output = QStringLiteral("Decimal('5.00')\n");
    return d;
}

engine::ReportRelationReview review()
{
    return {QStringLiteral("idempotence"), QStringLiteral("invoicekit.text.normalise"),
            QStringLiteral("t9"), QStringLiteral("print(normalise(normalise(' a')))\n"),
            QStringLiteral("relation idempotence: breaks\n")};
}

} // namespace

class ReviewFlowTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        test::usePrivateUserDirectories(m_home.path(), QStringLiteral("tst_reviewflow"));
        m_repo.write(QStringLiteral("invoicekit/tax.py"), "RATE = 1\n");
        m_change.base = m_repo.commit(QStringLiteral("base"));
        m_repo.write(QStringLiteral("invoicekit/tax.py"), "RATE = 2\n");
        m_change.head = m_repo.commit(QStringLiteral("head"));
        m_change.title = QStringLiteral("Raise the rate");
        m_report.base = m_change.base;
        m_report.head = m_change.head;
        m_report.title = m_change.title;
        m_report.number = 41;
        m_report.differences = {
            difference(QStringLiteral("d1"), QStringLiteral("invoicekit.tax._tier_for"),
                       "different_output"),
            difference(QStringLiteral("d2"), QStringLiteral("invoicekit.models.Invoice.total"),
                       "only_new_raises"),
            difference(QStringLiteral("d3"), QStringLiteral("invoicekit.tax._tier_for"),
                       "different_output")};
        m_report.differences[2].cluster = m_report.differences[0].cluster;
        m_report.relationReviews = {review()};
    }

    // A verdict moves on to the next undecided difference; with the setting off it stays.
    void verdictAdvancesToTheNextUndecided()
    {
        ui::MainWindow window;
        open(window);
        ui::DifferenceList *list = window.differenceList();
        QCOMPARE(list->summary(), QStringLiteral("0 of 3 decided"));
        list->selectDifference(0);
        QVERIFY(window.advanceAction()->isChecked()); // on by default
        window.verdictPanel()->choose(engine::Verdict::Regression);
        QCOMPARE(list->currentDifference(), 2); // d3, the next in the list's order (cluster first)
        QCOMPARE(list->summary(), QStringLiteral("1 of 3 decided"));
        QCOMPARE(window.session()->decidedOf(m_change.base, m_change.head),
                 (std::pair<int, int>{1, 3}));

        window.advanceAction()->setChecked(false);
        window.verdictPanel()->choose(engine::Verdict::Intended);
        QCOMPARE(list->currentDifference(), 2);
        window.advanceAction()->setChecked(true);
        list->selectDifference(1);
        window.verdictPanel()->choose(engine::Verdict::Intended);
        QCOMPARE(list->summary(), QStringLiteral("3 of 3 decided"));
        QCOMPARE(list->currentDifference(), 1); // nothing left to advance to
        // The setting is remembered.
        window.advanceAction()->setChecked(false);
        ui::MainWindow again;
        QVERIFY(!again.advanceAction()->isChecked());
        again.advanceAction()->setChecked(true);
        for (const engine::ReportDifference &d : m_report.differences)
            QVERIFY(window.session()->store()->set(
                engine::TriageStore::prKey(m_change.base, m_change.head), d.fingerprint,
                engine::Verdict::None, {}));
    }

    // Rows name the target and the kind in words, the test by its call; the find box filters by
    // any of them, and selecting a hidden difference clears it.
    void differenceListReadsLikeAQueue()
    {
        ui::MainWindow window;
        open(window);
        QTreeView *view = window.differenceList()->view();
        QAbstractItemModel *shown = view->model();
        QAbstractItemModelTester tester(shown,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QString kind = engine::label(engine::DifferenceKind::DifferentOutput);
        const QModelIndex cluster = shown->index(0, ui::DifferenceModel::TitleColumn);
        QCOMPARE(cluster.data().toString(), QStringLiteral("tax _tier_for · %1 (2)").arg(kind));
        const QModelIndex first = shown->index(0, ui::DifferenceModel::TitleColumn, cluster);
        // the cluster row names target and kind; its rows leave the width to the test's call
        QCOMPARE(first.data().toString(), QStringLiteral("d1"));
        QCOMPARE(first.siblingAtColumn(ui::DifferenceModel::TestColumn).data().toString(),
                 QStringLiteral("discount_for(50, '1.00')"));
        QCOMPARE(shown->index(1, 0).data().toString(),
                 QStringLiteral("models Invoice.total · %1 (1)")
                     .arg(engine::label(engine::DifferenceKind::OnlyNewRaises)));

        ui::DifferenceFilterModel *filter = window.differenceList()->filter();
        filter->setText(QStringLiteral("invoice.TOTAL"));
        QCOMPARE(shown->rowCount(), 1);
        QCOMPARE(shown->rowCount(shown->index(0, 0)), 1);
        filter->setText(QStringLiteral("discount_for 150"));
        QCOMPARE(shown->rowCount(), 1);
        QCOMPARE(shown->index(0, 0, shown->index(0, 0))
                     .data(ui::DifferenceModel::DifferenceIndexRole)
                     .toInt(),
                 2);
        filter->setText(QStringLiteral("no such words"));
        QCOMPARE(shown->rowCount(), 0);
        window.differenceList()->selectDifference(1);
        QCOMPARE(window.differenceList()->currentDifference(), 1);
        QVERIFY(filter->text().isEmpty());
    }

    // Selecting a difference never scrolls the list sideways.
    void selectingKeepsTheListStill()
    {
        ui::MainWindow window;
        window.resize(900, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        open(window);
        QTreeView *view = window.differenceList()->view();
        view->setFixedWidth(160); // far narrower than its columns
        QCoreApplication::processEvents();
        QVERIFY(view->horizontalScrollBar()->maximum() > 0);
        view->horizontalScrollBar()->setValue(0);
        window.differenceList()->selectDifference(1);
        window.differenceList()->selectDifference(2);
        QCOMPARE(view->horizontalScrollBar()->value(), 0);
    }

    // The keys of every menu, read from the menus.
    void keyboardShortcutsListTheMenus()
    {
        ui::MainWindow window;
        ui::ShortcutsDialog dialog(window.menuBar());
        ui::ShortcutModel *model = dialog.model();
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QHash<QString, QString> keys;
        for (int row = 0; row < model->rowCount(); ++row)
            keys.insert(model->index(row, ui::ShortcutModel::ActionColumn).data().toString(),
                        model->index(row, ui::ShortcutModel::KeysColumn).data().toString());
        QCOMPARE(keys.value(QStringLiteral("Triage ▸ Next Undecided")), QStringLiteral("F8"));
        QCOMPARE(keys.value(QStringLiteral("Triage ▸ Find Difference")),
                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F).toString(QKeySequence::NativeText));
        QVERIFY(keys.contains(QStringLiteral("Help ▸ Keyboard Shortcuts")));
        QVERIFY(keys.contains(QStringLiteral("View ▸ Next Change in the Diff")));
        QVERIFY(keys.contains(
            QStringLiteral("Triage ▸ %1").arg(engine::label(engine::Verdict::Regression))));
        for (auto it = keys.cbegin(); it != keys.cend(); ++it)
            QVERIFY2(!it.key().contains(QLatin1Char('&')), qPrintable(it.key()));
    }

    // A decision on a relation to review is stored at once, shows in the list, reaches the
    // exports, and comes back when the same analysis runs again.
    void relationDecisionsSurviveARerun()
    {
        {
            ui::MainWindow window;
            open(window);
            ui::RelationReviewPanel *panel = window.relationReviews();
            QCOMPARE(panel->model()->rowCount(), 1);
            panel->setNote(QStringLiteral("normalise must be idempotent"));
            panel->choose(engine::RelationDecision::ImplementationWrong);
            const engine::RelationEntry stored = window.session()->store()->relationEntry(
                engine::TriageStore::prKey(m_change.base, m_change.head),
                engine::fingerprintOf(review()));
            QCOMPARE(stored.decision, engine::RelationDecision::ImplementationWrong);
            QCOMPARE(stored.note, QStringLiteral("normalise must be idempotent"));
            QCOMPARE(
                panel->model()->index(0, ui::RelationReviewModel::DecisionColumn).data().toString(),
                engine::label(engine::RelationDecision::ImplementationWrong));
            const QString markdown = m_home.filePath(QStringLiteral("relations.md"));
            QVERIFY(window.exportCurrent(engine::ExportFormat::Markdown, markdown).ok());
            QFile file(markdown);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(file.readAll());
            QVERIFY2(text.contains(
                         QStringLiteral("Decision: **%1**")
                             .arg(engine::label(engine::RelationDecision::ImplementationWrong))),
                     qPrintable(text));
            QVERIFY(
                window.reviewComment().contains(QStringLiteral("normalise must be idempotent")));
        }
        // A re-run: the queue hands over a new report with the same relation found by another
        // test; the window saves it and shows it with the decision in place.
        ui::MainWindow window;
        open(window);
        engine::Report rerun = m_report;
        rerun.relationReviews.first().testId = QStringLiteral("t31");
        rerun.seconds = 2;
        QSignalSpy shown(&window, &ui::MainWindow::reportShown);
        emit window.queue()->finished(m_change, rerun);
        QVERIFY(shown.wait(10000));
        QCOMPARE(window.currentReport()->relationReviews.first().testId, QStringLiteral("t31"));
        QCOMPARE(window.currentReport()->relationReviews.first().decision,
                 engine::RelationDecision::ImplementationWrong);
        QCOMPARE(window.relationReviews()->model()->index(0, 0).data(
                     ui::RelationReviewModel::DecisionRole),
                 QVariant(int(engine::RelationDecision::ImplementationWrong)));
        // Taken back: gone from the store.
        window.relationReviews()->choose(engine::RelationDecision::None);
        window.relationReviews()->setNote({});
        QTRY_VERIFY_WITH_TIMEOUT(
            window.session()
                ->store()
                ->relationEntry(engine::TriageStore::prKey(m_change.base, m_change.head),
                                engine::fingerprintOf(review()))
                .isEmpty(),
            30000);
    }

    // The review comment: what was decided, with the notes, ready to paste.
    void reviewCommentCarriesVerdictsAndNotes()
    {
        ui::MainWindow window;
        open(window);
        window.advanceAction()->setChecked(false);
        window.differenceList()->selectDifference(1);
        window.verdictPanel()->findChild<QPlainTextEdit *>()->setPlainText(
            QStringLiteral("raising here is the fix"));
        window.verdictPanel()->choose(engine::Verdict::Intended);
        const QString comment = window.reviewComment();
        QVERIFY2(comment.startsWith(QStringLiteral("### DiffTriage review: #41 Raise the rate")),
                 qPrintable(comment));
        QVERIFY(comment.contains(QStringLiteral("#### %1 · `invoicekit.models.Invoice.total`")
                                     .arg(engine::label(engine::Verdict::Intended))));
        QVERIFY(comment.contains(QStringLiteral("> raising here is the fix")));
        const QString path = m_home.filePath(QStringLiteral("comment.md"));
        QVERIFY(window.exportCurrent(engine::ExportFormat::ReviewComment, path).ok());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(file.readAll()), comment);
        window.advanceAction()->setChecked(true);
    }

private:
    void open(ui::MainWindow &window)
    {
        QSignalSpy opened(&window, &ui::MainWindow::repositoryOpened);
        window.openRepository(m_repo.path());
        QVERIFY(opened.wait(30000));
        QVERIFY(window.session()->saveReport(m_report).ok());
        window.showChange(m_change);
        QVERIFY(window.currentReport());
    }

    QTemporaryDir m_home;
    test::ScratchRepo m_repo;
    engine::ChangeSpec m_change;
    engine::Report m_report;
};

QTEST_MAIN(ReviewFlowTest)
#include "tst_reviewflow.moc"
