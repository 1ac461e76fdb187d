#pragma once

#include "core/Expected.h"
#include "llm/LlmSettings.h"
#include "report/Report.h"

#include <QCommandLineParser>
#include <atomic>

namespace difftriage::cli {

// --suggest heuristic|llm: who suggests a verdict for each difference. `llm` asks the model the
// --llm-* flags name (a remote endpoint needs --allow-remote-llm, as for --generator llm); what
// it cannot answer keeps the offline heuristic's suggestion, with a note.
class SuggestOptions final
{
public:
    static void add(QCommandLineParser &parser);
    // Checks the choice and, for llm, the endpoint and consent, before any long work starts.
    static engine::Expected<SuggestOptions> from(const QCommandLineParser &parser,
                                                 const engine::LlmSettings &llm);

    bool usesLlm() const { return m_useLlm; }
    // Rewrites the report's suggestions: the heuristic's, then the model's where it answers.
    engine::Status apply(engine::Report &report, const std::atomic_bool *cancel = nullptr) const;

private:
    bool m_useLlm = false;
    engine::LlmSettings m_llm;
};

} // namespace difftriage::cli
