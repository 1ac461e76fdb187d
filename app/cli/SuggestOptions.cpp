#include "SuggestOptions.h"

#include "llm/LlmIntentClassifier.h"

#include <algorithm>

namespace difftriage::cli {

using namespace difftriage::engine;

namespace {

// What the LLM generator already spent on this report (nothing for offline analyses).
double spentOn(const Report &report)
{
    const nlohmann::json &llm = report.llm;
    if (!llm.is_object() || !llm.contains("usage") || !llm["usage"].contains("cost") ||
        !llm["usage"]["cost"].is_number())
        return 0;
    return llm["usage"]["cost"].get<double>();
}

} // namespace

void SuggestOptions::add(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("suggest"),
                      QStringLiteral("Who suggests a verdict per difference: heuristic (default; "
                                     "offline) or llm (the model of --llm-url/--llm-model)."),
                      QStringLiteral("WHO"), QStringLiteral("heuristic")});
}

Expected<SuggestOptions> SuggestOptions::from(const QCommandLineParser &parser,
                                              const LlmSettings &llm)
{
    const QString who = parser.value(QStringLiteral("suggest"));
    if (who != QLatin1String("heuristic") && who != QLatin1String("llm"))
        return makeError(QStringLiteral("unknown --suggest '%1' (heuristic or llm)").arg(who));
    SuggestOptions options;
    options.m_useLlm = who == QLatin1String("llm");
    options.m_llm = llm;
    if (options.m_useLlm) {
        if (auto valid = checkLlmSettings(llm); !valid)
            return valid.error();
    }
    return options;
}

Status SuggestOptions::apply(Report &report, const std::atomic_bool *cancel) const
{
    if (!m_useLlm) {
        suggestIntent(report);
        return Ok{};
    }
    LlmSettings settings = m_llm;
    // --max-cost caps the whole analysis: the classifier gets what generation left over (a cap
    // already spent makes every difference keep the heuristic's suggestion, with a note).
    if (settings.maxCost > 0)
        settings.maxCost = std::max(1e-9, settings.maxCost - spentOn(report));
    auto classifier = makeLlmIntentClassifier(settings);
    if (!classifier)
        return classifier.error();
    (*classifier)->setCancelFlag(cancel);
    (*classifier)->suggest(report, IntentContext::of(report));
    return Ok{};
}

} // namespace difftriage::cli
