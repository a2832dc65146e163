# SPDX-License-Identifier: Apache-2.0
# Writes the bash completion of u8guard: what `CLI --help-bash-completion`
# prints (from the table of `u8guard --help`, src/cli/completion.h), into
# OUTPUT.
#   cmake -DCLI=path/to/u8guard -DOUTPUT=u8guard.bash -P bash_completion.cmake
execute_process(COMMAND ${CLI} --help-bash-completion OUTPUT_FILE ${OUTPUT}.tmp
  RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  file(REMOVE ${OUTPUT}.tmp)
  message(FATAL_ERROR "${CLI} --help-bash-completion failed: ${result}")
endif()
file(RENAME ${OUTPUT}.tmp ${OUTPUT})
