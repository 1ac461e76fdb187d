#pragma once

#include "execute/Side.h"
#include "targets/Targets.h"

#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

namespace difftriage::engine {

// Which changed executable lines (old and new) the tests reached, and by which tests. Union
// coverage (Definition 3, docs/ARCHITECTURE.md) per change and per changed function:
//   (covered changed lines old + new) / (changed executable lines old + new), 1.0 when there are
//   none.
class CoverageTracker final
{
public:
    explicit CoverageTracker(const Targets &targets);

    // Records a test's covered lines on one side; returns how many lines were newly covered.
    int record(const QString &testId, Side side, const QMap<QString, QList<int>> &covered);

    double unionCoverage() const;
    double unionCoverage(const QString &function) const;
    int coveredCount() const;
    // The requested lines per file for one side (what the runner is asked to watch).
    QMap<QString, QList<int>> requested(Side side) const;
    // Uncovered lines of a function: {"old": [...], "new": [...]}.
    QList<int> uncovered(const QString &function, Side side) const;
    QStringList hitBy(Side side, const QString &file, int line) const;
    // A changed line outside every changed function's body: it runs when its module is
    // imported, so every test covers it whatever it exercises.
    bool atImport(Side side, const QString &file, int line) const;
    QStringList functions() const { return m_functionLines.keys(); }
    // Every changed executable line with the tests that ran it, in a stable order.
    template <typename Visit> void forEachLine(Visit visit) const
    {
        for (auto it = m_hits.cbegin(); it != m_hits.cend(); ++it)
            visit(it.key().side, it.key().file, it.key().line, it.value());
    }

private:
    struct LineKey
    {
        Side side;
        QString file;
        int line;
        friend bool operator<(const LineKey &a, const LineKey &b)
        {
            if (a.side != b.side)
                return a.side < b.side;
            return a.file != b.file ? a.file < b.file : a.line < b.line;
        }
    };

    QMap<LineKey, QStringList> m_hits;             // every changed line -> the tests that ran it
    QMap<QString, QList<LineKey>> m_functionLines; // changed function -> its changed lines
    QMap<LineKey, bool> m_inFunction;              // the lines of m_functionLines, to look up
};

} // namespace difftriage::engine
