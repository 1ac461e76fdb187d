#pragma once

#include <QString>
#include <QStringList>

namespace difftriage::engine {

// The parts of a dotted target (`pkg.mod.Class.method`) by which a PR's text may name it.
struct TargetName
{
    QString function;    // the last component as written: "_tier_for", "__contains__"
    QString qualified;   // "Invoice.__contains__" for a method, else the function
    QString className;   // "Invoice", empty for a module-level function
    QString module;      // the innermost module: "tax"
    QStringList words;   // the function name's significant words: "_tier_for" → {"tier"}
    QStringList aliases; // what a special method is called in prose: __contains__ → "membership"

    static TargetName parse(const QString &dotted);
};

// snake_case, CamelCase and ALL_CAPS split into lowercase words: "ItemNotFoundError" → item, not,
// found, error.
QStringList splitIdentifier(const QString &identifier);

// A crude English stem ("rounding" → "round", "amounts" → "amount"), enough to match a word of a
// function name against the prose around it.
QString wordStem(const QString &word);
bool sameWord(const QString &stemA, const QString &stemB);

} // namespace difftriage::engine
