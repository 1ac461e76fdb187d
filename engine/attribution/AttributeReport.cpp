#include "attribution/AttributeReport.h"

#include "git/Repository.h"
#include "pipeline/ResolveOptions.h"
#include "pipeline/Seeds.h"

namespace difftriage::engine {

Expected<RevisionRunnerSettings> revisionRunnerSettings(const AnalysisOptions &options)
{
    RevisionRunnerSettings settings;
    auto pythonOld = resolvePythonInterpreter(options.pythonOld);
    if (!pythonOld)
        return asBadInput(pythonOld.error());
    auto pythonNew = resolvePythonInterpreter(options.pythonNew);
    if (!pythonNew)
        return asBadInput(pythonNew.error());
    settings.pythonOld = *pythonOld;
    settings.pythonNew = *pythonNew;
    settings.baseCommit = options.change.base;
    settings.importRoots = options.config.importRoots;
    settings.prepare = options.prepare;
    settings.normalize = options.config.normalize;
    settings.hashSeed = workerHashSeed(options.choices.seed);
    settings.forceDegradedSandbox = options.choices.forceDegradedSandbox;
    settings.treeCacheDirectory = options.choices.treeCacheDirectory;
    return settings;
}

Expected<bool> spansSeveralPrs(const git::Repository &repository, const ChangeSpec &change)
{
    auto onLine = repository.isAncestor(change.base, change.head);
    if (!onLine)
        return onLine.error();
    if (!*onLine)
        return false;
    auto range = resolveChangeRange(repository, change.base, change.head);
    if (!range)
        return range.error();
    return range->pullRequests().size() >= 2;
}

Status attributeReport(Report &report, const AnalysisOptions &options,
                       const git::Repository &repository, const Attributor::Progress &progress,
                       const std::atomic_bool *cancel)
{
    if (report.differences.isEmpty())
        return Ok{};
    auto range = resolveChangeRange(repository, options.change.base, options.change.head);
    if (!range)
        return asBadInput(range.error());
    auto settings = revisionRunnerSettings(options);
    if (!settings)
        return settings.error();
    Attributor attributor(repository, std::move(*range), std::move(*settings), options.choices.seed,
                          options.testTimeoutSeconds);
    auto attributions = attributor.attribute(report.differences, progress, cancel);
    if (!attributions)
        return attributions.error();
    for (qsizetype i = 0; i < report.differences.size(); ++i)
        report.differences[i].attribution = attributions->at(i);
    return Ok{};
}

Expected<ReportAttribution> attributeDifference(const AnalysisRequest &request,
                                                const ReportDifference &difference,
                                                const Attributor::Progress &progress,
                                                const std::atomic_bool *cancel)
{
    auto repository = git::Repository::open(request.repository);
    if (!repository)
        return asBadInput(repository.error());
    auto options = resolveAnalysisOptions(*repository, request.change, request.choices);
    if (!options)
        return options.error();
    Report report;
    report.differences << difference;
    if (Status done = attributeReport(report, *options, *repository, progress, cancel); !done)
        return done.error();
    return *report.differences.first().attribution;
}

} // namespace difftriage::engine
