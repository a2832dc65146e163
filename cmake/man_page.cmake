# SPDX-License-Identifier: Apache-2.0
# Writes the manual page u8guard(1): what `CLI --help-man` prints (the same
# table as `u8guard --help`, src/cli/man_page.h), into OUTPUT.
#   cmake -DCLI=path/to/u8guard -DOUTPUT=u8guard.1 -P man_page.cmake
execute_process(COMMAND ${CLI} --help-man OUTPUT_FILE ${OUTPUT}.tmp
  RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  file(REMOVE ${OUTPUT}.tmp)
  message(FATAL_ERROR "${CLI} --help-man failed: ${result}")
endif()
file(RENAME ${OUTPUT}.tmp ${OUTPUT})
