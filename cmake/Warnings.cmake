# Warnings for DiffTriage's own targets; third-party headers come in as system includes.
function(difftriage_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                                           -Wold-style-cast -Wcast-align -Woverloaded-virtual)
  if(DIFFTRIAGE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
