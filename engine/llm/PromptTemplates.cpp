#include "llm/PromptTemplates.h"

#include "core/DataPaths.h"

#include <QFile>

namespace difftriage::engine {

namespace {

const QStringList &templateFiles()
{
    static const QStringList files{QStringLiteral("generate"), QStringLiteral("feedback"),
                                   QStringLiteral("repair")};
    return files;
}

} // namespace

Expected<PromptTemplates> PromptTemplates::load()
{
    return fromDirectory(dataDirectory() + QStringLiteral("/templates"));
}

Expected<PromptTemplates> PromptTemplates::fromDirectory(const QString &directory)
{
    QMap<QString, QString> texts;
    for (const QString &name : templateFiles()) {
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
    for (const char *required :
         {"generate.version", "generate.system", "generate.user", "generate.rules",
          "generate.function", "generate.version_block", "feedback.version", "feedback.user",
          "feedback.function", "feedback.reference", "feedback.follow_up", "repair.version",
          "repair.static", "repair.runtime"}) {
        if (!templates.has(QLatin1String(required)))
            return makeError(
                QStringLiteral("prompt templates lack section '%1'").arg(QLatin1String(required)));
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
    for (const QString &name : templateFiles())
        parts << m_sections.value(name + QStringLiteral(".version"));
    return parts.join(QLatin1Char('+'));
}

} // namespace difftriage::engine
