// Import from Hugging Face by id: app::HfHubClient (id and URL parsing, download, token, errors,
// cache, safetensors shard headers by HTTP range requests), the checkpoint size cross-check
// (app::checkCheckpointSize), HfImportDialog and File → Import from Hugging Face…, and llm-hw-estimate
// --model-id end to end.
//
// Never the internet: HubServer below is a small HTTP/1.1 server on 127.0.0.1 with canned
// answers, and HF_ENDPOINT points the client (and the child process) at it. XDG_CACHE_HOME is a
// temporary folder, so no test reads or writes the user's cache.
#include "app/explorer/app_settings.h"
#include "app/explorer/hf_import_dialog.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/explorer/window_messages.h"
#include "app/support/checkpoint_check.h"
#include "app/support/hf_hub_client.h"
#include "checkpoint_writers.h"
#include "cli_process.h"
#include "hub_download.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/message_log.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QLineEdit>
#include <QList>
#include <QMenuBar>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>
#include <QtEndian>
#include <QtTest>
#include <memory>
#include <nlohmann/json.hpp>

using lhe::app::checkCheckpointSize;
using lhe::app::HfHubClient;
using lhe::app::HfModelFiles;
using nlohmann::json;

namespace {

// Llama-3.2-1B (tests/fixtures/hf_configs): 1,235,814,400 parameters by hand:
//   embedding (tied) 128256 × 2048                                     = 262,668,288
//   per layer: q 2048², k and v 2048 × 512 each, o 2048²              =  10,485,760
//              gate, up, down 3 × 2048 × 8192                          =  50,331,648
//              two RMSNorms 2 × 2048                                   =       4,096
//   16 layers × 60,821,504                                             = 973,144,064
//   final norm                                                         =       2,048
// in bf16 (torch_dtype) 2 bytes each: 2,471,628,800 bytes.
constexpr double kTinyCheckpointBytes = 2471628800.0;
// An index that lists 1.5 GB: ratio 1.5e9 / 2.4716288e9 = 0.607 (the config does not match).
constexpr double kMismatchIndexBytes = 1.5e9;

QByteArray fixtureConfig()
{
    QFile file(QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/hf_configs/llama-3.2-1b.config.json"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray indexWithTotal(double bytes)
{
    return QByteArray::fromStdString(
        json{{"metadata", {{"total_size", bytes}}},
             {"weight_map", {{"model.embed_tokens.weight", "model-00001-of-00001.safetensors"}}}}
            .dump());
}

// A safetensors file: the 8-byte little-endian length of `header`'s JSON, the JSON, and `payload`
// bytes of weights.
QByteArray safetensorsBytes(const json& header, int payload)
{
    const QByteArray text = QByteArray::fromStdString(header.dump());
    QByteArray bytes(8, '\0');
    qToLittleEndian<quint64>(static_cast<quint64>(text.size()), bytes.data());
    bytes += text;
    for (int i = 0; i < payload; ++i)
        bytes += static_cast<char>(i % 251);
    return bytes;
}

// The header part (length and JSON) of safetensorsBytes' output.
QByteArray headerPart(const QByteArray& file)
{
    return file.left(8 + static_cast<qsizetype>(qFromLittleEndian<quint64>(file.constData())));
}

// A one-tensor shard: the header a few hundred bytes, then the tensor's 16 bytes.
QByteArray smallShard()
{
    return safetensorsBytes(json{{"__metadata__", {{"format", "pt"}}},
                                 {"model.embed_tokens.weight",
                                  {{"dtype", "BF16"}, {"shape", {4, 2}}, {"data_offsets", {0, 16}}}}},
                            16);
}

// Llama-3.2-1B's one shard as the Hub stores it: the header of every tensor (bf16, tied
// embeddings), of which the server holds only the header; the file's size is what Content-Range
// announces: the header plus 2,471,628,800 payload bytes (kTinyCheckpointBytes).
QByteArray llamaShardHeader()
{
    std::vector<lhe::test::SafetensorsEntry> entries{
        {"model.embed_tokens.weight", "BF16", {128256, 2048}, 128256ULL * 2048 * 2},
        {"model.norm.weight", "BF16", {2048}, 2048 * 2}};
    for (int layer = 0; layer < 16; ++layer) {
        const std::string p = "model.layers." + std::to_string(layer) + ".";
        for (const auto& [name, rows, columns] :
             std::vector<std::tuple<std::string, std::uint64_t, std::uint64_t>>{
                 {"self_attn.q_proj.weight", 2048, 2048},
                 {"self_attn.k_proj.weight", 512, 2048},
                 {"self_attn.v_proj.weight", 512, 2048},
                 {"self_attn.o_proj.weight", 2048, 2048},
                 {"mlp.gate_proj.weight", 8192, 2048},
                 {"mlp.up_proj.weight", 8192, 2048},
                 {"mlp.down_proj.weight", 2048, 8192}})
            entries.push_back({p + name, "BF16", {rows, columns}, rows * columns * 2});
        entries.push_back({p + "input_layernorm.weight", "BF16", {2048}, 2048 * 2});
        entries.push_back({p + "post_attention_layernorm.weight", "BF16", {2048}, 2048 * 2});
    }
    return QByteArray::fromStdString(lhe::test::safetensorsHeader(entries));
}
constexpr qint64 kLlamaShardPayloadBytes = 2471628800;

// A shard whose header is longer than the client's first range request (64 KiB): 1500 tensors.
QByteArray largeHeaderShard()
{
    json header = json::object();
    for (int i = 0; i < 1500; ++i)
        header["model.layers." + std::to_string(i) + ".mlp.down_proj.weight"] = {
            {"dtype", "BF16"}, {"shape", {4, 2}}, {"data_offsets", {16 * i, 16 * (i + 1)}}};
    return safetensorsBytes(header, 1500 * 16);
}

QByteArray indexOf(const QStringList& shards)
{
    json map = json::object();
    for (qsizetype i = 0; i < shards.size(); ++i)
        map["model.layers." + std::to_string(i) + ".weight"] = shards.at(i).toStdString();
    return QByteArray::fromStdString(json{{"metadata", {{"total_size", 1000}}}, {"weight_map", map}}.dump());
}

// A one-request-per-connection HTTP server with the Hub's answers for a few repositories.
class HubServer : public QObject
{
public:
    explicit HubServer(QObject* parent = nullptr) : QObject(parent)
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = m_server.nextPendingConnection()) {
                socket->setParent(this);
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
            }
        });
    }
    bool listen() { return m_server.listen(QHostAddress::LocalHost); }
    void close() { m_server.close(); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }
    quint16 port() const { return m_server.serverPort(); }

    // Headers (lower-case names) of the last request for each path, and how many came.
    QHash<QByteArray, QHash<QByteArray, QByteArray>> requests;
    int requestCount = 0;
    // Where /test/cross's config redirects to (another origin).
    QString crossOriginTarget;

    // Every request in order: its path and headers (lower-case names).
    QList<QPair<QByteArray, QHash<QByteArray, QByteArray>>> log;
    // The Range header of each request for `path`, in order ("" for none).
    QList<QByteArray> rangesOf(const QByteArray& path) const
    {
        QList<QByteArray> ranges;
        for (const auto& [requested, headers] : log)
            if (requested == path)
                ranges << headers.value("range");
        return ranges;
    }
    // Files by path, served with Range as RFC 9110 asks (206 and Content-Range), or whole when
    // ignoresRange is set, as a server may (RFC 9110 section 14.2).
    QHash<QByteArray, QByteArray> files;
    // Files of which only the first bytes are held: the size Content-Range announces for them.
    QHash<QByteArray, qint64> announcedSizes;
    bool ignoresRange = false;
    // Paths answered "302 Found" with this Location.
    QHash<QByteArray, QByteArray> redirects;
    // A file of `streamed` bytes: streamHead, then zeros made as they are sent, never all in
    // memory; always sent whole (200), ignoring Range. streamSent counts the bytes that reached
    // the socket before the client closed it.
    QByteArray streamPath;
    QByteArray streamHead;
    qint64 streamed = 0;
    qint64 streamSent = 0;

private:
    void onReadyRead(QTcpSocket* socket)
    {
        QByteArray& buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QList<QByteArray> lines = buffer.left(end).split('\n');
        const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
        const QByteArray path = requestLine.value(1);
        QHash<QByteArray, QByteArray> headers;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            if (colon > 0)
                headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
        }
        requests.insert(path, headers);
        log.append({path, headers});
        ++requestCount;
        m_buffers.remove(socket);
        answer(socket, path, headers);
    }

    static QByteArray response(int status, const QByteArray& reason, const QByteArray& body,
                               const QByteArray& extraHeaders = {})
    {
        return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason +
               "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) +
               "\r\nConnection: close\r\n" + extraHeaders + "\r\n" + body;
    }

    void send(QTcpSocket* socket, const QByteArray& bytes)
    {
        socket->write(bytes);
        socket->disconnectFromHost();
    }

    void answer(QTcpSocket* socket, const QByteArray& path, const QHash<QByteArray, QByteArray>& headers)
    {
        const QByteArray notFound =
            response(404, "Not Found", R"({"error":"Entry not found"})", "X-Error-Code: EntryNotFound\r\n");
        const QByteArray config = response(200, "OK", fixtureConfig());
        if (redirects.contains(path))
            return send(socket,
                        response(302, "Found", QByteArray(), "Location: " + redirects.value(path) + "\r\n"));
        if (files.contains(path))
            return send(socket,
                        fileResponse(files.value(path), announcedSizes.value(path, files.value(path).size()),
                                     headers.value("range")));
        if (path == streamPath)
            return stream(socket);
        if (path == "/test/tiny/resolve/main/config.json" ||
            path == "/test/noindex/resolve/main/config.json" ||
            path == "/test/mismatch/resolve/main/config.json" || path == "/cdn/config.json")
            return send(socket, config);
        if (path == "/test/tiny/resolve/main/model.safetensors.index.json")
            return send(socket, response(200, "OK", indexWithTotal(kTinyCheckpointBytes)));
        if (path == "/test/mismatch/resolve/main/model.safetensors.index.json")
            return send(socket, response(200, "OK", indexWithTotal(kMismatchIndexBytes)));
        if (path == "/gated/repo/resolve/main/config.json") {
            if (headers.value("authorization") == "Bearer hf_right")
                return send(socket, config);
            return send(socket, response(401, "Unauthorized",
                                         R"({"error":"Access to model gated/repo is restricted."})",
                                         "X-Error-Code: GatedRepo\r\n"));
        }
        if (path.startsWith("/missing/repo/"))
            return send(socket, response(404, "Not Found", R"({"error":"Repository not found"})",
                                         "X-Error-Code: RepoNotFound\r\n"));
        if (path == "/test/redirected/resolve/main/config.json")
            return send(socket, response(302, "Found", QByteArray(), "Location: /cdn/config.json\r\n"));
        if (path == "/test/loop/resolve/main/config.json")
            return send(socket, response(302, "Found", QByteArray(), "Location: " + path + "\r\n"));
        if (path == "/test/cross/resolve/main/config.json")
            return send(socket, response(302, "Found", QByteArray(),
                                         "Location: " + crossOriginTarget.toUtf8() + "/cdn/config.json\r\n"));
        if (path == "/test/notjson/resolve/main/config.json")
            return send(socket, response(200, "OK", "<html>\n<body>sign in</body>\n</html>\n"));
        if (path == "/test/huge/resolve/main/config.json") {
            // Announces 17 MiB and sends a little: the client must stop at the header.
            socket->write(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 17825792\r\n\r\n{");
            return;
        }
        if (path == "/test/slow/resolve/main/config.json")
            return; // holds the connection open, never answers
        send(socket, notFound);
    }

    QByteArray fileResponse(const QByteArray& file, qint64 fileBytes, const QByteArray& range) const
    {
        static const QRegularExpression pattern(QStringLiteral("^bytes=(\\d+)-(\\d+)$"));
        const QRegularExpressionMatch match = pattern.match(QString::fromLatin1(range));
        if (ignoresRange || !match.hasMatch())
            return response(200, "OK", file);
        const qint64 first = match.captured(1).toLongLong();
        const qint64 last = std::min<qint64>(match.captured(2).toLongLong(), file.size() - 1);
        const QByteArray size = QByteArray::number(fileBytes);
        if (first >= file.size())
            return response(416, "Range Not Satisfiable", QByteArray(),
                            "Content-Range: bytes */" + size + "\r\n");
        return response(206, "Partial Content", file.mid(first, last - first + 1),
                        "Content-Range: bytes " + QByteArray::number(first) + '-' + QByteArray::number(last) +
                            '/' + size + "\r\n");
    }

    // Sends the stream file in 256 KiB pieces, each when the one before reached the kernel, so
    // what streamSent counts is what the client could have read.
    void stream(QTcpSocket* socket)
    {
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: " +
                      QByteArray::number(streamed) + "\r\nConnection: close\r\n\r\n" + streamHead);
        const auto left = std::make_shared<qint64>(streamed - streamHead.size());
        const auto more = [this, socket, left] {
            if (socket->state() != QAbstractSocket::ConnectedState || socket->bytesToWrite() > 0)
                return;
            const qint64 piece = std::min<qint64>(*left, 256 * 1024);
            if (piece > 0) {
                *left -= piece;
                socket->write(QByteArray(piece, '\0'));
            } else {
                socket->disconnectFromHost();
            }
        };
        connect(socket, &QTcpSocket::bytesWritten, this, [this, more](qint64 written) {
            streamSent += written;
            more();
        });
    }

    QTcpServer m_server;
    QHash<QTcpSocket*, QByteArray> m_buffers;
};

// Runs one download to its end, the event loop turning (the server lives in this thread).
HubOutcome download(const QString& id, const QString& token = QString(), int timeoutMs = 10000,
                    bool headers = true)
{
    HfHubClient client;
    client.setToken(token);
    client.setTransferTimeoutMs(timeoutMs);
    client.setFetchHeaders(headers);
    return runHubDownload(client, id);
}

// A port that was open and is closed now: connecting to it is refused.
QString closedEndpoint()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost))
        return {};
    const quint16 port = server.serverPort();
    server.close();
    return QStringLiteral("http://127.0.0.1:%1").arg(port);
}

} // namespace

class TestHfHubClient : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void parsesIdsAndUrls_data();
    void parsesIdsAndUrls();
    void refusesOtherForms_data();
    void refusesOtherForms();
    void endpointAndToken();

    void downloadsConfigAndIndex();
    void downloadsWithoutIndex();
    void acceptsUrl();
    void sendsTokenForGatedRepo();
    void environmentTokenWins();
    void gatedWithoutToken();
    void missingRepo();
    void followsRedirects();
    void keepsTokenOnTheHubOrigin();
    void refusesNonJson();
    void refusesOversizedBody();
    void connectionRefusedIsOffline();
    void timeoutIsOffline();
    void abortStopsSilently();
    void fallsBackToCache();
    void cacheIsNoHelpForUnknownRepo();

    void fetchesShardHeaders();
    void headersCanBeTurnedOff();
    void singleFileHeader();
    void serverIgnoringRangeIsNotDownloaded();
    void shardRedirectKeepsRangeNotToken();
    void missingShardIsANote();
    void hostileHeaderLength();
    void refusesShardPaths();
    void headersFromCache();
    void blockingFetchHasHeaders();

    void crossCheckAgrees();
    void crossCheckDisagrees();
    void crossCheckNeedsBothSizes();

    void dialogImports();
    void dialogShowsErrorInPlace();
    void dialogCancelAborts();
    void windowMenuImports();

    void cliModelId();
    void cliModelIdMismatchWarns();
    void cliModelIdNotFound();
    void cliModelIdOffline();

private:
    lhe::test::RunResult runCli(const QStringList& arguments, const QString& endpoint);

    QTemporaryDir m_home;
    HubServer* m_server = nullptr;
    HubServer* m_otherOrigin = nullptr;
};

void TestHfHubClient::initTestCase()
{
    QVERIFY(m_home.isValid());
    QVERIFY(!fixtureConfig().isEmpty());
    // Cache and settings in a folder of the test's own.
    qputenv("XDG_CACHE_HOME", QDir(m_home.path()).filePath(QStringLiteral("cache")).toUtf8());
    qputenv("XDG_CONFIG_HOME", QDir(m_home.path()).filePath(QStringLiteral("config")).toUtf8());
    qunsetenv("HF_TOKEN");
    m_server = new HubServer(this);
    QVERIFY(m_server->listen());
    m_otherOrigin = new HubServer(this);
    QVERIFY(m_otherOrigin->listen());
    m_server->crossOriginTarget = m_otherOrigin->url();

    // Shards for the repositories the tests above download (their imports leave no note), and
    // test/shards: an index naming two, one with a header beyond the first range request.
    QHash<QByteArray, QByteArray>& files = m_server->files;
    for (const QByteArray& path : {QByteArray("/test/tiny/resolve/main/model-00001-of-00001.safetensors"),
                                   QByteArray("/test/mismatch/resolve/main/model-00001-of-00001.safetensors"),
                                   QByteArray("/test/noindex/resolve/main/model.safetensors")}) {
        files.insert(path, llamaShardHeader());
        m_server->announcedSizes.insert(path, llamaShardHeader().size() + kLlamaShardPayloadBytes);
    }
    for (const QByteArray repo : {"shards", "cdnshards", "missingshard", "hostile", "badindex"})
        files.insert("/test/" + repo + "/resolve/main/config.json", fixtureConfig());
    const QStringList two{QStringLiteral("model-00002-of-00002.safetensors"),
                          QStringLiteral("model-00001-of-00002.safetensors")};
    files.insert("/test/shards/resolve/main/model.safetensors.index.json", indexOf(two + two));
    files.insert("/test/shards/resolve/main/model-00001-of-00002.safetensors", smallShard());
    files.insert("/test/shards/resolve/main/model-00002-of-00002.safetensors", largeHeaderShard());
    // test/cdnshards: the Hub sends the shard to a CDN on another origin.
    files.insert("/test/cdnshards/resolve/main/model.safetensors.index.json",
                 indexOf({QStringLiteral("model-00001-of-00001.safetensors")}));
    m_server->redirects.insert("/test/cdnshards/resolve/main/model-00001-of-00001.safetensors",
                               m_otherOrigin->url().toUtf8() +
                                   "/cdn/cdnshards/model-00001-of-00001.safetensors");
    m_otherOrigin->files.insert("/cdn/cdnshards/model-00001-of-00001.safetensors", largeHeaderShard());
    // test/missingshard: the second shard is not there.
    files.insert("/test/missingshard/resolve/main/model.safetensors.index.json", indexOf(two));
    files.insert("/test/missingshard/resolve/main/model-00001-of-00002.safetensors", smallShard());
    // test/hostile: a single file whose header length is 2^63.
    QByteArray hostile(8, '\0');
    qToLittleEndian<quint64>(quint64(1) << 63, hostile.data());
    files.insert("/test/hostile/resolve/main/model.safetensors", hostile + "{\"x\":1}");
    // test/badindex: the index names a path, not a file.
    files.insert("/test/badindex/resolve/main/model.safetensors.index.json",
                 indexOf({QStringLiteral("../../other/repo/model.safetensors")}));
}

void TestHfHubClient::init()
{
    qputenv("HF_ENDPOINT", m_server->url().toUtf8());
    qunsetenv("HF_TOKEN");
    m_server->log.clear();
    m_otherOrigin->log.clear();
}

void TestHfHubClient::cleanup()
{
    QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)).removeRecursively();
}

void TestHfHubClient::parsesIdsAndUrls_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("id");
    const QString id = QStringLiteral("meta-llama/Llama-3.2-1B");
    QTest::newRow("id") << id << id;
    QTest::newRow("id, spaces") << QStringLiteral("  meta-llama/Llama-3.2-1B \n") << id;
    QTest::newRow("dots and underscores")
        << QStringLiteral("Qwen/Qwen2.5-0.5B_x") << QStringLiteral("Qwen/Qwen2.5-0.5B_x");
    QTest::newRow("page") << QStringLiteral("https://huggingface.co/meta-llama/Llama-3.2-1B") << id;
    QTest::newRow("page/") << QStringLiteral("https://huggingface.co/meta-llama/Llama-3.2-1B/") << id;
    QTest::newRow("tree") << QStringLiteral("https://huggingface.co/meta-llama/Llama-3.2-1B/tree/main") << id;
    QTest::newRow("tree/") << QStringLiteral("https://huggingface.co/meta-llama/Llama-3.2-1B/tree/main/")
                           << id;
    QTest::newRow("blob") << QStringLiteral(
                                 "https://huggingface.co/meta-llama/Llama-3.2-1B/blob/main/config.json")
                          << id;
    QTest::newRow("resolve") << QStringLiteral(
                                    "https://huggingface.co/meta-llama/Llama-3.2-1B/resolve/main/config.json")
                             << id;
    QTest::newRow("query") << QStringLiteral(
                                  "https://huggingface.co/meta-llama/Llama-3.2-1B?library=transformers")
                           << id;
    QTest::newRow("hf.co") << QStringLiteral("https://hf.co/meta-llama/Llama-3.2-1B") << id;
    QTest::newRow("http") << QStringLiteral("http://huggingface.co/meta-llama/Llama-3.2-1B") << id;
}

void TestHfHubClient::parsesIdsAndUrls()
{
    QFETCH(QString, input);
    QFETCH(QString, id);
    QString error;
    const std::optional<QString> parsed = HfHubClient::parseRepoId(input, &error);
    QVERIFY2(parsed, qPrintable(error));
    QCOMPARE(*parsed, id);
}

void TestHfHubClient::refusesOtherForms_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("detail"); // besides "expected a model id"
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("name only") << QStringLiteral("gpt2") << QString();
    QTest::newRow("three parts") << QStringLiteral("a/b/c") << QString();
    QTest::newRow("space") << QStringLiteral("meta llama/x") << QString();
    QTest::newRow("double dash") << QStringLiteral("org/a--b") << QString();
    QTest::newRow("double dot") << QStringLiteral("org/a..b") << QString();
    QTest::newRow("leading dash") << QStringLiteral("-org/name") << QString();
    QTest::newRow("other host") << QStringLiteral("https://github.com/meta-llama/llama")
                                << QStringLiteral("huggingface.co");
    QTest::newRow("ftp") << QStringLiteral("ftp://huggingface.co/org/name") << QString();
    QTest::newRow("org page") << QStringLiteral("https://huggingface.co/meta-llama") << QString();
    QTest::newRow("revision") << QStringLiteral("https://huggingface.co/org/name/tree/v1.0")
                              << QStringLiteral("main revision");
    QTest::newRow("discussions") << QStringLiteral("https://huggingface.co/org/name/discussions/3")
                                 << QString();
    QTest::newRow("dataset") << QStringLiteral("https://huggingface.co/datasets/org/name") << QString();
    QTest::newRow("dataset id") << QStringLiteral("datasets/name") << QStringLiteral("dataset");
}

void TestHfHubClient::refusesOtherForms()
{
    QFETCH(QString, input);
    QFETCH(QString, detail);
    QString error;
    QVERIFY(!HfHubClient::parseRepoId(input, &error));
    QVERIFY2(error.startsWith(QLatin1String("expected a model id such as meta-llama/Llama-3.2-1B")),
             qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("https://huggingface.co/org/name")), qPrintable(error));
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
    if (!detail.isEmpty())
        QVERIFY2(error.contains(detail), qPrintable(error));
}

void TestHfHubClient::endpointAndToken()
{
    qputenv("HF_ENDPOINT", "https://hf-mirror.example/");
    QCOMPARE(HfHubClient::endpoint(), QStringLiteral("https://hf-mirror.example"));
    // URLs of the mirror are model pages too.
    QString error;
    QCOMPARE(HfHubClient::parseRepoId(QStringLiteral("https://hf-mirror.example/org/name"), &error)
                 .value_or(error),
             QStringLiteral("org/name"));
    qunsetenv("HF_ENDPOINT");
    QCOMPARE(HfHubClient::endpoint(), QStringLiteral("https://huggingface.co"));

    QCOMPARE(HfHubClient::effectiveToken(QStringLiteral("hf_stored")), QStringLiteral("hf_stored"));
    QVERIFY(!HfHubClient::tokenFromEnvironment());
    qputenv("HF_TOKEN", "hf_env");
    QCOMPARE(HfHubClient::effectiveToken(QStringLiteral("hf_stored")), QStringLiteral("hf_env"));
    QVERIFY(HfHubClient::tokenFromEnvironment());

    QVERIFY(HfHubClient::cacheFolder(QStringLiteral("org/name"))
                .endsWith(QLatin1String("/huggingface/org/name")));
    QVERIFY(HfHubClient::cacheFolder(QStringLiteral("org/name"))
                .startsWith(QDir(m_home.path()).filePath(QStringLiteral("cache"))));
}

void TestHfHubClient::downloadsConfigAndIndex()
{
    const HubOutcome outcome = download(QStringLiteral("test/tiny"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QCOMPARE(outcome.files.repoId, QStringLiteral("test/tiny"));
    QCOMPARE(outcome.files.config.value("hidden_size", 0), 2048);
    QCOMPARE(outcome.files.config.value("_name_or_path", std::string()), std::string("test/tiny"));
    QVERIFY(outcome.files.indexTotalBytes);
    QCOMPARE(*outcome.files.indexTotalBytes, kTinyCheckpointBytes);
    QCOMPARE(outcome.files.source, HfModelFiles::Source::Network);
    QVERIFY(outcome.files.notes.isEmpty());
    QVERIFY(m_server->requests.contains("/test/tiny/resolve/main/config.json"));
    QVERIFY(m_server->requests.contains("/test/tiny/resolve/main/model.safetensors.index.json"));
    // No token, no Authorization header.
    QVERIFY(!m_server->requests.value("/test/tiny/resolve/main/config.json").contains("authorization"));
    // Both files are cached, byte for byte.
    const QString folder = HfHubClient::cacheFolder(QStringLiteral("test/tiny"));
    QFile cached(folder + QStringLiteral("/config.json"));
    QVERIFY(cached.open(QIODevice::ReadOnly));
    QCOMPARE(cached.readAll(), fixtureConfig());
    QVERIFY(QFileInfo::exists(folder + QStringLiteral("/model.safetensors.index.json")));
}

void TestHfHubClient::downloadsWithoutIndex()
{
    // 404 for the index: a single-file checkpoint, not an error.
    const HubOutcome outcome = download(QStringLiteral("test/noindex"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY(!outcome.files.indexTotalBytes);
    QVERIFY(m_server->requests.contains("/test/noindex/resolve/main/model.safetensors.index.json"));
}

void TestHfHubClient::acceptsUrl()
{
    const HubOutcome outcome = download(m_server->url() + QStringLiteral("/test/tiny/blob/main/config.json"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QCOMPARE(outcome.files.repoId, QStringLiteral("test/tiny"));
}

void TestHfHubClient::sendsTokenForGatedRepo()
{
    const HubOutcome outcome = download(QStringLiteral("gated/repo"), QStringLiteral("hf_right"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QCOMPARE(m_server->requests.value("/gated/repo/resolve/main/config.json").value("authorization"),
             QByteArray("Bearer hf_right"));
}

void TestHfHubClient::environmentTokenWins()
{
    qputenv("HF_TOKEN", "hf_right");
    const HubOutcome outcome = download(QStringLiteral("gated/repo"), QStringLiteral("hf_stale"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QCOMPARE(m_server->requests.value("/gated/repo/resolve/main/config.json").value("authorization"),
             QByteArray("Bearer hf_right"));
}

void TestHfHubClient::gatedWithoutToken()
{
    for (const QString& token : {QString(), QStringLiteral("hf_wrong")}) {
        const HubOutcome outcome = download(QStringLiteral("gated/repo"), token);
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.startsWith(QLatin1String("gated/repo is gated or private: set HF_TOKEN")),
                 qPrintable(outcome.error));
    }
}

void TestHfHubClient::missingRepo()
{
    const HubOutcome outcome = download(QStringLiteral("missing/repo"));
    QVERIFY(!outcome.ok);
    QCOMPARE(
        outcome.error,
        QStringLiteral("no repository missing/repo on %1, or it has no config.json").arg(m_server->url()));
    // Nothing is cached for a failure.
    QVERIFY(!QFileInfo::exists(HfHubClient::cacheFolder(QStringLiteral("missing/repo"))));
}

void TestHfHubClient::followsRedirects()
{
    const HubOutcome outcome = download(QStringLiteral("test/redirected"), QStringLiteral("hf_right"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QCOMPARE(outcome.files.config.value("num_hidden_layers", 0), 16);
    QVERIFY(m_server->requests.contains("/cdn/config.json"));
    // The same origin keeps the token.
    QCOMPARE(m_server->requests.value("/cdn/config.json").value("authorization"),
             QByteArray("Bearer hf_right"));

    const int before = m_server->requestCount;
    const HubOutcome loop = download(QStringLiteral("test/loop"));
    QCOMPARE(loop.error, QStringLiteral("test/loop/config.json: too many redirects"));
    QCOMPARE(m_server->requestCount - before, 11); // the request and 10 redirects
}

void TestHfHubClient::keepsTokenOnTheHubOrigin()
{
    // resolve/ sends LFS files to a CDN on another host: the download follows it, but the token
    // is for the Hub alone (Qt's own redirect policies would send it along).
    const HubOutcome outcome = download(QStringLiteral("test/cross"), QStringLiteral("hf_right"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY(m_otherOrigin->requests.contains("/cdn/config.json"));
    QCOMPARE(m_server->requests.value("/test/cross/resolve/main/config.json").value("authorization"),
             QByteArray("Bearer hf_right"));
    QVERIFY2(!m_otherOrigin->requests.value("/cdn/config.json").contains("authorization"),
             "the token went to another origin");
}

void TestHfHubClient::refusesNonJson()
{
    const HubOutcome outcome = download(QStringLiteral("test/notjson"));
    QVERIFY(!outcome.ok);
    // core::parseJsonText's message: the file and the line and column.
    QVERIFY2(outcome.error.startsWith(QLatin1String("test/notjson/config.json: ")),
             qPrintable(outcome.error));
    QVERIFY2(outcome.error.contains(QLatin1String("line 1, column 1")), qPrintable(outcome.error));
    QVERIFY(!QFileInfo::exists(HfHubClient::cacheFolder(QStringLiteral("test/notjson")) +
                               QStringLiteral("/config.json")));
}

void TestHfHubClient::refusesOversizedBody()
{
    const HubOutcome outcome = download(QStringLiteral("test/huge"));
    QVERIFY(!outcome.ok);
    QCOMPARE(outcome.error,
             QStringLiteral("test/huge/config.json is larger than 16 MiB; not a config.json or index"));
}

void TestHfHubClient::connectionRefusedIsOffline()
{
    const QString endpoint = closedEndpoint();
    QVERIFY(!endpoint.isEmpty());
    qputenv("HF_ENDPOINT", endpoint.toUtf8());
    const HubOutcome outcome = download(QStringLiteral("test/tiny"));
    QVERIFY(!outcome.ok);
    const QString host = QUrl(endpoint).authority();
    QVERIFY2(outcome.error.startsWith(QStringLiteral("cannot reach %1 (").arg(host)),
             qPrintable(outcome.error));
    QVERIFY2(outcome.error.endsWith(QLatin1String("): check the connection, or set HF_ENDPOINT")),
             qPrintable(outcome.error));
}

void TestHfHubClient::timeoutIsOffline()
{
    QElapsedTimer timer;
    timer.start();
    const HubOutcome outcome = download(QStringLiteral("test/slow"), QString(), 300);
    QVERIFY(!outcome.ok);
    QCOMPARE(outcome.error, QStringLiteral("cannot reach 127.0.0.1:%1 (no answer within 1 s): check the "
                                           "connection, or set HF_ENDPOINT")
                                .arg(m_server->port()));
    QVERIFY(timer.elapsed() < 10000);
}

void TestHfHubClient::abortStopsSilently()
{
    HfHubClient client;
    QSignalSpy downloaded(&client, &HfHubClient::downloaded);
    QSignalSpy failed(&client, &HfHubClient::failed);
    const int before = m_server->requestCount;
    client.start(QStringLiteral("test/slow"));
    QVERIFY(client.isRunning());
    QTRY_VERIFY(m_server->requestCount > before); // the request reached the server
    client.abort();
    QVERIFY(!client.isRunning());
    QTest::qWait(200);
    QCOMPARE(downloaded.count(), 0);
    QCOMPARE(failed.count(), 0);
    // The client is usable again.
    client.start(QStringLiteral("test/noindex"));
    QVERIFY(downloaded.wait(10000));
}

void TestHfHubClient::fallsBackToCache()
{
    QVERIFY(download(QStringLiteral("test/tiny")).ok);
    const QDateTime saved =
        QFileInfo(HfHubClient::cacheFolder(QStringLiteral("test/tiny")) + QStringLiteral("/config.json"))
            .lastModified();

    // The server is gone: the cached copy, saying so.
    qputenv("HF_ENDPOINT", closedEndpoint().toUtf8());
    const HubOutcome outcome = download(QStringLiteral("test/tiny"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QCOMPARE(outcome.files.source, HfModelFiles::Source::Cache);
    QCOMPARE(outcome.files.repoId, QStringLiteral("test/tiny"));
    QCOMPARE(outcome.files.config.value("hidden_size", 0), 2048);
    QCOMPARE(outcome.files.config.value("_name_or_path", std::string()), std::string("test/tiny"));
    QCOMPARE(outcome.files.indexTotalBytes.value_or(0), kTinyCheckpointBytes);
    QCOMPARE(outcome.files.cachedAt, saved);
    QCOMPARE(outcome.files.notes.size(), 1);
    const QString note = outcome.files.notes.first();
    QVERIFY2(note.startsWith(QStringLiteral("using the cached copy of test/tiny from %1: cannot reach ")
                                 .arg(saved.toString(QStringLiteral("yyyy-MM-dd HH:mm")))),
             qPrintable(note));
}

void TestHfHubClient::cacheIsNoHelpForUnknownRepo()
{
    qputenv("HF_ENDPOINT", closedEndpoint().toUtf8());
    const HubOutcome outcome = download(QStringLiteral("test/never-downloaded"));
    QVERIFY(!outcome.ok);
    QVERIFY2(outcome.error.startsWith(QLatin1String("cannot reach")), qPrintable(outcome.error));
}

void TestHfHubClient::fetchesShardHeaders()
{
    const HubOutcome outcome = download(QStringLiteral("test/shards"), QStringLiteral("hf_right"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY2(outcome.files.notes.isEmpty(), qPrintable(outcome.files.notes.join(QLatin1Char('\n'))));
    // Each distinct shard of the weight_map once, sorted.
    const QList<HfModelFiles::ShardHeader>& shards = outcome.files.shardHeaders;
    QCOMPARE(shards.size(), 2);
    QCOMPARE(shards.at(0).file, QStringLiteral("model-00001-of-00002.safetensors"));
    QCOMPARE(shards.at(1).file, QStringLiteral("model-00002-of-00002.safetensors"));
    // The header bytes exactly, and the file's size from Content-Range.
    const QByteArray small = smallShard();
    const QByteArray large = largeHeaderShard();
    QCOMPARE(shards.at(0).header, headerPart(small));
    QCOMPARE(shards.at(0).fileBytes, qint64(small.size()));
    QCOMPARE(shards.at(1).header, headerPart(large));
    QCOMPARE(shards.at(1).fileBytes, qint64(large.size()));
    QVERIFY(headerPart(large).size() > 64 * 1024);
    // The ranges asked for: the first 64 KiB, and for the long header the rest of it.
    const QByteArray first = "/test/shards/resolve/main/model-00001-of-00002.safetensors";
    const QByteArray second = "/test/shards/resolve/main/model-00002-of-00002.safetensors";
    QCOMPARE(m_server->rangesOf(first), QList<QByteArray>{"bytes=0-65535"});
    QCOMPARE(m_server->rangesOf(second),
             (QList<QByteArray>{"bytes=0-65535",
                                "bytes=65536-" + QByteArray::number(headerPart(large).size() - 1)}));
    // The Hub's origin gets the token and asks for no compression (ranges are of the file's bytes).
    QCOMPARE(m_server->requests.value(first).value("authorization"), QByteArray("Bearer hf_right"));
    QCOMPARE(m_server->requests.value(first).value("accept-encoding"), QByteArray("identity"));
    // Cached: the header, then the file's size as a little-endian u64.
    QFile cached(HfHubClient::cacheFolder(QStringLiteral("test/shards")) +
                 QStringLiteral("/model-00002-of-00002.safetensors.header"));
    QVERIFY(cached.open(QIODevice::ReadOnly));
    const QByteArray bytes = cached.readAll();
    QCOMPARE(bytes.left(bytes.size() - 8), headerPart(large));
    QCOMPARE(qFromLittleEndian<quint64>(bytes.constData() + bytes.size() - 8), quint64(large.size()));
}

void TestHfHubClient::headersCanBeTurnedOff()
{
    const HubOutcome outcome = download(QStringLiteral("test/shards"), QString(), 10000, false);
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY(outcome.files.shardHeaders.isEmpty());
    QVERIFY(outcome.files.notes.isEmpty());
    QVERIFY(m_server->rangesOf("/test/shards/resolve/main/model-00001-of-00002.safetensors").isEmpty());
}

void TestHfHubClient::singleFileHeader()
{
    // No index (404): the checkpoint is model.safetensors.
    const HubOutcome outcome = download(QStringLiteral("test/noindex"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY(outcome.files.notes.isEmpty());
    QCOMPARE(outcome.files.shardHeaders.size(), 1);
    QCOMPARE(outcome.files.shardHeaders.first().file, QStringLiteral("model.safetensors"));
    QCOMPARE(outcome.files.shardHeaders.first().header, llamaShardHeader());
    QCOMPARE(outcome.files.shardHeaders.first().fileBytes,
             llamaShardHeader().size() + kLlamaShardPayloadBytes);
}

void TestHfHubClient::serverIgnoringRangeIsNotDownloaded()
{
    // A server that answers every range with the whole file (200), 256 MiB of weights after the
    // header: the client reads the header and closes the connection.
    HubServer plain;
    plain.ignoresRange = true;
    QVERIFY(plain.listen());
    plain.files.insert("/test/bigfile/resolve/main/config.json", fixtureConfig());
    const QByteArray head = headerPart(largeHeaderShard());
    plain.streamPath = "/test/bigfile/resolve/main/model.safetensors";
    plain.streamHead = head;
    plain.streamed = head.size() + qint64(256) * 1024 * 1024;
    qputenv("HF_ENDPOINT", plain.url().toUtf8());
    const HubOutcome outcome = download(QStringLiteral("test/bigfile"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY2(outcome.files.notes.isEmpty(), qPrintable(outcome.files.notes.join(QLatin1Char('\n'))));
    QCOMPARE(outcome.files.shardHeaders.size(), 1);
    QCOMPARE(outcome.files.shardHeaders.first().header, head);
    // The size from Content-Length.
    QCOMPARE(outcome.files.shardHeaders.first().fileBytes, plain.streamed);
    QCOMPARE(plain.rangesOf(plain.streamPath), QList<QByteArray>{"bytes=0-65535"});
    // Give a server still sending the time to send more, then count: the header and what the
    // socket buffers on both sides hold, a few MiB on loopback, not 256.
    QTest::qWait(300);
    QVERIFY2(plain.streamSent < head.size() + 16 * 1024 * 1024,
             qPrintable(QStringLiteral("%1 bytes sent").arg(plain.streamSent)));
}

void TestHfHubClient::shardRedirectKeepsRangeNotToken()
{
    const HubOutcome outcome = download(QStringLiteral("test/cdnshards"), QStringLiteral("hf_right"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY2(outcome.files.notes.isEmpty(), qPrintable(outcome.files.notes.join(QLatin1Char('\n'))));
    QCOMPARE(outcome.files.shardHeaders.size(), 1);
    QCOMPARE(outcome.files.shardHeaders.first().header, headerPart(largeHeaderShard()));
    QCOMPARE(outcome.files.shardHeaders.first().fileBytes, qint64(largeHeaderShard().size()));
    // The Hub got the token; the CDN (another port: another origin) got both ranges, no token.
    const QByteArray hub = "/test/cdnshards/resolve/main/model-00001-of-00001.safetensors";
    const QByteArray cdn = "/cdn/cdnshards/model-00001-of-00001.safetensors";
    QCOMPARE(m_server->requests.value(hub).value("authorization"), QByteArray("Bearer hf_right"));
    QCOMPARE(
        m_otherOrigin->rangesOf(cdn),
        (QList<QByteArray>{"bytes=0-65535",
                           "bytes=65536-" + QByteArray::number(headerPart(largeHeaderShard()).size() - 1)}));
    for (const auto& [path, headers] : std::as_const(m_otherOrigin->log))
        QVERIFY2(!headers.contains("authorization"), "the token went to another origin");
}

void TestHfHubClient::missingShardIsANote()
{
    const HubOutcome outcome = download(QStringLiteral("test/missingshard"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QCOMPARE(outcome.files.shardHeaders.size(), 1);
    QCOMPARE(outcome.files.shardHeaders.first().file, QStringLiteral("model-00001-of-00002.safetensors"));
    QCOMPARE(outcome.files.notes,
             QStringList{QStringLiteral("1 safetensors header(s) not fetched: "
                                        "test/missingshard/model-00002-of-00002.safetensors: "
                                        "127.0.0.1:%1 answered HTTP 404 Not Found")
                             .arg(m_server->port())});
}

void TestHfHubClient::hostileHeaderLength()
{
    const HubOutcome outcome = download(QStringLiteral("test/hostile"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY(outcome.files.shardHeaders.isEmpty());
    QCOMPARE(
        outcome.files.notes,
        QStringList{QStringLiteral("1 safetensors header(s) not fetched: test/hostile/model.safetensors: its "
                                   "header length 9223372036854775808 is over the safetensors format's "
                                   "limit of 100000000 bytes")});
    QVERIFY(!QFileInfo::exists(HfHubClient::cacheFolder(QStringLiteral("test/hostile")) +
                               QStringLiteral("/model.safetensors.header")));
}

void TestHfHubClient::refusesShardPaths()
{
    const int before = m_server->requestCount;
    const HubOutcome outcome = download(QStringLiteral("test/badindex"));
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY(outcome.files.shardHeaders.isEmpty());
    QCOMPARE(outcome.files.notes.size(), 1);
    QVERIFY2(outcome.files.notes.first().startsWith(
                 QStringLiteral("safetensors headers not fetched: model.safetensors.index.json names "
                                "\"../../other/repo/model.safetensors\"")),
             qPrintable(outcome.files.notes.first()));
    QCOMPARE(m_server->requestCount - before, 2); // config and index, nothing else
}

void TestHfHubClient::headersFromCache()
{
    const HubOutcome online = download(QStringLiteral("test/shards"));
    QVERIFY2(online.ok, qPrintable(online.error));
    QCOMPARE(online.files.shardHeaders.size(), 2);
    qputenv("HF_ENDPOINT", closedEndpoint().toUtf8());
    const HubOutcome offline = download(QStringLiteral("test/shards"));
    QVERIFY2(offline.ok, qPrintable(offline.error));
    QCOMPARE(offline.files.source, HfModelFiles::Source::Cache);
    QCOMPARE(offline.files.notes.size(), 1); // the cached copy's date, nothing about headers
    QCOMPARE(offline.files.shardHeaders.size(), 2);
    for (qsizetype i = 0; i < 2; ++i) {
        QCOMPARE(offline.files.shardHeaders.at(i).file, online.files.shardHeaders.at(i).file);
        QCOMPARE(offline.files.shardHeaders.at(i).header, online.files.shardHeaders.at(i).header);
        QCOMPARE(offline.files.shardHeaders.at(i).fileBytes, online.files.shardHeaders.at(i).fileBytes);
    }
    // A damaged cached header is left out, and a note says so.
    QFile damaged(HfHubClient::cacheFolder(QStringLiteral("test/shards")) +
                  QStringLiteral("/model-00001-of-00002.safetensors.header"));
    QVERIFY(damaged.open(QIODevice::WriteOnly | QIODevice::Truncate));
    damaged.write("\xff\xff\xff\xff\xff\xff\xff\x7f{}");
    damaged.close();
    const HubOutcome partly = download(QStringLiteral("test/shards"));
    QVERIFY2(partly.ok, qPrintable(partly.error));
    QCOMPARE(partly.files.shardHeaders.size(), 1);
    QCOMPARE(partly.files.shardHeaders.first().file, QStringLiteral("model-00002-of-00002.safetensors"));
    QCOMPARE(partly.files.notes.size(), 2);
    QCOMPARE(partly.files.notes.at(1), QStringLiteral("1 safetensors header(s) not in the cache"));
}

void TestHfHubClient::blockingFetchHasHeaders()
{
    QString error;
    const std::optional<HfModelFiles> files =
        HfHubClient::fetch(QStringLiteral("test/shards"), QString(), &error, 10000);
    QVERIFY2(files, qPrintable(error));
    QCOMPARE(files->shardHeaders.size(), 2);
    QCOMPARE(files->shardHeaders.at(1).header, headerPart(largeHeaderShard()));
}

void TestHfHubClient::crossCheckAgrees()
{
    // 1.92e9 listed, 2.00e9 from the config: ratio 0.96, 4 % off, within the 5 % tolerance.
    const auto check = checkCheckpointSize(1.92e9, 2.0e9);
    QVERIFY(check);
    QVERIFY(check->agrees);
    QCOMPARE(check->ratio, 0.96);
    QCOMPARE(check->message,
             std::string("safetensors index 1.92 GB agrees with the parameter count (within 4.0 %)"));
    // Exactly 5 % is still agreement; identical sizes print "within 0.1 %".
    QVERIFY(checkCheckpointSize(2.1e9, 2.0e9)->agrees);
    QCOMPARE(checkCheckpointSize(kTinyCheckpointBytes, kTinyCheckpointBytes)->message,
             std::string("safetensors index 2.47 GB agrees with the parameter count (within 0.1 %)"));
}

void TestHfHubClient::crossCheckDisagrees()
{
    // 2.00e9 listed, 1.90e9 from the config: ratio 1.0526, 5.3 % off.
    const auto over = checkCheckpointSize(2.0e9, 1.9e9);
    QVERIFY(over);
    QVERIFY(!over->agrees);
    QCOMPARE(over->message, std::string("checkpoint index says 2.00 GB, the config's parameter count in its "
                                        "stored formats gives 1.90 GB (ratio 1.05): the config may not "
                                        "describe this checkpoint"));
    // 1.5e9 against 2,471,628,800 bytes: ratio 0.607 (0.61).
    const auto under = checkCheckpointSize(kMismatchIndexBytes, kTinyCheckpointBytes);
    QVERIFY(under && !under->agrees);
    QCOMPARE(under->message, std::string("checkpoint index says 1.50 GB, the config's parameter count in its "
                                         "stored formats gives 2.47 GB (ratio 0.61): the config may not "
                                         "describe this checkpoint"));
    // An absurd total_size (a hostile index) is said in scientific notation, not as the bytes
    // a too-short buffer held: 1e70 B = 1e61 GB, ratio 1e70 / 2e9 = 5e60.
    QCOMPARE(
        checkCheckpointSize(1e70, 2.0e9)->message,
        std::string("checkpoint index says 1.00e+61 GB, the config's parameter count in its stored formats "
                    "gives 2.00 GB (ratio 5.00e+60): the config may not describe this checkpoint"));
}

void TestHfHubClient::crossCheckNeedsBothSizes()
{
    QVERIFY(!checkCheckpointSize(0, 2e9));
    QVERIFY(!checkCheckpointSize(2e9, 0));
    QVERIFY(!checkCheckpointSize(std::numeric_limits<double>::quiet_NaN(), 2e9));
    QVERIFY(!checkCheckpointSize(2e9, std::numeric_limits<double>::infinity()));
}

void TestHfHubClient::dialogImports()
{
    lhe::app::HfImportDialog dialog(nullptr);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(QApplication::focusWidget(), dialog.idEdit());
    QVERIFY(dialog.downloadButton()->isDefault());
    QTest::keyClicks(dialog.idEdit(), QStringLiteral("test/tiny"));
    QSignalSpy accepted(&dialog, &QDialog::accepted);
    QTest::keyClick(dialog.idEdit(), Qt::Key_Return); // Enter starts
    QVERIFY(accepted.wait(10000));
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.files().repoId, QStringLiteral("test/tiny"));
    QVERIFY(dialog.warnings().empty());
    QCOMPARE(dialog.notes().size(), 1);
    QCOMPARE(dialog.notes().first(),
             QStringLiteral(
                 "test/tiny: safetensors index 2.47 GB agrees with the parameter count (within 0.1 %)"));
    // The shard's header came with it: 1,235,814,400 parameters in 2,471,628,800 bf16 bytes.
    QCOMPARE(dialog.tensors().value("params_total", 0.0), 1235814400.0);
    QCOMPARE(dialog.tensors().value("bytes_total", 0.0), 2471628800.0);
}

void TestHfHubClient::dialogShowsErrorInPlace()
{
    lhe::app::HfImportDialog dialog(nullptr);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // Nothing typed: told what to type.
    QTest::mouseClick(dialog.downloadButton(), Qt::LeftButton);
    QVERIFY(dialog.errorText().startsWith(QLatin1String("Enter a model id")));
    // A malformed id fails at once; a missing repository after the round trip.
    dialog.idEdit()->setText(QStringLiteral("not an id"));
    QTest::mouseClick(dialog.downloadButton(), Qt::LeftButton);
    QVERIFY2(dialog.errorText().startsWith(QLatin1String("expected a model id")),
             qPrintable(dialog.errorText()));
    dialog.idEdit()->setText(QStringLiteral("missing/repo"));
    QTest::mouseClick(dialog.downloadButton(), Qt::LeftButton);
    QTRY_VERIFY(!dialog.isDownloading());
    QVERIFY2(dialog.errorText().startsWith(QLatin1String("no repository missing/repo")),
             qPrintable(dialog.errorText()));
    QVERIFY(dialog.isVisible());
    QVERIFY(dialog.idEdit()->isEnabled());
    QVERIFY(dialog.downloadButton()->isEnabled());
    QVERIFY(!dialog.progressBar()->isVisible());
    QCOMPARE(QApplication::focusWidget(), dialog.idEdit()); // ready for another try
    // A gated one without a token says where to put it.
    dialog.idEdit()->setText(QStringLiteral("gated/repo"));
    QTest::mouseClick(dialog.downloadButton(), Qt::LeftButton);
    QTRY_VERIFY(!dialog.isDownloading());
    QVERIFY2(dialog.errorText().contains(QLatin1String("HF_TOKEN")), qPrintable(dialog.errorText()));
}

void TestHfHubClient::dialogCancelAborts()
{
    lhe::app::AppSettings settings(QDir(m_home.path()).filePath(QStringLiteral("dialog.ini")));
    lhe::app::HfImportDialog dialog(&settings);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.idEdit()->setText(QStringLiteral("test/slow"));
    dialog.tokenEdit()->setText(QStringLiteral("hf_kept"));
    const int before = m_server->requestCount;
    QTest::mouseClick(dialog.downloadButton(), Qt::LeftButton);
    QVERIFY(dialog.isDownloading());
    QVERIFY(dialog.progressBar()->isVisible());
    QVERIFY(!dialog.downloadButton()->isEnabled());
    QTRY_VERIFY(m_server->requestCount > before);
    QSignalSpy rejected(&dialog, &QDialog::rejected);
    QTest::keyClick(&dialog, Qt::Key_Escape); // Esc cancels
    QCOMPARE(rejected.count(), 1);
    QVERIFY(!dialog.isDownloading());
    QVERIFY(!dialog.isVisible());
    QCOMPARE(settings.hfToken(), QStringLiteral("hf_kept")); // the token is stored
    // The next dialog offers it; with HF_TOKEN set the field is off and says why.
    lhe::app::HfImportDialog again(&settings);
    QCOMPARE(again.tokenEdit()->text(), QStringLiteral("hf_kept"));
    qputenv("HF_TOKEN", "hf_env");
    lhe::app::HfImportDialog withEnvironment(&settings);
    QVERIFY(!withEnvironment.tokenEdit()->isEnabled());
}

void TestHfHubClient::windowMenuImports()
{
    lhe::app::MainWindow window(lhe::core::Catalog::builtIn());
    window.show();
    QAction* action = nullptr;
    for (QAction* menu : window.menuBar()->actions())
        for (QAction* entry : menu->menu() ? menu->menu()->actions() : QList<QAction*>())
            if (entry->text() == QStringLiteral("Import from &Hugging Face…"))
                action = entry;
    QVERIFY(action);
    bool driven = false;
    // Should the dialog not close by itself, it is closed, and the test fails below.
    QTimer::singleShot(15000, &window, [] {
        if (QWidget* modal = QApplication::activeModalWidget())
            modal->close();
    });
    QTimer::singleShot(0, &window, [&] {
        auto* dialog = qobject_cast<lhe::app::HfImportDialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        dialog->idEdit()->setText(QStringLiteral("test/mismatch"));
        dialog->startDownload();
        driven = true;
    });
    action->trigger(); // returns when the dialog closes
    QVERIFY(driven);
    const json scenario = window.controls()->scenario();
    QCOMPARE(scenario.value("model_config_path", std::string()), std::string("test/mismatch"));
    QCOMPARE(scenario.at("model_config").value("hidden_size", 0), 2048);
    QTRY_VERIFY(window.document()->report() && window.document()->report()->modelName == "test/mismatch");
    // The size cross-check reached the Messages panel as a warning.
    QVERIFY(window.messages()->dock()->isVisible());
    bool warned = false;
    for (const QString& text : window.messages()->log()->messages())
        warned = warned || text.contains(QLatin1String("may not describe this checkpoint"));
    QVERIFY(warned);
}

lhe::test::RunResult TestHfHubClient::runCli(const QStringList& arguments, const QString& endpoint)
{
    QProcessEnvironment environment =
        lhe::test::isolatedEnvironment(QDir(m_home.path()).filePath(QStringLiteral("cli")));
    environment.insert(QStringLiteral("HF_ENDPOINT"), endpoint);
    environment.remove(QStringLiteral("HF_TOKEN"));
    // Asynchronously: the server answers from this process's event loop.
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setStandardInputFile(QProcess::nullDevice());
    QSignalSpy finished(&process, &QProcess::finished);
    process.start(QStringLiteral(LHE_ESTIMATE_EXE), arguments);
    lhe::test::RunResult result;
    result.finished = finished.wait(60000);
    if (!result.finished) {
        process.kill();
        process.waitForFinished(5000);
    }
    result.exitStatus = process.exitStatus();
    result.exitCode = process.exitCode();
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

void TestHfHubClient::cliModelId()
{
    const QStringList arguments{QStringLiteral("--model-id"), QStringLiteral("test/tiny"),
                                QStringLiteral("--device"),   QStringLiteral("nvidia-rtx-4090"),
                                QStringLiteral("--format"),   QStringLiteral("json")};
    const lhe::test::RunResult run = runCli(arguments, m_server->url());
    const QByteArray what = lhe::test::describeRun("llm-hw-estimate", arguments, run);
    QVERIFY2(run.finished && run.exitStatus == QProcess::NormalExit && run.exitCode == 0, what.constData());
    const json report = json::parse(run.out.toStdString(), nullptr, false);
    QVERIFY2(report.is_object(), what.constData());
    QCOMPARE(report.value("model_name", std::string()), std::string("test/tiny"));
    // 1,235,814,400 parameters (by hand, above).
    QCOMPARE(report.at("model").value("params_total", 0.0), 1235814400.0);
    // Counted from the shard's header, fetched by range: the checkpoint is 2,471,628,800 bytes.
    QCOMPARE(report.at("model").value("source", std::string()), std::string("tensors"));
    QCOMPARE(report.at("model").at("checkpoint").value("bytes", 0.0), 2471628800.0);
    QVERIFY2(run.err.contains("llm-hw-estimate: note: test/tiny: safetensors index 2.47 GB agrees"),
             what.constData());

    // The URL form names the model the same way.
    const QStringList byUrl{QStringLiteral("--model-id"),
                            m_server->url() + QStringLiteral("/test/tiny/tree/main/"),
                            QStringLiteral("--device"), QStringLiteral("nvidia-rtx-4090")};
    const lhe::test::RunResult urlRun = runCli(byUrl, m_server->url());
    QVERIFY2(urlRun.exitCode == 0, lhe::test::describeRun("llm-hw-estimate", byUrl, urlRun).constData());
    QCOMPARE(json::parse(urlRun.out.toStdString(), nullptr, false).value("model_name", std::string()),
             std::string("test/tiny"));
}

void TestHfHubClient::cliModelIdMismatchWarns()
{
    const QStringList arguments{QStringLiteral("--model-id"), QStringLiteral("test/mismatch"),
                                QStringLiteral("--device"), QStringLiteral("nvidia-rtx-4090")};
    const lhe::test::RunResult run = runCli(arguments, m_server->url());
    const QByteArray what = lhe::test::describeRun("llm-hw-estimate", arguments, run);
    QVERIFY2(run.exitCode == 0, what.constData());
    QVERIFY2(
        run.err.contains("llm-hw-estimate: warning: test/mismatch: checkpoint index says 1.50 GB, the "
                         "config's parameter count in its stored formats gives 2.47 GB (ratio 0.61): the "
                         "config may not describe this checkpoint\n"),
        what.constData());
}

void TestHfHubClient::cliModelIdNotFound()
{
    const QStringList arguments{QStringLiteral("--model-id"), QStringLiteral("missing/repo"),
                                QStringLiteral("--device"), QStringLiteral("nvidia-rtx-4090")};
    const lhe::test::RunResult run = runCli(arguments, m_server->url());
    const QByteArray what = lhe::test::describeRun("llm-hw-estimate", arguments, run);
    QVERIFY2(run.finished && run.exitStatus == QProcess::NormalExit && run.exitCode == 2, what.constData());
    QCOMPARE(run.err, QByteArray("llm-hw-estimate: --model-id: no repository missing/repo on " +
                                 m_server->url().toUtf8() + ", or it has no config.json\n"));
    QVERIFY(run.out.isEmpty());

    const QStringList bad{QStringLiteral("--model-id"), QStringLiteral("https://example.com/x/y")};
    const lhe::test::RunResult badRun = runCli(bad, m_server->url());
    QVERIFY2(badRun.exitCode == 2, lhe::test::describeRun("llm-hw-estimate", bad, badRun).constData());
    QVERIFY(badRun.err.startsWith("llm-hw-estimate: --model-id: expected a model id"));
    QCOMPARE(badRun.err.count('\n'), 1);
}

void TestHfHubClient::cliModelIdOffline()
{
    // Never downloaded by the tool: exit 2 and the reason.
    const QStringList arguments{QStringLiteral("--model-id"), QStringLiteral("test/noindex"),
                                QStringLiteral("--device"), QStringLiteral("nvidia-rtx-4090")};
    const QString endpoint = closedEndpoint();
    const lhe::test::RunResult run = runCli(arguments, endpoint);
    const QByteArray what = lhe::test::describeRun("llm-hw-estimate", arguments, run);
    QVERIFY2(run.exitCode == 2, what.constData());
    QVERIFY2(run.err.startsWith("llm-hw-estimate: --model-id: cannot reach 127.0.0.1:"), what.constData());
    QVERIFY2(run.err.endsWith("): check the connection, or set HF_ENDPOINT\n"), what.constData());

    // test/tiny was downloaded by cliModelId: its cached copy, with a note.
    const QStringList cached{QStringLiteral("--model-id"), QStringLiteral("test/tiny"),
                             QStringLiteral("--device"), QStringLiteral("nvidia-rtx-4090")};
    const lhe::test::RunResult cachedRun = runCli(cached, endpoint);
    const QByteArray cachedWhat = lhe::test::describeRun("llm-hw-estimate", cached, cachedRun);
    QVERIFY2(cachedRun.exitCode == 0, cachedWhat.constData());
    QVERIFY2(cachedRun.err.startsWith("llm-hw-estimate: note: using the cached copy of test/tiny from "),
             cachedWhat.constData());
    QCOMPARE(json::parse(cachedRun.out.toStdString(), nullptr, false).value("model_name", std::string()),
             std::string("test/tiny"));
}

QTEST_MAIN(TestHfHubClient)
#include "tst_hf_hub_client.moc"
