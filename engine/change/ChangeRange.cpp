#include "change/ChangeRange.h"

#include "change/ChangeSource.h"
#include "git/Repository.h"

#include <algorithm>

namespace difftriage::engine {

QList<ChangeSpec> ChangeRange::pullRequests() const
{
    QList<ChangeSpec> prs;
    std::copy_if(steps.cbegin(), steps.cend(), std::back_inserter(prs),
                 [](const ChangeSpec &step) { return step.state == ChangeState::Merged; });
    return prs;
}

Expected<std::pair<QString, QString>> splitRangeText(const QString &text)
{
    const qsizetype dots = text.indexOf(QStringLiteral(".."));
    const QString base = dots < 0 ? QString() : text.left(dots);
    const QString head = dots < 0 ? QString() : text.mid(dots + 2);
    if (base.isEmpty() || head.isEmpty() || head.startsWith(QLatin1Char('.')))
        return makeError(
            QStringLiteral("a range is REV1..REV2 (two revisions: tags, branches or commits), "
                           "not '%1'")
                .arg(text));
    return std::make_pair(base, head);
}

namespace {

ChangeSpec directStep(const git::CommitInfo &commit)
{
    ChangeSpec spec;
    spec.base = commit.parents.value(0);
    spec.head = commit.id;
    spec.state = ChangeState::Direct;
    spec.title = commit.summary;
    const qsizetype newline = commit.message.indexOf(QLatin1Char('\n'));
    spec.body = newline < 0 ? QString() : commit.message.mid(newline + 1).trimmed();
    spec.author = commit.authorName;
    spec.date = commit.authorTime;
    return spec;
}

} // namespace

Expected<ChangeRange> resolveChangeRange(const git::Repository &repository, const QString &base,
                                         const QString &head)
{
    ChangeRange range;
    range.baseName = base;
    range.headName = head;
    auto baseId = repository.resolveCommit(base);
    if (!baseId)
        return baseId.error();
    auto headId = repository.resolveCommit(head);
    if (!headId)
        return headId.error();
    range.base = *baseId;
    range.head = *headId;
    auto related = repository.isAncestor(range.base, range.head);
    if (!related)
        return related.error();
    if (!*related)
        return makeError(QStringLiteral("%1 is not an ancestor of %2: a range runs from an older "
                                        "revision to a newer one")
                             .arg(base, head));
    auto history = repository.firstParentHistory(range.head);
    if (!history)
        return history.error();
    const ChangeSource source(repository);
    for (const git::CommitInfo &commit : *history) {
        if (commit.id == range.base)
            break;
        auto contained = repository.isAncestor(commit.id, range.base);
        if (!contained)
            return contained.error();
        if (*contained)
            break;
        if (commit.parents.isEmpty())
            break; // a root commit: nothing to compare it with
        auto step = source.mergedChange(commit);
        range.steps.prepend(step ? std::move(*step) : directStep(commit));
    }
    return range;
}

} // namespace difftriage::engine
