#pragma once

#include "execute/Side.h"
#include "execute/TestOutcome.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QSet>
#include <QStringList>

namespace difftriage::engine {

struct CoverageRatio
{
    int covered = 0;
    int total = 0;

    // Definition 3: a zero denominator (nothing executable changed) counts as fully covered.
    double value() const { return total == 0 ? 1.0 : double(covered) / double(total); }
};

// Where a changed function lives on each side; an empty file means it does not exist there.
struct FunctionSpan
{
    QString name;
    QString oldFile;
    int oldFirst = 0;
    int oldLast = 0;
    QString newFile;
    int newFirst = 0;
    int newLast = 0;
};

// Definition 3: (covered changed executable lines old + new) / (changed executable lines old +
// new), accumulated over every test's covered lines, for the whole change and per function.
class UnionCoverage final
{
public:
    // The changed executable lines of one side, per tree-relative file.
    void setChangedLines(Side side, const QMap<QString, QList<int>> &lines);
    void addCovered(Side side, const QString &testId, const QMap<QString, QList<int>> &covered);
    void addOutcomes(const QString &testId, const TestOutcome &old, const TestOutcome &new_);

    CoverageRatio total() const;
    CoverageRatio forFunction(const FunctionSpan &function) const;
    bool isCovered(Side side, const QString &file, int line) const;
    // The tests that reached a changed line, in the order they were added.
    QStringList hitBy(Side side, const QString &file, int line) const;
    QMap<QString, QList<int>> uncovered(Side side) const;

private:
    struct SideLines
    {
        QMap<QString, QSet<int>> changed;
        QHash<QString, QHash<int, QStringList>> hits; // file -> line -> test ids
    };

    const SideLines &lines(Side side) const { return side == Side::Old ? m_old : m_new; }
    SideLines &lines(Side side) { return side == Side::Old ? m_old : m_new; }
    CoverageRatio ratio(Side side, const QString &file, int first, int last) const;

    SideLines m_old;
    SideLines m_new;
};

} // namespace difftriage::engine
