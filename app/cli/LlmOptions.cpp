#include "LlmOptions.h"

namespace difftriage::cli {

using namespace difftriage::engine;

namespace {

struct ValuedOption
{
    const char *name;
    const char *valueName;
    const char *description;
};

const ValuedOption valuedOptions[] = {
    {"llm-url", "URL", "OpenAI-compatible endpoint (default http://localhost:11434/v1, Ollama)."},
    {"llm-model", "NAME", "Model name, e.g. gpt-4o-mini or qwen2.5-coder:7b."},
    {"max-cost", "DOLLARS", "Stop generating once the analysis has cost this much."},
    {"llm-temperature", "T", "Sampling temperature (default 0.2)."},
    {"llm-max-tokens", "N", "Completion token limit per request (default 4096)."},
    {"llm-timeout", "S", "Seconds without a byte from the endpoint before a retry (default 120)."},
    {"llm-concurrency", "N", "Requests in flight at once (default 2)."},
    {"llm-rpm", "N", "Requests per minute (default unlimited)."},
    {"llm-tpm", "N", "Tokens per minute (default unlimited)."},
    {"llm-retries", "N", "Retries on 429, 5xx and time-outs (default 4)."},
    {"llm-cache", "DIR", "Response cache directory, or none (default: the user cache)."},
    {"llm-price", "MODEL=IN,OUT", "Dollars per million input and output tokens of a model."},
};

const char *const flagOptions[][2] = {
    {"allow-remote-llm", "Consent to send the changed code to an endpoint on another machine."},
    {"llm-no-tools", "Do not offer the model the get_info tool (for servers without tools)."},
};

} // namespace

void addLlmOptions(QCommandLineParser &parser)
{
    for (const ValuedOption &option : valuedOptions)
        parser.addOption({QString::fromLatin1(option.name), QString::fromUtf8(option.description),
                          QString::fromLatin1(option.valueName)});
    for (const auto &flag : flagOptions)
        parser.addOption({QString::fromLatin1(flag[0]), QString::fromUtf8(flag[1])});
}

Expected<LlmSettings> llmSettingsFrom(const QCommandLineParser &parser)
{
    // The parser accepts both "--flag value" and "--flag=value"; the engine reads the first form.
    QStringList arguments;
    for (const ValuedOption &option : valuedOptions) {
        const QString name = QString::fromLatin1(option.name);
        for (const QString &value : parser.values(name))
            arguments << QStringLiteral("--") + name << value;
    }
    for (const auto &flag : flagOptions) {
        if (parser.isSet(QString::fromLatin1(flag[0])))
            arguments << QStringLiteral("--") + QString::fromLatin1(flag[0]);
    }
    LlmSettings settings = llmSettingsFromEnvironment();
    if (auto applied = applyLlmArguments(settings, arguments); !applied)
        return applied.error();
    return settings;
}

} // namespace difftriage::cli
