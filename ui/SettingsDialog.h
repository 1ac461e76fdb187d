#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;

namespace difftriage::ui {

// The user's analysis settings (interpreter, generator, who suggests verdicts, LLM endpoint and
// model, time budget) and
// the language, in QSettings. The API key is never stored here: it comes from the environment
// (DIFFTRIAGE_LLM_API_KEY or OPENAI_API_KEY), and endpoints never come from the repository.
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
    QLineEdit *m_python;
    QComboBox *m_generator;
    QComboBox *m_suggest;
    QLineEdit *m_llmUrl;
    QLineEdit *m_llmModel;
    QLineEdit *m_apiKey;
    QCheckBox *m_allowRemote;
    QDoubleSpinBox *m_timeBudget;
    QComboBox *m_language;
};

} // namespace difftriage::ui
