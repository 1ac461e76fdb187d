#include "MainWindow.h"
#include "ScreenshotTour.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("DiffTriage"));
    QApplication::setOrganizationName(QStringLiteral("difftriage"));
    QApplication::setApplicationVersion(QStringLiteral(DIFFTRIAGE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("difftriage"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/difftriage.svg")));

    // The system locale unless the user chose a language in the settings.
    const QString language = QSettings().value(QStringLiteral("language")).toString();
    const QLocale locale = language.isEmpty() ? QLocale() : QLocale(language);
    QTranslator qtTranslator;
    if (qtTranslator.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    // A language without a translation reads English, whose plural forms ("1 note", "2 notes")
    // come from the English file too.
    QTranslator translator;
    if (translator.load(locale, QStringLiteral("difftriage"), QStringLiteral("_"),
                        QStringLiteral(":/i18n")) ||
        translator.load(QStringLiteral("difftriage_en"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Triage the behavioural differences of Python pull requests."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("repository"),
                                 QApplication::translate("main", "A git repository to open."));
    const QCommandLineOption screenshots(
        QStringLiteral("screenshots"),
        QApplication::translate("main", "Save screenshots of the main views to <directory> and "
                                        "quit (analyses the demo PRs first if needed)."),
        QStringLiteral("directory"));
    parser.addOption(screenshots);
    const QCommandLineOption release(
        QStringLiteral("release"),
        QApplication::translate("main", "Open this release document, folder of reports or CI "
                                        "artifact zip of the repository in a release view."),
        QStringLiteral("path"));
    parser.addOption(release);
    parser.process(app);

    difftriage::ui::MainWindow window;
    window.show();
    const QString repository = parser.positionalArguments().value(0);
    if (parser.isSet(screenshots) && !repository.isEmpty()) {
        window.resize(1600, 1000);
        auto *tour = new difftriage::ui::ScreenshotTour(&window, parser.value(screenshots),
                                                        {15, 12, 27, 33}, &window);
        QObject::connect(tour, &difftriage::ui::ScreenshotTour::done, &app,
                         [](bool ok) { QApplication::exit(ok ? 0 : 1); });
        tour->start(repository);
    } else if (!repository.isEmpty()) {
        if (parser.isSet(release))
            QObject::connect(
                &window, &difftriage::ui::MainWindow::repositoryOpened, &window,
                [&window, path = parser.value(release)] { window.openRelease(path); },
                Qt::SingleShotConnection);
        window.openRepository(repository);
    }
    return QApplication::exec();
}
