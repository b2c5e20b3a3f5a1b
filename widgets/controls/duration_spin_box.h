// DurationSpinBox: a time typed with its unit — "800 ms", "1 s", "0.5s", "250 µs" — held in
// seconds, as the scenario stores it (serving.ttft_target_seconds, CONTRACT §2.10). It shows its
// value with the unit that reads best (below a second in ms, else in s), so the field always says
// which unit it means. A number without a unit is refused, as is anything that is not a time or
// lies outside 1 µs … 1,000,000 s: the text goes back to the last value and rejected() says why.
// The lowest value (-1) is "no value" (specialValueText). Up and Down step through 1, 2, 5, 10 …
#pragma once

#include <QDoubleSpinBox>
#include <optional>

namespace lhe::widgets {

class DurationSpinBox : public QDoubleSpinBox
{
    Q_OBJECT

public:
    explicit DurationSpinBox(QWidget* parent = nullptr);

    static constexpr double kNone = -1.0; // the lowest value: no time
    static constexpr double kMinimumSeconds = 1e-6;
    static constexpr double kMaximumSeconds = 1e6;

    // The value in seconds, or empty at "none".
    std::optional<double> seconds() const;
    void setSeconds(std::optional<double> seconds);
    // What an Up from "none" goes to (a target's usual size: 1 s for TTFT, 50 ms for TPOT).
    void setFirstStep(double seconds) { m_firstStep = seconds; }

    // Reads a typed time: seconds, or empty with the reason in `error` (in the current language).
    // "none" (the special value's text) and an empty text are none: *none set, value empty.
    static std::optional<double> parse(const QString& text, QString* error, bool* none = nullptr,
                                       const QString& noneText = QString());
    // The text a value is shown as: "800 ms", "1.5 s", "250 µs".
    static QString format(double seconds);

    QValidator::State validate(QString& input, int& pos) const override;
    double valueFromText(const QString& text) const override;
    QString textFromValue(double value) const override;
    void fixup(QString& input) const override;
    void stepBy(int steps) override;

signals:
    // Typed text was refused (Enter or leaving the field): why, e.g. "“40” has no unit: type 40 ms
    // or 40 s." The field shows its last value again.
    void rejected(const QString& message);
    // A time was accepted (Enter, leaving the field or a step): a rejection shown may go.
    void accepted();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    // Checks the typed text before the spin box interprets it (and reverts a bad one).
    void checkTyped();

    double m_firstStep = 1.0;
};

} // namespace lhe::widgets
