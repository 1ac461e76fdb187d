#pragma once

#include "core/Expected.h"
#include "llm/ChatTypes.h"
#include "llm/PromptTemplates.h"
#include "report/Report.h"

#include <QStringList>

namespace difftriage::engine {

// What the PR says it does: its title, body and commit messages (the same text the offline
// heuristic reads).
struct IntentContext
{
    QString title;
    QString body;
    QStringList commitMessages;

    static IntentContext of(const Report &report)
    {
        return {report.title, report.body, report.commitMessages};
    }
};

// The intent classifier's prompt for one difference, from prompt_classify.txt.
class IntentPrompt final
{
public:
    explicit IntentPrompt(PromptTemplates templates) : m_templates(std::move(templates)) {}
    static Expected<IntentPrompt> load(); // from the data directory

    QString system() const;
    QString user(const ReportDifference &difference, const IntentContext &context) const;
    ChatRequest request(const ReportDifference &difference, const IntentContext &context) const;
    QString version() const { return m_templates.versions(); }

private:
    QString side(const ReportSide &side) const;

    PromptTemplates m_templates;
};

} // namespace difftriage::engine
