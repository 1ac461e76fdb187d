#pragma once

class QAction;
class QObject;

namespace difftriage::ui {

// What an action needs before it can do anything. The window disables an action until its need
// is met, rather than let it do nothing or complain in the status bar.
enum class ActionNeed
{
    Repository,      // an open repository
    SelectedChanges, // changes selected in the list
    Change,          // a change in view
    Report,          // an analysis in view
    Difference,      // a difference selected
    Analysis,        // an analysis running or queued
};

struct ActionState
{
    bool repository = false;
    bool selectedChanges = false;
    bool change = false;
    bool report = false;
    bool difference = false;
    bool analysis = false;
};

void setNeed(QAction *action, ActionNeed need);
// Enables each action under `owner` that has a need as `state` allows; others are left alone.
void applyActionState(const QObject *owner, const ActionState &state);

} // namespace difftriage::ui
