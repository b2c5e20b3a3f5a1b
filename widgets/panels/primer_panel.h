// PrimerPanel: short explanations of the concepts the dashboard visualises (training vs
// inference, CPU/GPU/NPU/TPU, RAM vs VRAM, GDDR vs HBM, bandwidth-bound decode, compute-bound
// prefill, communication, offload), each with "Show me" buttons that ask the window to load a
// scenario demonstrating it. The scenarios live in resources/primer/presets.json, and
// tests/core/tst_primer_presets.cpp checks that each one shows what its paragraph claims.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <nlohmann/json.hpp>

class QLabel;
class QPushButton;
class QScrollArea;

namespace lhe::widgets {

class PrimerPanel : public QWidget
{
    Q_OBJECT

public:
    // `presets`: the document of resources/primer/presets.json ({"presets": [{"id", "scenario"}]}).
    // A button whose preset is missing is disabled, so a damaged file costs the demonstration,
    // not the text.
    explicit PrimerPanel(const nlohmann::json& presets, QWidget* parent = nullptr);

    // Reads a presets document (":/primer/presets.json" in the app). Null json + message when the
    // file is missing or not JSON.
    static nlohmann::json readPresets(const QString& path, QString* error);

    // Section ids in reading order (each section's frame is named "section_<id>").
    QStringList sectionIds() const;
    // Every "Show me" button; each carries its preset id in the property "presetId".
    QList<QPushButton*> showMeButtons() const;
    // The preset ids the sections' buttons ask for, in reading order.
    static QStringList presetIds();

signals:
    // A "Show me" button was pressed: load `scenario` (a contract scenario) as the user's change.
    void presetRequested(const QString& id, const nlohmann::json& scenario);

protected:
    void changeEvent(QEvent* event) override; // a language change: retranslateUi()

private:
    // Every text of the lessons in the current language, and the width the buttons then need.
    void retranslateUi();
    void fitButtonWidth();

    nlohmann::json m_presets;      // id -> scenario
    QList<QPushButton*> m_buttons; // in reading order, as the sections list them
    QLabel* m_intro = nullptr;
    QScrollArea* m_scroll = nullptr;
    struct SectionLabels
    {
        QLabel* title = nullptr;
        QLabel* body = nullptr;
        QLabel* lookAt = nullptr;
        QLabel* sources = nullptr;
    };
    QList<SectionLabels> m_sections; // in the order of sectionIds()
};

} // namespace lhe::widgets
