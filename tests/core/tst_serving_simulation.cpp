// The discrete-event simulation of continuous batching (docs/METHOD.md §15.7) against figures
// worked out by hand or from queueing theory: one user step by step, users in lockstep and Little's
// law, Poisson arrivals against M/D/1, a preemption traced block by block, the KV pool's limits,
// determinism for a seed, and inputs at and beyond the edges.
#include "core/serving/serving_simulation.h"

#include <QtTest>
#include <cmath>
#include <limits>
#include <vector>

using namespace lhe::core;

namespace {

bool near(double actual, double expected, double relative = 1e-9)
{
    return std::abs(actual - expected) <= relative * std::abs(expected);
}

// Every figure a number: no NaN, no infinity, none negative.
bool finite(const SimulationResult& r)
{
    for (const double v :
         {r.ttftP50Seconds, r.ttftP90Seconds, r.ttftP99Seconds, r.ttftMeanSeconds, r.tpotP50Seconds,
          r.tpotP90Seconds, r.tpotP99Seconds, r.tpotMeanSeconds, r.latencyP50Seconds, r.latencyP90Seconds,
          r.latencyP99Seconds, r.latencyMeanSeconds, r.outputTokensPerSecond, r.requestsPerSecond,
          r.windowSeconds, r.simulatedSeconds}) {
        if (!std::isfinite(v) || v < 0)
            return false;
    }
    return true;
}

// a + b · prompt tokens + c · decoding sequences: a fixed cost per step (weights read, kernel
// launches), compute per prompt token, a KV read per decoding sequence.
struct LinearCost
{
    double a = 0;
    double b = 0;
    double c = 0;
    double operator()(long long decodeSequences, long long prefillTokens, double /*contextTokens*/) const
    {
        return a + b * static_cast<double>(prefillTokens) + c * static_cast<double>(decodeSequences);
    }
};

// One second per step, whatever it holds.
double oneSecond(long long, long long, double)
{
    return 1.0;
}

SimulationSettings closedLoop(long long users, std::vector<RequestShape> shapes)
{
    SimulationSettings s;
    s.arrivals = SimulationSettings::Arrivals::Closed;
    s.users = users;
    s.shapes = std::move(shapes);
    return s;
}

} // namespace

class TestServingSimulation : public QObject
{
    Q_OBJECT

private slots:
    // One user, 1,000-token prompts and 10-token answers, a 256-token budget: every request is 4
    // prompt chunks (256, 256, 256, 232; the last samples the first token) then 9 decode steps.
    // Step = 10 ms + 10 µs per prompt token + 2 ms per decoding sequence, 50 ms overhead:
    //   TTFT = 0.05 + 4 · 0.010 + 1,000 · 1e-5 = 0.100 s
    //   TPOT = 0.010 + 0.002 = 0.012 s
    //   latency = 0.100 + 9 · 0.012 = 0.208 s; the user sends the next request at its end, so
    //   10 tokens and 1 request per 0.208 s: 48.0769... tokens/s, 4.80769... requests/s.
    void oneUserByHand()
    {
        SimulationSettings s = closedLoop(1, {{1000, 10}});
        s.tokenBudget = 256;
        s.requestOverheadSeconds = 0.05;
        s.requests = 50;
        s.warmupRequests = 5;
        const LinearCost cost{0.010, 1e-5, 0.002};
        const SimulationResult r = simulateServing(s, cost);
        QCOMPARE(r.status, SimulationStatus::Complete);
        QCOMPARE(r.completedRequests, 50LL);
        for (const double ttft : {r.ttftP50Seconds, r.ttftP90Seconds, r.ttftP99Seconds, r.ttftMeanSeconds})
            QVERIFY(near(ttft, 0.100));
        QCOMPARE(r.tpotRequests, 50LL);
        for (const double tpot : {r.tpotP50Seconds, r.tpotP90Seconds, r.tpotP99Seconds, r.tpotMeanSeconds})
            QVERIFY(near(tpot, 0.012));
        QVERIFY(near(r.latencyMeanSeconds, 0.208));
        QVERIFY(near(r.outputTokensPerSecond, 10 / 0.208));
        QVERIFY(near(r.requestsPerSecond, 1 / 0.208));
        QVERIFY(near(r.windowSeconds, 50 * 0.208));
        QCOMPARE(r.steps, 55LL * 13);
        QCOMPARE(r.preemptions, 0LL);
    }

    // What the cost function is asked, for the first request above: the chunks with the tokens
    // cached after each, then one decoding sequence whose context grows by one token a step, up to
    // the prompt and all the answer but its last token (1,009).
    void stepArguments()
    {
        SimulationSettings s = closedLoop(1, {{1000, 10}});
        s.tokenBudget = 256;
        s.requests = 1;
        s.warmupRequests = 0;
        struct Call
        {
            long long decode;
            long long prefill;
            double context;
        };
        std::vector<Call> calls;
        const auto record = [&calls](long long decode, long long prefill, double context) {
            calls.push_back({decode, prefill, context});
            return 0.01;
        };
        QCOMPARE(simulateServing(s, record).status, SimulationStatus::Complete);
        QCOMPARE(calls.size(), std::size_t(13));
        const long long chunks[] = {256, 256, 256, 232};
        const double cached[] = {256, 512, 768, 1000};
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(calls[i].decode, 0LL);
            QCOMPARE(calls[i].prefill, chunks[i]);
            QCOMPARE(calls[i].context, cached[i]);
        }
        for (std::size_t i = 4; i < 13; ++i) {
            QCOMPARE(calls[i].decode, 1LL);
            QCOMPARE(calls[i].prefill, 0LL);
            QCOMPARE(calls[i].context, 1000.0 + static_cast<double>(i) - 3);
        }
    }

    // Without chunking a prompt longer than the budget runs whole, alone, in one step:
    // TTFT = 0.010 + 1,000 · 1e-5 = 0.020 s.
    void wholePromptLongerThanBudget()
    {
        SimulationSettings s = closedLoop(1, {{1000, 10}});
        s.tokenBudget = 256;
        s.chunkedPrefill = false;
        s.requests = 20;
        const SimulationResult r = simulateServing(s, LinearCost{0.010, 1e-5, 0.002});
        QCOMPARE(r.status, SimulationStatus::Complete);
        QVERIFY(near(r.ttftMeanSeconds, 0.020));
        QVERIFY(near(r.tpotMeanSeconds, 0.012));
        QCOMPARE(r.steps, 220LL * 10);
    }

    // Without chunking, prompts stall the running sequences: 2 users, prompts of 100 tokens and
    // answers of 3, a budget of 100 tokens (one prompt per step). Constant 1 s steps:
    //   t=1 A's prompt (first token); t=2 B's prompt (A waits); t=3, t=4: both decode, end at 4.
    //   A: TTFT 1, TPOT (4 − 1)/2 = 1.5; B: TTFT 2, TPOT (4 − 2)/2 = 1.
    // With chunking A decodes beside B's prompt, cut to what A's decode leaves (below).
    void promptsStallDecodeWithoutChunking()
    {
        SimulationSettings s = closedLoop(2, {{100, 3}});
        s.tokenBudget = 100;
        s.requests = 2;
        s.warmupRequests = 0;
        s.chunkedPrefill = false;
        SimulationResult r = simulateServing(s, oneSecond);
        QCOMPARE(r.status, SimulationStatus::Complete);
        QCOMPARE(r.ttftMeanSeconds, 1.5);
        QCOMPARE(r.tpotMeanSeconds, 1.25);
        QCOMPARE(r.latencyMeanSeconds, 4.0);
        s.chunkedPrefill = true;
        r = simulateServing(s, oneSecond);
        // A's prompt fills the first step; B's 100 tokens do not fit beside A's decode (99 left),
        // so B's first chunk is 99 tokens at t=2, its last token at t=3 (first token), its
        // answer at t=4 and t=5. A: 1, 2, 3.
        QCOMPARE(r.ttftMeanSeconds, (1.0 + 3.0) / 2);
        QCOMPARE(r.tpotMeanSeconds, 1.0);
        QCOMPARE(r.latencyMeanSeconds, (3.0 + 5.0) / 2);
    }

    // N users in lockstep: 8 users, 200-token prompts, 50-token answers, all 8 prompts in one step
    // (1,600 tokens within the 8,192 budget), then 49 decode steps of 8 sequences:
    //   prefill step 0.005 + 1,600 · 2e-5 = 0.037 s; decode step 0.005 + 8 · 0.0005 = 0.009 s
    //   a round = 0.037 + 49 · 0.009 = 0.478 s, 8 requests and 400 tokens per round.
    // And with any mix of shapes, Little's law for a closed loop without think time: every user
    // always has one request in the system, so requests/s · mean latency = users.
    void usersAndLittlesLaw()
    {
        SimulationSettings s = closedLoop(8, {{200, 50}});
        const LinearCost cost{0.005, 2e-5, 0.0005};
        const SimulationResult lockstep = simulateServing(s, cost);
        QCOMPARE(lockstep.status, SimulationStatus::Complete);
        QVERIFY(near(lockstep.requestsPerSecond, 8 / 0.478));
        QVERIFY(near(lockstep.outputTokensPerSecond, 400 / 0.478));
        QVERIFY(near(lockstep.ttftMeanSeconds, 0.037));
        QVERIFY(near(lockstep.tpotP99Seconds, 0.009));
        QVERIFY(near(lockstep.latencyMeanSeconds, 0.478));

        // Mixed shapes and a 512-token budget (long prompts chunked beside decodes). Little's law
        // holds over the window up to its ends: requests that started before it or end after it,
        // at most 16 of about 2,000, so within 16 / 2,000 = 0.8%; the test allows 2%.
        s = closedLoop(16, {{100, 20}, {300, 60}, {50, 5}, {1000, 10}});
        s.tokenBudget = 512;
        const SimulationResult mixed = simulateServing(s, cost);
        QCOMPARE(mixed.status, SimulationStatus::Complete);
        QVERIFY(mixed.requestsPerSecond > 0);
        QVERIFY(near(mixed.requestsPerSecond * mixed.latencyMeanSeconds, 16.0, 0.02));
    }

    // Poisson arrivals at ρ = λ·D = 0.3 to a server that runs one request at a time (maxRunning 1),
    // each a one-token answer, i.e. one step of D = 1 s: an M/D/1 queue. Pollaczek–Khinchine:
    //   W = ρ·D / (2(1 − ρ)) = 0.3 / 1.4 = 0.2143 s; mean TTFT = W + D = 1.2143 s.
    // Over 20,000 requests the sample mean's spread is about 0.3% (10 seeds: 0.996 to 1.005 of
    // the formula); the test allows 2%.
    void poissonAgainstMD1()
    {
        SimulationSettings s;
        s.arrivals = SimulationSettings::Arrivals::Poisson;
        s.requestsPerSecond = 0.3;
        s.shapes = {{100, 1}};
        s.maxRunning = 1;
        s.requests = 20000;
        s.warmupRequests = 200;
        const SimulationResult r = simulateServing(s, oneSecond);
        QCOMPARE(r.status, SimulationStatus::Complete);
        QCOMPARE(r.completedRequests, 20000LL);
        QVERIFY(near(r.ttftMeanSeconds, 1.0 + 0.3 / 1.4, 0.02));
        QCOMPARE(r.ttftP50Seconds, 1.0); // most requests find the server idle: P(wait = 0) = 1 − ρ
        QCOMPARE(r.tpotRequests, 0LL);
        // Throughput matches the offered load, λ (2%: as for the mean).
        QVERIFY(near(r.requestsPerSecond, 0.3, 0.02));
    }

    // Preemption traced block by block: a pool of 4 blocks of 4 tokens, 2 users, 4-token prompts,
    // 9-token answers (each request holds at most 4 + 8 = 12 tokens, 3 blocks), 1 s steps.
    //   t=1: A and B prefilled (1 block each), first tokens. Up to t=5 both decode (2 blocks each).
    //   step 6: A needs a third block, none free: B (the last admitted) is preempted, its 2 blocks
    //   freed. t=6..9 A alone; A ends at t=9 (TPOT 8/8 = 1), its user sends C.
    //   step 10: B recomputes its 4 + 5 tokens (3 blocks) and samples its 6th token; C, admitted
    //   behind it, its prompt (1 block, pool full).
    //   step 11: C needs a second block: C itself, the last admitted, is preempted; B goes on
    //   alone and ends at t=13 (TPOT (13 − 1)/8 = 1.5).
    // 2 preemptions, 13 steps; tokens in the window: A's 9, B's 9, C's first: 19 in 13 s.
    void preemptionByHand()
    {
        SimulationSettings s = closedLoop(2, {{4, 9}});
        s.kvCapacityTokens = 16;
        s.kvBlockTokens = 4;
        s.requests = 2;
        s.warmupRequests = 0;
        const SimulationResult r = simulateServing(s, oneSecond);
        QCOMPARE(r.status, SimulationStatus::Complete);
        QCOMPARE(r.preemptions, 2LL);
        QCOMPARE(r.steps, 13LL);
        QCOMPARE(r.ttftMeanSeconds, 1.0);
        QCOMPARE(r.tpotMeanSeconds, 1.25);
        QCOMPARE(r.tpotP90Seconds, 1.0 + 0.9 * 0.5);
        QCOMPARE(r.latencyMeanSeconds, (9.0 + 13.0) / 2);
        QVERIFY(near(r.outputTokensPerSecond, 19.0 / 13));
        QVERIFY(near(r.requestsPerSecond, 2.0 / 13));
    }

    // 8 users of 100 + 100 tokens (13 blocks each at the end) over a pool of 40 blocks: the
    // engine admits on prompt blocks (7 each) and preempts as the answers grow; every request
    // still ends. A pool smaller than one request (100 tokens, 7 blocks < 13) could never serve
    // it: the result says so at once.
    void kvPoolLimits()
    {
        SimulationSettings s = closedLoop(8, {{100, 100}});
        s.kvCapacityTokens = 640;
        const LinearCost cost{0.01, 1e-5, 1e-4};
        const SimulationResult small = simulateServing(s, cost);
        QCOMPARE(small.status, SimulationStatus::Complete);
        QCOMPARE(small.completedRequests, s.requests);
        QCOMPARE(small.tpotRequests, s.requests);
        QVERIFY(small.preemptions > 0);
        QVERIFY(finite(small));
        s.kvCapacityTokens = 1 << 20;
        const SimulationResult ample = simulateServing(s, cost);
        QCOMPARE(ample.preemptions, 0LL);
        QVERIFY(ample.outputTokensPerSecond > small.outputTokensPerSecond);

        s.kvCapacityTokens = 100;
        const SimulationResult tiny = simulateServing(s, cost);
        QCOMPARE(tiny.status, SimulationStatus::RequestTooLarge);
        QCOMPARE(tiny.completedRequests, 0LL);
        QCOMPARE(tiny.steps, 0LL);
        QVERIFY(finite(tiny));
        // 199 tokens (the last token's K and V are never written) is exactly 13 blocks of 16.
        s.kvCapacityTokens = 13 * 16;
        QCOMPARE(simulateServing(s, cost).status, SimulationStatus::Complete);
        s.kvCapacityTokens = 13 * 16 - 1;
        QCOMPARE(simulateServing(s, cost).status, SimulationStatus::RequestTooLarge);
    }

    void determinism()
    {
        SimulationSettings s;
        s.arrivals = SimulationSettings::Arrivals::Poisson;
        s.requestsPerSecond = 5;
        s.shapes = {{500, 100}, {2000, 50}, {100, 300}};
        s.kvCapacityTokens = 20000;
        const LinearCost cost{0.01, 2e-5, 2e-4};
        const SimulationResult first = simulateServing(s, cost);
        QCOMPARE(first.status, SimulationStatus::Complete);
        QVERIFY(first == simulateServing(s, cost));
        s.seed = 2;
        const SimulationResult other = simulateServing(s, cost);
        QCOMPARE(other.status, SimulationStatus::Complete);
        QVERIFY(other.ttftMeanSeconds != first.ttftMeanSeconds);
        QVERIFY(other.latencyP99Seconds != first.latencyP99Seconds);
    }

    // Zero- and one-token answers: no TPOT (there is no second token), the rest as usual. A
    // zero-token answer ends with its prompt; an empty prompt is served as one token.
    void shortAnswers()
    {
        SimulationSettings s = closedLoop(4, {{100, 0}, {100, 1}});
        const SimulationResult r = simulateServing(s, LinearCost{0.01, 1e-5, 1e-3});
        QCOMPARE(r.status, SimulationStatus::Complete);
        QCOMPARE(r.tpotRequests, 0LL);
        QCOMPARE(r.tpotMeanSeconds, 0.0);
        QVERIFY(r.ttftMeanSeconds > 0);
        QVERIFY(r.outputTokensPerSecond > 0 && r.outputTokensPerSecond < r.requestsPerSecond);
        QVERIFY(finite(r));

        s = closedLoop(1, {{0, 5}});
        s.requests = 10;
        const SimulationResult empty = simulateServing(s, oneSecond);
        QCOMPARE(empty.status, SimulationStatus::Complete);
        QCOMPARE(empty.ttftMeanSeconds, 1.0);
        QCOMPARE(empty.tpotMeanSeconds, 1.0);
    }

    // No arrivals, nothing measured, counts at their limits, a broken cost: a clear status, no
    // NaN, no endless loop.
    void edges()
    {
        SimulationSettings s;
        s.arrivals = SimulationSettings::Arrivals::Poisson;
        s.requestsPerSecond = 0;
        s.shapes = {{100, 10}};
        SimulationResult r = simulateServing(s, oneSecond);
        QCOMPARE(r.status, SimulationStatus::NoArrivals);
        QVERIFY(finite(r));

        // Every request at once: they queue, in order.
        s.requestsPerSecond = std::numeric_limits<double>::infinity();
        s.requests = 300;
        s.warmupRequests = 0;
        s.maxRunning = 1;
        r = simulateServing(s, oneSecond);
        QCOMPARE(r.status, SimulationStatus::Complete);
        QCOMPARE(r.ttftP50Seconds, 1.0 + 10 * 149.5); // request k starts after k of 10 steps
        QVERIFY(finite(r));

        // A rate so small the first gap overflows.
        s.requestsPerSecond = 1e-320;
        r = simulateServing(s, oneSecond);
        QCOMPARE(r.status, SimulationStatus::NonFiniteTime);
        QVERIFY(finite(r));

        // Huge counts: the step limit ends it; the figures are those of the requests that ended.
        s = closedLoop(1'000'000'000'000LL, {{1'000'000'000'000LL, 1'000'000'000'000LL}});
        s.requests = 1'000'000'000'000'000LL;
        s.kvCapacityTokens = std::numeric_limits<long long>::max();
        s.maxSteps = 1000;
        r = simulateServing(s, LinearCost{0.01, 1e-12, 1e-6});
        QCOMPARE(r.status, SimulationStatus::StepLimit);
        QCOMPARE(r.steps, 1000LL);
        QCOMPARE(r.completedRequests, 0LL);
        QVERIFY(finite(r));

        // A cost that is not a duration.
        s = closedLoop(2, {{100, 10}});
        for (const double bad : {std::nan(""), -1.0, std::numeric_limits<double>::infinity()}) {
            r = simulateServing(s, [bad](long long, long long, double) { return bad; });
            QCOMPARE(r.status, SimulationStatus::NonFiniteTime);
            QCOMPARE(r.steps, 1LL);
            QVERIFY(finite(r));
        }
        // The clock overflows.
        r = simulateServing(s, [](long long, long long, double) { return 1e308; });
        QCOMPARE(r.status, SimulationStatus::NonFiniteTime);
        QVERIFY(finite(r));

        // Settings out of range.
        const auto invalid = [](SimulationSettings settings) {
            return simulateServing(settings, oneSecond).status == SimulationStatus::InvalidSettings;
        };
        s = closedLoop(2, {{100, 10}});
        QVERIFY(!invalid(s));
        QVERIFY(invalid(closedLoop(2, {})));
        QVERIFY(invalid(closedLoop(0, {{100, 10}})));
        QVERIFY(invalid(closedLoop(2, {{-1, 10}})));
        QVERIFY(invalid(closedLoop(2, {{100, std::numeric_limits<long long>::max()}})));
        SimulationSettings bad = s;
        bad.tokenBudget = 0;
        QVERIFY(invalid(bad));
        bad = s;
        bad.kvBlockTokens = 0;
        QVERIFY(invalid(bad));
        bad = s;
        bad.maxRunning = 0;
        QVERIFY(invalid(bad));
        bad = s;
        bad.requestOverheadSeconds = std::nan("");
        QVERIFY(invalid(bad));
        bad = s;
        bad.arrivals = SimulationSettings::Arrivals::Poisson;
        bad.requestsPerSecond = -1;
        QVERIFY(invalid(bad));
        bad = s;
        bad.warmupRequests = 1'000'000'000'000LL;
        QVERIFY(invalid(bad));
        bad = s;
        bad.requests = 0;
        QCOMPARE(simulateServing(bad, oneSecond).status, SimulationStatus::NoArrivals);
    }
};

QTEST_GUILESS_MAIN(TestServingSimulation)
#include "tst_serving_simulation.moc"
