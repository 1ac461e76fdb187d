#pragma once

#include "core/Expected.h"

#include <QMap>
#include <QString>

namespace difftriage::engine {

// The prompt texts, from the versioned template files share/difftriage/templates/prompt_*.txt
// (editable without a rebuild). Sections start with "@@ name" as in access_info.txt; a section is
// addressed as "file.section", e.g. "generate.user".
class PromptTemplates final
{
public:
    static Expected<PromptTemplates> load(); // from the data directory
    static Expected<PromptTemplates> fromDirectory(const QString &directory);
    static Expected<PromptTemplates> fromTexts(const QMap<QString, QString> &textsByFile);

    bool has(const QString &section) const { return m_sections.contains(section); }
    // The section with {key} replaced by values; unknown keys stay as written.
    QString fill(const QString &section, const QMap<QString, QString> &values = {}) const;
    // "difftriage-prompt-generate/1+difftriage-prompt-feedback/1+..." for the report.
    QString versions() const;

private:
    QMap<QString, QString> m_sections;
};

} // namespace difftriage::engine
