#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>

namespace difftriage::engine::git {

struct CommitInfo
{
    QString id; // 40 hex digits
    QStringList parents;
    QString summary; // first line of the message
    QString message; // the whole message
    QString authorName;
    QString authorEmail;
    QDateTime authorTime;
};

struct ReferenceInfo
{
    QString name;   // full name, e.g. refs/heads/main
    QString target; // the commit it peels to
};

enum class DeltaStatus
{
    Added,
    Deleted,
    Modified,
    Renamed,
    Copied,
    TypeChanged,
};

// One file of a tree-to-tree diff with the changed line numbers of each side (1-based).
struct FileDelta
{
    DeltaStatus status = DeltaStatus::Modified;
    QString oldPath;
    QString newPath;
    bool binary = false;
    int similarity = 0; // for renames and copies
    QList<int> oldLines;
    QList<int> newLines;
};

} // namespace difftriage::engine::git
