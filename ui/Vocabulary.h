#pragma once

#include "triage/Verdict.h"

#include <QCoreApplication>
#include <QString>

namespace difftriage::ui {

// The user-visible names of the shared vocabulary (docs/ARCHITECTURE.md): verdicts and difference
// kinds keep their JSON spelling in the engine and get translated labels only here.
class Vocabulary final
{
    Q_DECLARE_TR_FUNCTIONS(Vocabulary)

public:
    static QString verdict(engine::Verdict verdict);
    static QString kind(const QString &kind);
    static QString stage(const QString &stage);
    // low | medium | high
    static QString confidence(const QString &confidence);
    // Who suggested a verdict: heuristic | llm
    static QString suggestionSource(const QString &source);
};

} // namespace difftriage::ui
