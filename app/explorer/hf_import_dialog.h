// HfImportDialog: File → Import from Hugging Face…: asks for a model id or URL (and a token for
// gated models), downloads its config.json with a progress bar and a Cancel that aborts, and
// shows what went wrong in place. Accepted only with a config the estimator can read.
#pragma once

#include "app/support/hf_hub_client.h"
#include "core/common/message.h"

#include <QDialog>
#include <QStringList>
#include <string>
#include <vector>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace lhe::app {

class AppSettings;

class HfImportDialog : public QDialog
{
    Q_OBJECT

public:
    // `settings` keeps the token (not owned; null: the token lasts as long as the dialog).
    explicit HfImportDialog(AppSettings* settings, QWidget* parent = nullptr);

    // After acceptance: the download (config, repository id, index size, source).
    const HfModelFiles& files() const { return m_client->result(); }
    // After acceptance, in the interface's language: the config's warnings and a checkpoint size
    // that disagrees with the config (for MainWindow::showWarnings), and the notes (a cached
    // copy, an agreeing size) for the Messages panel.
    const std::vector<core::Message>& warnings() const { return m_warnings; }
    const QStringList& notes() const { return m_notes; }
    // The summary of the shards' tensor headers (model_tensors), null when there were none.
    const nlohmann::json& tensors() const { return m_tensors; }

    // Tests drive the dialog through these.
    QLineEdit* idEdit() const { return m_idEdit; }
    QLineEdit* tokenEdit() const { return m_tokenEdit; }
    QPushButton* downloadButton() const { return m_downloadButton; }
    QProgressBar* progressBar() const { return m_progress; }
    QString errorText() const;
    bool isDownloading() const { return m_client->isRunning(); }

public slots:
    void startDownload();
    // Cancel and Esc: abort a download in progress and close.
    void reject() override;

private:
    void onProgress(qint64 received, qint64 total);
    void onDownloaded();
    void showError(const QString& message);
    void setBusy(bool busy);

    AppSettings* m_settings = nullptr;
    HfHubClient* m_client = nullptr;
    QLineEdit* m_idEdit = nullptr;
    QLineEdit* m_tokenEdit = nullptr;
    QLabel* m_tokenNote = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_errorIcon = nullptr;
    QLabel* m_status = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QPushButton* m_downloadButton = nullptr;
    std::vector<core::Message> m_warnings;
    QStringList m_notes;
    nlohmann::json m_tensors;
};

} // namespace lhe::app
