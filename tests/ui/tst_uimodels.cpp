#include "DifferenceList.h"
#include "DifferenceModel.h"
#include "ElidingLabel.h"
#include "FunctionCoverageModel.h"
#include "OutputDiff.h"
#include "PrFilterModel.h"
#include "PrListModel.h"
#include "ReadableNames.h"
#include "RelationReviewModel.h"
#include "RelationReviewPanel.h"
#include "SideBySideOutput.h"
#include "TestPanel.h"

#include <QAbstractItemModelTester>
#include <QAbstractTextDocumentLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTextBrowser>
#include <QTreeView>
#include <Qsci/qsciscintilla.h>
#include <QtTest>

using namespace difftriage;

namespace {

engine::ReportDifference difference(const QString &id, const QString &cluster,
                                    engine::Verdict verdict = engine::Verdict::None)
{
    engine::ReportDifference item;
    item.id = id;
    item.fingerprint = QStringLiteral("fp-") + id;
    item.cluster = cluster;
    item.target = QStringLiteral("pkg.mod.f");
    item.kind = engine::DifferenceKind::DifferentOutput;
    item.testCode = QStringLiteral("print(f(%1))\n").arg(id);
    item.verdict = verdict;
    return item;
}

engine::Report sampleReport()
{
    engine::Report report;
    report.base = QStringLiteral("b");
    report.head = QStringLiteral("h");
    report.differences = {
        difference(QStringLiteral("d1"), QStringLiteral("c1")),
        difference(QStringLiteral("d2"), QStringLiteral("c2"), engine::Verdict::Intended),
        difference(QStringLiteral("d3"), QStringLiteral("c1")),
        difference(QStringLiteral("d4"), QString())};
    return report;
}

} // namespace

class UiModelsTest final : public QObject
{
    Q_OBJECT

private slots:
    void differenceModelGroupsByCluster()
    {
        ui::DifferenceModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setReport(sampleReport());
        QCOMPARE(model.rowCount(), 3); // c1 (d1, d3), c2 (d2), d4 alone
        const QModelIndex c1 = model.index(0, 0);
        QCOMPARE(model.rowCount(c1), 2);
        QCOMPARE(model.index(1, 0, c1).data(ui::DifferenceModel::DifferenceIndexRole).toInt(), 2);
        QVERIFY(c1.data(ui::DifferenceModel::IsClusterRole).toBool());
        QCOMPARE(model.clusterMembers(QStringLiteral("c1")), (QList<int>{0, 2}));
        QCOMPARE(model.undecidedCount(), 3);

        model.setVerdict(QStringLiteral("fp-d1"), engine::Verdict::Regression);
        model.setVerdict(QStringLiteral("fp-d3"), engine::Verdict::Regression);
        QCOMPARE(c1.data(ui::DifferenceModel::VerdictRole).toInt(),
                 int(engine::Verdict::Regression));
        QCOMPARE(model.undecidedCount(), 1);
        model.setReport({});
        QCOMPARE(model.rowCount(), 0);
    }

    // A long cluster title does not take the list's width: the difference column fits the
    // members' ids (at most half the list) and the test's call keeps room to be read.
    void differenceListLeavesRoomForTheCall()
    {
        ui::DifferenceModel model;
        engine::Report report = sampleReport();
        for (engine::ReportDifference &item : report.differences)
            item.target = QStringLiteral("package.subpackage.a_module_with_a_long_name."
                                         "AClassWithALongName.a_method_with_a_long_name");
        ui::DifferenceList list(&model);
        list.resize(420, 300);
        list.show();
        QVERIFY(QTest::qWaitForWindowExposed(&list));
        model.setReport(report);
        const QHeaderView *header = list.view()->header();
        const int title = header->sectionSize(ui::DifferenceModel::TitleColumn);
        QVERIFY2(title <= list.view()->width() / 2, qPrintable(QString::number(title)));
        QVERIFY(title >= list.view()
                             ->sizeHintForIndex(model.index(0, ui::DifferenceModel::TitleColumn,
                                                            model.index(0, 0)))
                             .width());
        QVERIFY2(header->sectionSize(ui::DifferenceModel::TestColumn) >= 80,
                 qPrintable(QString::number(header->sectionSize(ui::DifferenceModel::TestColumn))));
    }

    void nextUndecidedWrapsAndSkipsDecided()
    {
        ui::DifferenceModel model;
        model.setReport(sampleReport());
        // Display order: d1, d3 (c1), d2 (c2, decided), d4.
        QModelIndex at = model.nextUndecided({});
        QCOMPARE(at.data(ui::DifferenceModel::DifferenceIndexRole).toInt(), 0);
        at = model.nextUndecided(at);
        QCOMPARE(at.data(ui::DifferenceModel::DifferenceIndexRole).toInt(), 2);
        at = model.nextUndecided(at);
        QCOMPARE(at.data(ui::DifferenceModel::DifferenceIndexRole).toInt(), 3);
        at = model.nextUndecided(at);
        QCOMPARE(at.data(ui::DifferenceModel::DifferenceIndexRole).toInt(), 0); // wrapped
        at = model.nextUndecided(at, false);
        QCOMPARE(at.data(ui::DifferenceModel::DifferenceIndexRole).toInt(), 3);
        for (const QString &fp :
             {QStringLiteral("fp-d1"), QStringLiteral("fp-d3"), QStringLiteral("fp-d4")})
            model.setVerdict(fp, engine::Verdict::Intended);
        QVERIFY(!model.nextUndecided(at).isValid());
    }

    void functionCoverageModel()
    {
        ui::FunctionCoverageModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFunctions({{QStringLiteral("a"), engine::FunctionKind::Public,
                             engine::Presence::Both, QStringLiteral("body"), 1.0},
                            {QStringLiteral("b"), engine::FunctionKind::Private,
                             engine::Presence::Both, QStringLiteral("body"), 0.5}});
        QCOMPARE(model.rowCount(), 2);
        // Least covered first.
        QCOMPARE(model.index(0, ui::FunctionCoverageModel::NameColumn).data().toString(),
                 QStringLiteral("b"));
        QCOMPARE(model.index(0, ui::FunctionCoverageModel::CoverageColumn).data().toString(),
                 QStringLiteral("50 %"));
    }

    void prFilterByTextAndStatus()
    {
        ui::PrListModel model;
        ui::PrFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester tester(&filter,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        engine::ChangeSpec first;
        first.base = QStringLiteral("b1");
        first.head = QStringLiteral("h1");
        first.number = 12;
        first.title = QStringLiteral("Use banker's rounding");
        first.author = QStringLiteral("Ada");
        engine::ChangeSpec second = first;
        second.head = QStringLiteral("h2");
        second.number = 15;
        second.title = QStringLiteral("Simplify tier lookup");
        second.author = QStringLiteral("Tomás");
        model.setChanges({first, second});
        QCOMPARE(filter.rowCount(), 2);
        filter.setText(QStringLiteral("tomás tier"));
        QCOMPARE(filter.rowCount(), 1);
        filter.setText(QStringLiteral("#12"));
        QCOMPARE(filter.rowCount(), 1);
        filter.setText({});
        model.setTriageStatus(QStringLiteral("b1"), QStringLiteral("h2"),
                              ui::PrListModel::TriageStatus::Differences);
        filter.setStatus(ui::PrListModel::TriageStatus::Differences);
        QCOMPARE(filter.rowCount(), 1);
        QCOMPARE(filter.index(0, ui::PrListModel::TriageColumn).data().toString(),
                 ui::PrListModel::statusText(ui::PrListModel::TriageStatus::Differences));
        filter.setStatus(std::nullopt);
        QCOMPARE(filter.rowCount(), 2);
        QCOMPARE(model.addChange(first), 0);
        engine::ChangeSpec manual;
        manual.base = QStringLiteral("x");
        manual.head = QStringLiteral("y");
        QCOMPARE(model.addChange(manual), 2);
        QCOMPARE(filter.rowCount(), 3);
        // A PR with differences says how many are decided.
        model.setDecided(QStringLiteral("b1"), QStringLiteral("h2"), 1, 3);
        QCOMPARE(model
                     .index(model.rowOf(QStringLiteral("b1"), QStringLiteral("h2")),
                            ui::PrListModel::TriageColumn)
                     .data()
                     .toString(),
                 QStringLiteral("1 of 3 decided"));
    }

    void relationReviewsAreListedWithTheirCheck()
    {
        ui::RelationReviewPanel panel;
        QAbstractItemModelTester tester(panel.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy counted(&panel, &ui::RelationReviewPanel::countChanged);
        const engine::ReportRelationReview first{
            QStringLiteral("idempotence"), QStringLiteral("pkg.mod.clean"), QStringLiteral("t1"),
            QStringLiteral("assert clean(clean(x)) == clean(x)\n"), QStringLiteral("broke")};
        engine::ReportRelationReview second = first;
        second.label = QStringLiteral("permutation");
        second.testCode = QStringLiteral("assert total([1, 2]) == total([2, 1])\n");
        panel.setReviews({first, second});
        QCOMPARE(panel.model()->rowCount(), 2);
        QCOMPARE(panel.model()->index(1, ui::RelationReviewModel::RelationColumn).data(),
                 QVariant(QStringLiteral("permutation")));
        QCOMPARE(panel.model()->index(0, ui::RelationReviewModel::TargetColumn).data(),
                 QVariant(QStringLiteral("pkg.mod.clean")));
        QCOMPARE(panel.shownCode(), first.testCode); // the first is shown at once
        QCOMPARE(panel.model()->index(0, ui::RelationReviewModel::DecisionColumn).data(),
                 QVariant(engine::label(engine::RelationDecision::None)));
        // The reviewer decides: the panel asks for it to be stored, the window confirms.
        QSignalSpy decided(&panel, &ui::RelationReviewPanel::decided);
        panel.choose(engine::RelationDecision::RelationWrong);
        QCOMPARE(decided.size(), 1);
        QCOMPARE(decided.first().at(0).toInt(), 0);
        QCOMPARE(decided.first().at(1).value<engine::RelationDecision>(),
                 engine::RelationDecision::RelationWrong);
        panel.setDecision(0, engine::RelationDecision::RelationWrong, QString());
        QCOMPARE(panel.model()->index(0, ui::RelationReviewModel::DecisionColumn).data(),
                 QVariant(engine::label(engine::RelationDecision::RelationWrong)));
        panel.selectReview(1);
        QCOMPARE(panel.shownCode(), second.testCode);
        QCOMPARE(counted.last().first().toInt(), 2);
        panel.setReviews({});
        QCOMPARE(panel.model()->rowCount(), 0);
        QCOMPARE(panel.shownCode(), QString());
        QCOMPARE(counted.last().first().toInt(), 0);
    }

    // An edited test survives looking at another difference, comes back with its difference,
    // and goes only when the reviewer switches editing off.
    void testPanelKeepsDraftsPerDifference()
    {
        ui::TestPanel panel;
        const engine::ReportDifference a = difference(QStringLiteral("d1"), QString());
        const engine::ReportDifference b = difference(QStringLiteral("d2"), QString());
        const auto type = [&panel](const QString &code) {
            panel.findChild<QsciScintilla *>()->setText(code);
        };
        panel.setDifference(a);
        panel.setEditing(true);
        const QString edited = a.testCode + QStringLiteral("print('more')\n");
        type(edited);
        panel.setDifference(b);
        QCOMPARE(panel.code(), b.testCode);
        QVERIFY(!panel.isEditing());
        QCOMPARE(panel.draftCount(), 1);
        panel.setDifference(a);
        QCOMPARE(panel.code(), edited);
        QVERIFY(panel.isEditing());

        // Editing without a change leaves no draft behind.
        panel.setDifference(b);
        panel.setEditing(true);
        panel.setDifference(a);
        QCOMPARE(panel.draftCount(), 1);

        panel.setEditing(false);
        QCOMPARE(panel.code(), a.testCode);
        QCOMPARE(panel.draftCount(), 0);
        panel.setDifference(b);
        panel.setDifference(a);
        QCOMPARE(panel.code(), a.testCode);
        QVERIFY(!panel.isEditing());
    }

    // A test that came from the project's own suite says which test, in a line under the title.
    void testPanelNamesTheProjectTest()
    {
        ui::TestPanel panel;
        engine::ReportDifference generated = difference(QStringLiteral("d1"), QString());
        engine::ReportDifference seeded = difference(QStringLiteral("d2"), QString());
        seeded.projectTest = engine::ProjectTestOrigin{
            QStringLiteral("tests/test_shop.py"), QStringLiteral("tests/test_shop.py::test_cart")};
        panel.setDifference(seeded);
        QCOMPARE(panel.originText(),
                 QStringLiteral("From project test tests/test_shop.py::test_cart"));
        panel.setDifference(generated);
        QCOMPARE(panel.originText(), QString());

        // the list names it too, not by its file's set-up statements
        seeded.testCode = QStringLiteral("collect_ignore = []\ncart = Cart()\n");
        engine::Report report;
        report.differences = {seeded, generated};
        ui::DifferenceModel model;
        model.setReport(report);
        const auto test = [&model](int cluster) {
            return model.index(0, ui::DifferenceModel::TestColumn, model.index(cluster, 0))
                .data()
                .toString();
        };
        QCOMPARE(test(0), QStringLiteral("test_cart"));
        QCOMPARE(test(1), QStringLiteral("f(d1)"));
        // a doctest or a name without its file is shown whole, never as an empty cell
        report.differences[0].projectTest->test = QStringLiteral("shop.discount");
        model.setReport(report);
        QCOMPARE(test(0), QStringLiteral("shop.discount"));
    }

    // Only a test the shrinker made simpler is called shrunk; one it could not is shown as run.
    void testPanelCallsATestShrunkOnlyWhenItWas()
    {
        ui::TestPanel panel;
        const auto title = [&panel] {
            for (const QLabel *label : panel.findChildren<QLabel *>())
                if (label->text().contains(QStringLiteral(" → ")))
                    return label->text();
            return QString();
        };
        engine::ReportDifference asRun = difference(QStringLiteral("d1"), QString());
        asRun.testId = QStringLiteral("t7");
        panel.setDifference(asRun);
        QCOMPARE(title(), QStringLiteral("Test t7 → pkg.mod.f"));
        asRun.originalTestCode = asRun.testCode; // shrinking found nothing simpler
        panel.setDifference(asRun);
        QCOMPARE(title(), QStringLiteral("Test t7 → pkg.mod.f"));
        engine::ReportDifference shrunk = difference(QStringLiteral("d2"), QString());
        shrunk.testId = QStringLiteral("t9");
        shrunk.originalTestCode = QStringLiteral("x = 1\n") + shrunk.testCode;
        panel.setDifference(shrunk);
        QCOMPARE(title(), QStringLiteral("Shrunk test t9 → pkg.mod.f"));

        // Too narrow for it: an ellipsis in the middle, the target's last part still in view,
        // never a clipped name that reads like another target.
        shrunk.target = QStringLiteral("tabulate.cli._main");
        panel.setDifference(shrunk);
        panel.resize(320, 200);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *label = panel.findChild<ui::ElidingLabel *>();
        QVERIFY(label);
        const int needed = label->fontMetrics().horizontalAdvance(label->text());
        label->setFixedWidth(needed / 2);
        QVERIFY(label->isElided());
        QVERIFY2(label->shownText().contains(QChar(0x2026)), qPrintable(label->shownText()));
        QVERIFY2(label->shownText().endsWith(QStringLiteral("_main")),
                 qPrintable(label->shownText()));
        QVERIFY(label->shownText().startsWith(QStringLiteral("Shrunk")));
        label->setFixedWidth(needed + 10);
        QVERIFY(!label->isElided());
    }

    void outputDiffMarksOnlyWhatDiffers()
    {
        const auto result = ui::OutputDiff::compare(QStringLiteral("total\nDecimal('0.13')\nend"),
                                                    QStringLiteral("total\nDecimal('0.12')\nend"));
        QCOMPARE(result.oldLines.size(), 3);
        QVERIFY(result.oldLines[0].changed.isEmpty());
        QCOMPARE(result.oldLines[1].changed, (QList<QPair<int, int>>{{12, 1}}));
        QCOMPARE(result.newLines[1].changed, (QList<QPair<int, int>>{{12, 1}}));
        QVERIFY(result.newLines[2].changed.isEmpty());

        const auto added = ui::OutputDiff::compare(QStringLiteral("a"), QStringLiteral("a\nb"));
        QVERIFY(added.newLines[1].unmatched);
        const QString html = ui::OutputDiff::toHtml(result.newLines, QStringLiteral("#0f0"));
        QVERIFY(html.contains(QStringLiteral("<span style=\"background-color:#0f0\">2</span>")));
        QVERIFY(html.contains(QStringLiteral("Decimal(&#x27;0.1")) ||
                html.contains(QStringLiteral("Decimal('0.1")));
        // The pairs the two sides scroll by: matched and changed lines, in order.
        QCOMPARE(result.pairs, (QList<QPair<int, int>>{{0, 0}, {1, 1}, {2, 2}}));
        QCOMPARE(added.pairs, (QList<QPair<int, int>>{{0, 0}}));
    }

    // Outputs that differ only in whitespace show it: spaces, tabs and line ends as marks.
    void whitespaceOnlyDifferencesAreShown()
    {
        const QString before = QStringLiteral("a b\n");
        const QString after = QStringLiteral("a\tb");
        QVERIFY(ui::OutputDiff::differOnlyInWhitespace(before, after));
        QVERIFY(!ui::OutputDiff::differOnlyInWhitespace(before, before));
        QVERIFY(!ui::OutputDiff::differOnlyInWhitespace(before, QStringLiteral("a c\n")));
        const auto diff = ui::OutputDiff::compare(before, after);
        const QString oldHtml = ui::OutputDiff::toHtml(diff.oldLines, QStringLiteral("#f00"),
                                                       ui::OutputDiff::Whitespace::Everywhere);
        const QString newHtml = ui::OutputDiff::toHtml(diff.newLines, QStringLiteral("#0f0"),
                                                       ui::OutputDiff::Whitespace::Everywhere);
        QVERIFY2(oldHtml.contains(QStringLiteral("·")), qPrintable(oldHtml));
        QVERIFY2(oldHtml.contains(QStringLiteral("¶")), qPrintable(oldHtml)); // its line end
        QVERIFY2(newHtml.contains(QStringLiteral("→")), qPrintable(newHtml));
        QVERIFY(!newHtml.contains(QStringLiteral("¶"))); // the new output has no line end
        // Elsewhere only changed whitespace is marked.
        const auto changed =
            ui::OutputDiff::compare(QStringLiteral("x = 1 "), QStringLiteral("x = 2"));
        const QString plain = ui::OutputDiff::toHtml(changed.oldLines, QStringLiteral("#f00"));
        QVERIFY2(
            plain.startsWith(QStringLiteral("<pre style=\"margin:0; white-space:pre-wrap\">x = ")),
            qPrintable(plain));
        QVERIFY2(plain.contains(QStringLiteral("1<span style=\"color:#8a8a8a\">·</span>")),
                 qPrintable(plain));
        // A line with no counterpart (a help text the other side never printed) is highlighted
        // whole, its spaces left as spaces.
        const auto added = ui::OutputDiff::compare(QString(), QStringLiteral("-h, --help  show"));
        const QString whole = ui::OutputDiff::toHtml(added.newLines, QStringLiteral("#0f0"));
        QVERIFY2(whole.contains(QStringLiteral("-h, --help  show")), qPrintable(whole));
        QVERIFY(!whole.contains(QStringLiteral("·")));
    }

    // The outputs as the reviewer sees them: a long line wraps (its end, where the relation's
    // verdict is, stays in view), a long output opens at its first difference, and scrolling one
    // side scrolls the other to the paired line.
    void outputsWrapOpenAtTheDifferenceAndScrollTogether()
    {
        QString before, after;
        for (int i = 0; i < 120; ++i) {
            before += QStringLiteral("line %1\n").arg(i);
            after +=
                (i == 80 ? QStringLiteral("line changed\n") : QStringLiteral("line %1\n").arg(i));
        }
        engine::ReportDifference found = difference(QStringLiteral("d1"), QStringLiteral("c1"));
        found.oldSide.output = before;
        found.newSide.output = after;
        ui::SideBySideOutput outputs;
        outputs.resize(700, 300);
        outputs.show();
        QVERIFY(QTest::qWaitForWindowExposed(&outputs));
        outputs.setDifference(found);
        QTextBrowser *left = outputs.outputView(false);
        QTextBrowser *right = outputs.outputView(true);
        QCOMPARE(left->lineWrapMode(), QTextEdit::WidgetWidth);
        QVERIFY(right->horizontalScrollBar()->maximum() == 0);
        const auto firstVisible = [](QTextBrowser *view) {
            return view->cursorForPosition(QPoint(0, view->fontMetrics().lineSpacing() / 2))
                .blockNumber();
        };
        // Opened at line 80 (two lines of context above it), on both sides.
        QCOMPARE(firstVisible(left), 78);
        QCOMPARE(firstVisible(right), 78);
        left->verticalScrollBar()->setValue(0);
        QCOMPARE(firstVisible(right), 0);
        right->verticalScrollBar()->setValue(right->verticalScrollBar()->maximum() / 2);
        QCOMPARE(firstVisible(left), firstVisible(right));
        QVERIFY(firstVisible(left) > 0);
        QVERIFY(outputs.note().isEmpty()); // not whitespace only

        // A long line wraps instead of running off to the side.
        found.oldSide.output = QStringLiteral("relation idempotence: ") + QString(200, u'x') +
                               QStringLiteral(" holds\n");
        found.newSide.output = QStringLiteral("relation idempotence: ") + QString(200, u'x') +
                               QStringLiteral(" breaks\n");
        outputs.setDifference(found);
        QCOMPARE(left->horizontalScrollBar()->maximum(), 0);
        QVERIFY(left->document()->documentLayout()->documentSize().height() >
                3 * left->fontMetrics().lineSpacing());
    }

    // A command line that ended with a status is not said to have returned normally; other
    // tests printing the same words are left alone.
    void commandLineHeadlineGivesTheExitStatus()
    {
        engine::ReportDifference found = difference(QStringLiteral("d1"), QStringLiteral("c1"));
        found.testCode = QStringLiteral("# `tool --loud` run as a command line (console script), "
                                        "nothing on standard input\nimport sys\n");
        found.oldSide.output = QStringLiteral("usage: tool\nexit status: 2\n");
        found.newSide.output = QStringLiteral("LOUD\nexit status: 0\n");
        ui::SideBySideOutput outputs;
        outputs.setDifference(found);
        QVERIFY2(outputs.oldHeadline().contains(QStringLiteral("Exited with status 2")),
                 qPrintable(outputs.oldHeadline()));
        QCOMPARE(outputs.newHeadline(), QStringLiteral("Exited with status 0"));
        found.testCode = QStringLiteral("print('exit status: 2')\n");
        outputs.setDifference(found);
        QCOMPARE(outputs.oldHeadline(), QStringLiteral("Returned normally"));
        // a side without output says so; no difference selected, nothing is said
        found.newSide.output.clear();
        outputs.setDifference(found);
        QCOMPARE(outputs.outputView(true)->placeholderText(), QStringLiteral("(no output)"));
        outputs.clear();
        QVERIFY(outputs.outputView(true)->placeholderText().isEmpty());
    }

    // An OSError the sandbox caused is named as the sandbox's refusal beside the error type;
    // the code's own OSError is not.
    void sandboxRefusalHeadline()
    {
        engine::ReportDifference found = difference(QStringLiteral("d1"), QStringLiteral("c1"));
        found.newSide = {QString(), QStringLiteral("PermissionError"),
                         QStringLiteral("[Errno 13] Permission denied"), engine::RunStatus::Raised,
                         QStringLiteral("sandbox")};
        ui::SideBySideOutput outputs;
        outputs.setDifference(found);
        QVERIFY2(outputs.newHeadline().contains(QStringLiteral("(refused by the sandbox)")),
                 qPrintable(outputs.newHeadline()));
        QVERIFY(outputs.newHeadline().contains(QStringLiteral("PermissionError")));
        found.newSide.osError = QStringLiteral("system");
        outputs.setDifference(found);
        QVERIFY(!outputs.newHeadline().contains(QStringLiteral("sandbox")));
    }

    void readableNames()
    {
        QCOMPARE(ui::targetName(QStringLiteral("invoicekit.tax._tier_for")).text(),
                 QStringLiteral("tax _tier_for"));
        QCOMPARE(ui::targetName(QStringLiteral("invoicekit.models.Invoice.subtotal")).text(),
                 QStringLiteral("models Invoice.subtotal"));
        QCOMPARE(ui::targetName(QStringLiteral("main")).text(), QStringLiteral("main"));
        QCOMPARE(ui::callSummary(QStringLiteral("from m import f\n\nresult = f(1, 'a')\n"
                                                "print(repr(result))\n")),
                 QStringLiteral("f(1, 'a')"));
        // a command-line test by its command, a module run as one
        const QString script = QStringLiteral("# `tabulate -H rsv` run as a command line (console "
                                              "script), a table on standard input\nimport sys\n"
                                              "sys.argv = ['tabulate', '-H', 'rsv']\n");
        QCOMPARE(ui::callSummary(script), QStringLiteral("tabulate -H rsv"));
        QCOMPARE(ui::callSummary(QString(script).replace(QStringLiteral("console script"),
                                                         QStringLiteral("python -m"))),
                 QStringLiteral("python -m tabulate -H rsv"));
        QVERIFY(!ui::commandLine(QStringLiteral("# `x` is a name\nx = 1\n")));
        QCOMPARE(ui::callSummary(QStringLiteral("import m\nprint(m.g([1, 2]))\n")),
                 QStringLiteral("m.g([1, 2])"));
        QCOMPARE(ui::callSummary(QStringLiteral("x = f(%1)\n").arg(QString(100, u'9')), 20).size(),
                 20);
    }
};

QTEST_MAIN(UiModelsTest)
#include "tst_uimodels.moc"
