// add_terms(): align two exact terms and add them, keeping lost bits as a sticky bit.
#include "emu/formats/exact_sum.hpp"

#include <utility>

namespace mxlane {

Sum add_terms(Term a, Term b) {
  if (a.sig == 0) return Sum{b.neg, b.exp, b.sig, false};
  if (b.sig == 0) return Sum{a.neg, a.exp, a.sig, false};
  // Let `a` be the term whose leading bit is higher.
  if (a.exp + bit_length(a.sig) < b.exp + bit_length(b.sig)) std::swap(a, b);
  // Put a's leading bit at position 125, leaving room for a carry.
  const int up = 125 - (bit_length(a.sig) - 1);
  a.sig <<= up;
  a.exp -= up;
  // Align b to a's last place; b's leading bit is not above a's, so a left shift fits.
  bool sticky = false;
  const int d = b.exp - a.exp;
  if (d >= 0) {
    b.sig <<= d;
  } else if (-d >= 128) {
    sticky = true;  // b.sig != 0
    b.sig = 0;
  } else {
    sticky = (b.sig & ((u128{1} << -d) - 1)) != 0;
    b.sig >>= -d;
  }
  Sum s{a.neg, a.exp, 0, sticky};
  if (a.neg == b.neg) {
    s.sig = a.sig + b.sig;
  } else if (a.sig >= b.sig) {
    // a - (b + f) = (a - b - 1) + (1 - f): borrow one unit when bits of b were lost.
    s.sig = a.sig - b.sig - (sticky ? 1 : 0);
  } else {
    // Only possible with equal leading bits, where d > 0 and nothing was lost.
    s.neg = b.neg;
    s.sig = b.sig - a.sig;
  }
  if (s.sig == 0 && !s.sticky) s.neg = false;
  return s;
}

}  // namespace mxlane
