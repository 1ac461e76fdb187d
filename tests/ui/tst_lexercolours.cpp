// Code stays readable on every palette: each style of the Python lexer, docstrings included.
#include "CodeView.h"
#include "LexerColours.h"

#include <Qsci/qscilexer.h>
#include <QtTest>

using namespace difftriage;

class LexerColoursTest final : public QObject
{
    Q_OBJECT

private slots:
    void everyStyleReadsOnItsPaper_data()
    {
        QTest::addColumn<QColor>("base");
        QTest::addColumn<QColor>("text");
        QTest::newRow("dark") << QColor(0x1e, 0x1e, 0x1e) << QColor(0xdd, 0xdd, 0xdd);
        QTest::newRow("near-black") << QColor(0x0a, 0x0a, 0x0c) << QColor(0xf0, 0xf0, 0xf0);
        QTest::newRow("light") << QColor(Qt::white) << QColor(Qt::black);
    }

    void everyStyleReadsOnItsPaper()
    {
        QFETCH(QColor, base);
        QFETCH(QColor, text);
        ui::CodeView view;
        QPalette palette = view.palette();
        palette.setColor(QPalette::Base, base);
        palette.setColor(QPalette::Text, text);
        view.setPalette(palette); // a PaletteChange, as when the desktop's theme changes
        QsciLexer *lexer = view.lexer();
        QVERIFY(lexer);
        int checked = 0;
        for (int style = 0; style < 128; ++style) {
            const QString name = lexer->description(style);
            if (name.isEmpty())
                continue;
            ++checked;
            QCOMPARE(lexer->paper(style), base);
            const double ratio = ui::contrastRatio(lexer->color(style), lexer->paper(style));
            QVERIFY2(ratio >= 4.5,
                     qPrintable(QStringLiteral("%1: %2 on %3, %4:1")
                                    .arg(name, lexer->color(style).name(), base.name())
                                    .arg(ratio, 0, 'f', 1)));
        }
        QVERIFY(checked > 10);
    }
};

QTEST_MAIN(LexerColoursTest)
#include "tst_lexercolours.moc"
