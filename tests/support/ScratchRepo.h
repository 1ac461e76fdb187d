#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace difftriage::test {

// A throwaway git repository driven by the git command line, so tests build realistic histories
// (merges, squashes, branches, PR refs) exactly as users' repositories have them.
class ScratchRepo
{
public:
    ScratchRepo();

    QString path() const { return m_dir.path() + QStringLiteral("/repo"); }
    QString file(const QString &relative) const { return path() + QLatin1Char('/') + relative; }

    void write(const QString &relative, const QByteArray &content);
    void remove(const QString &relative);
    // Stages everything and commits; returns the new commit id.
    QString commit(const QString &message);
    // Runs git in the repository (or `cwd`) and returns its stdout; aborts the test on failure.
    QString git(const QStringList &arguments, const QString &cwd = QString());
    QString revParse(const QString &revision)
    {
        return git({QStringLiteral("rev-parse"), revision});
    }
    // A non-fast-forward merge of `branch` into the current branch with `message`.
    QString merge(const QString &branch, const QString &message);

private:
    QTemporaryDir m_dir;
    int m_clock = 0;
};

} // namespace difftriage::test
