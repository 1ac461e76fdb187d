#pragma once

#include "core/Vocabulary.h"

namespace difftriage::engine {

struct UserChoices;

// The budget an effort spends (docs/SEARCH.md): a deterministic schedule of test counts, so that
// the seed still decides the report; --time-budget stays an outer guard.
struct SearchSchedule
{
    Effort effort = Effort::Normal;
    int tests = 0;              // tests run on both versions, at most
    int rounds = 0;             // generator requests, at most
    int candidatesPerRound = 0; // what one request may return
    int plateauTests = 0; // K: tests without anything new before a target or strategy plateaus
    int testCap = 0;      // the user's --max-tests (0: none); stop reason `budget`
    // The project's own suite, run once before the rounds to find the tests that reach the
    // change: candidate test files and tests run on the old version, at most.
    int projectTestFiles = 0;
    int projectTests = 0;
};

// Escalation levels of the generator's strategies: direct, input model, broad (gen/registry.py).
inline constexpr int EscalationLevels = 3;

SearchSchedule scheduleFor(Effort effort);
// The effort's schedule with the tuning that tests and benchmarks set (0 keeps the effort's).
SearchSchedule scheduleFor(const UserChoices &choices);

} // namespace difftriage::engine
