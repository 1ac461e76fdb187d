// The diff view as the reviewer sees it, offscreen: the aligned columns (fillers make old line i
// and new line j share a line of the view), the unified column, ignoring whitespace, folds, the
// coverage overlay and its legend, and the links between differences and lines.
#include "PrivateUserDirs.h"
#include "ScratchRepo.h"
#include "diff/DiffCodeView.h"
#include "diff/DiffCoveragePanel.h"
#include "diff/DiffDocument.h"
#include "diff/DiffFileModel.h"
#include "diff/DiffView.h"
#include "diff/LineTestsModel.h"

#include <QAbstractItemModelTester>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace difftriage;
using Side = ui::DiffDocument::Side;

namespace {

const QString OldText = QStringLiteral("def tier(q):\n"     // 1
                                       "    if q >= 100:\n" // 2
                                       "        return 3\n" // 3
                                       "    return 0\n"     // 4
                                       "\n"                 // 5
                                       "\n"                 // 6
                                       "def other():\n"     // 7
                                       "    pass\n");       // 8
const QString NewText = QStringLiteral("def tier(q):\n"     // 1
                                       "    if q > 100:\n"  // 2
                                       "        return 3\n" // 3
                                       "    if q > 10:\n"   // 4 (added)
                                       "        return 1\n" // 5 (added)
                                       "    return 0\n"     // 6
                                       "\n"                 // 7
                                       "\n"                 // 8
                                       "def other():\n"     // 9
                                       "    pass\n");       // 10

engine::ReportChangedLine changed(const char *side, int line, QStringList hitBy,
                                  bool executable = true)
{
    return {QStringLiteral("m.py"), QString::fromLatin1(side), line, executable, hitBy};
}

QList<engine::ReportChangedLine> coverage()
{
    return {changed("old", 2, {QStringLiteral("t1"), QStringLiteral("t2")}),
            changed("new", 2, {QStringLiteral("t1"), QStringLiteral("t2")}),
            changed("new", 4, {QStringLiteral("t2")}), changed("new", 5, {})};
}

// m.py's change committed with another file's beside it: the base and head commits.
std::pair<QString, QString> commitChange(test::ScratchRepo &repo, const QString &other,
                                         const QByteArray &otherOld, const QByteArray &otherNew)
{
    repo.write(QStringLiteral("m.py"), OldText.toUtf8());
    repo.write(other, otherOld);
    const QString base = repo.commit(QStringLiteral("base"));
    repo.write(QStringLiteral("m.py"), NewText.toUtf8());
    repo.write(other, otherNew);
    return {base, repo.commit(QStringLiteral("head"))};
}

bool hasMarker(ui::DiffCodeView *view, int line, ui::DiffCodeView::Marker marker)
{
    return view->markersAtLine(line) & (1 << marker);
}

// A reviewer's left click on the text of a view line, which must be on screen.
void clickViewLine(ui::DiffCodeView *view, int line)
{
    const long start = view->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, line);
    const int x = int(view->SendScintilla(QsciScintilla::SCI_POINTXFROMPOSITION, 0UL, start));
    const int y = int(view->SendScintilla(QsciScintilla::SCI_POINTYFROMPOSITION, 0UL, start));
    const int height = int(view->SendScintilla(QsciScintilla::SCI_TEXTHEIGHT, line));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, QPoint(x + 2, y + height / 2));
}

} // namespace

class DiffViewTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        test::usePrivateUserDirectories(m_home.path(), QStringLiteral("tst_diffview"));
    }

    // Side by side: old line 4 and new line 6 share a view line, two fillers on the old side
    // stand beside the added lines, and each column shows its own file's line numbers.
    void fillersAlignTheColumns()
    {
        ui::DiffView view;
        view.setOptions({false, false, engine::DiffLayout::WholeFile});
        view.setFile(OldText, NewText, coverage());
        ui::DiffCodeView *left = view.editor(Side::Old);
        ui::DiffCodeView *right = view.editor(Side::New);
        QVERIFY(left != right);
        QCOMPARE(left->lines(), right->lines());
        const int row = view.document().viewLineOf(Side::Old, 4);
        QCOMPARE(row, view.document().viewLineOf(Side::New, 6));
        QCOMPARE(left->text(row).trimmed(), QStringLiteral("return 0"));
        QCOMPARE(right->text(row).trimmed(), QStringLiteral("return 0"));
        QCOMPARE(left->numbers().at(row).trimmed(), QStringLiteral("4"));
        QCOMPARE(right->numbers().at(row).trimmed(), QStringLiteral("6"));
        for (int filler : {row - 2, row - 1}) {
            QVERIFY(left->text(filler).trimmed().isEmpty());
            QVERIFY(left->numbers().at(filler).isEmpty());
            QVERIFY(hasMarker(left, filler, ui::DiffCodeView::FillerMarker));
            QVERIFY(hasMarker(right, filler, ui::DiffCodeView::AddedMarker));
        }
        // The changed line: its coverage and what differs inside it.
        const int two = view.document().viewLineOf(Side::Old, 2);
        QCOMPARE(two, view.document().viewLineOf(Side::New, 2));
        QVERIFY(hasMarker(left, two, ui::DiffCodeView::ChangedMarker));
        QVERIFY(hasMarker(left, two, ui::DiffCodeView::HeatMediumMarker));
        QVERIFY(hasMarker(right, 4, ui::DiffCodeView::UncoveredMarker)); // new line 5, no test
        // ">=" became ">": the "=" is marked on the old side, nothing else on either.
        const auto spanAt = [two](ui::DiffCodeView *column, int index) {
            return column->SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT,
                                         ui::DiffCodeView::ChangedSpanIndicator,
                                         column->positionFromLineIndex(two, index)) != 0;
        };
        QVERIFY(spanAt(left, 10));
        QVERIFY(!spanAt(left, 9));
        QVERIFY(!spanAt(left, 11));
        for (int index = 0; index < 15; ++index)
            QVERIFY(!spanAt(right, index));
    }

    // The columns scroll together, both ways.
    void columnsScrollTogether()
    {
        QString oldText, newText;
        for (int i = 1; i <= 200; ++i) {
            oldText += QStringLiteral("x%1 = %1\n").arg(i);
            newText +=
                (i == 100 ? QStringLiteral("x100 = 0\n") : QStringLiteral("x%1 = %1\n").arg(i));
        }
        ui::DiffView view;
        view.resize(800, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setOptions({false, false, engine::DiffLayout::WholeFile});
        view.setFile(oldText, newText, {});
        view.editor(Side::Old)->verticalScrollBar()->setValue(120);
        QCOMPARE(view.editor(Side::New)->verticalScrollBar()->value(), 120);
        view.editor(Side::New)->verticalScrollBar()->setValue(40);
        QCOMPARE(view.editor(Side::Old)->verticalScrollBar()->value(), 40);
        // Next change brings line 100 into view on both.
        view.editor(Side::Old)->setCursorPosition(0, 0);
        view.nextChange();
        const int first = view.editor(Side::Old)->firstVisibleLine();
        QVERIFY2(first <= 99 && first + 5 > 99 - 20, qPrintable(QString::number(first)));
        QCOMPARE(view.editor(Side::New)->firstVisibleLine(), first);
    }

    // Unified: one column with both line numbers, the removed line before the added ones.
    void unifiedHasOneColumn()
    {
        ui::DiffView view;
        view.setOptions({true, false, engine::DiffLayout::WholeFile});
        view.setFile(OldText, NewText, coverage());
        ui::DiffCodeView *column = view.editor(Side::Old);
        QCOMPARE(column, view.editor(Side::New));
        const QStringList numbers = column->numbers();
        QCOMPARE(column->lines(), 11); // 8 old lines + 3 new ones (1 changed, 2 added)
        const int removed = view.document().viewLineOf(Side::Old, 2);
        const int added = view.document().viewLineOf(Side::New, 2);
        QCOMPARE(added, removed + 1);
        QCOMPARE(column->text(removed).trimmed(), QStringLiteral("if q >= 100:"));
        QCOMPARE(column->text(added).trimmed(), QStringLiteral("if q > 100:"));
        QCOMPARE(numbers.at(removed).simplified(), QStringLiteral("2"));
        QCOMPARE(numbers.at(view.document().viewLineOf(Side::New, 6)).simplified(),
                 QStringLiteral("4 6"));
        QVERIFY(hasMarker(column, removed, ui::DiffCodeView::RemovedMarker));
        QVERIFY(hasMarker(column, added, ui::DiffCodeView::AddedMarker));
        // What differs inside: ">=" on the removed line, nothing on the added one that replaced it
        // (">" is all there), nothing on a line added without a partner.
        const auto spanAt = [column](int line, int index) {
            return column->SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT,
                                         ui::DiffCodeView::ChangedSpanIndicator,
                                         column->positionFromLineIndex(line, index)) != 0;
        };
        QVERIFY(spanAt(removed, 10));
        QVERIFY(!spanAt(removed, 9));
        for (int index = 0; index < 15; ++index)
            QVERIFY(!spanAt(added, index));
        const int lonely = view.document().viewLineOf(Side::New, 5);
        for (int index = 0; index < 16; ++index)
            QVERIFY(!spanAt(lonely, index));
        // The new side's coverage shows on its lines, the old side's on the removed one.
        QVERIFY(hasMarker(column, removed, ui::DiffCodeView::HeatMediumMarker));
        QVERIFY(hasMarker(column, view.document().viewLineOf(Side::New, 5),
                          ui::DiffCodeView::UncoveredMarker));
    }

    // The line the reviewer chose (its tests are listed beside the diff) stays chosen when the
    // layout changes: the cursor moves to where that line stands in the new layout.
    void chosenLineSurvivesTheLayoutSwitch()
    {
        ui::DiffView view;
        view.setOptions({false, false, engine::DiffLayout::WholeFile});
        view.setFile(OldText, NewText, coverage());
        QSignalSpy activated(&view, &ui::DiffView::fileLineActivated);
        ui::DiffCodeView *right = view.editor(Side::New);
        right->setFocus();
        right->setCursorPosition(view.document().viewLineOf(Side::New, 3), 0);
        QTest::keyClick(right, Qt::Key_Down);
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.last().at(1).toInt(), 4);
        const auto cursorLine = [&view] {
            int line = -1, index = -1;
            view.editor(Side::New)->getCursorPosition(&line, &index);
            return line;
        };
        view.setOptions({true, false, engine::DiffLayout::WholeFile});
        QCOMPARE(cursorLine(), view.document().viewLineOf(Side::New, 4));
        view.setOptions({false, false, engine::DiffLayout::WholeFile});
        QCOMPARE(cursorLine(), view.document().viewLineOf(Side::New, 4));
        QCOMPARE(activated.size(), 1); // moving the cursor back is not a new choice
        // Another file forgets the choice.
        view.setFile(OldText, NewText, coverage());
        view.setOptions({true, false, engine::DiffLayout::WholeFile});
        QCOMPARE(cursorLine(), 0);
    }

    // Re-indented lines are a change, unless whitespace is ignored.
    void ignoringWhitespace()
    {
        const QString before = QStringLiteral("if x:\n  y = 1\n  z = 2\n");
        const QString after = QStringLiteral("if x:\n    y = 1\n    z = 3\n");
        ui::DiffView view;
        view.setOptions({false, false, engine::DiffLayout::WholeFile});
        view.setFile(before, after, {});
        QCOMPARE(view.document().hunkStarts(), QList<int>{1});
        QVERIFY(hasMarker(view.editor(Side::Old), 1, ui::DiffCodeView::ChangedMarker));
        view.setOptions({false, true, engine::DiffLayout::WholeFile});
        QVERIFY(!hasMarker(view.editor(Side::Old), 1, ui::DiffCodeView::ChangedMarker));
        QVERIFY(hasMarker(view.editor(Side::Old), 2, ui::DiffCodeView::ChangedMarker));
        QCOMPARE(view.document().hunkStarts(), QList<int>{2});
        // Each side still shows its own text.
        QCOMPARE(view.editor(Side::New)->text(1), QStringLiteral("    y = 1\n"));
    }

    // Unchanged lines far from a change fold into one line; clicking it opens them.
    void foldsOpenWhenActivated()
    {
        QString oldText, newText;
        for (int i = 1; i <= 40; ++i) {
            oldText += QStringLiteral("a%1 = %1\n").arg(i);
            newText +=
                (i == 20 ? QStringLiteral("a20 = 0\n") : QStringLiteral("a%1 = %1\n").arg(i));
        }
        ui::DiffView view;
        view.setOptions({false, false, 3});
        view.setFile(oldText, newText, {});
        ui::DiffCodeView *left = view.editor(Side::Old);
        QCOMPARE(left->lines(), 1 + 7 + 1);
        QVERIFY(hasMarker(left, 0, ui::DiffCodeView::FoldMarker));
        QVERIFY(left->text(0).contains(QStringLiteral("16")));
        QCOMPARE(view.document().viewLineOf(Side::Old, 3), -1);
        emit left->foldActivated(0);
        QCOMPARE(left->lines(), 16 + 7 + 1);
        QCOMPARE(view.document().viewLineOf(Side::Old, 3), 2);
        // Showing a folded line opens what hides it.
        view.showFileLine(Side::New, 38);
        QVERIFY(view.document().viewLineOf(Side::New, 38) >= 0);
    }

    // The legend names every colour and mark the view paints.
    void legendNamesEveryMark()
    {
        ui::DiffView view;
        const QString legend = view.legendText();
        for (int marker = 0; marker < ui::DiffCodeView::MarkerCount; ++marker) {
            const QString description =
                ui::DiffCodeView::description(ui::DiffCodeView::Marker(marker)).toHtmlEscaped();
            QVERIFY2(!description.isEmpty(), qPrintable(QString::number(marker)));
            QVERIFY2(legend.contains(description), qPrintable(description));
            const QString colour =
                ui::DiffCodeView::colour(ui::DiffCodeView::Marker(marker), view.palette()).name();
            QVERIFY2(legend.contains(colour), qPrintable(colour));
        }
        QVERIFY(
            legend.contains(ui::DiffCodeView::description(ui::DiffCodeView::ChangedSpanIndicator)));
    }

    // Both ways between differences and lines: selecting a difference marks the changed lines
    // its test ran and scrolls there; a line lists the tests that reached it by their call, and
    // opening the one that found a difference asks for that difference.
    void differencesAndLinesLinkBothWays()
    {
        test::ScratchRepo repo;
        const auto [base, head] =
            commitChange(repo, QStringLiteral("other.py"), "x = 1\n", "x = 2\n");

        engine::Report report;
        report.base = base;
        report.head = head;
        report.changedLines = {
            {QStringLiteral("other.py"), QStringLiteral("old"), 1, true, {}},
            {QStringLiteral("other.py"), QStringLiteral("new"), 1, true, {QStringLiteral("t1")}}};
        report.changedLines << coverage();
        report.tests = {
            {QStringLiteral("t1"), QStringLiteral("from m import tier\nprint(tier(5))\n"), 0,
             QStringLiteral("m.tier"), engine::TestFate::Same},
            {QStringLiteral("t2"),
             QStringLiteral("from m import tier\n\nresult = tier(50)\nprint(repr(result))\n"), 0,
             QStringLiteral("m.tier"), engine::TestFate::Difference}};
        engine::ReportDifference found;
        found.id = QStringLiteral("d1");
        found.testId = QStringLiteral("t2");
        found.target = QStringLiteral("m.tier");
        found.kind = engine::DifferenceKind::DifferentOutput;
        report.differences = {found};

        ui::DiffCoveragePanel panel;
        panel.resize(1200, 500);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QAbstractItemModelTester files(panel.fileModel(),
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester tests(panel.testsModel(),
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(&panel, &ui::DiffCoveragePanel::sourcesLoaded);
        panel.setReport(repo.path(), report);
        QVERIFY(loaded.wait(30000));
        // The file list: each file's own coverage; other.py first, as the report lists it.
        QCOMPARE(panel.fileModel()->rowCount(), 2);
        QCOMPARE(panel.currentFile(), QStringLiteral("other.py"));
        const int m = panel.fileModel()->rowOf(QStringLiteral("m.py"));
        QCOMPARE(panel.fileModel()->index(m, 0).data(ui::DiffFileModel::CoverageRole).toDouble(),
                 0.75);
        QCOMPARE(panel.fileModel()->index(m, ui::DiffFileModel::CoverageColumn).data().toString(),
                 QStringLiteral("75 %"));
        QCOMPARE(panel.fileModel()->index(m, ui::DiffFileModel::LinesColumn).data().toString(),
                 QStringLiteral("−1 +3"));

        // Selecting d1 opens the file its test ran and marks those lines, not the others.
        panel.showDifference(&report.differences[0]);
        QCOMPARE(panel.currentFile(), QStringLiteral("m.py"));
        QVERIFY(panel.fileModel()->index(m, 0).data(ui::DiffFileModel::ReachedRole).toBool());
        ui::DiffView *view = panel.diffView();
        const auto reached = [view](Side side, int line) {
            return hasMarker(view->editor(side), view->document().viewLineOf(side, line),
                             ui::DiffCodeView::ReachedMarker);
        };
        QVERIFY(reached(Side::Old, 2));
        QVERIFY(reached(Side::New, 2));
        QVERIFY(reached(Side::New, 4));
        QVERIFY(!reached(Side::New, 5)); // no test ran it
        QVERIFY(!reached(Side::New, 3)); // not a changed line: coverage is not measured there
        QVERIFY2(panel.reachSummary().contains(QStringLiteral("d1")),
                 qPrintable(panel.reachSummary()));

        // A line lists its tests, the one that found a difference first, named by its call.
        panel.showLine(QStringLiteral("m.py"), Side::New, 2);
        QCOMPARE(panel.testsModel()->rowCount(), 2);
        const QModelIndex first = panel.testsModel()->index(0, ui::LineTestsModel::TestColumn);
        QCOMPARE(first.data().toString(), QStringLiteral("tier(50)"));
        QCOMPARE(
            first.siblingAtColumn(ui::LineTestsModel::ResultColumn).data().toString(),
            QStringLiteral("d1 · %1").arg(engine::label(engine::DifferenceKind::DifferentOutput)));
        QCOMPARE(panel.testsModel()->index(1, 0).data().toString(), QStringLiteral("tier(5)"));
        QCOMPARE(panel.testsModel()->index(1, ui::LineTestsModel::ResultColumn).data().toString(),
                 engine::label(engine::TestFate::Same));
        QVERIFY2(panel.lineSummary().contains(QStringLiteral("Open one that found a difference")),
                 qPrintable(panel.lineSummary()));
        QSignalSpy requested(&panel, &ui::DiffCoveragePanel::differenceRequested);
        emit panel.testsView()->activated(first);
        QCOMPARE(requested.size(), 1);
        QCOMPARE(requested.first().first().toInt(), 0);
        // A test without a difference opens nothing and says why.
        emit panel.testsView()->activated(panel.testsModel()->index(1, 0));
        QCOMPARE(requested.size(), 1);
        QVERIFY(panel.lineSummary().contains(QStringLiteral("tier(5)")));
        // An uncovered line and an unchanged one say so.
        panel.showLine(QStringLiteral("m.py"), Side::New, 5);
        QCOMPARE(panel.testsModel()->rowCount(), 0);
        QVERIFY2(panel.lineSummary().contains(QStringLiteral("no test")),
                 qPrintable(panel.lineSummary()));
        panel.showLine(QStringLiteral("m.py"), Side::New, 9);
        QVERIFY2(panel.lineSummary().contains(QStringLiteral("did not change")),
                 qPrintable(panel.lineSummary()));

        // A click in the diff lists the tests of that line, as showLine does, and so does a
        // move of the caret by key.
        panel.testsModel()->clear();
        clickViewLine(view->editor(Side::Old), view->document().viewLineOf(Side::Old, 2));
        QCOMPARE(panel.testsModel()->rowCount(), 2);
        QTest::keyClick(view->editor(Side::Old), Qt::Key_Down);
        QCOMPARE(panel.testsModel()->rowCount(), 0);
        QVERIFY2(panel.lineSummary().contains(QStringLiteral("did not change")),
                 qPrintable(panel.lineSummary()));
        QTest::keyClick(view->editor(Side::Old), Qt::Key_Up);
        QCOMPARE(panel.testsModel()->rowCount(), 2);
        // The old column's row beside the added lines is a filler: it says so, lists nothing.
        clickViewLine(view->editor(Side::Old), view->document().viewLineOf(Side::New, 4));
        QCOMPARE(panel.testsModel()->rowCount(), 0);
        QVERIFY2(panel.lineSummary().startsWith(QStringLiteral("No old line here")),
                 qPrintable(panel.lineSummary()));
        // A line only tests without a difference reached says so rather than invite a click.
        panel.showLine(QStringLiteral("other.py"), Side::New, 1);
        QCOMPARE(panel.testsModel()->rowCount(), 1);
        QVERIFY2(panel.lineSummary().contains(QStringLiteral("none of which found a difference")),
                 qPrintable(panel.lineSummary()));
        QVERIFY(!panel.reachSummary().contains(QStringLiteral("at import")));

        // A module-level line runs at import: the summary counts it apart, the line says so.
        report.changedLines[1].atImport = true;
        panel.setReport(repo.path(), report);
        QVERIFY(loaded.wait(30000));
        QVERIFY2(panel.reachSummary().contains(QStringLiteral("100.0 % (1 of the covered lines")) &&
                     panel.reachSummary().contains(QStringLiteral("at import")),
                 qPrintable(panel.reachSummary()));
        panel.showLine(QStringLiteral("other.py"), Side::New, 1);
        QVERIFY2(panel.lineSummary().contains(QStringLiteral("runs when its module is imported")),
                 qPrintable(panel.lineSummary()));
    }

    // Before an analysis the change's diff shows at once, read from git, with no coverage: no
    // line is painted as unreached, and the file list says the coverage is not known yet.
    void previewShowsTheDiffWithoutCoverage()
    {
        test::ScratchRepo repo;
        const auto [base, head] = commitChange(repo, QStringLiteral("notes.txt"), "a\n", "b\n");

        ui::DiffCoveragePanel panel;
        panel.resize(1200, 500);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QAbstractItemModelTester files(panel.fileModel(),
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(&panel, &ui::DiffCoveragePanel::sourcesLoaded);
        panel.setPreview(repo.path(), base, head);
        QVERIFY(panel.isPreview());
        QVERIFY(loaded.wait(30000));
        QCOMPARE(panel.fileModel()->rowCount(), 1); // the Python file only
        QCOMPARE(panel.currentFile(), QStringLiteral("m.py"));
        QVERIFY2(panel.reachSummary().startsWith(QStringLiteral("Not analysed yet")),
                 qPrintable(panel.reachSummary()));
        QCOMPARE(panel.fileModel()->index(0, ui::DiffFileModel::CoverageColumn).data().toString(),
                 QStringLiteral("not analysed"));
        QCOMPARE(panel.fileModel()->index(0, ui::DiffFileModel::LinesColumn).data().toString(),
                 QStringLiteral("−1 +3"));
        ui::DiffView *view = panel.diffView();
        const int added = view->document().viewLineOf(Side::New, 4);
        QVERIFY(added >= 0);
        ui::DiffCodeView *newSide = view->editor(Side::New);
        QVERIFY(hasMarker(newSide, added, ui::DiffCodeView::AddedMarker));
        for (const auto marker :
             {ui::DiffCodeView::UncoveredMarker, ui::DiffCodeView::HeatLowMarker,
              ui::DiffCodeView::NotExecutableMarker})
            QVERIFY(!hasMarker(newSide, added, marker));
        panel.showLine(QStringLiteral("m.py"), Side::New, 4);
        QCOMPARE(panel.testsModel()->rowCount(), 0);

        // The analysis arriving replaces the preview.
        engine::Report report;
        report.base = base;
        report.head = head;
        report.changedLines = coverage();
        panel.setReport(repo.path(), report);
        QVERIFY(!panel.isPreview());
        QVERIFY(loaded.wait(30000));
        QVERIFY(hasMarker(view->editor(Side::New), view->document().viewLineOf(Side::New, 5),
                          ui::DiffCodeView::UncoveredMarker));
        // and a click lists the tests of a line again.
        clickViewLine(view->editor(Side::Old), view->document().viewLineOf(Side::Old, 2));
        QCOMPARE(panel.testsModel()->rowCount(), 2);
    }

private:
    QTemporaryDir m_home;
};

QTEST_MAIN(DiffViewTest)
#include "tst_diffview.moc"
