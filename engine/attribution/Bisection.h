#pragma once

#include "core/Vocabulary.h"

#include <optional>

namespace difftriage::engine {

// The search for the one step of a first-parent line that changed a test's behaviour. Revisions
// are numbered 0 (the range's base, where the test behaves like the old end) to n (the head,
// like the new end); step k is the commit at revision k, whose first parent is revision k - 1.
// Binary search: O(log n) probes. It stops at the first probe that cannot tell (the test cannot
// run there, or it behaves like neither end: the behaviour changed more than once).
class Bisection final
{
public:
    explicit Bisection(int revisions);

    // The revision to probe next; nullopt once done.
    std::optional<int> next() const;
    void record(int revision, ProbeBehaviour behaviour);
    bool done() const { return !next().has_value(); }

    // Once done: the step that made the change, or nullopt with the probe that stopped the search.
    std::optional<int> introducedBy() const;
    std::optional<int> stoppedAt() const { return m_stoppedAt; }
    ProbeBehaviour stoppedWith() const { return m_stoppedWith; }

private:
    int m_lastLikeOld = 0;
    int m_firstLikeNew;
    std::optional<int> m_stoppedAt;
    ProbeBehaviour m_stoppedWith = ProbeBehaviour::Neither;
};

} // namespace difftriage::engine
