#include "change/PrMessage.h"
#include "core/LineRanges.h"

#include <QtTest>

using namespace difftriage::engine;

class PrMessageTest final : public QObject
{
    Q_OBJECT

private slots:
    void merge_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("number");
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("branch");
        QTest::newRow("github")
            << "Merge pull request #42 from ada/fix-x\n\nFix x\n\nLong body\nline 2\n"
            << 42 << "Fix x"
            << "Long body\nline 2"
            << "ada/fix-x";
        QTest::newRow("no body") << "Merge pull request #7 from bob/y\n\nTitle only" << 7
                                 << "Title only"
                                 << ""
                                 << "bob/y";
        QTest::newRow("no title") << "Merge pull request #8 from bob/z" << 8 << "Merge of bob/z"
                                  << ""
                                  << "bob/z";
        QTest::newRow("branch merge") << "Merge branch 'dev'" << 0 << ""
                                      << ""
                                      << "";
    }
    void merge()
    {
        QFETCH(QString, message);
        QFETCH(int, number);
        QFETCH(QString, title);
        QFETCH(QString, body);
        QFETCH(QString, branch);
        const auto pr = parseMergeMessage(message);
        QCOMPARE(pr.has_value(), number != 0);
        if (!pr)
            return;
        QCOMPARE(pr->number, number);
        QCOMPARE(pr->title, title);
        QCOMPARE(pr->body, body);
        QCOMPARE(pr->branch, branch);
    }

    void squash_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("number");
        QTest::addColumn<QString>("title");
        QTest::newRow("squash") << "Add parser (#123)\n\n* commit one\n* commit two" << 123
                                << "Add parser";
        QTest::newRow("trailing space") << "Fix (#5)  " << 5 << "Fix";
        QTest::newRow("number mid-subject") << "Fix (#5) and more" << 0 << "";
        QTest::newRow("plain") << "Refactor things" << 0 << "";
    }
    void squash()
    {
        QFETCH(QString, message);
        QFETCH(int, number);
        QFETCH(QString, title);
        const auto pr = parseSquashMessage(message);
        QCOMPARE(pr.has_value(), number != 0);
        if (pr) {
            QCOMPARE(pr->number, number);
            QCOMPARE(pr->title, title);
        }
    }

    void lineRanges()
    {
        QCOMPARE(compressLineRanges({19, 12, 13, 14}), QStringLiteral("12-14, 19"));
        QCOMPARE(compressLineRanges({3, 3, 4}), QStringLiteral("3-4"));
        QCOMPARE(compressLineRanges({}), QString());
    }
};

QTEST_GUILESS_MAIN(PrMessageTest)
#include "tst_prmessage.moc"
