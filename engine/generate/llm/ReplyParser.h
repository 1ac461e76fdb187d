#pragma once

#include <QString>
#include <QStringList>

namespace difftriage::engine {

// Turns a model's reply into test snippets. Replies come in every shape: ```python fences or bare
// fences, no fences at all, several tests in one block separated by "# Test 2" comments, prose
// around the code, a block cut off by the token limit. Whatever cannot be read is dropped, never
// an error.
class ReplyParser final
{
public:
    // `truncated`: the reply stopped at the token limit, so an unclosed last block is incomplete.
    static QStringList tests(const QString &reply, bool truncated = false);

private:
    static QStringList split(const QString &block);
    static bool looksLikeCode(const QString &line);
};

} // namespace difftriage::engine
