#include "OutputDiff.h"

#include <QStringList>
#include <vector>

namespace difftriage::ui {

namespace {

// Beyond this the quadratic table costs more than it helps; pairing lines in order is enough.
constexpr qsizetype MaxTableCells = 4'000'000;

QList<QPair<int, int>> matchLines(const QStringList &a, const QStringList &b)
{
    QList<QPair<int, int>> matches;
    const qsizetype n = a.size(), m = b.size();
    if (n * m > MaxTableCells) {
        for (qsizetype i = 0; i < std::min(n, m); ++i) {
            if (a[i] == b[i])
                matches << qMakePair(int(i), int(i));
        }
        return matches;
    }
    std::vector<int> table(size_t((n + 1) * (m + 1)), 0);
    const auto at = [&](qsizetype i, qsizetype j) -> int & {
        return table[size_t(i * (m + 1) + j)];
    };
    for (qsizetype i = n - 1; i >= 0; --i) {
        for (qsizetype j = m - 1; j >= 0; --j)
            at(i, j) = a[i] == b[j] ? at(i + 1, j + 1) + 1 : std::max(at(i + 1, j), at(i, j + 1));
    }
    for (qsizetype i = 0, j = 0; i < n && j < m;) {
        if (a[i] == b[j]) {
            matches << qMakePair(int(i), int(j));
            ++i;
            ++j;
        } else if (at(i + 1, j) >= at(i, j + 1)) {
            ++i;
        } else {
            ++j;
        }
    }
    return matches;
}

// Whitespace as marks: the characters stay distinct from what the program printed (a muted
// colour), and copy as what they stand for would not; they only show where the difference is.
QString marked(const QString &text, bool marks, const QString &muted)
{
    if (!marks)
        return text.toHtmlEscaped();
    QString html;
    for (QChar c : text) {
        if (c == QLatin1Char(' '))
            html += QStringLiteral("<span style=\"color:%1\">·</span>").arg(muted);
        else if (c == QLatin1Char('\t'))
            html += QStringLiteral("<span style=\"color:%1\">→</span>").arg(muted);
        else if (c == QLatin1Char('\r'))
            html += QStringLiteral("<span style=\"color:%1\">␍</span>").arg(muted);
        else
            html += QString(c).toHtmlEscaped();
    }
    return html;
}

QString withoutWhitespace(const QString &text)
{
    QString out;
    for (QChar c : text) {
        if (!c.isSpace())
            out += c;
    }
    return out;
}

void markPair(OutputDiff::Line &oldLine, OutputDiff::Line &newLine)
{
    const QString &a = oldLine.text;
    const QString &b = newLine.text;
    qsizetype prefix = 0;
    while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix])
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
           a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
        ++suffix;
    if (a.size() - prefix - suffix > 0)
        oldLine.changed << qMakePair(int(prefix), int(a.size() - prefix - suffix));
    if (b.size() - prefix - suffix > 0)
        newLine.changed << qMakePair(int(prefix), int(b.size() - prefix - suffix));
}

void markWhole(OutputDiff::Line &line)
{
    line.unmatched = true;
    if (!line.text.isEmpty())
        line.changed << qMakePair(0, int(line.text.size()));
}

} // namespace

OutputDiff::Result OutputDiff::compare(const QString &oldText, const QString &newText)
{
    const QStringList a = oldText.split(QLatin1Char('\n'));
    const QStringList b = newText.split(QLatin1Char('\n'));
    Result result;
    for (const QString &line : a)
        result.oldLines << Line{line, {}, false};
    for (const QString &line : b)
        result.newLines << Line{line, {}, false};
    QList<QPair<int, int>> matches = matchLines(a, b);
    matches << qMakePair(int(a.size()), int(b.size())); // a sentinel closing the last gap
    int i = 0, j = 0;
    for (const auto &[mi, mj] : matches) {
        // Lines between two matches changed: pair them in order, the rest stand alone.
        while (i < mi && j < mj) {
            result.pairs << qMakePair(i, j);
            markPair(result.oldLines[i++], result.newLines[j++]);
        }
        while (i < mi)
            markWhole(result.oldLines[i++]);
        while (j < mj)
            markWhole(result.newLines[j++]);
        if (mi < a.size())
            result.pairs << qMakePair(mi, mj);
        i = mi + 1;
        j = mj + 1;
    }
    return result;
}

bool OutputDiff::differOnlyInWhitespace(const QString &oldText, const QString &newText)
{
    return oldText != newText && withoutWhitespace(oldText) == withoutWhitespace(newText);
}

QString OutputDiff::toHtml(const QList<Line> &lines, const QString &highlight,
                           Whitespace whitespace, const QString &muted)
{
    const bool everywhere = whitespace == Whitespace::Everywhere;
    QString html = QStringLiteral("<pre style=\"margin:0; white-space:pre-wrap\">");
    for (qsizetype index = 0; index < lines.size(); ++index) {
        const Line &line = lines[index];
        int position = 0;
        // Inside a change a space is marked (it may be what differs), but not on a line that
        // differs whole: a help text the other side never printed, full of dots, is unreadable.
        const bool whole =
            line.unmatched || (line.changed.size() == 1 && line.changed.first().first == 0 &&
                               line.changed.first().second == line.text.size());
        const bool inChange = everywhere || !whole;
        for (const auto &[start, length] : line.changed) {
            html += marked(line.text.mid(position, start - position), everywhere, muted);
            html += QStringLiteral("<span style=\"background-color:%1\">%2</span>")
                        .arg(highlight, marked(line.text.mid(start, length), inChange, muted));
            position = start + length;
        }
        html += marked(line.text.mid(position), everywhere, muted);
        if (index + 1 < lines.size()) {
            // The line end: marked when whitespace is, highlighted when the whole line is new.
            if (everywhere)
                html +=
                    line.unmatched
                        ? QStringLiteral("<span style=\"background-color:%1; color:%2\">¶</span>")
                              .arg(highlight, muted)
                        : QStringLiteral("<span style=\"color:%1\">¶</span>").arg(muted);
            html += QLatin1Char('\n');
        }
    }
    return html + QStringLiteral("</pre>");
}

} // namespace difftriage::ui
