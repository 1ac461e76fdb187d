// The one table of the shared vocabulary's spellings and labels. tst_vocabulary checks that every
// value round-trips and that these spellings appear as string literals nowhere else.
#include "core/Vocabulary.h"

#include <QCoreApplication>

namespace difftriage::engine {

namespace {

constexpr Term<DifferenceKind> DifferenceKinds[] = {
    {DifferenceKind::DifferentException, "different_exception",
     QT_TRANSLATE_NOOP("Vocabulary", "different exception")},
    {DifferenceKind::OnlyOldRaises, "only_old_raises",
     QT_TRANSLATE_NOOP("Vocabulary", "only old raises")},
    {DifferenceKind::OnlyNewRaises, "only_new_raises",
     QT_TRANSLATE_NOOP("Vocabulary", "only new raises")},
    {DifferenceKind::DifferentOutput, "different_output",
     QT_TRANSLATE_NOOP("Vocabulary", "output differs")},
    {DifferenceKind::OnlyOldAborts, "only_old_aborts",
     QT_TRANSLATE_NOOP("Vocabulary", "only old aborts")},
    {DifferenceKind::OnlyNewAborts, "only_new_aborts",
     QT_TRANSLATE_NOOP("Vocabulary", "only new aborts")},
    {DifferenceKind::ApiChange, "api_change", QT_TRANSLATE_NOOP("Vocabulary", "API change")},
    {DifferenceKind::DifferentWarnings, "different_warnings",
     QT_TRANSLATE_NOOP("Vocabulary", "different warnings")},
};

constexpr Term<Verdict> Verdicts[] = {
    {Verdict::None, "untriaged", QT_TRANSLATE_NOOP("Vocabulary", "Undecided")},
    {Verdict::Intended, "intended", QT_TRANSLATE_NOOP("Vocabulary", "Intended")},
    {Verdict::Regression, "regression", QT_TRANSLATE_NOOP("Vocabulary", "Regression")},
    {Verdict::CoincidentalFix, "coincidental_fix",
     QT_TRANSLATE_NOOP("Vocabulary", "Coincidental fix")},
    {Verdict::SpecUndecided, "spec_undecided", QT_TRANSLATE_NOOP("Vocabulary", "Spec undecided")},
    {Verdict::InvalidTest, "invalid_test", QT_TRANSLATE_NOOP("Vocabulary", "Invalid test")},
};

constexpr Term<RelationDecision> RelationDecisions[] = {
    {RelationDecision::None, "untriaged", QT_TRANSLATE_NOOP("Vocabulary", "Undecided")},
    {RelationDecision::RelationWrong, "relation_wrong",
     QT_TRANSLATE_NOOP("Vocabulary", "Relation wrong")},
    {RelationDecision::ImplementationWrong, "implementation_wrong",
     QT_TRANSLATE_NOOP("Vocabulary", "Implementation wrong")},
    {RelationDecision::SpecUndecided, "spec_undecided",
     QT_TRANSLATE_NOOP("Vocabulary", "Spec undecided")},
};

constexpr Term<StopReason> StopReasons[] = {
    {StopReason::EffortSpent, "effort_spent",
     QT_TRANSLATE_NOOP("Vocabulary", "the effort's tests spent")},
    {StopReason::Plateau, "plateau", QT_TRANSLATE_NOOP("Vocabulary", "nothing new in any target")},
    {StopReason::Budget, "budget", QT_TRANSLATE_NOOP("Vocabulary", "test budget spent")},
    {StopReason::TimeBudget, "time_budget", QT_TRANSLATE_NOOP("Vocabulary", "time budget spent")},
    {StopReason::Cancelled, "cancelled", QT_TRANSLATE_NOOP("Vocabulary", "cancelled")},
    {StopReason::NothingToAnalyse, "nothing_to_analyse",
     QT_TRANSLATE_NOOP("Vocabulary", "no changed Python code")},
    {StopReason::FullCoverage, "full_coverage",
     QT_TRANSLATE_NOOP("Vocabulary", "every changed line covered")},
    {StopReason::NoGain, "no_gain", QT_TRANSLATE_NOOP("Vocabulary", "a round added nothing")},
};

constexpr Term<Effort> Efforts[] = {
    {Effort::Quick, "quick", QT_TRANSLATE_NOOP("Vocabulary", "quick")},
    {Effort::Normal, "normal", QT_TRANSLATE_NOOP("Vocabulary", "normal")},
    {Effort::Thorough, "thorough", QT_TRANSLATE_NOOP("Vocabulary", "thorough")},
};

constexpr Term<SandboxLevel> SandboxLevels[] = {
    {SandboxLevel::Full, "full", QT_TRANSLATE_NOOP("Vocabulary", "full")},
    {SandboxLevel::Degraded, "degraded", QT_TRANSLATE_NOOP("Vocabulary", "degraded")},
};

constexpr Term<RelationSignal> RelationSignals[] = {
    {RelationSignal::None, "none", QT_TRANSLATE_NOOP("Vocabulary", "no signal")},
    {RelationSignal::Regression, "regression",
     QT_TRANSLATE_NOOP("Vocabulary", "regression signal")},
    {RelationSignal::CoincidentalFix, "coincidental_fix",
     QT_TRANSLATE_NOOP("Vocabulary", "coincidental-fix signal")},
};

constexpr Term<RelationVerdict> RelationVerdicts[] = {
    {RelationVerdict::Holds, "holds", QT_TRANSLATE_NOOP("Vocabulary", "holds")},
    {RelationVerdict::Breaks, "breaks", QT_TRANSLATE_NOOP("Vocabulary", "breaks")},
    {RelationVerdict::NotObserved, "not_observed", QT_TRANSLATE_NOOP("Vocabulary", "not reached")},
};

constexpr Term<RunStatus> RunStatuses[] = {
    {RunStatus::Ok, "ok", QT_TRANSLATE_NOOP("Vocabulary", "returned")},
    {RunStatus::Raised, "raised", QT_TRANSLATE_NOOP("Vocabulary", "raised")},
    {RunStatus::Exited, "exited", QT_TRANSLATE_NOOP("Vocabulary", "exited")},
    {RunStatus::Timeout, "timeout", QT_TRANSLATE_NOOP("Vocabulary", "timed out")},
    {RunStatus::Killed, "killed", QT_TRANSLATE_NOOP("Vocabulary", "killed")},
    {RunStatus::Crashed, "crashed", QT_TRANSLATE_NOOP("Vocabulary", "crashed")},
};

constexpr Term<TestFate> TestFates[] = {
    {TestFate::Same, "same", QT_TRANSLATE_NOOP("Vocabulary", "same behaviour")},
    {TestFate::Difference, "difference", QT_TRANSLATE_NOOP("Vocabulary", "difference")},
    {TestFate::Duplicate, "duplicate", QT_TRANSLATE_NOOP("Vocabulary", "duplicate")},
    {TestFate::Flaky, "flaky", QT_TRANSLATE_NOOP("Vocabulary", "flaky")},
};

constexpr Term<FunctionKind> FunctionKinds[] = {
    {FunctionKind::Public, "public", QT_TRANSLATE_NOOP("Vocabulary", "public")},
    {FunctionKind::Private, "private", QT_TRANSLATE_NOOP("Vocabulary", "private")},
    {FunctionKind::Special, "special", QT_TRANSLATE_NOOP("Vocabulary", "special")},
};

constexpr Term<Presence> Presences[] = {
    {Presence::Both, "both", QT_TRANSLATE_NOOP("Vocabulary", "both versions")},
    {Presence::OldOnly, "old_only", QT_TRANSLATE_NOOP("Vocabulary", "old version only")},
    {Presence::NewOnly, "new_only", QT_TRANSLATE_NOOP("Vocabulary", "new version only")},
};

constexpr Term<AccessRoute> AccessRoutes[] = {
    {AccessRoute::Function, "function", QT_TRANSLATE_NOOP("Vocabulary", "function")},
    {AccessRoute::Method, "method", QT_TRANSLATE_NOOP("Vocabulary", "method")},
    {AccessRoute::Special, "special", QT_TRANSLATE_NOOP("Vocabulary", "special method")},
    {AccessRoute::CallPath, "call_path", QT_TRANSLATE_NOOP("Vocabulary", "call path")},
};

constexpr Term<Confidence> Confidences[] = {
    {Confidence::Low, "low", QT_TRANSLATE_NOOP("Vocabulary", "low confidence")},
    {Confidence::Medium, "medium", QT_TRANSLATE_NOOP("Vocabulary", "medium confidence")},
    {Confidence::High, "high", QT_TRANSLATE_NOOP("Vocabulary", "high confidence")},
};

constexpr Term<SuggestionSource> SuggestionSources[] = {
    {SuggestionSource::Heuristic, "heuristic",
     QT_TRANSLATE_NOOP("Vocabulary", "offline heuristic")},
    {SuggestionSource::Llm, "llm", QT_TRANSLATE_NOOP("Vocabulary", "language model")},
};

constexpr Term<GeneratorKind> GeneratorKinds[] = {
    {GeneratorKind::Offline, "offline", QT_TRANSLATE_NOOP("Vocabulary", "offline generator")},
    {GeneratorKind::Llm, "llm", QT_TRANSLATE_NOOP("Vocabulary", "language model")},
};

constexpr Term<AttributionStatus> AttributionStatuses[] = {
    {AttributionStatus::Attributed, "attributed",
     QT_TRANSLATE_NOOP("Vocabulary", "introduced by one change")},
    {AttributionStatus::NotReproduced, "not_reproduced",
     QT_TRANSLATE_NOOP("Vocabulary", "not reproduced")},
    {AttributionStatus::CannotRun, "cannot_run",
     QT_TRANSLATE_NOOP("Vocabulary", "the test cannot run at a probed revision")},
    {AttributionStatus::ChangedMoreThanOnce, "changed_more_than_once",
     QT_TRANSLATE_NOOP("Vocabulary", "the behaviour changed more than once")},
};

constexpr Term<ProbeBehaviour> ProbeBehaviours[] = {
    {ProbeBehaviour::LikeOld, "like_old", QT_TRANSLATE_NOOP("Vocabulary", "like the old end")},
    {ProbeBehaviour::LikeNew, "like_new", QT_TRANSLATE_NOOP("Vocabulary", "like the new end")},
    {ProbeBehaviour::Neither, "neither", QT_TRANSLATE_NOOP("Vocabulary", "like neither end")},
    {ProbeBehaviour::CannotRun, "cannot_run", QT_TRANSLATE_NOOP("Vocabulary", "cannot run")},
};

constexpr Term<HeadPresence> HeadPresences[] = {
    {HeadPresence::Unchecked, "unchecked", QT_TRANSLATE_NOOP("Vocabulary", "not checked")},
    {HeadPresence::Present, "present", QT_TRANSLATE_NOOP("Vocabulary", "present at the head")},
    {HeadPresence::NotPresent, "not_present",
     QT_TRANSLATE_NOOP("Vocabulary", "not present at the head")},
    {HeadPresence::ChangedAgain, "changed_again",
     QT_TRANSLATE_NOOP("Vocabulary", "changed again before the head")},
};

constexpr Term<ChangeState> ChangeStates[] = {
    {ChangeState::Merged, "merged", QT_TRANSLATE_NOOP("Vocabulary", "merged")},
    {ChangeState::Open, "open", QT_TRANSLATE_NOOP("Vocabulary", "open")},
    {ChangeState::Branch, "branch", QT_TRANSLATE_NOOP("Vocabulary", "branch")},
    {ChangeState::Manual, "manual", QT_TRANSLATE_NOOP("Vocabulary", "chosen revisions")},
    {ChangeState::Direct, "direct", QT_TRANSLATE_NOOP("Vocabulary", "direct commit")},
};

} // namespace

#define DIFFTRIAGE_VOCABULARY(Enum, table)                                                         \
    template <> std::span<const Term<Enum>> terms<Enum>()                                          \
    {                                                                                              \
        return table;                                                                              \
    }

DIFFTRIAGE_VOCABULARY(DifferenceKind, DifferenceKinds)
DIFFTRIAGE_VOCABULARY(Verdict, Verdicts)
DIFFTRIAGE_VOCABULARY(RelationDecision, RelationDecisions)
DIFFTRIAGE_VOCABULARY(StopReason, StopReasons)
DIFFTRIAGE_VOCABULARY(Effort, Efforts)
DIFFTRIAGE_VOCABULARY(SandboxLevel, SandboxLevels)
DIFFTRIAGE_VOCABULARY(RelationSignal, RelationSignals)
DIFFTRIAGE_VOCABULARY(RelationVerdict, RelationVerdicts)
DIFFTRIAGE_VOCABULARY(RunStatus, RunStatuses)
DIFFTRIAGE_VOCABULARY(TestFate, TestFates)
DIFFTRIAGE_VOCABULARY(FunctionKind, FunctionKinds)
DIFFTRIAGE_VOCABULARY(Presence, Presences)
DIFFTRIAGE_VOCABULARY(AccessRoute, AccessRoutes)
DIFFTRIAGE_VOCABULARY(Confidence, Confidences)
DIFFTRIAGE_VOCABULARY(SuggestionSource, SuggestionSources)
DIFFTRIAGE_VOCABULARY(GeneratorKind, GeneratorKinds)
DIFFTRIAGE_VOCABULARY(AttributionStatus, AttributionStatuses)
DIFFTRIAGE_VOCABULARY(ProbeBehaviour, ProbeBehaviours)
DIFFTRIAGE_VOCABULARY(HeadPresence, HeadPresences)
DIFFTRIAGE_VOCABULARY(ChangeState, ChangeStates)

#undef DIFFTRIAGE_VOCABULARY

QString translatedLabel(const char *label)
{
    return QCoreApplication::translate("Vocabulary", label);
}

int severity(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Regression:
        return 5;
    case Verdict::CoincidentalFix:
        return 4;
    case Verdict::SpecUndecided:
        return 3;
    case Verdict::Intended:
        return 2;
    case Verdict::InvalidTest:
        return 1;
    case Verdict::None:
        break;
    }
    return 0;
}

Verdict suggestedBy(RelationSignal signal)
{
    switch (signal) {
    case RelationSignal::Regression:
        return Verdict::Regression;
    case RelationSignal::CoincidentalFix:
        return Verdict::CoincidentalFix;
    case RelationSignal::None:
        break;
    }
    return Verdict::None;
}

} // namespace difftriage::engine
