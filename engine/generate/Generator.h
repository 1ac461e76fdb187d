#pragma once

#include "core/Expected.h"
#include "targets/Targets.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

namespace difftriage::engine {

// A candidate test: an ordinary, readable Python snippet aimed at one changed function.
struct Candidate
{
    QString target;
    QString entry;
    QString code;
    nlohmann::json genome; // the structured call it was built from (for mutation and shrinking)
    QString strategy = {}; // the generator's strategy that made it (gen/registry.py); may be empty
};

// What a generator is told about earlier tests: where they went and what is still unreached.
struct FeedbackTest
{
    QString id;
    QString target;
    nlohmann::json genome;
    nlohmann::json covered; // {"old": {file: [lines]}, "new": {...}}
    QString outcome;        // the old side's run status
    QString strategy = {};
    bool novel = false; // it covered a new line or showed a new outcome signature
};

struct GenerationRequest
{
    quint64 seed = 1;
    int round = 0;
    int maxCandidates = 40;
    QString oldRoot, newRoot;
    QString oldImportRoot, newImportRoot;
    const Targets *targets = nullptr;
    QList<FeedbackTest> feedback;
    nlohmann::json uncovered = nlohmann::json::object(); // {target: {"old": [...], "new": [...]}}
    nlohmann::json relations = nlohmann::json::object(); // `.difftriage.json`'s "relations"
    // The targets still searched, each with its level and plateaued strategies; null: all.
    nlohmann::json schedule = nullptr;
    // The project's own tests that reached a changed line of the old version:
    // {"tests": [{file, name, covered}]} (ProjectTestDiscovery); null when there are none.
    nlohmann::json projectTests;
    QStringList disabledStrategies; // switched off by name (gen/registry.py): ablation, diagnosis
};

// Why a test needs repair: a static problem (syntax, unresolvable names) or a runtime error that
// happened on both versions. An error on one side only is a difference, never repaired away.
struct RepairProblem
{
    enum class Kind
    {
        Static,
        Runtime
    };
    Kind kind = Kind::Static;
    QString message;
};

// The generators' shared interface; the pipeline enforces the repair limits (≤ 5 each).
class Generator
{
public:
    virtual ~Generator() = default;
    virtual Expected<QList<Candidate>> generate(const GenerationRequest &request) = 0;
    // A repaired test, or nullopt when this generator cannot repair it.
    virtual Expected<std::optional<Candidate>> repair(const Candidate &test,
                                                      const RepairProblem &problem) = 0;
    // Simpler variants of a test, most preferred first, for shrinking differences.
    virtual Expected<QList<Candidate>> simplify(const Candidate &test,
                                                const GenerationRequest &context) = 0;
    // Each test's variants, in one go where the generator can (a shrinking step takes every
    // difference at once); by default one simplify() per test.
    virtual Expected<QList<QList<Candidate>>> simplifyEach(const QList<Candidate> &tests,
                                                           const GenerationRequest &context)
    {
        QList<QList<Candidate>> out;
        for (const Candidate &test : tests) {
            auto variants = simplify(test, context);
            if (!variants)
                return variants.error();
            out << std::move(*variants);
        }
        return out;
    }
};

} // namespace difftriage::engine
