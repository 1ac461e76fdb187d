#include "generate/llm/ReplyParser.h"

#include <QRegularExpression>

namespace difftriage::engine {

namespace {

bool isFence(const QString &line)
{
    return line.trimmed().startsWith(QLatin1String("```"));
}

QString fenceLanguage(const QString &line)
{
    return line.trimmed().mid(3).trimmed().toLower();
}

} // namespace

bool ReplyParser::looksLikeCode(const QString &line)
{
    static const QRegularExpression code(QStringLiteral(
        "^(import |from \\S+ import |def |class |async def |print\\(|assert |with |for |if |try:|"
        "@|#|[A-Za-z_][\\w.]*\\s*(=|\\(|\\[|\\+=))"));
    return code.match(line).hasMatch();
}

QStringList ReplyParser::split(const QString &block)
{
    // Models often put several tests in one block, each introduced by a "# Test 2" comment.
    static const QRegularExpression marker(
        QStringLiteral("^#\\s*(test|snippet|example)\\b\\s*#?\\s*\\d+"),
        QRegularExpression::CaseInsensitiveOption);
    const QStringList lines = block.split(QLatin1Char('\n'));
    QList<QStringList> parts{{}};
    int markers = 0;
    for (const QString &line : lines) {
        if (marker.match(line).hasMatch()) {
            ++markers;
            if (!parts.last().join(QString()).trimmed().isEmpty())
                parts.append(QStringList());
        }
        parts.last() << line;
    }
    if (markers < 2)
        return {block.trimmed()};
    // What precedes the first marker (imports, shared setup) belongs to every test after it.
    const bool hasPreamble = !marker.match(parts.first().value(0)).hasMatch();
    const QString preamble =
        hasPreamble ? parts.first().join(QLatin1Char('\n')).trimmed() : QString();
    QStringList tests;
    for (qsizetype i = hasPreamble ? 1 : 0; i < parts.size(); ++i) {
        const QStringList &part = parts[i];
        bool hasCode = false;
        for (const QString &line : part)
            hasCode = hasCode ||
                      (!line.trimmed().isEmpty() && !line.trimmed().startsWith(QLatin1Char('#')));
        if (!hasCode)
            continue;
        const QString text = part.join(QLatin1Char('\n')).trimmed();
        tests << (preamble.isEmpty() ? text : preamble + QLatin1Char('\n') + text);
    }
    return tests;
}

QStringList ReplyParser::tests(const QString &reply, bool truncated)
{
    QString text = reply;
    text.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    const QStringList lines = text.split(QLatin1Char('\n'));
    QStringList blocks;
    bool inside = false, sawFence = false;
    QStringList current;
    QString language;
    for (const QString &line : lines) {
        if (isFence(line)) {
            sawFence = true;
            if (!inside) {
                inside = true;
                language = fenceLanguage(line);
                current.clear();
            } else {
                inside = false;
                // Shell transcripts and outputs are not tests.
                if (language.isEmpty() || language == QLatin1String("python") ||
                    language == QLatin1String("py") || language == QLatin1String("python3"))
                    blocks << current.join(QLatin1Char('\n'));
            }
            continue;
        }
        if (inside)
            current << line;
    }
    if (inside && !truncated && !current.isEmpty()) // a forgotten closing fence
        blocks << current.join(QLatin1Char('\n'));
    if (!sawFence) {
        // No fences: drop prose lines before the first line of code and after the last.
        qsizetype first = 0, last = lines.size() - 1;
        while (first <= last && !looksLikeCode(lines[first]))
            ++first;
        while (last >= first &&
               (lines[last].trimmed().isEmpty() ||
                (!looksLikeCode(lines[last]) && !lines[last].startsWith(QLatin1Char(' ')))))
            --last;
        if (truncated && last >= first)
            --last; // the last line may be cut mid-statement
        if (first <= last)
            blocks << lines.mid(first, last - first + 1).join(QLatin1Char('\n'));
    }
    QStringList tests;
    for (const QString &block : blocks) {
        for (const QString &test : split(block)) {
            if (!test.trimmed().isEmpty() && !tests.contains(test))
                tests << test;
        }
    }
    return tests;
}

} // namespace difftriage::engine
