#pragma once

#include <vector>

struct sock_filter;

namespace difftriage::engine::SeccompFilter {

// Whether this process can install a filter (and this architecture has one).
bool supported();

enum class Policy
{
    // The degraded sandbox, for every system call of a worker and its tests: no socket() of any
    // family (TCP, UDP, and Unix sockets that would reach the session bus, the systemd manager
    // or any listener on the host; socketpair() stays), no ptrace or process_vm_readv/writev of
    // other processes, and no kill(-1), which would reach every process of the user.
    NoSockets,
    // The full sandbox, installed before bubblewrap (which needs a netlink socket to bring up
    // the loopback device): no Unix socket(), since a network namespace does not separate path
    // sockets, and a listener in any directory the sandbox sees would answer.
    NoUnixSockets,
};

// Both refuse io_uring (which opens sockets without socket()) and a foreign system call ABI.
std::vector<sock_filter> filter(Policy policy);

} // namespace difftriage::engine::SeccompFilter
