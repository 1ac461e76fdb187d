#pragma once

#include "core/Vocabulary.h"
#include "execute/TestOutcome.h"
#include "generate/Generator.h"

#include <QList>
#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace difftriage::engine {

// One executed candidate and what it did on each version.
struct TestRecord
{
    QString id; // a hash of the code: the same test has the same id in every run
    int round = 0;
    Candidate candidate;
    TestOutcome oldRun;
    TestOutcome newRun;
    // What became of it. A difference seen only in a search batch is the same behaviour: run
    // alone, the test behaves alike on both versions.
    TestFate fate = TestFate::Same;
    bool novel = false; // a new covered line, outcome signature or difference for its target
};

// A confirmed behavioural difference: stable over every rerun of both versions.
struct FoundDifference
{
    QString testId;
    DifferenceKind kind = DifferenceKind::DifferentOutput;
    Candidate original;
    Candidate shrunk;
    TestOutcome oldRun; // of the shrunk test
    TestOutcome newRun;
};

QString testIdFor(const QString &code);
nlohmann::json toJson(const TestRecord &record);
std::optional<TestRecord> testRecordFromJson(const nlohmann::json &object);
nlohmann::json toJson(const Candidate &candidate);
Candidate candidateFromJson(const nlohmann::json &object);

} // namespace difftriage::engine
