// The GUI's responsiveness during analyses: the longest event-loop stall while the demo
// repository opens and its PRs are analysed on the worker thread, against the same window idle,
// each once on a quiet machine and once with every core kept busy by other processes (a build
// beside the window), measured side by side in one run. Goal: max_stall_ms <= 50. max_busy_ms is
// the GUI thread's own CPU time in its longest stretch: the part of a stall that is its own work.
//   build/bin/ui_latency [python] [--prs N]   (QT_QPA_PLATFORM=offscreen without a display)
#include "AnalysisQueue.h"
#include "CpuLoad.h"
#include "MainWindow.h"
#include "StallMeter.h"
#include "TimedApplication.h"
#include "TriageSession.h"
#include "demo/DemoBuilder.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSettings>
#include <QTemporaryDir>
#include <QThread>
#include <cstdio>

using namespace difftriage;

namespace {

// Runs the event loop until `done` or the deadline; false on the deadline.
template <typename Done> bool spinUntil(Done done, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

void spinFor(int ms)
{
    spinUntil([] { return false; }, ms);
}

struct Figures
{
    double stallMs = 0;
    double busyMs = 0;
};

Figures measureIdle(StallMeter &meter, const char *name)
{
    meter.restart();
    spinFor(3000);
    std::printf("%-40s max_stall_ms=%.1f max_busy_ms=%.1f mean_gap_ms=%.2f\n", name,
                meter.maxStallMs(), meter.maxBusyMs(), meter.meanGapMs());
    return {meter.maxStallMs(), meter.maxBusyMs()};
}

// Analyses `changes` from the window (re-running those already analysed); nullopt on time-out.
std::optional<Figures> measureAnalyses(ui::MainWindow &window, TimedApplication &app,
                                       StallMeter &meter, const QList<engine::ChangeSpec> &changes,
                                       const char *name)
{
    meter.restart();
    app.restart();
    QElapsedTimer clock;
    clock.start();
    window.analyse(changes);
    if (!spinUntil([&] { return !window.queue()->isBusy(); }, 3600000)) {
        std::fprintf(stderr, "ui_latency: the analyses did not finish in an hour\n");
        return std::nullopt;
    }
    std::printf("%-40s max_stall_ms=%.1f max_busy_ms=%.1f mean_gap_ms=%.2f (%lld PRs in %.0f s)\n",
                name, meter.maxStallMs(), meter.maxBusyMs(), meter.meanGapMs(),
                static_cast<long long>(changes.size()), clock.elapsed() / 1000.0);
    // What the GUI thread spent its longest stretches on, to know where to look.
    for (const QString &line : app.slowest(3))
        std::printf("  slow delivery: %s\n", qPrintable(line));
    return Figures{meter.maxStallMs(), meter.maxBusyMs()};
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QTemporaryDir home;
    qputenv("XDG_DATA_HOME", home.filePath(QStringLiteral("data")).toLocal8Bit());
    qputenv("XDG_CONFIG_HOME", home.filePath(QStringLiteral("config")).toLocal8Bit());
    qputenv("XDG_CACHE_HOME", home.filePath(QStringLiteral("cache")).toLocal8Bit());
    TimedApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("difftriage-bench"));
    QCoreApplication::setApplicationName(QStringLiteral("ui_latency"));
    QStringList arguments = QCoreApplication::arguments().mid(1);
    qsizetype limit = -1; // every PR
    if (const qsizetype at = arguments.indexOf(QStringLiteral("--prs")); at >= 0) {
        limit = arguments.value(at + 1).toInt();
        arguments.remove(at, 2);
    }
    const QString python = arguments.value(0, QStringLiteral("/usr/bin/python3"));
    QSettings().setValue(QStringLiteral("analysis/python"), python);
    const int cores = QThread::idealThreadCount();

    const QString repository = home.filePath(QStringLiteral("demo"));
    auto demo = engine::DemoBuilder::build(repository);
    if (!demo) {
        std::fprintf(stderr, "ui_latency: %s\n", qPrintable(demo.error().message));
        return 2;
    }

    ui::MainWindow window;
    window.show();
    StallMeter meter;
    spinFor(500); // first paint, fonts, styles
    const Figures idle = measureIdle(meter, "idle window");
    Figures idleLoaded;
    {
        const CpuLoad load(cores);
        std::printf("(%d of %d cores kept busy by other processes)\n", load.running(), cores);
        idleLoaded = measureIdle(meter, "idle window, cores busy");
    }

    meter.restart();
    bool opened = false;
    QObject::connect(&window, &ui::MainWindow::repositoryOpened, [&] { opened = true; });
    window.openRepository(repository);
    if (!spinUntil([&] { return opened; }, 120000)) {
        std::fprintf(stderr, "ui_latency: the demo repository did not open\n");
        return 1;
    }
    const Figures opening{meter.maxStallMs(), meter.maxBusyMs()};
    std::printf("%-40s max_stall_ms=%.1f max_busy_ms=%.1f\n", "opening the repository",
                opening.stallMs, opening.busyMs);

    const QList<engine::ChangeSpec> changes =
        limit < 0 ? window.session()->changes() : window.session()->changes().mid(0, limit);
    const auto analysing = measureAnalyses(window, app, meter, changes, "analysing");
    if (!analysing)
        return 1;
    std::optional<Figures> loaded;
    {
        const CpuLoad load(cores);
        loaded = measureAnalyses(window, app, meter, changes, "analysing again, cores busy");
    }
    if (!loaded)
        return 1;

    const double worst = std::max(opening.stallMs, analysing->stallMs);
    const double worstBusy = std::max(opening.busyMs, analysing->busyMs);
    std::printf("max_stall_ms=%.1f max_busy_ms=%.1f idle_max_stall_ms=%.1f stall_ratio=%.2f\n",
                worst, worstBusy, idle.stallMs, idle.stallMs > 0 ? worst / idle.stallMs : 0.0);
    std::printf("loaded_max_stall_ms=%.1f loaded_max_busy_ms=%.1f loaded_idle_max_stall_ms=%.1f "
                "loaded_stall_ratio=%.2f\n",
                loaded->stallMs, loaded->busyMs, idleLoaded.stallMs,
                idleLoaded.stallMs > 0 ? loaded->stallMs / idleLoaded.stallMs : 0.0);
    return 0;
}
