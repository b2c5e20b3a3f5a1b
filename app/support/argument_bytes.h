// File names on the command line whose bytes are not UTF-8. Qt 6 decodes arguments as UTF-8
// (QCoreApplication::arguments, QFile::decodeName) and turns each byte that is not into U+FFFD,
// and QFile::encodeName writes that back as the three bytes EF BF BD: "x\xff.png" would be
// written as another file, and a scenario "s\xff.json" would not be found. No Qt file function
// can name such a file, so the programs refuse it, saying why.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace lhe::app {

class ArgumentBytes
{
public:
    // Copies argv: QGuiApplication removes its own options from it.
    ArgumentBytes(int argc, char* argv[]);

    // True when `value`, as the command-line parser gives it, came from an argument whose bytes
    // were not UTF-8, so the name the program would use is not the one given. A name that holds
    // U+FFFD itself, written as UTF-8, is kept.
    bool decodedLossily(const QString& value) const;

private:
    QList<QByteArray> m_arguments;
};

} // namespace lhe::app
