// SPDX-License-Identifier: Apache-2.0
// Bash completion for u8guard, from the table of commands.

#include "src/cli/completion.h"

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "src/cli/command_table.h"
#include "src/cli/flags.h"
#include "u8guard/profile.h"

namespace u8guard::cli {
namespace {

// True when `word` can be written in the script as it is: ASCII letters,
// digits, '-', '_' and '.', not empty. (Every word of the table is, "NFKC"
// included; a profile name that is not is left out, never quoted.)
bool IsPlainWord(std::string_view word) {
  return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
  });
}

// `words` joined by spaces.
std::string Joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

// What the synopses say a flag's value is: "--mode" -> "exact|skeleton",
// "--root" -> "DIR" (the first spelling wins; every synopsis agrees).
std::map<std::string, std::string> SynopsisValues() {
  std::map<std::string, std::string> values;
  for (const Command& c : Commands()) {
    const std::string_view synopsis = Synopsis(c.usage);
    for (size_t at = synopsis.find("--"); at != std::string_view::npos;
         at = synopsis.find("--", at + 2)) {
      size_t end = at + 2;
      while (end < synopsis.size() &&
             ((synopsis[end] >= 'a' && synopsis[end] <= 'z') ||
              synopsis[end] == '-')) {
        ++end;
      }
      if (end == at + 2 || end >= synopsis.size() || synopsis[end] != '=') {
        continue;
      }
      size_t value_end = end + 1;
      while (value_end < synopsis.size() &&
             std::string_view(" ]\n").find(synopsis[value_end]) ==
                 std::string_view::npos) {
        ++value_end;
      }
      values.emplace(
          std::string(synopsis.substr(at, end - at)),
          std::string(synopsis.substr(end + 1, value_end - end - 1)));
    }
  }
  return values;
}

// The case arm that completes the value of `flag` (e.g. "--mode"; a short
// form is its long one by then), or "" when bash's file names are right
// for it.
std::string ValueArm(const std::string& flag, std::string_view value) {
  std::string words;
  bool directories = false;
  if (flag == "--profile") {
    std::vector<std::string> names;
    for (const Profile& p : BuiltinProfiles()) {
      if (IsPlainWord(p.name)) names.push_back(p.name);
    }
    words = Joined(names);
  } else if (value == "DIR") {
    directories = true;
  } else if (value.find('|') != std::string_view::npos) {
    std::vector<std::string> alternatives;
    size_t start = 0;
    while (start <= value.size()) {
      const size_t bar = std::min(value.find('|', start), value.size());
      const std::string_view alternative = value.substr(start, bar - start);
      if (!IsPlainWord(alternative)) return "";
      alternatives.emplace_back(alternative);
      start = bar + 1;
    }
    words = Joined(alternatives);
  } else {
    return "";
  }
  return "      " + flag + ") " +
         (directories ? std::string("_u8guard_reply -d")
                      : "_u8guard_reply -W \"" + words + "\"") +
         " ;;\n";
}

// The flags of `c` as the script offers them: "--name=" for a flag with a
// value, "--name" for a boolean, the short forms, --help and -h.
std::string FlagWords(const Command& c,
                      const std::vector<ShortFlag>& short_flags) {
  std::vector<std::string> words;
  for (const std::string_view flag : c.flags) {
    words.push_back(FlagSpelling(flag) + (IsBooleanFlag(flag) ? "" : "="));
  }
  for (const ShortFlag& s : short_flags) {
    if (std::find(c.flags.begin(), c.flags.end(), s.name) != c.flags.end()) {
      words.push_back(std::string("-") + s.letter);
    }
  }
  words.emplace_back("--help");
  words.emplace_back("-h");
  return Joined(words);
}

constexpr char kHead[] =
    R"(# bash completion for u8guard(1): the commands and flags that
# `u8guard --help` lists. Written by `u8guard --help-bash-completion` from
# the tool's table of commands (src/cli/command_table.cc); do not edit.

# _u8guard_reply -W WORDS | -d: the completions of $cur.
_u8guard_reply() {
  mapfile -t COMPREPLY < <(compgen "$@" -- "$cur")
}

_u8guard() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev="" flag="" prefix=""
  local words=() i w
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  # The command's words before the cursor: not flags, not their values;
  # after "--" only arguments follow (bash's file names).
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=${COMP_WORDS[i]}
    case $w in
      --) return 0 ;;
      =) ((i++)) ;;  # bash splits "--mode=exact" at "="
)";

constexpr char kFlagValue[] =
    R"(      -*) ;;
      *) words+=("$w") ;;
    esac
  done
  # A flag's value: "--mode=", "--mode=ex" (bash splits it at "=", or not,
  # as COMP_WORDBREAKS says), or the word after a short form.
  if [[ $cur == = ]]; then
    flag=$prev cur=""
  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
    flag=${COMP_WORDS[COMP_CWORD - 2]}
  elif [[ $cur == --*=* ]]; then
    flag=${cur%%=*} prefix=${cur%%=*}= cur=${cur#*=}
  else
    case $prev in
)";

constexpr char kValues[] =
    R"(    esac
  fi
  if [[ -n $flag ]]; then
    case $flag in
)";

constexpr char kCommandsHead[] =
    R"(      *) return 0 ;;
    esac
    [[ -z $prefix ]] || COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
    return 0
  fi
  local flags=""
  case ${words[0]-} in
)";

constexpr char kTail[] =
    R"(    *) return 0 ;;
  esac
  if [[ $cur == -* ]]; then
    _u8guard_reply -W "$flags"
    if ((${#COMPREPLY[@]} == 1)) && [[ ${COMPREPLY[0]} == *= ]]; then
      compopt -o nospace 2>/dev/null
    fi
  fi
  return 0
}

complete -o default -F _u8guard u8guard
)";

// The words a command line can start with (commands, aliases and groups,
// in --help's order, then help) and each group's subcommands (aliases
// included: "acl export").
struct CommandWords {
  std::vector<std::string> first_words;
  std::map<std::string, std::vector<std::string>> subcommands;
};

CommandWords CommandWordsInOrder() {
  CommandWords w;
  for (const Spelling& sp : Spellings()) {
    const std::string first(sp.first);
    if (std::find(w.first_words.begin(), w.first_words.end(), first) ==
        w.first_words.end()) {
      w.first_words.push_back(first);
    }
    if (!sp.second.empty()) w.subcommands[first].emplace_back(sp.second);
  }
  w.first_words.emplace_back("help");
  return w;
}

// The arms that find the flag a word is the value of (the short forms
// among them), and those that complete a flag's value.
std::string FlagArms(const std::vector<ShortFlag>& short_flags) {
  std::string shorts;
  for (const ShortFlag& s : short_flags) {
    shorts += std::string(shorts.empty() ? "" : " | ") + "-" + s.letter;
  }
  std::string out =
      "      " + shorts + ") ((i++)) ;;  # a short form and its value\n";
  out += kFlagValue;
  for (const ShortFlag& s : short_flags) {
    out += std::string("      -") + s.letter +
           ") flag=" + FlagSpelling(s.name) + " ;;\n";
  }
  out += kValues;
  for (const auto& [flag, value] : SynopsisValues()) {
    out += ValueArm(flag, value);
  }
  return out;
}

// The arms of a line without a command yet (the commands, or the tool's
// own flags) and of help [COMMAND] (command names).
std::string NoCommandAndHelpArms(const CommandWords& w) {
  std::string out =
      "    \"\")\n"
      "      if [[ $cur == -* ]]; then\n"
      "        _u8guard_reply -W \"--help -h --version -V\"\n"
      "      else\n"
      "        _u8guard_reply -W \"" +
      Joined(w.first_words) +
      "\"\n"
      "      fi\n"
      "      return 0\n"
      "      ;;\n";
  out += "    help)\n      [[ $cur == -* ]] && return 0\n";
  out += "      case ${#words[@]} in\n        1) _u8guard_reply -W \"" +
         Joined(w.first_words) + "\" ;;\n        2)\n";
  out += "          case ${words[1]} in\n";
  for (const auto& [group, names] : w.subcommands) {
    out += "            " + group + ") _u8guard_reply -W \"" + Joined(names) +
           "\" ;;\n";
  }
  out += "          esac\n          ;;\n      esac\n      return 0\n      ;;\n";
  return out;
}

// The arm of one group (`first`, with its subcommands' names): each
// subcommand's flags, or the subcommands while none is given.
std::string GroupArm(const std::string& first,
                     const std::vector<std::string>& names,
                     const std::vector<ShortFlag>& short_flags) {
  std::string out = "    " + first + ")\n      case ${words[1]-} in\n";
  for (const Spelling& sp : Spellings()) {
    if (sp.first == first && !sp.second.empty()) {
      out += "        " + std::string(sp.second) + ") flags=\"" +
             FlagWords(*sp.command, short_flags) + "\" ;;\n";
    }
  }
  out +=
      "        *)\n"
      "          ((${#words[@]} == 1)) && [[ $cur != -* ]] &&\n"
      "            _u8guard_reply -W \"" +
      Joined(names) +
      "\"\n"
      "          return 0\n"
      "          ;;\n"
      "      esac\n"
      "      ;;\n";
  return out;
}

// The arm of each command or group: the flags it takes.
std::string CommandArms(const CommandWords& w,
                        const std::vector<ShortFlag>& short_flags) {
  std::string out;
  for (const std::string& first : w.first_words) {
    if (first == "help") continue;
    const auto group = w.subcommands.find(first);
    if (group != w.subcommands.end()) {
      out += GroupArm(first, group->second, short_flags);
      continue;
    }
    for (const Spelling& sp : Spellings()) {
      if (sp.second.empty() && sp.first == first) {
        out += "    " + first + ") flags=\"" +
               FlagWords(*sp.command, short_flags) + "\" ;;\n";
      }
    }
  }
  return out;
}

}  // namespace

std::string BashCompletion() {
  const std::vector<ShortFlag> short_flags = ShortFlags();
  const CommandWords words = CommandWordsInOrder();
  std::string out = kHead;
  out += FlagArms(short_flags);
  out += kCommandsHead;
  out += NoCommandAndHelpArms(words);
  out += CommandArms(words, short_flags);
  out += kTail;
  return out;
}

}  // namespace u8guard::cli
