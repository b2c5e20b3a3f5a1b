#include "widgets/controls/duration_spin_box.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <array>
#include <cmath>
#include <utility>

namespace lhe::widgets {

namespace {

// The units a time may be typed in, and seconds per unit: English and Chinese names.
double secondsPerUnit(const QString& unit)
{
    static const std::array<std::pair<const char16_t*, double>, 19> units{{
        {u"s", 1.0},       {u"sec", 1.0},   {u"secs", 1.0},  {u"second", 1.0},       {u"seconds", 1.0},
        {u"秒", 1.0},      {u"ms", 1e-3},   {u"msec", 1e-3}, {u"millisecond", 1e-3}, {u"milliseconds", 1e-3},
        {u"毫秒", 1e-3},   {u"µs", 1e-6}, // micro sign
        {u"μs", 1e-6},                    // Greek mu
        {u"us", 1e-6},     {u"微秒", 1e-6}, {u"min", 60.0},  {u"分钟", 60.0},        {u"h", 3600.0},
        {u"小时", 3600.0},
    }};
    for (const auto& [name, seconds] : units)
        if (unit.compare(QString::fromUtf16(name), Qt::CaseInsensitive) == 0)
            return seconds;
    return 0;
}

QLocale plainLocale()
{
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
    return locale;
}

} // namespace

DurationSpinBox::DurationSpinBox(QWidget* parent) : QDoubleSpinBox(parent)
{
    setDecimals(9); // 1 µs, the smallest time allowed, survives QDoubleSpinBox's rounding
    setRange(kNone, kMaximumSeconds);
    setKeyboardTracking(false); // one change on Enter or leaving the field, not per character
    setAlignment(Qt::AlignRight);
    setValue(kNone);
}

std::optional<double> DurationSpinBox::seconds() const
{
    return value() < 0 ? std::nullopt : std::optional<double>(value());
}

void DurationSpinBox::setSeconds(std::optional<double> seconds)
{
    const double shown = seconds ? *seconds : kNone;
    if (value() != shown)
        setValue(shown);
}

std::optional<double> DurationSpinBox::parse(const QString& text, QString* error, bool* none,
                                             const QString& noneText)
{
    if (none)
        *none = false;
    const QString typed = text.trimmed();
    if (typed.isEmpty() || typed.compare(QStringLiteral("none"), Qt::CaseInsensitive) == 0 ||
        (!noneText.isEmpty() && typed.compare(noneText, Qt::CaseInsensitive) == 0)) {
        if (none)
            *none = true;
        return std::nullopt;
    }
    static const QRegularExpression shape(
        QStringLiteral("^([+\\-]?[0-9.,]*[0-9](?:[eE][+\\-]?[0-9]+)?)\\s*(.*)$"));
    const QRegularExpressionMatch match = shape.match(typed);
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (!match.hasMatch())
        return fail(tr("“%1” is not a time: type a number and a unit, such as 800 ms or 1.5 s.").arg(typed));
    const QString number = match.captured(1);
    const QString unit = match.captured(2).trimmed();
    bool ok = false;
    double amount = QLocale().toDouble(number, &ok);
    if (!ok)
        amount = QLocale::c().toDouble(number, &ok);
    if (!ok)
        return fail(tr("“%1” is not a time: type a number and a unit, such as 800 ms or 1.5 s.").arg(typed));
    if (unit.isEmpty())
        return fail(tr("“%1” has no unit: type %1 ms or %1 s.").arg(number));
    const double perUnit = secondsPerUnit(unit);
    if (perUnit == 0)
        return fail(tr("“%1” is not a unit of time: use ms or s, such as 800 ms or 1.5 s.").arg(unit));
    const double seconds = amount * perUnit;
    if (!std::isfinite(seconds) || seconds < kMinimumSeconds * (1 - 1e-9) || seconds > kMaximumSeconds)
        return fail(tr("%1 is out of range: a time from 1 µs to 1,000,000 s.").arg(typed));
    return seconds;
}

QString DurationSpinBox::format(double seconds)
{
    const QLocale locale = plainLocale();
    if (seconds < 1e-3)
        return locale.toString(seconds * 1e6, 'g', 4) +
               QStringLiteral(" µs"); // units as formatSeconds writes them
    if (seconds < 1.0)
        return locale.toString(seconds * 1e3, 'g', 4) + QStringLiteral(" ms");
    return locale.toString(seconds, 'g', 7) + QStringLiteral(" s");
}

QValidator::State DurationSpinBox::validate(QString& input, int& /*pos*/) const
{
    // Anything may be typed (a unit is letters): a text that is not a time is refused when the
    // field is left or Enter is pressed, with the reason (rejected), never silently while typing.
    bool none = false;
    QString error;
    return parse(input, &error, &none, specialValueText()) || none ? QValidator::Acceptable
                                                                   : QValidator::Intermediate;
}

double DurationSpinBox::valueFromText(const QString& text) const
{
    return parse(text, nullptr, nullptr, specialValueText()).value_or(kNone);
}

QString DurationSpinBox::textFromValue(double value) const
{
    return value < 0 ? specialValueText() : format(value);
}

void DurationSpinBox::fixup(QString& /*input*/) const
{
    // Nothing to repair: a text that does not parse goes back to the last value.
}

void DurationSpinBox::stepBy(int steps)
{
    // The typed text first, as QAbstractSpinBox::stepBy does: a step goes from what is shown.
    checkTyped();
    interpretText();
    double next = value();
    for (; steps != 0; steps += steps > 0 ? -1 : 1) {
        if (steps > 0) {
            if (next < 0) {
                next = m_firstStep;
                continue;
            }
            // The next of 1, 2, 5 × 10^k above the value.
            const double decade = std::pow(10.0, std::floor(std::log10(next)));
            double step = 0;
            for (const double mantissa :
                 {1.0, 2.0, 5.0, 10.0, 20.0, 50.0}) { // a decade off by rounding: the next one's
                if (mantissa * decade > next * (1 + 1e-9)) {
                    step = mantissa * decade;
                    break;
                }
            }
            next = std::min(step, kMaximumSeconds);
        } else {
            if (next < 0)
                break;
            const double decade = std::pow(10.0, std::floor(std::log10(next)));
            double step = kNone;
            for (const double mantissa : {5.0, 2.0, 1.0, 0.5, 0.2, 0.1}) {
                if (mantissa * decade < next * (1 - 1e-9)) {
                    step = mantissa * decade;
                    break;
                }
            }
            next = step < kMinimumSeconds * (1 - 1e-9) ? kNone : step; // below 1 µs: none
        }
    }
    setValue(next);
    selectAll();
    emit accepted();
}

void DurationSpinBox::checkTyped()
{
    const QString typed = lineEdit()->displayText();
    if (typed == textFromValue(value()) || (value() < 0 && typed == specialValueText()))
        return;
    QString error;
    bool none = false;
    if (parse(typed, &error, &none, specialValueText()) || none)
        emit accepted();
    else
        emit rejected(error);
}

void DurationSpinBox::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter)
        checkTyped();
    QDoubleSpinBox::keyPressEvent(event);
}

void DurationSpinBox::focusOutEvent(QFocusEvent* event)
{
    checkTyped();
    QDoubleSpinBox::focusOutEvent(event);
}

} // namespace lhe::widgets
