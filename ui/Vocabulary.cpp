#include "Vocabulary.h"

namespace difftriage::ui {

QString Vocabulary::verdict(engine::Verdict verdict)
{
    switch (verdict) {
    case engine::Verdict::Intended:
        return tr("Intended");
    case engine::Verdict::Regression:
        return tr("Regression");
    case engine::Verdict::CoincidentalFix:
        return tr("Coincidental fix");
    case engine::Verdict::SpecUndecided:
        return tr("Spec undecided");
    case engine::Verdict::InvalidTest:
        return tr("Invalid test");
    case engine::Verdict::None:
        break;
    }
    return tr("Undecided");
}

QString Vocabulary::kind(const QString &kind)
{
    if (kind == QLatin1String("different_exception"))
        return tr("different exception");
    if (kind == QLatin1String("only_old_raises"))
        return tr("only old raises");
    if (kind == QLatin1String("only_new_raises"))
        return tr("only new raises");
    if (kind == QLatin1String("different_output"))
        return tr("different output");
    if (kind == QLatin1String("only_old_aborts"))
        return tr("only old aborts");
    if (kind == QLatin1String("only_new_aborts"))
        return tr("only new aborts");
    if (kind == QLatin1String("api_change"))
        return tr("API change");
    if (kind == QLatin1String("different_warnings"))
        return tr("different warnings");
    return kind;
}

QString Vocabulary::stage(const QString &stage)
{
    if (stage == QLatin1String("preparing"))
        return tr("Preparing trees");
    if (stage == QLatin1String("analysing"))
        return tr("Analysing the change");
    if (stage == QLatin1String("importing"))
        return tr("Importing both versions");
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

QString Vocabulary::confidence(const QString &confidence)
{
    if (confidence == QLatin1String("low"))
        return tr("low confidence");
    if (confidence == QLatin1String("medium"))
        return tr("medium confidence");
    if (confidence == QLatin1String("high"))
        return tr("high confidence");
    return tr("confidence unknown");
}

QString Vocabulary::suggestionSource(const QString &source)
{
    if (source == QLatin1String("heuristic"))
        return tr("offline heuristic");
    if (source == QLatin1String("llm"))
        return tr("language model");
    return source;
}

} // namespace difftriage::ui
