#include "attribution/Bisection.h"

namespace difftriage::engine {

Bisection::Bisection(int revisions) : m_firstLikeNew(revisions) {}

std::optional<int> Bisection::next() const
{
    if (m_stoppedAt || m_firstLikeNew - m_lastLikeOld <= 1)
        return std::nullopt;
    return m_lastLikeOld + (m_firstLikeNew - m_lastLikeOld) / 2;
}

void Bisection::record(int revision, ProbeBehaviour behaviour)
{
    switch (behaviour) {
    case ProbeBehaviour::LikeOld:
        m_lastLikeOld = qMax(m_lastLikeOld, revision);
        return;
    case ProbeBehaviour::LikeNew:
        m_firstLikeNew = qMin(m_firstLikeNew, revision);
        return;
    case ProbeBehaviour::Neither:
    case ProbeBehaviour::CannotRun:
        m_stoppedAt = revision;
        m_stoppedWith = behaviour;
        return;
    }
}

std::optional<int> Bisection::introducedBy() const
{
    if (m_stoppedAt || m_firstLikeNew - m_lastLikeOld != 1)
        return std::nullopt;
    return m_firstLikeNew;
}

} // namespace difftriage::engine
