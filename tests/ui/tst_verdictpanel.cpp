// The verdict panel shows the suggestion with its source, confidence and reasons.
#include "VerdictPanel.h"

#include <QLabel>
#include <QPushButton>
#include <QTest>

using namespace difftriage;

class TestVerdictPanel final : public QObject
{
    Q_OBJECT

private slots:
    void showsSourceConfidenceAndReasons_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("confidence");
        QTest::addColumn<QStringList>("shown");
        QTest::newRow("llm") << QStringLiteral("llm") << QStringLiteral("medium")
                             << QStringList{QStringLiteral("medium confidence"),
                                            QStringLiteral("language model")};
        QTest::newRow("heuristic")
            << QStringLiteral("heuristic") << QStringLiteral("high")
            << QStringList{QStringLiteral("high confidence"), QStringLiteral("offline heuristic")};
    }

    void showsSourceConfidenceAndReasons()
    {
        QFETCH(QString, source);
        QFETCH(QString, confidence);
        QFETCH(QStringList, shown);
        engine::ReportDifference difference;
        difference.suggestedVerdict = engine::Verdict::Regression;
        difference.suggestionConfidence = engine::fromSpelling<engine::Confidence>(confidence);
        difference.suggestionSource = engine::fromSpelling<engine::SuggestionSource>(source);
        difference.suggestionReasons = {QStringLiteral("noteworthy: the amount <changes>"),
                                        QStringLiteral("unintended")};
        ui::VerdictPanel panel;
        panel.setDifference(difference, engine::Verdict::None, {});
        const auto *label = panel.findChild<QLabel *>(QStringLiteral("suggestion"));
        QVERIFY(label);
        const QString text = label->text();
        QVERIFY2(text.contains(QLatin1String("Regression")), qPrintable(text));
        for (const QString &part : shown)
            QVERIFY2(text.contains(part), qPrintable(text));
        QVERIFY(text.contains(QLatin1String("the amount &lt;changes&gt;")));
        QVERIFY(text.contains(QLatin1String("unintended")));
    }

    void withoutSuggestion()
    {
        ui::VerdictPanel panel;
        panel.setDifference(engine::ReportDifference{}, engine::Verdict::None, {});
        const auto *label = panel.findChild<QLabel *>(QStringLiteral("suggestion"));
        QVERIFY(label->text().contains(QLatin1String("No suggestion")));
    }

    // Without a description the change's own commits speak for it; a description comes first,
    // and another change forgets the commits of the last one.
    void showsTheCommitsOfAChangeWithoutDescription()
    {
        ui::VerdictPanel panel;
        panel.setChange(QStringLiteral("#419 Add JSONL input"), QString());
        QCOMPARE(panel.description(), QStringLiteral("(The change has no description.)"));
        panel.setCommitMessages(
            {QStringLiteral("fix #173: read JSON lines"), QStringLiteral("tests")});
        QVERIFY2(panel.description().contains(QStringLiteral("Its commits say")),
                 qPrintable(panel.description()));
        QVERIFY(panel.description().endsWith(QStringLiteral("fix #173: read JSON lines\n\ntests")));
        panel.setChange(QStringLiteral("#420 Other"), QStringLiteral("Why it changes."));
        panel.setCommitMessages({QStringLiteral("fix #173: read JSON lines")});
        QCOMPARE(panel.description(), QStringLiteral("Why it changes."));
        panel.setChange(QStringLiteral("#421 Third"), QString());
        QCOMPARE(panel.description(), QStringLiteral("(The change has no description.)"));
    }

    // On a short screen (a 768-pixel laptop gives the panel about 370 pixels) the verdict buttons
    // keep their height: the description and the note give up theirs.
    void buttonsKeepTheirHeightWhenShort()
    {
        ui::VerdictPanel panel;
        panel.setChange(QStringLiteral("#419 Add support of JSONL and CSV input file formats in "
                                       "the command-line utility"),
                        QStringLiteral("A long description.\n").repeated(20));
        engine::ReportDifference difference;
        difference.suggestedVerdict = engine::Verdict::Intended;
        difference.suggestionSource = engine::SuggestionSource::Heuristic;
        difference.suggestionConfidence = engine::Confidence::Medium;
        difference.suggestionReasons = {QStringLiteral("the old version raised ImportError"),
                                        QStringLiteral("the PR says it fixes something"),
                                        QStringLiteral("the PR mentions cli")};
        panel.setDifference(difference, engine::Verdict::None, {});
        panel.resize(320, 370);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const QList<QPushButton *> buttons = panel.findChildren<QPushButton *>();
        QCOMPARE(buttons.size(), 5);
        for (const QPushButton *button : buttons)
            QVERIFY2(button->height() >= button->sizeHint().height(),
                     qPrintable(QStringLiteral("%1: %2 < %3")
                                    .arg(button->text())
                                    .arg(button->height())
                                    .arg(button->sizeHint().height())));
    }

    // A relation check's verdicts on each side, and the signal they give, are shown as evidence.
    void showsTheRelationSignal()
    {
        ui::VerdictPanel panel;
        engine::ReportDifference difference;
        difference.relation = engine::ReportRelation{
            QStringLiteral("normalisation/crlf"), engine::RelationVerdict::Holds,
            engine::RelationVerdict::Breaks, engine::RelationSignal::Regression};
        panel.setDifference(difference, engine::Verdict::None, {});
        const QString text = panel.findChild<QLabel *>(QStringLiteral("suggestion"))->text();
        QVERIFY2(text.contains(QLatin1String("<b>normalisation/crlf</b>: holds on the old version, "
                                             "breaks on the new one")),
                 qPrintable(text));
        QVERIFY(text.contains(QLatin1String("strong regression signal")));
        QVERIFY(text.contains(QLatin1String("No suggestion")));
    }
};

QTEST_MAIN(TestVerdictPanel)
#include "tst_verdictpanel.moc"
