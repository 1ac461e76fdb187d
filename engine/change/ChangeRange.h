#pragma once

#include "change/ChangeSpec.h"
#include "core/Expected.h"

#include <QList>
#include <QString>
#include <utility>

namespace difftriage::engine {

namespace git {
class Repository;
}

// What a release is made of: the commits on the first-parent line after `base` up to `head`, each
// as the change it made to the line: a PR's merge or squash commit (ChangeState::Merged) or a
// commit made directly on the line (ChangeState::Direct). Each step's base is its first parent,
// so consecutive steps chain from `base` to `head`.
struct ChangeRange
{
    QString base; // commit ids
    QString head;
    QString baseName; // as the user named them (a tag, a branch, a commit)
    QString headName;
    QList<ChangeSpec> steps; // oldest first

    QList<ChangeSpec> pullRequests() const; // the steps that are PRs, oldest first
};

// "REV1..REV2" as its two revisions; anything else is bad input.
Expected<std::pair<QString, QString>> splitRangeText(const QString &text);

// Walks head's first-parent line back to base. A base that is not on that line (a release branch
// cut from it) ends the walk at the first commit it already contains.
Expected<ChangeRange> resolveChangeRange(const git::Repository &repository, const QString &base,
                                         const QString &head);

} // namespace difftriage::engine
