#include "support/host_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <regex>
#include <stdexcept>

extern char** environ;

namespace acdc::test {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string HostProcess::binary() { return ACDC_TEST_HOST_BIN; }
std::string HostProcess::plugin_dir() { return ACDC_TEST_PLUGIN_DIR; }
std::string HostProcess::test_plugin_dir() { return ACDC_TEST_TEST_PLUGIN_DIR; }

HostProcess::HostProcess(HostOptions options) {
  fs::path config = dir_.path() / "acdc.yaml";
  write_file(config, options.config_yaml.empty() ? std::string("plugins: []\n") : options.config_yaml);
  fs::path repo = options.repo.empty() ? dir_.path() / "repo" : fs::path(options.repo);
  fs::create_directories(repo);

  std::vector<std::string> args{binary(), "--config", config.string(), "--repo", repo.string(),
                                "--port", std::to_string(options.port), "--no-browser", "--plugin-dir", test_plugin_dir(),
                                "--plugin-dir", plugin_dir()};
  args.insert(args.end(), options.args.begin(), options.args.end());

  std::map<std::string, std::string> env;
  for (char** e = environ; *e; ++e) {
    std::string kv = *e;
    auto eq = kv.find('=');
    if (eq != std::string::npos) env[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  env["ACDC_TOKEN"] = token_;
  env["ACDC_CONFIG_HOME"] = (dir_.path() / "config").string();
  for (const auto& [k, v] : options.env) env[k] = v;

  std::vector<std::string> env_strings;
  for (const auto& [k, v] : env) env_strings.push_back(k + "=" + v);
  std::vector<char*> argv, envp;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  for (auto& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);

  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
  const pid_t parent = getpid();
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error(std::string("fork failed: ") + std::strerror(errno));
  if (pid_ == 0) {
    // Only async-signal-safe calls until exec. A test that crashes must not
    // leave its host running: it would hold ctest's output pipe open forever.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);
    int null_fd = open("/dev/null", O_RDONLY);
    dup2(null_fd, 0);
    dup2(pipe_fds[1], 2);
    execve(argv[0], argv.data(), envp.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  err_fd_ = pipe_fds[0];
  reader_ = std::thread([this] {
    char buf[4096];
    ssize_t n;
    while ((n = read(err_fd_, buf, sizeof buf)) > 0) {
      std::lock_guard lock(mu_);
      output_.append(buf, static_cast<size_t>(n));
    }
  });

  if (!options.expect_serving) return;
  if (!wait_for_output(" at http://127.0.0.1:", 20s)) {
    stop(5s);
    throw std::runtime_error("acdc did not start serving; it printed:\n" + output());
  }
  std::smatch m;
  std::string out = output();
  if (std::regex_search(out, m, std::regex("http://127\\.0\\.0\\.1:(\\d+)/")))
    port_ = static_cast<unsigned short>(std::stoi(m[1]));
}

HostProcess::~HostProcess() {
  if (pid_ > 0 && exit_status_ < 0) stop(10s);
  if (reader_.joinable()) reader_.join();
  if (err_fd_ >= 0) close(err_fd_);
}

std::string HostProcess::output() const {
  std::lock_guard lock(mu_);
  return output_;
}

bool HostProcess::wait_for_output(const std::string& text, std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (output().find(text) != std::string::npos) return true;
    if (exit_status_ < 0) {
      int status;
      if (waitpid(pid_, &status, WNOHANG) == pid_)
        exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    if (exit_status_ >= 0) return output().find(text) != std::string::npos;
    std::this_thread::sleep_for(5ms);
  }
  return false;
}

int HostProcess::wait(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (exit_status_ < 0 && std::chrono::steady_clock::now() < deadline) {
    int status;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      break;
    }
    std::this_thread::sleep_for(5ms);
  }
  if (exit_status_ < 0) {
    kill(pid_, SIGKILL);
    int status;
    waitpid(pid_, &status, 0);
    exit_status_ = 128 + SIGKILL;
  }
  if (reader_.joinable()) reader_.join();
  return exit_status_;
}

int HostProcess::stop(std::chrono::milliseconds timeout) {
  if (exit_status_ >= 0) return exit_status_;
  kill(pid_, SIGINT);
  return wait(timeout);
}

}  // namespace acdc::test
