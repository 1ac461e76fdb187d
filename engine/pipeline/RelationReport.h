#pragma once

#include "report/Report.h"

#include <QHash>
#include <QString>

namespace difftriage::engine {

// Gives every difference from a relation check its relation and signal, and lists the relations
// broken on both versions for review, the simplest check per target and relation.
// `sameOutputs` maps the id of each relation check that behaved alike on both versions to its
// output.
void collectRelations(Report &report, const QHash<QString, QString> &sameOutputs);

} // namespace difftriage::engine
