#pragma once

#include <QString>
#include <QtGlobal>

// Every sentence an intent suggestion gives as a reason, written once. The report keeps reasons in
// English; the window shows them in the reader's language by matching a stored sentence against
// this table (translatedReason), so reports written by the command line read translated too.
namespace difftriage::engine::reason {

inline constexpr const char *PrSays = QT_TRANSLATE_NOOP("Reason", "the PR says %1");
inline constexpr const char *PrSaysButAlso =
    QT_TRANSLATE_NOOP("Reason", "the PR says %1 but also %2");
inline constexpr const char *PrAnnouncesChange =
    QT_TRANSLATE_NOOP("Reason", "the PR announces a change (%1)");
inline constexpr const char *TitleAnnouncesChange =
    QT_TRANSLATE_NOOP("Reason", "the title announces a change (%1)");
inline constexpr const char *PrSaysItFixes =
    QT_TRANSLATE_NOOP("Reason", "the PR says it fixes something (%1)");
inline constexpr const char *PrDescribesTidyUp =
    QT_TRANSLATE_NOOP("Reason", "the PR describes a tidy-up (%1) and announces no change");
inline constexpr const char *PrSilentOnBehaviour =
    QT_TRANSLATE_NOOP("Reason", "the PR does not say what behaviour it means to change");
inline constexpr const char *PrNames = QT_TRANSLATE_NOOP("Reason", "the PR names %1");
inline constexpr const char *PrMentionsWordsOf =
    QT_TRANSLATE_NOOP("Reason", "the PR mentions \"%1\" (from %2)");
inline constexpr const char *PrMentionsModuleNotTarget =
    QT_TRANSLATE_NOOP("Reason", "the PR mentions %1 but not %2");
inline constexpr const char *PrDoesNotMention =
    QT_TRANSLATE_NOOP("Reason", "the PR does not mention %1");
inline constexpr const char *PrSaysTargetDoes = QT_TRANSLATE_NOOP("Reason", "the PR says %1 %2");
inline constexpr const char *PrSaysTargetStays =
    QT_TRANSLATE_NOOP("Reason", "the PR says %1 stays %2");
inline constexpr const char *PrMentions = QT_TRANSLATE_NOOP("Reason", "the PR mentions %1");
inline constexpr const char *PrDoesNotNameException =
    QT_TRANSLATE_NOOP("Reason", "the PR does not name %1: handlers catching %2 may miss it");
inline constexpr const char *PrDescribesFailureFixed =
    QT_TRANSLATE_NOOP("Reason", "the PR describes %1 as a failure it fixes");
inline constexpr const char *PrDoesNotSayRaise =
    QT_TRANSLATE_NOOP("Reason", "the PR does not say it should raise");
inline constexpr const char *OnlyMessageDiffers =
    QT_TRANSLATE_NOOP("Reason", "both versions raise %1; only its message differs");
inline constexpr const char *ExceptionChanges =
    QT_TRANSLATE_NOOP("Reason", "the exception changes from %1 to %2");
inline constexpr const char *NewVersionRaises =
    QT_TRANSLATE_NOOP("Reason", "the new version raises %1 where the old one did not");
inline constexpr const char *OldVersionRaised =
    QT_TRANSLATE_NOOP("Reason", "the old version raised %1, the new one does not");
inline constexpr const char *BugWentAway =
    QT_TRANSLATE_NOOP("Reason", "%1 looks like a bug that went away");
inline constexpr const char *AcceptsWhatWasRejected =
    QT_TRANSLATE_NOOP("Reason", "the new version accepts what the old one rejected");
inline constexpr const char *EntryPointRemoved =
    QT_TRANSLATE_NOOP("Reason", "%1 cannot be reached on the new side: an entry point was removed");
inline constexpr const char *EntryPointAdded =
    QT_TRANSLATE_NOOP("Reason", "%1 can be reached on the new side only: an entry point was added");
inline constexpr const char *OnlyWhitespaceDiffers =
    QT_TRANSLATE_NOOP("Reason", "only whitespace differs in the output");
inline constexpr const char *OnlyCaseDiffers =
    QT_TRANSLATE_NOOP("Reason", "only letter case differs in the output");
inline constexpr const char *OnlyOrderDiffers =
    QT_TRANSLATE_NOOP("Reason", "only the order differs in the output");
inline constexpr const char *OutputDiffers = QT_TRANSLATE_NOOP("Reason", "the output differs");
inline constexpr const char *OnlyWarningsDiffer =
    QT_TRANSLATE_NOOP("Reason", "only the warnings differ");
inline constexpr const char *OnlyNewAborts =
    QT_TRANSLATE_NOOP("Reason", "only the new version times out or crashes, on every rerun");
inline constexpr const char *OnlyOldAborted =
    QT_TRANSLATE_NOOP("Reason", "only the old version timed out or crashed");
inline constexpr const char *RelationLost =
    QT_TRANSLATE_NOOP("Reason", "relation %1 holds on the old version and breaks on the new one");
inline constexpr const char *RelationGained =
    QT_TRANSLATE_NOOP("Reason", "relation %1 breaks on the old version and holds on the new one");
inline constexpr const char *SameClusterAs =
    QT_TRANSLATE_NOOP("Reason", "as for %1, of the same cluster");
inline constexpr const char *LlmFellBack =
    QT_TRANSLATE_NOOP("Reason", "LLM classifier gave no answer (%1); "
                                "the offline heuristic's suggestion is shown");
inline constexpr const char *AnswerNoteworthy = QT_TRANSLATE_NOOP("Reason", "noteworthy");
inline constexpr const char *AnswerMinor = QT_TRANSLATE_NOOP("Reason", "minor");
inline constexpr const char *AnswerDeterministic = QT_TRANSLATE_NOOP("Reason", "deterministic");
inline constexpr const char *AnswerNonDeterministic =
    QT_TRANSLATE_NOOP("Reason", "non-deterministic");
inline constexpr const char *AnswerPublic = QT_TRANSLATE_NOOP("Reason", "public");
inline constexpr const char *AnswerProjectInternal =
    QT_TRANSLATE_NOOP("Reason", "project-internal");
inline constexpr const char *AnswerLegalInput = QT_TRANSLATE_NOOP("Reason", "legal input");
inline constexpr const char *AnswerIllegalInput = QT_TRANSLATE_NOOP("Reason", "illegal input");
inline constexpr const char *AnswerIntended = QT_TRANSLATE_NOOP("Reason", "intended");
inline constexpr const char *AnswerUnintended = QT_TRANSLATE_NOOP("Reason", "unintended");
inline constexpr const char *OldOutputExpected =
    QT_TRANSLATE_NOOP("Reason", "the old output is expected");
inline constexpr const char *NewOutputExpected =
    QT_TRANSLATE_NOOP("Reason", "the new output is expected");
inline constexpr const char *NeitherOutputExpected =
    QT_TRANSLATE_NOOP("Reason", "neither output is clearly the expected one");

// All of them, for matching.
inline constexpr const char *All[] = {
    PrSays,
    PrSaysButAlso,
    PrAnnouncesChange,
    TitleAnnouncesChange,
    PrSaysItFixes,
    PrDescribesTidyUp,
    PrSilentOnBehaviour,
    PrNames,
    PrMentionsWordsOf,
    PrMentionsModuleNotTarget,
    PrDoesNotMention,
    PrSaysTargetDoes,
    PrSaysTargetStays,
    PrMentions,
    PrDoesNotNameException,
    PrDescribesFailureFixed,
    PrDoesNotSayRaise,
    OnlyMessageDiffers,
    ExceptionChanges,
    NewVersionRaises,
    OldVersionRaised,
    BugWentAway,
    AcceptsWhatWasRejected,
    EntryPointRemoved,
    EntryPointAdded,
    OnlyWhitespaceDiffers,
    OnlyCaseDiffers,
    OnlyOrderDiffers,
    OutputDiffers,
    OnlyWarningsDiffer,
    OnlyNewAborts,
    OnlyOldAborted,
    RelationLost,
    RelationGained,
    SameClusterAs,
    LlmFellBack,
    AnswerNoteworthy,
    AnswerMinor,
    AnswerDeterministic,
    AnswerNonDeterministic,
    AnswerPublic,
    AnswerProjectInternal,
    AnswerLegalInput,
    AnswerIllegalInput,
    AnswerIntended,
    AnswerUnintended,
    OldOutputExpected,
    NewOutputExpected,
    NeitherOutputExpected,
};

} // namespace difftriage::engine::reason

namespace difftriage::engine {

// The English sentence of a phrase, for the report.
QString phrase(const char *source);

// A stored English reason in the reader's language, its quoted values kept; a reason the table
// does not know (a model's own words) comes back unchanged. "answer: why" translates the answer.
QString translatedReason(const QString &english);

} // namespace difftriage::engine
