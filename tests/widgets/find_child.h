// child<T>(parent, "objectName"): a dialog's input by object name, or a fatal test error naming
// it. Shared by the dialog tests.
#pragma once

#include <QString>
#include <QWidget>
#include <QtGlobal>

template <typename T> T* child(const QWidget& parent, const char* name)
{
    T* widget = parent.findChild<T*>(QString::fromLatin1(name));
    if (!widget)
        qFatal("no child %s", name);
    return widget;
}
