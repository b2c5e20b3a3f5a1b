#include "app/explorer/display_probe.h"

#include <xcb/xcb.h>

namespace lhe::app {

bool xDisplayReachable(const QByteArray& displayName)
{
    // xcb_connect never returns null: a failed connection is an error object that must be
    // disconnected too (libxcb's xcb_connect(3) and xcb_connection_has_error(3)).
    xcb_connection_t* connection =
        xcb_connect(displayName.isEmpty() ? nullptr : displayName.constData(), nullptr);
    const bool reachable = xcb_connection_has_error(connection) == 0;
    xcb_disconnect(connection);
    return reachable;
}

} // namespace lhe::app
