# Builds the WebAssembly host (web/) from the native build with emcmake, into
# ${CMAKE_BINARY_DIR}/wasm, and stages it in ${CMAKE_BINARY_DIR}/web for `phonegym` to serve.
find_program(EMCMAKE emcmake)
if(NOT EMCMAKE)
  message(FATAL_ERROR "emcmake not found: run scripts/setup (Debian package emscripten), or configure with -DPHONEGYM_BUILD_WEB=OFF")
endif()
include(ExternalProject)
set(PG_WASM_DIR ${CMAKE_BINARY_DIR}/wasm)
# Debian's emcc needs node's acorn from /usr/share/nodejs (shared/FINDINGS.md).
set(PG_EM_ENV ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)
ExternalProject_Add(phonegym_wasm
  SOURCE_DIR ${PROJECT_SOURCE_DIR}
  BINARY_DIR ${PG_WASM_DIR}
  CONFIGURE_COMMAND ${PG_EM_ENV} ${EMCMAKE} ${CMAKE_COMMAND} -S ${PROJECT_SOURCE_DIR} -B ${PG_WASM_DIR}
    -DCMAKE_BUILD_TYPE=Release -DPHONEGYM_WASM=ON -DPHONEGYM_IMGUI_DIR=${PHONEGYM_IMGUI_DIR}
  BUILD_COMMAND ${PG_EM_ENV} ${CMAKE_COMMAND} --build ${PG_WASM_DIR}
  INSTALL_COMMAND ${CMAKE_COMMAND} -E copy_directory ${PG_WASM_DIR}/web ${CMAKE_BINARY_DIR}/web
  BUILD_ALWAYS ON
  USES_TERMINAL_BUILD ON)
