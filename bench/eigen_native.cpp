// The native baseline: Eigen's blocked GEMM (single thread: built without OpenMP), AVX2 + FMA.
#include "eigen_native.hpp"

#include <Eigen/Core>

struct MxlaneNativeGemm {
  Eigen::MatrixXf af, bf, cf, df;
  Eigen::MatrixXd ad, bd, cd, dd;
  bool f64 = false;
};

MxlaneNativeGemm* mxlane_native_gemm_create(int size, int f64) {
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

double mxlane_native_gemm_run(MxlaneNativeGemm* g) {
  if (g->f64) {
    g->dd = g->cd;
    g->dd.noalias() += g->ad * g->bd;
    return g->dd(0, 0);
  }
  g->df = g->cf;
  g->df.noalias() += g->af * g->bf;
  return g->df(0, 0);
}

void mxlane_native_gemm_destroy(MxlaneNativeGemm* g) { delete g; }
