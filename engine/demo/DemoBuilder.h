#pragma once

#include "core/Expected.h"

#include <QList>
#include <QString>

namespace difftriage::engine {

struct DemoPr
{
    int number = 0;
    QString title;
    QString mergeCommit;
};

// Builds the bundled demo repository (plain files compiled into the engine as resources under
// :/demo) into a fresh git repository: an initial import, then one branch commit and one merge
// commit per PR. Commit dates are fixed, so the commit ids are the same on every machine.
class DemoBuilder final
{
public:
    static Expected<QList<DemoPr>> build(const QString &outputDirectory);
};

} // namespace difftriage::engine
