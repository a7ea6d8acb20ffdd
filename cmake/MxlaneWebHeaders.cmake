# The header-only libraries for the WebAssembly build (web/), as the imported targets the native build
# gets from find_package.
#
# Debian installs them under /usr/include beside the host's C library headers. Adding /usr/include to
# emscripten's search path would make it compile against glibc's headers instead of its own sysroot,
# so the build links just these libraries' folders into one private folder and searches only that.
# fmt is used header-only (FMT_HEADER_ONLY): Debian's libfmt.so is a host library.
set(MXLANE_WEB_HEADER_ROOT /usr/include CACHE PATH "Where the header-only libraries are installed (the WebAssembly build)")
set(mxlane_web_include ${PROJECT_BINARY_DIR}/web-include)
file(MAKE_DIRECTORY ${mxlane_web_include})
foreach(folder nlohmann CLI fmt boost eigen3/Eigen eigen3/unsupported)
  if(NOT EXISTS ${MXLANE_WEB_HEADER_ROOT}/${folder})
    message(FATAL_ERROR "The WebAssembly build needs ${MXLANE_WEB_HEADER_ROOT}/${folder} (scripts/setup-debian.sh installs it)")
  endif()
  get_filename_component(name ${folder} NAME)
  file(CREATE_LINK ${MXLANE_WEB_HEADER_ROOT}/${folder} ${mxlane_web_include}/${name} SYMBOLIC)
endforeach()
foreach(target nlohmann_json::nlohmann_json CLI11::CLI11 fmt::fmt-header-only Boost::headers Eigen3::Eigen)
  add_library(${target} INTERFACE IMPORTED)
  set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${mxlane_web_include})
endforeach()
set_target_properties(fmt::fmt-header-only PROPERTIES INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY=1)
