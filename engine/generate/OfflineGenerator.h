#pragma once

#include "core/PythonInterpreter.h"
#include "generate/Generator.h"

namespace difftriage::engine {

// The default generator: no model, no network. Drives generate.py (change-directed, coverage-guided
// search over argument values mined from types, defaults, the changed code and the project's
// tests), deterministic for a seed.
class OfflineGenerator final : public Generator
{
public:
    explicit OfflineGenerator(PythonInterpreter python);

    Expected<QList<Candidate>> generate(const GenerationRequest &request) override;
    Expected<std::optional<Candidate>> repair(const Candidate &test,
                                              const RepairProblem &problem) override;
    Expected<QList<Candidate>> simplify(const Candidate &test,
                                        const GenerationRequest &context) override;
    // One helper call for all: the targets' plans are built once, not once per test.
    Expected<QList<QList<Candidate>>> simplifyEach(const QList<Candidate> &tests,
                                                   const GenerationRequest &context) override;

private:
    Expected<nlohmann::json> call(const QString &mode, const nlohmann::json &request);

    PythonInterpreter m_python;
};

nlohmann::json toJson(const GenerationRequest &request);

} // namespace difftriage::engine
