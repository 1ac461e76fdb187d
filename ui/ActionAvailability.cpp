#include "ActionAvailability.h"

#include <QAction>

namespace difftriage::ui {

namespace {

constexpr auto NeedProperty = "difftriageNeed";

bool met(ActionNeed need, const ActionState &state)
{
    switch (need) {
    case ActionNeed::Repository:
        return state.repository;
    case ActionNeed::SelectedChanges:
        return state.selectedChanges;
    case ActionNeed::Change:
        return state.change;
    case ActionNeed::Report:
        return state.report;
    case ActionNeed::Difference:
        return state.difference;
    case ActionNeed::Analysis:
        return state.analysis;
    }
    return true;
}

} // namespace

void setNeed(QAction *action, ActionNeed need)
{
    action->setProperty(NeedProperty, static_cast<int>(need));
    action->setEnabled(false); // until the window says otherwise
}

void applyActionState(const QObject *owner, const ActionState &state)
{
    for (QAction *action : owner->findChildren<QAction *>()) {
        const QVariant need = action->property(NeedProperty);
        if (need.isValid())
            action->setEnabled(met(static_cast<ActionNeed>(need.toInt()), state));
    }
}

} // namespace difftriage::ui
