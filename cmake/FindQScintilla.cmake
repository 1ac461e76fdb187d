# QScintilla for Qt 6 ships neither a CMake config nor a .pc file in Debian 12: find the header and the
# library by hand and wrap them in an imported target.
get_target_property(_qt_core_includes Qt6::Core INTERFACE_INCLUDE_DIRECTORIES)
find_path(QSCINTILLA_INCLUDE_DIR Qsci/qsciscintilla.h
          HINTS ${_qt_core_includes} ${QT6_INSTALL_PREFIX}/${QT6_INSTALL_HEADERS}
          PATH_SUFFIXES qt6 x86_64-linux-gnu/qt6 aarch64-linux-gnu/qt6)
find_library(QSCINTILLA_LIBRARY NAMES qscintilla2_qt6)
if(NOT QSCINTILLA_INCLUDE_DIR OR NOT QSCINTILLA_LIBRARY)
  message(FATAL_ERROR "QScintilla for Qt 6 not found: install libqscintilla2-qt6-dev "
                      "(scripts/setup-debian.sh) or configure with -DDIFFTRIAGE_BUILD_UI=OFF")
endif()
add_library(QScintilla::QScintilla UNKNOWN IMPORTED)
set_target_properties(QScintilla::QScintilla PROPERTIES
  IMPORTED_LOCATION ${QSCINTILLA_LIBRARY}
  INTERFACE_INCLUDE_DIRECTORIES ${QSCINTILLA_INCLUDE_DIR}
  INTERFACE_LINK_LIBRARIES "Qt6::Widgets;Qt6::PrintSupport")
find_package(Qt6 REQUIRED COMPONENTS PrintSupport)
message(STATUS "QScintilla: ${QSCINTILLA_LIBRARY} (${QSCINTILLA_INCLUDE_DIR})")
