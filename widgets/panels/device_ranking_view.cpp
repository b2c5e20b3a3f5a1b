#include "widgets/panels/device_ranking_view.h"

#include "widgets/charts/image_export.h"
#include "widgets/common/qt_text.h"
#include "widgets/common/value_format.h"
#include "widgets/layout/wrapped_label.h"
#include "widgets/panels/device_ranking_model.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleValidator>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <array>

namespace lhe::widgets {

namespace {

constexpr std::array kClasses{core::DeviceClass::Cpu, core::DeviceClass::Gpu, core::DeviceClass::Npu,
                              core::DeviceClass::Tpu};

// The class filter (the class token under DeviceClassRole, QSortFilterProxyModel's own regular
// expression) and "meets the targets only" (MeetsTargetsRole).
class RankingProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setMeetingOnly(bool only)
    {
        if (m_meetingOnly == only)
            return;
        m_meetingOnly = only;
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override
    {
        if (m_meetingOnly && sourceModel()
                                     ->index(sourceRow, 0, sourceParent)
                                     .data(DeviceRankingModel::MeetsTargetsRole)
                                     .toInt() != 0)
            return false;
        return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
    }

private:
    bool m_meetingOnly = false;
};

// The price cell's editor: a number from 0 to 1,000,000 in the user's locale, or nothing.
class PriceDelegate : public ShapedTextDelegate
{
public:
    using ShapedTextDelegate::ShapedTextDelegate;
    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override
    {
        auto* editor = new QLineEdit(parent);
        auto* validator = new QDoubleValidator(0.0, 1e6, 6, editor);
        validator->setNotation(QDoubleValidator::StandardNotation);
        editor->setValidator(validator);
        editor->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        editor->setAccessibleName(DeviceRankingView::tr("Price per device-hour"));
        return editor;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override
    {
        auto* line = static_cast<QLineEdit*>(editor);
        line->setText(index.data(Qt::EditRole).toString());
        line->selectAll();
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override
    {
        model->setData(index, static_cast<QLineEdit*>(editor)->text(), Qt::EditRole);
    }
};

// Currencies offered in the box (any other may be typed).
const QStringList& currencyChoices()
{
    static const QStringList choices = {
        QString(),           QStringLiteral("$"),   QStringLiteral("€"),   QStringLiteral("£"),
        QStringLiteral("¥"), QStringLiteral("USD"), QStringLiteral("EUR"), QStringLiteral("CNY")};
    return choices;
}

} // namespace

DeviceRankingView::DeviceRankingView(QWidget* parent) : QWidget(parent)
{
    setAccessibleName(tr("Device ranking"));
    m_model = new DeviceRankingModel(this);
    m_proxy = new RankingProxy(this);
    m_proxy->setSourceModel(m_model);
    // Sort by the numbers (9 < 10 < 100 tokens/s), not by their text; filter by the class token.
    m_proxy->setSortRole(DeviceRankingModel::SortRole);
    m_proxy->setSortLocaleAware(true);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterRole(DeviceRankingModel::DeviceClassRole);
    m_proxy->setFilterKeyColumn(DeviceRankingModel::ClassColumn);

    m_classCaption = new QLabel(this);
    m_classFilter = new QComboBox(this);
    m_classFilter->setObjectName(QStringLiteral("rankingClassFilter"));
    m_classCaption->setBuddy(m_classFilter);
    m_classFilter->addItem(QString(), -1);
    for (const core::DeviceClass deviceClass : kClasses)
        m_classFilter->addItem(QString(), static_cast<int>(deviceClass));
    m_meetsOnly = new QCheckBox(this);
    m_meetsOnly->setObjectName(QStringLiteral("rankingMeetsTargets"));
    m_meetsOnly->setEnabled(false);
    m_currencyCaption = new QLabel(this);
    m_currency = new QComboBox(this);
    m_currency->setObjectName(QStringLiteral("rankingCurrency"));
    m_currency->setEditable(true);
    m_currency->setInsertPolicy(QComboBox::NoInsert);
    m_currency->addItems(currencyChoices());
    m_currency->lineEdit()->setMaxLength(8);
    m_currency->setMinimumContentsLength(4);
    m_currency->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_currencyCaption->setBuddy(m_currency);
    m_exportCsv = new QPushButton(this);
    m_exportCsv->setObjectName(QStringLiteral("rankingExportCsv"));
    m_exportImage = new QPushButton(this);
    m_exportImage->setObjectName(QStringLiteral("rankingExportImage"));
    // Two rows: what is shown (class, targets), then the currency and the exports. One row would
    // make the tab wider than the dashboard leaves it beside the memory chart at 1,024 px.
    auto* bar = new QVBoxLayout;
    auto* filters = new QHBoxLayout;
    filters->addWidget(m_classCaption);
    filters->addWidget(m_classFilter);
    filters->addWidget(m_meetsOnly);
    filters->addStretch(1);
    auto* output = new QHBoxLayout;
    output->addWidget(m_currencyCaption);
    output->addWidget(m_currency);
    output->addStretch(1);
    output->addWidget(m_exportCsv);
    output->addWidget(m_exportImage);
    bar->addLayout(filters);
    bar->addLayout(output);

    m_table = new RankingTable(this);
    m_table->setObjectName(QStringLiteral("rankingTable"));
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    // Only the price cell is editable: a double-click there edits it (elsewhere it makes the device
    // current), as do F2 and typing on it.
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_table->setItemDelegateForColumn(DeviceRankingModel::PriceColumn, new PriceDelegate(m_table));
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    // The core's rank until the user sorts; a third click on a header returns to it.
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->horizontalHeader()->setSortIndicatorClearable(true);
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed); // RankingTable::fitRowHeight
    // Names like "NVIDIA GB300 (per Blackwell Ultra GPU in GB300 NVL72)" would push the figures
    // out of view: the name column gets about 24 characters and elides the rest (full name in
    // its tool tip).
    m_table->setNameColumn(DeviceRankingModel::DeviceColumn, 24);

    m_placeholder = new WrappedLabel(this);
    m_placeholder->setObjectName(QStringLiteral("rankingPlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setTextFormat(Qt::PlainText);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_table);
    m_stack->addWidget(m_placeholder);

    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->addLayout(bar);
    column->addWidget(m_stack, 1);

    connect(m_classFilter, &QComboBox::currentIndexChanged, this, [this] {
        const std::optional<core::DeviceClass> shown = shownClass();
        m_proxy->setFilterRegularExpression(
            shown ? QRegularExpression(QRegularExpression::anchoredPattern(qs(core::deviceClassName(*shown))))
                  : QRegularExpression());
        updatePlaceholder();
    });
    // Double-click or Enter on a row (QAbstractItemView::activated covers both).
    connect(m_table, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        const QModelIndex source = m_proxy->mapToSource(index);
        if (source.isValid())
            emit deviceActivated(m_model->data(source, DeviceRankingModel::DeviceIdRole).toString());
    });
    connect(m_model, &DeviceRankingModel::priceEdited, this, &DeviceRankingView::priceEdited);
    connect(m_meetsOnly, &QCheckBox::toggled, this, [this](bool only) {
        static_cast<RankingProxy*>(m_proxy)->setMeetingOnly(only);
        updatePlaceholder();
    });
    connect(m_currency, &QComboBox::currentTextChanged, this, [this](const QString& text) {
        if (text.trimmed() == currency())
            return;
        setCurrency(text);
        emit currencyChanged(currency());
    });
    connect(m_exportCsv, &QPushButton::clicked, this, &DeviceRankingView::onExportCsv);
    connect(m_exportImage, &QPushButton::clicked, this, &DeviceRankingView::onExportImage);

    retranslateUi();
}

void DeviceRankingView::retranslateUi()
{
    m_classCaption->setText(tr("&Class:"));
    m_classFilter->setItemText(0, tr("All"));
    for (std::size_t i = 0; i < kClasses.size(); ++i)
        m_classFilter->setItemText(static_cast<int>(i) + 1, DeviceRankingModel::deviceClassText(kClasses[i]));
    m_classFilter->setToolTip(tr("Show the devices of one class only"));
    m_meetsOnly->setText(tr("&Meets targets only"));
    updateMeetsToolTip();
    m_currencyCaption->setText(tr("C&urrency:"));
    m_currency->setToolTip(
        tr("The currency of your prices, shown with prices and costs (a symbol or a code)"));
    m_currency->setItemText(0, tr("none"));
    m_exportCsv->setText(tr("Export CSV…"));
    m_exportCsv->setToolTip(tr("Save the rows shown as CSV, numbers in SI units"));
    m_exportImage->setText(tr("Export image…"));
    m_exportImage->setToolTip(tr("Save the table as shown as a PNG image"));
    m_model->retranslate();
    updatePlaceholder();
}

void DeviceRankingView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void DeviceRankingView::updateMeetsToolTip()
{
    m_meetsOnly->setToolTip(m_meetsOnly->isEnabled()
                                ? tr("Show only the devices whose p90 TTFT and TPOT meet the targets")
                                : tr("Set a TTFT or TPOT target (Serving) to filter by it"));
}

void DeviceRankingView::setHasTargets(bool hasTargets)
{
    // Called with every ranking (every slider step while the tab is shown): nothing to do unless
    // the targets came or went.
    if (m_meetsOnly->isEnabled() == hasTargets && m_model->hasTargets() == hasTargets)
        return;
    m_model->setHasTargets(hasTargets);
    m_meetsOnly->setEnabled(hasTargets);
    if (!hasTargets)
        m_meetsOnly->setChecked(false);
    updateMeetsToolTip(); // it says why the box is off
}

void DeviceRankingView::setCurrency(const QString& shown)
{
    widgets::setCurrency(shown == tr("none") ? QString() : shown);
    const QString kept = currency();
    const int index = m_currency->findText(kept.isEmpty() ? tr("none") : kept);
    {
        const QSignalBlocker blocker(m_currency);
        if (index >= 0)
            m_currency->setCurrentIndex(index);
        else
            m_currency->setEditText(kept);
    }
    m_model->retranslate(); // the headers carry the currency
    m_table->fitColumns();
}

void DeviceRankingView::setRanking(std::vector<core::DeviceRanking> ranking)
{
    m_model->setRanking(std::move(ranking));
    m_table->fitRowHeight();
    m_table->fitColumns();
    updatePlaceholder();
}

std::optional<core::DeviceClass> DeviceRankingView::shownClass() const
{
    const int value = m_classFilter->currentData().toInt();
    if (value < 0)
        return std::nullopt;
    return static_cast<core::DeviceClass>(value);
}

void DeviceRankingView::setShownClass(std::optional<core::DeviceClass> deviceClass)
{
    m_classFilter->setCurrentIndex(
        m_classFilter->findData(deviceClass ? static_cast<int>(*deviceClass) : -1));
}

void DeviceRankingView::setPlaceholderText(const QString& text)
{
    m_placeholderText = text;
    updatePlaceholder();
}

QString DeviceRankingView::visiblePlaceholderText() const
{
    return m_stack->currentWidget() == m_placeholder ? m_placeholder->text() : QString();
}

void DeviceRankingView::updatePlaceholder()
{
    QString text;
    if (m_model->rowCount() == 0)
        text = m_placeholderText.isEmpty() ? tr("No devices ranked yet.") : m_placeholderText;
    else if (m_proxy->rowCount() == 0 && m_meetsOnly->isChecked())
        text = shownClass()
                   ? tr("No %1 device in this ranking meets the targets.").arg(m_classFilter->currentText())
                   : tr("No device in this ranking meets the targets.");
    else if (m_proxy->rowCount() == 0)
        text = tr("No %1 devices in this ranking.").arg(m_classFilter->currentText());
    m_placeholder->setText(text);
    m_stack->setCurrentWidget(text.isEmpty() ? static_cast<QWidget*>(m_table) : m_placeholder);
    m_exportCsv->setEnabled(text.isEmpty() && m_writer);
    m_exportImage->setEnabled(text.isEmpty() && m_writer);
}

std::vector<core::DeviceRanking> DeviceRankingView::shownRanking() const
{
    std::vector<core::DeviceRanking> rows;
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const int source = m_proxy->mapToSource(m_proxy->index(row, 0)).row();
        rows.push_back(m_model->ranking()[static_cast<std::size_t>(source)]);
    }
    return rows;
}

void DeviceRankingView::setFileWriter(FileWriter writer)
{
    m_writer = std::move(writer);
    updatePlaceholder();
}

bool DeviceRankingView::write(const QString& path, const QByteArray& bytes, QString* error) const
{
    if (!m_writer) {
        *error = tr("Cannot write %1: no file writer").arg(path);
        return false;
    }
    return m_writer(path, bytes, error);
}

bool DeviceRankingView::exportCsv(const QString& path, QString* error) const
{
    QString ignored;
    QString* message = error ? error : &ignored;
    if (m_proxy->rowCount() == 0) {
        *message = tr("No devices to export");
        return false;
    }
    return write(path, rankingCsv(shownRanking()).toUtf8(), message);
}

bool DeviceRankingView::exportImage(const QString& path, QString* error, double scale)
{
    QString ignored;
    QString* message = error ? error : &ignored;
    if (m_proxy->rowCount() == 0) {
        *message = tr("No devices to export");
        return false;
    }
    // A copy of the table, shown off screen at the size that holds its header and every shown row:
    // the view's own table keeps its size and scroll position, and a view never shown (another
    // tab, whose table has no layout yet) exports the same image.
    QTableView copy;
    copy.setAttribute(Qt::WA_DontShowOnScreen);
    copy.setPalette(m_table->palette());
    copy.setFont(m_table->font());
    copy.setModel(m_proxy);
    copy.setAlternatingRowColors(true);
    copy.setWordWrap(false);
    copy.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    copy.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    copy.verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    QHeaderView* header = copy.horizontalHeader();
    header->setSortIndicatorShown(m_table->horizontalHeader()->sortIndicatorSection() >= 0);
    header->setSortIndicator(m_table->horizontalHeader()->sortIndicatorSection(),
                             m_table->horizontalHeader()->sortIndicatorOrder());
    for (int c = 0; c < DeviceRankingModel::ColumnCount; ++c)
        copy.setColumnWidth(c, m_table->columnWidth(c));
    copy.show();
    // The image has room for the full device names the view may elide (measured once shown).
    const int nameWidth = m_table->columnWidth(DeviceRankingModel::DeviceColumn);
    copy.resizeColumnToContents(DeviceRankingModel::DeviceColumn);
    copy.setColumnWidth(DeviceRankingModel::DeviceColumn,
                        std::max(nameWidth, copy.columnWidth(DeviceRankingModel::DeviceColumn)));
    const int frame = 2 * copy.frameWidth();
    const QSize size(copy.verticalHeader()->sizeHint().width() + header->length() + frame,
                     header->sizeHint().height() + copy.verticalHeader()->length() + frame);
    QByteArray bytes;
    const bool rendered = renderWidget(&copy, ImageFormat::Png, size, scale, &bytes, message);
    return rendered && write(path, bytes, message);
}

QString DeviceRankingView::chooseSavePath(const QString& caption, const QString& suggestedName,
                                          const QString& filter)
{
    return QFileDialog::getSaveFileName(this, caption, suggestedName, filter);
}

void DeviceRankingView::showExportError(const QString& message)
{
    QMessageBox::warning(this, tr("Export failed"), message);
}

void DeviceRankingView::onExportCsv()
{
    const QString path = chooseSavePath(tr("Export Ranking as CSV"), tr("device-ranking.csv"),
                                        tr("CSV files (*.csv);;All files (*)"));
    QString error;
    if (!path.isEmpty() && !exportCsv(path, &error))
        showExportError(error);
}

void DeviceRankingView::onExportImage()
{
    const QString path =
        chooseSavePath(tr("Export Ranking as Image"), tr("device-ranking.png"), tr("PNG images (*.png)"));
    QString error;
    if (!path.isEmpty() && !exportImage(path, &error))
        showExportError(error);
}

} // namespace lhe::widgets
