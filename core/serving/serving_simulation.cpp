#include "core/serving/serving_simulation.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <random>

namespace lhe::core {

namespace {

// Lengths beyond this are refused (InvalidSettings): prompt + answer + a block stays far from
// overflowing a long long, and a request this long would take longer than any step limit anyway.
constexpr long long kMaxTokens = 1'000'000'000'000'000LL; // 10^15
constexpr long long kMaxRequests = std::numeric_limits<long long>::max() / 4;
// The Poisson stream is walked through the warm-up once before the run (about 10 ns a request).
constexpr long long kMaxWarmupRequests = 100'000'000;

// A mean-1 exponential draw from 53 random bits, -ln(1 - u) with u uniform in [0, 1): the same
// sequence for a seed whatever the standard library (std::exponential_distribution's algorithm is
// the implementation's choice; std::mt19937_64's output is fixed by the standard).
double exponential(std::mt19937_64& rng)
{
    const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;
    return -std::log1p(-u);
}

struct Request
{
    long long index = 0; // the order of sending
    double sentSeconds = 0;
    double firstTokenSeconds = -1; // -1: none yet
    long long input = 1;           // prompt tokens, at least one
    long long output = 0;          // answer tokens
    long long generated = 0;       // answer tokens sampled so far
    long long computed = 0;        // tokens whose K and V are in the cache
    long long blocks = 0;          // KV blocks held
    long long scheduled = 0;       // tokens this step computes
    bool done = false;
    // Tokens known (prompt and sampled answer) whose K and V are not in the cache yet: the prompt
    // before its prefill, 1 while decoding, prompt + answer so far after a preemption.
    long long pending() const { return input + generated - computed; }
};

double percentile(const std::vector<double>& sorted, double p)
{
    if (sorted.empty())
        return 0;
    const double position = p * static_cast<double>(sorted.size() - 1);
    const auto lower = static_cast<std::size_t>(position);
    if (lower + 1 >= sorted.size())
        return sorted.back();
    const double fraction = position - static_cast<double>(lower);
    return sorted[lower] + fraction * (sorted[lower + 1] - sorted[lower]);
}

double mean(const std::vector<double>& values)
{
    double sum = 0;
    for (const double v : values)
        sum += v;
    return values.empty() ? 0 : sum / static_cast<double>(values.size());
}

bool valid(const SimulationSettings& s)
{
    if (s.shapes.empty())
        return false;
    for (const RequestShape& shape : s.shapes) {
        if (shape.inputTokens < 0 || shape.outputTokens < 0 || shape.inputTokens > kMaxTokens ||
            shape.outputTokens > kMaxTokens)
            return false;
    }
    if (s.requests < 0 || s.warmupRequests < 0 || s.requests > kMaxRequests ||
        s.warmupRequests > kMaxWarmupRequests)
        return false;
    if (s.tokenBudget < 1 || s.maxRunning < 1 || s.kvBlockTokens < 1 || s.kvCapacityTokens < 0 ||
        s.maxSteps < 0)
        return false;
    if (!(s.requestOverheadSeconds >= 0) || !std::isfinite(s.requestOverheadSeconds))
        return false;
    if (s.arrivals == SimulationSettings::Arrivals::Poisson)
        return s.requestsPerSecond >= 0; // false for NaN; +infinity: every request at time 0
    return s.users >= 1;
}

class Simulation
{
public:
    Simulation(const SimulationSettings& settings, StepSeconds stepSeconds)
        : m_s(settings), m_stepSeconds(stepSeconds), m_shapeRng(settings.seed),
          m_arrivalRng(settings.seed ^ 0x9e3779b97f4a7c15ULL),
          m_freeBlocks(settings.kvCapacityTokens / settings.kvBlockTokens),
          m_firstMeasured(settings.warmupRequests), m_endMeasured(settings.warmupRequests + settings.requests)
    {
        const auto reserve = static_cast<std::size_t>(std::min<long long>(settings.requests, 1 << 16));
        m_ttft.reserve(reserve);
        m_tpot.reserve(reserve);
        m_latency.reserve(reserve);
        m_running.reserve(static_cast<std::size_t>(std::min<long long>(settings.maxRunning, 1 << 16)));
        if (poisson()) {
            // The measurement window opens when the first measured request is sent: walk a copy of
            // the arrival stream that far (the shapes have a stream of their own).
            std::mt19937_64 ahead = m_arrivalRng;
            double sent = 0;
            for (long long i = 0; i <= m_firstMeasured; ++i)
                sent += exponential(ahead) / settings.requestsPerSecond;
            m_windowStart = sent;
            m_nextPoissonSent = exponential(m_arrivalRng) / settings.requestsPerSecond;
        } else if (m_firstMeasured < settings.users) {
            m_windowStart = 0; // among the first requests, all sent at time 0
        }
    }

    SimulationResult run()
    {
        SimulationResult r;
        while (m_measuredDone < m_s.requests) {
            if (r.steps >= m_s.maxSteps) {
                r.status = SimulationStatus::StepLimit;
                break;
            }
            m_s.chunkedPrefill ? scheduleChunked() : scheduleWholePrompts();
            if (m_scheduledSequences == 0) {
                // Nothing running and nobody waiting has arrived: the engine idles until the next
                // arrival. (Every request fits an empty pool, checked before, so a waiting request
                // that has arrived is always admitted into an empty engine.)
                const Request* next = m_running.empty() ? nextFresh() : nullptr;
                if (next == nullptr || !(arrivalSeconds(*next) > m_now)) {
                    r.status = SimulationStatus::StepLimit; // unreachable: no step could ever run
                    break;
                }
                if (!std::isfinite(arrivalSeconds(*next))) {
                    r.status = SimulationStatus::NonFiniteTime;
                    break;
                }
                m_now = arrivalSeconds(*next);
                continue;
            }
            const double seconds = m_stepSeconds(m_decodeSequences, m_prefillTokens,
                                                 static_cast<double>(m_contextTokens) /
                                                     static_cast<double>(m_scheduledSequences));
            ++r.steps;
            if (!(seconds >= 0) || !std::isfinite(m_now + seconds)) {
                r.status = SimulationStatus::NonFiniteTime;
                break;
            }
            m_now += seconds;
            finishStep();
        }
        r.preemptions = m_preemptions;
        r.simulatedSeconds = m_now;
        summarise(r);
        return r;
    }

private:
    bool poisson() const { return m_s.arrivals == SimulationSettings::Arrivals::Poisson; }
    long long blocksFor(long long tokens) const
    {
        return (tokens + m_s.kvBlockTokens - 1) / m_s.kvBlockTokens;
    }
    bool measured(const Request& q) const { return q.index >= m_firstMeasured && q.index < m_endMeasured; }
    bool inWindow() const { return m_windowStart >= 0 && m_now > m_windowStart; }

    Request make(long long index, double sentSeconds)
    {
        Request q;
        q.index = index;
        q.sentSeconds = sentSeconds;
        // Uniform over the shapes (the modulo's bias, below 2^-50 for any list that fits memory,
        // is immaterial).
        const RequestShape& shape = m_s.shapes[static_cast<std::size_t>(m_shapeRng() % m_s.shapes.size())];
        q.input = std::max<long long>(shape.inputTokens, 1);
        q.output = shape.outputTokens;
        return q;
    }

    // The first request not yet admitted among those sent (its shape drawn): the next Poisson
    // arrival, a user's first request (all sent at time 0) or a user's next one; null when none is
    // on its way (a closed loop whose users all have a request in the engine).
    const Request* nextFresh()
    {
        if (m_hasFresh)
            return &m_fresh;
        if (poisson()) {
            m_fresh = make(m_sent++, m_nextPoissonSent);
            m_nextPoissonSent += exponential(m_arrivalRng) / m_s.requestsPerSecond;
        } else if (m_initialSent < m_s.users) {
            m_fresh = make(m_initialSent++, 0);
        } else if (!m_resent.empty()) {
            m_fresh = make(m_s.users + m_resentTaken++, m_resent.front());
            m_resent.pop_front();
        } else {
            return nullptr;
        }
        m_hasFresh = true;
        return &m_fresh;
    }

    double arrivalSeconds(const Request& q) const { return q.sentSeconds + m_s.requestOverheadSeconds; }

    // The first waiting request: a preempted one (the most recently preempted first), else the
    // earliest sent if it has reached the engine; null when none.
    const Request* waitingFront()
    {
        if (!m_preempted.empty())
            return &m_preempted.front();
        const Request* fresh = nextFresh();
        return fresh != nullptr && arrivalSeconds(*fresh) <= m_now ? fresh : nullptr;
    }

    // The request waitingFront() returned joins the running ones with `tokens` to compute.
    void admitFront(long long tokens)
    {
        Request q;
        if (!m_preempted.empty()) {
            q = m_preempted.front();
            m_preempted.pop_front();
        } else {
            q = m_fresh;
            m_hasFresh = false;
        }
        q.blocks = blocksFor(tokens);
        m_freeBlocks -= q.blocks;
        m_running.push_back(q);
        schedule(m_running.back(), tokens);
    }

    // Blocks for `tokens` more tokens of running request `i`, preempting the most recently admitted
    // running requests while the pool is short (vLLM V1: recompute; the request's blocks are freed
    // and it waits at the front of the queue). False when request `i` itself had to go.
    bool allocate(std::size_t i, long long tokens)
    {
        for (;;) {
            Request& q = m_running[i];
            if (q.computed + tokens <= q.blocks * m_s.kvBlockTokens)
                return true; // room in the blocks it holds: most steps of most requests
            const long long need = blocksFor(q.computed + tokens) - q.blocks;
            if (need <= m_freeBlocks) {
                m_freeBlocks -= need;
                q.blocks += need;
                return true;
            }
            Request& last = m_running.back();
            m_freeBlocks += last.blocks;
            last.blocks = 0;
            last.computed = 0;
            last.scheduled = 0;
            m_preempted.push_front(last);
            m_running.pop_back();
            ++m_preemptions;
            m_preemptedThisStep = true;
            if (m_running.size() == i)
                return false;
        }
    }

    // Every running request has nothing scheduled (finishStep() has reset them).
    void startStep()
    {
        m_preemptedThisStep = false;
        m_decodeSequences = 0;
        m_prefillTokens = 0;
        m_contextTokens = 0;
        m_scheduledSequences = 0;
    }

    // Request `q` computes `tokens` this step: the cost function's arguments add them.
    void schedule(Request& q, long long tokens)
    {
        q.scheduled = tokens;
        ++m_scheduledSequences;
        if (tokens == 1 && q.generated > 0 && q.pending() == 1)
            ++m_decodeSequences;
        else
            m_prefillTokens += tokens;
        m_contextTokens += q.computed + tokens;
    }

    // vLLM V1 (vllm/v1/core/sched/scheduler.py, schedule()): the running requests in the order they
    // were admitted, each its pending tokens up to what the budget leaves; then, when nothing was
    // preempted, the waiting ones in order while the budget, the sequence cap and the KV blocks for
    // their first chunk allow.
    void scheduleChunked()
    {
        startStep();
        long long budget = m_s.tokenBudget;
        for (std::size_t i = 0; i < m_running.size() && budget > 0; ++i) {
            const long long tokens = std::min(m_running[i].pending(), budget);
            if (!allocate(i, tokens))
                break;
            schedule(m_running[i], tokens);
            budget -= tokens;
        }
        if (!m_preemptedThisStep) {
            while (budget > 0 && static_cast<long long>(m_running.size()) < m_s.maxRunning) {
                const Request* front = waitingFront();
                if (front == nullptr)
                    break;
                const long long tokens = std::min(front->pending(), budget);
                if (blocksFor(tokens) > m_freeBlocks)
                    break;
                admitFront(tokens);
                budget -= tokens;
            }
        }
    }

    // Without chunking (vLLM V0's default scheduling): whole prompts first, as many as the budget,
    // the sequence cap and the KV blocks allow (a prompt longer than the budget alone), in a step
    // of their own; else one decode step of the running requests.
    void scheduleWholePrompts()
    {
        startStep();
        long long budget = m_s.tokenBudget;
        long long admitted = 0;
        while (budget > 0 && static_cast<long long>(m_running.size()) < m_s.maxRunning) {
            const Request* front = waitingFront();
            if (front == nullptr)
                break;
            const long long tokens = front->pending();
            if ((tokens > budget && admitted > 0) || blocksFor(tokens) > m_freeBlocks)
                break;
            admitFront(tokens);
            budget -= tokens;
            ++admitted;
        }
        if (admitted == 0) {
            budget = m_s.tokenBudget;
            for (std::size_t i = 0; i < m_running.size() && budget > 0; ++i) {
                if (!allocate(i, 1))
                    break;
                schedule(m_running[i], 1);
                --budget;
            }
        }
    }

    // The step has run: the scheduled tokens are in the cache; a request with all its tokens in
    // the cache samples one; finished requests free their blocks and leave.
    void finishStep()
    {
        bool anyDone = false;
        for (Request& q : m_running) {
            if (q.scheduled == 0)
                continue;
            q.computed += q.scheduled;
            q.scheduled = 0;
            if (q.pending() != 0)
                continue; // a prompt chunk: more to come
            if (q.output > 0) {
                ++q.generated;
                if (inWindow())
                    ++m_windowTokens;
            }
            if (q.firstTokenSeconds < 0)
                q.firstTokenSeconds = m_now;
            if (q.generated >= q.output) {
                q.done = true;
                anyDone = true;
                finish(q);
            }
        }
        if (anyDone)
            std::erase_if(m_running, [](const Request& q) { return q.done; });
    }

    void finish(const Request& q)
    {
        m_freeBlocks += q.blocks;
        if (inWindow())
            ++m_windowRequests;
        if (measured(q)) {
            ++m_measuredDone;
            m_ttft.push_back(q.firstTokenSeconds - q.sentSeconds);
            m_latency.push_back(m_now - q.sentSeconds);
            if (q.output >= 2)
                m_tpot.push_back((m_now - q.firstTokenSeconds) / static_cast<double>(q.output - 1));
        }
        if (!poisson()) {
            // The user sends the next request now.
            if (m_s.users + m_resentCreated++ == m_firstMeasured)
                m_windowStart = m_now;
            m_resent.push_back(m_now);
        }
    }

    void summarise(SimulationResult& r)
    {
        r.completedRequests = m_measuredDone;
        r.tpotRequests = static_cast<long long>(m_tpot.size());
        for (auto* values : {&m_ttft, &m_tpot, &m_latency})
            std::sort(values->begin(), values->end());
        r.ttftP50Seconds = percentile(m_ttft, 0.5);
        r.ttftP90Seconds = percentile(m_ttft, 0.9);
        r.ttftP99Seconds = percentile(m_ttft, 0.99);
        r.ttftMeanSeconds = mean(m_ttft);
        r.tpotP50Seconds = percentile(m_tpot, 0.5);
        r.tpotP90Seconds = percentile(m_tpot, 0.9);
        r.tpotP99Seconds = percentile(m_tpot, 0.99);
        r.tpotMeanSeconds = mean(m_tpot);
        r.latencyP50Seconds = percentile(m_latency, 0.5);
        r.latencyP90Seconds = percentile(m_latency, 0.9);
        r.latencyP99Seconds = percentile(m_latency, 0.99);
        r.latencyMeanSeconds = mean(m_latency);
        r.windowSeconds = m_windowStart >= 0 && m_now > m_windowStart ? m_now - m_windowStart : 0;
        if (r.windowSeconds > 0) {
            r.outputTokensPerSecond = static_cast<double>(m_windowTokens) / r.windowSeconds;
            r.requestsPerSecond = static_cast<double>(m_windowRequests) / r.windowSeconds;
        }
    }

    const SimulationSettings& m_s;
    StepSeconds m_stepSeconds;
    std::mt19937_64 m_shapeRng;
    std::mt19937_64 m_arrivalRng;
    long long m_freeBlocks;
    long long m_firstMeasured; // index of the first measured request
    long long m_endMeasured;   // one past the last
    double m_now = 0;
    double m_windowStart = -1; // -1: the first measured request is not sent yet

    std::vector<Request> m_running;  // in the order admitted
    std::deque<Request> m_preempted; // the front of the waiting queue
    // Fresh requests: Poisson, the next one's sending time; closed loop, the users' first requests
    // (all sent at 0) then the sending times of their next ones.
    double m_nextPoissonSent = 0;
    long long m_sent = 0;
    long long m_initialSent = 0;
    std::deque<double> m_resent;
    long long m_resentCreated = 0;
    long long m_resentTaken = 0;
    Request m_fresh; // nextFresh()'s, until admitted
    bool m_hasFresh = false;

    // This step.
    bool m_preemptedThisStep = false;
    long long m_decodeSequences = 0;
    long long m_prefillTokens = 0;
    long long m_contextTokens = 0;
    long long m_scheduledSequences = 0;

    long long m_preemptions = 0;
    long long m_measuredDone = 0;
    long long m_windowTokens = 0;
    long long m_windowRequests = 0;
    std::vector<double> m_ttft;
    std::vector<double> m_tpot;
    std::vector<double> m_latency;
};

} // namespace

std::string_view simulationStatusName(SimulationStatus status)
{
    switch (status) {
    case SimulationStatus::Complete:
        return "complete";
    case SimulationStatus::NoArrivals:
        return "no-arrivals";
    case SimulationStatus::RequestTooLarge:
        return "request-too-large";
    case SimulationStatus::StepLimit:
        return "step-limit";
    case SimulationStatus::NonFiniteTime:
        return "non-finite-time";
    case SimulationStatus::InvalidSettings:
        return "invalid-settings";
    }
    return "";
}

SimulationResult simulateServing(const SimulationSettings& settings, StepSeconds stepSeconds)
{
    SimulationResult result;
    if (!valid(settings)) {
        result.status = SimulationStatus::InvalidSettings;
        return result;
    }
    if (settings.requests == 0 ||
        (settings.arrivals == SimulationSettings::Arrivals::Poisson && settings.requestsPerSecond == 0)) {
        result.status = SimulationStatus::NoArrivals;
        return result;
    }
    // A request holds at most its prompt and all its answer but the last token (whose K and V are
    // never computed); one that needs more blocks than the pool has could never run.
    const long long poolBlocks = settings.kvCapacityTokens / settings.kvBlockTokens;
    for (const RequestShape& shape : settings.shapes) {
        const long long most =
            std::max<long long>(shape.inputTokens, 1) + std::max<long long>(shape.outputTokens - 1, 0);
        if ((most + settings.kvBlockTokens - 1) / settings.kvBlockTokens > poolBlocks) {
            result.status = SimulationStatus::RequestTooLarge;
            return result;
        }
    }
    return Simulation(settings, stepSeconds).run();
}

} // namespace lhe::core
