#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("DiffTriage"));
    QApplication::setOrganizationName(QStringLiteral("difftriage"));
    QApplication::setApplicationVersion(QStringLiteral(DIFFTRIAGE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("difftriage"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/difftriage.svg")));

    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("difftriage"), QStringLiteral("_"),
                        QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Triage the behavioural differences of Python pull requests."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("repository"),
                                 QApplication::translate("main", "A git repository to open."));
    parser.process(app);

    difftriage::ui::MainWindow window;
    window.show();
    if (!parser.positionalArguments().isEmpty())
        window.openRepository(parser.positionalArguments().constFirst());
    return QApplication::exec();
}
