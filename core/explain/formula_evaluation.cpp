// evaluateFormula(): the small arithmetic parser that recomputes an explanation's formula from
// its terms, so a test can check every explanation adds up to the number shown.
#include "core/explain/explanation.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace lhe::core {

// ---- formula evaluation ------------------------------------------------------------------

namespace {

class FormulaParser
{
public:
    FormulaParser(const std::string& text, const std::vector<ExplanationTerm>& terms)
        : m_s(text), m_terms(terms)
    {}

    double parse()
    {
        const double v = expression();
        skipSpace();
        return m_pos == m_s.size() && m_ok ? v : std::numeric_limits<double>::quiet_NaN();
    }

private:
    void skipSpace()
    {
        while (m_pos < m_s.size() && m_s[m_pos] == ' ')
            ++m_pos;
    }
    bool eat(const char* token)
    {
        skipSpace();
        const std::size_t n = std::strlen(token);
        if (m_s.compare(m_pos, n, token) == 0) {
            m_pos += n;
            return true;
        }
        return false;
    }
    double expression()
    {
        double v = product();
        while (m_ok) {
            if (eat("+"))
                v += product();
            else if (eat("−") || eat("-"))
                v -= product();
            else
                break;
        }
        return v;
    }
    double product()
    {
        double v = power();
        while (m_ok) {
            if (eat("×") || eat("*") || eat("·"))
                v *= power();
            else if (eat("÷") || eat("/"))
                v /= power();
            else
                break;
        }
        return v;
    }
    double power()
    {
        const double base = primary();
        if (eat("^"))
            return std::pow(base, power());
        return base;
    }
    double primary()
    {
        skipSpace();
        if (eat("(")) {
            const double v = expression();
            if (!eat(")"))
                m_ok = false;
            return v;
        }
        for (const char* fn : {"floor", "ceil"}) {
            if (eat(fn)) {
                if (!eat("(")) {
                    m_ok = false;
                    return 0;
                }
                const double v = expression();
                if (!eat(")"))
                    m_ok = false;
                return fn[0] == 'f' ? std::floor(v) : std::ceil(v);
            }
        }
        for (const char* fn : {"min", "max"}) {
            if (eat(fn)) {
                if (!eat("(")) {
                    m_ok = false;
                    return 0;
                }
                double v = expression();
                while (eat(","))
                    v = fn[1] == 'i' ? std::min(v, expression()) : std::max(v, expression());
                if (!eat(")"))
                    m_ok = false;
                return v;
            }
        }
        if (eat("{")) {
            const std::size_t end = m_s.find('}', m_pos);
            if (end == std::string::npos) {
                m_ok = false;
                return 0;
            }
            const std::string key = m_s.substr(m_pos, end - m_pos);
            m_pos = end + 1;
            for (const auto& t : m_terms)
                if (t.key == key)
                    return t.value;
            m_ok = false;
            return 0;
        }
        const char* begin = m_s.c_str() + m_pos;
        char* end = nullptr;
        const double v = std::strtod(begin, &end);
        if (end == begin) {
            m_ok = false;
            return 0;
        }
        m_pos += static_cast<std::size_t>(end - begin);
        return v;
    }

    const std::string& m_s;
    const std::vector<ExplanationTerm>& m_terms;
    std::size_t m_pos = 0;
    bool m_ok = true;
};

} // namespace

double evaluateFormula(const std::string& formula, const std::vector<ExplanationTerm>& terms)
{
    return FormulaParser(formula, terms).parse();
}

} // namespace lhe::core
