#include "pipeline/ResolveOptions.h"

#include "git/Repository.h"

namespace difftriage::engine {

std::pair<QString, QString> chooseInterpreters(const UserChoices &choices,
                                               const QString &projectPython)
{
    const auto first = [](std::initializer_list<QString> candidates) {
        for (const QString &candidate : candidates)
            if (!candidate.isEmpty())
                return candidate;
        return QStringLiteral("python3");
    };
    return {first({choices.pythonOld, projectPython, choices.defaultPythonOld}),
            first({choices.pythonNew, projectPython, choices.defaultPythonNew,
                   choices.defaultPythonOld})};
}

Expected<AnalysisOptions> resolveAnalysisOptions(const git::Repository &repository,
                                                 const ChangeSpec &change,
                                                 const UserChoices &choices)
{
    // Suggestions that cannot reach their model fall back to the heuristic with a note; a
    // generator that cannot reach its model has nothing to fall back to.
    if (choices.generator == GeneratorKind::Llm) {
        if (auto valid = checkLlmSettings(choices.llm); !valid)
            return asBadInput(valid.error());
    }
    auto config = loadProjectConfig(repository, change.base);
    if (!config)
        return asBadInput(config.error());
    AnalysisOptions options;
    options.repository = repository.path();
    options.change = change;
    options.choices = choices;
    std::tie(options.pythonOld, options.pythonNew) = chooseInterpreters(choices, config->python);
    options.prepare = choices.prepare.isEmpty() ? config->prepare : choices.prepare;
    options.testTimeoutSeconds = choices.testTimeoutSeconds > 0 ? choices.testTimeoutSeconds
                                 : config->timeLimitSeconds     ? *config->timeLimitSeconds
                                                                : 10.0;
    options.config = std::move(*config);
    return options;
}

} // namespace difftriage::engine
