#include "llm/LlmSettings.h"

#include <QHostAddress>
#include <QStandardPaths>

namespace difftriage::engine {

namespace {

// Published list prices at the time of writing; users override them with --llm-price. A model
// without a price costs nothing, which is right for local servers.
const QMap<QString, ModelPrice> &defaultPrices()
{
    static const QMap<QString, ModelPrice> prices{
        {QStringLiteral("gpt-4o"), {2.5, 10.0}},      {QStringLiteral("gpt-4o-mini"), {0.15, 0.6}},
        {QStringLiteral("gpt-4.1"), {2.0, 8.0}},      {QStringLiteral("gpt-4.1-mini"), {0.4, 1.6}},
        {QStringLiteral("gpt-4.1-nano"), {0.1, 0.4}}, {QStringLiteral("o3-mini"), {1.1, 4.4}},
        {QStringLiteral("o4-mini"), {1.1, 4.4}},
    };
    return prices;
}

Expected<double> number(const QString &flag, const QString &text, double minimum)
{
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || value < minimum)
        return makeError(
            QStringLiteral("%1 needs a number ≥ %2, not '%3'").arg(flag).arg(minimum).arg(text));
    return value;
}

} // namespace

ModelPrice LlmSettings::priceFor(const QString &name) const
{
    if (prices.contains(name))
        return prices.value(name);
    return defaultPrices().value(name);
}

LlmSettings llmSettingsFromEnvironment()
{
    LlmSettings settings;
    settings.apiKey = qEnvironmentVariable("DIFFTRIAGE_LLM_API_KEY");
    if (settings.apiKey.isEmpty())
        settings.apiKey = qEnvironmentVariable("OPENAI_API_KEY");
    const QString cache = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    if (!cache.isEmpty())
        settings.cacheDirectory = cache + QStringLiteral("/difftriage/llm");
    return settings;
}

Status applyLlmArguments(LlmSettings &settings, const QStringList &arguments)
{
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString flag = arguments[i];
        if (flag == QLatin1String("--allow-remote-llm")) {
            settings.allowRemote = true;
            continue;
        }
        if (flag == QLatin1String("--llm-no-tools")) {
            settings.useTools = false;
            continue;
        }
        static const QStringList valued{
            QStringLiteral("--llm-url"),         QStringLiteral("--llm-model"),
            QStringLiteral("--max-cost"),        QStringLiteral("--llm-temperature"),
            QStringLiteral("--llm-max-tokens"),  QStringLiteral("--llm-timeout"),
            QStringLiteral("--llm-concurrency"), QStringLiteral("--llm-rpm"),
            QStringLiteral("--llm-tpm"),         QStringLiteral("--llm-retries"),
            QStringLiteral("--llm-cache"),       QStringLiteral("--llm-price")};
        if (!valued.contains(flag))
            continue;
        if (i + 1 >= arguments.size())
            return makeError(QStringLiteral("%1 needs a value").arg(flag));
        const QString value = arguments[++i];
        if (flag == QLatin1String("--llm-url")) {
            const QUrl url(value, QUrl::StrictMode);
            if (!url.isValid() ||
                (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
                return makeError(
                    QStringLiteral("--llm-url needs an http(s) URL, not '%1'").arg(value));
            settings.baseUrl = url;
        } else if (flag == QLatin1String("--llm-model")) {
            settings.model = value;
        } else if (flag == QLatin1String("--llm-cache")) {
            settings.cacheDirectory = value == QLatin1String("none") ? QString() : value;
        } else if (flag == QLatin1String("--llm-price")) {
            const QString model = value.section(QLatin1Char('='), 0, 0);
            const QStringList parts = value.section(QLatin1Char('='), 1).split(QLatin1Char(','));
            if (model.isEmpty() || parts.size() != 2)
                return makeError(
                    QStringLiteral("--llm-price needs MODEL=IN,OUT (dollars per million tokens)"));
            auto in = number(flag, parts[0], 0);
            auto out = number(flag, parts[1], 0);
            if (!in || !out)
                return !in ? in.error() : out.error();
            settings.prices.insert(model, {*in, *out});
        } else {
            auto parsed = number(flag, value, 0);
            if (!parsed)
                return parsed.error();
            const double v = *parsed;
            if (flag == QLatin1String("--max-cost"))
                settings.maxCost = v;
            else if (flag == QLatin1String("--llm-temperature"))
                settings.temperature = v;
            else if (flag == QLatin1String("--llm-max-tokens"))
                settings.maxTokens = static_cast<int>(v);
            else if (flag == QLatin1String("--llm-timeout"))
                settings.timeoutMs = static_cast<int>(v * 1000);
            else if (flag == QLatin1String("--llm-concurrency"))
                settings.concurrency = std::max(1, static_cast<int>(v));
            else if (flag == QLatin1String("--llm-rpm"))
                settings.requestsPerMinute = v;
            else if (flag == QLatin1String("--llm-tpm"))
                settings.tokensPerMinute = v;
            else if (flag == QLatin1String("--llm-retries"))
                settings.retries = static_cast<int>(v);
        }
    }
    return Ok{};
}

bool isLoopbackEndpoint(const QUrl &url)
{
    const QString host = url.host();
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

Status checkLlmSettings(const LlmSettings &settings)
{
    if (!settings.baseUrl.isValid() || settings.baseUrl.host().isEmpty())
        return makeError(QStringLiteral("the LLM endpoint URL is not valid"));
    if (settings.model.isEmpty())
        return makeError(QStringLiteral("no LLM model named (--llm-model)"));
    if (!isLoopbackEndpoint(settings.baseUrl) && !settings.allowRemote)
        return makeError(QStringLiteral("%1 is not on this machine: sending code there needs "
                                        "--allow-remote-llm")
                             .arg(settings.baseUrl.host()));
    return Ok{};
}

} // namespace difftriage::engine
