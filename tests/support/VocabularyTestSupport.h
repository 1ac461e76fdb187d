#pragma once

#include "core/Vocabulary.h"

#include <QByteArray>
#include <QtTest>

namespace difftriage::engine {

// QCOMPARE prints a vocabulary word by its JSON spelling (found by argument-dependent lookup).
template <typename Enum>
requires IsVocabulary<Enum>
char *toString(const Enum &value)
{
    return qstrdup(spelling(value).toUtf8().constData());
}

// The word a test spells as the report does: word<Verdict>("regression").
template <typename Enum> Enum word(const char *spelled)
{
    const auto value = fromSpelling<Enum>(QString::fromLatin1(spelled));
    if (!value)
        qFatal("'%s' is no word of this vocabulary", spelled);
    return *value;
}

} // namespace difftriage::engine
