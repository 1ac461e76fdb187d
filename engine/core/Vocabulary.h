#pragma once

#include <QString>
#include <optional>
#include <span>

namespace difftriage::engine {

// The shared vocabulary (docs/ARCHITECTURE.md, "Vocabulary"): every word the report, the CLI, the
// GUI and the exports agree on is an enum here, with one table of spellings in Vocabulary.cpp: the
// JSON spelling (the report, the CLI's arguments, the helpers' protocols) and the English label
// the user reads (translated through the "Vocabulary" context). Strings appear only at the edges:
// parse with fromSpelling, write with spelling, show with label.

// Definition 2's kinds of behavioural difference, plus api_change and different_warnings.
enum class DifferenceKind
{
    DifferentException,
    OnlyOldRaises,
    OnlyNewRaises,
    DifferentOutput,
    OnlyOldAborts,
    OnlyNewAborts,
    ApiChange,
    DifferentWarnings,
};

// The reviewer's decision on one difference. None is undecided: JSON null in the report.
enum class Verdict
{
    None,
    Intended,
    Regression,
    CoincidentalFix,
    SpecUndecided,
    InvalidTest,
};

inline constexpr Verdict AllVerdicts[] = {Verdict::Intended, Verdict::Regression,
                                          Verdict::CoincidentalFix, Verdict::SpecUndecided,
                                          Verdict::InvalidTest};

// The reviewer's decision on a relation that breaks on both versions: which of the three is
// wrong. None is undecided: JSON null in the report.
enum class RelationDecision
{
    None,
    RelationWrong,       // the relation does not hold for this input: the check is wrong
    ImplementationWrong, // the relation should hold: both versions have the bug
    SpecUndecided,       // the specification does not say
};

inline constexpr RelationDecision AllRelationDecisions[] = {RelationDecision::RelationWrong,
                                                            RelationDecision::ImplementationWrong,
                                                            RelationDecision::SpecUndecided};

// Why the search stopped (docs/SEARCH.md). FullCoverage and NoGain end no search any more: reports
// written before the search spent its budget carry them.
enum class StopReason
{
    EffortSpent, // the effort's tests or rounds are spent
    Plateau,     // every target plateaued at its last level
    Budget,      // the --max-tests cap
    TimeBudget,
    Cancelled,
    NothingToAnalyse,
    FullCoverage,
    NoGain,
};

// How much testing an analysis spends: a deterministic schedule of tests (docs/SEARCH.md).
enum class Effort
{
    Quick,
    Normal,
    Thorough,
};
inline constexpr Effort AllEfforts[] = {Effort::Quick, Effort::Normal, Effort::Thorough};

enum class SandboxLevel
{
    Full,     // bubblewrap: namespaces, only the trees and the interpreter visible
    Degraded, // Landlock + seccomp + rlimits, where bubblewrap cannot run
};

// What a relation check's change of verdict says about the change.
enum class RelationSignal
{
    None,
    Regression,      // held on the old version, breaks on the new
    CoincidentalFix, // broke on the old version, holds on the new
};

// What a relation check printed on one version.
enum class RelationVerdict
{
    Holds,
    Breaks,
    NotObserved, // the check raised or stopped before its verdict
};

// How one run of one snippet ended; the runner's spelling too.
enum class RunStatus
{
    Ok,      // ran to the end
    Raised,  // an exception escaped the snippet (or a test function failed)
    Exited,  // sys.exit() / os._exit()
    Timeout, // killed at the time limit
    Killed,  // killed for its output, a resource limit or a non-crash signal
    Crashed, // a crash signal, or the worker itself died during the test
};

// What became of a generated test.
enum class TestFate
{
    Same,       // both versions behaved alike
    Difference, // a confirmed difference
    Duplicate,  // a difference of a cause already reported, not rerun
    Flaky,      // a rerun disagreed with the first run: discarded
};

// Access information: how a changed function is reached.
enum class FunctionKind
{
    Public,
    Private,
    Special,
};

// In which versions a function or an access path exists.
enum class Presence
{
    Both,
    OldOnly,
    NewOnly,
};

// How an access path reaches a changed function.
enum class AccessRoute
{
    Function, // a public function called directly
    Method,   // a public method of a public class
    Special,  // a special method, triggered by an operator or a builtin
    CallPath, // a public entry point whose call path reaches a private function
};

enum class Confidence
{
    Low,
    Medium,
    High,
};

// Who suggested a verdict.
enum class SuggestionSource
{
    Heuristic,
    Llm,
};

// Who writes the candidate tests.
enum class GeneratorKind
{
    Offline,
    Llm,
};

// What attribution found out about one difference of a range (docs/RELEASE.md).
enum class AttributionStatus
{
    Attributed,          // one step of the first-parent line introduced it: a PR or a direct commit
    NotReproduced,       // the test no longer differs between the range's base and head
    CannotRun,           // the test cannot run at some probed revision
    ChangedMoreThanOnce, // a probed revision behaves like neither end
};

// How the tree of one probed revision behaved on a difference's test.
enum class ProbeBehaviour
{
    LikeOld,   // as at the old end
    LikeNew,   // as at the new end
    Neither,   // a third behaviour
    CannotRun, // the tree could not run it (no tree, a failed import, an abort)
};

// Whether a PR's difference is still there at a release's head (`merge --head`).
enum class HeadPresence
{
    Unchecked,    // not run on the head
    Present,      // the head behaves as the PR's new version
    NotPresent,   // the head behaves as the PR's old version again: a later change reverted it
    ChangedAgain, // the head behaves as neither: a later change changed it again
};

// How a change reached the repository, as the PR list shows it.
enum class ChangeState
{
    Merged, // a merge or squash commit on the default branch
    Open,   // a fetched PR ref (refs/pull/N/head) not yet merged
    Branch, // a local or remote-tracking branch not yet merged
    Manual, // two revisions the user named
    Direct, // a commit made straight on the first-parent line, not through a PR
};

template <typename Enum> struct Term
{
    Enum value;
    const char *spelling; // JSON and command line
    const char *label;    // English; translated in the "Vocabulary" context
};

// Each vocabulary's table, in declaration order (specialised in Vocabulary.cpp).
template <typename Enum> std::span<const Term<Enum>> terms();

template <> std::span<const Term<DifferenceKind>> terms<DifferenceKind>();
template <> std::span<const Term<Verdict>> terms<Verdict>();
template <> std::span<const Term<RelationDecision>> terms<RelationDecision>();
template <> std::span<const Term<StopReason>> terms<StopReason>();
template <> std::span<const Term<Effort>> terms<Effort>();
template <> std::span<const Term<SandboxLevel>> terms<SandboxLevel>();
template <> std::span<const Term<RelationSignal>> terms<RelationSignal>();
template <> std::span<const Term<RelationVerdict>> terms<RelationVerdict>();
template <> std::span<const Term<RunStatus>> terms<RunStatus>();
template <> std::span<const Term<TestFate>> terms<TestFate>();
template <> std::span<const Term<FunctionKind>> terms<FunctionKind>();
template <> std::span<const Term<Presence>> terms<Presence>();
template <> std::span<const Term<AccessRoute>> terms<AccessRoute>();
template <> std::span<const Term<Confidence>> terms<Confidence>();
template <> std::span<const Term<SuggestionSource>> terms<SuggestionSource>();
template <> std::span<const Term<GeneratorKind>> terms<GeneratorKind>();
template <> std::span<const Term<AttributionStatus>> terms<AttributionStatus>();
template <> std::span<const Term<ProbeBehaviour>> terms<ProbeBehaviour>();
template <> std::span<const Term<HeadPresence>> terms<HeadPresence>();
template <> std::span<const Term<ChangeState>> terms<ChangeState>();

// Whether Enum is one of the vocabularies above.
template <typename Enum> inline constexpr bool IsVocabulary = false;
template <> inline constexpr bool IsVocabulary<DifferenceKind> = true;
template <> inline constexpr bool IsVocabulary<Verdict> = true;
template <> inline constexpr bool IsVocabulary<RelationDecision> = true;
template <> inline constexpr bool IsVocabulary<StopReason> = true;
template <> inline constexpr bool IsVocabulary<Effort> = true;
template <> inline constexpr bool IsVocabulary<SandboxLevel> = true;
template <> inline constexpr bool IsVocabulary<RelationSignal> = true;
template <> inline constexpr bool IsVocabulary<RelationVerdict> = true;
template <> inline constexpr bool IsVocabulary<RunStatus> = true;
template <> inline constexpr bool IsVocabulary<TestFate> = true;
template <> inline constexpr bool IsVocabulary<FunctionKind> = true;
template <> inline constexpr bool IsVocabulary<Presence> = true;
template <> inline constexpr bool IsVocabulary<AccessRoute> = true;
template <> inline constexpr bool IsVocabulary<Confidence> = true;
template <> inline constexpr bool IsVocabulary<SuggestionSource> = true;
template <> inline constexpr bool IsVocabulary<GeneratorKind> = true;
template <> inline constexpr bool IsVocabulary<AttributionStatus> = true;
template <> inline constexpr bool IsVocabulary<ProbeBehaviour> = true;
template <> inline constexpr bool IsVocabulary<HeadPresence> = true;
template <> inline constexpr bool IsVocabulary<ChangeState> = true;

QString translatedLabel(const char *label);

template <typename Enum> QString spelling(Enum value)
{
    for (const Term<Enum> &term : terms<Enum>())
        if (term.value == value)
            return QString::fromLatin1(term.spelling);
    return QString();
}

template <typename Enum> std::optional<Enum> fromSpelling(const QString &text)
{
    for (const Term<Enum> &term : terms<Enum>())
        if (text == QLatin1String(term.spelling))
            return term.value;
    return std::nullopt;
}

template <typename Enum> QString label(Enum value)
{
    for (const Term<Enum> &term : terms<Enum>())
        if (term.value == value)
            return translatedLabel(term.label);
    return QString();
}

// The accepted spellings, for error messages: "offline or llm".
template <typename Enum> QString spellingChoices()
{
    QString out;
    const auto all = terms<Enum>();
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (i > 0)
            out += i + 1 == all.size() ? QStringLiteral(" or ") : QStringLiteral(", ");
        out += QString::fromLatin1(all[i].spelling);
    }
    return out;
}

// Higher is more severe: regression > coincidental_fix > spec_undecided > intended >
// invalid_test > undecided. A PR's overall status is its most severe verdict.
int severity(Verdict verdict);

// The verdict a relation signal suggests; None for no signal.
Verdict suggestedBy(RelationSignal signal);

} // namespace difftriage::engine
