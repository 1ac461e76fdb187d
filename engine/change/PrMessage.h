#pragma once

#include <QString>
#include <optional>

namespace difftriage::engine {

// What a commit message says about the PR it came from.
struct PrMessage
{
    int number = 0;
    QString title;
    QString body;
    QString branch; // for merge commits: the "from owner/branch" part
};

// "Merge pull request #N from owner/branch\n\nTitle\n\nBody..." (GitHub's merge commits).
std::optional<PrMessage> parseMergeMessage(const QString &message);
// "Title (#N)\n\nBody..." (GitHub's squash and rebase merges).
std::optional<PrMessage> parseSquashMessage(const QString &message);

} // namespace difftriage::engine
