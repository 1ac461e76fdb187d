#pragma once

#include "llm/ChatTypes.h"

#include <QList>
#include <QMap>
#include <QMutex>
#include <nlohmann/json.hpp>

namespace difftriage::engine {

struct LedgerEntry
{
    int round = 0;
    QString purpose;
    QString model;
    TokenUsage usage;
    double cost = 0;
    bool cached = false;
};

// Token and cost accounting per request, round and analysis. A cached response is listed with its
// tokens but costs nothing: the re-run did not pay for it.
class CostLedger final
{
public:
    explicit CostLedger(double maxCost = 0) : m_maxCost(maxCost) {}

    void record(const LedgerEntry &entry);
    double totalCost() const;
    TokenUsage totalUsage() const;
    double roundCost(int round) const;
    // True once the spending reached the cap: no new request may start.
    bool capReached() const;
    QList<LedgerEntry> entries() const;
    // {"requests": n, "cached": n, "prompt_tokens", "completion_tokens", "cost", "max_cost",
    //  "rounds": [{"index", "requests", "prompt_tokens", "completion_tokens", "cost"}]}
    nlohmann::json toJson() const;

private:
    double m_maxCost;
    QList<LedgerEntry> m_entries;
    mutable QMutex m_mutex;
};

} // namespace difftriage::engine
