# bash completion for backtrack. The candidates come from the program itself
# (`backtrack complete`), so they follow its problems, strategies and options, those of
# loaded plugins too; where it offers none (a file name), bash completes file names.
_backtrack() {
  local IFS=$'\n'
  COMPREPLY=($("${COMP_WORDS[0]}" complete "$((COMP_CWORD - 1))" "${COMP_WORDS[@]:1}" 2>/dev/null))
}
complete -o default -F _backtrack backtrack
