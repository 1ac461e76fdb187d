#pragma once

#include <QCoreApplication>
#include <QString>

namespace difftriage::ui {

// The user-visible name of a progress stage the engine reports ("round 3: running" → "Round 3:
// running"). The shared vocabulary's words are the engine's (core/Vocabulary.h: label()).
class ProgressStages final
{
    Q_DECLARE_TR_FUNCTIONS(ProgressStages)

public:
    static QString label(const QString &stage);
};

} // namespace difftriage::ui
