// Exact terms and their sum with a sticky bit: the arithmetic core under fma() and add().
#pragma once

#include "emu/formats/format.hpp"

namespace mxlane {

// (-1)^neg * sig * 2^exp, exactly. sig may be 0 (a zero term).
struct Term {
  bool neg = false;
  int exp = 0;
  u128 sig = 0;
};

// A sum rounded to 126 significant bits: (-1)^neg * (sig + f) * 2^exp with 0 <= f < 1 nonzero
// exactly when sticky. Enough for a correctly rounded result in any format up to binary64, since
// a term shifted far enough to lose bits can cancel at most one leading bit.
struct Sum {
  bool neg = false;
  int exp = 0;
  u128 sig = 0;
  bool sticky = false;
  bool is_exact_zero() const { return sig == 0 && !sticky; }
};

// a + b. Terms must have at most 120 significant bits (products of binary64 significands have 106).
// An exact zero sum comes back with neg = false; the caller applies the IEEE zero-sign rule.
Sum add_terms(Term a, Term b);

// The exact product of two finite decoded values.
inline Term product_term(const Unpacked& a, const Unpacked& b) {
  return Term{a.neg != b.neg, a.exp + b.exp, u128{a.sig} * u128{b.sig}};
}
inline Term value_term(const Unpacked& a) { return Term{a.neg, a.exp, u128{a.sig}}; }

}  // namespace mxlane
