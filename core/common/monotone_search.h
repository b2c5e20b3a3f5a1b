// Searches over a monotone yes/no question of a count (does batch b fit? does concurrency c meet
// the latency targets?): what the design-space read-outs and the serving limits share.
#pragma once

#include <algorithm>

namespace lhe::core {

// Largest x in [1, upper] with fits(x), fits monotone (true up to the answer, false after); 0
// when 1 does not fit. Doubling, then bisection: about 2·log2(answer) evaluations.
template <typename Fits> long long largestFitting(long long upper, Fits fits)
{
    if (upper < 1 || !fits(1))
        return 0;
    long long lo = 1;
    long long hi = 0; // first known not to fit; 0 = none yet
    while (hi == 0) {
        const long long next = std::min(upper, 2 * lo);
        if (next == lo)
            return lo;
        if (fits(next))
            lo = next;
        else
            hi = next;
    }
    while (hi - lo > 1) {
        const long long mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    return lo;
}

} // namespace lhe::core
