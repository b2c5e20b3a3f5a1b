// MessageLog: the window's list of things the user must not miss but that must not stop them —
// skipped catalog entries, config.json guesses, failed saves — newest last, with the time.
// The status bar shows one line for a few seconds; this keeps all of them until cleared.
#pragma once

#include <QWidget>

class QListWidget;
class QListWidgetItem;
class QPushButton;

namespace lhe::widgets {

class MessageLog : public QWidget
{
    Q_OBJECT

public:
    enum class Severity { Note, Warning, Error };

    explicit MessageLog(QWidget* parent = nullptr);

    void addMessage(Severity severity, const QString& text);
    int count() const;
    QString message(int row) const; // the text as added, without time or severity
    QStringList messages() const;
    // A few lines tall: the panel sits under the charts and must not push them away.
    QSize sizeHint() const override;

public slots:
    void clear();

signals:
    void countChanged(int count);

protected:
    void changeEvent(QEvent* event) override; // a language change: retranslateUi()

private:
    // The button, the list's name and each line's severity word in the current language; the
    // messages themselves stay as they were added.
    void retranslateUi();
    static void labelItem(QListWidgetItem* item);

    QListWidget* m_list;
    QPushButton* m_clearButton;
};

} // namespace lhe::widgets
