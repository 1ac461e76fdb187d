// The diff view's alignment, GUI-less: Myers' matches, side-by-side rows with fillers, unified
// rows, ignoring whitespace, the changed span inside a line, and the hunks' folds.
#include "ScratchRepo.h"
#include "change/DiffAlignment.h"
#include "change/DiffAnalysis.h"
#include "change/DiffLayout.h"
#include "git/Repository.h"

#include <QElapsedTimer>
#include <QtTest>

using namespace difftriage;
using namespace difftriage::engine;

namespace {

using Kind = DiffRow::Kind;

QStringList lines(const char *text)
{
    return LineDiff::splitLines(QString::fromUtf8(text));
}

// "3=3 4~4 5- +5": a compact spelling of rows for data-driven expectations.
QString spell(const QList<DiffRow> &rows)
{
    QStringList out;
    for (const DiffRow &row : rows) {
        switch (row.kind) {
        case Kind::Same:
            out << QStringLiteral("%1=%2").arg(row.oldLine).arg(row.newLine);
            break;
        case Kind::Changed:
            out << QStringLiteral("%1~%2").arg(row.oldLine).arg(row.newLine);
            break;
        case Kind::Removed:
            out << QStringLiteral("%1-").arg(row.oldLine);
            break;
        case Kind::Added:
            out << QStringLiteral("+%1").arg(row.newLine);
            break;
        }
    }
    return out.join(QLatin1Char(' '));
}

} // namespace

class DiffAlignmentTest final : public QObject
{
    Q_OBJECT

private slots:
    void align_data()
    {
        QTest::addColumn<QString>("oldText");
        QTest::addColumn<QString>("newText");
        QTest::addColumn<bool>("unified");
        QTest::addColumn<bool>("ignoreWhitespace");
        QTest::addColumn<QString>("expected");

        QTest::newRow("same") << "a\nb\n"
                              << "a\nb\n"
                              << false << false << "1=1 2=2";
        QTest::newRow("one line changed") << "a\nb\nc\n"
                                          << "a\nB\nc\n"
                                          << false << false << "1=1 2~2 3=3";
        // Two lines inserted: old line 3 and new line 5 share a row, fillers on the old side.
        QTest::newRow("insertion, fillers on the old side")
            << "a\nb\nc\n"
            << "a\nb\nx\ny\nc\n"
            << false << false << "1=1 2=2 +3 +4 3=5";
        QTest::newRow("deletion, fillers on the new side") << "a\nb\nx\ny\nc\n"
                                                           << "a\nb\nc\n"
                                                           << false << false << "1=1 2=2 3- 4- 5=3";
        QTest::newRow("three replaced by one") << "a\nx\ny\nz\nb\n"
                                               << "a\nw\nb\n"
                                               << false << false << "1=1 2~2 3- 4- 5=3";
        QTest::newRow("unified lists removed, then added") << "a\nx\ny\nb\n"
                                                           << "a\nw\nb\n"
                                                           << true << false << "1=1 2- 3- +2 4=3";
        QTest::newRow("from nothing") << ""
                                      << "a\nb\n"
                                      << false << false << "+1 +2";
        QTest::newRow("to nothing") << "a\nb\n"
                                    << "" << false << false << "1- 2-";
        QTest::newRow("re-indented: a change") << "if x:\n  y = 1\n"
                                               << "if x:\n    y = 1\n"
                                               << false << false << "1=1 2~2";
        QTest::newRow("re-indented, whitespace ignored") << "if x:\n  y = 1\n"
                                                         << "if x:\n    y = 1\n"
                                                         << false << true << "1=1 2=2";
        QTest::newRow("whitespace ignored, a real change stays") << "a = 1\nb=2\n"
                                                                 << "a  =  1\nb = 3\n"
                                                                 << false << true << "1=1 2~2";
        QTest::newRow("moved block keeps the longest common run")
            << "a\nb\nc\nd\ne\n"
            << "d\ne\na\nb\nc\n"
            << false << false << "+1 +2 1=3 2=4 3=5 4- 5-";
    }

    void align()
    {
        QFETCH(QString, oldText);
        QFETCH(QString, newText);
        QFETCH(bool, unified);
        QFETCH(bool, ignoreWhitespace);
        QFETCH(QString, expected);
        const auto rows = DiffAlignment::align(
            LineDiff::splitLines(oldText), LineDiff::splitLines(newText),
            unified ? DiffAlignment::Mode::Unified : DiffAlignment::Mode::SideBySide,
            LineComparison{ignoreWhitespace});
        QCOMPARE(spell(rows), expected);
    }

    // Every line of each side appears exactly once, in order, on random edits; matched rows
    // really are equal.
    void everyLineOnceInOrder()
    {
        QRandomGenerator random(42);
        for (int round = 0; round < 200; ++round) {
            QStringList a, b;
            const int n = int(random.bounded(30)), m = int(random.bounded(30));
            for (int i = 0; i < n; ++i)
                a << QString::number(random.bounded(6));
            for (int j = 0; j < m; ++j)
                b << QString::number(random.bounded(6));
            for (auto mode : {DiffAlignment::Mode::SideBySide, DiffAlignment::Mode::Unified}) {
                const auto rows = DiffAlignment::align(a, b, mode);
                int nextOld = 1, nextNew = 1, same = 0;
                for (const DiffRow &row : rows) {
                    if (row.oldLine > 0)
                        QCOMPARE(row.oldLine, nextOld++);
                    if (row.newLine > 0)
                        QCOMPARE(row.newLine, nextNew++);
                    if (row.kind == Kind::Same) {
                        QCOMPARE(a[row.oldLine - 1], b[row.newLine - 1]);
                        ++same;
                    }
                }
                QCOMPARE(nextOld, n + 1);
                QCOMPARE(nextNew, m + 1);
                // Shortest edit script: as many kept lines as the longest common subsequence.
                std::vector<std::vector<int>> lcs(size_t(n + 1), std::vector<int>(size_t(m + 1)));
                for (int i = n - 1; i >= 0; --i)
                    for (int j = m - 1; j >= 0; --j)
                        lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1
                                                 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
                QCOMPARE(same, lcs[0][0]);
            }
        }
    }

    // The lines the view marks as changed are the lines git says changed (the heatmap's lines).
    void changedLinesAgreeWithGit()
    {
        test::ScratchRepo repo;
        const QByteArray before = "def f(x):\n    if x > 100:\n        return 1\n    return 2\n\n\n"
                                  "def g():\n    pass\n";
        const QByteArray after = "def f(x):\n    if x >= 100:\n        return 1\n    log(x)\n"
                                 "    return 2\n\n\ndef g():\n    pass\n";
        repo.write(QStringLiteral("m.py"), before);
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("m.py"), after);
        const QString head = repo.commit(QStringLiteral("head"));
        auto repository = git::Repository::open(repo.path());
        QVERIFY(repository);
        const auto summary = DiffAnalysis::run(*repository, base, head);
        QVERIFY(summary);
        const ChangedFile &file = summary->files.first();

        QList<int> oldChanged, newChanged;
        for (const DiffRow &row :
             DiffAlignment::align(lines(before.constData()), lines(after.constData()),
                                  DiffAlignment::Mode::SideBySide)) {
            if (row.isChange() && row.oldLine > 0)
                oldChanged << row.oldLine;
            if (row.isChange() && row.newLine > 0)
                newChanged << row.newLine;
        }
        QCOMPARE(oldChanged, file.oldLines);
        QCOMPARE(newChanged, file.newLines);
    }

    void changedSpanInsideALine()
    {
        const auto [oldSpan, newSpan] = DiffAlignment::changedSpans(QStringLiteral("rate = 0.19"),
                                                                    QStringLiteral("rate = 0.2"));
        QCOMPARE(oldSpan.start, 9);
        QCOMPARE(oldSpan.length, 2);
        QCOMPARE(newSpan.start, 9);
        QCOMPARE(newSpan.length, 1);
        const auto [inserted, insertedNew] =
            DiffAlignment::changedSpans(QStringLiteral("f(a)"), QStringLiteral("f(a, b)"));
        QCOMPARE(inserted.length, 0);
        QCOMPARE(insertedNew.start, 3);
        QCOMPARE(insertedNew.length, 3);
    }

    // A rewritten large file stays fast: past the edit limit the middle counts as replaced.
    void largeRewriteStaysFast()
    {
        QStringList a, b;
        for (int i = 0; i < 20000; ++i) {
            a << QStringLiteral("old %1").arg(i);
            b << QStringLiteral("new %1").arg(i);
        }
        a.prepend(QStringLiteral("header"));
        b.prepend(QStringLiteral("header"));
        QElapsedTimer timer;
        timer.start();
        const auto rows = DiffAlignment::align(a, b, DiffAlignment::Mode::SideBySide);
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(rows.size(), 20001);
        QCOMPARE(rows.first().kind, Kind::Same);
        QCOMPARE(rows.last().kind, Kind::Changed);
    }

    void foldsAroundHunks()
    {
        QStringList a, b;
        for (int i = 1; i <= 30; ++i)
            a << QStringLiteral("line %1").arg(i);
        b = a;
        b[14] = QStringLiteral("changed 15");
        const auto rows = DiffAlignment::align(a, b, DiffAlignment::Mode::SideBySide);
        const auto laid = DiffLayout::lay(rows, 3);
        // Rows 11..17 (0-based) show; the 11 rows before and the 12 after fold.
        QCOMPARE(laid.size(), 1 + 7 + 1);
        QVERIFY(laid.first().isFold());
        QCOMPARE(laid.first().fold, (DiffFold{0, 11}));
        QCOMPARE(laid[1].row, 11);
        QCOMPARE(laid[4].row, 14);
        QCOMPARE(laid.last().fold, (DiffFold{18, 12}));

        // Revealing the first fold shows its rows; the whole file shows every row.
        const auto opened = DiffLayout::lay(rows, 3, {DiffFold{0, 11}});
        QCOMPARE(opened.size(), 11 + 7 + 1);
        QCOMPARE(opened.first().row, 0);
        QCOMPARE(DiffLayout::lay(rows, DiffLayout::WholeFile).size(), 30);
        // A single hidden row is shown as itself, never as a fold.
        const auto tight = DiffLayout::lay(rows, 13);
        QCOMPARE(tight.size(), 30 - 2 + 1);
        QCOMPARE(tight.first().row, 0);
        QCOMPARE(tight.last().fold, (DiffFold{28, 2}));
    }
};

QTEST_GUILESS_MAIN(DiffAlignmentTest)
#include "tst_diffalignment.moc"
