#include "judge/UnionCoverage.h"

#include <algorithm>
#include <limits>

namespace difftriage::engine {

void UnionCoverage::setChangedLines(Side side, const QMap<QString, QList<int>> &changed)
{
    SideLines &target = lines(side);
    target.changed.clear();
    for (auto it = changed.begin(); it != changed.end(); ++it)
        target.changed[it.key()] = QSet<int>(it.value().begin(), it.value().end());
}

void UnionCoverage::addCovered(Side side, const QString &testId,
                               const QMap<QString, QList<int>> &covered)
{
    SideLines &target = lines(side);
    for (auto it = covered.begin(); it != covered.end(); ++it) {
        const auto changed = target.changed.constFind(it.key());
        if (changed == target.changed.cend())
            continue; // only changed executable lines count
        QHash<int, QStringList> &fileHits = target.hits[it.key()];
        for (int line : it.value()) {
            if (!changed->contains(line))
                continue;
            QStringList &tests = fileHits[line];
            if (!tests.contains(testId))
                tests << testId;
        }
    }
}

void UnionCoverage::addOutcomes(const QString &testId, const TestOutcome &old,
                                const TestOutcome &new_)
{
    addCovered(Side::Old, testId, old.covered);
    addCovered(Side::New, testId, new_.covered);
}

CoverageRatio UnionCoverage::ratio(Side side, const QString &file, int first, int last) const
{
    CoverageRatio result;
    const SideLines &source = lines(side);
    for (auto it = source.changed.begin(); it != source.changed.end(); ++it) {
        if (!file.isNull() && it.key() != file)
            continue;
        const QHash<int, QStringList> fileHits = source.hits.value(it.key());
        for (int line : it.value()) {
            if (line < first || line > last)
                continue;
            ++result.total;
            if (fileHits.contains(line))
                ++result.covered;
        }
    }
    return result;
}

CoverageRatio UnionCoverage::total() const
{
    const int all = std::numeric_limits<int>::max();
    const CoverageRatio old = ratio(Side::Old, QString(), 0, all);
    const CoverageRatio newer = ratio(Side::New, QString(), 0, all);
    return CoverageRatio{old.covered + newer.covered, old.total + newer.total};
}

CoverageRatio UnionCoverage::forFunction(const FunctionSpan &function) const
{
    CoverageRatio result;
    if (!function.oldFile.isEmpty()) {
        const CoverageRatio old =
            ratio(Side::Old, function.oldFile, function.oldFirst, function.oldLast);
        result.covered += old.covered;
        result.total += old.total;
    }
    if (!function.newFile.isEmpty()) {
        const CoverageRatio newer =
            ratio(Side::New, function.newFile, function.newFirst, function.newLast);
        result.covered += newer.covered;
        result.total += newer.total;
    }
    return result;
}

bool UnionCoverage::isCovered(Side side, const QString &file, int line) const
{
    return !hitBy(side, file, line).isEmpty();
}

QStringList UnionCoverage::hitBy(Side side, const QString &file, int line) const
{
    return lines(side).hits.value(file).value(line);
}

QMap<QString, QList<int>> UnionCoverage::uncovered(Side side) const
{
    QMap<QString, QList<int>> result;
    const SideLines &source = lines(side);
    for (auto it = source.changed.begin(); it != source.changed.end(); ++it) {
        const QHash<int, QStringList> fileHits = source.hits.value(it.key());
        QList<int> missing;
        for (int line : it.value())
            if (!fileHits.contains(line))
                missing << line;
        if (missing.isEmpty())
            continue;
        std::sort(missing.begin(), missing.end());
        result.insert(it.key(), missing);
    }
    return result;
}

} // namespace difftriage::engine
