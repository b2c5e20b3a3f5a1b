#include "app/support/argument_bytes.h"

#include <QFile>

namespace lhe::app {

ArgumentBytes::ArgumentBytes(int argc, char* argv[])
{
    for (int i = 0; i < argc; ++i)
        m_arguments << QByteArray(argv[i]);
}

bool ArgumentBytes::decodedLossily(const QString& value) const
{
    if (!value.contains(QChar::ReplacementCharacter))
        return false;
    // The value as it was given: a whole argument ("--scenario" "name") or after the '=' of
    // "--scenario=name".
    const QByteArray encoded = QFile::encodeName(value);
    const QByteArray afterEquals = QByteArray("=").append(encoded);
    for (const QByteArray& argument : m_arguments) {
        if (argument == encoded || argument.endsWith(afterEquals))
            return false;
    }
    return true;
}

} // namespace lhe::app
