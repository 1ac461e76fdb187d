#include "ProgressStages.h"

namespace difftriage::ui {

QString ProgressStages::label(const QString &stage)
{
    if (stage == QLatin1String("preparing"))
        return tr("Preparing trees");
    if (stage == QLatin1String("analysing"))
        return tr("Analysing the change");
    if (stage == QLatin1String("importing"))
        return tr("Importing both versions");
    if (stage == QLatin1String("project tests"))
        return tr("Running the project's own tests");
    if (stage.startsWith(QLatin1String("round ")))
        return tr("Round %1").arg(stage.mid(6));
    if (stage == QLatin1String("confirming"))
        return tr("Confirming differences");
    if (stage == QLatin1String("shrinking"))
        return tr("Shrinking tests");
    if (stage == QLatin1String("reporting"))
        return tr("Writing the report");
    if (stage == QLatin1String("suggesting"))
        return tr("Suggesting verdicts");
    return stage;
}

} // namespace difftriage::ui
