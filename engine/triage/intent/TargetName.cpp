#include "triage/intent/TargetName.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

namespace difftriage::engine {

namespace {

// Words that name nothing in particular: a PR saying "for" does not mention `tax_for`.
const QSet<QString> &genericWords()
{
    static const QSet<QString> words{
        QStringLiteral("a"),        QStringLiteral("an"),   QStringLiteral("and"),
        QStringLiteral("as"),       QStringLiteral("at"),   QStringLiteral("by"),
        QStringLiteral("call"),     QStringLiteral("do"),   QStringLiteral("for"),
        QStringLiteral("from"),     QStringLiteral("get"),  QStringLiteral("helper"),
        QStringLiteral("impl"),     QStringLiteral("in"),   QStringLiteral("init"),
        QStringLiteral("internal"), QStringLiteral("is"),   QStringLiteral("main"),
        QStringLiteral("of"),       QStringLiteral("on"),   QStringLiteral("or"),
        QStringLiteral("run"),      QStringLiteral("self"), QStringLiteral("set"),
        QStringLiteral("the"),      QStringLiteral("to"),   QStringLiteral("util"),
        QStringLiteral("utils"),    QStringLiteral("with"),
    };
    return words;
}

// How reviewers write about the operators that special methods implement.
QStringList specialAliases(const QString &method)
{
    static const QHash<QString, QStringList> aliases{
        {QStringLiteral("__contains__"),
         {QStringLiteral("membership"), QStringLiteral("contains")}},
        {QStringLiteral("__eq__"), {QStringLiteral("equality"), QStringLiteral("equal")}},
        {QStringLiteral("__ne__"), {QStringLiteral("equality"), QStringLiteral("equal")}},
        {QStringLiteral("__lt__"), {QStringLiteral("ordering"), QStringLiteral("comparison")}},
        {QStringLiteral("__le__"), {QStringLiteral("ordering"), QStringLiteral("comparison")}},
        {QStringLiteral("__gt__"), {QStringLiteral("ordering"), QStringLiteral("comparison")}},
        {QStringLiteral("__ge__"), {QStringLiteral("ordering"), QStringLiteral("comparison")}},
        {QStringLiteral("__len__"), {QStringLiteral("length"), QStringLiteral("len")}},
        {QStringLiteral("__iter__"), {QStringLiteral("iteration"), QStringLiteral("iterate")}},
        {QStringLiteral("__hash__"), {QStringLiteral("hash"), QStringLiteral("hashing")}},
        {QStringLiteral("__repr__"), {QStringLiteral("repr")}},
        {QStringLiteral("__str__"), {QStringLiteral("str")}},
        {QStringLiteral("__bool__"), {QStringLiteral("truthiness"), QStringLiteral("bool")}},
        {QStringLiteral("__getitem__"), {QStringLiteral("indexing"), QStringLiteral("subscript")}},
        {QStringLiteral("__add__"), {QStringLiteral("addition")}},
        {QStringLiteral("__init__"), {QStringLiteral("constructor")}},
    };
    return aliases.value(method);
}

} // namespace

QStringList splitIdentifier(const QString &identifier)
{
    static const QRegularExpression part(
        QStringLiteral("[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+"));
    QStringList words;
    for (auto it = part.globalMatch(identifier); it.hasNext();)
        words << it.next().captured().toLower();
    return words;
}

QString wordStem(const QString &word)
{
    QString stem = word.toLower();
    if (stem.size() > 5 && stem.endsWith(QLatin1String("ies")))
        return stem.chopped(3) + QLatin1Char('y');
    if (stem.size() > 5 && stem.endsWith(QLatin1String("ing")))
        return stem.chopped(3);
    if (stem.size() > 4 && stem.endsWith(QLatin1String("ed")))
        return stem.chopped(2);
    if (stem.size() > 4 && stem.endsWith(QLatin1String("es")))
        return stem.chopped(2);
    if (stem.size() > 3 && stem.endsWith(QLatin1Char('s')) && !stem.endsWith(QLatin1String("ss")))
        return stem.chopped(1);
    return stem;
}

bool sameWord(const QString &stemA, const QString &stemB)
{
    if (stemA == stemB)
        return true;
    // "pars" (parsing) against "parse": one a prefix of the other, long enough to mean something.
    const QString &shorter = stemA.size() < stemB.size() ? stemA : stemB;
    const QString &longer = stemA.size() < stemB.size() ? stemB : stemA;
    return shorter.size() >= 4 && longer.size() - shorter.size() <= 2 && longer.startsWith(shorter);
}

TargetName TargetName::parse(const QString &dotted)
{
    TargetName name;
    QStringList parts = dotted.split(QLatin1Char('.'), Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return name;
    name.function = parts.takeLast();
    name.qualified = name.function;
    if (!parts.isEmpty() && parts.last().at(0).isUpper()) {
        name.className = parts.takeLast();
        name.qualified = name.className + QLatin1Char('.') + name.function;
    }
    if (!parts.isEmpty())
        name.module = parts.last();
    const bool special = name.function.startsWith(QLatin1String("__")) &&
                         name.function.endsWith(QLatin1String("__"));
    if (special)
        name.aliases = specialAliases(name.function);
    for (const QString &word : splitIdentifier(name.function)) {
        if (!genericWords().contains(word) && (word.size() > 2 || special))
            name.words << word;
    }
    return name;
}

} // namespace difftriage::engine
