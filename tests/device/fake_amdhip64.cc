// A stand-in libamdhip64 for tests of the HIP launcher without a GPU: it reports HIP 6.2 (or the
// hipRuntimeGetVersion number in FAKE_HIP_VERSION) and one device (none with FAKE_HIP_NO_DEVICE set),
// accepts only code object v5 (ELF ABI version 3; with FAKE_HIP_ACCEPT_V4 set, v4's 2 as well),
// allocates host memory, and its "kernel" checks the packed argument buffer the runner passes
// (HIP_LAUNCH_PARAM_BUFFER_POINTER/SIZE, 16 bytes: the input and output pointers) and copies the
// input's first words to the output, so a run launches every kernel and reports mismatches.
// (.cc, not .cpp: it is a library of its own, not part of mxlane_tests.)
#include <cstddef>
#include <cstdlib>
#include <cstring>

extern "C" {

static std::size_t allocated[4096];
static void* pointers[4096];
static int count;

static std::size_t size_of(const void* p) {
  for (int i = 0; i < count; ++i)
    if (pointers[i] == p) return allocated[i];
  return 0;
}

int hipRuntimeGetVersion(int* v) {
  const char* version = std::getenv("FAKE_HIP_VERSION");
  *v = version != nullptr ? std::atoi(version) : 60241134;
  return 0;
}
int hipGetDeviceCount(int* n) {
  if (std::getenv("FAKE_HIP_NO_DEVICE") != nullptr) {
    *n = 0;
    return 100;
  }
  *n = 1;
  return 0;
}
int hipSetDevice(int d) { return d == 0 ? 0 : 101; }
int hipModuleLoadData(void** module, const void* image) {
  const unsigned char* elf = static_cast<const unsigned char*>(image);
  const bool accepted = elf[8] == 3 || (elf[8] == 2 && std::getenv("FAKE_HIP_ACCEPT_V4") != nullptr);
  if (std::memcmp(elf, "\177ELF", 4) != 0 || !accepted) return 209;  // hipErrorNoBinaryForGpu
  *module = const_cast<void*>(image);
  return 0;
}
int hipModuleUnload(void* module) {
  (void)module;
  return 0;
}
int hipModuleGetFunction(void** function, void* module, const char* name) {
  (void)module;
  *function = const_cast<char*>(name);
  return std::strncmp(name, "k_", 2) == 0 ? 0 : 500;
}
int hipMalloc(void** p, std::size_t bytes) {
  if (count == 4096) return 2;
  *p = std::calloc(1, bytes);
  pointers[count] = *p;
  allocated[count++] = bytes;
  return 0;
}
int hipFree(void* p) {
  for (int i = 0; i < count; ++i)
    if (pointers[i] == p) {
      pointers[i] = pointers[--count];
      allocated[i] = allocated[count];
      std::free(p);
      return 0;
    }
  return 1;
}
int hipMemcpy(void* dst, const void* src, std::size_t bytes, int kind) {
  const void* device = kind == 1 ? dst : src;
  if (size_of(device) < bytes) return 1;
  std::memcpy(dst, src, bytes);
  return 0;
}
int hipModuleLaunchKernel(void* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                          unsigned shared, void* stream, void** params, void** extra) {
  (void)f;
  (void)stream;
  if (gx != 1 || gy != 1 || gz != 1 || (bx != 32 && bx != 64) || by != 1 || bz != 1 || shared != 0 || params != nullptr)
    return 1;
  if (extra == nullptr || extra[0] != reinterpret_cast<void*>(1) || extra[2] != reinterpret_cast<void*>(2) ||
      extra[4] != reinterpret_cast<void*>(3))
    return 1;
  if (*static_cast<std::size_t*>(extra[3]) != 16) return 1;
  void* in;
  void* out;
  std::memcpy(&in, static_cast<char*>(extra[1]), 8);
  std::memcpy(&out, static_cast<char*>(extra[1]) + 8, 8);
  const std::size_t in_bytes = size_of(in), out_bytes = size_of(out);
  if (in_bytes == 0 || out_bytes == 0) return 1;  // not pointers the runner allocated
  std::memcpy(out, in, in_bytes < out_bytes ? in_bytes : out_bytes);
  return 0;
}
int hipDeviceSynchronize(void) { return 0; }
const char* hipGetErrorString(int rc) {
  return rc == 100 ? "hipErrorNoDevice" : rc == 209 ? "hipErrorNoBinaryForGpu" : "hipErrorFake";
}
}  // extern "C"
