// ExportDialog: File → Export … Image: the file (its suffix is the format: PNG, SVG or PDF), the
// size the chart or dashboard is laid out at (as shown, a 16:9 slide, 4:3, A4 landscape) and,
// for PNG, the pixel scale.
#pragma once

#include <QDialog>
#include <QSize>
#include <QString>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace lhe::app {

class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    // In the order of the size box; the settings keep them by name (sizePresetName).
    enum SizePreset { AsShown, Slide16x9, Screen4x3, A4Landscape };
    // The logical size of a preset in px (GUI pixels, 96 per inch); AsShown: `shown`.
    static QSize presetSize(SizePreset preset, QSize shown);
    static QString sizePresetName(SizePreset preset);
    static SizePreset sizePresetFromName(const QString& name); // unknown: AsShown

    // `shown`: the size of what is exported as the window shows it; `path`: the proposed file.
    ExportDialog(QSize shown, const QString& path, double scale, SizePreset preset,
                 QWidget* parent = nullptr);

    QString path() const;
    SizePreset preset() const;
    // The size of the whole image in px, title line included; invalid for AsShown (the render
    // then keeps the widget's own size).
    QSize logicalSize() const;
    double scale() const; // 1 for SVG and PDF, whose pages are in px at 96 per inch

    // Tests drive the dialog through these.
    QLineEdit* pathEdit() const { return m_pathEdit; }
    QComboBox* sizeBox() const { return m_sizeBox; }
    QDoubleSpinBox* scaleBox() const { return m_scaleBox; }
    QPushButton* exportButton() const { return m_exportButton; }
    QString readout() const;

private:
    void browse();
    void update();

    QSize m_shown;
    QLineEdit* m_pathEdit = nullptr;
    QComboBox* m_sizeBox = nullptr;
    QDoubleSpinBox* m_scaleBox = nullptr;
    QLabel* m_readout = nullptr;
    QPushButton* m_exportButton = nullptr;
};

} // namespace lhe::app
