#pragma once

#include "core/Expected.h"
#include "git/CommitInfo.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace difftriage::engine {

namespace git {
class Repository;
}

struct ChangedFile
{
    git::DeltaStatus status = git::DeltaStatus::Modified;
    QString oldPath; // empty for added files
    QString newPath; // empty for deleted files
    bool isPython = false;
    bool binary = false;
    QList<int> oldLines; // changed lines on the old side, 1-based, ascending
    QList<int> newLines; // changed lines on the new side
    QString note;        // why the file is not analysed, when it is not
};

struct DiffSummary
{
    QString base;
    QString head;
    QList<ChangedFile> files;
    QStringList notes;

    QList<ChangedFile> pythonFiles() const;
};

QString toString(git::DeltaStatus status);

// The changed files of base..head with their changed line numbers on each side. Python files are
// the ones to analyse; everything else is listed with a note.
class DiffAnalysis final
{
public:
    struct Limits
    {
        int maxChangedLines = 200000; // beyond this a diff is summarised, not analysed line by line
    };

    static Expected<DiffSummary> run(const git::Repository &repository, const QString &base,
                                     const QString &head, const Limits &limits);
    static Expected<DiffSummary> run(const git::Repository &repository, const QString &base,
                                     const QString &head)
    {
        return run(repository, base, head, Limits{});
    }
};

} // namespace difftriage::engine
