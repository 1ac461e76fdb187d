#pragma once

#include "core/Vocabulary.h"

#include <QDateTime>
#include <QString>
#include <optional>

namespace difftriage::engine {

// One change to analyse: the old tree is `base`, the new tree is `head`.
struct ChangeSpec
{
    QString base; // commit id
    QString head; // commit id
    std::optional<int> number;
    QString title;
    QString body;
    QString author;
    QDateTime date;
    ChangeState state = ChangeState::Manual;
    QString ref; // the branch or PR ref it came from, when there is one
};

} // namespace difftriage::engine
