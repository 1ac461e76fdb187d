#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace difftriage::ui {

// What to do first, shown over the window's empty middle until a repository is open: open one,
// or build the bundled demo repository and open it. Building the demo writes git objects: on a
// pool thread, never the GUI's.
class WelcomePanel final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WelcomePanel)

public:
    // Covers `area` (the window's central widget), following its geometry; parented to the
    // window, since a splitter would take a child in as one of its panes.
    WelcomePanel(QWidget *area, QWidget *window);

    // Where the demo repository is built: the application's data folder.
    static QString demoPath();
    // Builds the demo repository where demoPath() says unless it is there, then asks to open it.
    void buildDemo();

signals:
    void openRequested();
    void openPathRequested(const QString &path);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *m_area;
    QLabel *m_status;
    QPushButton *m_demo;
};

} // namespace difftriage::ui
