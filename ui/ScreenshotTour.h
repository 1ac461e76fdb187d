#pragma once

#include <QObject>
#include <QStringList>

namespace difftriage::ui {

class MainWindow;

// Drives a MainWindow through the main views on a repository and saves each as a PNG
// (QWidget::grab, so it works on the offscreen platform): scripts/screenshots.sh uses it through
// `difftriage --screenshots DIR REPOSITORY`. Changes without a saved analysis are analysed first.
class ScreenshotTour final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScreenshotTour)

public:
    ScreenshotTour(MainWindow *window, QString directory, QList<int> prNumbers,
                   QObject *parent = nullptr);

    void start(const QString &repository);

signals:
    void done(bool ok);

private:
    void nextChange();
    void capture();
    void save(QWidget *widget, const QString &name);

    MainWindow *m_window;
    QString m_directory;
    QList<int> m_numbers;
    int m_shot = 0;
    bool m_relationsRaised = false;
};

} // namespace difftriage::ui
