// ScenarioFiles: the document's scenario in and out of files — a scenario opened, saved or
// dropped on the window, a model imported from its config.json, its own files or the Hugging
// Face Hub, the dialogs that ask for them, and the question before unsaved changes are replaced.
// JSON is read and written here, at the file's edge; the document takes typed scenarios.
#pragma once

#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <functional>
#include <nlohmann/json.hpp>

class QWidget;

namespace lhe::widgets {
class ScenarioControls;
class ScenarioDocument;
} // namespace lhe::widgets

namespace lhe::app {

class AppSettings;
class WindowMessages;

class ScenarioFiles : public QObject
{
    // The texts moved here from the window keep its translation context (resources/translations).
    Q_DECLARE_TR_FUNCTIONS(lhe::app::MainWindow)

public:
    // `window` parents the dialogs; the controls hold the imported models' picker entries.
    ScenarioFiles(widgets::ScenarioDocument* document, widgets::ScenarioControls* controls,
                  WindowMessages* messages, QWidget* window);

    // Where a named file goes into File → Open Recent, and the Hub import's settings (not owned;
    // null keeps nothing).
    void setSettings(AppSettings* settings) { m_settings = settings; }

    // A contract scenario that evaluates with the document's catalog replaces the document's
    // (a new history, unmodified). False + message on bad input; nothing changes then.
    bool loadScenario(const nlohmann::json& scenario, QString* error);
    bool openScenarioFile(const QString& path, QString* error);
    // The file File → Save writes to, for a scenario loaded from it (a FILE or --scenario argument).
    void setScenarioPath(const QString& path);
    bool saveScenarioFile(const QString& path, QString* error);
    bool importModelConfig(const QString& path, QString* error);
    // A GGUF file, a .safetensors file or a checkpoint folder (app::readModelFiles): the model
    // as its headers describe it.
    bool importModelFile(const QString& path, QString* error);
    // A file dropped on the window: a model file, a scenario (after confirmDiscardChanges) or a
    // config.json. False when the drop is refused (unreadable, or the question was cancelled).
    bool openDropped(const QString& path);

    // Before the current scenario is replaced or the window closes: asks Save / Discard / Cancel
    // when it has unsaved changes. True when it is safe to go on. `closing`: the question also says
    // that the next start resumes the session whatever the answer.
    bool confirmDiscardChanges(bool closing = false);
    // Tests answer the question instead of a modal box (a QMessageBox::StandardButton).
    void setDiscardQuestion(std::function<int()> question) { m_discardQuestion = std::move(question); }

    // The File menu's dialogs.
    void openScenarioDialog();
    void saveScenarioDialog(bool askForName);
    void importConfigDialog();
    void openModelFileDialog(); // File → Open Model File…: a .gguf or .safetensors file
    void importFromHubDialog(); // File → Import from Hugging Face… (HfImportDialog)

private:
    widgets::ScenarioDocument* m_document;
    widgets::ScenarioControls* m_controls;
    WindowMessages* m_messages;
    QWidget* m_window;
    AppSettings* m_settings = nullptr;
    std::function<int()> m_discardQuestion;
};

} // namespace lhe::app
