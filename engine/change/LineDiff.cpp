#include "change/LineDiff.h"

#include <QHash>
#include <vector>

namespace difftriage::engine {

namespace {

// Each distinct line becomes a small integer: the search compares integers, not strings.
std::pair<std::vector<int>, std::vector<int>>
lineIds(const QStringList &oldLines, const QStringList &newLines, LineComparison comparison)
{
    QHash<QString, int> ids;
    const auto idOf = [&](const QString &line) {
        const QString key = LineDiff::comparisonKey(line, comparison);
        const auto found = ids.constFind(key);
        if (found != ids.cend())
            return *found;
        const int id = static_cast<int>(ids.size());
        ids.insert(key, id);
        return id;
    };
    std::pair<std::vector<int>, std::vector<int>> result;
    result.first.reserve(size_t(oldLines.size()));
    result.second.reserve(size_t(newLines.size()));
    for (const QString &line : oldLines)
        result.first.push_back(idOf(line));
    for (const QString &line : newLines)
        result.second.push_back(idOf(line));
    return result;
}

// Myers' forward search on a[0..n) and b[0..m), keeping each step's furthest points for the
// walk back. Appends the matches in reverse order; false when the distance exceeds the limit.
bool myers(const int *a, int n, const int *b, int m, int offsetA, int offsetB,
           QList<LineMatch> &reversed)
{
    const int max = std::min(n + m, LineDiff::MaxEditDistance);
    std::vector<int> v(size_t(2 * max + 3), 0);
    const int centre = max + 1;
    std::vector<std::vector<int>> trace; // trace[d][k + d]: furthest x on diagonal k after d edits
    int found = -1;
    for (int d = 0; d <= max && found < 0; ++d) {
        for (int k = -d; k <= d; k += 2) {
            int x = (k == -d || (k != d && v[size_t(centre + k - 1)] < v[size_t(centre + k + 1)]))
                        ? v[size_t(centre + k + 1)]
                        : v[size_t(centre + k - 1)] + 1;
            int y = x - k;
            while (x < n && y < m && a[x] == b[y]) {
                ++x;
                ++y;
            }
            v[size_t(centre + k)] = x;
            if (x >= n && y >= m)
                found = d;
        }
        trace.emplace_back(v.begin() + (centre - d), v.begin() + (centre + d + 1));
    }
    if (found < 0)
        return false;
    int x = n, y = m;
    for (int d = found; d > 0; --d) {
        const std::vector<int> &previous = trace[size_t(d - 1)];
        const auto at = [&](int k) { return previous[size_t(k + d - 1)]; };
        const int k = x - y;
        const int previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1;
        const int previousX = at(previousK);
        const int previousY = previousX - previousK;
        while (x > previousX && y > previousY) {
            --x;
            --y;
            reversed << LineMatch{offsetA + x, offsetB + y};
        }
        x = previousX;
        y = previousY;
    }
    while (x > 0 && y > 0) {
        --x;
        --y;
        reversed << LineMatch{offsetA + x, offsetB + y};
    }
    return true;
}

} // namespace

QString LineDiff::comparisonKey(const QString &line, LineComparison comparison)
{
    if (!comparison.ignoreWhitespace)
        return line;
    QString key;
    key.reserve(line.size());
    for (QChar c : line) {
        if (!c.isSpace())
            key += c;
    }
    return key;
}

QStringList LineDiff::splitLines(const QString &text)
{
    if (text.isEmpty())
        return {};
    QStringList lines = text.split(QLatin1Char('\n'));
    if (text.endsWith(QLatin1Char('\n')))
        lines.removeLast();
    for (QString &line : lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
    }
    return lines;
}

QList<LineMatch> LineDiff::match(const QStringList &oldLines, const QStringList &newLines,
                                 LineComparison comparison)
{
    const auto [a, b] = lineIds(oldLines, newLines, comparison);
    const int n = static_cast<int>(a.size()), m = static_cast<int>(b.size());
    int prefix = 0;
    while (prefix < n && prefix < m && a[size_t(prefix)] == b[size_t(prefix)])
        ++prefix;
    int suffix = 0;
    while (suffix < n - prefix && suffix < m - prefix &&
           a[size_t(n - 1 - suffix)] == b[size_t(m - 1 - suffix)])
        ++suffix;
    QList<LineMatch> matches;
    for (int i = 0; i < prefix; ++i)
        matches << LineMatch{i, i};
    QList<LineMatch> middle;
    // Past the limit the middle has no match: shown as replaced, which is still true.
    if (myers(a.data() + prefix, n - prefix - suffix, b.data() + prefix, m - prefix - suffix,
              prefix, prefix, middle))
        std::reverse(middle.begin(), middle.end());
    else
        middle.clear();
    matches << middle;
    for (int i = suffix; i > 0; --i)
        matches << LineMatch{n - i, m - i};
    return matches;
}

} // namespace difftriage::engine
