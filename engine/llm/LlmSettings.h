#pragma once

#include "core/Expected.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace difftriage::engine {

// Dollars per million tokens.
struct ModelPrice
{
    double inputPerMillion = 0;
    double outputPerMillion = 0;
};

// The user's LLM settings. They come from the user (CLI flags, GUI settings, environment), never
// from the repository under review: a PR must not be able to send its code somewhere.
struct LlmSettings
{
    QUrl baseUrl = QUrl(QStringLiteral("http://localhost:11434/v1"));
    QString model;
    QString apiKey; // never written to plain settings files
    double temperature = 0.2;
    int maxTokens = 4096;
    int timeoutMs = 120000; // no byte received for this long = a time-out
    int concurrency = 2;
    double requestsPerMinute = 0; // 0 = unlimited
    double tokensPerMinute = 0;
    int retries = 4;
    int backoffInitialMs = 1000;
    int backoffMaxMs = 60000;
    double maxCost = 0; // dollars per analysis; 0 = no cap
    QMap<QString, ModelPrice> prices;
    QString cacheDirectory; // empty = no response cache
    bool allowRemote = false;
    bool useTools = true;
    qint64 maxResponseBytes = 4 * 1024 * 1024;

    ModelPrice priceFor(const QString &model) const;
};

// Defaults plus the API key from DIFFTRIAGE_LLM_API_KEY, else OPENAI_API_KEY, and the response
// cache under the user's cache directory.
LlmSettings llmSettingsFromEnvironment();

// Applies `--llm-url URL --llm-model NAME --allow-remote-llm --max-cost X --llm-temperature T
// --llm-max-tokens N --llm-timeout S --llm-concurrency N --llm-rpm N --llm-tpm N --llm-retries N
// --llm-cache DIR|none --llm-price MODEL=IN,OUT --llm-no-tools` to `settings`; other arguments
// are left for the caller. Errors name the bad flag.
Status applyLlmArguments(LlmSettings &settings, const QStringList &arguments);

bool isLoopbackEndpoint(const QUrl &url);

// Code leaves the machine only with consent: a non-loopback endpoint needs allowRemote.
Status checkLlmSettings(const LlmSettings &settings);

} // namespace difftriage::engine
