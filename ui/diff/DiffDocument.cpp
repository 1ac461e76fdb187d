#include "DiffDocument.h"

namespace difftriage::ui {

using engine::DiffRow;

DiffDocument::DiffDocument(const QString &oldText, const QString &newText, Options options)
    : m_old(engine::LineDiff::splitLines(oldText)), m_new(engine::LineDiff::splitLines(newText)),
      m_options(options)
{
    m_rows = engine::DiffAlignment::align(m_old, m_new,
                                          options.unified ? engine::DiffAlignment::Mode::Unified
                                                          : engine::DiffAlignment::Mode::SideBySide,
                                          engine::LineComparison{options.ignoreWhitespace});
    if (options.unified) {
        // Unified lists a hunk's removed lines before its added ones; the side-by-side pairs say
        // which added line took a removed one's place, so both can mark what differs inside.
        for (const DiffRow &row :
             engine::DiffAlignment::align(m_old, m_new, engine::DiffAlignment::Mode::SideBySide,
                                          engine::LineComparison{options.ignoreWhitespace})) {
            if (row.kind == DiffRow::Kind::Changed) {
                m_newPartnerOf.insert(row.oldLine, row.newLine);
                m_oldPartnerOf.insert(row.newLine, row.oldLine);
            }
        }
    }
    layOut();
}

void DiffDocument::layOut()
{
    m_lines.clear();
    m_oldView.clear();
    m_newView.clear();
    for (const engine::DiffDisplayLine &shown :
         engine::DiffLayout::lay(m_rows, m_options.context, m_revealed)) {
        if (shown.isFold()) {
            m_lines << Line{0, 0, DiffRow::Kind::Same, shown.fold};
            continue;
        }
        const DiffRow &row = m_rows[shown.row];
        if (row.oldLine > 0)
            m_oldView.insert(row.oldLine, int(m_lines.size()));
        if (row.newLine > 0)
            m_newView.insert(row.newLine, int(m_lines.size()));
        m_lines << Line{row.oldLine, row.newLine, row.kind, std::nullopt};
    }
}

QStringList DiffDocument::editorLines(Side side) const
{
    QStringList out;
    out.reserve(m_lines.size());
    for (const Line &line : m_lines) {
        if (line.fold) {
            out << tr("⋯ %n unchanged line(s)", nullptr, line.fold->rowCount);
            continue;
        }
        const bool showOld =
            m_options.unified ? line.kind == DiffRow::Kind::Removed : side == Side::Old;
        const int number = showOld ? line.oldLine : line.newLine;
        out << (number > 0 ? (showOld ? m_old : m_new).at(number - 1) : QString());
    }
    return out;
}

QStringList DiffDocument::editorNumbers(Side side) const
{
    QStringList out;
    out.reserve(m_lines.size());
    const qsizetype width = QString::number(std::max(m_old.size(), m_new.size())).size();
    const auto number = [width](int line) {
        return line > 0 ? QStringLiteral("%1").arg(line, int(width)) : QString(width, u' ');
    };
    for (const Line &line : m_lines) {
        if (line.fold)
            out << QString();
        else if (m_options.unified)
            out << number(line.oldLine) + QLatin1Char(' ') + number(line.newLine);
        else
            out << ((side == Side::Old ? line.oldLine : line.newLine) > 0
                        ? number(side == Side::Old ? line.oldLine : line.newLine)
                        : QString());
    }
    return out;
}

int DiffDocument::viewLineOf(Side side, int fileLine) const
{
    return (side == Side::Old ? m_oldView : m_newView).value(fileLine, -1);
}

std::pair<DiffDocument::Side, int> DiffDocument::fileLineAt(Side editor, int viewLine) const
{
    if (viewLine < 0 || viewLine >= m_lines.size())
        return {editor, 0};
    const Line &line = m_lines[viewLine];
    if (m_options.unified)
        return line.kind == DiffRow::Kind::Removed ? std::pair{Side::Old, line.oldLine}
                                                   : std::pair{Side::New, line.newLine};
    return {editor, editor == Side::Old ? line.oldLine : line.newLine};
}

QString DiffDocument::fileText(Side side, int fileLine) const
{
    const QStringList &lines = side == Side::Old ? m_old : m_new;
    return fileLine > 0 && fileLine <= lines.size() ? lines[fileLine - 1] : QString();
}

bool DiffDocument::revealFileLine(Side side, int fileLine)
{
    if (viewLineOf(side, fileLine) >= 0)
        return false;
    for (int row = 0; row < m_rows.size(); ++row) {
        if ((side == Side::Old ? m_rows[row].oldLine : m_rows[row].newLine) == fileLine) {
            m_revealed << engine::DiffFold{row, 1};
            layOut();
            return true;
        }
    }
    return false;
}

bool DiffDocument::revealFold(int viewLine)
{
    if (viewLine < 0 || viewLine >= m_lines.size() || !m_lines[viewLine].fold)
        return false;
    m_revealed << *m_lines[viewLine].fold;
    layOut();
    return true;
}

QList<int> DiffDocument::hunkStarts() const
{
    QList<int> starts;
    bool inHunk = false;
    for (int view = 0; view < m_lines.size(); ++view) {
        const bool changed = !m_lines[view].fold && m_lines[view].kind != DiffRow::Kind::Same;
        if (changed && !inHunk)
            starts << view;
        inHunk = changed;
    }
    return starts;
}

std::pair<engine::ChangedSpan, engine::ChangedSpan> DiffDocument::changedSpans(int viewLine) const
{
    const Line &line = m_lines.at(viewLine);
    int oldLine = 0, newLine = 0;
    if (line.kind == DiffRow::Kind::Changed)
        std::tie(oldLine, newLine) = std::pair{line.oldLine, line.newLine};
    else if (line.kind == DiffRow::Kind::Removed)
        std::tie(oldLine, newLine) = std::pair{line.oldLine, m_newPartnerOf.value(line.oldLine)};
    else if (line.kind == DiffRow::Kind::Added)
        std::tie(oldLine, newLine) = std::pair{m_oldPartnerOf.value(line.newLine), line.newLine};
    if (oldLine <= 0 || newLine <= 0)
        return {};
    return engine::DiffAlignment::changedSpans(m_old.at(oldLine - 1), m_new.at(newLine - 1));
}

} // namespace difftriage::ui
