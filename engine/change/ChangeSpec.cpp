#include "change/ChangeSpec.h"

namespace difftriage::engine {

QString toString(ChangeState state)
{
    switch (state) {
    case ChangeState::Merged:
        return QStringLiteral("merged");
    case ChangeState::Open:
        return QStringLiteral("open");
    case ChangeState::Branch:
        return QStringLiteral("branch");
    case ChangeState::Manual:
        return QStringLiteral("manual");
    case ChangeState::Direct:
        return QStringLiteral("direct");
    }
    return QStringLiteral("manual");
}

} // namespace difftriage::engine
