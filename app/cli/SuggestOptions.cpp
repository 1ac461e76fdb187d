#include "SuggestOptions.h"

#include "triage/intent/LlmIntentClassifier.h"

namespace difftriage::cli {

using namespace difftriage::engine;

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
    return suggestIntentWithLlm(report, m_llm, cancel);
}

} // namespace difftriage::cli
