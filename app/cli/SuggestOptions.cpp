#include "SuggestOptions.h"

namespace difftriage::cli {

using namespace difftriage::engine;

void addSuggestOption(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("suggest"),
                      QStringLiteral("Who suggests a verdict per difference: heuristic (default; "
                                     "offline) or llm (the model of --llm-url/--llm-model)."),
                      QStringLiteral("WHO"), spelling(SuggestionSource::Heuristic)});
}

Expected<SuggestionSource> suggestionSourceFrom(const QCommandLineParser &parser,
                                                const LlmSettings &llm)
{
    const QString who = parser.value(QStringLiteral("suggest"));
    const auto source = fromSpelling<SuggestionSource>(who);
    if (!source)
        return makeError(QStringLiteral("unknown --suggest '%1' (%2)")
                             .arg(who, spellingChoices<SuggestionSource>()));
    if (*source == SuggestionSource::Llm) {
        if (auto valid = checkLlmSettings(llm); !valid)
            return valid.error();
    }
    return *source;
}

} // namespace difftriage::cli
