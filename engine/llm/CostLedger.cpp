#include "llm/CostLedger.h"

#include <QMap>

namespace difftriage::engine {

void CostLedger::record(const LedgerEntry &entry)
{
    const QMutexLocker lock(&m_mutex);
    m_entries << entry;
}

double CostLedger::totalCost() const
{
    const QMutexLocker lock(&m_mutex);
    double total = 0;
    for (const LedgerEntry &entry : m_entries)
        total += entry.cost;
    return total;
}

TokenUsage CostLedger::totalUsage() const
{
    const QMutexLocker lock(&m_mutex);
    TokenUsage total;
    for (const LedgerEntry &entry : m_entries) {
        total.promptTokens += entry.usage.promptTokens;
        total.completionTokens += entry.usage.completionTokens;
    }
    return total;
}

double CostLedger::roundCost(int round) const
{
    const QMutexLocker lock(&m_mutex);
    double total = 0;
    for (const LedgerEntry &entry : m_entries) {
        if (entry.round == round)
            total += entry.cost;
    }
    return total;
}

bool CostLedger::capReached() const
{
    return m_maxCost > 0 && totalCost() >= m_maxCost;
}

QList<LedgerEntry> CostLedger::entries() const
{
    const QMutexLocker lock(&m_mutex);
    return m_entries;
}

nlohmann::json CostLedger::toJson() const
{
    const QList<LedgerEntry> all = entries();
    struct Sum
    {
        int requests = 0;
        qint64 prompt = 0, completion = 0;
        double cost = 0;
    };
    QMap<int, Sum> rounds;
    Sum total;
    int cached = 0;
    for (const LedgerEntry &entry : all) {
        for (Sum *sum : {&rounds[entry.round], &total}) {
            ++sum->requests;
            sum->prompt += entry.usage.promptTokens;
            sum->completion += entry.usage.completionTokens;
            sum->cost += entry.cost;
        }
        cached += entry.cached ? 1 : 0;
    }
    nlohmann::json roundList = nlohmann::json::array();
    for (auto it = rounds.cbegin(); it != rounds.cend(); ++it)
        roundList.push_back({{"index", it.key()},
                             {"requests", it->requests},
                             {"prompt_tokens", it->prompt},
                             {"completion_tokens", it->completion},
                             {"cost", it->cost}});
    return {{"requests", total.requests},
            {"cached", cached},
            {"prompt_tokens", total.prompt},
            {"completion_tokens", total.completion},
            {"cost", total.cost},
            {"max_cost", m_maxCost},
            {"rounds", roundList}};
}

} // namespace difftriage::engine
