#pragma once

#include "core/Expected.h"
#include "core/Vocabulary.h"
#include "llm/LlmSettings.h"

#include <QCommandLineParser>

namespace difftriage::cli {

// --suggest heuristic|llm: who suggests a verdict for each difference. `llm` asks the model the
// --llm-* flags name (a remote endpoint needs --allow-remote-llm, as for --generator llm); what
// it cannot answer keeps the offline heuristic's suggestion, with a note.
void addSuggestOption(QCommandLineParser &parser);
// The choice, checked with the endpoint and consent for llm before any long work starts.
engine::Expected<engine::SuggestionSource> suggestionSourceFrom(const QCommandLineParser &parser,
                                                                const engine::LlmSettings &llm);

} // namespace difftriage::cli
