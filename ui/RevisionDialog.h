#pragma once

#include <QDialog>

class QLineEdit;

namespace difftriage::ui {

// Asks for any two revisions (sha, branch, tag, HEAD~2, ...) to compare as a change.
class RevisionDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RevisionDialog)

public:
    explicit RevisionDialog(QWidget *parent = nullptr);

    QString base() const;
    QString head() const;

private:
    QLineEdit *m_base;
    QLineEdit *m_head;
};

} // namespace difftriage::ui
