#include "llm/PromptTemplates.h"

#include "core/DataPaths.h"

#include <QFile>

namespace difftriage::engine {

namespace {

// The sections the code fills, per template file: a file missing one is refused at load time, not
// when the first prompt is built.
const QMap<QString, QStringList> &requiredSections()
{
    static const QMap<QString, QStringList> sections{
        {QStringLiteral("generate"),
         {QStringLiteral("version"), QStringLiteral("system"), QStringLiteral("user"),
          QStringLiteral("rules"), QStringLiteral("function"), QStringLiteral("version_block")}},
        {QStringLiteral("feedback"),
         {QStringLiteral("version"), QStringLiteral("user"), QStringLiteral("function"),
          QStringLiteral("reference"), QStringLiteral("follow_up")}},
        {QStringLiteral("repair"),
         {QStringLiteral("version"), QStringLiteral("static"), QStringLiteral("runtime")}},
        {QStringLiteral("classify"),
         {QStringLiteral("version"), QStringLiteral("system"), QStringLiteral("user"),
          QStringLiteral("commits"), QStringLiteral("error"), QStringLiteral("aborted"),
          QStringLiteral("empty")}},
    };
    return sections;
}

} // namespace

QStringList PromptTemplates::generatorFiles()
{
    return {QStringLiteral("generate"), QStringLiteral("feedback"), QStringLiteral("repair")};
}

QStringList PromptTemplates::classifierFiles()
{
    return {QStringLiteral("classify")};
}

Expected<PromptTemplates> PromptTemplates::load(const QStringList &files)
{
    return fromDirectory(dataDirectory() + QStringLiteral("/templates"), files);
}

Expected<PromptTemplates> PromptTemplates::fromDirectory(const QString &directory,
                                                         const QStringList &files)
{
    QMap<QString, QString> texts;
    for (const QString &name : files) {
        const QString path = directory + QStringLiteral("/prompt_") + name + QStringLiteral(".txt");
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return makeError(QStringLiteral("prompt template missing: %1").arg(path));
        texts.insert(name, QString::fromUtf8(file.readAll()));
    }
    return fromTexts(texts);
}

Expected<PromptTemplates> PromptTemplates::fromTexts(const QMap<QString, QString> &textsByFile)
{
    PromptTemplates templates;
    templates.m_files = textsByFile.keys();
    for (auto it = textsByFile.cbegin(); it != textsByFile.cend(); ++it) {
        QString current;
        QStringList lines;
        const auto flush = [&] {
            if (!current.isEmpty())
                templates.m_sections.insert(it.key() + QLatin1Char('.') + current,
                                            lines.join(QLatin1Char('\n')).trimmed());
            lines.clear();
        };
        for (const QString &line : it.value().split(QLatin1Char('\n'))) {
            if (line.startsWith(QLatin1String("@@ "))) {
                flush();
                current = line.mid(3).trimmed();
            } else if (!current.isEmpty() && !line.startsWith(QLatin1Char('#'))) {
                lines << line;
            }
        }
        flush();
    }
    for (const QString &file : templates.m_files) {
        for (const QString &section : requiredSections().value(file)) {
            const QString required = file + QLatin1Char('.') + section;
            if (!templates.has(required))
                return makeError(
                    QStringLiteral("prompt templates lack section '%1'").arg(required));
        }
    }
    return templates;
}

QString PromptTemplates::fill(const QString &section, const QMap<QString, QString> &values) const
{
    // One pass over the text, so a value that itself contains "{name}" (Python f-strings in code
    // excerpts) is never substituted again.
    const QString text = m_sections.value(section);
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('{')) {
            const qsizetype end = text.indexOf(QLatin1Char('}'), i + 1);
            if (end > i) {
                const QString key = text.mid(i + 1, end - i - 1);
                if (values.contains(key)) {
                    out += values.value(key);
                    i = end;
                    continue;
                }
            }
        }
        out += text[i];
    }
    return out;
}

QString PromptTemplates::versions() const
{
    QStringList parts;
    // In the generator's order, then any other file: the report's string stays stable.
    QStringList files = generatorFiles();
    files.removeIf([this](const QString &file) { return !m_files.contains(file); });
    for (const QString &file : m_files) {
        if (!files.contains(file))
            files << file;
    }
    for (const QString &name : files)
        parts << m_sections.value(name + QStringLiteral(".version"));
    return parts.join(QLatin1Char('+'));
}

} // namespace difftriage::engine
