// Import from Hugging Face against a hostile Hub or cache: app::HfHubClient facing a token that
// would add a header, redirects to local files, a cache holding FIFOs, answers that dribble or
// never end their header, and an index over the size limit. tests/app/tst_hf_hub_client.cpp has the
// ordinary cases.
//
// Never the internet: ScriptedServer below is an HTTP/1.1 server on 127.0.0.1 whose answers each
// test writes, and HF_ENDPOINT points the client at it. XDG_CACHE_HOME is a temporary folder.
// FIFOs are made with mkfifo(3) in a temporary folder; no device node is touched.
#include "app/support/hf_hub_client.h"
#include "hub_download.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QList>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <atomic>
#include <chrono>
#include <fcntl.h>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using lhe::app::HfHubClient;
using lhe::app::HfModelFiles;
using nlohmann::json;

namespace {

QByteArray fixtureConfig()
{
    QFile file(QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/hf_configs/llama-3.2-1b.config.json"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray response(int status, const QByteArray& reason, const QByteArray& body,
                    const QByteArray& extraHeaders = {})
{
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason +
           "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) +
           "\r\nConnection: close\r\n" + extraHeaders + "\r\n" + body;
}

// An HTTP/1.1 server answering each request from a script per path (a 404 for any other path).
class ScriptedServer : public QObject
{
public:
    using Answer = std::function<void(QTcpSocket*)>;

    ScriptedServer()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = m_server.nextPendingConnection()) {
                socket->setParent(this);
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
            }
        });
    }
    bool listen() { return m_server.listen(QHostAddress::LocalHost); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }
    QString authority() const { return QStringLiteral("127.0.0.1:%1").arg(m_server.serverPort()); }

    QHash<QByteArray, Answer> answers;
    // Every request in order: its path and its header lines as received.
    QList<QPair<QByteArray, QList<QByteArray>>> log;

    static void send(QTcpSocket* socket, const QByteArray& bytes)
    {
        socket->write(bytes);
        socket->disconnectFromHost();
    }
    // Writes `head`, then one byte of `drip` every 100 ms, without end.
    static void dribble(QTcpSocket* socket, const QByteArray& head, char drip)
    {
        socket->write(head);
        auto* timer = new QTimer(socket);
        QObject::connect(timer, &QTimer::timeout, socket, [socket, drip] { socket->write(&drip, 1); });
        timer->start(100);
    }

private:
    void onReadyRead(QTcpSocket* socket)
    {
        QByteArray& buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        QList<QByteArray> lines = buffer.left(end).split('\n');
        const QByteArray path = lines.value(0).trimmed().split(' ').value(1);
        lines.removeFirst();
        for (QByteArray& line : lines)
            line = line.trimmed();
        log.append({path, lines});
        m_buffers.remove(socket);
        if (answers.contains(path))
            answers.value(path)(socket);
        else
            send(socket, response(404, "Not Found", R"({"error":"Entry not found"})",
                                  "X-Error-Code: EntryNotFound\r\n"));
    }

    QTcpServer m_server;
    QHash<QTcpSocket*, QByteArray> m_buffers;
};

// Watches a FIFO from a thread of its own: whenever a reader holds it open, an open(2) for
// writing with O_NONBLOCK succeeds (POSIX open(): it fails with ENXIO while no process has the
// FIFO open for reading). The watch then notes it and closes its end at once, which also lets a
// reader blocked in open(2) go on (to an empty read), so a test of a client that opens the FIFO
// fails instead of hanging.
class FifoWatch
{
public:
    explicit FifoWatch(const QString& path) : m_path(QFile::encodeName(path).toStdString()) {}
    ~FifoWatch()
    {
        m_stop = true;
        m_thread.join();
    }
    FifoWatch(const FifoWatch&) = delete;
    FifoWatch& operator=(const FifoWatch&) = delete;
    bool opened() const { return m_opened; }

private:
    void run()
    {
        while (!m_stop) {
            const int fd = ::open(m_path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
            if (fd >= 0) {
                m_opened = true;
                ::close(fd);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }

    std::string m_path;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_opened{false};
    std::thread m_thread{[this] { run(); }}; // last: starts once the members above are made
};

bool makeFifo(const QString& path)
{
    return ::mkfifo(QFile::encodeName(path).constData(), 0600) == 0;
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return QDir().mkpath(QFileInfo(path).path()) && file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           file.write(bytes) == bytes.size();
}

// Runs one download to its end, the event loop turning (the server lives in this thread); a
// download still running after 20 s is stopped, and the test fails on its outcome.
HubOutcome download(const QString& id, const QString& token = QString(), int deadlineMs = 10000)
{
    HfHubClient client;
    client.setToken(token);
    client.setTransferTimeoutMs(10000);
    client.setRequestDeadlineMs(deadlineMs);
    return runHubDownload(client, id);
}

} // namespace

class TestHfHubHostile : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void refusesTokenWithControlCharacters_data();
    void refusesTokenWithControlCharacters();
    void refusesRedirectToOtherSchemes_data();
    void refusesRedirectToOtherSchemes();
    void cachedFifoIsNotOpened_data();
    void cachedFifoIsNotOpened();
    void deadlineEndsDribblingAnswers_data();
    void deadlineEndsDribblingAnswers();
    void brokenOffAnswer_data();
    void brokenOffAnswer();
    void oversizedIndexOnlySkipsTheCheck_data();
    void oversizedIndexOnlySkipsTheCheck();

private:
    QTemporaryDir m_home;
    ScriptedServer* m_server = nullptr;
};

void TestHfHubHostile::initTestCase()
{
    QVERIFY(m_home.isValid());
    QVERIFY(!fixtureConfig().isEmpty());
    qputenv("XDG_CACHE_HOME", QDir(m_home.path()).filePath(QStringLiteral("cache")).toUtf8());
    qputenv("XDG_CONFIG_HOME", QDir(m_home.path()).filePath(QStringLiteral("config")).toUtf8());
}

void TestHfHubHostile::init()
{
    delete m_server;
    m_server = new ScriptedServer;
    QVERIFY(m_server->listen());
    qputenv("HF_ENDPOINT", m_server->url().toUtf8());
    qunsetenv("HF_TOKEN");
}

void TestHfHubHostile::cleanup()
{
    delete m_server;
    m_server = nullptr;
    QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)).removeRecursively();
}

void TestHfHubHostile::refusesTokenWithControlCharacters_data()
{
    QTest::addColumn<QByteArray>("environment"); // HF_TOKEN; empty: unset
    QTest::addColumn<QString>("stored");
    QTest::addColumn<QString>("error");
    const QString rule = QStringLiteral("; a token holds only letters, digits and -._~+/=");
    QTest::newRow("HF_TOKEN with CR LF")
        << QByteArray("hf_abc\r\nX-Injected: yes") << QString()
        << QStringLiteral("HF_TOKEN: not sent, it holds the character U+000D") + rule;
    QTest::newRow("stored with LF") << QByteArray() << QStringLiteral("hf_abc\nX-Injected: yes")
                                    << QStringLiteral("the token: not sent, it holds the character U+000A") +
                                           rule;
    QTest::newRow("stored with DEL") << QByteArray() << QStringLiteral("hf_a\x7f")
                                     << QStringLiteral("the token: not sent, it holds the character U+007F") +
                                            rule;
}

void TestHfHubHostile::refusesTokenWithControlCharacters()
{
    QFETCH(QByteArray, environment);
    QFETCH(QString, stored);
    QFETCH(QString, error);
    if (!environment.isEmpty())
        qputenv("HF_TOKEN", environment);
    m_server->answers.insert("/test/token/resolve/main/config.json", [](QTcpSocket* socket) {
        ScriptedServer::send(socket, response(200, "OK", fixtureConfig()));
    });
    const HubOutcome outcome = download(QStringLiteral("test/token"), stored);
    QVERIFY(!outcome.ok);
    QCOMPARE(outcome.error, error);
    // Nothing went out: no header, and no request the token would have been part of.
    QTest::qWait(100);
    QCOMPARE(m_server->log.size(), 0);
}

void TestHfHubHostile::refusesRedirectToOtherSchemes_data()
{
    QTest::addColumn<QString>("kind"); // what the redirect points to
    QTest::addColumn<QString>("scheme");
    QTest::newRow("file") << QStringLiteral("file") << QStringLiteral("file");
    QTest::newRow("FIFO") << QStringLiteral("fifo") << QStringLiteral("file");
    QTest::newRow("data") << QStringLiteral("data") << QStringLiteral("data");
}

void TestHfHubHostile::refusesRedirectToOtherSchemes()
{
    QFETCH(QString, kind);
    QFETCH(QString, scheme);
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString regular = folder.filePath(QStringLiteral("config.json"));
    const QString fifo = folder.filePath(QStringLiteral("fifo"));
    QVERIFY(writeFile(regular, fixtureConfig()));
    QVERIFY(makeFifo(fifo));
    FifoWatch watch(fifo);
    const QByteArray location = kind == QLatin1String("data")
                                    ? "data:application/json;base64," + fixtureConfig().toBase64()
                                : kind == QLatin1String("fifo") ? QUrl::fromLocalFile(fifo).toEncoded()
                                                                : QUrl::fromLocalFile(regular).toEncoded();
    m_server->answers.insert("/test/elsewhere/resolve/main/config.json", [location](QTcpSocket* socket) {
        ScriptedServer::send(socket, response(302, "Found", QByteArray(), "Location: " + location + "\r\n"));
    });
    const HubOutcome outcome = download(QStringLiteral("test/elsewhere"));
    QVERIFY(!outcome.ok);
    QCOMPARE(outcome.error, QStringLiteral("test/elsewhere/config.json: refused a redirect to a %1: address; "
                                           "only http and https addresses are followed")
                                .arg(scheme));
    QVERIFY2(!watch.opened(), "the client opened the FIFO");
}

void TestHfHubHostile::cachedFifoIsNotOpened_data()
{
    QTest::addColumn<QString>("fifoFile"); // the cached file that is a FIFO
    QTest::newRow("index") << QStringLiteral("model.safetensors.index.json");
    QTest::newRow("shard header") << QStringLiteral("model-00001-of-00001.safetensors.header");
}

void TestHfHubHostile::cachedFifoIsNotOpened()
{
    QFETCH(QString, fifoFile);
    // A cache as a download leaves it: the config, the index and the one shard's header (its 8-byte
    // length, the JSON, the file's size as a little-endian u64).
    const QString folder = HfHubClient::cacheFolder(QStringLiteral("test/cached"));
    const json index = {{"metadata", {{"total_size", 2000}}},
                        {"weight_map", {{"w", "model-00001-of-00001.safetensors"}}}};
    const QByteArray headerJson = R"({"w":{"dtype":"BF16","shape":[2],"data_offsets":[0,4]}})";
    QByteArray header(8, '\0');
    qToLittleEndian<quint64>(static_cast<quint64>(headerJson.size()), header.data());
    header += headerJson;
    QByteArray size(8, '\0');
    qToLittleEndian<quint64>(static_cast<quint64>(header.size() + 4), size.data());
    QVERIFY(writeFile(folder + QStringLiteral("/config.json"), fixtureConfig()));
    QVERIFY(writeFile(folder + QStringLiteral("/model.safetensors.index.json"),
                      QByteArray::fromStdString(index.dump())));
    QVERIFY(writeFile(folder + QStringLiteral("/model-00001-of-00001.safetensors.header"), header + size));
    const QString fifo = folder + QLatin1Char('/') + fifoFile;
    QVERIFY(QFile::remove(fifo));
    QVERIFY(makeFifo(fifo));
    FifoWatch watch(fifo);
    // The Hub has an outage: the cached copy is used.
    m_server->answers.insert("/test/cached/resolve/main/config.json", [](QTcpSocket* socket) {
        ScriptedServer::send(socket, response(500, "Internal Server Error", "{}"));
    });
    const HubOutcome outcome = download(QStringLiteral("test/cached"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QCOMPARE(outcome.files.source, HfModelFiles::Source::Cache);
    QVERIFY2(!watch.opened(), "the client opened the FIFO");
    if (fifoFile.endsWith(QLatin1String(".header"))) {
        QCOMPARE(outcome.files.indexTotalBytes.value_or(0), 2000.0);
        QVERIFY(outcome.files.shardHeaders.isEmpty());
        QCOMPARE(outcome.files.notes.size(), 2);
        QCOMPARE(outcome.files.notes.at(1), QStringLiteral("1 safetensors header(s) not in the cache"));
    } else {
        QVERIFY(!outcome.files.indexTotalBytes);
    }
}

void TestHfHubHostile::deadlineEndsDribblingAnswers_data()
{
    QTest::addColumn<QByteArray>("path"); // the file whose answer dribbles
    QTest::addColumn<QByteArray>("head"); // what comes at once, before a byte every 100 ms
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("message"); // the error, or the note; %1: the server's host:port
    const QByteArray body =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n";
    const QByteArray header = "HTTP/1.1 200 OK\r\nX-Padding: ";
    QTest::newRow("config body")
        << QByteArray("/test/drip/resolve/main/config.json") << body << false
        << QStringLiteral(
               "test/drip/config.json: the answer from %1 broke off (no complete answer within 2 s)");
    QTest::newRow("config header")
        << QByteArray("/test/drip/resolve/main/config.json") << header << false
        << QStringLiteral(
               "cannot reach %1 (no complete answer within 2 s): check the connection, or set HF_ENDPOINT");
    QTest::newRow("index body") << QByteArray("/test/drip/resolve/main/model.safetensors.index.json") << body
                                << true
                                << QStringLiteral(
                                       "safetensors headers not fetched: "
                                       "test/drip/model.safetensors.index.json: the answer from %1 "
                                       "broke off (no complete answer within 2 s)");
    // No index (404): the single file's header, its length prefix (1000) and "{" at once.
    QByteArray prefix(8, '\0');
    qToLittleEndian<quint64>(1000, prefix.data());
    QTest::newRow("shard header")
        << QByteArray("/test/drip/resolve/main/model.safetensors")
        << "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 0-65535/100000\r\nContent-Length: "
           "65536\r\n\r\n" +
               prefix + '{'
        << true
        << QStringLiteral("1 safetensors header(s) not fetched: test/drip/model.safetensors: the answer "
                          "from %1 broke off (no complete answer within 2 s)");
}

void TestHfHubHostile::deadlineEndsDribblingAnswers()
{
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, head);
    QFETCH(bool, ok);
    QFETCH(QString, message);
    m_server->answers.insert("/test/drip/resolve/main/config.json", [](QTcpSocket* socket) {
        ScriptedServer::send(socket, response(200, "OK", fixtureConfig()));
    });
    m_server->answers.insert(path,
                             [head](QTcpSocket* socket) { ScriptedServer::dribble(socket, head, ' '); });
    // A byte every 100 ms keeps the 10 s transfer timeout from ever firing: only the deadline
    // of 1.5 s ("within 2 s", rounded up) ends the request.
    const HubOutcome outcome = download(QStringLiteral("test/drip"), QString(), 1500);
    if (!ok) {
        QVERIFY(!outcome.ok);
        QCOMPARE(outcome.error, message.arg(m_server->authority()));
    } else {
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(outcome.files.notes, QStringList{message.arg(m_server->authority())});
    }
}

void TestHfHubHostile::brokenOffAnswer_data()
{
    QTest::addColumn<int>("paddingBytes"); // of one more header line
    QTest::newRow("cut body") << 0;
    // Qt reads a header byte by byte: 10 MB may take longer than the 3 s deadline.
    QTest::newRow("10 MB header, cut body") << 10'000'000;
}

void TestHfHubHostile::brokenOffAnswer()
{
    QFETCH(int, paddingBytes);
    // A body that ends after 1 of the 1000 bytes it announced: the error names the server and an
    // answer that broke off (or, past the deadline, never came whole), not the JSON of a body
    // never sent.
    m_server->answers.insert("/test/cut/resolve/main/config.json", [paddingBytes](QTcpSocket* socket) {
        const QByteArray padding =
            paddingBytes > 0 ? "X-Padding: " + QByteArray(paddingBytes, 'a') + "\r\n" : QByteArray();
        ScriptedServer::send(socket, "HTTP/1.1 200 OK\r\n" + padding +
                                         "Content-Type: application/json\r\nContent-Length: "
                                         "1000\r\nConnection: close\r\n\r\n{");
    });
    const HubOutcome outcome = download(QStringLiteral("test/cut"), QString(), 3000);
    QVERIFY(!outcome.ok);
    const QString brokeOff =
        QStringLiteral("test/cut/config.json: the answer from %1 broke off (").arg(m_server->authority());
    const QString noAnswer = QStringLiteral("cannot reach %1 (no complete answer within 3 s): check the "
                                            "connection, or set HF_ENDPOINT")
                                 .arg(m_server->authority());
    if (paddingBytes > 0 && outcome.error == noAnswer)
        return;
    QVERIFY2(outcome.error.startsWith(brokeOff), qPrintable(outcome.error));
    QVERIFY2(!outcome.error.contains(QLatin1String("JSON")), qPrintable(outcome.error));
}

void TestHfHubHostile::oversizedIndexOnlySkipsTheCheck_data()
{
    QTest::addColumn<bool>("announced"); // Content-Length says so, or the bytes just keep coming
    QTest::newRow("announced") << true;
    QTest::newRow("sent") << false;
}

void TestHfHubHostile::oversizedIndexOnlySkipsTheCheck()
{
    QFETCH(bool, announced);
    m_server->answers.insert("/test/bigindex/resolve/main/config.json", [](QTcpSocket* socket) {
        ScriptedServer::send(socket, response(200, "OK", fixtureConfig()));
    });
    // 17 MiB: over the 16 MiB limit (HfHubClient::kMaxResponseBytes).
    constexpr qint64 kIndexBytes = 17 * 1024 * 1024;
    m_server->answers.insert(
        "/test/bigindex/resolve/main/model.safetensors.index.json", [announced](QTcpSocket* socket) {
            if (announced) {
                socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                              QByteArray::number(kIndexBytes) + "\r\n\r\n{");
                return; // and no more
            }
            // No length: the body ends when the connection does.
            ScriptedServer::send(socket, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: "
                                         "close\r\n\r\n{\"metadata\": {}, \"x\": \"" +
                                             QByteArray(kIndexBytes, 'x') + "\"}");
        });
    const HubOutcome outcome = download(QStringLiteral("test/bigindex"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QCOMPARE(outcome.files.config.value("hidden_size", 0), 2048);
    QVERIFY(!outcome.files.indexTotalBytes);
    QCOMPARE(outcome.files.notes, QStringList{QStringLiteral("test/bigindex/model.safetensors.index.json is "
                                                             "larger than 16 MiB; the checkpoint size is not "
                                                             "cross-checked")});
}

QTEST_MAIN(TestHfHubHostile)
#include "tst_hf_hub_hostile.moc"
