#pragma once

#include "core/Expected.h"

#include <QMap>
#include <QString>
#include <QStringList>

namespace difftriage::engine {

// The prompt texts, from the versioned template files share/difftriage/templates/prompt_*.txt
// (editable without a rebuild). Sections start with "@@ name" as in access_info.txt; a section is
// addressed as "file.section", e.g. "generate.user". Each user loads only the files it needs: the
// generator its three, the intent classifier "classify".
class PromptTemplates final
{
public:
    static QStringList generatorFiles();  // generate, feedback, repair
    static QStringList classifierFiles(); // classify

    static Expected<PromptTemplates> load(const QStringList &files = generatorFiles());
    static Expected<PromptTemplates> fromDirectory(const QString &directory,
                                                   const QStringList &files = generatorFiles());
    // Every section a given file needs must be there.
    static Expected<PromptTemplates> fromTexts(const QMap<QString, QString> &textsByFile);

    bool has(const QString &section) const { return m_sections.contains(section); }
    // The section with {key} replaced by values; unknown keys stay as written.
    QString fill(const QString &section, const QMap<QString, QString> &values = {}) const;
    // "difftriage-prompt-generate/1+difftriage-prompt-feedback/1+..." for the report.
    QString versions() const;

private:
    QMap<QString, QString> m_sections;
    QStringList m_files;
};

} // namespace difftriage::engine
