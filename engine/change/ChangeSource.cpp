#include "change/ChangeSource.h"

#include "change/PrMessage.h"
#include "git/Repository.h"

#include <QRegularExpression>

namespace difftriage::engine {

namespace {

QString bodyOf(const git::CommitInfo &commit)
{
    const qsizetype newline = commit.message.indexOf(QLatin1Char('\n'));
    return newline < 0 ? QString() : commit.message.mid(newline + 1).trimmed();
}

std::optional<int> pullNumberFromRef(const QString &ref)
{
    static const QRegularExpression pattern(QStringLiteral(R"(^refs/pull/(\d+)/head$)"));
    const auto match = pattern.match(ref);
    return match.hasMatch() ? std::optional<int>(match.captured(1).toInt()) : std::nullopt;
}

} // namespace

ChangeSource::ChangeSource(const git::Repository &repository) : m_repository(repository) {}

Expected<QList<ChangeSpec>> ChangeSource::list(const Options &options) const
{
    auto changes = merged(options.historyLimit);
    if (!changes || !options.includeBranches)
        return changes;
    auto open = unmerged();
    if (!open)
        return open.error();
    QList<ChangeSpec> all = std::move(*open);
    all.append(*changes);
    return all;
}

Expected<QList<ChangeSpec>> ChangeSource::merged(int historyLimit) const
{
    auto defaultBranch = m_repository.defaultBranch();
    if (!defaultBranch)
        return defaultBranch.error();
    auto history = m_repository.firstParentHistory(defaultBranch->target, historyLimit);
    if (!history)
        return history.error();
    QList<ChangeSpec> changes;
    for (const git::CommitInfo &commit : *history) {
        if (auto spec = mergedChange(commit)) // a plain commit on the default branch is no PR
            changes << std::move(*spec);
    }
    return changes;
}

std::optional<ChangeSpec> ChangeSource::mergedChange(const git::CommitInfo &commit) const
{
    ChangeSpec spec;
    spec.head = commit.id;
    spec.state = ChangeState::Merged;
    spec.author = commit.authorName;
    spec.date = commit.authorTime;
    if (commit.parents.size() >= 2) {
        spec.base = commit.parents.first();
        if (const auto pr = parseMergeMessage(commit.message)) {
            spec.number = pr->number;
            spec.title = pr->title;
            spec.body = pr->body;
            spec.ref = pr->branch;
        } else {
            spec.title = commit.summary;
            spec.body = bodyOf(commit);
        }
        // The merge commit's author is whoever pressed the button; the PR's is on its branch.
        if (auto branchHead = m_repository.commit(commit.parents.at(1)))
            spec.author = branchHead->authorName;
        return spec;
    }
    if (const auto pr = parseSquashMessage(commit.message); pr && commit.parents.size() == 1) {
        spec.base = commit.parents.first();
        spec.number = pr->number;
        spec.title = pr->title;
        spec.body = pr->body;
        return spec;
    }
    return std::nullopt;
}

Expected<QList<ChangeSpec>> ChangeSource::unmerged() const
{
    auto defaultBranch = m_repository.defaultBranch();
    if (!defaultBranch)
        return defaultBranch.error();
    QList<ChangeSpec> changes;
    const struct
    {
        const char *glob;
        ChangeState state;
    } sources[] = {{"refs/pull/*/head", ChangeState::Open},
                   {"refs/heads/*", ChangeState::Branch},
                   {"refs/remotes/*", ChangeState::Branch}};
    for (const auto &source : sources) {
        auto refs = m_repository.references(QString::fromLatin1(source.glob));
        if (!refs)
            return refs.error();
        for (const git::ReferenceInfo &ref : *refs) {
            auto merged = m_repository.isAncestor(ref.target, defaultBranch->target);
            if (!merged)
                return merged.error();
            if (*merged)
                continue; // nothing left to review: the default branch already has it
            auto spec = againstDefault(ref.target, ref.name, source.state);
            if (!spec)
                continue; // unrelated history (no merge base): not a change against this project
            changes << std::move(*spec);
        }
    }
    return changes;
}

Expected<ChangeSpec> ChangeSource::againstDefault(const QString &head, const QString &ref,
                                                  ChangeState state) const
{
    auto defaultBranch = m_repository.defaultBranch();
    if (!defaultBranch)
        return defaultBranch.error();
    auto base = m_repository.mergeBase(head, defaultBranch->target);
    if (!base)
        return base.error();
    auto commit = m_repository.commit(head);
    if (!commit)
        return commit.error();
    ChangeSpec spec;
    spec.base = *base;
    spec.head = head;
    spec.state = state;
    spec.ref = ref;
    spec.number = pullNumberFromRef(ref);
    spec.title = commit->summary;
    spec.body = bodyOf(*commit);
    spec.author = commit->authorName;
    spec.date = commit->authorTime;
    return spec;
}

Expected<ChangeSpec> ChangeSource::pullRequest(int number) const
{
    auto changes = merged(0);
    if (!changes)
        return changes.error();
    for (const ChangeSpec &spec : *changes) {
        if (spec.number == number)
            return spec;
    }
    const QString ref = QStringLiteral("refs/pull/%1/head").arg(number);
    if (auto head = m_repository.resolveCommit(ref))
        return againstDefault(*head, ref, ChangeState::Open);
    return makeError(QStringLiteral("no PR #%1 in %2 (looked for merge and squash commits on the "
                                    "default branch and for %3)")
                         .arg(number)
                         .arg(m_repository.path(), ref));
}

Expected<ChangeSpec> ChangeSource::branch(const QString &name) const
{
    auto head = m_repository.resolveCommit(name);
    if (!head)
        return makeError(QStringLiteral("unknown branch '%1'").arg(name));
    return againstDefault(*head, name, ChangeState::Branch);
}

Expected<ChangeSpec> ChangeSource::revisions(const QString &base, const QString &head) const
{
    auto baseId = m_repository.resolveCommit(base);
    if (!baseId)
        return baseId.error();
    auto headId = m_repository.resolveCommit(head);
    if (!headId)
        return headId.error();
    auto commit = m_repository.commit(*headId);
    if (!commit)
        return commit.error();
    ChangeSpec spec;
    spec.base = *baseId;
    spec.head = *headId;
    spec.state = ChangeState::Manual;
    spec.title = QStringLiteral("%1..%2").arg(base, head);
    spec.body = commit->message.trimmed();
    spec.author = commit->authorName;
    spec.date = commit->authorTime;
    return spec;
}

} // namespace difftriage::engine
