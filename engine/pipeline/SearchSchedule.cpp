#include "pipeline/SearchSchedule.h"

#include "pipeline/AnalysisOptions.h"

#include <algorithm>

namespace difftriage::engine {

SearchSchedule scheduleFor(Effort effort)
{
    // Measured on the 2-core development VM (docs/BENCHMARKS.md): quick takes seconds per change,
    // normal about a minute for a typical change of a real library, thorough several.
    switch (effort) {
    case Effort::Quick:
        return {effort, 240, 8, 60, 40, 0, 30, 60};
    case Effort::Normal:
        return {effort, 2400, 24, 200, 150, 0, 60, 150};
    case Effort::Thorough:
        return {effort, 10000, 60, 400, 500, 0, 120, 400};
    }
    return scheduleFor(Effort::Normal);
}

SearchSchedule scheduleFor(const UserChoices &choices)
{
    SearchSchedule schedule = scheduleFor(choices.effort);
    if (choices.maxTests > 0 && choices.maxTests < schedule.tests) {
        schedule.testCap = choices.maxTests;
        schedule.tests = choices.maxTests;
    }
    if (choices.candidatesPerRound > 0)
        schedule.candidatesPerRound = choices.candidatesPerRound;
    if (choices.maxRounds > 0)
        schedule.rounds = choices.maxRounds;
    if (choices.plateauTests > 0)
        schedule.plateauTests = choices.plateauTests;
    schedule.candidatesPerRound = std::max(1, schedule.candidatesPerRound);
    return schedule;
}

} // namespace difftriage::engine
