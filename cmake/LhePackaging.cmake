# Installation (GNUInstallDirs) and the Debian package (CPack DEB): both executables, the
# desktop entry, the AppStream metainfo, the hicolor icons, the copyright file and changelog.
#   cmake --preset release && cmake --build --preset release
#   cpack --config build/release/CPackConfig.cmake      # -> llm-hw-explorer_<version>_<arch>.deb
# tests/packaging/check_deb.sh (CTest: package_deb) builds the package and checks its contents.

# The reverse-DNS application id: the .desktop and metainfo file names, the icon name, and
# QGuiApplication::setDesktopFileName() in app/explorer/main.cpp.
set(LHE_APP_ID "io.github.llmhwexplorer.LlmHardwareExplorer")
set(LHE_PACKAGE_NAME "llm-hw-explorer")
if(PROJECT_HOMEPAGE_URL)
    set(LHE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
else()
    set(LHE_HOMEPAGE_URL "https://github.com/llmhwexplorer/llm-hw-explorer")
endif()
set(LHE_SCREENSHOT_URL "https://raw.githubusercontent.com/llmhwexplorer/llm-hw-explorer/main/docs/screenshot.png"
    CACHE STRING "AppStream screenshot URL (the README's docs/screenshot.png)")
# The date of the release named by project(VERSION): update the two together.
set(LHE_RELEASE_DATE "2026-12-02" CACHE STRING "Release date of PROJECT_VERSION (YYYY-MM-DD) for the AppStream metainfo")
set(LHE_PACKAGE_MAINTAINER "LLM Hardware Explorer maintainers <llmhwexplorer@users.noreply.github.com>"
    CACHE STRING "Maintainer field of the Debian package")

include(GNUInstallDirs)
# Debian wants the documentation (copyright, README) in /usr/share/doc/<package>, not in
# GNUInstallDirs' default doc/<PROJECT_NAME>; a -DCMAKE_INSTALL_DOCDIR=... still wins.
# (qt_standard_project_setup() has already included GNUInstallDirs: including it again
# recomputes CMAKE_INSTALL_FULL_DOCDIR.)
if("$CACHE{CMAKE_INSTALL_DOCDIR}" STREQUAL "")
    set(CMAKE_INSTALL_DOCDIR "${CMAKE_INSTALL_DATAROOTDIR}/doc/${LHE_PACKAGE_NAME}")
    include(GNUInstallDirs)
endif()

install(TARGETS llm-hw-explorer llm-hw-estimate RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(lhe_packaging_dir "${PROJECT_BINARY_DIR}/packaging")
configure_file(${PROJECT_SOURCE_DIR}/packaging/${LHE_APP_ID}.desktop.in
               ${lhe_packaging_dir}/${LHE_APP_ID}.desktop @ONLY)
configure_file(${PROJECT_SOURCE_DIR}/packaging/${LHE_APP_ID}.metainfo.xml.in
               ${lhe_packaging_dir}/${LHE_APP_ID}.metainfo.xml @ONLY)
install(FILES ${lhe_packaging_dir}/${LHE_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${lhe_packaging_dir}/${LHE_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)

# Icons: the SVG is the drawing, the PNGs are renders of it (packaging/render-icons.sh).
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/llm-hw-explorer.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps RENAME ${LHE_APP_ID}.svg)
foreach(size 16 24 32 48 64 128 256)
    install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/hicolor/${size}x${size}/llm-hw-explorer.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps RENAME ${LHE_APP_ID}.png)
endforeach()

# A machine-readable (DEP-5) copyright file. Debian policy wants the GPL referenced from
# /usr/share/common-licenses, not copied (lintian: copyright-file-contains-full-gpl-license);
# the full text is LICENSE in the source tree.
file(WRITE ${lhe_packaging_dir}/copyright.tmp
"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: ${LHE_PACKAGE_NAME}
Source: ${LHE_HOMEPAGE_URL}

Files: *
Copyright: 2026 The LLM Hardware Explorer authors
License: GPL-3.0-or-later
Comment: The program links QCustomPlot (GPL-3.0-or-later); hence this licence.

License: GPL-3.0-or-later
 This program is free software: you can redistribute it and/or modify it under
 the terms of the GNU General Public License as published by the Free Software
 Foundation, either version 3 of the License, or (at your option) any later
 version.
 .
 This program is distributed in the hope that it will be useful, but WITHOUT
 ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS
 FOR A PARTICULAR PURPOSE. See the GNU General Public License for more details.
 .
 You should have received a copy of the GNU General Public License along with
 this program. If not, see <https://www.gnu.org/licenses/>.
 .
 On Debian systems, the complete text of the GNU General Public License
 version 3 can be found in \"/usr/share/common-licenses/GPL-3\".
")
# Rewritten only when it changes, so a reconfigure does not make the package look new.
configure_file(${lhe_packaging_dir}/copyright.tmp ${lhe_packaging_dir}/copyright COPYONLY)
# The Debian changelog of this (native) package: one entry for PROJECT_VERSION.
execute_process(COMMAND date -R -u -d "${LHE_RELEASE_DATE} 12:00:00" OUTPUT_VARIABLE lhe_changelog_date
                OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
file(WRITE ${lhe_packaging_dir}/changelog.tmp
"${LHE_PACKAGE_NAME} (${PROJECT_VERSION}) unstable; urgency=medium

  * Release ${PROJECT_VERSION}: the explorer window and the llm-hw-estimate console tool.

 -- ${LHE_PACKAGE_MAINTAINER}  ${lhe_changelog_date}
")
configure_file(${lhe_packaging_dir}/changelog.tmp ${lhe_packaging_dir}/changelog COPYONLY)
add_custom_command(OUTPUT ${lhe_packaging_dir}/changelog.gz
                   COMMAND gzip -n -9 --force --keep ${lhe_packaging_dir}/changelog
                   DEPENDS ${lhe_packaging_dir}/changelog
                   COMMENT "Compressing the Debian changelog"
                   VERBATIM)
add_custom_target(lhe_packaging_files ALL DEPENDS ${lhe_packaging_dir}/changelog.gz)

install(FILES ${lhe_packaging_dir}/copyright ${lhe_packaging_dir}/changelog.gz ${PROJECT_SOURCE_DIR}/README.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# CPack: one Debian package; dpkg-shlibdeps computes the library dependencies.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ${LHE_PACKAGE_NAME})
set(CPACK_PACKAGE_VENDOR "The LLM Hardware Explorer authors")
set(CPACK_PACKAGE_CONTACT "${LHE_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "what hardware does an LLM need, and what limits it")
set(CPACK_PACKAGE_HOMEPAGE_URL ${LHE_HOMEPAGE_URL})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_RESOURCE_FILE_README ${PROJECT_SOURCE_DIR}/README.md)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${LHE_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${LHE_HOMEPAGE_URL})
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Chinese text (the zh_CN user interface, CJK model names) needs a CJK font; the rest does not.
# Qt's own dialogs and context menus in Chinese (qtbase_zh_CN.qm) come from Qt's translations.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk, qt6-translations-l10n")
# The extended description; CPack puts CPACK_PACKAGE_DESCRIPTION_SUMMARY above it.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "LLM Hardware Explorer estimates what a large language model needs from
a device (CPU, GPU, NPU or TPU) for inference or training: memory per device
and whether the model fits or spills to host RAM or disk, time to first
token, time per output token, training step time and MFU, and which
bottleneck (memory capacity, memory bandwidth, communication or compute)
limits each phase.

The package holds the window llm-hw-explorer (memory bars, roofline,
design-space map and verdict cards) and the console tool llm-hw-estimate,
which prints the same report as JSON, CSV or a table.")
include(CPack)
