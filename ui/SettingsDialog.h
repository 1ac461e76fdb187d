#pragma once

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;

namespace difftriage::ui {

// The user's analysis settings (interpreter, generator, time budget) and the language, in
// QSettings. LLM endpoints and keys are read by the engine from the user's settings and
// environment, never from the repository.
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)

public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    void accept() override;

private:
    QLineEdit *m_python;
    QComboBox *m_generator;
    QDoubleSpinBox *m_timeBudget;
    QComboBox *m_language;
};

} // namespace difftriage::ui
