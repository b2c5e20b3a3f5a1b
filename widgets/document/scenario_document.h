// ScenarioDocument: the one owner of the scenario on screen (as Tiled's Document owns a map): the
// typed scenario, the catalog it is evaluated with, the file it came from (an absolute path), the
// undo stack, whether it is modified and the report evaluated from it. The controls, the charts,
// the schedulers and the window observe it through its signals; each edit is a typed change
// (`core::Scenario next = document->scenario(); …; document->change(next)`). JSON exists only
// where the scenario crosses a boundary (a file, the clipboard, the session).
#pragma once

#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/estimate/report.h"
#include "core/scenario/scenario.h"

#include <QObject>
#include <QString>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

class QUndoStack;

namespace lhe::widgets {

class ScenarioDocument : public QObject
{
    Q_OBJECT

public:
    explicit ScenarioDocument(QObject* parent = nullptr);
    ~ScenarioDocument() override;

    // The catalog the report is evaluated with (empty until set): catalogChanged, then the
    // report again. Assigned in place, so a reference to catalog() stays valid.
    void setCatalog(core::Catalog catalog);
    const core::Catalog& catalog() const { return m_catalog; }

    const core::Scenario& scenario() const { return m_scenario; }

    // A scenario from a file (or the session, a command line): parsed by core::scenarioFromJson,
    // then it replaces the current one with an empty history, unmodified. Members the contract
    // does not define are kept for toFileJson(). False + the core's message when invalid; nothing
    // changes then.
    bool load(const nlohmann::json& file, QString* error);
    // What File → Save writes: the contract fields of scenario(), without a weight format the
    // file did not name (the core then serves a quantized checkpoint as stored), plus the loaded
    // file's unknown members.
    nlohmann::json toFileJson() const;
    // What File → Save writes to `path`: toFileJson(), except that a model the loaded file named
    // by "model_config_path" alone stays named so (no inline copy, which would win over the path
    // and hide later edits of that config.json) while the scenario's model is still the config
    // read there: the path as the file wrote it when `path` is in the same folder, else absolute.
    nlohmann::json toFileJson(const QString& path) const;
    // After load(): the loaded file named its model by `writtenPath` (model_config_path, relative to
    // `fileFolder`), as readScenarioFile reports it; empty: it did not.
    void setModelConfigSource(const QString& writtenPath, const QString& fileFolder);

    // Every edit: an undoable change (nothing happens when `next` equals the current scenario,
    // core::Scenario::operator==). Changes with the same non-zero `mergeId` (one slider drag)
    // merge into one undo step.
    void change(const core::Scenario& next, int mergeId = 0);

    // The file Save writes to: always absolute (empty: untitled).
    const QString& filePath() const { return m_filePath; }
    void setFilePath(const QString& path);

    QUndoStack* undoStack() const { return m_undoStack; }
    bool isModified() const;
    // After a save to filePath(): unmodified.
    void setSaved();
    // A restored session that had unsaved changes: modified although the history is empty.
    void setModifiedWithoutHistory();

    // The report of scenario(), or null with problem() saying why in the interface's language
    // (translated when asked, so a language switch applies to it too). One object, evaluated once
    // per change: the views keep this pointer rather than copies of the report.
    const std::shared_ptr<const core::Report>& report() const { return m_report; }
    QString problem() const;

signals:
    // After scenario() changed: a load, a change, an undo or a redo.
    void scenarioChanged();
    // After report() or problem() changed (every scenarioChanged, and a new catalog).
    void reportChanged();
    // After setCatalog(), before the report evaluated with it.
    void catalogChanged();
    void filePathChanged(const QString& path);
    void modifiedChanged(bool modified);

private:
    friend class ScenarioChangeCommand;
    // Undo and redo: sets the scenario without recording a step.
    void apply(const core::Scenario& scenario);
    void evaluate();

    core::Scenario m_scenario;
    nlohmann::json m_unknownFields = nlohmann::json::object();
    core::Catalog m_catalog;
    std::shared_ptr<const core::Report> m_report;
    std::optional<core::InputError> m_problem;
    QString m_filePath;
    QUndoStack* m_undoStack;

    // setModelConfigSource(): the path as written, the file's folder, and the model as loaded.
    struct ModelConfigSource
    {
        QString writtenPath;
        QString fileFolder;
        std::string loadedPath; // Scenario::modelConfigPath as loaded
        nlohmann::json config;
        std::optional<nlohmann::json> tensors;
    };
    std::optional<ModelConfigSource> m_modelConfigSource;
};

} // namespace lhe::widgets
