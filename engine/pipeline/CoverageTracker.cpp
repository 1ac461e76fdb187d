#include "pipeline/CoverageTracker.h"

#include <algorithm>

namespace difftriage::engine {

CoverageTracker::CoverageTracker(const Targets &targets)
{
    for (const ChangedFunction &function : targets.functions) {
        QList<LineKey> &lines = m_functionLines[function.qualname];
        for (int line : function.oldLines)
            lines << LineKey{Side::Old, function.oldFile, line};
        for (int line : function.newLines)
            lines << LineKey{Side::New, function.newFile, line};
    }
    // Module-level changes run at import: they count for the change, not for one function.
    for (Side side : {Side::Old, Side::New}) {
        const auto lines = targets.changedLines(toString(side));
        for (auto it = lines.cbegin(); it != lines.cend(); ++it) {
            for (int line : it.value())
                m_hits.insert(LineKey{side, it.key(), line}, {});
        }
    }
    for (const QList<LineKey> &lines : std::as_const(m_functionLines)) {
        for (const LineKey &key : lines) {
            m_hits.insert(key, m_hits.value(key));
            m_inFunction.insert(key, true);
        }
    }
}

bool CoverageTracker::atImport(Side side, const QString &file, int line) const
{
    const LineKey key{side, file, line};
    return m_hits.contains(key) && !m_inFunction.contains(key);
}

int CoverageTracker::record(const QString &testId, Side side,
                            const QMap<QString, QList<int>> &covered)
{
    int gained = 0;
    for (auto it = covered.cbegin(); it != covered.cend(); ++it) {
        for (int line : it.value()) {
            auto hit = m_hits.find(LineKey{side, it.key(), line});
            if (hit == m_hits.end())
                continue;
            if (hit->isEmpty())
                ++gained;
            if (!hit->contains(testId))
                hit->append(testId);
        }
    }
    return gained;
}

double CoverageTracker::unionCoverage() const
{
    if (m_hits.isEmpty())
        return 1.0;
    const auto covered = std::count_if(m_hits.cbegin(), m_hits.cend(),
                                       [](const QStringList &tests) { return !tests.isEmpty(); });
    return double(covered) / double(m_hits.size());
}

double CoverageTracker::unionCoverage(const QString &function) const
{
    const QList<LineKey> lines = m_functionLines.value(function);
    if (lines.isEmpty())
        return 1.0;
    const auto covered = std::count_if(lines.cbegin(), lines.cend(), [&](const LineKey &key) {
        return !m_hits.value(key).isEmpty();
    });
    return double(covered) / double(lines.size());
}

int CoverageTracker::coveredCount() const
{
    return static_cast<int>(std::count_if(
        m_hits.cbegin(), m_hits.cend(), [](const QStringList &tests) { return !tests.isEmpty(); }));
}

QMap<QString, QList<int>> CoverageTracker::requested(Side side) const
{
    QMap<QString, QList<int>> lines;
    for (auto it = m_hits.cbegin(); it != m_hits.cend(); ++it) {
        if (it.key().side == side)
            lines[it.key().file] << it.key().line;
    }
    return lines;
}

QList<int> CoverageTracker::uncovered(const QString &function, Side side) const
{
    QList<int> lines;
    for (const LineKey &key : m_functionLines.value(function)) {
        if (key.side == side && m_hits.value(key).isEmpty())
            lines << key.line;
    }
    return lines;
}

QStringList CoverageTracker::hitBy(Side side, const QString &file, int line) const
{
    return m_hits.value(LineKey{side, file, line});
}

} // namespace difftriage::engine
