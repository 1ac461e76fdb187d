// The GUI's responsiveness during analyses: the longest event-loop stall while the demo
// repository opens and all its PRs are analysed on the worker thread, against the same window
// idle, measured side by side in one run. Goal: max_stall_ms <= 50. max_busy_ms is the GUI
// thread's own CPU time in its longest stretch: the part of a stall that is the GUI's own work.
//   build/bin/ui_latency [python]        (QT_QPA_PLATFORM=offscreen without a display)
#include "AnalysisQueue.h"
#include "MainWindow.h"
#include "StallMeter.h"
#include "TimedApplication.h"
#include "TriageSession.h"
#include "demo/DemoBuilder.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSettings>
#include <QTemporaryDir>
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
    const QString python =
        argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("/usr/bin/python3");
    QSettings().setValue(QStringLiteral("analysis/python"), python);

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
    meter.restart();
    spinFor(3000);
    const double idle = meter.maxStallMs();
    const double idleBusy = meter.maxBusyMs();
    std::printf("%-28s max_stall_ms=%.1f max_busy_ms=%.1f mean_gap_ms=%.2f\n", "idle window", idle,
                idleBusy, meter.meanGapMs());

    meter.restart();
    bool opened = false;
    QObject::connect(&window, &ui::MainWindow::repositoryOpened, [&] { opened = true; });
    window.openRepository(repository);
    if (!spinUntil([&] { return opened; }, 120000)) {
        std::fprintf(stderr, "ui_latency: the demo repository did not open\n");
        return 1;
    }
    const double opening = meter.maxStallMs();
    const double openingBusy = meter.maxBusyMs();
    std::printf("%-28s max_stall_ms=%.1f max_busy_ms=%.1f\n", "opening the repository", opening,
                openingBusy);

    meter.restart();
    app.restart();
    QElapsedTimer clock;
    clock.start();
    const QList<engine::ChangeSpec> changes = window.session()->changes();
    window.analyse(changes);
    if (!spinUntil([&] { return !window.queue()->isBusy(); }, 1800000)) {
        std::fprintf(stderr, "ui_latency: the analyses did not finish in 30 minutes\n");
        return 1;
    }
    const double analysing = meter.maxStallMs();
    const double analysingBusy = meter.maxBusyMs();
    std::printf("%-28s max_stall_ms=%.1f max_busy_ms=%.1f mean_gap_ms=%.2f (%lld PRs in %.0f s)\n",
                "analysing every PR", analysing, analysingBusy, meter.meanGapMs(),
                static_cast<long long>(changes.size()), clock.elapsed() / 1000.0);

    // What the GUI thread spent its longest stretches on, to know where to look.
    for (const QString &line : app.slowest(5))
        std::printf("  slow delivery: %s\n", qPrintable(line));

    const double worst = std::max(opening, analysing);
    const double worstBusy = std::max(openingBusy, analysingBusy);
    std::printf("max_stall_ms=%.1f max_busy_ms=%.1f idle_max_stall_ms=%.1f stall_ratio=%.2f\n",
                worst, worstBusy, idle, idle > 0 ? worst / idle : 0.0);
    return 0;
}
