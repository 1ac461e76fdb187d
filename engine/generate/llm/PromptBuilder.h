#pragma once

#include "generate/Generator.h"
#include "llm/PromptTemplates.h"
#include "targets/AccessInfoRenderer.h"

#include <QStringList>

namespace difftriage::engine {

// Renders the prompts from the templates: round 0 in DiffTestGen's shape (the changed functions
// old and new, the access information with its both / old-only / new-only split, the rules),
// feedback rounds in CoverUp's (excerpts with the lines that do not execute tagged and summarised
// as ranges, the closest earlier test), and the repair prompts.
class PromptBuilder final
{
public:
    PromptBuilder(PromptTemplates templates, AccessInfoRenderer access)
        : m_templates(std::move(templates)), m_access(std::move(access))
    {}

    const PromptTemplates &templates() const { return m_templates; }
    QString system() const { return m_templates.fill(QStringLiteral("generate.system")); }
    QString initial(const GenerationRequest &request, const QStringList &targets, int count) const;
    // The uncovered part of `targets`; `followUp` continues an existing chat (shorter text).
    QString feedback(const GenerationRequest &request, const QStringList &targets, int count,
                     bool followUp) const;
    QString repair(const QString &code, const RepairProblem &problem) const;
    QString toolDescription() const;

    // The code of the earlier test whose covered lines come closest to `lines` of `file`.
    static QString closestTest(const GenerationRequest &request, const QString &target,
                               const QString &side, const QString &file, const QList<int> &lines);

private:
    QString changedFunction(const GenerationRequest &request, const QString &target) const;
    QString uncoveredFunction(const GenerationRequest &request, const QString &target) const;

    PromptTemplates m_templates;
    AccessInfoRenderer m_access;
};

} // namespace difftriage::engine
