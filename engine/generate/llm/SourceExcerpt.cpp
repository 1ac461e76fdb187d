#include "generate/llm/SourceExcerpt.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>

namespace difftriage::engine {

namespace {

int indentOf(const QString &line)
{
    int n = 0;
    while (n < line.size() && (line[n] == QLatin1Char(' ') || line[n] == QLatin1Char('\t')))
        ++n;
    return n;
}

bool isBlank(const QString &line)
{
    const QString trimmed = line.trimmed();
    return trimmed.isEmpty() || trimmed.startsWith(QLatin1Char('#'));
}

QString pad(int width)
{
    return QString(width, QLatin1Char(' '));
}

} // namespace

QStringList SourceExcerpt::fileLines(const QString &file) const
{
    QFile source(QDir(m_root).filePath(file));
    if (file.isEmpty() || !source.open(QIODevice::ReadOnly))
        return {};
    QString text = QString::fromUtf8(source.readAll());
    text.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    return text.split(QLatin1Char('\n'));
}

QString SourceExcerpt::marked(const QString &file, int first, int last, const QList<int> &changed,
                              QChar marker) const
{
    const QStringList lines = fileLines(file);
    QStringList out;
    for (int n = std::max(1, first); n <= std::min<int>(last, int(lines.size())); ++n)
        out << (changed.contains(n) ? QString(marker) : QStringLiteral(" ")) + lines[n - 1];
    return out.join(QLatin1Char('\n'));
}

QStringList SourceExcerpt::absoluteImports(const QStringList &lines, const QString &module) const
{
    // Relative imports resolve against the module's package; the excerpt shows them absolute so
    // the model can copy them into a test.
    static const QRegularExpression relative(
        QStringLiteral("^from\\s+(\\.+)(\\S*)\\s+import\\s+(.*)$"));
    QStringList imports;
    for (const QString &line : lines) {
        if (indentOf(line) != 0)
            continue;
        if (line.startsWith(QLatin1String("import ")) || line.startsWith(QLatin1String("from "))) {
            const auto match = relative.match(line.trimmed());
            if (!match.hasMatch()) {
                imports << line.trimmed();
                continue;
            }
            QStringList parts = module.split(QLatin1Char('.'));
            const qsizetype up = match.captured(1).size();
            parts = parts.mid(0, std::max<qsizetype>(0, parts.size() - up));
            if (!match.captured(2).isEmpty())
                parts << match.captured(2);
            imports << QStringLiteral("from %1 import %2")
                           .arg(parts.join(QLatin1Char('.')), match.captured(3));
        }
    }
    return imports;
}

QString SourceExcerpt::enclosingClassHeader(const QStringList &lines, int first) const
{
    if (first < 1 || first > lines.size())
        return {};
    const int indent = indentOf(lines[first - 1]);
    for (int n = first - 1; n >= 1 && indent > 0; --n) {
        const QString &line = lines[n - 1];
        if (isBlank(line) || indentOf(line) >= indent)
            continue;
        if (line.trimmed().startsWith(QLatin1String("class ")))
            return line;
        break;
    }
    return {};
}

QString SourceExcerpt::coverUpExcerpt(const QString &file, const QString &module, int first,
                                      int last, const QList<int> &tagged) const
{
    const QStringList lines = fileLines(file);
    if (lines.isEmpty())
        return {};
    const int width = int(QString::number(last).size());
    QStringList out = absoluteImports(lines, module);
    if (!out.isEmpty())
        out << QString();
    const QString header = enclosingClassHeader(lines, first);
    if (!header.isEmpty())
        out << pad(width + 2) + header
            << pad(width + 2) + pad(indentOf(lines[first - 1])) + QStringLiteral("...");
    for (int n = std::max(1, first); n <= std::min<int>(last, int(lines.size())); ++n) {
        const QString prefix =
            tagged.contains(n) ? QStringLiteral("%1: ").arg(n, width) : pad(width + 2);
        out << prefix + lines[n - 1];
    }
    return out.join(QLatin1Char('\n'));
}

QString SourceExcerpt::block(const QStringList &lines, int start, bool sliceClass) const
{
    const int indent = indentOf(lines[start]);
    int end = start + 1;
    while (end < lines.size() && (isBlank(lines[end]) || indentOf(lines[end]) > indent))
        ++end;
    while (end > start + 1 && lines[end - 1].trimmed().isEmpty())
        --end;
    if (!sliceClass)
        return lines.mid(start, end - start).join(QLatin1Char('\n'));
    // A class: keep its header, class-level statements, __init__ whole, other methods by signature.
    QStringList out{lines[start]};
    int memberIndent = -1;
    for (int n = start + 1; n < end; ++n) {
        if (isBlank(lines[n]))
            continue;
        const int current = indentOf(lines[n]);
        if (memberIndent < 0)
            memberIndent = current;
        if (current != memberIndent)
            continue;
        const QString text = lines[n].trimmed();
        const bool isDef =
            text.startsWith(QLatin1String("def ")) || text.startsWith(QLatin1String("async def "));
        out << lines[n];
        if (!isDef)
            continue;
        const bool keepBody = text.contains(QLatin1String("def __init__"));
        if (!keepBody)
            out << pad(current + 4) + QStringLiteral("...");
        while (n + 1 < end && (isBlank(lines[n + 1]) || indentOf(lines[n + 1]) > current)) {
            ++n;
            if (keepBody && !lines[n].trimmed().isEmpty())
                out << lines[n];
        }
    }
    return out.join(QLatin1Char('\n'));
}

QString SourceExcerpt::symbol(const QString &name) const
{
    const QStringList parts = name.split(QLatin1Char('.'), Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return {};
    // The longest dotted prefix naming a module file wins; the rest is a path inside it.
    QDirIterator files(m_root, {QStringLiteral("*.py")}, QDir::Files, QDirIterator::Subdirectories);
    QString bestFile;
    qsizetype bestDepth = -1;
    while (files.hasNext()) {
        const QString path = QDir(m_root).relativeFilePath(files.next());
        if (path.startsWith(QLatin1Char('.')) || path.contains(QLatin1String("/.")))
            continue;
        QString dotted = path.chopped(3).replace(QLatin1Char('/'), QLatin1Char('.'));
        if (dotted.endsWith(QLatin1String(".__init__")))
            dotted.chop(9);
        for (qsizetype depth = parts.size(); depth > bestDepth && depth > 0; --depth) {
            const QString prefix = parts.mid(0, depth).join(QLatin1Char('.'));
            if (dotted == prefix || dotted.endsWith(QLatin1Char('.') + prefix)) {
                bestFile = path;
                bestDepth = depth;
            }
        }
    }
    QStringList inside = parts.mid(std::max<qsizetype>(bestDepth, 0));
    if (bestFile.isEmpty())
        return {};
    const QStringList lines = fileLines(bestFile);
    if (inside.isEmpty()) // a whole module: its top-level statements, bodies elided
        return QStringLiteral("# %1\n").arg(bestFile) +
               absoluteImports(lines, name).join(QLatin1Char('\n'));
    int from = 0, indent = 0;
    bool isClass = false;
    for (const QString &part : inside) {
        static const QRegularExpression def(
            QStringLiteral("^\\s*(async\\s+def|def|class)\\s+(\\w+)"));
        int found = -1;
        for (int n = from; n < lines.size(); ++n) {
            if (isBlank(lines[n]))
                continue;
            if (n > from && indentOf(lines[n]) < indent)
                break;
            const auto match = def.match(lines[n]);
            if (match.hasMatch() && match.captured(2) == part && indentOf(lines[n]) >= indent) {
                found = n;
                isClass = match.captured(1) == QLatin1String("class");
                break;
            }
        }
        if (found < 0)
            return {};
        from = found;
        indent = indentOf(lines[found]) + 1;
    }
    while (from > 0 && lines[from - 1].trimmed().startsWith(QLatin1Char('@')))
        --from;
    int start = from;
    while (start < lines.size() && lines[start].trimmed().startsWith(QLatin1Char('@')))
        ++start;
    const QString decorators = lines.mid(from, start - from).join(QLatin1Char('\n'));
    const QString body = block(lines, start, isClass);
    return QStringLiteral("# %1\n").arg(bestFile) +
           (decorators.isEmpty() ? QString() : decorators + QLatin1Char('\n')) + body;
}

} // namespace difftriage::engine
