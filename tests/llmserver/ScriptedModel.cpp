#include "ScriptedModel.h"

#include <QMap>
#include <QRegularExpression>
#include <QStringList>
#include <atomic>

namespace difftriage::testing {

namespace {

struct Method
{
    QString entry, importLine, signature;
};

// The names a signature needs, with their annotations: "def f(self, a: int, b='x', *c)" -> a:int.
QList<QPair<QString, QString>> requiredParameters(const QString &signature)
{
    const qsizetype open = signature.indexOf(QLatin1Char('('));
    const qsizetype close = signature.lastIndexOf(QLatin1Char(')'));
    QList<QPair<QString, QString>> params;
    if (open < 0 || close <= open)
        return params;
    const QString inner = signature.mid(open + 1, close - open - 1);
    QStringList parts;
    int depth = 0;
    QString current;
    for (const QChar c : inner) {
        if (c == QLatin1Char('(') || c == QLatin1Char('[') || c == QLatin1Char('{'))
            ++depth;
        if (c == QLatin1Char(')') || c == QLatin1Char(']') || c == QLatin1Char('}'))
            --depth;
        if (c == QLatin1Char(',') && depth == 0) {
            parts << current.trimmed();
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.trimmed().isEmpty())
        parts << current.trimmed();
    for (const QString &part : parts) {
        const QString name =
            part.section(QLatin1Char(':'), 0, 0).section(QLatin1Char('='), 0, 0).trimmed();
        if (name == QLatin1String("self") || name == QLatin1String("cls") ||
            name.startsWith(QLatin1Char('*')) || name == QLatin1String("/") ||
            part.contains(QLatin1Char('=')))
            continue;
        const QString annotation = part.contains(QLatin1Char(':'))
                                       ? part.section(QLatin1Char(':'), 1).trimmed()
                                       : QString();
        params << qMakePair(name, annotation);
    }
    return params;
}

QString valueFor(const QString &annotation, int variant)
{
    static const QMap<QString, QStringList> pools{
        {QStringLiteral("int"),
         {QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("-1"), QStringLiteral("7"),
          QStringLiteral("100")}},
        {QStringLiteral("float"),
         {QStringLiteral("0.0"), QStringLiteral("1.5"), QStringLiteral("-2.0"),
          QStringLiteral("10.0")}},
        {QStringLiteral("str"),
         {QStringLiteral("''"), QStringLiteral("'a'"), QStringLiteral("'abc'"),
          QStringLiteral("'A b'")}},
        {QStringLiteral("bool"), {QStringLiteral("True"), QStringLiteral("False")}},
        {QStringLiteral("list"),
         {QStringLiteral("[]"), QStringLiteral("[1, 2]"), QStringLiteral("[3]")}}};
    const QString key = annotation.section(QLatin1Char('['), 0, 0).toLower();
    const QStringList pool = pools.value(key, pools.value(QStringLiteral("int")));
    return pool[variant % pool.size()];
}

} // namespace

QString ScriptedModel::reply(const QString &prompt, int variant)
{
    static const QRegularExpression header(
        QStringLiteral("^Method #\\d+: by calling function '([^']+)'"));
    static const QRegularExpression count(QStringLiteral("Write (\\d+)"));
    const QStringList lines = prompt.split(QLatin1Char('\n'));
    QList<Method> methods;
    QMap<QString, QString> constructors; // class name -> "class C(...)" signature
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const auto match = header.match(lines[i]);
        if (match.hasMatch() && i + 2 < lines.size() &&
            (lines[i + 1].startsWith(QLatin1String("from ")) ||
             lines[i + 1].startsWith(QLatin1String("import "))))
            methods << Method{match.captured(1), lines[i + 1].trimmed(), lines[i + 2].trimmed()};
        if (lines[i].startsWith(QLatin1String("class ")) && i > 0 &&
            lines[i - 1].startsWith(QLatin1String("from ")))
            constructors.insert(lines[i].mid(6).section(QLatin1Char('('), 0, 0).trimmed(),
                                lines[i]);
    }
    if (methods.isEmpty())
        return QStringLiteral("I cannot tell how to call the changed code from this prompt.");
    const auto wanted = count.match(prompt);
    const int tests = wanted.hasMatch() ? std::clamp(wanted.captured(1).toInt(), 1, 8) : 3;
    QStringList blocks;
    for (int t = 0; t < tests; ++t) {
        const Method &method = methods[t % methods.size()];
        const int v = variant + t / int(methods.size());
        QStringList args;
        for (const auto &[name, annotation] : requiredParameters(method.signature))
            args << valueFor(annotation, v);
        const QString imported = method.importLine.startsWith(QLatin1String("from "))
                                     ? method.importLine.section(QLatin1String(" import "), 1)
                                           .section(QLatin1Char(','), 0, 0)
                                           .trimmed()
                                     : method.importLine.mid(7).trimmed();
        QString expr;
        const QStringList entry = method.entry.split(QLatin1Char('.'));
        if (entry.size() >= 2 && entry[entry.size() - 2] == imported) {
            QStringList ctorArgs;
            for (const auto &[name, annotation] : requiredParameters(constructors.value(imported)))
                ctorArgs << valueFor(annotation, v);
            expr = QStringLiteral("%1(%2).%3")
                       .arg(imported, ctorArgs.join(QStringLiteral(", ")), entry.last());
        } else {
            expr = entry.last();
        }
        blocks << QStringLiteral("```python\n%1\nprint(repr(%2(%3)))\n```")
                      .arg(method.importLine, expr, args.join(QStringLiteral(", ")));
    }
    return QStringLiteral("Here are the tests.\n\n") + blocks.join(QStringLiteral("\n\n")) +
           QLatin1Char('\n');
}

FakeLlmServer::Handler ScriptedModel::handler()
{
    auto calls = std::make_shared<std::atomic_int>(0);
    return [calls](const ReceivedRequest &request) {
        // Follow-ups name only the uncovered lines: the access information is earlier in the chat.
        const QStringList said = request.contents();
        return ScriptedReply::chat(reply(said.join(QLatin1Char('\n')), (*calls)++));
    };
}

} // namespace difftriage::testing
