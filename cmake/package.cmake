# A Debian package of what cmake --install installs (cmake/install.cmake): the program,
# the headers and the CMake package. From a Release build with the portable baseline:
#   cmake -S . -B build-deb -G Ninja -DCMAKE_BUILD_TYPE=Release -DBACKTRACK_NATIVE=OFF
#   cmake --build build-deb && (cd build-deb && cpack -G DEB)
if(BACKTRACK_NATIVE)
  message(WARNING "BACKTRACK_NATIVE=ON: a package of this build runs only on CPUs like this one")
endif()
set(CPACK_PACKAGE_NAME backtrack)
set(CPACK_PACKAGE_CONTACT "The backtrack developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# Depends: the shared libraries the program loads (oneTBB, fmt, libstdc++, ...), as
# dpkg-shlibdeps finds them; without it, the ones Debian 12 has.
find_program(BACKTRACK_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(BACKTRACK_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libtbb12, libfmt9, libstdc++6, libgcc-s1, libc6")
endif()
# The headers and the CMake package need the dependencies' own headers and packages
# (cmake/backtrackConfig.cmake.in); the program does not.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
  "libboost-dev, libboost-program-options-dev, nlohmann-json3-dev, libtbb-dev, libspdlog-dev")
# fzn-backtrack and its solver configuration are for MiniZinc (cmake/minizinc.cmake); the
# Python module (python/, in lib/python3.X/dist-packages) for the Python it was built
# against (an extension loads into that minor version only), with pandas for compare's
# DataFrame.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS minizinc)
if(BACKTRACK_PYTHON)
  math(EXPR backtrack_python_next "${Python3_VERSION_MINOR} + 1")
  string(APPEND CPACK_DEBIAN_PACKAGE_RECOMMENDS ", python3 (>= 3.${Python3_VERSION_MINOR}), python3 (<< 3.${backtrack_python_next})")
  set(CPACK_DEBIAN_PACKAGE_SUGGESTS "minizinc, python3-pandas")
endif()
include(CPack)
