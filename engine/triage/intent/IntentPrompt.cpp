#include "triage/intent/IntentPrompt.h"

#include "report/ExportText.h"

namespace difftriage::engine {

namespace {

// Enough to judge a difference; a test printing megabytes must not blow the context window.
constexpr qsizetype MaxSideChars = 3000;
constexpr qsizetype MaxBodyChars = 6000;

QString capped(const QString &text, qsizetype limit)
{
    if (text.size() <= limit)
        return text;
    return text.left(limit) + QStringLiteral("\n… (%1 more characters)").arg(text.size() - limit);
}

} // namespace

Expected<IntentPrompt> IntentPrompt::load()
{
    auto templates = PromptTemplates::load(PromptTemplates::classifierFiles());
    if (!templates)
        return templates.error();
    return IntentPrompt(std::move(*templates));
}

QString IntentPrompt::system() const
{
    return m_templates.fill(QStringLiteral("classify.system"));
}

QString IntentPrompt::side(const ReportSide &side) const
{
    QStringList parts;
    if (!side.output.trimmed().isEmpty())
        parts << capped(side.output.trimmed(), MaxSideChars);
    if (side.errorType)
        parts << m_templates.fill(QStringLiteral("classify.error"),
                                  {{QStringLiteral("type"), *side.errorType},
                                   {QStringLiteral("message"),
                                    capped(side.errorMessage.value_or(QString()), MaxSideChars)}});
    else if (side.status == RunStatus::Timeout || side.status == RunStatus::Killed ||
             side.status == RunStatus::Crashed)
        parts << m_templates.fill(QStringLiteral("classify.aborted"),
                                  {{QStringLiteral("status"), spelling(side.status)}});
    if (parts.isEmpty())
        return m_templates.fill(QStringLiteral("classify.empty"));
    return parts.join(QLatin1Char('\n'));
}

QString IntentPrompt::user(const ReportDifference &difference, const IntentContext &context) const
{
    QString commits;
    if (!context.commitMessages.isEmpty())
        commits =
            QLatin1Char('\n') +
            m_templates.fill(QStringLiteral("classify.commits"),
                             {{QStringLiteral("messages"),
                               capped(context.commitMessages.join(QLatin1Char('\n')).trimmed(),
                                      MaxBodyChars)}}) +
            QLatin1Char('\n');
    const QString body = context.body.trimmed();
    return m_templates.fill(
        QStringLiteral("classify.user"),
        {{QStringLiteral("title"), context.title.trimmed()},
         {QStringLiteral("body"),
          body.isEmpty() ? QStringLiteral("(none)") : capped(body, MaxBodyChars)},
         {QStringLiteral("commits"), commits},
         {QStringLiteral("target"), difference.target},
         {QStringLiteral("code"), difference.testCode.trimmed()},
         {QStringLiteral("kind"),
          QStringLiteral("%1 (%2)").arg(spelling(difference.kind), describeKind(difference.kind))},
         {QStringLiteral("old"), side(difference.oldSide)},
         {QStringLiteral("new"), side(difference.newSide)}});
}

ChatRequest IntentPrompt::request(const ReportDifference &difference,
                                  const IntentContext &context) const
{
    ChatRequest request;
    request.messages << ChatMessage{QStringLiteral("system"), system(), {}, {}}
                     << ChatMessage{QStringLiteral("user"), user(difference, context), {}, {}};
    request.purpose = QStringLiteral("classify");
    return request;
}

} // namespace difftriage::engine
