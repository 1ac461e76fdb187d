#include "triage/intent/IntentVocabulary.h"

namespace difftriage::engine::intent {

namespace {

QRegularExpression pattern(const char *text)
{
    return QRegularExpression(QString::fromLatin1(text),
                              QRegularExpression::UseUnicodePropertiesOption);
}

QSet<QString> words(const char *spaceSeparated)
{
    QSet<QString> set;
    for (const QString &word : QString::fromLatin1(spaceSeparated).split(QLatin1Char(' ')))
        set.insert(word);
    return set;
}

bool isNegator(const QString &token)
{
    static const QSet<QString> negators =
        words("no not without never nothing none zero cannot neither nor nobody");
    return negators.contains(token) || token.endsWith(QLatin1String("n't"));
}

bool anyOf(const QStringList &tokens, qsizetype from, qsizetype to, const QSet<QString> &set)
{
    for (qsizetype i = std::max<qsizetype>(0, from); i < std::min(tokens.size(), to); ++i) {
        if (set.contains(tokens[i]))
            return true;
    }
    return false;
}

// The negator governing tokens[index] (at most four words before it), or -1.
qsizetype negatorBefore(const QStringList &tokens, qsizetype index)
{
    for (qsizetype j = index - 1; j >= 0 && j >= index - 4; --j) {
        if (tokens[j] == QLatin1String("no") && j + 1 < tokens.size() &&
            tokens[j + 1] == QLatin1String("longer"))
            return -1; // "no longer raises" announces a change
        if (isNegator(tokens[j]))
            return j;
    }
    return -1;
}

QString phrase(const QStringList &tokens, qsizetype from, qsizetype to)
{
    return tokens.mid(from, to - from).join(QLatin1Char(' '));
}

} // namespace

const QSet<QString> &changeVerbs()
{
    static const QSet<QString> set = words(
        "use make lower raise increase decrease reduce change switch replace add remove rename "
        "deprecate drop support allow reject return handle accept split enable disable limit round "
        "sort normalise normalize treat stop strip ignore validate prefer respect require convert "
        "emit warn expose include exclude skip trim escape encode decode quote cap clamp count "
        "compute show hide print report honour honor let teach extend implement introduce revert "
        "restore default align pad parse");
    return set;
}

const QSet<QString> &tidyVerbs()
{
    static const QSet<QString> set =
        words("simplify tidy clean cleanup refactor refactoring reorganise reorganize restructure "
              "move extract inline polish reformat lint document typo deduplicate dedupe "
              "modernise modernize annotate rewrite speed optimise optimize memoize cache "
              "vectorise vectorize");
    return set;
}

const QSet<QString> &conventionalTidyTypes()
{
    static const QSet<QString> set =
        words("refactor style chore docs doc test tests perf build ci");
    return set;
}

const QSet<QString> &genericModules()
{
    static const QSet<QString> set =
        words("__init__ __main__ main core utils util common helpers misc base api lib");
    return set;
}

const QRegularExpression &noChangePattern()
{
    static const QRegularExpression re = pattern(
        "\\bpure(ly)?\\s+(a\\s+)?refactor\\w*|\\brefactor(ing)?\\s+only\\b|\\bonly\\s+(a\\s+)?"
        "refactor\\w*|\\bjust\\s+(a\\s+)?refactor\\w*|\\bno-?op\\b|\\bnfc\\b|\\bpurely\\s+cosmetic"
        "|\\bcosmetic\\s+(change|only)|\\bnon-?functional\\s+change|\\b(same|identical)\\s+"
        "behaviou?r\\b|\\bbehaviou?r(al)?[\\s-]preserving\\b|\\b(behaviou?r|functionality|"
        "semantics|output)\\s+(is|stays|remains|should\\s+stay|should\\s+be)\\s+(unchanged|"
        "the\\s+same|identical)");
    return re;
}

const QRegularExpression &changePattern()
{
    static const QRegularExpression re = pattern(
        "\\bintention(al|ally)?\\b|\\bintended\\b|\\bdeliberate(ly)?\\b|\\bon\\s+purpose\\b|"
        "\\bbreaking\\b|\\bbehaviou?r(al)?\\s+change|\\bchang(e|es|ed|ing)\\s+(the\\s+|its\\s+|"
        "their\\s+)?(behaviou?r|results?|outputs?|defaults?|semantics|meaning|return\\s+value)\\b|"
        "\\bno\\s+longer\\b");
    return re;
}

const QRegularExpression &apiPattern()
{
    static const QRegularExpression re = pattern(
        "\\b(remov(e|es|ed|ing|al)|renam(e|es|ed|ing)|deprecat\\w*|drop(s|ped|ping)?|"
        "delet(e|es|ed|ing)|replac(e|es|ed|ing)|breaking)\\b|\\b(add(s|ed|ing)?|new|introduc\\w+"
        "|expos(e|es|ed)|export(s|ed)?)\\s+(a\\s+|an\\s+|the\\s+)?(new\\s+)?(public\\s+)?("
        "function|method|class|parameter|argument|keyword|option|api|entry\\s+point|alias)");
    return re;
}

const QRegularExpression &warningPattern()
{
    static const QRegularExpression re = pattern("\\b(deprecat\\w*|warn(s|ing|ings|ed)?)\\b");
    return re;
}

const QRegularExpression &layoutPattern()
{
    static const QRegularExpression re = pattern(
        "\\b(format(s|ting|ted)?|whitespace|spacing|indent\\w*|padding|alignment|layout|"
        "order(ing|ed)?|sort(s|ed|ing)?|case[- ]insensitive\\w*|upper[- ]?case|lower[- ]?case|"
        "capitali[sz]\\w*|line\\s+endings?|trailing\\s+newlines?)\\b");
    return re;
}

const QRegularExpression &tidyPattern()
{
    static const QRegularExpression re =
        pattern("\\b(clean-?up|tidy(ing)?\\s+up|refactor(ing|ed)?|simplif(y|ies|ied|ication))\\b");
    return re;
}

const QRegularExpression &preservePattern()
{
    static const QRegularExpression re =
        // "keeps its matching" or "should keep the order" claims; the imperative "keep the
        // spacing" of a title is the change itself.
        pattern(
            "\\b(unchanged|unaffected|the\\s+same|identical|as\\s+before|preserv\\w+|(keeps|(still|"
            "should|must|will|to)\\s+keep)\\s+(its|their|the)\\s+\\w+)\\b");
    return re;
}

const QRegularExpression &failurePattern()
{
    static const QRegularExpression re =
        pattern("\\b(fail(s|ed|ing|ure|ures)?|bugs?|crash(es|ed|ing)?|broke|broken|wrong(ly)?|"
                "incorrect(ly)?|used\\s+to|previously|raised|threw)\\b");
    return re;
}

const QRegularExpression &issuePattern()
{
    static const QRegularExpression re = pattern("\\b(closes|fixes|resolves)\\s+#\\d+");
    return re;
}

NegatedChange findNegatedChange(const QStringList &tokens)
{
    static const QStringList changeStems{QStringLiteral("chang"),  QStringLiteral("alter"),
                                         QStringLiteral("affect"), QStringLiteral("modif"),
                                         QStringLiteral("differ"), QStringLiteral("impact"),
                                         QStringLiteral("touch"),  QStringLiteral("break")};
    static const QSet<QString> scoped = words("other further additional unrelated more");
    static const QSet<QString> conditions = words("when if unless except where");
    static const QSet<QString> api = words("api apis interface interfaces signature signatures");
    static const QSet<QString> elsewhere =
        words("test tests docs doc documentation dependencies dependency comments changelog");
    static const QSet<QString> behaviour =
        words("behaviour behavior behavioural behavioral functional functionality output outputs "
              "result results semantics");
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const QString &token = tokens[i];
        if (!std::any_of(changeStems.cbegin(), changeStems.cend(),
                         [&](const QString &stem) { return token.startsWith(stem); }))
            continue;
        const qsizetype negator = negatorBefore(tokens, i);
        if (negator < 0 || anyOf(tokens, negator, i + 3, scoped) ||
            anyOf(tokens, i + 1, i + 7, conditions))
            continue;
        qsizetype end = i + 1;
        if (end < tokens.size() &&
            (tokens[end] == QLatin1String("intended") || tokens[end] == QLatin1String("expected")))
            ++end;
        if (anyOf(tokens, negator, i + 4, api))
            return {phrase(tokens, negator, end), true};
        if (anyOf(tokens, negator, i + 4, elsewhere) && !anyOf(tokens, negator, i + 4, behaviour))
            continue;
        return {phrase(tokens, negator, end), false};
    }
    return {};
}

QString findNegatedRaise(const QStringList &tokens)
{
    static const QSet<QString> raises = words("raise raises raising throw throws throwing");
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        if (!raises.contains(tokens[i]))
            continue;
        if (i >= 2 && tokens[i - 2] == QLatin1String("no") &&
            tokens[i - 1] == QLatin1String("longer"))
            return phrase(tokens, i - 2, i + 1);
        if (const qsizetype negator = negatorBefore(tokens, i); negator >= 0)
            return phrase(tokens, negator, i + 1);
    }
    return {};
}

QString findRaise(const QStringList &tokens)
{
    static const QSet<QString> raises =
        words("raise raises raising throw throws reject rejects refuse refuses");
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        if (raises.contains(tokens[i]) && negatorBefore(tokens, i) < 0 &&
            !(i >= 1 && tokens[i - 1] == QLatin1String("longer")))
            return tokens[i];
    }
    return {};
}

QString findFix(const QStringList &tokens)
{
    static const QSet<QString> fixes =
        words("fix fixes fixed fixing bug bugs bugfix regression regressions crash crashes "
              "crashed broken wrong wrongly incorrect incorrectly fail fails failed failing "
              "failure failures");
    static const QSet<QString> chores =
        words("typo typos lint linter comment comments docs docstring docstrings spelling "
              "whitespace formatting style test tests ci build");
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        if (!fixes.contains(tokens[i]) || anyOf(tokens, i + 1, i + 3, chores))
            continue;
        if (negatorBefore(tokens, i) >= 0)
            continue; // "does not fail", "nothing broken"
        return tokens[i];
    }
    return {};
}

QString findNow(const QStringList &tokens)
{
    static const QSet<QString> before = words("for until till right just by from as");
    static const QSet<QString> after = words("on that and or");
    for (qsizetype i = 0; i + 1 < tokens.size(); ++i) {
        if (tokens[i] != QLatin1String("now") || (i > 0 && before.contains(tokens[i - 1])) ||
            after.contains(tokens[i + 1]))
            continue;
        return phrase(tokens, i, i + 2);
    }
    return {};
}

} // namespace difftriage::engine::intent
