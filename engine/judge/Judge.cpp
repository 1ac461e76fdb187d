#include "judge/Judge.h"

#include <QRegularExpression>
#include <algorithm>

namespace difftriage::engine {

namespace {

// The four outcomes Definition 2 distinguishes; time-outs, kills and crashes are all aborts.
enum class Shape
{
    Finished,
    Exited,
    Raised,
    Aborted
};

Shape shapeOf(const TestOutcome &outcome)
{
    if (outcome.aborted())
        return Shape::Aborted;
    switch (outcome.status) {
    case RunStatus::Raised:
        return Shape::Raised;
    case RunStatus::Exited:
        return Shape::Exited;
    default:
        return Shape::Finished;
    }
}

QString shapeName(Shape shape)
{
    switch (shape) {
    case Shape::Finished:
        return spelling(RunStatus::Ok);
    case Shape::Exited:
        return spelling(RunStatus::Exited);
    case Shape::Raised:
        return spelling(RunStatus::Raised);
    case Shape::Aborted:
        break;
    }
    return QStringLiteral("aborted");
}

// The output as Definition 2 compares it: normalised stdout, the final expression's value, and
// for sys.exit() the exit code, which counts like output.
QString resultText(const TestOutcome &outcome, const Normalizer &normalizer)
{
    QString text = normalizer.normalize(outcome.output);
    if (!outcome.valueRepr.isEmpty())
        text += QStringLiteral("\n<value> ") + normalizer.normalize(outcome.valueRepr);
    if (outcome.status == RunStatus::Exited)
        text += QStringLiteral("\n<exit %1>").arg(outcome.exitCode);
    return text;
}

QList<WarningRecord> warningSet(const TestOutcome &outcome, const Normalizer &normalizer)
{
    QList<WarningRecord> warnings;
    for (const WarningRecord &warning : outcome.warnings)
        warnings << normalizer.normalize(warning);
    std::sort(warnings.begin(), warnings.end());
    warnings.erase(std::unique(warnings.begin(), warnings.end()), warnings.end());
    return warnings;
}

// One side's OSError is the sandbox's refusal and the other side failed in the system too: outside
// the sandbox the refused side would have met the system's own answer, so the two exception
// types say nothing about the change (a refused read of "/" against IsADirectoryError).
bool sandboxDecides(const TestOutcome &old, const TestOutcome &new_)
{
    const QString sandbox = QStringLiteral("sandbox");
    if (old.osError.isEmpty() || new_.osError.isEmpty())
        return false;
    return old.osError == sandbox || new_.osError == sandbox;
}

QString lastComponent(const QString &dotted)
{
    return dotted.section(QLatin1Char('.'), -1);
}

QString parentOf(const QString &dotted)
{
    const qsizetype dot = dotted.lastIndexOf(QLatin1Char('.'));
    return dot < 0 ? QString() : dotted.left(dot);
}

} // namespace

std::optional<DifferenceKind> judge(const TestOutcome &old, const TestOutcome &new_,
                                    const Normalizer &normalizer)
{
    return Judge(normalizer).compare(old, new_);
}

Judge::Judge(Normalizer normalizer) : m_normalizer(std::move(normalizer)) {}

void Judge::setOneSidedNames(const QStringList &oldOnly, const QStringList &newOnly)
{
    m_oldOnly = QSet<QString>(oldOnly.begin(), oldOnly.end());
    m_newOnly = QSet<QString>(newOnly.begin(), newOnly.end());
}

bool Judge::namesOneSided(const TestOutcome &raising, const QSet<QString> &names) const
{
    static const QStringList reachErrors{QStringLiteral("ImportError"),
                                         QStringLiteral("ModuleNotFoundError"),
                                         QStringLiteral("AttributeError")};
    if (names.isEmpty() || !reachErrors.contains(raising.errorType))
        return false;
    // "cannot import name 'f' from 'pkg.mod'", "module 'pkg.mod' has no attribute 'f'",
    // "type object 'Cls' has no attribute 'm'", "No module named 'pkg.new'".
    static const QRegularExpression quoted(QStringLiteral("'([A-Za-z_][A-Za-z0-9_.]*)'"));
    QSet<QString> tokens;
    for (auto it = quoted.globalMatch(raising.errorMessage); it.hasNext();)
        tokens.insert(it.next().captured(1));
    for (const QString &name : names) {
        if (tokens.contains(name))
            return true;
        const QString owner = parentOf(name);
        if (tokens.contains(lastComponent(name)) && !owner.isEmpty() &&
            (tokens.contains(owner) || tokens.contains(lastComponent(owner))))
            return true;
    }
    return false;
}

std::optional<DifferenceKind> Judge::compare(const TestOutcome &old, const TestOutcome &new_) const
{
    const Shape oldShape = shapeOf(old);
    const Shape newShape = shapeOf(new_);
    if (oldShape == Shape::Aborted || newShape == Shape::Aborted) {
        if (oldShape == newShape)
            return std::nullopt; // both gave up: nothing to compare
        return oldShape == Shape::Aborted ? DifferenceKind::OnlyOldAborts
                                          : DifferenceKind::OnlyNewAborts;
    }
    // The old side cannot reach something only the new side has, or the other way round.
    const bool oldCannotReach = oldShape == Shape::Raised && namesOneSided(old, m_newOnly);
    const bool newCannotReach = newShape == Shape::Raised && namesOneSided(new_, m_oldOnly);
    if (oldShape == Shape::Raised && newShape == Shape::Raised) {
        if (old.errorType != new_.errorType && sandboxDecides(old, new_))
            return std::nullopt;
        if (old.errorType != new_.errorType)
            return oldCannotReach || newCannotReach ? DifferenceKind::ApiChange
                                                    : DifferenceKind::DifferentException;
    } else if (oldShape == Shape::Raised) {
        return oldCannotReach ? DifferenceKind::ApiChange : DifferenceKind::OnlyOldRaises;
    } else if (newShape == Shape::Raised) {
        return newCannotReach ? DifferenceKind::ApiChange : DifferenceKind::OnlyNewRaises;
    } else if (resultText(old, m_normalizer) != resultText(new_, m_normalizer)) {
        return DifferenceKind::DifferentOutput;
    }
    if (warningSet(old, m_normalizer) != warningSet(new_, m_normalizer))
        return DifferenceKind::DifferentWarnings;
    return std::nullopt;
}

QString Judge::disagreement(const TestOutcome &first, const TestOutcome &other,
                            bool endingOnly) const
{
    const Shape a = shapeOf(first);
    const Shape b = shapeOf(other);
    if (a != b)
        return QStringLiteral("the outcome (%1, then %2)").arg(shapeName(a), shapeName(b));
    if (a == Shape::Aborted)
        return QString();
    if (a == Shape::Raised && first.errorType != other.errorType)
        return QStringLiteral("the exception type (%1, then %2)")
            .arg(first.errorType, other.errorType);
    if (endingOnly)
        return QString();
    if (a != Shape::Raised && resultText(first, m_normalizer) != resultText(other, m_normalizer))
        return QStringLiteral("the output");
    if (warningSet(first, m_normalizer) != warningSet(other, m_normalizer))
        return QStringLiteral("the warnings");
    return QString();
}

Judgement Judge::judgeRuns(const QList<TestOutcome> &oldRuns,
                           const QList<TestOutcome> &newRuns) const
{
    Judgement judgement;
    if (oldRuns.isEmpty() || newRuns.isEmpty())
        return judgement;
    // Where the first runs differ in how they ended, Definition 2 looks at nothing else: output
    // that varies between runs of the side that returned (a set's order under another hash
    // seed) cannot change that verdict, so only the endings must agree.
    const std::optional<DifferenceKind> first = compare(oldRuns.first(), newRuns.first());
    const bool endingOnly =
        first == DifferenceKind::OnlyOldRaises || first == DifferenceKind::OnlyNewRaises ||
        first == DifferenceKind::DifferentException || first == DifferenceKind::ApiChange;
    for (const auto &[side, runs] :
         {std::pair{QStringLiteral("old"), &oldRuns}, std::pair{QStringLiteral("new"), &newRuns}}) {
        for (qsizetype run = 1; run < runs->size(); ++run) {
            const QString reason = disagreement(runs->first(), runs->at(run), endingOnly);
            if (!reason.isEmpty()) {
                judgement.flaky = true;
                judgement.flakyReason =
                    QStringLiteral("%1 run %2 disagrees with its first run on %3")
                        .arg(side)
                        .arg(run + 1)
                        .arg(reason);
                return judgement;
            }
        }
    }
    judgement.kind = first;
    const bool unconfirmedAbort =
        (judgement.kind == DifferenceKind::OnlyOldAborts && oldRuns.size() < 2) ||
        (judgement.kind == DifferenceKind::OnlyNewAborts && newRuns.size() < 2);
    if (unconfirmedAbort) {
        judgement.kind.reset();
        judgement.unconfirmed = true;
    }
    return judgement;
}

} // namespace difftriage::engine
