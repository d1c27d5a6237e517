// Plugin modules, loaded by the backtrack executable run as a child process: only from
// where the user said (--plugin, BACKTRACK_PLUGIN_PATH, the installed directory), only
// when no one but root or the user could have written them, and refused with the file
// named (exit 69) before any code runs of a file that is no plugin of this version.
// (A plugin built against the installed package is loaded in tests/find_package.)
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "run_process.hpp"

namespace {

namespace fs = std::filesystem;
using cli::run;

constexpr auto npos = std::string::npos;

// A folder of the test's own (mode 700) below `parent`: by default SCRATCH_DIR, in the
// build tree, whose directories above are what the build's are, whatever /tmp is.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& parent = SCRATCH_DIR) {
    if (parent == SCRATCH_DIR) {
      fs::create_directories(SCRATCH_DIR);
      fs::permissions(SCRATCH_DIR, fs::perms(0755));
    }
    std::string pattern = parent + "/test-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code error;
    fs::remove_all(path_, error);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const fs::path& path() const { return path_; }

  // `name`, below the folder, with its folders (mode 755).
  std::string at(const std::string& name) const {
    const fs::path file = path_ / name;
    for (fs::path folder = file.parent_path(); folder != path_; folder = folder.parent_path()) {
      fs::create_directories(folder);
      fs::permissions(folder, fs::perms(0755));
    }
    return file.string();
  }

  // A copy of `file` at `name` (mode 644, or 755 for a program).
  std::string copy(const std::string& file, const std::string& name, fs::perms mode = fs::perms(0644)) const {
    const std::string copied = at(name);
    fs::copy_file(file, copied);
    fs::permissions(copied, mode);
    return copied;
  }

 private:
  fs::path path_;
};

// Runs with BACKTRACK_PLUGIN_PATH set to `path`.
cli::Outcome run_with_plugin_path(const std::string& path, const std::vector<std::string>& args) {
  setenv("BACKTRACK_PLUGIN_PATH", path.c_str(), 1);
  auto outcome = run(args);
  unsetenv("BACKTRACK_PLUGIN_PATH");
  return outcome;
}

// Exit 69 with one line on stderr that says `wanted`, and `also`.
void expect_refused(const cli::Outcome& o, const std::string& wanted, const std::string& also = "") {
  EXPECT_EQ(o.exit_code, 69) << o.err;
  EXPECT_FALSE(o.killed) << o.err;
  EXPECT_EQ(o.out, "");
  EXPECT_NE(o.err.find(wanted), npos) << o.err;
  EXPECT_NE(o.err.find(also), npos) << o.err;
  EXPECT_EQ(cli::lines_of(o.err).size(), 1u) << o.err;
}

// /tmp, root's, sticky and open to all, as most systems have it.
bool tmp_is_roots_and_sticky() {
  struct stat tmp {};
  return stat("/tmp", &tmp) == 0 && tmp.st_uid == 0 && (tmp.st_mode & 07777) == 01777;
}

TEST(PluginLoading, MissingFile) {
  expect_refused(run({"--plugin", "/no/such/libplugin.so", "list"}), "plugin /no/such/libplugin.so: no such file");
  // Missing first, whoever may write the directory it was looked for in.
  const ScratchDir scratch;
  const std::string open = scratch.at("open/libnone.so");
  fs::create_directories(scratch.path() / "open");
  fs::permissions(scratch.path() / "open", fs::perms(0777));
  expect_refused(run({"--plugin", open, "list"}), "plugin " + open + ": no such file");
  if (tmp_is_roots_and_sticky()) {
    const std::string in_tmp = "/tmp/backtrack-no-such-plugin-" + std::to_string(getpid()) + ".so";
    expect_refused(run({"--plugin", in_tmp, "list"}), "plugin " + in_tmp + ": no such file");
  }
  const auto no_file = run({"--plugin"});
  EXPECT_EQ(no_file.exit_code, 64) << no_file.err;
  EXPECT_NE(no_file.err.find("--plugin needs a file"), npos) << no_file.err;
}

// What is no shared object is read, never loaded: a text file, an empty one, one cut
// short inside its headers, a FIFO (which must not block the program).
TEST(PluginLoading, FileThatIsNotASharedObject) {
  const ScratchDir scratch;
  const std::string text = scratch.at("libtext.so");
  std::ofstream(text) << "not a shared object\n";
  expect_refused(run({"--plugin", text, "list"}), "plugin " + text + " cannot be loaded: not an ELF file");

  const std::string empty = scratch.at("libempty.so");
  std::ofstream{empty};
  expect_refused(run({"--plugin", empty, "list"}), "plugin " + empty + " cannot be loaded: not an ELF file");

  const std::string cut = scratch.at("libcut.so");
  {
    std::ifstream in(TINY_PLUGIN, std::ios::binary);
    std::string head(200, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    std::ofstream(cut, std::ios::binary) << head;
  }
  expect_refused(run({"--plugin", cut, "list"}),
                 "plugin " + cut + " cannot be loaded: its section headers lie outside the file");

  const std::string fifo = scratch.at("libfifo.so");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0644), 0);
  expect_refused(run({"--plugin", fifo, "list"}), "plugin " + fifo + " cannot be loaded: not a regular file");
}

// A library that is no plugin, and a plugin of another version, are refused from what
// their files say: their constructors, which would announce themselves on stderr, never run.
TEST(PluginLoading, NoCodeRunsBeforeTheVersionIsKnown) {
  const auto library = run({"--plugin=" NOT_A_PLUGIN, "solve", "nqueens", "-n", "6"});
  expect_refused(library, "plugin " NOT_A_PLUGIN ": not a backtrack plugin (no .backtrack_plugin section");
  EXPECT_EQ(library.err.find("constructor ran"), npos) << library.err;

  const auto older = run({"--plugin", OLDER_PLUGIN, "list"});
  expect_refused(older, "plugin " OLDER_PLUGIN ": built against backtrack 0.0.1 (");
  EXPECT_EQ(older.err.find("constructor ran"), npos) << older.err;
}

TEST(PluginLoading, NullListOfProblemsIsRefused) {
  expect_refused(run({"--plugin", NULL_PROBLEMS_PLUGIN, "list"}),
                 "plugin " NULL_PROBLEMS_PLUGIN ": backtrack_plugin_problems() gave no list of problems");
}

TEST(PluginLoading, NamedModuleLoads) {
  const auto o = run({"--plugin", TINY_PLUGIN, "list"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("tiny"), npos) << o.out;
}

// The installed plugin directory is a path fixed when backtrack is built: a copy of the
// program elsewhere loads nothing from the plugin directory beside its copy, which
// others may have filled.
TEST(PluginLoading, CopiedProgramLoadsNothingBesideIt) {
  const ScratchDir scratch;
  const std::string program = scratch.copy(BACKTRACK_EXE, "bin/backtrack", fs::perms(0755));
  const std::string beside = scratch.copy(TINY_PLUGIN, "lib/backtrack/plugins/libtiny.so");
  const auto o = cli::run_program(program, {"list"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out.find("tiny"), npos) << o.out;
  // The same module loads where the user names it.
  const auto named = cli::run_program(program, {"--plugin", beside, "list"});
  EXPECT_EQ(named.exit_code, 0) << named.err;
  EXPECT_NE(named.out.find("tiny"), npos) << named.out;
}

// Every *.so in the directories of BACKTRACK_PLUGIN_PATH is loaded, as if given with
// --plugin, in name order; a directory that does not exist has none.
TEST(PluginLoading, SearchPath) {
  const ScratchDir scratch;
  scratch.copy(TINY_PLUGIN, "plugins/libtiny.so");
  scratch.copy(NOT_A_PLUGIN, "plugins/liba.so");
  const std::string directory = (scratch.path() / "plugins").string();
  expect_refused(run_with_plugin_path("/no/such/directory::" + directory, {"list"}),
                 directory + "/liba.so: not a backtrack plugin");
  fs::remove(directory + "/liba.so");
  const auto o = run_with_plugin_path("/no/such/directory::" + directory, {"list"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("tiny"), npos) << o.out;
}

// A module, or a directory above it, that others could write is refused: they could
// have put any code there.
TEST(PluginLoading, WritableByOthersIsRefused) {
  const ScratchDir scratch;
  const std::string module = scratch.copy(TINY_PLUGIN, "plugins/libtiny.so");
  const std::string directory = (scratch.path() / "plugins").string();
  const std::string refused = "plugin " + module + ": not loaded, since ";

  fs::permissions(module, fs::perms(0666));
  expect_refused(run({"--plugin", module, "list"}), refused, "libtiny.so is writable by every user (mode 666)");
  fs::permissions(module, fs::perms(0664));
  expect_refused(run({"--plugin", module, "list"}), "libtiny.so is writable by its group (mode 664)");

  fs::permissions(module, fs::perms(0644));
  fs::permissions(directory, fs::perms(0777));
  expect_refused(run({"--plugin", module, "list"}), "plugins is writable by every user (mode 777)");
  expect_refused(run_with_plugin_path(directory, {"list"}), "plugin directory " + directory + ": not loaded, since ",
                 "(mode 777)");

  fs::permissions(directory, fs::perms(0755));
  const auto o = run({"--plugin", module, "list"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("tiny"), npos) << o.out;
}

// A sticky directory of root's (/tmp) lets no one else rename or remove what is not
// theirs: a module of the user's below it loads, as the README's recipe builds one in a
// clone under /tmp. Sticky is not enough from another owner than root.
TEST(PluginLoading, BelowRootsStickyDirectoryLoads) {
  if (!tmp_is_roots_and_sticky()) GTEST_SKIP() << "/tmp is not root's with mode 1777";
  const ScratchDir in_tmp("/tmp");
  const std::string module = in_tmp.copy(TINY_PLUGIN, "build/libtiny.so");
  const auto o = run({"--plugin", module, "list"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("tiny"), npos) << o.out;
  fs::permissions(module, fs::perms(0666));  // the module itself still writable by no one else
  expect_refused(run({"--plugin", module, "list"}), "libtiny.so is writable by every user (mode 666)");

  if (geteuid() == 0) return;  // root's own sticky directory is the one allowed
  const ScratchDir scratch;
  const std::string mine = scratch.copy(TINY_PLUGIN, "sticky/libtiny.so");
  fs::permissions(scratch.path() / "sticky", fs::perms(01777));
  expect_refused(run({"--plugin", mine, "list"}), "sticky is writable by every user (mode 1777)");
}

// A symbolic link in a safe directory to a module in an open one is no safer than the
// open one: each directory the path passes through, links followed, is checked.
TEST(PluginLoading, LinkIntoWritableDirectoryIsRefused) {
  const ScratchDir scratch;
  const std::string module = scratch.copy(TINY_PLUGIN, "open/libtiny.so");
  fs::permissions(scratch.path() / "open", fs::perms(0777));
  const std::string link = scratch.at("safe/libtiny.so");
  fs::create_symlink("../open/libtiny.so", link);
  expect_refused(run({"--plugin", link, "list"}), "open is writable by every user (mode 777)");
  fs::permissions(scratch.path() / "open", fs::perms(0755));
  EXPECT_EQ(run({"--plugin", link, "list"}).exit_code, 0);
}

TEST(PluginLoading, OwnedByAnotherUserIsRefused) {
  if (geteuid() != 0) GTEST_SKIP() << "only root can give a file to another user";
  const ScratchDir scratch;
  const std::string module = scratch.copy(TINY_PLUGIN, "plugins/libtiny.so");
  ASSERT_EQ(chown(module.c_str(), 65534, 65534), 0);
  expect_refused(run({"--plugin", module, "list"}), "libtiny.so belongs to user 65534, neither root nor you");
  ASSERT_EQ(chown(module.c_str(), 0, 0), 0);
  ASSERT_EQ(chown((scratch.path() / "plugins").c_str(), 65534, 65534), 0);
  expect_refused(run({"--plugin", module, "list"}), "plugins belongs to user 65534, neither root nor you");
}

// --plugin belongs to the program, not to a command: after one, the error says where it goes.
TEST(PluginLoading, PluginAfterTheCommandSaysItGoesBefore) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"list", "--plugin", "X.so"},
                                               std::vector<std::string>{"solve", "nqueens", "--plugin=X.so"}}) {
    const auto o = run(args);
    EXPECT_EQ(o.exit_code, 64) << o.err;
    EXPECT_NE(o.err.find("--plugin goes before the command"), npos) << o.err;
  }
}

TEST(PluginLoading, HelpSaysHow) {
  const auto o = run({"--help"});
  EXPECT_NE(o.out.find("--plugin FILE"), npos) << o.out;
  EXPECT_NE(o.out.find("BACKTRACK_PLUGIN_PATH"), npos) << o.out;
  EXPECT_NE(o.out.find("installed plugin directory (/"), npos) << o.out;
}

}  // namespace
