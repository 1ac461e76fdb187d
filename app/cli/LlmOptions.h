#pragma once

#include "core/Expected.h"
#include "llm/LlmSettings.h"

#include <QCommandLineParser>

namespace difftriage::cli {

// --llm-url, --llm-model, --allow-remote-llm, --max-cost and the client's tuning flags (see
// engine/llm/LlmSettings.h). The API key comes from DIFFTRIAGE_LLM_API_KEY or OPENAI_API_KEY,
// never from a flag: flags end up in shell histories and process lists.
void addLlmOptions(QCommandLineParser &parser);
// The environment's settings with the flags applied; errors name the bad flag.
engine::Expected<engine::LlmSettings> llmSettingsFrom(const QCommandLineParser &parser);

} // namespace difftriage::cli
