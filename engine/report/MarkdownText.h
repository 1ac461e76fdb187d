#pragma once

#include <QString>

namespace difftriage::engine {

// A fenced code block whose fence is longer than any backtick run inside, so outputs that
// contain ``` stay verbatim; `language` names the block's highlighting ("python").
QString markdownFence(const QString &text, const QString &language = {});

} // namespace difftriage::engine
