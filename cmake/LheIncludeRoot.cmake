# lhe_include_root(<target> <folder>): makes "<folder>/..." includable by <target> and by the
# targets that link it, and no other part of the source tree. Each library exposes only its own
# folder: the core sees core/, the widgets see widgets/ and core/, the console tool never sees
# widgets/ or app/explorer/. A wrong-way include (the core reaching into the widgets, a chart into
# the window) is then a compile error, not a review finding (docs/ARCHITECTURE.md, "Layers").
#
# The folder is reached through a symbolic link in the build tree (<build>/include/<name>/<folder>
# -> <source>/<folder>), so the sources keep their "core/estimate/report.h" spelling.
function(lhe_include_root target folder)
    string(REPLACE "/" "_" name "${folder}")
    set(root "${PROJECT_BINARY_DIR}/include/${name}")
    get_filename_component(parent "${root}/${folder}" DIRECTORY)
    file(MAKE_DIRECTORY "${parent}")
    if(NOT EXISTS "${root}/${folder}")
        file(CREATE_LINK "${PROJECT_SOURCE_DIR}/${folder}" "${root}/${folder}" SYMBOLIC)
    endif()
    target_include_directories(${target} PUBLIC "$<BUILD_INTERFACE:${root}>")
endfunction()
