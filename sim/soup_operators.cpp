#include "sim/soup_operators.h"

namespace rgx::sim {

using loaders::SoupComparison;
using loaders::SoupOperator;

std::int32_t applySoupOperator(std::int32_t a, SoupOperator op, std::int32_t b, bool& divisionByZero) {
    const std::uint32_t ua = static_cast<std::uint32_t>(a), ub = static_cast<std::uint32_t>(b);
    switch (op) {
    case SoupOperator::Add:
        return static_cast<std::int32_t>(ua + ub);
    case SoupOperator::Sub:
        return static_cast<std::int32_t>(ua - ub);
    case SoupOperator::Mul:
        return static_cast<std::int32_t>(ua * ub); // imul's low 32 bits
    case SoupOperator::Div:
        if (ub == 0) {
            divisionByZero = true;
            return 0;
        }
        return static_cast<std::int32_t>(ua / ub); // div: unsigned
    case SoupOperator::Shl:
        return static_cast<std::int32_t>(ua << (ub & 31));
    case SoupOperator::Shr:
        return a >> (ub & 31); // sar: arithmetic
    case SoupOperator::And:
        return static_cast<std::int32_t>(ua & ub);
    case SoupOperator::Or:
        return static_cast<std::int32_t>(ua | ub);
    case SoupOperator::Xor:
        return static_cast<std::int32_t>(ua ^ ub);
    case SoupOperator::End:
    case SoupOperator::Inc:
    case SoupOperator::Dec:
        break; // they end the formula: no value follows
    }
    return a;
}

bool compareSoupValues(std::int32_t a, SoupComparison cmp, std::int32_t b) {
    switch (cmp) {
    case SoupComparison::Equal:
        return a == b;
    case SoupComparison::NotEqual:
        return a != b;
    case SoupComparison::Less:
        return a < b;
    case SoupComparison::Greater:
        return a > b;
    case SoupComparison::LessEqual:
        return a <= b;
    case SoupComparison::GreaterEqual:
        return a >= b;
    }
    return false;
}

} // namespace rgx::sim
