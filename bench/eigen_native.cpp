// The native baseline: Eigen's blocked GEMM (single thread: built without OpenMP), compiled once per
// instruction-set level (MXLANE_NATIVE_LEVEL is v3 or v4; bench/CMakeLists.txt).
#include "eigen_native.hpp"

#include <Eigen/Core>

#define MXLANE_NATIVE_JOIN2(level, name) mxlane_native_##level##_##name
#define MXLANE_NATIVE_JOIN(level, name) MXLANE_NATIVE_JOIN2(level, name)
#define MXLANE_NATIVE(name) MXLANE_NATIVE_JOIN(MXLANE_NATIVE_LEVEL, name)

struct MxlaneNativeGemm {
  Eigen::MatrixXf af, bf, cf, df;
  Eigen::MatrixXd ad, bd, cd, dd;
  bool f64 = false;
};

MxlaneNativeGemm* MXLANE_NATIVE(gemm_create)(int size, int f64) {
  auto* g = new MxlaneNativeGemm;
  g->f64 = f64 != 0;
  if (g->f64) {
    g->ad = Eigen::MatrixXd::Random(size, size);
    g->bd = Eigen::MatrixXd::Random(size, size);
    g->cd = Eigen::MatrixXd::Random(size, size);
  } else {
    g->af = Eigen::MatrixXf::Random(size, size);
    g->bf = Eigen::MatrixXf::Random(size, size);
    g->cf = Eigen::MatrixXf::Random(size, size);
  }
  return g;
}

double MXLANE_NATIVE(gemm_run)(MxlaneNativeGemm* g) {
  if (g->f64) {
    g->dd = g->cd;
    g->dd.noalias() += g->ad * g->bd;
    return g->dd(0, 0);
  }
  g->df = g->cf;
  g->df.noalias() += g->af * g->bf;
  return g->df(0, 0);
}

void MXLANE_NATIVE(gemm_destroy)(MxlaneNativeGemm* g) { delete g; }
