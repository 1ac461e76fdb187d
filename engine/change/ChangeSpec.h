#pragma once

#include <QDateTime>
#include <QString>
#include <optional>

namespace difftriage::engine {

enum class ChangeState
{
    Merged, // a merge or squash commit on the default branch
    Open,   // a fetched PR ref (refs/pull/N/head) not yet merged
    Branch, // a local or remote-tracking branch not yet merged
    Manual, // two revisions the user named
    Direct, // a commit made straight on the first-parent line, not through a PR
};

QString toString(ChangeState state);

// One change to analyse: the old tree is `base`, the new tree is `head`.
struct ChangeSpec
{
    QString base; // commit id
    QString head; // commit id
    std::optional<int> number;
    QString title;
    QString body;
    QString author;
    QDateTime date;
    ChangeState state = ChangeState::Manual;
    QString ref; // the branch or PR ref it came from, when there is one
};

} // namespace difftriage::engine
