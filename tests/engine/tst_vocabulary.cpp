// The shared vocabulary: every word round-trips through its JSON spelling and has a label, and the
// spellings are written in one place only (core/Vocabulary.cpp): everything else reads and writes
// them through the enums.
#include "VocabularyTestSupport.h"
#include "core/Vocabulary.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

using namespace difftriage::engine;

namespace {

struct Checked
{
    QStringList problems;
    QSet<QString> spellings;
};

template <typename Enum> void check(const char *vocabulary, Checked &checked)
{
    static const QRegularExpression shape(QStringLiteral("^[a-z][a-z_]*[a-z]$"));
    QSet<QString> spellings, labels;
    const auto all = terms<Enum>();
    if (all.empty())
        checked.problems << QStringLiteral("%1 has no words").arg(QLatin1String(vocabulary));
    for (const Term<Enum> &term : all) {
        const QString spelled = spelling(term.value);
        const QString where = QStringLiteral("%1 '%2'").arg(QLatin1String(vocabulary), spelled);
        if (fromSpelling<Enum>(spelled) != term.value)
            checked.problems << where + QStringLiteral(": does not read back");
        if (!shape.match(spelled).hasMatch())
            checked.problems << where + QStringLiteral(": not a lower_case JSON spelling");
        if (label(term.value).trimmed().isEmpty())
            checked.problems << where + QStringLiteral(": no label");
        if (label(term.value).contains(QLatin1Char('_')))
            checked.problems << where + QStringLiteral(": its label is an identifier");
        if (spellings.contains(spelled) || labels.contains(label(term.value)))
            checked.problems << where + QStringLiteral(": spelled or labelled twice");
        spellings.insert(spelled);
        labels.insert(label(term.value));
        checked.spellings.insert(spelled);
    }
    if (fromSpelling<Enum>(QStringLiteral("not_a_word_of_any_vocabulary")))
        checked.problems << QLatin1String(vocabulary) + QStringLiteral(": reads a foreign word");
}

// The words the check below looks for; access routes are left out: "function" and "method" are
// words of SARIF, the chat API and the prompt templates too.
Checked checkAll()
{
    Checked checked;
    check<DifferenceKind>("DifferenceKind", checked);
    check<Verdict>("Verdict", checked);
    check<RelationDecision>("RelationDecision", checked);
    check<StopReason>("StopReason", checked);
    check<Effort>("Effort", checked);
    check<SandboxLevel>("SandboxLevel", checked);
    check<RelationSignal>("RelationSignal", checked);
    check<RelationVerdict>("RelationVerdict", checked);
    check<RunStatus>("RunStatus", checked);
    check<TestFate>("TestFate", checked);
    check<FunctionKind>("FunctionKind", checked);
    check<Presence>("Presence", checked);
    check<Confidence>("Confidence", checked);
    check<SuggestionSource>("SuggestionSource", checked);
    check<GeneratorKind>("GeneratorKind", checked);
    check<AttributionStatus>("AttributionStatus", checked);
    check<ProbeBehaviour>("ProbeBehaviour", checked);
    check<HeadPresence>("HeadPresence", checked);
    Checked routes;
    check<AccessRoute>("AccessRoute", routes);
    checked.problems << routes.problems;
    return checked;
}

// Where a spelling may stand as a literal, and why: the vocabulary's own table; the intent
// heuristic's word lists and the classifier's answer words (the language of PR texts and of the
// model's replies, not the report's); a key of the report that names its LLM section; the value
// --llm-cache takes to mean "no cache".
bool allowed(const QString &file, const QString &literal)
{
    if (file == QLatin1String("engine/core/Vocabulary.cpp") ||
        file == QLatin1String("engine/triage/intent/IntentVocabulary.cpp") ||
        file == QLatin1String("engine/triage/intent/IntentAnswers.cpp") ||
        file == QLatin1String("engine/triage/intent/ReasonPhrases.h")) // the model's answer words
        return true;
    return (file == QLatin1String("engine/report/Report.cpp") && literal == QLatin1String("llm")) ||
           (file == QLatin1String("engine/llm/LlmSettings.cpp") &&
            literal == QLatin1String("none"));
}

QString withoutComments(const QString &code)
{
    static const QRegularExpression comments(
        QStringLiteral("//[^\\n]*|/\\*.*?\\*/|(\"(?:[^\"\\\\\\n]|\\\\.)*\")"),
        QRegularExpression::DotMatchesEverythingOption);
    QString out;
    qsizetype done = 0;
    for (auto it = comments.globalMatch(code); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        out += code.mid(done, match.capturedStart() - done);
        out += match.captured(1); // string literals stay, comments go
        done = match.capturedEnd();
    }
    return out + code.mid(done);
}

} // namespace

class VocabularyTest final : public QObject
{
    Q_OBJECT

private slots:
    void everyWordRoundTrips()
    {
        const Checked checked = checkAll();
        QVERIFY2(checked.problems.isEmpty(), qPrintable(checked.problems.join(u'\n')));
    }

    void severityOrder()
    {
        const QList<Verdict> order{
            Verdict::None,          Verdict::InvalidTest,     Verdict::Intended,
            Verdict::SpecUndecided, Verdict::CoincidentalFix, Verdict::Regression};
        for (qsizetype i = 1; i < order.size(); ++i)
            QVERIFY2(severity(order[i - 1]) < severity(order[i]), qPrintable(spelling(order[i])));
        QCOMPARE(suggestedBy(RelationSignal::Regression), Verdict::Regression);
        QCOMPARE(suggestedBy(RelationSignal::CoincidentalFix), Verdict::CoincidentalFix);
        QCOMPARE(suggestedBy(RelationSignal::None), Verdict::None);
    }

    void spellingsLiveInOneFile()
    {
        const QString root = qEnvironmentVariable("DIFFTRIAGE_SOURCE_DIR");
        if (root.isEmpty())
            QSKIP("DIFFTRIAGE_SOURCE_DIR is not set (run through ctest)");
        const QSet<QString> spellings = checkAll().spellings;
        static const QRegularExpression literal(QStringLiteral("\"((?:[^\"\\\\\\n]|\\\\.)*)\""));
        QStringList found;
        int files = 0;
        for (const QString &folder :
             {QStringLiteral("engine"), QStringLiteral("ui"), QStringLiteral("app")}) {
            QDirIterator it(root + QLatin1Char('/') + folder,
                            {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                const QString file = path.mid(root.size() + 1);
                QFile source(path);
                QVERIFY(source.open(QIODevice::ReadOnly));
                ++files;
                const QString code = withoutComments(QString::fromUtf8(source.readAll()));
                for (auto match = literal.globalMatch(code); match.hasNext();) {
                    const QString text = match.next().captured(1);
                    if (spellings.contains(text) && !allowed(file, text))
                        found << QStringLiteral("%1: \"%2\"").arg(file, text);
                }
            }
        }
        QVERIFY(files > 100);
        QVERIFY2(found.isEmpty(),
                 qPrintable(QStringLiteral("spellings outside core/Vocabulary.cpp (use the "
                                           "enums):\n") +
                            found.join(u'\n')));
    }

    // The check sees what it must: a literal in code, not one in a comment.
    void theCheckSeesLiterals()
    {
        const QString code = QStringLiteral("x = \"regression\"; // \"intended\"\n/* \"flaky\" */");
        const QString kept = withoutComments(code);
        QVERIFY(kept.contains(QStringLiteral("\"regression\"")));
        QVERIFY(!kept.contains(QStringLiteral("intended")));
        QVERIFY(!kept.contains(QStringLiteral("flaky")));
    }
};

QTEST_GUILESS_MAIN(VocabularyTest)
#include "tst_vocabulary.moc"
