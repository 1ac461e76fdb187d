#pragma once

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLayout;
class QLineEdit;
class QPushButton;
class QTimer;

namespace difftriage::ui {

// The user's analysis settings (an interpreter per version, generator, who suggests verdicts, LLM
// endpoint and model, time budget) and the language, in QSettings, with the sandbox those
// interpreters get. The API key is never stored here (the keychain or the environment), and
// endpoints never come from the repository.
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)

public:
    explicit SettingsDialog(QWidget *parent = nullptr);
    // The API key typed here, for the keychain; apiKeyEdited() is false when left untouched.
    QString apiKey() const;
    bool apiKeyEdited() const;

    void accept() override;

private:
    QLayout *interpreterRow(QLineEdit *edit);
    // Resolves the interpreters and plans the sandbox on a pool thread; the label follows.
    void probeSandbox();

    QLineEdit *m_python;
    QLineEdit *m_pythonNew;
    QLabel *m_sandbox;
    quint64 m_probe = 0; // the newest probe; older answers are dropped
    QComboBox *m_generator;
    QComboBox *m_suggest;
    QLineEdit *m_llmUrl;
    QLineEdit *m_llmModel;
    QLineEdit *m_apiKey;
    QPushButton *m_forgetConsent;
    QComboBox *m_effort;
    QDoubleSpinBox *m_timeBudget;
    QComboBox *m_language;
    QTimer *m_recheck; // the sandbox is rechecked when the typing pauses
};

} // namespace difftriage::ui
