// One Hub download run to its end in a test, the event loop turning (the test's local server
// lives in the same thread); a download still running after 20 s is stopped, and the test fails
// on its outcome.
#pragma once

#include "app/support/hf_hub_client.h"

#include <QEventLoop>
#include <QObject>
#include <QString>
#include <QTimer>

struct HubOutcome
{
    bool ok = false;
    QString error;
    lhe::app::HfModelFiles files;
};

inline HubOutcome runHubDownload(lhe::app::HfHubClient& client, const QString& id)
{
    HubOutcome outcome;
    bool downloaded = false;
    QEventLoop loop;
    QObject::connect(&client, &lhe::app::HfHubClient::downloaded, &loop, [&] {
        downloaded = true;
        loop.quit();
    });
    QObject::connect(&client, &lhe::app::HfHubClient::failed, &loop, [&](const QString& message) {
        outcome.error = message;
        loop.quit();
    });
    QTimer::singleShot(20000, &loop, &QEventLoop::quit);
    client.start(id);
    if (client.isRunning())
        loop.exec();
    outcome.ok = downloaded && outcome.error.isEmpty();
    outcome.files = client.result();
    return outcome;
}
